package gateway

// The Streamable HTTP transport toward clients (MCP 2025-11-25, "Transports",
// also serving 2025-06-18 and 2025-03-26 clients). It turns HTTP requests
// into the whole-message [rpc.Stream] a session is served over, so the
// gateway's session code is the same for stdio and HTTP.

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/rs/zerolog"
)

// HTTP transport defaults, used when the [HTTPOptions] field is zero.
const (
	defaultHTTPMaxBodyBytes = 4 << 20
	defaultHTTPIdleTimeout  = 30 * time.Minute

	// httpBacklog bounds the server messages of a session kept for a GET
	// stream that is not open yet; the oldest are dropped beyond it.
	httpBacklog = 1024
	// httpHistory bounds the events one stream keeps for replay.
	httpHistory = 4096
	// httpFinished bounds the finished streams a session keeps for replay.
	httpFinished = 16
	// sseRetryMillis is the reconnection delay sent in each priming event.
	sseRetryMillis = 1000
	// statelessInitID is the id of the synthetic initialize of a stateless
	// request; its response is swallowed.
	statelessInitID = `"agentify-stateless-init"`
)

// Header names of the Streamable HTTP transport.
const (
	headerSessionID       = "Mcp-Session-Id"
	headerProtocolVersion = "Mcp-Protocol-Version"
	headerLastEventID     = "Last-Event-Id"
)

// httpVersions are the protocol versions the transport accepts in the
// MCP-Protocol-Version header.
var httpVersions = map[string]bool{"2025-11-25": true, "2025-06-18": true, "2025-03-26": true, "2024-11-05": true}

// HTTPOptions configure [NewHTTPHandler]. The zero value of each field but
// Serve means its default.
type HTTPOptions struct {
	// Serve runs one MCP session over s until s is closed (Read returns
	// io.EOF) or ctx ends, and must return then. The transport calls it in
	// a goroutine per session it creates. Required.
	Serve func(ctx context.Context, s rpc.Stream)

	// Token, when not empty, is required as "Authorization: Bearer TOKEN"
	// on every request; others get 401 with WWW-Authenticate. It is a
	// secret: the transport never logs it. A listener on a non-loopback
	// address must set it (the caller enforces that; see [CheckHTTPAddr]).
	Token string

	// AllowedOrigins are origins ("https://app.example.com") accepted in
	// the Origin header besides loopback origins and the request's own
	// host. Requests with any other Origin get 403 (DNS-rebinding
	// protection, as the transport specification requires).
	AllowedOrigins []string

	// AllowedHosts are Host header values (host or host:port) accepted
	// besides loopback names. When Token is empty, any other Host gets 403
	// (DNS rebinding); with a token the Host is not restricted, since a
	// rebinding page cannot know the token.
	AllowedHosts []string

	// MaxBodyBytes bounds a POST body; larger ones get 413. Zero means
	// 4 MiB.
	MaxBodyBytes int64

	// IdleTimeout ends a session with no open request for this long; its
	// id then gets 404 and the client starts a new session. Zero means
	// 30 minutes.
	IdleTimeout time.Duration

	// Stateless keeps no session state between requests, for replicas
	// behind an ordinary load balancer: every POST runs in a session of
	// its own, which ends with the POST. When the first message of a POST
	// is not initialize, the transport feeds the session a synthetic
	// initialize (the protocol version from the MCP-Protocol-Version
	// header, no client capabilities) and notifications/initialized first,
	// and swallows the synthetic response. No Mcp-Session-Id is issued;
	// GET and DELETE get 405. Server-to-client requests (sampling,
	// elicitation, roots) cannot be answered in this mode.
	Stateless bool

	// Logger receives the transport's own events. The zero Logger
	// discards them.
	Logger zerolog.Logger
}

// HTTPHandler serves the Streamable HTTP transport at the path it is
// mounted on (conventionally /mcp). It is safe for concurrent use.
type HTTPHandler struct {
	opts HTTPOptions
	ctx  context.Context // parent of every session; ends at Close
	stop context.CancelFunc
	wg   sync.WaitGroup // session goroutines and the janitor

	mu       sync.Mutex
	sessions map[string]*httpSession // guarded by mu
	closed   bool                    // guarded by mu
}

