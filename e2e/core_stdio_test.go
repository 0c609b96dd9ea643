package e2e

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestCoreInitializeVersions: each supported revision is echoed; an unknown
// one is answered with the latest.
func TestCoreInitializeVersions(t *testing.T) {
	for _, tc := range []struct{ ask, want string }{
		{"2025-11-25", "2025-11-25"},
		{"2025-06-18", "2025-06-18"},
		{"2025-03-26", "2025-03-26"},
		{"2024-11-05", "2024-11-05"},
		{"1999-01-01", "2025-11-25"},
		{"2026-07-28", "2025-11-25"},
	} {
		t.Run(tc.ask, func(t *testing.T) {
			g := startGateway(t, writeConfig(t, `{}`), "", gwOptions{})
			r := g.initialize(tc.ask, nil)
			if r["protocolVersion"] != tc.want {
				t.Errorf("protocolVersion = %v, want %s", r["protocolVersion"], tc.want)
			}
			si, _ := r["serverInfo"].(map[string]any)
			if si["name"] != "mcp-agentify" {
				t.Errorf("serverInfo = %v", r["serverInfo"])
			}
			caps, _ := r["capabilities"].(map[string]any)
			if _, ok := caps["tools"]; !ok {
				t.Errorf("capabilities lack tools: %v", caps)
			}
			g.closeAndWait(10 * time.Second)
		})
	}
}

