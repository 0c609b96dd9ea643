package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestConfigLastFailureKeptThroughRestarts (issue 17, item 13): while a
// backend that never answers initialize cycles through its restarts, the
// IDE sees why, not just "is starting".
func TestConfigLastFailureKeptThroughRestarts(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := writeConfig(t, map[string]any{"readyTimeout": "100ms", "backends": []any{
		map[string]any{"id": "hangs", "command": tb, "args": []string{"-name", marker, "-hang-init"}, "startupTimeout": "300ms", "maxRestarts": 20},
	}})
	g := startGateway(t, cfg, marker, gwOptions{})
	g.initialize("2025-11-25", nil)
	var texts []string
	sawFailure, starting, withReason := false, 0, 0
	for end := time.Now().Add(4 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		r := g.callTool("call_tool", map[string]any{"name": "hangs__echo", "arguments": map[string]any{"text": "x"}})
		txt := r.text()
		texts = append(texts, txt)
		if strings.Contains(txt, "no answer to initialize within 300ms") {
			sawFailure = true
		}
		if sawFailure && strings.Contains(txt, "is starting") {
			starting++
			if strings.Contains(txt, "no answer to initialize within 300ms") {
				withReason++
			}
		}
	}
	g.closeAndWait(10 * time.Second)
	if !sawFailure {
		t.Fatalf("the failure never showed:\n%s", strings.Join(texts, "\n"))
	}
	if starting == 0 {
		t.Fatalf("never saw the backend starting again after its failure:\n%s", strings.Join(texts, "\n"))
	}
	if withReason != starting {
		t.Errorf("%d of %d answers while restarting gave the last failure:\n%s", withReason, starting, strings.Join(texts, "\n"))
	}
}
