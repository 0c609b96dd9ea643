package backends

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// readyConn returns the connection of a ready backend, or the error to
// give the caller. (No defer: it runs on every forwarded call, and the
// locked part cannot panic.)
func (b *Backend) readyConn() (*rpc.Conn, error) {
	b.mu.Lock()
	if conn := b.conn; b.state == Ready && conn != nil {
		b.mu.Unlock()
		return conn, nil
	}
	defer b.mu.Unlock()
	msg := fmt.Sprintf("backend %q is %s", b.cfg.ID, b.state)
	if b.lastErr != nil {
		msg += ": " + b.lastErr.Error()
	}
	ce := &CallError{Backend: b.cfg.ID, Kind: ErrUnavailable, Err: b.lastErr, msg: msg}
	return nil, &rpc.Error{Code: rpc.CodeNotReady, Message: ce.Error(), Err: ce}
}

// Call is a pending forwarded request, for cancellation. (Its fields are
// ordered so that the small ones share a word: the fast lane allocates one
// per call, embedded in its own record.)
type Call struct {
	b    *Backend
	conn *rpc.Conn
	id   int64

	timer *time.Timer // guarded by mu; only when the call is not in b.dl

	// For the timeout (see deadlines): when it passes, on Clock.
	deadline   time.Duration
	method     string
	onResp     func(*rpc.Message)
	raw        RawHandler // instead of onResp, for ForwardRaw
	prev, next *Call      // guarded by b.dl.mu

	mu     sync.Mutex
	trial  bool // the breaker's half-open trial call
	ended  bool // guarded by mu; answered, timed out or cancelled
	listed bool // guarded by b.dl.mu
	fired  bool // guarded by b.dl.mu; the timer's walk took the call off the list to expire it
	// clean: end found no timer nor expiry walk holding the call (see
	// Reusable). Written by end under mu, read by Reusable on the
	// goroutine whose end delivered the outcome.
	clean bool
}

// ID is the request id the gateway used toward the backend.
func (c *Call) ID() int64 { return c.id }

// end marks the call finished and stops its timer; it reports false if it
// had already ended.
func (c *Call) end() bool {
	c.mu.Lock()
	if c.ended {
		c.mu.Unlock()
		return false
	}
	c.ended = true
	if c.timer != nil {
		c.timer.Stop()
	} else {
		c.clean = !c.b.dl.remove(c)
	}
	c.mu.Unlock()
	return true
}

// Reusable reports whether the call ended through its response with
// nothing of this package still holding it: no timer of its own, not taken
// by the deadline list's expiry walk (which expires the calls it took
// after releasing the list, and may still be about to). The owner of a
// call forwarded with ForwardRaw may then reuse the call's memory for
// another call (zeroed) once its own references are gone. Call it from
// RawHandler.CallResult only: that outcome means the response took the
// call's pending entry, so no cancellation or expiry can take it later;
// and it runs on the goroutine whose end delivered that outcome, which
// wrote what Reusable reads (so no lock).
func (c *Call) Reusable() bool { return c.clean }

// expire ends the call because its timeout passed: the backend is told
// notifications/cancelled and onResp gets a timeout error.
func (c *Call) expire() {
	if !c.conn.Forget(c.id) || !c.end() {
		return
	}
	c.conn.Notify("notifications/cancelled", rpc.CancelParams(rpc.IntID(c.id), "timeout"))
	timeout := c.b.CallTimeout()
	c.b.log.Warn().Str("method", c.method).Dur("timeout", timeout).Msg("call timed out")
	c.b.outcome(true, c.trial)
	c.deliver(&rpc.Message{ID: rpc.IntID(c.id), Error: c.b.failure(ErrTimeout, nil, "%s timed out after %s", c.method, timeout)})
}

// deliver hands the call's outcome to its owner.
func (c *Call) deliver(m *rpc.Message) {
	if c.raw != nil {
		c.raw.CallResponse(m)
		return
	}
	c.onResp(m)
}

// Clock is monotonic time since the process started: [rpc.Clock], the
// clock of [rpc.Conn.ReadClock]. Forwarded calls' deadlines are kept on
// it.
func Clock() time.Duration { return rpc.Clock() }

