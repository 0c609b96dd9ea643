package backends

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// CallError is the wire error for a call the backend could not answer: it
// names the backend, and the message says what happened (unavailable,
// exited, timed out).
func (b *Backend) callError(format string, args ...any) *rpc.Error {
	return &rpc.Error{Code: rpc.CodeBackendFailed, Message: fmt.Sprintf("backend %q: ", b.cfg.ID) + fmt.Sprintf(format, args...)}
}

func (b *Backend) readyConn() (*rpc.Conn, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.state != Ready || b.conn == nil {
		msg := fmt.Sprintf("backend %q is %s", b.cfg.ID, b.state)
		if b.lastErr != nil {
			msg += ": " + b.lastErr.Error()
		}
		return nil, &rpc.Error{Code: rpc.CodeNotReady, Message: msg}
	}
	return b.conn, nil
}

// Call is a pending forwarded request, for cancellation.
type Call struct {
	b     *Backend
	conn  *rpc.Conn
	id    int64
	timer *time.Timer
}

// ID is the request id the gateway used toward the backend.
func (c *Call) ID() int64 { return c.id }

// Forward sends a request to the backend. onResp receives the backend's
// response as it is (its id is the gateway's, not the IDE's), or a
// synthesized error response when the backend exits, the connection
// breaks or the call times out (after CallTimeout; the backend is then
// sent notifications/cancelled). onResp runs exactly once, on the
// backend's read loop or a timer goroutine; it must not block. Messages
// the backend sends before its response (progress, logs) reach OnMessage
// first, on the same goroutine, so their order is kept.
func (b *Backend) Forward(method string, params json.RawMessage, onResp func(*rpc.Message)) (*Call, error) {
	conn, err := b.readyConn()
	if err != nil {
		return nil, err
	}
	c := &Call{b: b, conn: conn}
	timeout := b.CallTimeout()
	id, err := conn.Go(method, params, func(m *rpc.Message) {
		if c.timer != nil {
			c.timer.Stop()
		}
		onResp(m)
	})
	if err != nil {
		return nil, b.callError("%v", err)
	}
	c.id = id
	c.timer = time.AfterFunc(timeout, func() {
		if conn.Forget(id) {
			conn.Notify("notifications/cancelled", rpc.CancelParams(rpc.IntID(id), "timeout"))
			b.log.Warn().Str("method", method).Dur("timeout", timeout).Msg("call timed out")
			onResp(&rpc.Message{ID: rpc.IntID(id), Error: b.callError("%s timed out after %s", method, timeout)})
		}
	})
	return c, nil
}

// Cancel abandons a forwarded call: its response will be dropped, onResp is
// not called, and the backend is sent notifications/cancelled. It reports
// whether the call was still pending.
func (c *Call) Cancel(reason string) bool {
	if !c.conn.Forget(c.id) {
		return false
	}
	c.timer.Stop()
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
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, m.Error
		}
		return m.Result, nil
	case <-ctx.Done():
		c.Cancel(context.Cause(ctx).Error())
		return nil, ctx.Err()
	}
}

// Notify sends a notification to the backend if it is connected.
func (b *Backend) Notify(method string, params json.RawMessage) error {
	b.mu.Lock()
	conn := b.conn
	b.mu.Unlock()
	if conn == nil {
		return fmt.Errorf("backend %q: %w", b.cfg.ID, ErrUnavailable)
	}
	return conn.Notify(method, params)
}
