package rpc

import "syscall"

const atomicPipeWrite = linuxPipeBuf

// isNonblock reports whether fd's open file is non-blocking. F_GETFL
// never blocks: a raw system call, cheap enough for every read and write
// of a shared descriptor (rawReader, rawWriter).
func isNonblock(fd int) bool {
	fl, _, errno := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	return errno == 0 && fl&syscall.O_NONBLOCK != 0
}
