package debugui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"go.uber.org/goleak"

	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

type testEnv struct {
	srv *Server
	hub *telemetry.Hub
}

func startTest(t *testing.T, mod func(*Options)) *testEnv {
	t.Helper()
	hub, log := newFakeHub()
	opts := Options{Hub: hub, Source: fakeSource{started: time.Now().Add(-time.Hour)}, Runner: fakeRunner{hub: hub, log: log}, Restarter: &fakeRestarter{}, Version: "v0.1.0-test"}
	if mod != nil {
		mod(&opts)
	}
	srv, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return &testEnv{srv: srv, hub: hub}
}

// do sends a request to path on the test server; hdr holds extra headers
// ("Host" sets the Host header).
func (e *testEnv) do(t *testing.T, method, path, body string, hdr map[string]string) (int, string, http.Header) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.srv.URL()+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := hdr["Authorization"]; !ok {
		req.Header.Set("Authorization", "Bearer "+e.srv.Token())
	}
	for k, v := range hdr {
		if v == "" {
			continue // an empty Authorization means: send none
		}
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

func TestStartRefusesNonLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", "192.168.1.5:8080", "example.com:80", ":::0", "[::]:0"} {
		if s, err := Start(context.Background(), Options{Addr: addr}); err == nil {
			s.Close()
			t.Errorf("Start(%q) succeeded", addr)
		}
	}
	for _, addr := range []string{"", "127.0.0.1:0", "localhost:0", "[::1]:0", ":0", "0"} {
		s, err := Start(context.Background(), Options{Addr: addr})
		if err != nil {
			t.Errorf("Start(%q): %v", addr, err)
			continue
		}
		if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") || strings.HasSuffix(s.URL(), ":0") {
			t.Errorf("URL = %s", s.URL())
		}
		s.Close()
	}
	if _, err := Start(context.Background(), Options{Addr: "10.0.0.1:0"}); !errors.Is(err, ErrNotLoopback) {
		t.Errorf("err = %v, want ErrNotLoopback", err)
	}
}

func TestStartStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, Options{})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	s.Close() // waits for the watcher; goleak checks the rest
	if _, err := http.Get(s.URL() + "/api/status"); err == nil {
		t.Error("server still answering after ctx cancel and Close")
	}
}

