package backends

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rs/zerolog"
)

// dialRemote connects to an http (Streamable HTTP), sse (legacy HTTP+SSE)
// or websocket backend and returns a stream of raw JSON-RPC messages. The
// gateway runs the MCP handshake itself over it, as for stdio backends.
//
// Header values (cfg.Headers) are secrets: they are sent, never logged.
//
// oa, when set, authorizes http and sse requests (see [authTransport]).
func dialRemote(ctx context.Context, cfg *schemas.Backend, oa *OAuth, maxMsg int, log zerolog.Logger) (rpc.Stream, error) {
	if cfg.URL == "" {
		return nil, fmt.Errorf("transport %q needs a url", cfg.Type)
	}
	if maxMsg <= 0 {
		maxMsg = rpc.DefaultMaxMessageBytes
	}
	names := make([]string, 0, len(cfg.Headers))
	for k := range cfg.Headers {
		names = append(names, k)
	}
	slices.Sort(names)
	log.Debug().Str("transport", cfg.Type).Str("url", cfg.URL).Strs("headers", names).Msg("connecting to remote backend")
	switch strings.ToLower(cfg.Type) {
	case schemas.TypeHTTP, "streamable-http", "streamablehttp":
		return dialSDK(ctx, cfg, oa, maxMsg, log, true)
	case schemas.TypeSSE:
		return dialSDK(ctx, cfg, oa, maxMsg, log, false)
	case schemas.TypeWebSocket, "ws":
		return dialWebSocket(ctx, cfg, maxMsg)
	}
	return nil, fmt.Errorf("transport %q is not supported", cfg.Type)
}

// headerTransport adds the configured headers and, once the handshake has
// negotiated it, the MCP-Protocol-Version header to every HTTP request.
type headerTransport struct {
	base    http.RoundTripper
	headers map[string]string
	version atomic.Pointer[string] // negotiated protocol version, nil before initialize completes
}

func (t *headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range t.headers {
		r.Header.Set(k, v)
	}
	// Streamable HTTP: "the client MUST include the MCP-Protocol-Version
	// header on all subsequent requests to the MCP server". The SDK adds it
	// only for its own ClientSession, which the gateway does not use.
	if v := t.version.Load(); v != nil && r.Header.Get("Mcp-Protocol-Version") == "" {
		r.Header.Set("Mcp-Protocol-Version", *v)
	}
	return t.base.RoundTrip(r)
}

// sdkStream adapts a go-sdk client [mcp.Connection] (a byte pipe for
// Streamable HTTP or HTTP+SSE) to [rpc.Stream].
//
// The SDK's Streamable HTTP connection opens its standalone GET stream (for
// server-initiated messages outside any request) only when an SDK
// ClientSession tells it that initialize completed. The gateway runs the
// handshake itself, so sdkStream watches the handshake go by and opens that
// stream itself (see [sdkStream.listen]).
type sdkStream struct {
	conn       mcp.Connection
	rt         *headerTransport
	client     *http.Client
	endpoint   string
	streamable bool
	maxMsg     int
	log        zerolog.Logger

	ctx    context.Context // the stream's lifetime; ended by Close
	cancel context.CancelFunc
	in     chan []byte   // messages for Read, from the pump, the listener and failed writes
	done   chan struct{} // closed when the pump has ended
	err    error         // why the pump ended; read after done is closed
	wg     sync.WaitGroup

	mu       sync.Mutex
	initID   string // guarded by mu; raw id of our initialize request
	listened bool   // guarded by mu; standalone stream started
	failErr  error  // guarded by mu; a write failure that ended the stream
}

func dialSDK(ctx context.Context, cfg *schemas.Backend, oa *OAuth, maxMsg int, log zerolog.Logger, streamable bool) (rpc.Stream, error) {
	var base http.RoundTripper = http.DefaultTransport
	if oa != nil {
		base = &authTransport{base: base, o: oa}
	}
	rt := &headerTransport{base: base, headers: cfg.Headers}
	client := &http.Client{Transport: rt}
	var t mcp.Transport
	if streamable {
		t = &mcp.StreamableClientTransport{Endpoint: cfg.URL, HTTPClient: client, MaxEventSize: maxMsg, DisableStandaloneSSE: true}
	} else {
		t = &mcp.SSEClientTransport{Endpoint: cfg.URL, HTTPClient: client, MaxEventSize: maxMsg}
	}
	conn, err := t.Connect(ctx)
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", cfg.URL, err)
	}
	s := &sdkStream{
		conn: conn, rt: rt, client: client, endpoint: cfg.URL, streamable: streamable, maxMsg: maxMsg, log: log,
		in: make(chan []byte, 16), done: make(chan struct{}),
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	// The pump is owned by s: it ends when the connection fails or Close ends it.
	go s.pump()
	return s, nil
}