var _ http.Handler = (*HTTPHandler)(nil)

// NewHTTPHandler returns the transport's handler. It panics if opts.Serve
// is nil (a programming error). Close ends it.
func NewHTTPHandler(opts HTTPOptions) *HTTPHandler {
	if opts.Serve == nil {
		panic("gateway: HTTPOptions.Serve is nil")
	}
	if opts.MaxBodyBytes <= 0 {
		opts.MaxBodyBytes = defaultHTTPMaxBodyBytes
	}
	if opts.IdleTimeout <= 0 {
		opts.IdleTimeout = defaultHTTPIdleTimeout
	}
	ctx, stop := context.WithCancel(context.Background())
	h := &HTTPHandler{opts: opts, ctx: ctx, stop: stop, sessions: map[string]*httpSession{}}
	h.wg.Add(1)
	go h.janitor() // owned by h; exits at Close
	return h
}

// Close ends every session, waits for their Serve calls to return and
// makes further requests fail with 503.
func (h *HTTPHandler) Close() error {
	h.mu.Lock()
	h.closed = true
	sessions := make([]*httpSession, 0, len(h.sessions))
	for _, s := range h.sessions {
		sessions = append(sessions, s)
	}
	h.mu.Unlock()
	for _, s := range sessions {
		s.Close()
	}
	h.stop()
	h.wg.Wait()
	return nil
}

// openSessions reports how many sessions are open (for readiness and tests).
func (h *HTTPHandler) openSessions() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

// janitor expires idle sessions.
func (h *HTTPHandler) janitor() {
	defer h.wg.Done()
	tick := max(h.opts.IdleTimeout/4, 10*time.Millisecond)
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-h.ctx.Done():
			return
		case now := <-t.C:
			var idle []*httpSession
			h.mu.Lock()
			for _, s := range h.sessions {
				if s.idleSince(now) > h.opts.IdleTimeout {
					idle = append(idle, s)
				}
			}
			h.mu.Unlock()
			for _, s := range idle {
				h.opts.Logger.Debug().Str("session", s.logID()).Msg("http session expired")
				s.Close()
			}
		}
	}
}

// CheckHTTPAddr enforces the transport's listening rule: a loopback
// address (or localhost) is always fine; any other only with a token.
func CheckHTTPAddr(addr string, haveToken bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("http address %q: %w", addr, err)
	}
	if isLoopbackHost(host) || haveToken {
		return nil
	}
	return fmt.Errorf("http address %q is not loopback: set a token (--http-token or AGENTIFY_HTTP_TOKEN) to serve on it", addr)
}

