package gateway

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

// sessWait bounds every wait in these tests; a failure timeout only.
const sessWait = 30 * time.Second

// logBuffer collects the gateway's log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// waitLog waits until the log contains s.
func (b *logBuffer) waitLog(t *testing.T, s string) {
	t.Helper()
	deadline := time.Now().Add(sessWait)
	for !strings.Contains(b.String(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("the log never said %q:\n%s", s, b.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// ide is an in-process IDE connected to a [session] through io.Pipe pairs.
type ide struct {
	t    *testing.T
	w    *io.PipeWriter
	log  *logBuffer
	done chan struct{} // session.run returned

	mu      sync.Mutex
	msgs    []*rpc.Message // guarded by mu
	changed chan struct{}  // guarded by mu
	readEnd chan struct{}
}

// startSession serves a session of a gateway configured with cfg to an
// in-process IDE. The test's cleanup ends the session and waits for it.
func startSession(t *testing.T, cfg *schemas.Config) *ide {
	t.Helper()
	logs := &logBuffer{}
	g := New(Options{Config: cfg, Version: "test", Logger: zerolog.New(logs).Level(zerolog.DebugLevel)})
	return attach(t, g, logs, true)
}

// attach serves one more session of g to a new in-process client; stop
// says whether the session's end stops the gateway (the last one to end).
func attach(t *testing.T, g *Gateway, logs *logBuffer, stop bool) *ide {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	sess := newSession(g, rpc.NewLineStream(inR, outW, outW, 0))
	c := &ide{t: t, w: inW, log: logs, done: make(chan struct{}), changed: make(chan struct{}), readEnd: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	// Owned by the test: ends when the IDE's input closes (cleanup).
	go func() {
		defer close(c.done)
		sess.run(ctx)
		if stop {
			g.Stop()
		}
	}()
	// Owned by the test: reads until the session closes its output.
	go func() {
		defer close(c.readEnd)
		br := bufio.NewReader(outR)
		for {
			line, err := br.ReadBytes('\n')
			if len(line) > 0 {
				m, derr := rpc.Decode(bytes.TrimSpace(line))
				if derr != nil {
					t.Errorf("the session wrote a line that is not JSON-RPC (%v): %q", derr, line)
				} else {
					c.mu.Lock()
					c.msgs = append(c.msgs, m)
					close(c.changed)
					c.changed = make(chan struct{})
					c.mu.Unlock()
				}
			}
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(sessWait):
			t.Errorf("the session did not end after the IDE closed its side")
			cancel()
			<-c.done
		}
		cancel()
		outR.Close()
		<-c.readEnd
		inR.Close()
	})
	return c
}

func (c *ide) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		c.t.Fatalf("writing to the session: %v", err)
	}
}

// waitFor returns the first message from index from matching pred, and its index.
func (c *ide) waitFor(what string, from int, pred func(*rpc.Message) bool) (*rpc.Message, int) {
	c.t.Helper()
	timer := time.NewTimer(sessWait)
	defer timer.Stop()
	for {
		c.mu.Lock()
		for i := from; i < len(c.msgs); i++ {
			if pred(c.msgs[i]) {
				m := c.msgs[i]
				c.mu.Unlock()
				return m, i
			}
		}
		ch := c.changed
		c.mu.Unlock()
		select {
		case <-ch:
		case <-c.readEnd:
			c.t.Fatalf("the session closed its output while waiting for %s", what)
		case <-timer.C:
			c.t.Fatalf("no %s within %s", what, sessWait)
		}
	}
}

func (c *ide) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.msgs)
}

func (c *ide) all() []*rpc.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*rpc.Message(nil), c.msgs...)
}

// request sends a request with the raw id and waits for its response.
func (c *ide) request(id, method, params string) *rpc.Message {
	c.t.Helper()
	line := `{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `"`
	if params != "" {
		line += `,"params":` + params
	}
	c.send(line + "}")
	m, _ := c.waitFor("the response to "+id, 0, func(m *rpc.Message) bool { return m.IsResponse() && string(m.ID) == id })
	return m
}

