package gateway

import (
	"encoding/json"
	"sync/atomic"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// This file routes what backends send besides responses to the session it
// concerns: progress by the gateway's progress token, a backend's request
// (sampling, elicitation, roots) to the session whose call caused it, a
// backend's cancellation of such a request to the session it went to, and
// logs, resource updates and list changes to every session.

// progressRoute is where a gateway progress token leads.
type progressRoute struct {
	s        *session
	ideToken json.RawMessage
}

// relayRoute is a backend's request relayed to a session under the
// session connection's id ours.
type relayRoute struct {
	s    *session
	ours int64
}

// relayKey names a request a backend sent to a client through the gateway.
type relayKey struct {
	backend string
	id      string // the backend's raw id
}

// newToken returns a gateway-unique progress token standing for the
// session's ideToken.
func (g *Gateway) newToken(s *session, ideToken json.RawMessage) int64 {
	g.routeMu.Lock()
	defer g.routeMu.Unlock()
	g.nextToken++
	g.progress[g.nextToken] = progressRoute{s, ideToken}
	return g.nextToken
}

// dropToken forgets a progress token (0 is none): later progress for it
// is dropped.
func (g *Gateway) dropToken(token int64) {
	if token == 0 {
		return
	}
	g.routeMu.Lock()
	delete(g.progress, token)
	g.routeMu.Unlock()
}

// noteCaller records that s just sent backend id a request: a request the
// backend sends next is most likely caused by it.
func (g *Gateway) noteCaller(id string, s *session) {
	noteCallerIn(g.callerSlot(id), s)
}

// callerSlot returns where the last caller of backend id is kept. A slot
// is never removed or replaced, so a session may keep it (the fast lane
// does, with the name it resolved) and note itself without the lock.
func (g *Gateway) callerSlot(id string) *atomic.Pointer[session] {
	g.routeMu.Lock()
	defer g.routeMu.Unlock()
	p := g.lastCaller[id]
	if p == nil {
		p = new(atomic.Pointer[session])
		g.lastCaller[id] = p
	}
	return p
}

// noteCallerIn records s in slot p (from callerSlot); it writes only when
// the caller changes.
func noteCallerIn(p *atomic.Pointer[session], s *session) {
	if p.Load() != s {
		p.Store(s)
	}
}

// callerFor chooses the session a backend's request goes to: the session
// with a call in flight on that backend that sent one last; else the only
// session connected. MCP over stdio does not say which call a server's
// request belongs to, so with several clients calling one backend at once
// this is the best evidence there is (documented in docs/design.md).
func (g *Gateway) callerFor(b *backends.Backend) *session {
	var last *session
	g.routeMu.Lock()
	if p := g.lastCaller[b.ID()]; p != nil {
		last = p.Load()
	}
	g.routeMu.Unlock()
	if last != nil && last.hasCallTo(b.ID()) {
		return last
	}
	sessions := g.sessionList()
	for _, s := range sessions {
		if s.hasCallTo(b.ID()) {
			return s
		}
	}
	if len(sessions) == 1 {
		return sessions[0]
	}
	return nil
}

// hasCallTo reports whether the session has a request in flight on backend id.
func (s *session) hasCallTo(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inflight.any(func(in *inflight) bool { return in.backend == id })
}

// backendMessages is the table of what a backend may send besides
// responses; a request not listed is answered -32601, a notification not
// listed is dropped.
var backendMessages = map[string]func(g *Gateway, b *backends.Backend, conn *rpc.Conn, m *rpc.Message){
	"notifications/progress": (*Gateway).relayProgress,
	"notifications/message": func(g *Gateway, _ *backends.Backend, _ *rpc.Conn, m *rpc.Message) {
		g.eachSession(func(s *session) { s.relayLog(m) })
	},
	"notifications/resources/updated": func(g *Gateway, b *backends.Backend, _ *rpc.Conn, m *rpc.Message) {
		g.eachSession(func(s *session) { s.resourceUpdated(b, m) })
	},
	"notifications/elicitation/complete": func(g *Gateway, _ *backends.Backend, _ *rpc.Conn, m *rpc.Message) {
		g.eachSession(func(s *session) {
			if s.hasCapability("elicitation") {
				s.conn.Notify(m.Method, m.Params)
			}
		})
	},
	"notifications/cancelled": (*Gateway).backendCancelled,
	"sampling/createMessage":  (*Gateway).relayRequest,
	"elicitation/create":      (*Gateway).relayRequest,
	"roots/list":              (*Gateway).relayRequest,
}

// backendMessage handles what a backend sends besides responses; it runs
// on that backend's read loop and must not block.
func (g *Gateway) backendMessage(b *backends.Backend, conn *rpc.Conn, m *rpc.Message) {
	if f := backendMessages[m.Method]; f != nil {
		f(g, b, conn, m)
		return
	}
	if m.ID != nil {
		conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "method not found: %q", m.Method))
	}
}

