//go:build windows

package backends

import (
	"os/exec"
	"strconv"
	"syscall"
)

// setProcAttrs starts the child in a new process group so that it does not
// receive the console's Ctrl+C meant for the gateway.
func setProcAttrs(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// terminate and kill end the child's whole tree: Windows has no process
// groups to signal, so taskkill /T walks the tree.
func terminate(cmd *exec.Cmd) { kill(cmd) }

func kill(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	if err := exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(cmd.Process.Pid)).Run(); err != nil {
		_ = cmd.Process.Kill()
	}
}
