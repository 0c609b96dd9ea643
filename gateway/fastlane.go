package gateway

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// The fast lane (docs/design.md, "Forwarding in the read loops").
//
// A direct tools/call of a backend tool, and the backend's successful
// response to it, are most of what a busy gateway forwards. The general
// path decodes each message into an rpc.Message, runs the method table,
// allocates a record per call, a callback, a Call and the messages' bytes,
// and encodes each message again: about twenty allocations and several
// microseconds a call. The fast lane decides per line, on the session's
// read loop and before any decoding, whether a line is such a call it can
// take whole; if so, it runs the same checks (initialized, name, catalog,
// readiness, arguments) and writes the request to the backend from the
// client's line, with only the id, the tool's name and the progress token
// (a gateway token, as on the general path) set; the backend's
// plain successful response is written to the client from its raw result.
// One record per call (fastCall) holds everything the rest of the gateway
// needs: the in-flight entry for cancellation and disconnects, the
// backend Call for the timeout, breaker and exit handling, and what the
// metrics need.
//
// It steps aside, leaving the line to the general path untouched, for
// anything it is not sure of: a line the envelope scan does not take
// (rpc.ScanRequest), params whose name, arguments or _meta the exact reader
// cannot read (callParams), the gateway's own tools, arguments or _meta
// that are not objects, a name that does not resolve, arguments that fail validation, backends
// still starting, a session not initialized, and the dashboard's message
// trace being on. The general path then answers exactly as before; what
// the fast lane writes is byte for byte what the general path writes for
// the same line (TestFastLaneSameBytes, FuzzFastLane).

// fastCall is one call on the fast lane: one record for the whole call,
// besides the client's progress token, if any, and the client's id when
// it is not a plain integer (idKey). Records are reused (fastCalls):
// see release for when.
type fastCall struct {
	call  backends.Call // the backend's record: timeout, breaker, cancel
	in    inflight      // the session's record: cancellation by id, disconnect
	s     *session
	m     *telemetry.Series // the tool's metrics, nil when they are off
	t     *planner.Tool     // the tool called (its Name is the backend's name)
	key   idKey             // the client's id
	start time.Duration     // when its request was read (rpc.Conn.ReadClock, on backends.Clock): its timeout, and metrics
	// refs counts who may still use the record: the read loop that took
	// the call (until fast returns) and its outcome (until CallResult has
	// relayed the response). See release.
	refs atomic.Int32
}

// fastCalls holds fastCall records for reuse: at 64 calls in flight the
// record was the last allocation of a forwarded call, and with it the
// garbage collector's work (about 6 % of the gateway's CPU).
var fastCalls = sync.Pool{New: func() any { return new(fastCall) }}

// newFastCall returns a zeroed record held by its two users (see refs).
func newFastCall() *fastCall {
	fc := fastCalls.Get().(*fastCall)
	fc.refs.Store(2)
	return fc
}

// release drops one user's hold; the last one puts the record back for
// reuse. A user that cannot be sure nobody else still reaches the record
// does not release it, and the record is left to the garbage collector:
// the outcome releases only when the call ended through its response
// (CallResult), was not cancelled (a cancellation takes the in-flight
// entry and calls Cancel outside the session's lock) and nothing in
// backends still holds the Call (backends.Call.Reusable: a timer, the
// deadline list's expiry walk). Every other outcome (errors, timeouts,
// cancellations, a failed send) keeps its record: they are rare.
func (fc *fastCall) release() {
	if fc.refs.Add(-1) == 0 {
		*fc = fastCall{}
		fastCalls.Put(fc)
	}
}

// fastParams is what AppendCallParams reads of the client's request. It
// is needed only while ForwardRaw runs, on the session's read loop, so
// the session holds one (session.fp) instead of every fastCall.
type fastParams struct {
	// The client's params and their _meta, when it carries a progress
	// token (aliasing its line).
	params, meta []byte
	// Where the name's value is in params, when they hold one name
	// (readCallParams).
	nameStart, nameEnd int
}