// isLoopbackHost reports whether host (no port) names the loopback
// interface. The empty host (all interfaces) is not loopback.
func isLoopbackHost(host string) bool {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// ServeHTTP implements the transport: POST sends messages, GET opens the
// standalone stream (or resumes one with Last-Event-ID), DELETE ends the
// session.
func (h *HTTPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.authorized(r) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="mcp-agentify", error="invalid_token"`)
		httpError(w, http.StatusUnauthorized, "missing or invalid bearer token")
		return
	}
	if msg := h.checkOrigin(r); msg != "" {
		httpError(w, http.StatusForbidden, msg)
		return
	}
	h.mu.Lock()
	closed := h.closed
	h.mu.Unlock()
	if closed {
		httpError(w, http.StatusServiceUnavailable, "server is shutting down")
		return
	}
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodGet:
		h.get(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		httpError(w, http.StatusMethodNotAllowed, "method not allowed")
	}
}

func (h *HTTPHandler) authorized(r *http.Request) bool {
	if h.opts.Token == "" {
		return true
	}
	auth := r.Header.Get("Authorization")
	const prefix = "bearer "
	if len(auth) < len(prefix) || !strings.EqualFold(auth[:len(prefix)], prefix) {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(auth[len(prefix):])), []byte(h.opts.Token)) == 1
}

// checkOrigin validates Host and Origin against DNS rebinding ("Servers
// MUST validate the Origin header on all incoming connections"). It
// returns why the request is refused, or "".
func (h *HTTPHandler) checkOrigin(r *http.Request) string {
	host := r.Host
	if h.opts.Token == "" && !h.hostAllowed(host) {
		return "host not allowed"
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return ""
	}
	for _, o := range h.opts.AllowedOrigins {
		if strings.EqualFold(o, origin) {
			return ""
		}
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return "origin not allowed"
	}
	if isLoopbackHost(u.Hostname()) || strings.EqualFold(u.Host, host) {
		return ""
	}
	return "origin not allowed"
}

func (h *HTTPHandler) hostAllowed(host string) bool {
	name := host
	if hn, _, err := net.SplitHostPort(host); err == nil {
		name = hn
	}
	if isLoopbackHost(name) {
		return true
	}
	for _, a := range h.opts.AllowedHosts {
		if strings.EqualFold(a, host) || strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}

// httpError writes a JSON-RPC error object (id null) with an HTTP status,
// the body the specification's examples use for transport-level refusals.
func httpError(w http.ResponseWriter, status int, msg string) {
	code := int64(rpc.CodeInvalidRequest)
	if status >= 500 {
		code = rpc.CodeInternalError
	}
	body := (&rpc.Message{ID: json.RawMessage("null"), Error: rpc.Errorf(code, "%s", msg)}).AppendJSON(nil)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}

// lookup finds the session named by the request's Mcp-Session-Id and
// writes the error response when there is none.
func (h *HTTPHandler) lookup(w http.ResponseWriter, r *http.Request) *httpSession {
	sid := r.Header.Get(headerSessionID)
	if sid == "" {
		httpError(w, http.StatusBadRequest, "missing "+headerSessionID+" header")
		return nil
	}
	h.mu.Lock()
	s := h.sessions[sid]
	h.mu.Unlock()
	if s == nil {
		// "The server MAY terminate the session at any time, after which
		// it MUST respond to requests containing that session ID with
		// HTTP 404 Not Found."
		httpError(w, http.StatusNotFound, "session not found")
		return nil
	}
	return s
}

// checkVersion validates the MCP-Protocol-Version header: "If the server
// receives a request with an invalid or unsupported MCP-Protocol-Version,
// it MUST respond with 400 Bad Request." Absent means 2025-03-26.
func checkVersion(w http.ResponseWriter, r *http.Request) (string, bool) {
	v := r.Header.Get(headerProtocolVersion)
	if v == "" {
		return "2025-03-26", true
	}
	if !httpVersions[v] {
		httpError(w, http.StatusBadRequest, "unsupported "+headerProtocolVersion+": "+v)
		return "", false
	}
	return v, true
}

func accepts(r *http.Request, mime string) bool {
	for _, v := range r.Header.Values("Accept") {
		for part := range strings.SplitSeq(v, ",") {
			t, _, _ := strings.Cut(part, ";")
			t = strings.TrimSpace(t)
			if t == mime || t == "*/*" || (strings.HasSuffix(t, "/*") && strings.HasPrefix(mime, strings.TrimSuffix(t, "*"))) {
				return true
			}
		}
	}
	return false
}

func (h *HTTPHandler) post(w http.ResponseWriter, r *http.Request) {
	sse, jsonOK := accepts(r, "text/event-stream"), accepts(r, "application/json")
	if !sse && !jsonOK {
		httpError(w, http.StatusNotAcceptable, "Accept must include application/json or text/event-stream")
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		httpError(w, http.StatusUnsupportedMediaType, "Content-Type must be application/json")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.opts.MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("request body exceeds %d bytes", mbe.Limit))
			return
		}
		httpError(w, http.StatusBadRequest, "cannot read request body")
		return
	}
	version := r.Header.Get(headerProtocolVersion)
	raw, batch, perr := splitBody(body, version)
	if perr != nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write((&rpc.Message{ID: json.RawMessage("null"), Error: perr}).AppendJSON(nil))
		return
	}
	msgs := make([]*rpc.Message, len(raw))
	var requests []*rpc.Message
	hasInit := false
	for i, b := range raw {
		m, err := rpc.Decode(b)
		if err != nil {
			var de *rpc.DecodeError
			code := int64(rpc.CodeParseError)
			id := json.RawMessage("null")
			if errors.As(err, &de) {
				code = de.Code
				if de.ID != nil {
					id = de.ID
				}
			}
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			w.Write((&rpc.Message{ID: id, Error: rpc.Errorf(code, "%v", err)}).AppendJSON(nil))
			return
		}
		msgs[i] = m
		if m.IsRequest() {
			requests = append(requests, m)
			if m.Method == "initialize" {
				hasInit = true
			}
		}
	}
	if hasInit && len(msgs) > 1 {
		httpError(w, http.StatusBadRequest, "initialize must be sent alone")
		return
	}

	var s *httpSession
	switch {
	case h.opts.Stateless:
		if len(requests) == 0 {
			// Notifications and responses have nobody to go to: the
			// session they belong to ended with its request.
			w.WriteHeader(http.StatusAccepted)
			return
		}
		if !hasInit {
			if _, ok := checkVersion(w, r); !ok {
				return
			}
		}
		swallow := ""
		if !hasInit {
			swallow = statelessInitID
		}
		if s = h.newSession(false, protocolOf(msgs[0], version), swallow); s == nil {
			httpError(w, http.StatusServiceUnavailable, "server is shutting down")
			return
		}
		defer s.Close()
		if !hasInit {
			v := version
			if v == "" {
				v = "2025-03-26"
			}
			init := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"stateless-http","version":"0"}}}`, statelessInitID, v)
			if !s.push(r.Context(), []byte(init)) || !s.push(r.Context(), []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)) {
				httpError(w, http.StatusServiceUnavailable, "session ended")
				return
			}
		}
	case hasInit:
		if r.Header.Get(headerSessionID) != "" {
			httpError(w, http.StatusBadRequest, "initialize must not carry "+headerSessionID)
			return
		}
		s = h.newSession(true, protocolOf(msgs[0], version), "")
		if s == nil {
			httpError(w, http.StatusServiceUnavailable, "server is shutting down")
			return
		}
		w.Header().Set(headerSessionID, s.id)
	default:
		if s = h.lookup(w, r); s == nil {
			return
		}
		if _, ok := checkVersion(w, r); !ok {
			return
		}
	}
	if s == nil {
		httpError(w, http.StatusServiceUnavailable, "server is shutting down")
		return
	}
	s.touch(1)
	defer s.touch(-1)

	if len(requests) == 0 {
		for _, b := range raw {
			if !s.push(r.Context(), b) {
				httpError(w, http.StatusNotFound, "session ended")
				return
			}
		}
		// "If the input is a JSON-RPC response or notification: If the
		// server accepts the input, the server MUST return HTTP status code
		// 202 Accepted with no body."
		w.WriteHeader(http.StatusAccepted)
		return
	}
	st := s.openStream(requests, !sse)
	for _, b := range raw {
		if !s.push(r.Context(), b) {
			s.dropStream(st)
			httpError(w, http.StatusNotFound, "session ended")
			return
		}
	}
	if !sse {
		s.deliverJSON(w, r, st, batch)
		return
	}
	s.deliverSSE(w, r, st, 0)
}

