package e2e

import (
	"testing"
)

// TestNonObjectMetaIsInvalidParams: a _meta that is not an object (issue
// 17 item 9) is refused by the gateway at once with -32602, on every
// method that forwards it, instead of reaching a backend that would drop
// the message and leave the client waiting for its timeout.
func TestNonObjectMetaIsInvalidParams(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	g := startGateway(t, writeConfig(t, map[string]any{"expose": "all", "backends": []any{tbBackend(tb, "tb", marker)}}), marker, gwOptions{})
	g.initialize("2025-11-25", nil)
	waitCallable(t, g, "tb")
	for _, c := range []struct {
		method string
		params map[string]any
	}{
		{"tools/call", map[string]any{"name": "tb__echo", "arguments": map[string]any{"text": "x"}, "_meta": "token"}},
		{"tools/call", map[string]any{"name": "call_tool", "arguments": map[string]any{"name": "tb__echo"}, "_meta": []any{1}}},
		{"prompts/get", map[string]any{"name": "tb__greet", "_meta": 7}},
		{"completion/complete", map[string]any{"ref": map[string]any{"type": "ref/prompt", "name": "tb__greet"}, "argument": map[string]any{"name": "who", "value": "A"}, "_meta": nil}},
	} {
		m := g.call(c.method, c.params)
		if m.Error == nil || m.Error.Code != -32602 {
			t.Errorf("%s with _meta %v: %s %+v, want -32602", c.method, c.params["_meta"], m.Result, m.Error)
		}
	}
	// An object _meta still goes through.
	if r := g.callTool("tb__echo", map[string]any{"text": "ok"}); r.IsError || r.text() != "ok" {
		t.Errorf("echo after: %q", r.text())
	}
}
