//go:build unix

package backends

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

// Prespawn starts exactly the eligible stdio backends (all at once), take
// hands a process over only for an unchanged configuration, and Close
// stops the rest.
func TestPrespawn(t *testing.T) {
	dir := t.TempDir()
	// Each backend writes its id to a file when it starts, then waits on stdin.
	be := func(id string) schemas.Backend {
		return schemas.Backend{ID: id, Type: schemas.TypeStdio, Command: "sh",
			Args: []string{"-c", `echo $$ > "$0/$1"; exec cat`, dir, id}}
	}
	disabled, dependent := be("disabled"), be("dependent")
	disabled.Disabled = true
	dependent.DependsOn = []string{"a"}
	cfgs := []schemas.Backend{be("a"), be("b"), be("c"), disabled, dependent}

	p := Prespawn(cfgs, nil, 0, zerolog.Nop())
	t.Cleanup(p.Close)
	started := func(id string) bool {
		_, err := os.Stat(filepath.Join(dir, id))
		return err == nil
	}
	for deadline := time.Now().Add(20 * time.Second); !(started("a") && started("b") && started("c")); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the eligible backends' processes did not all start")
		}
	}
	if started("disabled") || started("dependent") {
		t.Error("a disabled backend or one that depends on another was started early")
	}

	got := p.take(be("a"))
	if got == nil {
		t.Fatal("take: no process for an unchanged configuration")
	}
	t.Cleanup(func() { got.stream.Close(); got.proc.stop(time.Second) })
	if p.take(be("a")) != nil {
		t.Error("take handed the same process out twice")
	}
	changed := be("b")
	changed.Args = append(changed.Args, "extra")
	if p.take(changed) != nil {
		t.Error("take handed over a process started for another configuration")
	}
	if p.take(schemas.Backend{ID: "unknown", Type: schemas.TypeStdio, Command: "sh"}) != nil {
		t.Error("take found a process for a backend that was never started")
	}

	p.Close()
	if p.take(be("c")) != nil {
		t.Error("take found a process after Close")
	}
	for _, id := range []string{"b", "c"} {
		b, err := os.ReadFile(filepath.Join(dir, id))
		if err != nil {
			t.Fatal(err)
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		// Close waited for it: the process is gone (reaped), not a zombie.
		if err := syscall.Kill(pid, 0); err == nil {
			t.Errorf("backend %s's process %d still runs after Close", id, pid)
		}
	}
}