// protocolOf returns the protocol version the client asks for: the
// initialize request's, else the header's.
func protocolOf(m *rpc.Message, header string) string {
	if m.Method == "initialize" {
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		if json.Unmarshal(m.Params, &p) == nil && p.ProtocolVersion != "" {
			return p.ProtocolVersion
		}
	}
	return header
}

// splitBody returns the messages of a POST body. Batches (a JSON array)
// exist only in 2025-03-26 ("MUST support receiving" there; removed in
// 2025-06-18), so an array is refused under a later version header.
func splitBody(body []byte, version string) ([][]byte, bool, *rpc.Error) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] != '[' {
		return [][]byte{body}, false, nil
	}
	if version != "" && version != "2025-03-26" {
		return nil, true, rpc.Errorf(rpc.CodeInvalidRequest, "JSON-RPC batches are not supported in protocol %s", version)
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(body, &arr); err != nil {
		return nil, true, rpc.Errorf(rpc.CodeParseError, "invalid JSON: %v", err)
	}
	if len(arr) == 0 {
		return nil, true, rpc.Errorf(rpc.CodeInvalidRequest, "empty batch")
	}
	out := make([][]byte, len(arr))
	for i, m := range arr {
		out[i] = m
	}
	return out, true, nil
}

func (h *HTTPHandler) get(w http.ResponseWriter, r *http.Request) {
	if h.opts.Stateless {
		w.Header().Set("Allow", "POST")
		httpError(w, http.StatusMethodNotAllowed, "stateless server: no standalone stream")
		return
	}
	if !accepts(r, "text/event-stream") {
		httpError(w, http.StatusNotAcceptable, "Accept must include text/event-stream")
		return
	}
	s := h.lookup(w, r)
	if s == nil {
		return
	}
	if _, ok := checkVersion(w, r); !ok {
		return
	}
	s.touch(1)
	defer s.touch(-1)
	if last := r.Header.Get(headerLastEventID); last != "" {
		if st, after, ok := s.resume(last); ok {
			s.deliverSSE(w, r, st, after)
			return
		}
	}
	st, ok := s.openGet()
	if !ok {
		httpError(w, http.StatusConflict, "a standalone stream is already open for this session")
		return
	}
	s.deliverSSE(w, r, st, 0)
}