func TestEndpoints(t *testing.T) {
	e := startTest(t, nil)
	tests := []struct {
		path     string
		wantType string
		check    func(t *testing.T, body string)
	}{
		{"/api/status", "application/json", func(t *testing.T, b string) {
			var v struct {
				Version string
				Console bool
				Status  StatusView
			}
			mustJSON(t, b, &v)
			if v.Version != "v0.1.0-test" || !v.Console || v.Status.Tools != 5 || v.Status.Ready || v.Status.State != "degraded" {
				t.Errorf("status = %+v", v)
			}
		}},
		{"/api/backends", "application/json", func(t *testing.T, b string) {
			var v []BackendView
			mustJSON(t, b, &v)
			if len(v) != 3 || v[2].State != "unavailable" || v[1].Restarts != 1 {
				t.Errorf("backends = %+v", v)
			}
		}},
		{"/api/tools", "application/json", func(t *testing.T, b string) {
			var v []ToolView
			mustJSON(t, b, &v)
			if len(v) != 5 || !strings.Contains(string(v[0].InputSchema), `"required":["query"]`) {
				t.Errorf("tools = %+v", v)
			}
		}},
		{"/api/config", "application/json", func(t *testing.T, b string) {
			for _, want := range []string{`"GITHUB_PERSONAL_ACCESS_TOKEN":"***"`, `"MY_API_KEY":"***"`, `"apiKey":"***"`, `"Authorization":"***"`, `"model":"gpt-4.1-mini"`, `9007199254740993`} {
				if !strings.Contains(b, want) {
					t.Errorf("config lacks %s: %s", want, b)
				}
			}
		}},
		{"/api/logs", "application/json", func(t *testing.T, b string) {
			var v []telemetry.LogEntry
			mustJSON(t, b, &v)
			if len(v) != 5 {
				t.Errorf("logs = %d entries", len(v))
			}
		}},
		{"/api/logs?level=warn&backend=weather&q=connect&limit=10", "application/json", func(t *testing.T, b string) {
			var v []telemetry.LogEntry
			mustJSON(t, b, &v)
			if len(v) != 1 || v[0].Message != "connect failed" {
				t.Errorf("filtered logs = %+v", v)
			}
		}},
		{"/api/logs?limit=2", "application/json", func(t *testing.T, b string) {
			var v []telemetry.LogEntry
			mustJSON(t, b, &v)
			if len(v) != 2 {
				t.Errorf("limited logs = %d", len(v))
			}
		}},
		{"/api/mcptrace", "application/json", func(t *testing.T, b string) {
			var v []struct {
				Seq     uint64
				Type    string
				MCP     *telemetry.TraceEvent
				Planner *telemetry.PlannerEvent
			}
			mustJSON(t, b, &v)
			if len(v) != 6 || v[3].MCP.Pair != 3 || v[3].MCP.LatencyMs != 42 || v[3].MCP.Method != "tools/call" || v[5].Planner.Attempts != 2 {
				t.Errorf("trace = %s", b)
			}
		}},
		{"/api/mcptrace?backend=github&kind=response", "application/json", func(t *testing.T, b string) {
			var v []json.RawMessage
			mustJSON(t, b, &v)
			if len(v) != 1 {
				t.Errorf("filtered trace = %s", b)
			}
		}},
		{"/api/mcptrace?method=initialize&limit=1", "application/json", func(t *testing.T, b string) {
			// The response got its request's method filled in by the bus.
			if !strings.Contains(b, `"seq":2`) || strings.Count(b, `"seq"`) != 1 {
				t.Errorf("method filter = %s", b)
			}
		}},
		{"/api/metrics", "application/json", func(t *testing.T, b string) {
			var v telemetry.MetricsSnapshot
			mustJSON(t, b, &v)
			if len(v.Backends) != 3 || v.Backends[1].Calls != 10 || v.Backends[2].Timeouts != 3 {
				t.Errorf("metrics = %+v", v.Backends)
			}
		}},
		{"/metrics", "text/plain", func(t *testing.T, b string) {
			if !strings.Contains(b, `agentify_tool_calls_total{backend="github",tool="search_repositories"} 9`) {
				t.Errorf("prometheus = %s", b)
			}
		}},
		{"/", "text/html", func(t *testing.T, b string) {
			if !strings.Contains(b, "<html") {
				t.Errorf("index = %.200s", b)
			}
		}},
		{"/app.js", "text/javascript", nil},
		{"/style.css", "text/css", nil},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			code, body, hdr := e.do(t, "GET", tt.path, "", nil)
			if code != 200 {
				t.Fatalf("status %d: %s", code, body)
			}
			if ct := hdr.Get("Content-Type"); !strings.HasPrefix(ct, tt.wantType) {
				t.Errorf("Content-Type = %q, want %s", ct, tt.wantType)
			}
			if hdr.Get("Access-Control-Allow-Origin") != "" {
				t.Error("CORS header sent")
			}
			if hdr.Get("Content-Security-Policy") == "" {
				t.Error("no CSP")
			}
			if tt.check != nil {
				tt.check(t, body)
			}
		})
	}
}

func mustJSON(t *testing.T, body string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatalf("decode %q: %v", body, err)
	}
}

