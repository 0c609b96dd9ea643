package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
	"github.com/rs/zerolog"
)

// LatestProtocolVersion is the newest MCP revision served; the others in
// SupportedProtocolVersions are accepted when a client asks for them.
const LatestProtocolVersion = "2025-11-25"

// SupportedProtocolVersions lists the revisions the gateway speaks, newest first.
var SupportedProtocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// Session serves one IDE connection.
type Session struct {
	g    *Gateway
	conn *rpc.Conn
	log  zerolog.Logger

	ctx    context.Context // ends when the IDE is gone
	cancel context.CancelFunc
	work   sync.WaitGroup // the session's own request goroutines (orchestrate_task, ...)

	mu          sync.Mutex
	initialized bool                       // guarded by mu
	clientCaps  map[string]json.RawMessage // guarded by mu
	clientInfo  json.RawMessage            // guarded by mu
	version     string                     // guarded by mu; negotiated protocol version
	inflight    map[string]*inflight       // guarded by mu; IDE request id -> call
	progress    map[int64]json.RawMessage  // guarded by mu; gateway token -> IDE token
	nextToken   int64                      // guarded by mu
	logLevel    int                        // guarded by mu; index into logLevels; notifications below it are dropped
	listTimer   *time.Timer                // guarded by mu; coalesces list_changed
	toolsSig    string                     // guarded by mu; what tools/list last showed

	pt passthrough // prompts, resources, completions, relayed requests (passthrough.go)
}

// inflight is an IDE request the gateway is working on.
type inflight struct {
	call      *backends.Call     // a forwarded call, once sent
	cancel    context.CancelFunc // the gateway's own work
	token     int64              // gateway progress token, 0 if none
	cancelled bool
}

var logLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// NewSession prepares a session of g over stream; [Session.Run] serves it.
func NewSession(g *Gateway, stream rpc.Stream) *Session {
	s := &Session{
		g:        g,
		log:      g.log,
		inflight: map[string]*inflight{},
		progress: map[int64]json.RawMessage{},
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	opts := rpc.ConnOptions{
		Handler:     s.handle,
		ReplyErrors: true,
		OnBadInput: func(line []byte, err error) {
			s.log.Warn().Str("error", err.Error()).Msg("unreadable message from the client")
		},
	}
	if g.opts.Hub != nil {
		opts.OnRead = func(m *rpc.Message, n int) { g.trace(telemetry.DirIDEToGateway, "", m, n) }
		opts.OnWrite = func(m *rpc.Message, n int) { g.trace(telemetry.DirGatewayToIDE, "", m, n) }
	}
	s.conn = rpc.NewConn(stream, opts)
	g.mu.Lock()
	g.onChange = s.listsChanged
	g.mu.Unlock()
	return s
}

// Run serves the IDE until it closes the connection or ctx ends, then
// cancels the session's work, stops the backends and closes the stream.
func (s *Session) Run(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() { s.conn.Close() })
	defer stop()
	err := s.conn.Run()
	s.cancel()
	s.mu.Lock()
	if s.listTimer != nil {
		s.listTimer.Stop()
	}
	s.mu.Unlock()
	s.g.Stop()
	s.work.Wait()
	s.conn.Close()
	return err
}

func (s *Session) handle(m *rpc.Message) {
	if m.ID == nil {
		s.handleNotification(m)
		return
	}
	switch m.Method {
	case "initialize":
		s.initialize(m)
		return
	case "ping":
		s.conn.Reply(m.ID, json.RawMessage(`{}`))
		return
	}
	s.mu.Lock()
	ready := s.initialized
	s.mu.Unlock()
	if !ready {
		// server/discover (the 2026 dual-era probe) lands here too and must be
		// answered at once so that the client falls back to initialize.
		code := int64(rpc.CodeInvalidRequest)
		msg := "the session is not initialized: send initialize first"
		if m.Method == "server/discover" || !knownMethod(m.Method) {
			code, msg = rpc.CodeMethodNotFound, fmt.Sprintf("method not found: %q", m.Method)
		}
		s.conn.ReplyError(m.ID, &rpc.Error{Code: code, Message: msg})
		return
	}
	switch m.Method {
	case "tools/list":
		s.conn.Reply(m.ID, s.toolsList())
	case "tools/call":
		s.toolsCall(m)
	case "agentify/orchestrateTask":
		s.orchestrateMethod(m)
	case "logging/setLevel":
		s.setLevel(m)
	default:
		if !s.route(m) {
			s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "method not found: %q", m.Method))
		}
	}
}