func (h *HTTPHandler) delete(w http.ResponseWriter, r *http.Request) {
	if h.opts.Stateless {
		w.Header().Set("Allow", "POST")
		httpError(w, http.StatusMethodNotAllowed, "stateless server: no sessions")
		return
	}
	s := h.lookup(w, r)
	if s == nil {
		return
	}
	s.Close()
	w.WriteHeader(http.StatusNoContent)
}

// newSession creates a session and starts Serve on it. A tracked session
// is registered under a fresh id; an untracked one (stateless) is not.
// It returns nil when the handler is closed.
func (h *HTTPHandler) newSession(tracked bool, version, swallow string) *httpSession {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand since Go 1.24)
	ctx, cancel := context.WithCancel(h.ctx)
	s := &httpSession{
		h:       h,
		id:      hex.EncodeToString(b[:]),
		ctx:     ctx,
		cancel:  cancel,
		in:      make(chan []byte, 16),
		done:    make(chan struct{}),
		streams: map[int]*sseStream{},
		byReq:   map[string]*sseStream{},
		byToken: map[string]*sseStream{},
		prime:   version >= "2025-11-25",
		swallow: swallow,
		last:    time.Now(),
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		cancel()
		return nil
	}
	if tracked {
		h.sessions[s.id] = s
		s.tracked = true
	}
	h.wg.Add(1)
	h.mu.Unlock()
	h.opts.Logger.Debug().Str("session", s.logID()).Bool("stateless", !tracked).Msg("http session started")
	go func() { // owned by h: ends when the session closes (Serve's contract)
		defer h.wg.Done()
		defer s.Close()
		h.opts.Serve(ctx, s)
	}()
	return s
}

// httpSession is one MCP session over HTTP and the [rpc.Stream] its Serve
// function reads and writes.
type httpSession struct {
	h       *HTTPHandler
	id      string
	ctx     context.Context
	cancel  context.CancelFunc
	in      chan []byte   // POSTed messages, in arrival order, to Read
	done    chan struct{} // closed by Close
	once    sync.Once
	tracked bool
	prime   bool   // send priming events (clients of 2025-11-25 and later)
	swallow string // id of a synthetic initialize whose response is dropped; set at creation

	mu         sync.Mutex
	streams    map[int]*sseStream    // streams that may still deliver or be resumed; guarded by mu
	byReq      map[string]*sseStream // request id -> stream owing its response; guarded by mu
	byToken    map[string]*sseStream // progress token -> stream; guarded by mu
	get        *sseStream            // the standalone stream, once opened; guarded by mu
	backlog    [][]byte              // messages waiting for a GET stream; guarded by mu
	finished   []int                 // finished streams kept for replay, oldest first; guarded by mu
	nextStream int                   // guarded by mu
	active     int                   // open HTTP requests; guarded by mu
	last       time.Time             // last request start or end; guarded by mu
}