func TestHostCheck(t *testing.T) {
	e := startTest(t, nil)
	port := strings.TrimPrefix(e.srv.URL(), "http://127.0.0.1:")
	tests := []struct {
		host string
		want int
	}{
		{"127.0.0.1:" + port, 200},
		{"localhost:" + port, 200},
		{"LocalHost:" + port, 200},
		{"[::1]:" + port, 200},
		{"evil.example.com:" + port, 403},
		{"127.0.0.1.nip.io:" + port, 403},
		{"127.0.0.1", 403},          // no port
		{"127.0.0.1:1", 403},        // wrong port
		{"localhost.:" + port, 403}, // trailing dot is another name
		{"10.0.0.1:" + port, 403},
	}
	for _, tt := range tests {
		for _, path := range []string{"/", "/api/status", "/ws/logs"} {
			code, _, _ := e.do(t, "GET", path, "", map[string]string{"Host": tt.host})
			if tt.want == 200 && path == "/ws/logs" {
				continue // not an upgrade: the WebSocket library answers 426
			}
			if code != tt.want {
				t.Errorf("Host %q %s: %d, want %d", tt.host, path, code, tt.want)
			}
		}
	}
}

func TestToken(t *testing.T) {
	e := startTest(t, func(o *Options) { o.Token = "tok-123456" })
	tests := []struct {
		name, path string
		hdr        map[string]string
		want       int
	}{
		{"page needs no token", "/", noAuth, 200},
		{"api without token", "/api/status", noAuth, 401},
		{"api with query token", "/api/status?token=tok-123456", noAuth, 200},
		{"api with bearer", "/api/status", map[string]string{"Authorization": "Bearer tok-123456"}, 200},
		{"api wrong bearer", "/api/status", map[string]string{"Authorization": "Bearer nope"}, 401},
		{"api wrong query", "/api/logs?token=tok-12345", noAuth, 401},
		{"prometheus without token", "/metrics", noAuth, 401},
		{"ws without token", "/ws/logs", noAuth, 401},
	}
	for _, tt := range tests {
		if code, body, _ := e.do(t, "GET", tt.path, "", tt.hdr); code != tt.want {
			t.Errorf("%s: %d, want %d (%s)", tt.name, code, tt.want, body)
		}
	}
	if !strings.HasSuffix(e.srv.PageURL(), "/#token=tok-123456") {
		t.Errorf("PageURL = %s", e.srv.PageURL())
	}
	ctx := context.Background()
	if c, _, err := websocket.Dial(ctx, wsURL(e.srv, "/ws/logs?token=tok-123456"), nil); err != nil {
		t.Errorf("ws with token: %v", err)
	} else {
		c.CloseNow()
	}
}

func TestRun(t *testing.T) {
	e := startTest(t, nil)
	origin := e.srv.URL()
	json := map[string]string{"Content-Type": "application/json", "Origin": origin}
	tests := []struct {
		name, body string
		hdr        map[string]string
		want       int
		contains   string
	}{
		{"dry run", `{"query":"find repo about mcp","dryRun":true}`, json, 200, `"tool":"search_repositories"`},
		{"run", `{"query":"read file README"}`, json, 200, `3 repositories found`},
		{"runner error", `{"query":"make coffee"}`, json, 200, `"error":"no action could be determined"`},
		{"empty query", `{"query":""}`, json, 400, `query: required`},
		{"bad json", `{"query":`, json, 400, `invalid JSON`},
		{"text/plain (form CSRF)", `{"query":"repo"}`, map[string]string{"Content-Type": "text/plain", "Origin": origin}, 415, ""},
		{"foreign origin", `{"query":"repo"}`, map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example.com"}, 403, ""},
		{"too large", `{"query":"` + strings.Repeat("a", maxRunBody) + `"}`, json, 413, ""},
	}
	for _, tt := range tests {
		code, body, _ := e.do(t, "POST", "/api/run", tt.body, tt.hdr)
		if code != tt.want || !strings.Contains(body, tt.contains) {
			t.Errorf("%s: %d %s; want %d containing %s", tt.name, code, body, tt.want, tt.contains)
		}
	}
	if code, _, _ := e.do(t, "GET", "/api/run", "", nil); code != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/run: %d", code)
	}
	// The run published a planner event and a paired request/response.
	tr := e.hub.Trace.Recent(telemetry.TraceFilter{Backend: "filesystem", Kind: "response"})
	if len(tr) != 1 || tr[0].MCP.Pair == 0 || tr[0].MCP.Method != "tools/call" {
		t.Errorf("trace after run = %+v", tr)
	}

	noRunner := startTest(t, func(o *Options) { o.Runner = nil })
	if code, _, _ := noRunner.do(t, "POST", "/api/run", `{"query":"x"}`, map[string]string{"Content-Type": "application/json"}); code != http.StatusNotImplemented {
		t.Errorf("nil runner: %d", code)
	}
}

