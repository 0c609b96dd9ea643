package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestConfigNamesUniqueByConstruction (issue 17, item 6): a backend id
// holding "__" is a configuration error with its pointer, and a backend's
// invalid or duplicate tool names never reach the IDE, so qualified names
// are unique and unambiguous.
func TestConfigNamesUniqueByConstruction(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	dir := t.TempDir()
	schema := map[string]any{"type": "object"}
	var catalog []map[string]any
	for _, n := range []string{"ok_tool", "ok_tool", "has space", "a/b", "nul\x00x", strings.Repeat("l", 70000), "b__echo", "dotted.name-1"} {
		catalog = append(catalog, map[string]any{"server": "s", "name": n, "description": "d", "inputSchema": schema})
	}
	cb, _ := json.Marshal(catalog)
	catPath := filepath.Join(dir, "tools.json")
	os.WriteFile(catPath, cb, 0o600)
	cfg := writeConfig(t, map[string]any{"expose": "all", "mcpServers": map[string]any{
		"a":    map[string]any{"command": tb, "args": []string{"-name", marker, "-catalog", catPath, "-server", "s"}},
		"a__b": map[string]any{"command": tb, "args": []string{"-name", marker}},
	}})

	out, _, code := runCLI(t, dir, nil, "check", "--config", cfg)
	if code != 1 || !regexp.MustCompile(`(?m)^FAIL a__b `).MatchString(out) || !strings.Contains(out, `/mcpServers/a__b/id: backend id "a__b" must not contain "__"`) {
		t.Errorf("check exit %d:\n%s", code, out)
	}
	if !strings.Contains(out, "3 tools: b__echo, dotted.name-1, ok_tool") {
		t.Errorf("backend a's tools in check:\n%s", out)
	}

	g := startGateway(t, cfg, marker, gwOptions{})
	g.initialize("2025-11-25", nil)
	var names []string
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(50 * time.Millisecond) {
		names = g.toolNames()
		if slices.Contains(names, "a__ok_tool") || time.Now().After(deadline) {
			break
		}
	}
	g.closeAndWait(10 * time.Second)
	seen := map[string]int{}
	for _, n := range names {
		seen[n]++
		if !regexp.MustCompile(`^[a-zA-Z0-9_.-]{1,128}$`).MatchString(n) {
			t.Errorf("invalid tool name reached the IDE: %q", n[:min(len(n), 80)])
		}
	}
	for _, want := range []string{"a__ok_tool", "a__b__echo", "a__dotted.name-1"} {
		if seen[want] != 1 {
			t.Errorf("%s listed %d times, want once (tools %q)", want, seen[want], names)
		}
	}
	for n, c := range seen {
		if c > 1 {
			t.Errorf("%s listed %d times", n, c)
		}
	}
	if !strings.Contains(g.stderr.String(), "skipping a duplicate tool name") || !strings.Contains(g.stderr.String(), "skipping a tool whose name is not") {
		t.Errorf("no warnings about dropped tool names")
	}
}
