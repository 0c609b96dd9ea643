package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// miniServer is a tiny MCP server for transport tests: it answers
// initialize, "tools/call" of "echo" (one progress notification first when
// the request carries a progress token, then the text argument and the
// session's name back) and "hold" (answered when release is closed).
type miniServer struct {
	name    string
	release chan struct{}
}

func (ms *miniServer) serve(ctx context.Context, s rpc.Stream) {
	var wmu sync.Mutex
	write := func(b string) {
		wmu.Lock()
		defer wmu.Unlock()
		s.Write([]byte(b))
		s.Flush()
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		b, err := s.Read()
		if err != nil {
			return
		}
		m, err := rpc.Decode(b)
		if err != nil || !m.IsRequest() {
			continue
		}
		switch m.Method {
		case "initialize":
			write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":%q,"version":"1"}}}`, m.ID, ms.name))
		case "tools/call":
			var p struct {
				Name      string `json:"name"`
				Arguments struct {
					Text string `json:"text"`
				} `json:"arguments"`
				Meta struct {
					ProgressToken json.RawMessage `json:"progressToken"`
				} `json:"_meta"`
			}
			json.Unmarshal(m.Params, &p)
			if p.Meta.ProgressToken != nil {
				write(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%s,"progress":1,"total":2,"message":%q}}`, p.Meta.ProgressToken, ms.name+":"+p.Arguments.Text))
			}
			result := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":%q}]}}`, m.ID, ms.name+":"+p.Arguments.Text)
			if p.Name == "hold" {
				wg.Add(1)
				go func() { // ends at release or session end
					defer wg.Done()
					select {
					case <-ms.release:
						write(result)
					case <-ctx.Done():
					}
				}()
				continue
			}
			write(result)
		default:
			write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"method not found"}}`, m.ID))
		}
	}
}

type sseEvent struct{ id, data string }

// readSSE parses SSE events from r until EOF or until stop reports true.
func readSSE(t *testing.T, r io.Reader, stop func(sseEvent) bool) []sseEvent {
	t.Helper()
	var out []sseEvent
	var cur sseEvent
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			out = append(out, cur)
			if stop != nil && stop(cur) {
				return out
			}
			cur = sseEvent{}
		case strings.HasPrefix(line, "id: "):
			cur.id = line[4:]
		case strings.HasPrefix(line, "data: "):
			cur.data += line[6:]
		}
	}
	return out
}

type httpClient struct {
	t       *testing.T
	url     string
	session string
	token   string
}

func (c *httpClient) do(method, body string, hdr ...string) *http.Response {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Close = true // no idle keep-alive connections left for goleak
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if c.session != "" {
		req.Header.Set("Mcp-Session-Id", c.session)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if strings.EqualFold(hdr[i], "Host") {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	return resp
}

// initialize opens a session and returns its id.
func (c *httpClient) initialize() {
	c.t.Helper()
	resp := c.do("POST", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		c.t.Fatalf("initialize: status %d", resp.StatusCode)
	}
	c.session = resp.Header.Get("Mcp-Session-Id")
	if len(c.session) < 32 {
		c.t.Fatalf("session id %q: want 128 random bits in hex", c.session)
	}
	evs := readSSE(c.t, resp.Body, nil)
	if len(evs) == 0 || !strings.Contains(evs[len(evs)-1].data, `"serverInfo"`) {
		c.t.Fatalf("initialize events: %+v", evs)
	}
	r2 := c.do("POST", `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	r2.Body.Close()
	if r2.StatusCode != http.StatusAccepted {
		c.t.Fatalf("notifications/initialized: status %d, want 202", r2.StatusCode)
	}
}