// fast is the session connection's rpc.ConnOptions.Fast hook: it runs on
// the read loop for every client line and reports whether it forwarded
// the line on the fast lane.
func (s *session) fast(line []byte) bool {
	g := s.g
	if !s.ready.Load() || g.tracing.Load() || g.fastOff {
		return false
	}
	// The envelope and the params' members in one pass over the line.
	r := callReader{ok: true}
	env, ok := rpc.ScanCall(line, func(key []byte, start, end int) { r.member(line, key, start, end) })
	if !ok || string(env.Method) != "tools/call" {
		return false
	}
	cp, ok := r.done(true, env.ParamsAt)
	args, meta := cp.args, cp.meta
	if !ok || len(cp.name) == 0 {
		return false
	}
	var ideToken []byte
	if meta != nil {
		if meta[0] != '{' {
			return false // the general path says why
		}
		ideToken, _ = rpc.Member(meta, "progressToken")
	}
	if len(args) > 0 && args[0] != '{' {
		return false // not an object (or null): the general path answers
	}
	if len(g.startingNow()) > 0 {
		return false
	}
	b, t, ft := s.resolveFast(cp.name)
	if t == nil {
		return false
	}
	cat := s.last.cat
	// args are a value of the line ScanCall found valid: the schema's
	// fast path need not check their JSON again.
	if ft.schema == nil || ft.schema.ValidateScanned(args) != nil {
		// Not validated here: validateArgs decides (and logs) as the
		// general path does.
		if g.validateArgs(cat, t, args) != nil {
			return false
		}
	}
	fc := newFastCall()
	fc.s, fc.m, fc.t, fc.key = s, ft.series, t, keyOf(env.ID)
	s.fp = fastParams{params: env.Params, nameStart: cp.nameStart, nameEnd: cp.nameEnd}
	fc.in.backend = b.ID()
	if ideToken != nil {
		// The client's token outlives its line: one copy.
		fc.in.token = g.newToken(s, bytes.Clone(ideToken))
		s.fp.meta = meta
	}
	// When the request was read: its timeout and its latency count from
	// there. Not a clock reading of its own: the lines of one read(2)
	// share one (rpc.Conn.ReadClock).
	fc.start = s.conn.ReadClock()
	// The in-flight entry carries the Call from the start, and nothing is
	// checked after the send: what cancels a client request (its
	// notifications/cancelled, its disconnect) is handled on this read
	// loop, after fast returns, so it cannot see the entry before the call
	// is sent. (forwardFor sets the Call after sending, under mu, and then
	// checks for a cancellation: it may run on another goroutine.)
	fc.in.call = &fc.call
	s.mu.Lock()
	s.inflight.put(fc.key, &fc.in)
	s.mu.Unlock()
	noteCallerIn(s.last.caller, s)
	err := b.ForwardRaw(s.conn, &fc.call, "tools/call", fc, len(env.Params)+len(t.Name), fc.start)
	s.fp = fastParams{} // the line is not ours after this
	if err != nil {
		// Nothing was sent: the record is dropped (not released).
		s.finishKey(fc.key, &fc.in)
		s.conn.Reply(env.ID, toolFailure(err))
		return true
	}
	g.fastCalls.Add(1)
	fc.release() // the read loop is done with it
	return true
}

// fastResolved is what a name resolved to on the fast lane, for the
// catalog and name table it was resolved in: a client calling the same
// tool again (the common case under load) skips the lookups while both
// are current.
type fastResolved struct {
	name []byte // the name as the client wrote it; reused
	cat  *planner.Catalog
	nt   *nameTable
	b    *backends.Backend
	t    *planner.Tool
	ft   *fastTool
	// caller is the slot of b's last caller (Gateway.callerSlot).
	caller *atomic.Pointer[session]
}

// resolveFast resolves the name of a fast-lane call to its backend, tool
// and fast-lane entry, or returns a nil tool when the fast lane should
// not take it (one of the gateway's own tools, or a name that does not
// resolve). It runs on the session's read loop only. The catalog and
// name table are rebuilt, as new values, whenever the backends' generation
// changes (a reload, a restart, a backend's state or lists), so while both
// are the ones a name was resolved in, it resolves the same way.
func (s *session) resolveFast(name []byte) (*backends.Backend, *planner.Tool, *fastTool) {
	g := s.g
	cat, nt := g.Catalog(), g.nameTable()
	l := &s.last
	if l.t != nil && l.cat == cat && l.nt == nt && bytes.Equal(l.name, name) {
		return l.b, l.t, l.ft
	}
	l.t = nil
	if metaTools[string(name)] != nil {
		return nil, nil, nil
	}
	b, t := g.resolveIn(cat, nt, name)
	if t == nil {
		return nil, nil, nil
	}
	ft := g.fastTool(cat, t)
	*l = fastResolved{name: append(l.name[:0], name...), cat: cat, nt: nt, b: b, t: t, ft: ft, caller: g.callerSlot(b.ID())}
	return b, t, ft
}

