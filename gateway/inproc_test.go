package gateway

import (
	"slices"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/google/go-cmp/cmp"
	"github.com/mcp-agentify/mcp-agentify/backends/backendstest"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// TestTwoSessionsInProcess: two clients of one gateway, in memory under
// synctest, send the same request id and progress token to the same
// backend at once; each gets exactly its own progress and result, byte for
// byte, a backend's request goes to the client whose call caused it, and
// one client's disconnect cancels only its own call.
func TestTwoSessionsInProcess(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		// The gateway numbers its requests to tb from 1; the handshake takes
		// 1 to 5, so the calls are 6, 7, ... and their progress tokens 1, 2.
		tb, err := backendstest.New(`
> tools/list
{"jsonrpc":"2.0","id":$ID,"result":{"tools":[{"name":"work","inputSchema":{"type":"object"}}]}}
> tools/call
{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":$TOKEN,"progress":1}}
> tools/call
{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":$TOKEN,"progress":1}}
{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":2}}
{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"second"}]}}
{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"first"}]}}
> tools/call
{"jsonrpc":"2.0","id":0,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":1}}
> tools/call
`)
		if err != nil {
			t.Fatal(err)
		}
		servers := backendstest.Servers{"tb": tb}
		g := New(Options{Config: &schemas.Config{Backends: []schemas.Backend{{ID: "tb", Type: schemas.TypeStdio}}}, Version: "wire", Dial: servers.Dial})
		a, b := servePipe(g), servePipe(g)
		defer func() {
			a.close(t)
			g.Stop()
			tb.Close()
		}()
		for _, c := range []*pipeClient{a, b} {
			c.send(t, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"sampling":{}},"clientInfo":{"name":"x","version":"1"}}}`)
			c.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			c.take()
		}

		call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"tb__work","arguments":{},"_meta":{"progressToken":"same"}}}`
		a.send(t, call)
		b.send(t, call)
		if diff := cmp.Diff([]string{
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"same","progress":1}}` + "\n",
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"same","progress":2}}` + "\n",
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"first"}]}}` + "\n",
		}, a.take()); diff != "" {
			t.Errorf("first client (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]string{
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"same","progress":1}}` + "\n",
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"second"}]}}` + "\n",
		}, b.take()); diff != "" {
			t.Errorf("second client (-want +got):\n%s", diff)
		}

		// The backend's sampling request goes to the client whose call is in
		// flight on it; then b leaves with its own call in flight.
		a.send(t, `{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"name":"tb__work","arguments":{}}}`)
		if got, want := a.take(), []string{`{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{"messages":[],"maxTokens":1}}` + "\n"}; !slices.Equal(got, want) {
			t.Errorf("first client got %q, want the sampling request %q", got, want)
		}
		b.send(t, `{"jsonrpc":"2.0","id":"mine","method":"tools/call","params":{"name":"tb__work","arguments":{}}}`)
		if got := b.take(); len(got) != 0 {
			t.Errorf("second client got %q, want nothing", got)
		}
		b.close(t)
		synctest.Wait()
		var cancelled []string
		for _, l := range tb.Received() {
			if strings.Contains(l, "notifications/cancelled") {
				cancelled = append(cancelled, l)
			}
		}
		// b's call is the backend's request 9 (a's sampling call is 8).
		want := []string{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9,"reason":"the client disconnected"}}`}
		if diff := cmp.Diff(want, cancelled); diff != "" {
			t.Errorf("cancellations the backend received (-want +got):\n%s", diff)
		}
	})
}