// call runs tools/call name(text) with a progress token and returns the
// data of every event of its stream.
func (c *httpClient) call(id int, name, text string) []string {
	c.t.Helper()
	resp := c.do("POST", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{"text":%q},"_meta":{"progressToken":"tok-%d"}}}`, id, name, text, id))
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		c.t.Fatalf("tools/call: status %d: %s", resp.StatusCode, b)
	}
	var out []string
	for _, e := range readSSE(c.t, resp.Body, nil) {
		if e.data != "" {
			out = append(out, e.data)
		}
	}
	return out
}

func newTestHandler(t *testing.T, opts HTTPOptions) (*HTTPHandler, *httptest.Server) {
	t.Helper()
	if opts.Serve == nil {
		opts.Serve = (&miniServer{name: "mini", release: make(chan struct{})}).serve
	}
	h := NewHTTPHandler(opts)
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		h.Close()
		srv.CloseClientConnections()
		srv.Close()
		http.DefaultClient.CloseIdleConnections()
	})
	return h, srv
}

func TestHTTPSessionLifecycle(t *testing.T) {
	h, srv := newTestHandler(t, HTTPOptions{})
	c := &httpClient{t: t, url: srv.URL}
	c.initialize()
	got := c.call(1, "echo", "hi")
	want := []string{
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"tok-1","progress":1,"total":2,"message":"mini:hi"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"mini:hi"}]}}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := h.openSessions(); n != 1 {
		t.Fatalf("sessions = %d, want 1", n)
	}

	for _, tc := range []struct {
		name   string
		method string
		body   string
		hdr    []string
		status int
	}{
		{"unsupported protocol version", "POST", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, []string{"MCP-Protocol-Version", "1999-01-01"}, 400},
		{"unknown session", "POST", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, []string{"Mcp-Session-Id", "nope"}, 404},
		{"no session", "POST", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, []string{"Mcp-Session-Id", ""}, 400},
		{"batch under 2025-11-25", "POST", `[{"jsonrpc":"2.0","id":2,"method":"ping"}]`, nil, 400},
		{"not JSON", "POST", `{nope`, nil, 400},
		{"not acceptable", "POST", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, []string{"Accept", "text/html"}, 406},
		{"PUT", "PUT", ``, nil, 405},
		{"second GET stream is refused", "", ``, nil, 409},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.method == "" {
				first := c.do("GET", "", "Accept", "text/event-stream")
				defer first.Body.Close()
				if first.StatusCode != 200 {
					t.Fatalf("first GET: status %d", first.StatusCode)
				}
				tc.method = "GET"
				tc.hdr = []string{"Accept", "text/event-stream"}
			}
			resp := c.do(tc.method, tc.body, tc.hdr...)
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
		})
	}

	resp := c.do("DELETE", "")
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("DELETE: status %d", resp.StatusCode)
	}
	resp = c.do("POST", `{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("POST after DELETE: status %d, want 404", resp.StatusCode)
	}
}

func TestHTTPToken(t *testing.T) {
	_, srv := newTestHandler(t, HTTPOptions{Token: "s3cret-token"})
	for _, tc := range []struct {
		auth   string
		status int
	}{
		{"", 401},
		{"Bearer wrong", 401},
		{"Basic czNjcmV0LXRva2Vu", 401},
		{"Bearer s3cret-token", 200},
		{"bearer s3cret-token", 200},
	} {
		c := &httpClient{t: t, url: srv.URL}
		var hdr []string
		if tc.auth != "" {
			hdr = []string{"Authorization", tc.auth}
		}
		resp := c.do("POST", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`, hdr...)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("Authorization %q: status %d, want %d", tc.auth, resp.StatusCode, tc.status)
		}
		if tc.status == 401 {
			if !strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer ") {
				t.Errorf("Authorization %q: WWW-Authenticate %q", tc.auth, resp.Header.Get("WWW-Authenticate"))
			}
			if strings.Contains(string(body), "s3cret") {
				t.Errorf("401 body echoes the token: %s", body)
			}
		}
	}
}

func TestHTTPOriginAndHost(t *testing.T) {
	_, srv := newTestHandler(t, HTTPOptions{AllowedOrigins: []string{"https://app.example.com"}})
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`
	for _, tc := range []struct {
		hdr    []string
		status int
	}{
		{[]string{"Host", "evil.example.com"}, 403},
		{[]string{"Host", "evil.example.com:8080", "Origin", "http://evil.example.com:8080"}, 403},
		{[]string{"Origin", "http://evil.example.com"}, 403},
		{[]string{"Origin", "null"}, 403},
		{[]string{"Host", "localhost:1234", "Origin", "http://localhost:1234"}, 200},
		{[]string{"Host", "[::1]:80"}, 200},
		{[]string{"Origin", "https://app.example.com"}, 200},
		{nil, 200},
	} {
		c := &httpClient{t: t, url: srv.URL}
		resp := c.do("POST", init, tc.hdr...)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%v: status %d, want %d", tc.hdr, resp.StatusCode, tc.status)
		}
	}
	// With a token, a foreign Host is fine (a rebinding page cannot know
	// the token); a foreign Origin still is not.
	_, tsrv := newTestHandler(t, HTTPOptions{Token: "t"})
	c := &httpClient{t: t, url: tsrv.URL, token: "t"}
	for _, tc := range []struct {
		hdr    []string
		status int
	}{
		{[]string{"Host", "mcp.internal:8080"}, 200},
		{[]string{"Origin", "http://evil.example.com"}, 403},
	} {
		resp := c.do("POST", init, tc.hdr...)
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("token, %v: status %d, want %d", tc.hdr, resp.StatusCode, tc.status)
		}
	}
}