// TestCoreProtocolErrors walks the error paths of the stdio session: every
// one answered, none ending the session.
func TestCoreProtocolErrors(t *testing.T) {
	cfg := writeConfig(t, map[string]any{"maxMessageBytes": 65536})
	g := startGateway(t, cfg, "", gwOptions{})

	// Before initialize: server/discover (the dual-era probe) gets -32601 at
	// once, as does an unknown method; a known method is refused.
	if m := g.call("server/discover", map[string]any{}); m.Error == nil || m.Error.Code != -32601 {
		t.Errorf("server/discover before initialize: %s, want error -32601", m.Raw)
	}
	if m := g.call("tools/list", nil); m.Error == nil || m.Error.Code == 0 {
		t.Errorf("tools/list before initialize: %s, want an error", m.Raw)
	}

	g.initialize("2025-11-25", nil)

	// Unknown method.
	if m := g.call("no/such/method", nil); m.Error == nil || m.Error.Code != -32601 {
		t.Errorf("unknown method: %s, want -32601", m.Raw)
	}
	// server/discover after initialize too.
	if m := g.call("server/discover", nil); m.Error == nil || m.Error.Code != -32601 {
		t.Errorf("server/discover after initialize: %s, want -32601", m.Raw)
	}

	// A garbage line: -32700 with id null.
	n := len(g.messages())
	g.send(`this is { not json`)
	m, _ := g.waitFor("the -32700 answer", n, func(m *rpcMsg) bool { return m.Error != nil })
	if m.Error.Code != -32700 || string(m.ID) != "null" {
		t.Errorf("garbage line: %s, want -32700 with id null", m.Raw)
	}
	if m := g.call("ping", nil); m.Error != nil || string(m.Result) != "{}" {
		t.Errorf("ping after garbage: %s", m.Raw)
	}

	// Valid JSON that is not JSON-RPC: -32600.
	for _, line := range []string{`{"hello":"world"}`, `{"jsonrpc":"1.0","id":5,"method":"ping"}`, `42`} {
		n := len(g.messages())
		g.send(line)
		m, _ := g.waitFor("the answer to "+line, n, func(m *rpcMsg) bool { return m.Error != nil })
		if m.Error.Code != -32600 {
			t.Errorf("%s: %s, want -32600", line, m.Raw)
		}
	}
	if m := g.call("ping", nil); m.Error != nil {
		t.Errorf("ping after invalid requests: %s", m.Raw)
	}

	// An over-long line (maxMessageBytes 64 KiB): an error, and the session
	// goes on. The id is recoverable from the line's start.
	n = len(g.messages())
	g.send(`{"jsonrpc":"2.0","id":"long","method":"tools/call","params":{"name":"search_tools","arguments":{"query":"` + strings.Repeat("a", 200000) + `"}}}`)
	m, _ = g.waitFor("the answer to the over-long line", n, func(m *rpcMsg) bool { return m.Error != nil })
	if m.Error.Code >= 0 {
		t.Errorf("over-long line: %s, want a JSON-RPC error", m.Raw)
	}
	if string(m.ID) != `"long"` && string(m.ID) != "null" {
		t.Errorf("over-long line answered with id %s", m.ID)
	}
	t.Logf("over-long line answered: %s", m.Raw)
	if m := g.call("ping", nil); m.Error != nil {
		t.Errorf("ping after the over-long line: %s", m.Raw)
	}

	// Duplicate initialize.
	m = g.call("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "x", "version": "1"}})
	if m.Error == nil {
		t.Errorf("second initialize: %s, want an error", m.Raw)
	}
	// A notification with an unknown method gets no answer; a ping after it does.
	n = len(g.messages())
	g.sendMsg(map[string]any{"method": "notifications/whatever"})
	pong := g.call("ping", nil)
	for _, m := range g.messages()[n:] {
		if m != pong {
			t.Errorf("unexpected message after an unknown notification: %s", m.Raw)
		}
	}
	d := g.closeAndWait(10 * time.Second)
	t.Logf("exit after stdin EOF (no backends): %s", d)
}

// TestCoreStdinEOF: with backends running, stdin EOF ends the process and
// every backend child with it.
func TestCoreStdinEOF(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := writeConfig(t, map[string]any{"backends": []any{
		tbBackend(tb, "one", marker), tbBackend(tb, "two", marker), tbBackend(tb, "three", marker),
	}})
	g := startGateway(t, cfg, marker, gwOptions{})
	start := time.Now()
	g.initialize("2025-11-25", nil)
	for _, id := range []string{"one", "two", "three"} {
		waitCallable(t, g, id)
	}
	t.Logf("3 test backends ready after %s", time.Since(start))
	if n := len(childPIDs(marker)); n != 3 {
		t.Fatalf("%d backend processes running, want 3", n)
	}
	// A call in flight when stdin closes must not keep the process alive.
	g.sendMsg(map[string]any{"id": "slow", "method": "tools/call", "params": map[string]any{"name": "one__sleep", "arguments": map[string]any{"ms": 60000}}})
	time.Sleep(50 * time.Millisecond) // let the call reach the backend (not a timing assertion)
	d := g.closeAndWait(10 * time.Second)
	t.Logf("exit after stdin EOF with 3 backends and a call in flight: %s", d)
	if g.exitErr != nil {
		t.Errorf("exit status: %v, want 0", g.exitErr)
	}
	if pids := childPIDs(marker); len(pids) != 0 {
		t.Errorf("backend processes left after the gateway exited: %v", pids)
	}
}

// waitCallable waits until backend id answers echo through the gateway.
func waitCallable(t *testing.T, g *gatewayProc, id string) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		r := g.callTool("call_tool", map[string]any{"name": id + "__echo", "arguments": map[string]any{"text": "up?"}})
		if !r.IsError && r.text() == "up?" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("backend %s not callable: %s", id, r.text())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestCoreIdleFigures measures start-up to ready and idle RSS with 1 and 3
// backends; it reports figures, and fails only when the gateway does not
// come up.
func TestCoreIdleFigures(t *testing.T) {
	_, tb := binaries(t)
	for _, n := range []int{1, 3} {
		marker := newMarker()
		var bs []any
		for i := 0; i < n; i++ {
			bs = append(bs, tbBackend(tb, "b"+string(rune('a'+i)), marker))
		}
		g := startGateway(t, writeConfig(t, map[string]any{"backends": bs}), marker, gwOptions{})
		start := time.Now()
		g.initialize("2025-11-25", nil)
		init := time.Since(start)
		for i := 0; i < n; i++ {
			waitCallable(t, g, "b"+string(rune('a'+i)))
		}
		ready := time.Since(start)
		time.Sleep(300 * time.Millisecond) // settle before reading RSS
		t.Logf("%d backend(s): initialize answered in %s, all callable after %s, idle VmRSS %d kB", n, init, ready, vmRSS(g.cmd.Process.Pid))
		var r map[string]json.RawMessage
		g.result("ping", nil, &r)
		g.closeAndWait(10 * time.Second)
	}
}
