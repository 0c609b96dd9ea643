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

// rawPipe returns the raw connection of w when w is a non-blocking pipe
// (os/exec's stdin pipes are), else nil.
func rawPipe(w io.Writer) (syscall.RawConn, int) {
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
	return rc, atomicPipeWrite
}

// tryWriteRaw writes frame with one non-blocking write(2). It reports
// written=false, with nothing written, when the pipe has no room.
func tryWriteRaw(rc syscall.RawConn, frame []byte) (written bool, n int, err error) {
	var werr error
	cerr := rc.Write(func(fd uintptr) bool {
		n, werr = syscall.Write(int(fd), frame)
		return true // one attempt: never wait for room
	})
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