var (
	_ rpc.InlineStream = (*httpSession)(nil)
	_ rpc.BurstStream  = (*httpSession)(nil)
)

// sseStream is the server-to-client side of one POST (or the GET stream):
// the events written to it, kept for replay after a disconnect.
type sseStream struct {
	num      int
	events   [][]byte      // events[i] has event id "num-(first+i+1)"
	first    int           // events dropped from the front of events
	pending  int           // responses still owed; -1 for the GET stream
	json     bool          // the client accepts only a JSON body
	notify   chan struct{} // cap 1: new event or end
	attached bool          // an HTTP response is delivering it
	kick     chan struct{} // closed when a resumed request takes the stream over
	retired  bool          // finished; kept for replay only
}

func (s *httpSession) logID() string { return s.id[:8] }

func (s *httpSession) touch(delta int) {
	s.mu.Lock()
	s.active += delta
	s.last = time.Now()
	s.mu.Unlock()
}

func (s *httpSession) idleSince(now time.Time) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.active > 0 {
		return 0
	}
	return now.Sub(s.last)
}

// push hands one client message to Read. It reports false when the
// session or the request ended first.
func (s *httpSession) push(ctx context.Context, msg []byte) bool {
	select {
	case s.in <- msg:
		return true
	case <-s.done:
		return false
	case <-ctx.Done():
		return false
	}
}

// Read returns the next POSTed message; io.EOF once the session is closed.
func (s *httpSession) Read() ([]byte, error) {
	select {
	case m := <-s.in:
		return m, nil
	case <-s.done:
		return nil, io.EOF
	}
}

// WriteInline implements [rpc.InlineStream]: Write only routes the message
// in memory and wakes the request delivering it, so the connection calls it
// from the sending goroutine (for a fast-lane call, the backend's read
// loop) rather than handing each message to its writer goroutine.
func (s *httpSession) WriteInline(msg []byte) error { return s.Write(msg) }

// More implements [rpc.BurstStream]: POSTed messages wait in s.in, so
// while more are queued the session's read loop coalesces what it sends
// to backends (one write to a backend for a burst of calls).
func (s *httpSession) More() bool { return len(s.in) > 0 }

// Flush does nothing: every Write is delivered at once.
func (s *httpSession) Flush() error { return nil }

// Close ends the session: Read returns io.EOF, open streams end, its id
// is forgotten. Safe to call more than once and concurrently.
func (s *httpSession) Close() error {
	s.once.Do(func() {
		close(s.done)
		s.cancel()
		if s.tracked {
			s.h.mu.Lock()
			delete(s.h.sessions, s.id)
			s.h.mu.Unlock()
		}
		s.h.opts.Logger.Debug().Str("session", s.logID()).Msg("http session closed")
	})
	return nil
}

