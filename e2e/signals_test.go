package e2e

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSIGHUPStopsCleanly: SIGHUP (the terminal or the IDE session went
// away) runs the same stop sequence as SIGTERM: the gateway logs its stop,
// exits 0, and the backend's whole process group goes, grandchildren
// included. Before, SIGHUP killed the gateway outright (exit by signal, no
// stop line) and the grandchild survived.
func TestSIGHUPStopsCleanly(t *testing.T) {
	_, tb := binaries(t)
	marker := fmt.Sprintf("sighup-%d-%d", os.Getpid(), time.Now().UnixNano())
	// The backend shell leaves a grandchild (a shell waiting on sleep,
	// named by the marker) in its process group, then becomes the server.
	script := fmt.Sprintf(`sh -c 'sleep 3600; :' gc-%s & exec %s -name %s`, marker, tb, marker)
	cfg := rWriteConfig(t, t.TempDir(), "config.json", map[string]any{"expose": "all", "mcpServers": map[string]any{
		"a": map[string]any{"command": "sh", "args": []string{"-c", script}},
	}})
	c := startRaw(t, cfg, nil)
	c.initialize()
	c.waitTools("ready", func(n []string) bool { return rHas(n, "a__echo") })
	deadline := rDeadline(t)
	for len(procsWith(t, "gc-"+marker)) == 0 {
		select {
		case <-deadline:
			t.Fatal("the grandchild never started")
		case <-time.After(20 * time.Millisecond):
		}
	}
	if err := c.cmd.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	select {
	case <-c.exited:
	case <-rDeadline(t):
		t.Fatal("the gateway did not exit after SIGHUP")
	}
	if ws, ok := c.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Fatalf("the gateway died of %v instead of stopping", ws.Signal())
	}
	if code := c.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("exit code %d after SIGHUP, want 0; stderr:\n%s", code, c.stderr.String())
	}
	if !strings.Contains(c.stderr.String(), "backends stopped") {
		t.Errorf("no stop sequence logged; stderr:\n%s", c.stderr.String())
	}
	for len(procsWith(t, marker)) > 0 {
		select {
		case <-deadline:
			t.Fatalf("processes left after SIGHUP: %v", procsWith(t, marker))
		case <-time.After(20 * time.Millisecond):
		}
	}
}
