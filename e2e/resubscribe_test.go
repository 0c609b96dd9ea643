package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestSubscriptionsRenewedAfterRestart: the IDE subscribes to a resource, the
// backend crashes and is restarted; the gateway subscribes again on the new
// connection, so updates keep coming without the IDE doing anything.
func TestSubscriptionsRenewedAfterRestart(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}})
	g := startGateway(t, cfg, marker, gwOptions{})
	g.initialize("2025-11-25", nil)
	uri := "test://" + marker + "/0"
	// The backend is up once its resources are listed.
	for deadline := time.Now().Add(waitLimit); !strings.Contains(string(g.call("resources/list", nil).Raw), uri); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the backend's resources never appeared")
		}
	}
	if m := g.call("resources/subscribe", map[string]any{"uri": uri}); m.Error != nil {
		t.Fatalf("resources/subscribe: %s", m.Raw)
	}
	// The backend's own stderr line (its reason also quotes it in the
	// crash error, so match the log line's message exactly).
	want := `"message":"subscribe ` + uri + `"`
	count := func() int { return strings.Count(g.stderr.String(), want) }
	if r := g.callTool("call_tool", map[string]any{"name": "tb__crash", "arguments": map[string]any{}}); !r.IsError {
		t.Fatalf("crash call: %+v", r)
	}
	// The backend restarts after a 1 s backoff and is subscribed again.
	for deadline := time.Now().Add(waitLimit); count() < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the backend saw %d subscriptions to %s, want 2 (one before the crash, one after the restart)", count(), uri)
		}
	}
	// The gateway logs the renewal when the backend's answer arrives, which
	// is after the backend's own stderr line above: wait for it too.
	for deadline := time.Now().Add(waitLimit); !strings.Contains(g.stderr.String(), "subscribed again after the backend restarted"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no log line about the renewed subscription")
		}
	}
	// The renewed subscription is an ordinary one: unsubscribing works.
	if m := g.call("resources/unsubscribe", map[string]any{"uri": uri}); m.Error != nil {
		t.Fatalf("resources/unsubscribe: %s", m.Raw)
	}
}