// deadlines times out a backend's forwarded calls with one timer instead
// of one per call (a timer per call, created and stopped at 100k calls a
// second, was two allocations and the runtime's timer heap on every
// call). Every call of a backend has the same timeout, so sending order is
// deadline order: calls are appended to a list, answered ones unlinked,
// and the timer, armed for the oldest, expires those whose deadline passed
// and re-arms for the next. A call whose deadline would come before the
// newest one's (the timeout was lowered) gets its own timer instead.
type deadlines struct {
	mu         sync.Mutex
	head, tail *Call       // guarded by mu; oldest first
	timer      *time.Timer // guarded by mu
	armed      bool        // guarded by mu; timer is set for head's deadline or earlier
}

// add lists c; it reports false when c must have its own timer.
//
// add, remove and end run on every forwarded call: they unlock without
// defer, and nothing between lock and unlock can panic.
func (d *deadlines) add(c *Call) bool {
	d.mu.Lock()
	if d.tail != nil && c.deadline < d.tail.deadline {
		d.mu.Unlock()
		return false
	}
	c.prev, c.listed = d.tail, true
	if d.tail != nil {
		d.tail.next = c
	} else {
		d.head = c
	}
	d.tail = c
	if !d.armed {
		d.arm(d.head.deadline - Clock())
	}
	d.mu.Unlock()
	return true
}

// arm sets the timer; the caller holds mu.
func (d *deadlines) arm(after time.Duration) {
	d.armed = true
	if d.timer == nil {
		// The timer's goroutine is the runtime's; fire runs on it.
		d.timer = time.AfterFunc(after, d.fire)
		return
	}
	d.timer.Reset(after)
}

// remove unlinks c if it is listed; it reports whether the expiry walk
// took c off the list first (and so may still reach it).
func (d *deadlines) remove(c *Call) (fired bool) {
	d.mu.Lock()
	if !c.listed {
		fired = c.fired
		d.mu.Unlock()
		return fired
	}
	if c.prev != nil {
		c.prev.next = c.next
	} else {
		d.head = c.next
	}
	if c.next != nil {
		c.next.prev = c.prev
	} else {
		d.tail = c.prev
	}
	c.prev, c.next, c.listed = nil, nil, false
	d.mu.Unlock()
	return false
}

// fire expires the calls whose deadline passed and re-arms for the next.
func (d *deadlines) fire() {
	for _, c := range d.takeExpired(Clock()) {
		c.expire()
	}
}

// takeExpired unlinks the calls whose deadline passed at now, marks them
// fired (an end that comes later knows the walk may still reach them),
// re-arms the timer for the next one, and returns them, oldest first.
func (d *deadlines) takeExpired(now time.Duration) []*Call {
	var expired []*Call
	d.mu.Lock()
	d.armed = false
	for c := d.head; c != nil && c.deadline <= now; c = d.head {
		d.head = c.next
		if d.head != nil {
			d.head.prev = nil
		} else {
			d.tail = nil
		}
		c.prev, c.next, c.listed, c.fired = nil, nil, false, true
		expired = append(expired, c)
	}
	if d.head != nil {
		d.arm(d.head.deadline - now)
	}
	d.mu.Unlock()
	return expired
}

// Forward sends a request to the backend. onResp receives the backend's
// response as it is (its id is the gateway's, not the IDE's), or a
// synthesized error response when the backend exits, the connection
// breaks, the response is over the size limit or the call times out
// (after CallTimeout, per call; the backend is then sent
// notifications/cancelled). onResp runs exactly once, on the backend's
// read loop or a timer goroutine; it must not block. Messages the backend
// sends before its response (progress, logs) reach OnMessage first, on the
// same goroutine, so their order is kept.
//
// Outcomes feed the backend's circuit breaker: while it is open, Forward
// fails at once with a *rpc.Error (CodeBackendFailed) naming the backend.
func (b *Backend) Forward(method string, params json.RawMessage, onResp func(*rpc.Message)) (*Call, error) {
	return b.ForwardFor(nil, method, params, onResp)
}