func TestHTTPBodyLimit(t *testing.T) {
	h, srv := newTestHandler(t, HTTPOptions{MaxBodyBytes: 1024})
	c := &httpClient{t: t, url: srv.URL}
	c.initialize()
	big := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":%q}}}`, strings.Repeat("x", 2000))
	resp := c.do("POST", big)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413", resp.StatusCode)
	}
	// The session survives: nothing was lost.
	if got := c.call(2, "echo", "small"); len(got) != 2 || !strings.Contains(got[1], "mini:small") {
		t.Fatalf("after 413: %v", got)
	}
	if h.openSessions() != 1 {
		t.Fatalf("sessions = %d", h.openSessions())
	}
}

func TestHTTPIdleExpiry(t *testing.T) {
	h, srv := newTestHandler(t, HTTPOptions{IdleTimeout: 20 * time.Millisecond})
	c := &httpClient{t: t, url: srv.URL}
	resp := c.do("POST", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}`)
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if c.session = resp.Header.Get("Mcp-Session-Id"); c.session == "" {
		t.Fatal("no session id")
	}
	for h.openSessions() != 0 {
		time.Sleep(5 * time.Millisecond) // the test's own deadline bounds this
	}
	resp = c.do("POST", `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("expired session: status %d, want 404", resp.StatusCode)
	}
}

