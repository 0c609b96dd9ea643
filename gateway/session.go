package gateway

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
	"github.com/rs/zerolog"
)

// latestProtocolVersion is the newest MCP revision served; the others in
// supportedProtocolVersions are accepted when a client asks for them.
const latestProtocolVersion = "2025-11-25"

// supportedProtocolVersions lists the revisions the gateway speaks, newest first.
var supportedProtocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// session serves one client connection (the IDE over stdio, or one HTTP
// session). Many sessions may share one [Gateway]: each has its own ids,
// progress tokens, subscriptions, log level and capabilities.
type session struct {
	g    *Gateway
	conn *rpc.Conn
	log  zerolog.Logger

	ctx      context.Context // ends when the client is gone
	serveCtx context.Context // run's: bounds the gateway's background work when this session starts it
	cancel   context.CancelFunc
	work     sync.WaitGroup // the session's own request goroutines (orchestrate_task, waits for backends, ...)

	ready atomic.Bool  // initialized, read without mu by the fast lane
	fp    fastParams   // the fast lane's request while ForwardRaw runs (read loop only)
	last  fastResolved // the fast lane's last resolved name (read loop only)

	mu          sync.Mutex
	initialized bool                       // guarded by mu; ready mirrors it
	clientCaps  map[string]json.RawMessage // guarded by mu
	clientInfo  json.RawMessage            // guarded by mu
	version     string                     // guarded by mu; negotiated protocol version
	inflight    inflightTable              // guarded by mu; client request id -> call
	logLevel    int                        // guarded by mu; index into logLevels; notifications below it are dropped
	listTimer   *time.Timer                // guarded by mu; coalesces list_changed
	listFirst   time.Time                  // guarded by mu; first change the pending timer coalesces
	toolsSig    string                     // guarded by mu; what tools/list last showed

	pt passthrough // prompts, resources, completions, relayed requests (passthrough.go)
}

// inflight is a client request the gateway is working on.
type inflight struct {
	call      *backends.Call     // a forwarded call, once sent
	backend   string             // the backend it went to, if any
	cancel    context.CancelFunc // the gateway's own work
	token     int64              // gateway progress token, 0 if none
	cancelled bool
}

// callID is the backend request id of a forwarded call, 0 for none.
func callID(c *backends.Call) int64 {
	if c == nil {
		return 0
	}
	return c.ID()
}

