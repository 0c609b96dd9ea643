package gateway

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// surfaces are requests to every surface that needs backends, each with a
// check that it saw backend "slow" as a call a minute later would.
var surfaces = []struct {
	id, method, params string
	check              func(t *testing.T, m *rpc.Message)
}{
	{`2`, "tools/list", `{}`, resultHas(`"slow__echo"`)},
	{`3`, "tools/call", `{"name":"search_tools","arguments":{"query":"echo text"}}`, resultHas(`slow__echo`)},
	{`4`, "tools/call", `{"name":"call_tool","arguments":{"name":"slow__echo","arguments":{"text":"via call_tool"}}}`, toolOK("via call_tool")},
	{`5`, "tools/call", `{"name":"slow__echo","arguments":{"text":"direct"}}`, toolOK("direct")},
	{`6`, "tools/call", `{"name":"orchestrate_task","arguments":{"query":"echo the text hello","dryRun":true}}`, resultHas(`slow`)},
	{`7`, "prompts/list", `{}`, resultHas(`"slow__greet"`)},
	{`8`, "prompts/get", `{"name":"slow__greet","arguments":{"who":"Ada"}}`, resultHas(`Hello, Ada!`)},
	{`9`, "resources/list", `{}`, resultHas(`test://slow/0`)},
	{`10`, "resources/read", `{"uri":"test://slow/1"}`, resultHas(`contents of test://slow/1`)},
	{`11`, "resources/templates/list", `{}`, resultHas(`test://slow/{id}`)},
	{`12`, "resources/subscribe", `{"uri":"test://slow/2"}`, resultHas(`{}`)},
	// The test backend has no completions: its own -32601 proves the
	// request reached it rather than being refused by the gateway.
	{`13`, "completion/complete", `{"ref":{"type":"ref/prompt","name":"slow__greet"},"argument":{"name":"who","value":"A"}}`, errorHas(`completion/complete`)},
	{`14`, "agentify/orchestrateTask", `{"query":"echo the text hello","dryRun":true}`, resultHas(`slow`)},
}

func resultHas(sub string) func(*testing.T, *rpc.Message) {
	return func(t *testing.T, m *rpc.Message) {
		t.Helper()
		if m.Error != nil || !strings.Contains(string(m.Result), sub) {
			t.Errorf("response %s: got %s %v, want a result containing %s", m.ID, m.Result, m.Error, sub)
		}
	}
}

func toolOK(text string) func(*testing.T, *rpc.Message) {
	return func(t *testing.T, m *rpc.Message) {
		t.Helper()
		var r struct {
			Content []struct{ Text string } `json:"content"`
			IsError bool                    `json:"isError"`
		}
		if m.Error != nil || json.Unmarshal(m.Result, &r) != nil || r.IsError || len(r.Content) == 0 || r.Content[0].Text != text {
			t.Errorf("response %s: got %s %v, want the tool's text %q", m.ID, m.Result, m.Error, text)
		}
	}
}

func errorHas(sub string) func(*testing.T, *rpc.Message) {
	return func(t *testing.T, m *rpc.Message) {
		t.Helper()
		if m.Error == nil || !strings.Contains(m.Error.Message, sub) || m.Error.Code == rpc.CodeNotReady {
			t.Errorf("response %s: got %s %v, want the backend's error mentioning %s", m.ID, m.Result, m.Error, sub)
		}
	}
}

func slowConfig(t *testing.T, delay time.Duration) *schemas.Config {
	cfg := tbConfig(t, "slow")
	cfg.Backends[0].Args = append(cfg.Backends[0].Args, "-startup-delay", delay.String())
	cfg.Expose = "all"
	return cfg
}

// TestEverySurfaceRightBehindInitialize sends initialize and a request to
// every surface in one write, with a backend that takes a second to start:
// each answer must be what the same request gets a minute later.
func TestEverySurfaceRightBehindInitialize(t *testing.T) {
	c := startSession(t, slowConfig(t, time.Second))
	var b strings.Builder
	b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")
	b.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	for _, s := range surfaces {
		b.WriteString(`{"jsonrpc":"2.0","id":` + s.id + `,"method":"` + s.method + `","params":` + s.params + "}\n")
	}
	c.send(strings.TrimSuffix(b.String(), "\n"))
	for _, s := range surfaces {
		m, _ := c.waitFor("the response to "+s.id, 0, func(m *rpc.Message) bool { return m.IsResponse() && string(m.ID) == s.id })
		s.check(t, m)
	}
}

// TestReadinessBoundExpires: with a backend slower than readyTimeout,
// each surface answers in its documented shape, naming the backend.
func TestReadinessBoundExpires(t *testing.T) {
	cfg := slowConfig(t, 5*time.Second)
	d := schemas.Duration(300 * time.Millisecond)
	cfg.ReadyTimeout = &d
	c := startSession(t, cfg)
	c.initialize()
	// Tools: an isError result naming the backend.
	txt, isErr := c.toolText(`"t1"`, `{"name":"slow__echo","arguments":{"text":"x"}}`)
	if !isErr || !strings.Contains(txt, `"slow"`) || !strings.Contains(txt, "starting") {
		t.Errorf("tool call while starting: %v %q", isErr, txt)
	}
	// Lists: what is ready, with _meta naming the others.
	m := c.request(`"t2"`, "tools/list", `{}`)
	if m.Error != nil || !strings.Contains(string(m.Result), `"agentify/starting":["slow"]`) {
		t.Errorf("tools/list while starting: %s %v", m.Result, m.Error)
	}
	// Routed methods: -32001 with the backends as data.
	m = c.request(`"t3"`, "prompts/get", `{"name":"slow__greet"}`)
	if m.Error == nil || m.Error.Code != rpc.CodeNotReady || !strings.Contains(string(m.Error.Data), `"slow"`) {
		t.Errorf("prompts/get while starting: %s %+v", m.Result, m.Error)
	}
	m = c.request(`"t4"`, "resources/read", `{"uri":"test://slow/1"}`)
	if m.Error == nil || m.Error.Code != rpc.CodeNotReady {
		t.Errorf("resources/read while starting: %s %+v", m.Result, m.Error)
	}
	m = c.request(`"t5"`, "agentify/orchestrateTask", `{"query":"echo hello"}`)
	if m.Error == nil || m.Error.Code != rpc.CodeNotReady || !strings.Contains(string(m.Error.Data), `"slow"`) {
		t.Errorf("orchestrateTask while starting: %s %+v", m.Result, m.Error)
	}
}

// TestCancelWhileWaitingForBackends: a request cancelled while it waits
// for a starting backend gets no answer, and the session goes on.
func TestCancelWhileWaitingForBackends(t *testing.T) {
	c := startSession(t, slowConfig(t, 2*time.Second))
	c.initialize()
	c.send(`{"jsonrpc":"2.0","id":"w","method":"tools/call","params":{"name":"slow__echo","arguments":{"text":"x"}}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"w"}}`)
	if m := c.request(`"p"`, "ping", ""); m.Error != nil {
		t.Fatal(m.Error)
	}
	c.waitBackend("slow")
	for _, m := range c.all() {
		if string(m.ID) == `"w"` {
			t.Fatalf("a cancelled request was answered: %s %v", m.Result, m.Error)
		}
	}
}