// Write routes one server message: a response to the stream of the POST
// that carried its request; a progress notification to the stream whose
// request set its token; anything else to an open POST stream, else the
// standalone GET stream, else the backlog the next GET stream receives.
func (s *httpSession) Write(msg []byte) error {
	select {
	case <-s.done:
		return io.ErrClosedPipe
	default:
	}
	msg = bytes.Clone(msg) // the caller may reuse msg
	m, err := rpc.Decode(msg)
	if err != nil {
		return fmt.Errorf("http session: outgoing message: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if m.IsResponse() || (m.Method == "" && m.Error != nil) {
		key := string(m.ID)
		if s.swallow != "" && key == s.swallow {
			return nil
		}
		if st := s.byReq[key]; st != nil {
			delete(s.byReq, key)
			st.pending--
			s.appendEvent(st, msg)
			if st.pending == 0 {
				for tok, ts := range s.byToken {
					if ts == st {
						delete(s.byToken, tok)
					}
				}
			}
			return nil
		}
	}
	if m.Method == "notifications/progress" {
		if st := s.byToken[string(notifProgressToken(m.Params))]; st != nil && !st.json && st.pending > 0 {
			s.appendEvent(st, msg)
			return nil
		}
	}
	// Anything else: a POST stream still open and owing responses (the
	// request most likely caused this message), else the GET stream.
	var best *sseStream
	for _, st := range s.streams {
		if st.pending > 0 && !st.json && st.attached && (best == nil || st.num > best.num) {
			best = st
		}
	}
	if best == nil && s.get != nil {
		best = s.get
	}
	if best != nil {
		s.appendEvent(best, msg)
		return nil
	}
	if len(s.backlog) >= httpBacklog {
		s.backlog = s.backlog[1:]
		s.h.opts.Logger.Warn().Str("session", s.logID()).Msg("http session backlog full; dropped the oldest server message (no GET stream open)")
	}
	s.backlog = append(s.backlog, msg)
	return nil
}

// notifProgressToken returns the raw params.progressToken, or nil.
func notifProgressToken(params json.RawMessage) json.RawMessage {
	var tok json.RawMessage
	rpc.Members(params, func(k, v []byte) {
		if string(k) == `"progressToken"` {
			tok = v
		}
	})
	return tok
}

// metaProgressToken returns the raw params._meta.progressToken, or nil.
func metaProgressToken(params json.RawMessage) json.RawMessage {
	var tok json.RawMessage
	rpc.Members(params, func(k, v []byte) {
		if string(k) == `"_meta"` {
			tok = notifProgressToken(v)
		}
	})
	return tok
}

// appendEvent adds msg to st and wakes its deliverer. Caller holds s.mu.
func (s *httpSession) appendEvent(st *sseStream, msg []byte) {
	if len(st.events) >= httpHistory {
		st.events = st.events[1:]
		st.first++
	}
	st.events = append(st.events, msg)
	wake(st)
}

func wake(st *sseStream) {
	select {
	case st.notify <- struct{}{}:
	default:
	}
}

// openStream registers a POST's requests before they are handed to Read,
// so their responses cannot arrive before the stream knows them.
func (s *httpSession) openStream(requests []*rpc.Message, jsonOnly bool) *sseStream {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextStream++
	st := &sseStream{num: s.nextStream, pending: len(requests), json: jsonOnly, notify: make(chan struct{}, 1), kick: make(chan struct{}), attached: true}
	s.streams[st.num] = st
	for _, m := range requests {
		s.byReq[string(m.ID)] = st
		if tok := metaProgressToken(m.Params); tok != nil {
			s.byToken[string(tok)] = st
		}
	}
	return st
}

// dropStream forgets st and its requests.
func (s *httpSession) dropStream(st *sseStream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.streams, st.num)
	for id, x := range s.byReq {
		if x == st {
			delete(s.byReq, id)
		}
	}
	for tok, x := range s.byToken {
		if x == st {
			delete(s.byToken, tok)
		}
	}
}

// openGet opens the standalone stream (number 0), handing it the backlog.
// It reports false if one is already attached.
func (s *httpSession) openGet() (*sseStream, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.get != nil && s.get.attached {
		return nil, false
	}
	if s.get == nil {
		s.get = &sseStream{num: 0, pending: -1, notify: make(chan struct{}, 1), kick: make(chan struct{})}
		s.streams[0] = s.get
	}
	s.get.attached = true
	for _, m := range s.backlog {
		s.appendEvent(s.get, m)
	}
	s.backlog = nil
	return s.get, true
}

// resume finds the stream a Last-Event-ID ("STREAM-N") belongs to and
// attaches it again; delivery restarts after event N.
func (s *httpSession) resume(last string) (*sseStream, int, bool) {
	a, b, ok := strings.Cut(last, "-")
	if !ok {
		return nil, 0, false
	}
	num, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return nil, 0, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.streams[num]
	if st == nil || num == 0 {
		return nil, 0, false
	}
	// A reconnecting client's old connection may not have been noticed as
	// gone yet: the new request takes the stream over.
	close(st.kick)
	st.kick = make(chan struct{})
	st.attached = true
	return st, n, true
}