var logLevels = []string{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// newSession prepares a session of g over stream; [session.run] serves it.
func newSession(g *Gateway, stream rpc.Stream) *session {
	ctx, cancel := context.WithCancel(context.Background())
	s := &session{
		g:        g,
		log:      g.log,
		ctx:      ctx,
		cancel:   cancel,
		inflight: newInflightTable(),
	}
	s.pt.init()
	opts := rpc.ConnOptions{
		Handler:     s.handle,
		Fast:        s.fast,
		ReplyErrors: true,
		OnBadInput: func(line []byte, err error) {
			s.log.Warn().Str("error", err.Error()).Msg("unreadable message from the client")
		},
		// A client that stops reading: notifications are dropped (logged,
		// counted); a response or request waits for room, holding back the
		// backend that sends it, and after the bound the session ends.
		OnDropNotification: func(m *rpc.Message) {
			s.log.Warn().Str("method", m.Method).Msg("the client is not reading: notification dropped")
		},
		OnOverflow: func(err error) {
			s.log.Error().Err(err).Msg("the client stopped reading; session closed")
		},
	}
	if g.opts.Hub != nil {
		opts.OnRead = func(m *rpc.Message, n int) { g.trace(telemetry.DirIDEToGateway, "", m, n) }
		opts.OnWrite = func(m *rpc.Message, n int) { g.trace(telemetry.DirGatewayToIDE, "", m, n) }
	}
	s.conn = rpc.NewConn(stream, opts)
	return s
}

// Run serves the client until it closes the connection or ctx ends, then
// cancels the session's own work and its calls in flight, and closes the
// stream. It does not stop the gateway: its owner does.
func (s *session) run(ctx context.Context) error {
	s.serveCtx = ctx
	s.g.addSession(s)
	defer s.g.removeSession(s)
	stop := context.AfterFunc(ctx, func() { s.conn.Close() })
	defer stop()
	err := s.conn.Run()
	s.cancel()
	s.mu.Lock()
	if s.listTimer != nil {
		s.listTimer.Stop()
	}
	type ended struct {
		call  *backends.Call
		token int64
	}
	calls := make([]ended, 0, s.inflight.len())
	s.inflight.each(func(in *inflight) {
		in.cancelled = true
		calls = append(calls, ended{in.call, in.token})
	})
	s.inflight.clear()
	s.mu.Unlock()
	// One session's disconnect cancels only its own calls, in the order
	// they were sent (the map has none; the gateway's own work has no
	// call and comes first).
	slices.SortFunc(calls, func(a, b ended) int { return cmp.Compare(callID(a.call), callID(b.call)) })
	for _, c := range calls {
		if c.call != nil {
			c.call.Cancel("the client disconnected")
		}
		s.g.dropToken(c.token)
	}
	s.work.Wait()
	s.conn.Close()
	return err
}

// method describes how the session handles one client request method.
type method struct {
	handle func(s *session, m *rpc.Message)
	// beforeInit: allowed before initialize.
	beforeInit bool
}

// clientMethods is the table of every request a client may send. A method
// not listed is answered -32601 at once; one listed but sent before
// initialize gets -32600.
var clientMethods map[string]method

func init() {
	clientMethods = map[string]method{
		"initialize":               {handle: (*session).initialize, beforeInit: true},
		"ping":                     {handle: func(s *session, m *rpc.Message) { s.conn.Reply(m.ID, json.RawMessage(`{}`)) }, beforeInit: true},
		"tools/list":               {handle: (*session).toolsListRequest},
		"tools/call":               {handle: (*session).toolsCall},
		"agentify/orchestrateTask": {handle: (*session).orchestrateMethod},
		"logging/setLevel":         {handle: (*session).setLevel},
		"prompts/list":             {handle: func(s *session, m *rpc.Message) { s.listMerged(m, kindPrompts) }},
		"resources/list":           {handle: func(s *session, m *rpc.Message) { s.listMerged(m, kindResources) }},
		"resources/templates/list": {handle: func(s *session, m *rpc.Message) { s.listMerged(m, kindTemplates) }},
		"prompts/get":              {handle: (*session).promptsGet},
		"resources/read":           {handle: (*session).resourceRequest},
		"resources/subscribe":      {handle: (*session).resourceRequest},
		"resources/unsubscribe":    {handle: (*session).resourceRequest},
		"completion/complete":      {handle: (*session).complete},
	}
}

// clientNotifications is the table of notifications a client may send;
// others are ignored.
var clientNotifications = map[string]func(s *session, m *rpc.Message){
	"notifications/initialized": func(*session, *rpc.Message) {},
	"notifications/cancelled":   (*session).cancelledByClient,
	"notifications/roots/list_changed": func(s *session, m *rpc.Message) {
		if mgr := s.g.Backends(); mgr != nil {
			for _, b := range mgr.List() {
				b.Notify(m.Method, m.Params)
			}
		}
	},
}

// handle dispatches one client message; it runs on the session's read loop.
func (s *session) handle(m *rpc.Message) {
	if m.ID == nil {
		if f := clientNotifications[m.Method]; f != nil {
			f(s, m)
		}
		return
	}
	md, ok := clientMethods[m.Method]
	if !ok {
		// server/discover (the 2026 dual-era probe) lands here and must be
		// answered at once so that the client falls back to initialize.
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "method not found: %q", m.Method))
		return
	}
	if !md.beforeInit {
		s.mu.Lock()
		ready := s.initialized
		s.mu.Unlock()
		if !ready {
			s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidRequest, "the session is not initialized: send initialize first"))
			return
		}
	}
	if err := checkMeta(m.Params); err != nil {
		s.conn.ReplyError(m.ID, err)
		return
	}
	md.handle(s, m)
}

