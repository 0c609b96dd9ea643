package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestResilienceHotReload edits the config file under a running gateway
// with calls in flight: one backend unchanged, one changed, one removed,
// one added, then an invalid file that must change nothing.
func TestResilienceHotReload(t *testing.T) {
	_, tb := binaries(t)
	dir := t.TempDir()
	conf := func(servers map[string]any) map[string]any {
		return map[string]any{"expose": "all", "mcpServers": servers}
	}
	cfg := rWriteConfig(t, dir, "config.json", conf(map[string]any{
		"keep": rBackend(tb, nil), "edit": rBackend(tb, nil), "gone": rBackend(tb, nil),
	}))
	c := startRaw(t, cfg, nil)
	c.initialize()
	c.waitTools("ready", func(n []string) bool { return rHas(n, "keep__echo") && rHas(n, "edit__echo") && rHas(n, "gone__echo") })
	keepCall := c.send(rawID(), "tools/call", map[string]any{"name": "keep__sleep", "arguments": map[string]any{"ms": 1500}})
	goneCall := c.send(rawID(), "tools/call", map[string]any{"name": "gone__sleep", "arguments": map[string]any{"ms": 600000}})

	rWriteConfig(t, dir, "config.json", conf(map[string]any{
		"keep": rBackend(tb, nil), "edit": rBackend(tb, nil, "-tools", "1"), "added": rBackend(tb, nil),
	}))
	c.waitTools("reloaded", func(n []string) bool {
		return rHas(n, "added__echo") && rHas(n, "edit__tool_0") && !rHas(n, "gone__echo") && rHas(n, "keep__echo")
	})
	if text, isErr := rResultText(t, c.wait(goneCall)); !isErr || text != `backend "gone": stopped by the gateway` {
		t.Fatalf("call on the removed backend: %q isError=%v", text, isErr)
	}
	if text, isErr := rResultText(t, c.wait(keepCall)); isErr || text != "slept" {
		t.Fatalf("call on the unchanged backend: %q isError=%v", text, isErr)
	}

	// An invalid file is rejected; the running set stays. (An error
	// confined to one entry only fails that backend: the file as a whole
	// must be unusable here, e.g. an unknown top-level key.)
	if err := os.WriteFile(filepath.Join(dir, "config.json"), []byte(`{"mcpServers": {"x": {"command": "x"}}, "mcpServer": {}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c.stderr.waitFor(t, "configuration reload rejected; keeping the running backends")
	for _, name := range []string{"keep__echo", "edit__echo", "added__echo"} {
		if text, isErr := c.toolText(name, map[string]any{"text": "hi"}); isErr || text != "hi" {
			t.Fatalf("%s after an invalid file: %q isError=%v", name, text, isErr)
		}
	}
}