// ForwardFor is [Backend.Forward] for a request sent because of cause, a
// message a connection's read loop is handling (the client's request):
// see [rpc.Conn.SendFor]. Requests forwarded in one burst of the client's
// input reach the backend in one write.
func (b *Backend) ForwardFor(cause *rpc.Message, method string, params json.RawMessage, onResp func(*rpc.Message)) (*Call, error) {
	conn, trial, err := b.admit()
	if err != nil {
		return nil, err
	}
	c := &Call{b: b, conn: conn, trial: trial, method: method, onResp: onResp}
	id, err := conn.GoFor(cause, method, params, c.Response)
	if err != nil {
		b.br.release(trial)
		return nil, b.failure(ErrExited, err, "%v", err)
	}
	c.id = id
	c.arm()
	return c, nil
}

// admit returns the connection of a ready backend whose breaker lets a
// call through (trial: the half-open trial call), or the error to give
// the caller.
func (b *Backend) admit() (conn *rpc.Conn, trial bool, err error) {
	conn, err = b.readyConn()
	if err != nil {
		return nil, false, err
	}
	ok, trial, retryIn, changed := b.br.allow()
	if changed {
		b.breakerChanged(BreakerHalfOpen, 0)
	}
	if !ok {
		if retryIn > 0 {
			return nil, false, b.failure(ErrCircuitOpen, nil, "circuit open after repeated failures; calls fail fast for %s", retryIn.Round(time.Second))
		}
		return nil, false, b.failure(ErrCircuitOpen, nil, "circuit half-open: waiting for the outcome of a trial call")
	}
	return conn, trial, nil
}

// arm starts the call's timeout, unless it has already ended.
func (c *Call) arm() { c.armAt(Clock()) }

// armAt is arm for a call sent at now (the caller's Clock reading, so
// that a forwarded call reads the clock once).
func (c *Call) armAt(now time.Duration) {
	c.mu.Lock()
	if !c.ended {
		// The backend's timeout (its configuration does not change: a
		// reload makes a new Backend), not kept per call.
		timeout := c.b.CallTimeout()
		c.deadline = now + timeout
		if !c.b.dl.add(c) {
			// The timer goroutine is the runtime's; it ends the call at most once.
			c.timer = time.AfterFunc(timeout, c.expire)
		}
	}
	c.mu.Unlock()
}

// Response implements [rpc.Responder]: it receives the call's response
// (or the connection's failure), classifies a failure synthesized on this
// side, feeds the breaker and hands the outcome to the call's owner. It
// runs on the backend's read loop or on the goroutine that fails the
// connection; not for callers.
func (c *Call) Response(m *rpc.Message) {
	if !c.end() {
		return
	}
	b := c.b
	switch {
	case m.Error == nil || m.Error.Err == nil || isCallError(m.Error):
		// An answer from the backend (errors read from the wire carry no
		// local cause), or a failure already classified.
	case errors.Is(m.Error, rpc.ErrResponseTooLarge):
		m = &rpc.Message{ID: m.ID, Error: b.failure(ErrTooLarge, m.Error.Err, "%s", m.Error.Message)}
	default:
		// Synthesized on this side (a send that failed, a connection
		// that broke): the call did not get through.
		m = &rpc.Message{ID: m.ID, Error: b.failure(ErrExited, m.Error.Err, "%s", m.Error.Message)}
	}
	b.outcome(callFailed(m), c.trial)
	c.deliver(m)
}

// RawHandler owns a call forwarded with [Backend.ForwardRaw]: it appends
// the request's params and receives its outcome, exactly once (unless the
// call is cancelled), on the backend's read loop, a timer's goroutine or
// the goroutine that fails the connection. Neither must block.
type RawHandler interface {
	// AppendCallParams appends the request's params (a JSON object).
	// It is called once, inside ForwardRaw.
	AppendCallParams(dst []byte) []byte
	// CallResult receives a plain successful response's raw result, only
	// valid during the call, on the read loop of from (the backend's
	// connection): see [rpc.Responder].
	CallResult(from *rpc.Conn, result []byte)
	// CallResponse receives every other outcome, as [Backend.Forward]'s
	// onResp does: the backend's error response, or the failure (timeout,
	// exit, unreadable response) synthesized on this side.
	CallResponse(m *rpc.Message)
}