// checkMeta rejects params whose _meta is not an object: MCP reserves it
// for an object, and SDK-based backends drop a message that breaks the
// rule, leaving the client to wait for its timeout.
func checkMeta(params json.RawMessage) *rpc.Error {
	if len(params) == 0 {
		return nil
	}
	meta, ok := rpc.Member(params, "_meta")
	if !ok {
		return nil
	}
	if meta = bytes.TrimSpace(meta); len(meta) == 0 || meta[0] != '{' {
		return rpc.Errorf(rpc.CodeInvalidParams, "invalid params: _meta: must be an object")
	}
	return nil
}

// initialize answers the handshake at once. The first session configures
// the gateway (with its initializationOptions) and starts the backends in
// the background, mirroring its capabilities into theirs; tools appear as
// backends come up (tools/list_changed).
func (s *session) initialize(m *rpc.Message) {
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
	version := latestProtocolVersion
	if slices.Contains(supportedProtocolVersions, p.ProtocolVersion) {
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
	s.ready.Store(true)
	s.mu.Unlock()

	reply := func() {
		result, _ := json.Marshal(map[string]any{
			"protocolVersion": version,
			"capabilities":    s.capabilities(),
			"serverInfo":      map[string]string{"name": "mcp-agentify", "title": "mcp-agentify gateway", "version": s.g.opts.Version},
			"instructions":    s.instructions(),
		})
		s.conn.Reply(m.ID, result)
		sig := s.toolsList(nil)
		s.mu.Lock()
		s.toolsSig = string(sig)
		s.mu.Unlock()
	}
	// The client is recorded before the gateway starts: starting may start
	// the dashboard, whose status names the client from its first answer on.
	var ci struct{ Name, Version string }
	_ = json.Unmarshal(p.ClientInfo, &ci)
	s.g.setClient(strings.TrimSpace(ci.Name+" "+ci.Version), version)
	caps, _ := json.Marshal(p.Capabilities)
	// The first client starts the gateway (a no-op when it already runs:
	// HTTP, or a second client). The backends are marked starting before
	// the answer is sent, so the client's next request, read after this,
	// waits for them; they start after it, so nothing they send reaches
	// the client before it.
	first, err := s.g.start(s.serveCtx, Client{InitializationOptions: p.InitializationOptions, Capabilities: caps}, reply)
	if err != nil {
		s.log.Error().Err(err).Msg("initializationOptions rejected")
		s.g.setClient("", "") // nothing started: no client is served
		s.mu.Lock()
		s.initialized = false
		s.ready.Store(false)
		s.mu.Unlock()
		s.conn.ReplyError(m.ID, rpc.AsError(&rpc.Error{Code: rpc.CodeInvalidParams, Message: err.Error()}))
		return
	}
	if !first {
		if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
			s.log.Info().Msg("initializationOptions ignored: the gateway is already configured (another client connected first, or it serves HTTP)")
		}
		reply()
	}
	s.log.Info().RawJSON("client", orJSON(p.ClientInfo)).Str("protocolVersion", version).Msg("client initialized")
}

