//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package rpc

import (
	"os"
	"sync"
	"syscall"
)

// pollable returns a file for f's pipe or socket that the runtime's
// network poller serves, when f is a blocking one (as a process started by
// os/exec, or by a shell pipeline, gets its stdin and stdout): a
// blocking read(2) or write(2) holds a thread in the kernel, and the
// runtime's monitor thread then hands the goroutine's processor to another
// thread after 20 µs and keeps waking itself at that rate while it does;
// a pollable file parks the goroutine instead, and a write that cannot
// block is made inline (rawPipe). The new file is a duplicate of f's
// descriptor, set non-blocking (a flag of the open file, so f sees it
// too), which closing it does not close. f itself is returned when it is
// not a blocking pipe or socket (a terminal, a regular file) or anything
// fails.
func pollable(f *os.File) *os.File {
	rc, err := f.SyscallConn()
	if err != nil {
		return f
	}
	nfd := -1
	rc.Control(func(fd uintptr) {
		var st syscall.Stat_t
		if syscall.Fstat(int(fd), &st) != nil {
			return
		}
		if m := st.Mode & syscall.S_IFMT; m != syscall.S_IFIFO && m != syscall.S_IFSOCK {
			return
		}
		if isNonblock(int(fd)) {
			return // already served by the poller, or someone else's choice
		}
		d, err := dupCloexec(int(fd))
		if err != nil {
			return
		}
		if syscall.SetNonblock(d, true) != nil {
			syscall.Close(d)
			return
		}
		nfd = d
	})
	if nfd < 0 {
		return f
	}
	madeNonblock.Lock()
	madeNonblock.files = append(madeNonblock.files, f)
	madeNonblock.Unlock()
	return os.NewFile(uintptr(nfd), f.Name())
}

// madeNonblock lists the files whose open file pollable set non-blocking.
var madeNonblock struct {
	sync.Mutex
	files []*os.File
}

// RestoreBlocking sets the files that line streams made non-blocking (a
// blocking stdin or stdout pipe, see pollable) blocking again. The flag
// belongs to the open file, which other processes may share (a shell
// script that goes on writing to the same stdout after the gateway
// exits), so a process calls it before it exits, when no stream reads or
// writes them any more.
func RestoreBlocking() {
	madeNonblock.Lock()
	defer madeNonblock.Unlock()
	for _, f := range madeNonblock.files {
		if rc, err := f.SyscallConn(); err == nil {
			rc.Control(func(fd uintptr) { syscall.SetNonblock(int(fd), false) })
		}
	}
	madeNonblock.files = nil
}

// dupCloexec duplicates fd, close-on-exec, so that backends never inherit it.
func dupCloexec(fd int) (int, error) {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_DUPFD_CLOEXEC, 0)
	if errno != 0 {
		return -1, errno
	}
	return int(r), nil
}