func knownMethod(method string) bool {
	switch method {
	case "tools/list", "tools/call", "agentify/orchestrateTask", "logging/setLevel",
		"prompts/list", "prompts/get", "resources/list", "resources/read", "resources/templates/list",
		"resources/subscribe", "resources/unsubscribe", "completion/complete":
		return true
	}
	return false
}

func (s *Session) handleNotification(m *rpc.Message) {
	switch m.Method {
	case "notifications/initialized":
	case "notifications/cancelled":
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
			Reason    string          `json:"reason"`
		}
		if json.Unmarshal(m.Params, &p) != nil || p.RequestID == nil {
			return
		}
		s.cancelRequest(string(p.RequestID), p.Reason)
	case "notifications/roots/list_changed":
		if mgr := s.g.Backends(); mgr != nil {
			for _, b := range mgr.List() {
				b.Notify(m.Method, m.Params)
			}
		}
	}
}

// initialize answers the handshake at once and starts the backends in the
// background: tools appear as backends come up (tools/list_changed).
func (s *Session) initialize(m *rpc.Message) {
	var p struct {
		ProtocolVersion       string                     `json:"protocolVersion"`
		Capabilities          map[string]json.RawMessage `json:"capabilities"`
		ClientInfo            json.RawMessage            `json:"clientInfo"`
		InitializationOptions json.RawMessage            `json:"initializationOptions"`
	}
	if err := json.Unmarshal(m.Params, &p); err != nil || p.ProtocolVersion == "" {
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: initialize needs protocolVersion, capabilities and clientInfo"))
		return
	}
	s.mu.Lock()
	if s.initialized {
		s.mu.Unlock()
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidRequest, "already initialized"))
		return
	}
	version := LatestProtocolVersion
	if slices.Contains(SupportedProtocolVersions, p.ProtocolVersion) {
		version = p.ProtocolVersion
	}
	// A capability whose value is null is not declared: some clients
	// serialize every optional field ("sampling": null), and the planner
	// and the relays must not send requests such a client cannot answer.
	for k, v := range p.Capabilities {
		if string(bytes.TrimSpace(v)) == "null" {
			delete(p.Capabilities, k)
		}
	}
	s.initialized, s.clientCaps, s.clientInfo, s.version = true, p.Capabilities, p.ClientInfo, version
	s.mu.Unlock()

	if err := s.g.Configure(p.InitializationOptions); err != nil {
		s.log.Error().Err(err).Msg("initializationOptions rejected")
		s.mu.Lock()
		s.initialized = false
		s.mu.Unlock()
		s.conn.ReplyError(m.ID, rpc.AsError(&rpc.Error{Code: rpc.CodeInvalidParams, Message: err.Error()}))
		return
	}
	caps, _ := json.Marshal(p.Capabilities)
	var sampler Sampler
	if _, ok := p.Capabilities["sampling"]; ok {
		sampler = ideSampler{s}
	}
	result, _ := json.Marshal(map[string]any{
		"protocolVersion": version,
		"capabilities":    s.capabilities(),
		"serverInfo":      map[string]string{"name": "mcp-agentify", "title": "mcp-agentify gateway", "version": s.g.opts.Version},
		"instructions":    instructions,
	})
	s.conn.Reply(m.ID, result)
	sig := s.toolsList()
	s.mu.Lock()
	s.toolsSig = string(sig)
	s.mu.Unlock()
	var ci struct{ Name, Version string }
	_ = json.Unmarshal(p.ClientInfo, &ci)
	s.g.setClient(strings.TrimSpace(ci.Name+" "+ci.Version), version)
	s.log.Info().RawJSON("client", orJSON(p.ClientInfo)).Str("protocolVersion", version).Msg("client initialized")
	s.g.Start(caps, s.backendMessage, sampler)
}

const instructions = "mcp-agentify gives access to many backend MCP servers through a few tools. " +
	"Use orchestrate_task to describe a task in plain language and let the gateway pick and run the right backend tool. " +
	"Or use search_tools to find backend tools (with their input schemas) and call_tool to run one by its qualified name \"backend__tool\"."

func orJSON(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage(`null`)
	}
	return b
}

// capabilities are the server capabilities the gateway declares.
//
// Backends start after initialize, so prompts, resources (with subscribe
// and listChanged) and completions are declared when any enabled backend
// is configured (see [Session.offersPassthrough]). The experimental tasks
// capability is never declared: task ids are not namespaced.
func (s *Session) capabilities() map[string]any {
	caps := map[string]any{
		"tools":   map[string]any{"listChanged": true},
		"logging": map[string]any{},
	}
	if s.offersPassthrough() {
		caps["prompts"] = map[string]any{"listChanged": true}
		caps["resources"] = map[string]any{"subscribe": true, "listChanged": true}
		caps["completions"] = map[string]any{}
	}
	return caps
}

