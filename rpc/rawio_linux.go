package rpc

import (
	"errors"
	"io"
	"os"
	"syscall"
	"time"
	"unsafe"
)

// Pipe reads and writes without the scheduler's system-call bookkeeping.
//
// A system call made with syscall.Read or syscall.Write tells the runtime
// that the thread may block: entersyscall releases the processor for
// sysmon to retake, and wakes sysmon when it sleeps. On a busy gateway
// that is most of sysmon's work: it is woken on every burst, polls every
// 20 µs while calls are in flight, and hands processors to new threads.
// A read or write of a non-blocking pipe or socket never blocks (it
// returns EAGAIN and the caller waits on the poller), so it is made as a
// raw system call, which the runtime allows for calls that do not block.

// rawWrite writes b to the non-blocking fd with one write(2).
func rawWrite(fd uintptr, b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	for {
		n, _, errno := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
		switch {
		case errno == syscall.EINTR:
			continue
		case errno != 0:
			return 0, errno
		}
		return int(n), nil
	}
}

// rawReader reads a non-blocking pipe or socket with raw read(2) calls,
// waiting on the runtime's poller when there is nothing to read. Read is
// called by one goroutine at a time (bufio's, on the read loop).
type rawReader struct {
	f  *os.File // kept: the raw connection is its
	rc syscall.RawConn
	// shared: f is a duplicate of a descriptor other processes may hold
	// (stdio, see pollable), whose O_NONBLOCK flag they may clear. A raw
	// read of a blocking pipe would hold its thread and processor in the
	// kernel where the runtime cannot preempt it (a stop-the-world would
	// wait for the peer), so each read of such a file first checks the
	// flag and reads the ordinary way when it is gone.
	shared bool
	read   func(fd uintptr) bool // made once: a closure per Read would allocate
	p      []byte
	n      int
	err    error
	at     time.Duration // when the last read returned data, on Clock (see Conn.ReadClock)
}

// lastRead implements readClock.
func (r *rawReader) lastRead() time.Duration { return r.at }

// rawReaderFor returns a rawReader for f when f is a non-blocking pipe or
// socket that the poller serves, else f. shared says f's open file is
// shared with other processes (see rawReader).
func rawReaderFor(f *os.File, shared bool) io.Reader {
	rc, err := f.SyscallConn()
	if err != nil {
		return f
	}
	ok := false
	rc.Control(func(fd uintptr) {
		var st syscall.Stat_t
		if syscall.Fstat(int(fd), &st) != nil {
			return
		}
		m := st.Mode & syscall.S_IFMT
		ok = (m == syscall.S_IFIFO || m == syscall.S_IFSOCK) && isNonblock(int(fd))
	})
	if !ok {
		return f
	}
	r := &rawReader{f: f, rc: rc, shared: shared}
	r.read = func(fd uintptr) bool {
		if r.shared && !isNonblock(int(fd)) {
			n, err := syscall.Read(int(fd), r.p)
			r.n, r.err = max(n, 0), err
			return true
		}
		for {
			n, _, errno := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&r.p[0])), uintptr(len(r.p)))
			switch errno {
			case 0:
				r.n, r.err = int(n), nil
				return true
			case syscall.EINTR:
				continue
			case syscall.EAGAIN:
				return false // wait on the poller, then try again
			}
			r.n, r.err = 0, errno
			return true
		}
	}
	return r
}

func (r *rawReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	r.p = p
	err := r.rc.Read(r.read)
	n, rerr := r.n, r.err
	r.p, r.n, r.err = nil, 0, nil
	switch {
	case err != nil:
		// As os.File.Read reports it.
		if errors.Is(err, os.ErrClosed) || err.Error() == "use of closed file" {
			err = os.ErrClosed
		}
		return 0, &os.PathError{Op: "read", Path: r.f.Name(), Err: err}
	case rerr != nil:
		return 0, &os.PathError{Op: "read", Path: r.f.Name(), Err: rerr}
	case n == 0:
		return 0, io.EOF
	}
	r.at = Clock()
	return n, nil
}