// relayProgress rewrites a backend's progress token back to the client's,
// keeping every other byte of the params.
func (g *Gateway) relayProgress(_ *backends.Backend, _ *rpc.Conn, m *rpc.Message) {
	raw, ok := rpc.Member(m.Params, "progressToken")
	if !ok {
		return
	}
	tok, ok := rpc.ParseIntID(raw)
	if !ok {
		return
	}
	g.routeMu.Lock()
	r, ok := g.progress[tok]
	g.routeMu.Unlock()
	if !ok {
		return // finished or cancelled: drop
	}
	params, ok := rpc.SetMember(m.Params, "progressToken", r.ideToken)
	if !ok {
		return
	}
	r.s.conn.SendFor(m, &rpc.Message{Method: m.Method, Params: params})
}

// capabilityFor names the client capability a backend request needs.
var capabilityFor = map[string]string{"sampling/createMessage": "sampling", "elicitation/create": "elicitation", "roots/list": "roots"}

// relayRequest forwards a backend's request to the session whose call
// caused it, when that client declared the capability, and the client's
// answer back; otherwise the backend gets a clear error at once.
func (g *Gateway) relayRequest(b *backends.Backend, conn *rpc.Conn, m *rpc.Message) {
	capName := capabilityFor[m.Method]
	s := g.callerFor(b)
	if s == nil {
		conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "%s is not available: no client connected to mcp-agentify can be asked (none has a call in flight on this server)", m.Method))
		return
	}
	if !s.hasCapability(capName) {
		conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "%s is not available: the client connected to mcp-agentify did not declare the %q capability", m.Method, capName))
		return
	}
	backendID := m.ID
	k := relayKey{b.ID(), string(backendID)}
	// The client sees the session connection's own id (every backend
	// starts its ids at 0); the mapping lets a cancellation from the
	// backend reach the client. No lock is held across Go, which may wait
	// for room toward a slow client; done tells whether the answer came
	// first, so that a finished request is never registered.
	var done atomic.Bool
	ours, err := s.conn.Go(m.Method, m.Params, func(resp *rpc.Message) {
		done.Store(true)
		g.routeMu.Lock()
		delete(g.relayed, k)
		g.routeMu.Unlock()
		conn.Send(&rpc.Message{ID: backendID, Result: resp.Result, Error: resp.Error})
	})
	if err == nil {
		g.routeMu.Lock()
		if !done.Load() {
			g.relayed[k] = relayRoute{s, ours}
		}
		g.routeMu.Unlock()
	}
	if err != nil {
		conn.ReplyError(backendID, rpc.Errorf(rpc.CodeInternalError, "%s: the client connection failed: %v", m.Method, err))
	}
}

// backendCancelled handles notifications/cancelled from a backend for a
// request it sent to a client through the gateway: the client is told,
// under the gateway's id, and the answer, if it still comes, is dropped.
func (g *Gateway) backendCancelled(b *backends.Backend, _ *rpc.Conn, m *rpc.Message) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
		Reason    string          `json:"reason"`
	}
	if json.Unmarshal(m.Params, &p) != nil || p.RequestID == nil {
		return
	}
	k := relayKey{b.ID(), string(p.RequestID)}
	g.routeMu.Lock()
	r, ok := g.relayed[k]
	delete(g.relayed, k)
	g.routeMu.Unlock()
	if !ok || !r.s.conn.Forget(r.ours) {
		return
	}
	r.s.conn.Notify("notifications/cancelled", rpc.CancelParams(rpc.IntID(r.ours), p.Reason))
}