// route forwards requests the gateway proxies to one backend (prompts,
// resources, completions). It reports whether it handled m.
func (s *Session) route(m *rpc.Message) bool { return s.routePassthrough(m) }

func (s *Session) setLevel(m *rpc.Message) {
	var p struct {
		Level string `json:"level"`
	}
	_ = json.Unmarshal(m.Params, &p)
	i := slices.Index(logLevels, p.Level)
	if i < 0 {
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: level: must be one of %s", strings.Join(logLevels, ", ")))
		return
	}
	s.mu.Lock()
	s.logLevel = i
	s.mu.Unlock()
	// Backends filter at the source too, so they do not send what is dropped.
	if mgr := s.g.Backends(); mgr != nil {
		for _, b := range mgr.List() {
			if st, _ := b.State(); st == backends.Ready && b.HasCapability("logging") {
				go b.Call(s.ctx, "logging/setLevel", m.Params) //nolint: the reply carries nothing
			}
		}
	}
	s.conn.Reply(m.ID, json.RawMessage(`{}`))
}

// cancelRequest handles notifications/cancelled from the IDE.
func (s *Session) cancelRequest(id, reason string) {
	s.mu.Lock()
	in := s.inflight[id]
	if in != nil {
		in.cancelled = true
		delete(s.inflight, id)
		if in.token != 0 {
			delete(s.progress, in.token)
		}
	}
	s.mu.Unlock()
	if in == nil {
		return
	}
	if reason == "" {
		reason = "cancelled by the client"
	}
	if in.call != nil {
		in.call.Cancel(reason)
	}
	if in.cancel != nil {
		in.cancel()
	}
	s.log.Debug().Str("id", id).Msg("request cancelled by the client")
}

// begin registers an IDE request as in flight. ideToken, if not nil, is
// the IDE's progress token; the returned gateway token replaces it.
func (s *Session) begin(id json.RawMessage, ideToken json.RawMessage, cancel context.CancelFunc) (*inflight, int64) {
	in := &inflight{cancel: cancel}
	s.mu.Lock()
	if ideToken != nil {
		s.nextToken++
		in.token = s.nextToken
		s.progress[in.token] = ideToken
	}
	s.inflight[string(id)] = in
	s.mu.Unlock()
	return in, in.token
}

// finish forgets an IDE request; it reports false if it was cancelled
// (its response must then not be sent).
func (s *Session) finish(id json.RawMessage, in *inflight) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in.cancelled {
		return false
	}
	delete(s.inflight, string(id))
	if in.token != 0 {
		delete(s.progress, in.token)
	}
	return true
}

// progressToken extracts _meta.progressToken (raw) and returns the _meta
// object without it, for rewriting.
func progressToken(meta json.RawMessage) (json.RawMessage, map[string]json.RawMessage) {
	if len(meta) == 0 {
		return nil, nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(meta, &m) != nil {
		return nil, nil
	}
	return m["progressToken"], m
}

// forward sends a tools/call for a backend tool and relays the response
// (and the progress before it) to the IDE under the IDE's id and token.
// Everything after the send happens on the backend's read loop.
func (s *Session) forward(id json.RawMessage, b *backends.Backend, tool string, args, meta json.RawMessage) {
	ideToken, metaMap := progressToken(meta)
	in, token := s.begin(id, ideToken, nil)
	if token != 0 {
		metaMap["progressToken"] = rpc.IntID(token)
		meta, _ = json.Marshal(metaMap)
	}
	var start time.Time
	hub := s.g.opts.Hub
	if hub != nil {
		start = time.Now()
	}
	call, err := b.Forward("tools/call", toolCallParams(tool, args, meta), func(resp *rpc.Message) {
		if hub != nil {
			var err error
			if resp.Error != nil {
				err = resp.Error
			}
			s.g.observe(b, tool, start, err)
		}
		if !s.finish(id, in) {
			return // cancelled: the IDE expects no response
		}
		if resp.Error != nil && (resp.Error.Code == rpc.CodeBackendFailed || resp.Error.Code == rpc.CodeNotReady) {
			// The backend failed (exited, timed out): a tool failure the model
			// can see and act on, not a protocol error.
			s.conn.Reply(id, errorResult(resp.Error.Message))
			return
		}
		s.conn.Send(&rpc.Message{ID: id, Result: resp.Result, Error: resp.Error})
	})
	if err != nil {
		s.finish(id, in)
		s.conn.Reply(id, errorResult(errorText(err)))
		return
	}
	s.mu.Lock()
	in.call = call
	cancelled := in.cancelled
	s.mu.Unlock()
	if cancelled {
		call.Cancel("cancelled by the client")
	}
}

// backendMessage handles what a backend sends besides responses; it runs
// on that backend's read loop.
func (s *Session) backendMessage(b *backends.Backend, conn *rpc.Conn, m *rpc.Message) {
	switch m.Method {
	case "notifications/progress":
		s.relayProgress(m)
	case "notifications/message":
		s.relayLog(m)
	case "notifications/resources/updated":
		s.resourceUpdated(b, m)
	case "notifications/elicitation/complete":
		s.conn.Notify(m.Method, m.Params)
	case "notifications/cancelled":
		s.backendCancelled(b, m)
	case "sampling/createMessage", "elicitation/create", "roots/list":
		s.relayRequest(b, conn, m)
	default:
		if m.ID != nil {
			conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "method not found: %q", m.Method))
		}
	}
}