func (s *sdkStream) pump() {
	defer close(s.done)
	for {
		msg, err := s.conn.Read(s.ctx)
		if err != nil {
			s.err = err
			return
		}
		b, err := jsonrpc.EncodeMessage(msg)
		if err != nil {
			s.log.Warn().Err(err).Msg("remote backend sent a message that cannot be re-encoded")
			continue
		}
		if r, ok := msg.(*jsonrpc.Response); ok {
			s.sawResponse(r)
		}
		select {
		case s.in <- b:
		case <-s.ctx.Done():
			s.err = io.EOF
			return
		}
	}
}

// sawResponse takes the negotiated protocol version from the initialize
// response, for the MCP-Protocol-Version header.
func (s *sdkStream) sawResponse(r *jsonrpc.Response) {
	id, _ := json.Marshal(r.ID.Raw())
	s.mu.Lock()
	isInit := s.initID != "" && s.initID == string(id)
	s.mu.Unlock()
	if !isInit || r.Error != nil {
		return
	}
	var ir struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if json.Unmarshal(r.Result, &ir) == nil && ir.ProtocolVersion != "" {
		v := ir.ProtocolVersion
		s.rt.version.Store(&v)
	}
}

func (s *sdkStream) Read() ([]byte, error) {
	select {
	case b := <-s.in:
		return b, nil
	case <-s.done:
		// Drain what the listener or a failed write still queued.
		select {
		case b := <-s.in:
			return b, nil
		default:
		}
		s.mu.Lock()
		ferr := s.failErr
		s.mu.Unlock()
		switch {
		case ferr != nil:
			return nil, ferr
		case s.err == nil || errors.Is(s.err, context.Canceled):
			return nil, io.EOF
		}
		return nil, s.err
	}
}

func (s *sdkStream) Write(b []byte) error {
	msg, err := jsonrpc.DecodeMessage(b)
	if err != nil {
		return fmt.Errorf("encoding for the remote backend: %w", err)
	}
	req, isReq := msg.(*jsonrpc.Request)
	if isReq && req.Method == "initialize" {
		id, _ := json.Marshal(req.ID.Raw())
		s.mu.Lock()
		s.initID = string(id)
		s.mu.Unlock()
	}
	if isReq && req.IsCall() {
		// A failed POST becomes the call's error response, so that the
		// caller hears of it at once rather than at its timeout.
		send := func() {
			if err := s.conn.Write(s.ctx, msg); err != nil && s.ctx.Err() == nil {
				e := &rpc.Error{Code: rpc.CodeBackendFailed, Message: fmt.Sprintf("sending %s: %v", req.Method, err), Err: err}
				id, _ := json.Marshal(req.ID.Raw())
				s.inject((&rpc.Message{ID: id, Error: e}).AppendJSON(nil))
			}
		}
		if req.Method == "initialize" {
			send() // nothing else may go before it
			return nil
		}
		// A POST may be answered only when the call completes (servers in
		// JSON response mode): send calls concurrently so that one slow
		// call does not hold up the others.
		s.wg.Add(1)
		// Owned by s; bounded by the POST, which Close cancels.
		go func() {
			defer s.wg.Done()
			send()
		}()
		return nil
	}
	if err := s.conn.Write(s.ctx, msg); err != nil {
		// A lost notification or response leaves the session in an unknown
		// state: end the stream so that the supervisor reconnects.
		s.fail(err)
		return err
	}
	if isReq && req.Method == "notifications/initialized" && s.streamable {
		s.mu.Lock()
		start := !s.listened
		s.listened = true
		s.mu.Unlock()
		if start {
			opened := make(chan struct{})
			s.wg.Add(1)
			// Owned by s; ends when Close cancels s.ctx or the server has no stream.
			go func() {
				defer s.wg.Done()
				s.listen(opened)
			}()
			// The stream is open (or refused) before the next request goes
			// out, as a client that opens it at once would have it: a GET
			// still on its way when a request's stream is dropped would be
			// taken by the server for that stream's resumption (seen with
			// the conformance suite's sse-retry on a loaded machine).
			// Bounded: a server slow to answer the GET does not hold up
			// the session for long.
			t := time.NewTimer(listenWait)
			select {
			case <-opened:
			case <-t.C:
			case <-s.ctx.Done():
			}
			t.Stop()
		}
	}
	return nil
}

func (s *sdkStream) fail(err error) {
	s.mu.Lock()
	if s.failErr == nil {
		s.failErr = err
	}
	s.mu.Unlock()
	s.cancel()
}

func (s *sdkStream) inject(b []byte) {
	select {
	case s.in <- b:
	case <-s.ctx.Done():
	}
}

