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

func (b *Backend) readyConn() (*rpc.Conn, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.state != Ready || b.conn == nil {
		msg := fmt.Sprintf("backend %q is %s", b.cfg.ID, b.state)
		if b.lastErr != nil {
			msg += ": " + b.lastErr.Error()
		}
		ce := &CallError{Backend: b.cfg.ID, Kind: ErrUnavailable, Err: b.lastErr, msg: msg}
		return nil, &rpc.Error{Code: rpc.CodeNotReady, Message: ce.Error(), Err: ce}
	}
	return b.conn, nil
}

// Call is a pending forwarded request, for cancellation.
type Call struct {
	b     *Backend
	conn  *rpc.Conn
	id    int64
	trial bool // the breaker's half-open trial call

	mu    sync.Mutex
	timer *time.Timer // guarded by mu
	ended bool        // guarded by mu; answered, timed out or cancelled
}

// ID is the request id the gateway used toward the backend.
func (c *Call) ID() int64 { return c.id }

// end marks the call finished and stops its timer; it reports false if it
// had already ended.
func (c *Call) end() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended {
		return false
	}
	c.ended = true
	if c.timer != nil {
		c.timer.Stop()
	}
	return true
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
	conn, err := b.readyConn()
	if err != nil {
		return nil, err
	}
	ok, trial, retryIn, changed := b.br.allow()
	if changed {
		b.breakerChanged(BreakerHalfOpen, 0)
	}
	if !ok {
		if retryIn > 0 {
			return nil, b.failure(ErrCircuitOpen, nil, "circuit open after repeated failures; calls fail fast for %s", retryIn.Round(time.Second))
		}
		return nil, b.failure(ErrCircuitOpen, nil, "circuit half-open: waiting for the outcome of a trial call")
	}
	c := &Call{b: b, conn: conn, trial: trial}
	timeout := b.CallTimeout()
	id, err := conn.GoFor(cause, method, params, func(m *rpc.Message) {
		if !c.end() {
			return
		}
		var ce *CallError
		switch {
		case m.Error == nil || m.Error.Err == nil || errors.As(m.Error, &ce):
			// An answer from the backend (errors read from the wire carry no
			// local cause), or a failure already classified.
		case errors.Is(m.Error, rpc.ErrResponseTooLarge):
			m = &rpc.Message{ID: m.ID, Error: b.failure(ErrTooLarge, m.Error.Err, "%s", m.Error.Message)}
		default:
			// Synthesized on this side (a send that failed, a connection
			// that broke): the call did not get through.
			m = &rpc.Message{ID: m.ID, Error: b.failure(ErrExited, m.Error.Err, "%s", m.Error.Message)}
		}
		b.outcome(callFailed(m), trial)
		onResp(m)
	})
	if err != nil {
		b.br.release(trial)
		return nil, b.failure(ErrExited, err, "%v", err)
	}
	c.id = id
	c.mu.Lock()
	if !c.ended {
		// The timer goroutine is the runtime's; it ends the call at most once.
		c.timer = time.AfterFunc(timeout, func() {
			if !conn.Forget(id) || !c.end() {
				return
			}
			conn.Notify("notifications/cancelled", rpc.CancelParams(rpc.IntID(id), "timeout"))
			b.log.Warn().Str("method", method).Dur("timeout", timeout).Msg("call timed out")
			b.outcome(true, trial)
			onResp(&rpc.Message{ID: rpc.IntID(id), Error: b.failure(ErrTimeout, nil, "%s timed out after %s", method, timeout)})
		})
	}
	c.mu.Unlock()
	return c, nil
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