// deliverSSE streams st's events after event number after as SSE until
// st owes nothing more, the client goes away or the session ends. A
// stream left unfinished stays resumable with Last-Event-ID.
func (s *httpSession) deliverSSE(w http.ResponseWriter, r *http.Request, st *sseStream, after int) {
	fl, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	var buf []byte
	if s.prime && after == 0 {
		// SEP-1699: an event with an id and empty data first, so the client
		// can resume even before the first real event.
		buf = append(buf, "id: "...)
		buf = strconv.AppendInt(buf, int64(st.num), 10)
		buf = append(buf, "-0\nretry: "...)
		buf = strconv.AppendInt(buf, sseRetryMillis, 10)
		buf = append(buf, "\ndata: \n\n"...)
	}
	sent := after
	for {
		s.mu.Lock()
		if sent < st.first {
			sent = st.first // replay window passed; what is gone is gone
		}
		for i := sent - st.first; i < len(st.events); i++ {
			sent++
			buf = append(buf, "event: message\nid: "...)
			buf = strconv.AppendInt(buf, int64(st.num), 10)
			buf = append(buf, '-')
			buf = strconv.AppendInt(buf, int64(sent), 10)
			buf = append(buf, "\ndata: "...)
			buf = append(buf, st.events[i]...)
			buf = append(buf, "\n\n"...)
		}
		finished := st.pending == 0
		if finished {
			s.retire(st)
		}
		kick := st.kick
		s.mu.Unlock()
		if len(buf) > 0 {
			if _, err := w.Write(buf); err != nil {
				s.detach(st, kick)
				return
			}
			buf = buf[:0]
			// The last events of a finished stream are not flushed here:
			// net/http writes them with the end of the chunked body when
			// deliverSSE returns, one write(2) where a flush here makes
			// two (docs/design.md, "Serving HTTP").
			if fl != nil && !finished {
				fl.Flush()
			}
		}
		if finished {
			return
		}
		select {
		case <-st.notify:
		case <-kick:
			return // a resumed request took the stream over
		case <-r.Context().Done():
			s.detach(st, kick)
			return
		case <-s.done:
			return
		}
	}
}

// retire keeps a finished stream for replay: a client whose connection
// broke after the last event was written may not have received it. The
// last httpFinished finished streams are kept. Caller holds s.mu.
func (s *httpSession) retire(st *sseStream) {
	if st.retired || st.num == 0 {
		return
	}
	st.retired = true
	s.finished = append(s.finished, st.num)
	if len(s.finished) > httpFinished {
		delete(s.streams, s.finished[0])
		s.finished = s.finished[1:]
	}
}

// detach marks st as having no HTTP response; an unfinished stream stays
// resumable.
func (s *httpSession) detach(st *sseStream, kick chan struct{}) {
	s.mu.Lock()
	if st.kick == kick { // not taken over meanwhile
		st.attached = false
	}
	s.mu.Unlock()
}

// deliverJSON waits for every response st owes and writes them as one
// JSON body (an array for a batch).
func (s *httpSession) deliverJSON(w http.ResponseWriter, r *http.Request, st *sseStream, batch bool) {
	for {
		s.mu.Lock()
		finished := st.pending == 0
		var events [][]byte
		if finished {
			events = st.events
			delete(s.streams, st.num)
		}
		s.mu.Unlock()
		if finished {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusOK)
			if batch {
				w.Write([]byte("["))
				for i, e := range events {
					if i > 0 {
						w.Write([]byte(","))
					}
					w.Write(e)
				}
				w.Write([]byte("]"))
			} else if len(events) > 0 {
				w.Write(events[0])
			}
			return
		}
		select {
		case <-st.notify:
		case <-r.Context().Done():
			s.dropStream(st)
			return
		case <-s.done:
			httpError(w, http.StatusNotFound, "session ended")
			return
		}
	}
}