func TestNilSourceAndHub(t *testing.T) {
	s, err := Start(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e := &testEnv{srv: s}
	for path, want := range map[string]string{"/api/backends": "[]", "/api/tools": "[]", "/api/config": "{}", "/api/logs": "[]", "/api/mcptrace": "[]"} {
		if code, body, _ := e.do(t, "GET", path, "", nil); code != 200 || strings.TrimSpace(body) != want {
			t.Errorf("%s: %d %s", path, code, body)
		}
	}
}

// TestNoSecretLeaks reads every endpoint and both streams and looks for any
// planted secret in any form.
func TestNoSecretLeaks(t *testing.T) {
	e := startTest(t, nil)
	// Run a task whose query holds a secret, so the planner event has it.
	e.do(t, "POST", "/api/run", `{"query":"read file with `+secretGitHub+`"}`, map[string]string{"Content-Type": "application/json"})
	var all strings.Builder
	for _, p := range []string{"/api/status", "/api/backends", "/api/tools", "/api/config", "/api/logs", "/api/mcptrace", "/api/metrics", "/metrics"} {
		_, body, _ := e.do(t, "GET", p, "", nil)
		all.WriteString(body)
	}
	for _, p := range []string{"/ws/logs", "/ws/mcptrace"} {
		c, _, err := websocket.Dial(context.Background(), wsURL(e.srv, p), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, b, err := c.Read(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		all.Write(b)
		c.CloseNow()
	}
	got := all.String()
	for _, s := range allSecrets {
		b, _ := json.Marshal(s)
		for _, form := range []string{s, string(b[1 : len(b)-1])} {
			if strings.Contains(got, form) {
				t.Errorf("secret %q visible", form)
			}
		}
	}
	for _, piece := range []string{"FAKEopenai", "FAKEgithub", "custom", "plain-looking"} {
		if strings.Contains(got, piece) {
			t.Errorf("secret fragment %q visible", piece)
		}
	}
}

// wsURL is the WebSocket URL of path with the server's token.
func wsURL(s *Server, path string) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return "ws" + strings.TrimPrefix(s.URL(), "http") + path + sep + "token=" + s.Token()
}

type wsMsg struct {
	Backlog []json.RawMessage `json:"backlog"`
	Entries []wsMsg           `json:"entries"`
	Seq     uint64            `json:"seq"`
	Message string            `json:"message"`
	Missed  uint64            `json:"missed"`
	Type    string            `json:"type"`
}

// readMsg reads one frame: the backlog, or a batch of live entries.
func readMsg(t *testing.T, c *websocket.Conn) wsMsg {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m wsMsg
	mustJSON(t, string(b), &m)
	return m
}

// readLive reads one live frame and returns its single entry.
func readLive(t *testing.T, c *websocket.Conn) wsMsg {
	t.Helper()
	m := readMsg(t, c)
	if len(m.Entries) != 1 {
		t.Fatalf("live frame holds %d entries, want 1: %+v", len(m.Entries), m)
	}
	return m.Entries[0]
}

func TestWebSocketBacklogThenLive(t *testing.T) {
	e := startTest(t, nil)
	log := e.hub.Logs
	ctx := context.Background()

	c, _, err := websocket.Dial(ctx, wsURL(e.srv, "/ws/logs?level=info"), &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {e.srv.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if m := readMsg(t, c); len(m.Backlog) != 4 { // the debug line is filtered out
		t.Fatalf("backlog = %d entries, want 4", len(m.Backlog))
	}
	fmt.Fprint(log, `{"level":"debug","message":"filtered"}`)
	fmt.Fprint(log, `{"level":"info","message":"live one"}`)
	if m := readLive(t, c); m.Message != "live one" || m.Seq != 7 {
		t.Errorf("live = %+v", m)
	}

	tc, _, err := websocket.Dial(ctx, wsURL(e.srv, "/ws/mcptrace?kind=planner"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tc.CloseNow()
	if m := readMsg(t, tc); len(m.Backlog) != 1 {
		t.Fatalf("trace backlog = %d", len(m.Backlog))
	}
	e.hub.Trace.PublishPlanner(telemetry.PlannerEvent{Planner: "lexical", Query: "q"})
	if m := readLive(t, tc); m.Type != "planner" {
		t.Errorf("live trace = %+v", m)
	}
}

func TestWebSocketOrigin(t *testing.T) {
	e := startTest(t, nil)
	port := strings.TrimPrefix(e.srv.URL(), "http://127.0.0.1:")
	tests := []struct {
		origin string
		ok     bool
	}{
		{"", true}, // not a browser
		{"http://127.0.0.1:" + port, true},
		{"http://evil.example.com", false},
		{"http://localhost:" + port, false}, // loopback, but not the origin the request went to
		{"http://127.0.0.1:1", false},
		{"https://127.0.0.1:" + port, false},
		{"null", false},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.origin != "" {
			h.Set("Origin", tt.origin)
		}
		c, resp, err := websocket.Dial(context.Background(), wsURL(e.srv, "/ws/mcptrace"), &websocket.DialOptions{HTTPHeader: h})
		if c != nil {
			c.CloseNow()
		}
		if tt.ok != (err == nil) {
			t.Errorf("Origin %q: err = %v, want ok=%v", tt.origin, err, tt.ok)
		}
		if !tt.ok && resp != nil && resp.StatusCode != http.StatusForbidden {
			t.Errorf("Origin %q: status %d, want 403", tt.origin, resp.StatusCode)
		}
	}
}

// TestStalledReaderDoesNotBlock connects a client that never reads and
// publishes far more than any buffer holds: Publish must keep returning,
// and the server must still close cleanly.
func TestStalledReaderDoesNotBlock(t *testing.T) {
	e := startTest(t, nil)
	c, _, err := websocket.Dial(context.Background(), wsURL(e.srv, "/ws/mcptrace"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(-1)
	big := json.RawMessage(`{"data":"` + strings.Repeat("x", 32<<10) + `"}`)
	done := make(chan struct{})
	go func() { // publisher; joined through done
		defer close(done)
		for i := 0; i < 5000; i++ {
			e.hub.Trace.Publish(telemetry.TraceEvent{Dir: telemetry.DirBackendToGateway, Backend: "b", Kind: telemetry.KindNotification, Method: "m", Payload: big})
		}
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second): // a deadlock guard, not a speed assertion
		t.Fatal("Publish blocked behind a stalled WebSocket reader")
	}
	// Now read: the stream resumes and reports what it dropped.
	var missed uint64
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for missed == 0 {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var m wsMsg
		mustJSON(t, string(b), &m)
		for _, e := range m.Entries {
			missed += e.Missed
		}
		if n := len(m.Entries); n > 0 && m.Entries[n-1].Seq == 5006 {
			break
		}
	}
	if missed == 0 {
		t.Error("no entry reported missed entries")
	}
}

func TestCloseEndsStreams(t *testing.T) {
	e := startTest(t, nil)
	c, _, err := websocket.Dial(context.Background(), wsURL(e.srv, "/ws/logs"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	readMsg(t, c)
	if err := e.srv.Close(); err != nil {
		t.Logf("Close: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, _, err := c.Read(ctx); websocket.CloseStatus(err) != websocket.StatusGoingAway && err == nil {
		t.Errorf("read after Close: %v", err)
	}
}

// noAuth makes testEnv.do send no Authorization header.
var noAuth = map[string]string{"Authorization": ""}

// TestRandomTokenWhenNoneConfigured: without a configured token the
// dashboard still refuses unauthenticated API calls, WebSockets and console
// runs, with a fresh token per run given in the page URL's fragment.
func TestRandomTokenWhenNoneConfigured(t *testing.T) {
	a, b := startTest(t, nil), startTest(t, nil)
	if a.srv.Token() == "" || a.srv.Token() == b.srv.Token() || len(a.srv.Token()) < 20 {
		t.Fatalf("tokens %q and %q: want distinct random tokens", a.srv.Token(), b.srv.Token())
	}
	if want := a.srv.URL() + "/#token=" + a.srv.Token(); a.srv.PageURL() != want {
		t.Errorf("PageURL = %s, want %s", a.srv.PageURL(), want)
	}
	run := map[string]string{"Content-Type": "application/json", "Authorization": ""}
	if code, body, _ := a.do(t, "POST", "/api/run", `{"query":"read file README"}`, run); code != http.StatusUnauthorized {
		t.Errorf("POST /api/run without token: %d %s", code, body)
	}
	if code, _, _ := a.do(t, "GET", "/api/config", "", noAuth); code != http.StatusUnauthorized {
		t.Errorf("GET /api/config without token: %d", code)
	}
	if code, _, _ := a.do(t, "GET", "/api/status", "", map[string]string{"Authorization": "Bearer " + b.srv.Token()}); code != http.StatusUnauthorized {
		t.Errorf("another run's token accepted: %d", code)
	}
	if code, _, _ := a.do(t, "GET", "/api/status", "", nil); code != http.StatusOK {
		t.Errorf("with the token: %d", code)
	}
	if _, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(a.srv.URL(), "http")+"/ws/mcptrace", nil); err == nil {
		t.Error("WebSocket without token accepted")
	}
}

// TestWatcherCap: streams beyond MaxWatchers are refused with 503, and a
// closed stream frees its place.
func TestWatcherCap(t *testing.T) {
	e := startTest(t, func(o *Options) { o.MaxWatchers = 2 })
	ctx := context.Background()
	var open []*websocket.Conn
	for range 2 {
		c, _, err := websocket.Dial(ctx, wsURL(e.srv, "/ws/logs"), nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.CloseNow()
		readMsg(t, c)
		open = append(open, c)
	}
	_, resp, err := websocket.Dial(ctx, wsURL(e.srv, "/ws/mcptrace"), nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("third stream: err %v, resp %v; want 503", err, resp)
	}
	open[0].Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, _, err := websocket.Dial(ctx, wsURL(e.srv, "/ws/mcptrace"), nil)
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the closed stream's place was not freed: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRestartEndpoint: POST /api/backends/{id}/restart reaches the
// Restarter under the console's guards (token, origin, JSON).
func TestRestartEndpoint(t *testing.T) {
	e := startTest(t, nil)
	rs := e.srv.opts.Restarter.(*fakeRestarter)
	js := map[string]string{"Content-Type": "application/json", "Origin": e.srv.URL()}
	tests := []struct {
		name, path string
		hdr        map[string]string
		want       int
	}{
		{"ok", "/api/backends/weather/restart", js, http.StatusAccepted},
		{"unknown", "/api/backends/nope/restart", js, http.StatusNotFound},
		{"no token", "/api/backends/weather/restart", map[string]string{"Content-Type": "application/json", "Authorization": ""}, http.StatusUnauthorized},
		{"cross origin", "/api/backends/weather/restart", map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example.com"}, http.StatusForbidden},
		{"form post", "/api/backends/weather/restart", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType},
	}
	for _, tt := range tests {
		if code, body, _ := e.do(t, "POST", tt.path, "{}", tt.hdr); code != tt.want {
			t.Errorf("%s: %d, want %d (%s)", tt.name, code, tt.want, body)
		}
	}
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if len(rs.ids) != 1 || rs.ids[0] != "weather" {
		t.Errorf("restarted %q, want [weather]", rs.ids)
	}
	if code, body, _ := e.do(t, "GET", "/api/status", "", nil); code != 200 || !strings.Contains(body, `"restart":true`) {
		t.Errorf("status does not announce the restart button: %s", body)
	}
}
