package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestBrokenConfigServesAndRecovers: a configuration file that is not
// JSON does not stop the gateway: it answers initialize, its tools explain
// the error with the file and line:column, and the watcher picks up the
// corrected file without a restart.
func TestBrokenConfigServesAndRecovers(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	path := writeConfig(t, "{\n  \"backends\": [\n    {\"id\": \"tb\", \"command\": \"x\"\n  ]\n}\n")
	g := startGateway(t, path, marker, gwOptions{})
	g.initialize("2025-11-25", nil)
	r := g.callTool("search_tools", map[string]any{"query": "echo"})
	if !r.IsError || !strings.Contains(r.text(), path) || !strings.Contains(r.text(), "line 4, column 3") {
		t.Errorf("search_tools with a broken file: isError=%v %q; want the file and its line:column", r.IsError, r.text())
	}
	m := g.call("agentify/orchestrateTask", map[string]any{"query": "echo hi"})
	if m.Error == nil || m.Error.Code != -32001 || !strings.Contains(m.Error.Message, path) {
		t.Errorf("orchestrateTask with a broken file: %+v", m.Error)
	}
	fixed := fmt.Sprintf(`{"backends":[{"id":"tb","command":%q,"args":["-name",%q]}]}`, tb, marker)
	if err := os.WriteFile(path, []byte(fixed), 0o600); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(50 * time.Millisecond) {
		r = g.callTool("call_tool", map[string]any{"name": "tb__echo", "arguments": map[string]any{"text": "back"}})
		if !r.IsError && r.text() == "back" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the fix: %q isError=%v\n%s", r.text(), r.IsError, tail(g.stderr.String(), 2000))
		}
	}
}
