package rpc

import "syscall"

const atomicPipeWrite = linuxPipeBuf

func isNonblock(fd int) bool {
	fl, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	return errno == 0 && fl&syscall.O_NONBLOCK != 0
}