// ForwardRaw is the fast lane of [Backend.ForwardFor]: the same checks
// (ready, breaker), timeout, cancellation and outcome bookkeeping, with no
// allocation of its own. c is a zero Call that the caller owns (usually
// embedded in its own record of the call, so that one allocation covers
// both) and that h must outlive; h appends the params (about size bytes)
// straight into the request's bytes, and receives a plain successful
// response as its raw result (see [rpc.Conn.GoRaw]). from is the
// connection whose read loop is handling the cause of the call (its burst
// of input is written to the backend together). now is when the call was
// taken, on [Clock] (the caller's one clock reading; the timeout counts
// from it). On
// an error nothing was sent and h is not called.
func (b *Backend) ForwardRaw(from *rpc.Conn, c *Call, method string, h RawHandler, size int, now time.Duration) error {
	conn, trial, err := b.admit()
	if err != nil {
		return err
	}
	c.b, c.conn, c.trial, c.method, c.raw = b, conn, trial, method, h
	id, err := conn.GoRaw(from, method, c, size)
	if err != nil {
		b.br.release(trial)
		return b.failure(ErrExited, err, "%v", err)
	}
	c.id = id
	c.armAt(now)
	return nil
}

// AppendParams implements [rpc.RawRequest] for ForwardRaw; not for callers.
func (c *Call) AppendParams(dst []byte) []byte { return c.raw.AppendCallParams(dst) }

// RawResult implements [rpc.Responder] for ForwardRaw; not for callers.
func (c *Call) RawResult(from *rpc.Conn, result []byte) {
	if !c.end() {
		return
	}
	c.b.outcome(false, c.trial)
	c.raw.CallResult(from, result)
}

// isCallError reports whether err is already a classified *CallError
// (its own function: the variable errors.As needs escapes, and the
// response path must not allocate it for every answer).
func isCallError(err error) bool {
	var ce *CallError
	return errors.As(err, &ce)
}

// callFailed tells a failed call (for the breaker) from an answered one:
// timeouts, lost connections and unreadable responses (CodeBackendFailed)
// and internal errors count; tool failures (isError results) and the
// backend's answers to bad requests do not.
func callFailed(m *rpc.Message) bool {
	return m.Error != nil && (m.Error.Code == rpc.CodeBackendFailed || m.Error.Code == rpc.CodeInternalError)
}

// outcome feeds a call's outcome to the breaker.
func (b *Backend) outcome(failed, trial bool) {
	st, n, changed := b.br.record(failed, trial)
	if changed {
		b.breakerChanged(st, n)
	}
}

func (b *Backend) breakerChanged(st BreakerState, failures int) {
	switch st {
	case BreakerOpen:
		b.log.Warn().Str("breaker", string(st)).Int("failures", failures).Dur("cooldown", b.br.cooldown).Msg("circuit breaker open: calls fail fast")
	case BreakerHalfOpen:
		b.log.Info().Str("breaker", string(st)).Msg("circuit breaker half-open: trying one call")
	default:
		b.log.Info().Str("breaker", string(st)).Msg("circuit breaker closed")
	}
	if b.opts.OnChange != nil {
		b.opts.OnChange(b)
	}
}

// Cancel abandons a forwarded call: its response will be dropped, onResp is
// not called, and the backend is sent notifications/cancelled. It reports
// whether the call was still pending.
func (c *Call) Cancel(reason string) bool {
	if !c.conn.Forget(c.id) || !c.end() {
		return false
	}
	c.b.br.release(c.trial)
	c.conn.Notify("notifications/cancelled", rpc.CancelParams(rpc.IntID(c.id), reason))
	return true
}

// Call sends a request and waits for the response (bounded by ctx and the
// backend's call timeout). Backend errors are returned as *rpc.Error.
func (b *Backend) Call(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	ch := make(chan *rpc.Message, 1)
	c, err := b.Forward(method, params, func(m *rpc.Message) { ch <- m })
	if err != nil {
		return nil, err
	}
	return rpc.Await(ctx, ch, func(reason string) { c.Cancel(reason) })
}

// Notify sends a notification to the backend if it is connected.
func (b *Backend) Notify(method string, params json.RawMessage) error {
	b.mu.Lock()
	conn := b.conn
	b.mu.Unlock()
	if conn == nil {
		return &CallError{Backend: b.cfg.ID, Kind: ErrUnavailable, msg: fmt.Sprintf("backend %q is not connected", b.cfg.ID)}
	}
	return conn.Notify(method, params)
}
