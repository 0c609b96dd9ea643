package e2e

import (
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// TestResilienceFaults injects one fault per backend into a running gateway
// and checks the exact error each caller gets, and that the healthy
// backend keeps serving after every one.
func TestResilienceFaults(t *testing.T) {
	_, tb := binaries(t)
	dir := t.TempDir()
	cfg := rWriteConfig(t, dir, "config.json", map[string]any{
		"expose":          "all",
		"maxMessageBytes": 48 << 20,
		"mcpServers": map[string]any{
			"ok":    rBackend(tb, nil, "-name", "ok"),
			"crash": rBackend(tb, nil, "-name", "crash"),
			"hang":  rBackend(tb, map[string]any{"callTimeout": "500ms"}, "-name", "hang"),
			"junk":  rBackend(tb, nil, "-name", "junk", "-junk-at-start"),
			"big":   rBackend(tb, nil, "-name", "big"),
			"flood": rBackend(tb, nil, "-name", "flood"),
		},
	})
	c := startRaw(t, cfg, nil)
	c.initialize()
	ids := []string{"ok", "crash", "hang", "junk", "big", "flood"}
	c.waitTools("all backends ready", func(n []string) bool {
		for _, id := range ids {
			if !rHas(n, id+"__echo") {
				return false
			}
		}
		return true
	})
	healthy := func(t *testing.T) {
		t.Helper()
		if text, isErr := c.toolText("ok__echo", map[string]any{"text": "still here"}); isErr || text != "still here" {
			t.Fatalf("healthy backend: %q isError=%v", text, isErr)
		}
	}

	t.Run("crash mid-call", func(t *testing.T) {
		// A call pending on the backend when it exits fails at once, as does the crashing call.
		pending := c.send(rawID(), "tools/call", map[string]any{"name": "crash__sleep", "arguments": map[string]any{"ms": 600000}})
		text, isErr := c.toolText("crash__crash", map[string]any{"status": 7})
		if want := `backend "crash": process exit status 7`; !isErr || text != want {
			t.Fatalf("crashing call: %q isError=%v, want %q", text, isErr, want)
		}
		text, isErr = rResultText(t, c.wait(pending))
		if want := `backend "crash": process exit status 7`; !isErr || text != want {
			t.Fatalf("pending call: %q isError=%v, want %q", text, isErr, want)
		}
		// Its tools leave tools/list (list_changed), then come back after the restart.
		c.waitTools("without crash's tools", func(n []string) bool { return !rHas(n, "crash__echo") })
		healthy(t)
		c.waitTools("with crash's tools again", func(n []string) bool { return rHas(n, "crash__echo") })
		if text, _ := c.toolText("crash__echo", map[string]any{"text": "back"}); text != "back" {
			t.Fatalf("after restart: %q", text)
		}
	})

	t.Run("hang past the timeout", func(t *testing.T) {
		text, isErr := c.toolText("hang__sleep", map[string]any{"ms": 600000})
		if want := `backend "hang": tools/call timed out after 500ms`; !isErr || text != want {
			t.Fatalf("%q isError=%v, want %q", text, isErr, want)
		}
		c.stderr.waitFor(t, "sleep cancelled") // the backend was told (notifications/cancelled)
		healthy(t)
	})

	t.Run("junk on stdout", func(t *testing.T) {
		if text, isErr := c.toolText("junk__junk", map[string]any{}); isErr || text != "after junk" {
			t.Fatalf("%q isError=%v", text, isErr)
		}
		c.stderr.waitFor(t, "backend wrote a line that is not a JSON-RPC message")
		healthy(t)
	})

	t.Run("32 MiB result", func(t *testing.T) {
		text, isErr := c.toolText("big__big", map[string]any{"bytes": 32 << 20})
		if isErr || len(text) != 32<<20 || strings.Trim(text, "x") != "" {
			t.Fatalf("%d bytes, isError=%v", len(text), isErr)
		}
		healthy(t)
	})

	t.Run("over-limit result", func(t *testing.T) {
		text, isErr := c.toolText("big__big", map[string]any{"bytes": 50 << 20})
		if want := fmt.Sprintf(`backend "big": response message exceeds %d bytes`, 48<<20); !isErr || text != want {
			t.Fatalf("%q isError=%v, want %q", text, isErr, want)
		}
		if text, _ := c.toolText("big__echo", map[string]any{"text": "same process"}); text != "same process" {
			t.Fatalf("big after an over-limit result: %q", text)
		}
		healthy(t)
	})

	t.Run("stderr flood", func(t *testing.T) {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // the healthy backend answers during the flood
			defer wg.Done()
			for range 20 {
				healthy(t)
			}
		}()
		text, isErr := c.toolText("flood__stderr", map[string]any{"lines": 300000, "text": strings.Repeat("f", 10000)})
		if isErr || text != "wrote 300000 lines" {
			t.Fatalf("%q isError=%v", text, isErr)
		}
		wg.Wait()
		c.stderr.waitFor(t, "stderr flood: lines dropped")
		if strings.Contains(c.stderr.String(), strings.Repeat("f", 4097)) {
			t.Fatal("a stderr line longer than 4 KiB reached the log")
		}
		healthy(t)
	})
}

// TestResilienceStartupFaults: a backend that exits during startup, one
// that never answers initialize, and one that is not found, as check
// reports them, while a healthy one passes.
func TestResilienceStartupFaults(t *testing.T) {
	bin, tb := binaries(t)
	cfg := rWriteConfig(t, t.TempDir(), "config.json", map[string]any{"mcpServers": map[string]any{
		"ok":      rBackend(tb, nil),
		"exits":   rBackend(tb, map[string]any{"restart": "never"}, "-exit-at-start", "4"),
		"hangs":   rBackend(tb, map[string]any{"restart": "never", "startupTimeout": "300ms"}, "-hang-init"),
		"missing": map[string]any{"command": "/nonexistent/mcp-server", "restart": "never"},
		"retries": rBackend(tb, map[string]any{"maxRestarts": 1}, "-exit-at-start", "5"),
	}})
	out, err := exec.Command(bin, "check", "--config", cfg).CombinedOutput()
	if err == nil {
		t.Fatalf("check passed with failing backends:\n%s", out)
	}
	for _, want := range []string{
		"ok   ok ",
		"FAIL exits ",
		"     error: process exit status 4 before the handshake completed",
		"FAIL hangs ",
		"     error: no answer to initialize within 300ms",
		"FAIL missing ",
		`     error: start "/nonexistent/mcp-server": fork/exec /nonexistent/mcp-server: no such file or directory`,
		"FAIL retries ",
		"     error: process exit status 5 before the handshake completed",
		"5 backends, 4 failed",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
}
