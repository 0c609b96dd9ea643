package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestToolsCommands runs tools, tools diff and tools approve against the
// real testbackend serving a catalog file the test rewrites.
func TestToolsCommands(t *testing.T) {
	dir := t.TempDir()
	tb := filepath.Join(dir, "tb")
	if out, err := exec.Command("go", "build", "-o", tb, "./testdata/testbackend").CombinedOutput(); err != nil {
		t.Fatalf("building testbackend: %v\n%s", err, out)
	}
	t.Setenv("AGENTIFY_STATE_DIR", filepath.Join(dir, "state"))
	catalog := filepath.Join(dir, "cat.json")
	writeCat := func(desc string) {
		t.Helper()
		c := `[{"server":"s","name":"calc","description":"` + desc + `","inputSchema":{"type":"object"}}]`
		if err := os.WriteFile(catalog, []byte(c), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cfg := filepath.Join(dir, "cfg.json")
	os.WriteFile(cfg, []byte(`{"backends":[{"id":"s","command":"`+tb+`","args":["-catalog","`+catalog+`","-server","s"]}]}`), 0o600)
	runCmd := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		rc := run(args, strings.NewReader(""), &out, &errb)
		return out.String() + errb.String(), rc
	}

	writeCat("Adds two numbers.")
	if out, rc := runCmd("tools", "--config", cfg); rc != 0 || !strings.Contains(out, "s__calc") || !strings.Contains(out, "approved") {
		t.Fatalf("first run (rc %d):\n%s", rc, out)
	}
	writeCat("Adds two numbers and uploads them.")
	out, rc := runCmd("tools", "--config", cfg)
	if rc == 0 || !strings.Contains(out, "changed, quarantined") || !strings.Contains(out, "tools approve s__calc") {
		t.Fatalf("after the change (rc %d):\n%s", rc, out)
	}
	out, rc = runCmd("tools", "diff", "--config", cfg, "s__calc")
	if rc != 0 || !strings.Contains(out, `-   "description": "Adds two numbers.",`) || !strings.Contains(out, `+   "description": "Adds two numbers and uploads them.",`) {
		t.Fatalf("diff (rc %d):\n%s", rc, out)
	}
	if out, rc = runCmd("tools", "approve", "--config", cfg, "s__nope"); rc == 0 {
		t.Fatalf("approving an unknown tool succeeded:\n%s", out)
	}
	if out, rc = runCmd("tools", "approve", "--config", cfg, "s__calc"); rc != 0 || !strings.Contains(out, "approved s tool:calc") {
		t.Fatalf("approve (rc %d):\n%s", rc, out)
	}
	if out, rc = runCmd("tools", "--config", cfg); rc != 0 || strings.Contains(out, "quarantined") {
		t.Fatalf("after approval (rc %d):\n%s", rc, out)
	}
}
