package debugui

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/coder/websocket"

	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

const (
	// DefaultMaxWatchers caps the WebSocket streams open at once when
	// Options.MaxWatchers is not set; more are refused with 503.
	DefaultMaxWatchers = 16
	// wsInterval is the shortest time between two frames of one stream:
	// entries arriving meanwhile go out together, so a watcher costs a
	// bounded number of wake-ups and writes per second, however fast the
	// gateway forwards messages.
	wsInterval = 250 * time.Millisecond
	// wsBatch is the most entries one frame holds; a watcher further
	// behind gets the newest and a count of the others ("missed").
	wsBatch = 128
	// wsWriteTimeout closes a socket whose reader stopped reading.
	wsWriteTimeout = 5 * time.Second
)

// feed is one of the hub's streams as a WebSocket reads it.
type feed interface {
	Changed(after uint64) <-chan struct{}
	// read returns encoded entries newer than after matching the request's
	// filter; see [telemetry.LogRing.ReadJSON].
	read(after uint64, max int) (frames [][]byte, last, missed uint64)
}

type logFeed struct {
	*telemetry.LogRing
	f telemetry.LogFilter
}

func (l logFeed) read(after uint64, max int) ([][]byte, uint64, uint64) {
	return l.ReadJSON(after, max, l.f)
}

type traceFeed struct {
	*telemetry.TraceBus
	f telemetry.TraceFilter
}

func (t traceFeed) read(after uint64, max int) ([][]byte, uint64, uint64) {
	return t.ReadJSON(after, max, t.f)
}

func (s *Server) handleWSLogs(w http.ResponseWriter, r *http.Request) {
	f := logFilter(r)
	s.stream(w, r, logFeed{s.hub.Logs, f}, queryLimit(r, telemetry.DefaultLogCapacity, telemetry.DefaultLogCapacity))
}

func (s *Server) handleWSTrace(w http.ResponseWriter, r *http.Request) {
	f := traceFilter(r)
	s.stream(w, r, traceFeed{s.hub.Trace, f}, queryLimit(r, telemetry.DefaultTraceCapacity, telemetry.DefaultTraceCapacity))
}

// stream serves one WebSocket: the backlog (up to limit entries matching
// the filter) as one {"backlog": [...]} frame, then new matching entries
// as {"entries": [...]} frames, at most one per wsInterval. Entries the
// socket could not keep up with are passed over and their number is given
// in the first entry's "missed" field. Each entry is encoded and redacted
// once for every watcher (by the hub), and publishing never waits for a
// watcher: the forwarding path's cost does not grow with their number. The
// handler returns when the peer goes away, a write stalls longer than
// wsWriteTimeout, or the server closes.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, fd feed, limit int) {
	if !s.sameOrigin(r) {
		http.Error(w, "cross-origin WebSocket refused", http.StatusForbidden)
		return
	}
	if !s.joinWatcher() {
		s.errorJSON(w, http.StatusServiceUnavailable, "too many dashboard streams open; close another tab")
		return
	}
	defer s.watchers.Add(-1)
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

	ctx := c.CloseRead(r.Context()) // ends when the peer closes or the server stops
	frames, last, _ := fd.read(0, limit)
	if err := s.writeFrame(ctx, c, "backlog", frames, 0); err != nil {
		return
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	var missed uint64
	for {
		select {
		case <-ctx.Done():
			if s.ctx.Err() != nil {
				c.Close(websocket.StatusGoingAway, "dashboard closing")
			}
			return
		case <-fd.Changed(last):
		}
		// Let entries gather for the rest of the interval: one frame, one
		// write, one wake-up for all of them.
		timer.Reset(wsInterval)
		select {
		case <-ctx.Done():
			continue
		case <-timer.C:
		}
		var m uint64
		frames, last, m = fd.read(last, wsBatch)
		missed += m
		if len(frames) == 0 {
			continue // none matched; keep the count for the next frame
		}
		if err := s.writeFrame(ctx, c, "entries", frames, missed); err != nil {
			return
		}
		missed = 0
	}
}

// joinWatcher counts one more open stream; false when the cap is reached.
func (s *Server) joinWatcher() bool {
	max := int64(s.opts.MaxWatchers)
	if max <= 0 {
		max = DefaultMaxWatchers
	}
	if s.watchers.Add(1) > max {
		s.watchers.Add(-1)
		return false
	}
	return true
}

// writeFrame writes {"<key>": [frames...]}, the first entry carrying
// "missed" when missed > 0. The frames are already encoded and redacted.
func (s *Server) writeFrame(ctx context.Context, c *websocket.Conn, key string, frames [][]byte, missed uint64) error {
	n := len(key) + 8
	for _, f := range frames {
		n += len(f) + 1
	}
	var buf bytes.Buffer
	buf.Grow(n + 32)
	buf.WriteString(`{"`)
	buf.WriteString(key)
	buf.WriteString(`":[`)
	for i, f := range frames {
		if i > 0 {
			buf.WriteByte(',')
		}
		if i == 0 && missed > 0 && len(f) > 1 && f[0] == '{' {
			buf.WriteString(`{"missed":`)
			buf.WriteString(strconv.FormatUint(missed, 10))
			if f[1] != '}' {
				buf.WriteByte(',')
			}
			buf.Write(f[1:])
			continue
		}
		buf.Write(f)
	}
	buf.WriteString("]}")
	ctx, cancel := context.WithTimeout(ctx, wsWriteTimeout)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, buf.Bytes())
}
