package gateway

import (
	"strings"
	"testing"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/rs/zerolog"
)

func (c *ide) initializeWith(caps string) {
	c.t.Helper()
	m := c.request(`"init"`, "initialize", `{"protocolVersion":"2025-11-25","capabilities":`+caps+`,"clientInfo":{"name":"multi","version":"1"}}`)
	if m.Error != nil {
		c.t.Fatalf("initialize: %v", m.Error)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// TestTwoSessionsShareBackends: two clients of one gateway call the same
// backend with the same ids and progress tokens; each gets only its own
// responses, progress and sampling requests, and one client's disconnect
// cancels only its own calls.
func TestTwoSessionsShareBackends(t *testing.T) {
	logs := &logBuffer{}
	g := New(Options{Config: tbConfig(t, "tb"), Version: "test", Logger: zerolog.New(logs).Level(zerolog.DebugLevel)})
	a := attach(t, g, logs, true) // its cleanup runs last and stops the gateway
	b := attach(t, g, logs, false)
	a.initializeWith(`{"sampling":{}}`)
	b.initializeWith(`{"sampling":{}}`)
	a.waitBackend("tb")

	// Same request id and progress token on both sessions, in flight at once.
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"tb__progress","arguments":{"steps":3,"delayMs":20},"_meta":{"progressToken":"same"}}}`
	a.send(call)
	b.send(call)
	for name, c := range map[string]*ide{"a": a, "b": b} {
		m, _ := c.waitFor("the progress call's response", 0, func(m *rpc.Message) bool { return m.IsResponse() && string(m.ID) == "7" })
		if m.Error != nil || !strings.Contains(string(m.Result), "done") {
			t.Errorf("session %s: %s %v", name, m.Result, m.Error)
		}
		var progress []string
		for _, m := range c.all() {
			if m.Method == "notifications/progress" {
				progress = append(progress, string(m.Params))
			}
		}
		if len(progress) != 3 {
			t.Errorf("session %s got %d progress notifications, want its own 3: %v", name, len(progress), progress)
		}
		for i, p := range progress {
			// The backend's bytes (its key order), with the session's own token.
			if want := `{"progress":` + itoa(i+1) + `,"progressToken":"same","total":3}`; p != want {
				t.Errorf("session %s: progress %s, want %s", name, p, want)
			}
		}
	}

	// A backend's sampling request goes to the session whose call caused it.
	for name, c := range map[string]*ide{"a": a, "b": b} {
		other := b
		if c == b {
			other = a
		}
		before := other.count()
		c.send(`{"jsonrpc":"2.0","id":"s","method":"tools/call","params":{"name":"tb__sample","arguments":{"prompt":"from ` + name + `"}}}`)
		req, _ := c.waitFor("the sampling request", 0, func(m *rpc.Message) bool {
			return m.IsRequest() && m.Method == "sampling/createMessage" && strings.Contains(string(m.Params), "from "+name)
		})
		c.send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"role":"assistant","content":{"type":"text","text":"answer for ` + name + `"},"model":"m"}}`)
		resp, _ := c.waitFor("the sample call's response", 0, func(m *rpc.Message) bool { return m.IsResponse() && string(m.ID) == `"s"` })
		if !strings.Contains(string(resp.Result), "answer for "+name) {
			t.Errorf("session %s: sample result %s %v", name, resp.Result, resp.Error)
		}
		for _, m := range other.all()[before:] {
			if m.Method == "sampling/createMessage" {
				t.Errorf("session %s's sampling request reached the other session: %s", name, m.Params)
			}
		}
	}

	// b's disconnect cancels b's call only.
	a.send(`{"jsonrpc":"2.0","id":"long","method":"tools/call","params":{"name":"tb__sleep","arguments":{"ms":300}}}`)
	b.send(`{"jsonrpc":"2.0","id":"long","method":"tools/call","params":{"name":"tb__sleep","arguments":{"ms":300}}}`)
	b.waitFor("nothing", 0, func(m *rpc.Message) bool { return true })
	b.w.Close()
	<-b.done
	m, _ := a.waitFor("a's sleep", 0, func(m *rpc.Message) bool { return m.IsResponse() && string(m.ID) == `"long"` })
	if !strings.Contains(string(m.Result), "slept") {
		t.Errorf("a's call after b left: %s %v", m.Result, m.Error)
	}
	logs.waitLog(t, "sleep cancelled") // the backend was told to cancel b's call
}
