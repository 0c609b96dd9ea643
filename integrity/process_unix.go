//go:build unix

package integrity

import (
	"errors"
	"syscall"
)

// processGone reports whether no process pid exists (kill(pid, 0) fails
// with ESRCH; EPERM means it exists under another user).
func processGone(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