func (c *ide) initialize() {
	c.t.Helper()
	m := c.request(`"init"`, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"session-test","version":"1"}}`)
	if m.Error != nil {
		c.t.Fatalf("initialize: %v", m.Error)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// toolText calls a tool and returns its text and isError.
func (c *ide) toolText(id, params string) (string, bool) {
	c.t.Helper()
	m := c.request(id, "tools/call", params)
	if m.Error != nil {
		c.t.Fatalf("tools/call %s: %v", params, m.Error)
	}
	var r struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	json.Unmarshal(m.Result, &r)
	var s []string
	for _, c := range r.Content {
		s = append(s, c.Text)
	}
	return strings.Join(s, "\n"), r.IsError
}

// waitBackend waits until backend id answers echo.
func (c *ide) waitBackend(id string) {
	c.t.Helper()
	deadline := time.Now().Add(sessWait)
	for n := 0; ; n++ {
		txt, isErr := c.toolText(`"wait-`+id+`-`+itoa(n)+`"`, `{"name":"`+id+`__echo","arguments":{"text":"up"}}`)
		if !isErr && txt == "up" {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("backend %s not ready: %s", id, txt)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func itoa(n int) string { return string(rpc.IntID(int64(n))) }

func tbConfig(t *testing.T, ids ...string) *schemas.Config {
	tb := testBackend(t)
	cfg := &schemas.Config{}
	for _, id := range ids {
		cfg.Backends = append(cfg.Backends, schemas.Backend{ID: id, Type: schemas.TypeStdio, Command: tb, Args: []string{"-name", id}, Env: map[string]string{"WHO": id}})
	}
	return cfg
}

func TestSessionHandshakeRules(t *testing.T) {
	c := startSession(t, tbConfig(t))
	// Before initialize: the dual-era probe and unknown methods get
	// -32601, known ones an error; nothing is left unanswered.
	for _, tc := range []struct {
		method string
		code   int64
	}{{"server/discover", rpc.CodeMethodNotFound}, {"no/such", rpc.CodeMethodNotFound}, {"tools/list", 0}, {"tools/call", 0}} {
		m := c.request(`"pre-`+tc.method+`"`, tc.method, `{}`)
		if m.Error == nil || tc.code != 0 && m.Error.Code != tc.code || m.Error.Code == 0 {
			t.Errorf("%s before initialize: %+v, want an error (code %d)", tc.method, m.Error, tc.code)
		}
	}
	// ping is allowed before initialize.
	if m := c.request(`"ping0"`, "ping", ""); m.Error != nil {
		t.Errorf("ping before initialize: %v", m.Error)
	}
	// initialize without a protocol version is invalid params.
	if m := c.request(`"bad-init"`, "initialize", `{"capabilities":{}}`); m.Error == nil || m.Error.Code != rpc.CodeInvalidParams {
		t.Errorf("initialize without protocolVersion: %+v", m.Error)
	}
	c.initialize()
	m := c.request(`"init2"`, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"again","version":"1"}}`)
	if m.Error == nil || m.Error.Code == 0 {
		t.Errorf("duplicate initialize: %s, want an error", m.Result)
	}
	if m := c.request(`"list"`, "tools/list", `{}`); m.Error != nil || !strings.Contains(string(m.Result), `"orchestrate_task"`) {
		t.Errorf("tools/list after initialize: %+v %s", m.Error, m.Result)
	}
}

