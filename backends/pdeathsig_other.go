//go:build !linux && !windows

package backends

import "syscall"

// Pdeathsig exists only on Linux; elsewhere the gateway's own shutdown path
// (and its signal handler) must stop the children.
func setPdeathsig(*syscall.SysProcAttr) {}