// instructions tell the client's model how to use the gateway, naming
// only the tools the configured expose mode offers.
func (s *session) instructions() string {
	meta, _ := s.exposed()
	if len(meta) == 1 {
		return "mcp-agentify gives access to many backend MCP servers through one tool. " +
			"Use orchestrate_task to describe a task in plain language and let the gateway pick and run the right backend tool."
	}
	return "mcp-agentify gives access to many backend MCP servers through a few tools. " +
		"Use orchestrate_task to describe a task in plain language and let the gateway pick and run the right backend tool. " +
		"Or use search_tools to find backend tools (with their input schemas) and call_tool to run one by the name search_tools gives."
}

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
// is configured (see [session.offersPassthrough]). The experimental tasks
// capability is never declared: task ids are not namespaced.
func (s *session) capabilities() map[string]any {
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

// hasCapability reports whether the client declared capability name.
func (s *session) hasCapability(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.clientCaps[name]
	return ok
}

// elicitsURL reports whether the client declared URL-mode elicitation.
func (s *session) elicitsURL() bool {
	s.mu.Lock()
	raw := s.clientCaps["elicitation"]
	s.mu.Unlock()
	return declared(raw, "url")
}

func (s *session) setLevel(m *rpc.Message) {
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
	// Backends filter at the source too, so they do not send what is
	// dropped; with several clients, the most verbose level asked wins at
	// the backend, and each session filters for itself.
	if mgr := s.g.Backends(); mgr != nil {
		level := logLevels[s.g.minLogLevel()]
		params := rpc.AppendString([]byte(`{"level":`), level)
		params = append(params, '}')
		for _, b := range mgr.List() {
			if st, _ := b.State(); st == backends.Ready && b.HasCapability("logging") {
				if _, err := b.Forward("logging/setLevel", params, func(*rpc.Message) {}); err != nil {
					s.log.Debug().Str("backend", b.ID()).Err(err).Msg("logging/setLevel not forwarded")
				}
			}
		}
	}
	s.conn.Reply(m.ID, json.RawMessage(`{}`))
}

// cancelledByClient handles notifications/cancelled from the client.
func (s *session) cancelledByClient(m *rpc.Message) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
		Reason    string          `json:"reason"`
	}
	if json.Unmarshal(m.Params, &p) != nil || p.RequestID == nil {
		return
	}
	s.cancelRequest(string(p.RequestID), p.Reason)
}

