package debugui

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

const (
	// wsBuffer is the subscription buffer of one WebSocket: entries beyond
	// it while the socket is busy are dropped and counted.
	wsBuffer = 256
	// wsWriteTimeout closes a socket whose reader stopped reading.
	wsWriteTimeout = 5 * time.Second
)

func (s *Server) handleWSLogs(w http.ResponseWriter, r *http.Request) {
	f := logFilter(r)
	f.Limit = queryLimit(r, telemetry.DefaultLogCapacity, telemetry.DefaultLogCapacity)
	stream(s, w, r, s.hub.Logs.Subscribe, s.hub.Logs.Recent, f, f.Match,
		func(e *telemetry.LogEntry) (uint64, uint64) { return e.Seq, e.Missed })
}

func (s *Server) handleWSTrace(w http.ResponseWriter, r *http.Request) {
	f := traceFilter(r)
	f.Limit = queryLimit(r, telemetry.DefaultTraceCapacity, telemetry.DefaultTraceCapacity)
	stream(s, w, r, s.hub.Trace.Subscribe, s.hub.Trace.Recent, f, f.Match,
		func(e *telemetry.TraceEntry) (uint64, uint64) { return e.Seq, e.Missed })
}

// backlogFrame is the first frame of a stream.
type backlogFrame[T any] struct {
	Backlog []T `json:"backlog"`
}

// stream serves one WebSocket: the backlog (entries matching f) as one
// {"backlog": [...]} frame, then each new matching entry as its own frame.
// Entries the socket could not keep up with are dropped by the subscription
// and reported in the next entry's "missed" field. The handler returns when
// the peer goes away, a write stalls longer than wsWriteTimeout, or the
// server closes.
func stream[T any, F any](s *Server, w http.ResponseWriter, r *http.Request,
	subscribe func(int) *telemetry.Subscription[T], recent func(F) []T, f F,
	match func(*T) bool, meta func(*T) (seq, missed uint64)) {
	if !s.sameOrigin(r) {
		http.Error(w, "cross-origin WebSocket refused", http.StatusForbidden)
		return
	}
	// Our own check above is stricter; keep the library's as well.
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return // Accept has answered
	}
	defer c.CloseNow()
	if !s.joinWS() {
		c.Close(websocket.StatusGoingAway, "dashboard closing")
		return
	}
	defer s.ws.Done()

	// Subscribe before reading the backlog so nothing falls in between;
	// live entries already in the backlog are skipped by sequence number.
	sub := subscribe(wsBuffer)
	defer sub.Close()
	backlog := recent(f)
	var last uint64
	if n := len(backlog); n > 0 {
		last, _ = meta(&backlog[n-1])
	}
	ctx := c.CloseRead(r.Context()) // ends when the peer closes or the server stops
	if err := writeFrame(ctx, c, s, backlogFrame[T]{Backlog: nonNil(backlog)}); err != nil {
		return
	}
	var missed uint64
	for {
		select {
		case <-ctx.Done():
			if s.ctx.Err() != nil {
				c.Close(websocket.StatusGoingAway, "dashboard closing")
			}
			return
		case e, ok := <-sub.C():
			if !ok {
				return
			}
			seq, m := meta(&e)
			missed += m
			if seq <= last || !match(&e) {
				continue
			}
			if missed > 0 {
				// Includes drops seen on entries skipped by the filter.
				setMissed(&e, missed)
			}
			missed = 0
			if err := writeFrame(ctx, c, s, e); err != nil {
				return
			}
		}
	}
}

// setMissed carries a drop count onto an entry of either stream type.
func setMissed(e any, n uint64) {
	switch t := e.(type) {
	case *telemetry.LogEntry:
		t.Missed = n
	case *telemetry.TraceEntry:
		t.Missed = n
	}
}

func writeFrame(ctx context.Context, c *websocket.Conn, s *Server, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b = s.hub.Redactor.Redact(b)
	ctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, b)
}