func TestSessionRouting(t *testing.T) {
	c := startSession(t, tbConfig(t, "alpha", "beta"))
	c.initialize()
	c.waitBackend("alpha")
	c.waitBackend("beta")
	// Each call reaches its own backend process.
	for _, id := range []string{"alpha", "beta"} {
		for _, name := range []string{id + "__env", id + ".env"} {
			txt, isErr := c.toolText(`"env-`+name+`"`, `{"name":"call_tool","arguments":{"name":"`+name+`","arguments":{"name":"WHO"}}}`)
			if isErr || txt != id {
				t.Errorf("%s: %q (isError %v), want %q", name, txt, isErr, id)
			}
		}
	}
	// Interleaved calls to both backends with ids of every type: each
	// response carries its request's id exactly (both backends number
	// their requests from the gateway, so ids collide below unless mapped).
	ids := []string{`"s"`, `-1`, `0`, `12345678901234567890`, `9007199254740993`, `"0"`, `"-1"`}
	for i, id := range ids {
		b := []string{"alpha", "beta"}[i%2]
		c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"` + b + `__echo","arguments":{"text":` + jsonString(b+" "+id) + `}}}`)
	}
	for i, id := range ids {
		b := []string{"alpha", "beta"}[i%2]
		m, _ := c.waitFor("response "+id, 0, func(m *rpc.Message) bool { return m.IsResponse() && string(m.ID) == id })
		if !strings.Contains(string(m.Result), jsonString(b+" "+id)) {
			t.Errorf("id %s: got %s", id, m.Result)
		}
	}
}

func jsonString(s string) string { return string(rpc.AppendString(nil, s)) }

// TestSessionCancelForwarded: notifications/cancelled from the IDE reaches
// the backend under the backend's id, and no response for the cancelled
// request reaches the IDE.
func TestSessionCancelForwarded(t *testing.T) {
	c := startSession(t, tbConfig(t, "tb"))
	c.initialize()
	c.waitBackend("tb")

	c.send(`{"jsonrpc":"2.0","id":"slow-1","method":"tools/call","params":{"name":"tb__sleep","arguments":{"ms":60000}}}`)
	// The backend handles messages in order: once a later call is answered,
	// the sleep is registered there.
	if txt, _ := c.toolText(`"after-slow"`, `{"name":"tb__echo","arguments":{"text":"x"}}`); txt != "x" {
		t.Fatalf("echo: %q", txt)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow-1","reason":"test"}}`)
	c.log.waitLog(t, "sleep cancelled") // the backend's stderr, logged by the gateway

	// A cancelled call whose backend answers anyway (progress ignores
	// cancellation): the late progress and response are dropped.
	n := c.count()
	c.send(`{"jsonrpc":"2.0","id":"prog-1","method":"tools/call","params":{"name":"tb__progress","arguments":{"steps":4,"delayMs":100},"_meta":{"progressToken":"pt"}}}`)
	c.waitFor("the first progress", n, func(m *rpc.Message) bool { return m.Method == "notifications/progress" })
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"prog-1"}}`)
	c.log.waitLog(t, "dropped late response")
	// Cancelling again, or an unknown id, is harmless.
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"prog-1"}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-sent"}}`)
	if m := c.request(`"ping-end"`, "ping", ""); m.Error != nil {
		t.Fatal(m.Error)
	}
	progress := 0
	for _, m := range c.all() {
		if m.IsResponse() && (string(m.ID) == `"slow-1"` || string(m.ID) == `"prog-1"`) {
			t.Errorf("a response to a cancelled request reached the IDE: %s %s", m.ID, m.Result)
		}
		if m.Method == "notifications/progress" {
			progress++
		}
	}
	if progress >= 4 {
		t.Errorf("%d progress notifications for a call cancelled after the first, want fewer than 4", progress)
	}
	// The session still serves calls.
	if txt, _ := c.toolText(`"last"`, `{"name":"tb__echo","arguments":{"text":"still here"}}`); txt != "still here" {
		t.Errorf("echo after cancellations: %q", txt)
	}
}

// TestSessionCancelOrchestrate: cancelling an orchestration in flight
// cancels its backend call and sends no response.
func TestSessionCancelOrchestrate(t *testing.T) {
	c := startSession(t, tbConfig(t, "tb"))
	c.initialize()
	c.waitBackend("tb")
	const q = `{"query":"sleep for 60000 ms"}`
	if m := c.request(`"dry"`, "agentify/orchestrateTask", `{"query":"sleep for 60000 ms","dryRun":true}`); m.Error != nil ||
		!strings.Contains(string(m.Result), `"tool":"sleep"`) || !strings.Contains(string(m.Result), `60000`) {
		t.Fatalf("the lexical plan for %s is not tb__sleep 60000: %s %v", q, m.Result, m.Error)
	}
	c.send(`{"jsonrpc":"2.0","id":"orch","method":"agentify/orchestrateTask","params":` + q + `}`)
	time.Sleep(300 * time.Millisecond) // let the call reach the backend (sequencing, not an assertion)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"orch"}}`)
	c.log.waitLog(t, "sleep cancelled")
	if m := c.request(`"ping"`, "ping", ""); m.Error != nil {
		t.Fatal(m.Error)
	}
	for _, m := range c.all() {
		if m.IsResponse() && string(m.ID) == `"orch"` {
			t.Errorf("a cancelled orchestration was answered: %s %v", m.Result, m.Error)
		}
	}
}