// Two sessions call at once with the same request ids and progress tokens:
// each gets only its own progress and responses.
func TestHTTPTwoSessions(t *testing.T) {
	var mu sync.Mutex
	n := 0
	_, srv := newTestHandler(t, HTTPOptions{Serve: func(ctx context.Context, s rpc.Stream) {
		mu.Lock()
		n++
		name := fmt.Sprintf("s%d", n)
		mu.Unlock()
		(&miniServer{name: name}).serve(ctx, s)
	}})
	a, b := &httpClient{t: t, url: srv.URL}, &httpClient{t: t, url: srv.URL}
	a.initialize()
	b.initialize()
	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for _, c := range []*httpClient{a, b} {
		name := map[*httpClient]string{a: "s1", b: "s2"}[c]
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 1; i <= 50; i++ {
				got := c.call(i, "echo", fmt.Sprint(i))
				want := fmt.Sprintf("%s:%d", name, i)
				if len(got) != 2 || !strings.Contains(got[0], `"tok-`+fmt.Sprint(i)+`"`) || !strings.Contains(got[0], want) || !strings.Contains(got[1], `"id":`+fmt.Sprint(i)+`,`) || !strings.Contains(got[1], want) {
					errs <- fmt.Sprintf("%s call %d: %v", name, i, got)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// A POST stream cut before its response is resumed with GET and
// Last-Event-ID; the response arrives there.
func TestHTTPResume(t *testing.T) {
	ms := &miniServer{name: "mini", release: make(chan struct{})}
	_, srv := newTestHandler(t, HTTPOptions{Serve: ms.serve})
	c := &httpClient{t: t, url: srv.URL}
	c.initialize()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL, strings.NewReader(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"hold","arguments":{"text":"late"},"_meta":{"progressToken":"p7"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", c.session)
	req.Close = true
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// The priming event (id, empty data) and the progress notification.
	evs := readSSE(t, resp.Body, func(e sseEvent) bool { return strings.Contains(e.data, "notifications/progress") })
	if len(evs) != 2 || evs[0].data != "" || evs[0].id == "" {
		t.Fatalf("first events: %+v", evs)
	}
	last := evs[1].id
	cancel()
	resp.Body.Close()

	// The response is written while the stream is cut (or about to be
	// noticed as cut); either way the resumed stream must replay it.
	close(ms.release)
	r2 := c.do("GET", "", "Accept", "text/event-stream", "Last-Event-ID", last)
	defer r2.Body.Close()
	if r2.StatusCode != 200 {
		t.Fatalf("resume: status %d", r2.StatusCode)
	}
	got := readSSE(t, r2.Body, nil)
	if len(got) != 1 || !strings.Contains(got[0].data, `"id":7`) || !strings.Contains(got[0].data, "mini:late") {
		t.Fatalf("resumed events: %+v", got)
	}
}

// Stateless mode: two handlers (two replicas), requests alternating
// between them, no initialize and no session id.
func TestHTTPStatelessReplicas(t *testing.T) {
	var replicas []*httptest.Server
	for i := range 2 {
		_, srv := newTestHandler(t, HTTPOptions{Stateless: true, Serve: (&miniServer{name: fmt.Sprintf("r%d", i)}).serve})
		replicas = append(replicas, srv)
	}
	for i := range 6 {
		srv := replicas[i%2]
		c := &httpClient{t: t, url: srv.URL}
		resp := c.do("POST", fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`, i), "MCP-Protocol-Version", "2025-11-25")
		if resp.Header.Get("Mcp-Session-Id") != "" {
			t.Errorf("stateless response carries a session id")
		}
		evs := readSSE(t, resp.Body, nil)
		resp.Body.Close()
		var data []string
		for _, e := range evs {
			if e.data != "" {
				data = append(data, e.data)
			}
		}
		want := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[{"type":"text","text":"r%d:x"}]}}`, i, i%2)
		if len(data) != 1 || data[0] != want {
			t.Errorf("request %d: %v, want %s (the synthetic initialize's response must be swallowed)", i, data, want)
		}
	}
	c := &httpClient{t: t, url: replicas[0].URL}
	resp := c.do("GET", "", "Accept", "text/event-stream")
	resp.Body.Close()
	if resp.StatusCode != 405 {
		t.Errorf("stateless GET: status %d, want 405", resp.StatusCode)
	}
}

// A client that accepts only JSON gets the response as a JSON body; a
// 2025-03-26 batch gets an array.
func TestHTTPJSONResponseAndBatch(t *testing.T) {
	_, srv := newTestHandler(t, HTTPOptions{})
	c := &httpClient{t: t, url: srv.URL}
	c.initialize()
	resp := c.do("POST", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"j"}}}`, "Accept", "application/json")
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/json" || string(body) != `{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"mini:j"}]}}` {
		t.Fatalf("JSON response: %s %s", ct, body)
	}
	resp = c.do("POST", `[{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"echo","arguments":{"text":"1"}}},{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"echo","arguments":{"text":"2"}}}]`,
		"Accept", "application/json", "MCP-Protocol-Version", "2025-03-26")
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	var arr []map[string]any
	if err := json.Unmarshal(body, &arr); err != nil || len(arr) != 2 {
		t.Fatalf("batch response: %s (%v)", body, err)
	}
}

func TestCheckHTTPAddr(t *testing.T) {
	for _, tc := range []struct {
		addr  string
		token bool
		ok    bool
	}{
		{"127.0.0.1:8080", false, true},
		{"localhost:0", false, true},
		{"[::1]:80", false, true},
		{":8080", false, false},
		{"0.0.0.0:8080", false, false},
		{"0.0.0.0:8080", true, true},
		{"nonsense", true, false},
	} {
		if err := CheckHTTPAddr(tc.addr, tc.token); (err == nil) != tc.ok {
			t.Errorf("CheckHTTPAddr(%q, %v) = %v", tc.addr, tc.token, err)
		}
	}
}
