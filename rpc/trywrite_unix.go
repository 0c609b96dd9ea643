//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package rpc

import (
	"errors"
	"io"
	"syscall"
)

// pipeBuf is POSIX's PIPE_BUF lower bound: a write of at most this many
// bytes to a pipe is atomic, and with O_NONBLOCK it either writes them all
// or fails with EAGAIN having written nothing.
const pipeBuf = 512

// linuxPipeBuf is PIPE_BUF on Linux, where nearly every gateway runs.
const linuxPipeBuf = 4096

// rawWriter makes one non-blocking write(2) at a time to a pipe. Its
// callback for the raw connection is made once: a closure per write
// escaped to the heap with the variables it set, three allocations for
// every write.
type rawWriter struct {
	rc syscall.RawConn
	// shared: as rawReader's. A write to a shared file found blocking is
	// not made here; the writer goroutine writes it the ordinary way.
	shared bool
	write  func(fd uintptr) bool // writes frame, sets n and err
	frame  []byte
	n      int
	err    error
}

func newRawWriter(rc syscall.RawConn, shared bool) *rawWriter {
	w := &rawWriter{rc: rc, shared: shared}
	w.write = func(fd uintptr) bool {
		if w.shared && !isNonblock(int(fd)) {
			w.n, w.err = 0, syscall.EAGAIN // not written: the writer goroutine writes it
			return true
		}
		w.n, w.err = rawWrite(fd, w.frame)
		return true // one attempt: never wait for room
	}
	return w
}

// rawPipe returns a writer for w when w is a non-blocking pipe (os/exec's
// stdin pipes are), else nil. shared says w's open file is shared with
// other processes (see rawWriter).
func rawPipe(w io.Writer, shared bool) (*rawWriter, int) {
	sc, ok := w.(syscall.Conn)
	if !ok {
		return nil, 0
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil, 0
	}
	var fifo, nonblock bool
	rc.Control(func(fd uintptr) {
		var st syscall.Stat_t
		if syscall.Fstat(int(fd), &st) == nil {
			fifo = st.Mode&syscall.S_IFMT == syscall.S_IFIFO
		}
		nonblock = isNonblock(int(fd))
	})
	if !fifo || !nonblock {
		return nil, 0
	}
	return newRawWriter(rc, shared), atomicPipeWrite
}

// try writes frame with one non-blocking write(2). It reports
// written=false, with nothing written, when the pipe has no room. One
// goroutine at a time (the holder of the connection's write turn).
func (w *rawWriter) try(frame []byte) (written bool, n int, err error) {
	w.frame = frame
	cerr := w.rc.Write(w.write)
	n, werr := w.n, w.err
	w.frame, w.n, w.err = nil, 0, nil
	switch {
	case cerr != nil:
		return false, 0, cerr
	case errors.Is(werr, syscall.EAGAIN), errors.Is(werr, syscall.EINTR):
		return false, 0, nil
	case werr != nil:
		return false, 0, werr
	}
	return true, max(n, 0), nil
}