func (s *sdkStream) Flush() error { return nil }

// Close ends the session (the SDK sends DELETE for Streamable HTTP) and
// waits for the stream's goroutines. It may be called concurrently with
// Read and Write.
func (s *sdkStream) Close() error {
	err := s.conn.Close()
	s.cancel()
	s.wg.Wait()
	<-s.done
	return err
}

// listenWait bounds how long the message after notifications/initialized
// waits for the standalone stream's GET to be answered.
const listenWait = time.Second

// listen is the Streamable HTTP standalone stream: "The client MAY issue an
// HTTP GET to the MCP endpoint. This can be used to open an SSE stream,
// allowing the server to communicate to the client, without the client
// first sending data via HTTP POST." A server without one answers 405. A
// dropped stream is reopened with Last-Event-ID, giving up after five
// failures in a row.
func (s *sdkStream) listen(opened chan<- struct{}) {
	var once sync.Once
	open := func() { once.Do(func() { close(opened) }) }
	defer open()
	var lastID string
	failures := 0
	for s.ctx.Err() == nil && failures < 5 {
		req, err := http.NewRequestWithContext(s.ctx, http.MethodGet, s.endpoint, nil)
		if err != nil {
			return
		}
		req.Header.Set("Accept", "text/event-stream")
		if id := s.conn.SessionID(); id != "" {
			req.Header.Set("Mcp-Session-Id", id)
		}
		if lastID != "" {
			req.Header.Set("Last-Event-ID", lastID)
		}
		resp, err := s.client.Do(req)
		open() // answered (or failed): the session's next request may go
		if err != nil {
			failures++
			s.sleep(time.Duration(failures) * 200 * time.Millisecond)
			continue
		}
		ct := resp.Header.Get("Content-Type")
		if resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/event-stream") {
			resp.Body.Close()
			if resp.StatusCode != http.StatusMethodNotAllowed {
				s.log.Debug().Int("status", resp.StatusCode).Msg("remote backend offers no standalone SSE stream")
			}
			return
		}
		progressed := false
		readSSE(resp.Body, s.maxMsg, func(id, event string, data []byte) {
			if id != "" {
				lastID = id
			}
			progressed = true
			if (event == "" || event == "message") && len(bytes.TrimSpace(data)) > 0 {
				s.inject(data)
			}
		})
		resp.Body.Close()
		if progressed {
			failures = 0
		} else {
			failures++
		}
		s.sleep(time.Duration(failures) * 200 * time.Millisecond)
	}
}

func (s *sdkStream) sleep(d time.Duration) {
	select {
	case <-time.After(d):
	case <-s.ctx.Done():
	}
}

// readSSE reads server-sent events from r until it ends and calls onEvent
// for each (data lines joined by "\n"). Events over limit are skipped.
func readSSE(r io.Reader, limit int, onEvent func(id, event string, data []byte)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), limit+1024)
	var id, event string
	var data []byte
	hasData := false
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			if hasData || id != "" {
				onEvent(id, event, data)
			}
			event, data, hasData = "", data[:0], false
			continue
		}
		if line[0] == ':' {
			continue
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimPrefix(value, []byte(" "))
		switch string(field) {
		case "data":
			if hasData {
				data = append(data, '\n')
			}
			data = append(data, value...)
			hasData = true
		case "event":
			event = string(value)
		case "id":
			id = string(value)
		}
	}
}

// wsStream is one JSON-RPC message per WebSocket text frame.
type wsStream struct {
	c      *websocket.Conn
	ctx    context.Context // ended by Close, which makes Read and Write return
	cancel context.CancelFunc
}

func dialWebSocket(ctx context.Context, cfg *schemas.Backend, maxMsg int) (rpc.Stream, error) {
	h := http.Header{}
	for k, v := range cfg.Headers {
		h.Set(k, v)
	}
	c, _, err := websocket.Dial(ctx, cfg.URL, &websocket.DialOptions{HTTPHeader: h, Subprotocols: []string{"mcp"}})
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", cfg.URL, err)
	}
	c.SetReadLimit(int64(maxMsg))
	s := &wsStream{c: c}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	return s, nil
}

func (s *wsStream) Read() ([]byte, error) {
	_, b, err := s.c.Read(s.ctx)
	if err != nil {
		if websocket.CloseStatus(err) == websocket.StatusNormalClosure || s.ctx.Err() != nil {
			return nil, io.EOF
		}
		return nil, err
	}
	return b, nil
}

func (s *wsStream) Write(b []byte) error { return s.c.Write(s.ctx, websocket.MessageText, b) }

func (s *wsStream) Flush() error { return nil }

func (s *wsStream) Close() error {
	err := s.c.Close(websocket.StatusNormalClosure, "")
	s.cancel()
	return err
}