func (s *Session) relayProgress(m *rpc.Message) {
	var p map[string]json.RawMessage
	if json.Unmarshal(m.Params, &p) != nil {
		return
	}
	tok, ok := rpc.ParseIntID(p["progressToken"])
	if !ok {
		return
	}
	s.mu.Lock()
	ideToken := s.progress[tok]
	s.mu.Unlock()
	if ideToken == nil {
		return // finished or cancelled: drop
	}
	p["progressToken"] = ideToken
	params, _ := json.Marshal(p)
	s.conn.Notify(m.Method, params)
}

func (s *Session) relayLog(m *rpc.Message) {
	var p struct {
		Level string `json:"level"`
	}
	_ = json.Unmarshal(m.Params, &p)
	s.mu.Lock()
	min := s.logLevel
	s.mu.Unlock()
	if i := slices.Index(logLevels, p.Level); i >= 0 && i < min {
		return
	}
	s.conn.Notify(m.Method, m.Params)
}

// relayRequest forwards a backend's request to the IDE when it declared
// the capability, and the IDE's answer back.
func (s *Session) relayRequest(b *backends.Backend, conn *rpc.Conn, m *rpc.Message) {
	capName := map[string]string{"sampling/createMessage": "sampling", "elicitation/create": "elicitation", "roots/list": "roots"}[m.Method]
	s.mu.Lock()
	_, ok := s.clientCaps[capName]
	s.mu.Unlock()
	if !ok {
		conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "%s is not available: the client connected to mcp-agentify did not declare the %q capability", m.Method, capName))
		return
	}
	backendID := m.ID
	// The IDE sees the gateway's own id (every backend starts its ids at 0);
	// the mapping lets a cancellation from the backend reach the IDE.
	s.pt.init()
	s.pt.mu.Lock() // held across Go so the callback's relayDone finds the entry
	ours, err := s.conn.Go(m.Method, m.Params, func(resp *rpc.Message) {
		s.relayDone(b, backendID)
		conn.Send(&rpc.Message{ID: backendID, Result: resp.Result, Error: resp.Error})
	})
	if err == nil {
		s.pt.relayed[relayKey{b.ID(), string(backendID)}] = ours
	}
	s.pt.mu.Unlock()
	if err != nil {
		conn.ReplyError(backendID, rpc.Errorf(rpc.CodeInternalError, "%s: the client connection failed: %v", m.Method, err))
	}
}

// listsChanged coalesces backend list changes: after a short quiet
// period, the IDE is told once if what it sees changed.
func (s *Session) listsChanged() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listTimer != nil {
		s.listTimer.Reset(50 * time.Millisecond)
		return
	}
	s.listTimer = time.AfterFunc(50*time.Millisecond, s.notifyLists)
}

func (s *Session) notifyLists() {
	if s.ctx.Err() != nil {
		return
	}
	s.renewSubscriptions()
	list := s.toolsList()
	s.mu.Lock()
	changed := string(list) != s.toolsSig && s.initialized
	s.toolsSig = string(list)
	s.mu.Unlock()
	if changed {
		s.conn.Notify("notifications/tools/list_changed", nil)
	}
	s.mu.Lock()
	initialized := s.initialized
	s.mu.Unlock()
	if initialized {
		s.notifyPassthroughLists()
	}
}

// ideSampler lets the planner use the IDE's model.
type ideSampler struct{ s *Session }

func (is ideSampler) CreateMessage(ctx context.Context, params json.RawMessage) (json.RawMessage, error) {
	return is.s.conn.Call(ctx, "sampling/createMessage", params)
}

func (is ideSampler) SupportsTools() bool {
	is.s.mu.Lock()
	raw := is.s.clientCaps["sampling"]
	is.s.mu.Unlock()
	var sc map[string]json.RawMessage
	_ = json.Unmarshal(raw, &sc)
	_, ok := sc["tools"]
	return ok
}
