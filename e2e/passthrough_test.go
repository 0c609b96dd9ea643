package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// ptLimit bounds each end-to-end scenario. It is a failure timeout only.
const ptLimit = 3 * time.Minute

// ptConfig writes a gateway configuration (expose "all") with the given
// backends and returns its path.
func ptConfig(t *testing.T, backends ...map[string]any) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"expose": "all", "logLevel": "debug", "backends": backends})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// ptNodeBackend is a stdio backend running an npm server's script with node.
func ptNodeBackend(t *testing.T, id, script string, args ...string) map[string]any {
	nm := nodeModules(t)
	return map[string]any{"id": id, "command": needNode(t), "args": append([]string{filepath.Join(nm, script)}, args...)}
}

// ptCheck is one line of a node script's report.
type ptCheck struct {
	Name   string          `json:"name"`
	OK     bool            `json:"ok"`
	Detail json.RawMessage `json:"detail"`
}

// runNodeChecks runs a script from e2e/testdata with node and fails the
// test for each check it reports as failed, and when it reports none of
// want.
func runNodeChecks(t *testing.T, script string, env []string, want ...string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), ptLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, needNode(t), filepath.Join(repoRoot(t), "e2e", "testdata", script))
	cmd.Env = append(os.Environ(), append([]string{"NM=" + nodeModules(t)}, env...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	got := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c ptCheck
		if json.Unmarshal(sc.Bytes(), &c) != nil || c.Name == "" {
			continue
		}
		got[c.Name] = true
		if c.OK {
			t.Logf("ok   %s: %.300s", c.Name, c.Detail)
		} else {
			t.Errorf("FAIL %s: %s", c.Name, c.Detail)
		}
	}
	for _, w := range want {
		if !got[w] {
			t.Errorf("check %q did not run", w)
		}
	}
	if err != nil || t.Failed() {
		t.Errorf("%s: %v\nstdout:\n%s\nstderr (tail):\n%s", script, err, out, tail(stderr.String(), 6000))
	}
}

// TestPassthroughTypeScriptClient runs server-everything and
// server-filesystem behind the gateway and the official TypeScript SDK
// client in front, with sampling, elicitation and roots handlers.
func TestPassthroughTypeScriptClient(t *testing.T) {
	gw, _ := binaries(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	other, _ := filepath.EvalSymlinks(t.TempDir())
	cfg := ptConfig(t,
		ptNodeBackend(t, "everything", "@modelcontextprotocol/server-everything/dist/index.js", "stdio"),
		ptNodeBackend(t, "fs", "@modelcontextprotocol/server-filesystem/dist/index.js", other),
	)
	runNodeChecks(t, "passthrough.mjs", []string{"GATEWAY=" + gw, "CONFIG=" + cfg, "ROOT_DIR=" + root},
		"capabilities", "sampling round trip", "progress with the client's token", "cancel mid-way, then usable",
		"prompts list and get", "completion by prompt", "resources list, templates, read", "subscribe then update",
		"elicitation form mode", "elicitation URL mode", "roots: everything and filesystem adopt the client's roots")
}