// cancelRequest cancels a client request the gateway is working on.
func (s *session) cancelRequest(id, reason string) {
	s.mu.Lock()
	in := s.inflight.removeAny(keyOf(id))
	if in != nil {
		in.cancelled = true
	}
	s.mu.Unlock()
	if in == nil {
		return
	}
	s.g.dropToken(in.token)
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

// begin registers a client request as in flight. ideToken, if not nil, is
// the client's progress token; the returned gateway token replaces it.
func (s *session) begin(id json.RawMessage, ideToken json.RawMessage, cancel context.CancelFunc) (*inflight, int64) {
	in := &inflight{cancel: cancel}
	if ideToken != nil {
		in.token = s.g.newToken(s, ideToken)
	}
	s.mu.Lock()
	s.inflight.put(keyOf(id), in)
	s.mu.Unlock()
	return in, in.token
}

// finish forgets a client request; it reports false if it was cancelled
// (its response must then not be sent).
func (s *session) finish(id json.RawMessage, in *inflight) bool {
	return s.finishKey(keyOf(id), in)
}

// finishKey is finish for the id's key (a fast-lane call keeps its id
// so).
func (s *session) finishKey(key idKey, in *inflight) bool {
	s.mu.Lock()
	cancelled := in.cancelled
	if !cancelled {
		s.inflight.remove(key, in)
	}
	s.mu.Unlock()
	s.g.dropToken(in.token)
	return !cancelled
}

// forward sends a request to backend b on behalf of the client request id
// and relays the response (and the progress before it) back under the
// client's id and token. params are the request's params after the
// caller's rewrites; a _meta.progressToken in them is replaced by a
// gateway token, every other byte kept. Everything after the send happens
// on the backend's read loop, so progress and response keep their order.
// after, if set, sees the response first; tool is the tool name for
// metrics ("" for other methods).
func (s *session) forward(id json.RawMessage, b *backends.Backend, method, tool string, params json.RawMessage, after func(*rpc.Message)) {
	s.forwardFor(nil, id, b, method, tool, params, after)
}

// forwardFor is forward for the client's message cause (whose id is id):
// the request, and later the response, are written together with the rest
// of the burst of input their cause came in (see [rpc.Conn.SendFor]).
func (s *session) forwardFor(cause *rpc.Message, id json.RawMessage, b *backends.Backend, method, tool string, params json.RawMessage, after func(*rpc.Message)) {
	var ideToken json.RawMessage
	meta, hasMeta := rpc.Member(params, "_meta")
	if hasMeta {
		ideToken, _ = rpc.Member(meta, "progressToken")
	}
	in, token := s.begin(id, ideToken, nil)
	in.backend = b.ID()
	if token != 0 {
		meta, _ = rpc.SetMember(meta, "progressToken", rpc.IntID(token))
		params, _ = rpc.SetMember(params, "_meta", meta)
	}
	var start time.Time
	hub := s.g.opts.Hub
	if hub != nil {
		start = time.Now()
	}
	s.g.noteCaller(b.ID(), s)
	call, err := b.ForwardFor(cause, method, params, func(resp *rpc.Message) {
		if hub != nil && method == "tools/call" {
			var err error
			if resp.Error != nil {
				err = resp.Error
			}
			s.g.observe(b, tool, start, err)
		}
		if after != nil {
			after(resp)
		}
		if !s.finish(id, in) {
			return // cancelled: the client expects no response
		}
		if resp.Error != nil && method == "tools/call" && isCallFailure(resp.Error) {
			// The backend failed (exited, timed out): a tool failure the model
			// can see and act on, not a protocol error.
			s.conn.Reply(id, toolFailure(resp.Error))
			return
		}
		s.conn.SendFor(resp, &rpc.Message{ID: id, Result: resp.Result, Error: resp.Error})
	})
	if err != nil {
		s.finish(id, in)
		if method == "tools/call" {
			s.conn.Reply(id, toolFailure(err))
		} else {
			s.conn.ReplyError(id, wireError(err))
		}
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

// relayLog relays a backend's notifications/message at or above the
// session's log level.
func (s *session) relayLog(m *rpc.Message) {
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

// maxListDelay bounds how long list changes are coalesced: a backend that
// announces changes without pause must not delay the client's update (nor
// another backend's first tools) for longer.
const (
	listQuiet    = 50 * time.Millisecond
	maxListDelay = 250 * time.Millisecond
)

// listsChanged coalesces backend list changes: after a short quiet
// period, and at most maxListDelay after the first change, the client is
// told once if what it sees changed.
func (s *session) listsChanged() {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	if s.listTimer != nil && !s.listFirst.IsZero() {
		wait := min(listQuiet, maxListDelay-now.Sub(s.listFirst))
		s.listTimer.Reset(max(wait, 0))
		return
	}
	s.listFirst = now
	if s.listTimer == nil {
		s.listTimer = time.AfterFunc(listQuiet, s.notifyLists)
		return
	}
	s.listTimer.Reset(listQuiet)
}

// notifyLists runs on the list timer's goroutine.
func (s *session) notifyLists() {
	s.mu.Lock()
	s.listFirst = time.Time{}
	initialized := s.initialized
	s.mu.Unlock()
	if s.ctx.Err() != nil || !initialized {
		return
	}
	s.renewSubscriptions()
	list := s.toolsList(nil)
	s.mu.Lock()
	changed := string(list) != s.toolsSig
	s.toolsSig = string(list)
	s.mu.Unlock()
	if changed {
		s.conn.Notify("notifications/tools/list_changed", nil)
	}
	s.notifyPassthroughLists()
}

// sessionSampler lets the planner use a client's model: the client whose
// request the planner is serving (found in ctx), else any connected
// client that declared sampling.
type sessionSampler struct{ g *Gateway }

type sessionKey struct{}

func (ss sessionSampler) session(ctx context.Context) *session {
	if s, ok := ctx.Value(sessionKey{}).(*session); ok && s.hasCapability("sampling") {
		return s
	}
	return ss.g.sessionWith("sampling")
}

func (ss sessionSampler) CreateMessage(ctx context.Context, params json.RawMessage) (json.RawMessage, error) {
	s := ss.session(ctx)
	if s == nil {
		return nil, fmt.Errorf("sampling/createMessage: %w", errNoSampler)
	}
	return s.conn.Call(ctx, "sampling/createMessage", params)
}

func (ss sessionSampler) SupportsTools() bool {
	s := ss.session(context.Background())
	if s == nil {
		return false
	}
	s.mu.Lock()
	raw := s.clientCaps["sampling"]
	s.mu.Unlock()
	_, ok := rpc.Member(raw, "tools")
	return ok
}
