//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package rpc

import "syscall"

const atomicPipeWrite = pipeBuf

func isNonblock(fd int) bool {
	fl, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	return errno == 0 && fl&syscall.O_NONBLOCK != 0
}

// rawWrite writes b to fd with one write(2).
func rawWrite(fd uintptr, b []byte) (int, error) { return syscall.Write(int(fd), b) }
