package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/integrity"
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

// TestToolsPrune: `tools prune` forgets the entries of backends unused for
// --unused, keeps those the configuration names, lists without writing
// under --dry-run, and refuses a bad age or a missing configuration.
func TestToolsPrune(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("AGENTIFY_STATE_DIR", filepath.Join(dir, "state"))
	cfg := filepath.Join(dir, "cfg.json")
	// As Cursor and Claude Desktop write it: mcpServers, with a comment
	// and a trailing comma (JSONC).
	os.WriteFile(cfg, []byte("{\n  // my servers\n  \"mcpServers\": {\n    \"kept\": {\"command\": \"node\", \"args\": [\"kept.js\"]},\n  }\n}\n"), 0o600)
	path, err := integrity.DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	store := &integrity.Store{Path: path}
	old := time.Now().Add(-200 * 24 * time.Hour)
	if err := store.Update(func(f *integrity.File) (bool, error) {
		for _, id := range []string{"kept", "gone"} {
			f.Backends[integrity.Key(id, "node "+id+".js")] = &integrity.BackendPins{ID: id, Identity: "node " + id + ".js", Approved: true, LastSeen: old}
		}
		f.Backends[integrity.Key("fresh", "node fresh.js")] = &integrity.BackendPins{ID: "fresh", Identity: "node fresh.js", Approved: true, LastSeen: time.Now()}
		return true, nil
	}); err != nil {
		t.Fatal(err)
	}
	runCmd := func(args ...string) (string, int) {
		var out, errb bytes.Buffer
		rc := run(args, strings.NewReader(""), &out, &errb)
		return out.String() + errb.String(), rc
	}
	ids := func() string {
		f, err := store.Load()
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, bp := range f.Backends {
			s = append(s, bp.ID)
		}
		sort.Strings(s)
		return strings.Join(s, ",")
	}

	out, rc := runCmd("tools", "prune", "--config", cfg, "--dry-run")
	if rc != 0 || !strings.Contains(out, "would forget gone (node gone.js)") || strings.Contains(out, "kept (") || strings.Contains(out, "fresh (") {
		t.Fatalf("dry run (rc %d):\n%s", rc, out)
	}
	if got := ids(); got != "fresh,gone,kept" {
		t.Fatalf("after the dry run: %s", got)
	}
	if out, rc = runCmd("tools", "prune", "--config", cfg, "--unused", "365d"); rc != 0 || !strings.Contains(out, "forgot 0 backend entries") {
		t.Fatalf("--unused 365d (rc %d):\n%s", rc, out)
	}
	if out, rc = runCmd("tools", "prune", "--config", cfg); rc != 0 || !strings.Contains(out, "forgot gone") {
		t.Fatalf("prune (rc %d):\n%s", rc, out)
	}
	if got := ids(); got != "fresh,kept" {
		t.Fatalf("after prune: %s", got)
	}
	if out, rc = runCmd("tools", "prune", "--config", cfg, "--unused", "soon"); rc != exitUsage || !strings.Contains(out, "--unused") {
		t.Errorf("a bad --unused (rc %d):\n%s", rc, out)
	}
	if out, rc = runCmd("tools", "prune", "--config", filepath.Join(dir, "missing.json")); rc != exitFailure || !strings.Contains(out, "not found") {
		t.Errorf("a missing configuration (rc %d):\n%s", rc, out)
	}
	if got := ids(); got != "fresh,kept" {
		t.Fatalf("after the refused runs: %s", got)
	}
}