// AppendCallParams implements backends.RawHandler: the client's params
// with the tool's name set to the backend's and the progress token, if
// any, to the gateway's, every other byte kept: what callBackendTool and
// forwardFor make of them with rpc.SetMember (every "name" member gets
// the name; every "_meta" member gets the last one, whose every
// "progressToken" gets the gateway's token).
func (fc *fastCall) AppendCallParams(dst []byte) []byte {
	p := &fc.s.fp
	var out []byte
	ok := false
	switch {
	case fc.in.token == 0 && p.nameEnd > 0:
		// One name, found by readCallParams: set it without a second pass.
		dst = append(dst, p.params[:p.nameStart]...)
		dst = rpc.AppendString(dst, fc.t.Name)
		return append(dst, p.params[p.nameEnd:]...)
	case fc.in.token == 0:
		out, ok = rpc.AppendSetMemberString(dst, p.params, "name", fc.t.Name)
	default:
		out, ok = rpc.AppendEdited(dst, p.params, fc.editParams)
	}
	if !ok {
		// Not reached: callParams read these params with the same reader.
		return append(dst, p.params...)
	}
	return out
}

// editParams sets the name and the _meta of forwarded params.
func (fc *fastCall) editParams(dst, key, _ []byte) ([]byte, bool) {
	switch string(key) {
	case "name":
		return rpc.AppendString(dst, fc.t.Name), true
	case "_meta":
		return rpc.AppendEdited(dst, fc.s.fp.meta, fc.editMeta)
	}
	return dst, false
}

// editMeta sets the progress token of the forwarded _meta.
func (fc *fastCall) editMeta(dst, key, _ []byte) ([]byte, bool) {
	if string(key) != "progressToken" {
		return dst, false
	}
	return strconv.AppendInt(dst, fc.in.token, 10), true
}

// CallResult implements backends.RawHandler: the backend's plain
// successful response, relayed under the client's id.
func (fc *fastCall) CallResult(from *rpc.Conn, result []byte) {
	s := fc.s
	g := s.g
	if fc.m != nil {
		// From the read of the request to the read of the response: the
		// time the call was out, the gateway's own queueing of the request
		// included (the responses of one read(2) share one reading).
		fc.m.Observe(from.ReadClock()-fc.start, telemetry.OutcomeOK)
	}
	if !s.finishKey(fc.key, &fc.in) {
		return // cancelled: the client expects no response
	}
	// At most: an integer id is written by the build below.
	size := len(`{"jsonrpc":"2.0","id":,"result":}`) + fc.key.idLen() + len(result)
	if g.tracing.Load() {
		// The trace was turned on while the call was out: the client's
		// side of it is still shown.
		id := fc.key.appendID(nil)
		g.trace(telemetry.DirGatewayToIDE, "", &rpc.Message{ID: id, Result: result}, len(`{"jsonrpc":"2.0","id":,"result":}`)+len(id)+len(result))
	}
	s.conn.SendAppend(from, size, func(msg []byte) []byte {
		msg = append(msg, `{"jsonrpc":"2.0","id":`...)
		msg = fc.key.appendID(msg)
		msg = append(msg, `,"result":`...)
		msg = append(msg, result...)
		return append(msg, '}')
	})
	if fc.call.Reusable() {
		fc.release()
	}
}

// CallResponse implements backends.RawHandler: every other outcome, as
// forwardFor relays it.
func (fc *fastCall) CallResponse(m *rpc.Message) {
	s := fc.s
	if fc.m != nil {
		var err error
		if m.Error != nil {
			err = m.Error
		}
		fc.m.Observe(backends.Clock()-fc.start, outcomeOf(err))
	}
	if !s.finishKey(fc.key, &fc.in) {
		return
	}
	id := json.RawMessage(fc.key.appendID(nil))
	if m.Error != nil && isCallFailure(m.Error) {
		s.conn.Reply(id, toolFailure(m.Error))
		return
	}
	s.conn.SendFor(m, &rpc.Message{ID: id, Result: m.Result, Error: m.Error})
}
