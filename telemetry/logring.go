package telemetry

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/rs/zerolog"
)

// DefaultLogCapacity is the number of log entries a [LogRing] keeps by default.
const DefaultLogCapacity = 2000

// LogEntry is one log line as zerolog wrote it (after redaction), with the
// fields the dashboard filters on pulled out.
type LogEntry struct {
	Seq     uint64    `json:"seq"`
	Time    time.Time `json:"time"`
	Level   string    `json:"level,omitempty"`
	Backend string    `json:"backend,omitempty"`
	Message string    `json:"message"`
	// Line is the whole JSON object zerolog wrote, or nil when the line was
	// not JSON (then Message holds the text).
	Line json.RawMessage `json:"line,omitempty"`
	// Missed is set only on entries delivered to a [Subscription]: the
	// number of entries dropped just before this one because the reader was
	// slow.
	Missed uint64 `json:"missed,omitempty"`
}

// LogFilter selects entries for [LogRing.Recent]. Zero fields match all.
type LogFilter struct {
	// MinLevel keeps entries at this zerolog level or above ("debug",
	// "info", "warn", "error", ...). Entries without a level are kept.
	MinLevel string
	// Backend keeps entries whose backend field equals it.
	Backend string
	// Text keeps entries whose line contains it, case-insensitively.
	Text string
	// Limit keeps the newest Limit matches; ≤ 0 means all.
	Limit int
}

// Match reports whether e passes the filter.
func (f LogFilter) Match(e *LogEntry) bool {
	if f.MinLevel != "" && e.Level != "" {
		if min, err := zerolog.ParseLevel(f.MinLevel); err == nil && min != zerolog.NoLevel {
			if l, err := zerolog.ParseLevel(e.Level); err == nil && l < min {
				return false
			}
		}
	}
	if f.Backend != "" && e.Backend != f.Backend {
		return false
	}
	if f.Text != "" {
		hay := e.Message
		if e.Line != nil {
			hay = string(e.Line)
		}
		if !containsFold(hay, f.Text) {
			return false
		}
	}
	return true
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// LogRing keeps the most recent log entries. It is an io.Writer for zerolog
// (one JSON object per Write); use it behind [NewRedactWriter] or give it a
// Redactor so nothing secret is stored. Safe for concurrent use; Write never
// blocks on subscribers.
type LogRing struct {
	r        *ring[LogEntry]
	redactor *Redactor
	// jsonRedactor masks the encodings ReadJSON hands out (defence in
	// depth when lines were already redacted on the way in).
	jsonRedactor *Redactor
}

// NewLogRing returns a ring of capacity entries (≤ 0: [DefaultLogCapacity]).
// A non-nil redactor is applied to every line written.
func NewLogRing(capacity int, redactor *Redactor) *LogRing {
	if capacity <= 0 {
		capacity = DefaultLogCapacity
	}
	return &LogRing{
		r: newRing(capacity,
			func(e *LogEntry, seq uint64) { e.Seq = seq },
			func(e *LogEntry, n uint64) { e.Missed = n }),
		redactor: redactor,
	}
}

// logFields are the fields zerolog writes that LogRing indexes. "backend"
// is the field the gateway tags backend log lines with.
type logFields struct {
	Time    json.RawMessage `json:"time"`
	Level   string          `json:"level"`
	Message string          `json:"message"`
	Backend string          `json:"backend"`
}

// Write stores each line in p. It always reports len(p), nil.
func (l *LogRing) Write(p []byte) (int, error) {
	n := len(p)
	p = l.redactor.Redact(p)
	for len(p) > 0 {
		line := p
		if i := bytes.IndexByte(p, '\n'); i >= 0 {
			line, p = p[:i], p[i+1:]
		} else {
			p = nil
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		l.r.add(parseLogLine(line))
	}
	return n, nil
}

// WriteLevel makes LogRing a [zerolog.LevelWriter].
func (l *LogRing) WriteLevel(_ zerolog.Level, p []byte) (int, error) { return l.Write(p) }

var _ zerolog.LevelWriter = (*LogRing)(nil)

func parseLogLine(line []byte) LogEntry {
	var f logFields
	e := LogEntry{}
	if line[0] == '{' && json.Unmarshal(line, &f) == nil {
		e.Line = bytes.Clone(line)
		e.Level, e.Message, e.Backend = f.Level, f.Message, f.Backend
		e.Time = parseLogTime(f.Time)
	} else {
		e.Message = string(line)
	}
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	return e
}

// parseLogTime accepts zerolog's default RFC 3339 strings and its Unix
// formats (seconds, or milliseconds/microseconds when large).
func parseLogTime(raw json.RawMessage) time.Time {
	if len(raw) == 0 {
		return time.Time{}
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return time.Time{}
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return time.Time{}
		}
		return t
	}
	var n float64
	if json.Unmarshal(raw, &n) != nil {
		return time.Time{}
	}
	switch {
	case n > 1e15:
		return time.UnixMicro(int64(n))
	case n > 1e12:
		return time.UnixMilli(int64(n))
	default:
		return time.Unix(int64(n), int64((n-float64(int64(n)))*1e9))
	}
}

// Recent returns the newest entries matching f, oldest first.
func (l *LogRing) Recent(f LogFilter) []LogEntry {
	return l.r.recent(f.Limit, f.Match)
}

// Subscribe returns a subscription to entries written from now on, with a
// channel buffer of buf entries. The caller must Close it.
func (l *LogRing) Subscribe(buf int) *Subscription[LogEntry] { return l.r.subscribe(buf) }

// LastSeq is the sequence number of the newest entry (0 when empty).
func (l *LogRing) LastSeq() uint64 { return l.r.lastSeq() }

// Changed returns a channel closed once an entry newer than sequence number
// after exists; at once when one does.
func (l *LogRing) Changed(after uint64) <-chan struct{} { return l.r.changed(after) }

// ReadJSON returns the JSON encodings of the entries newer than sequence
// number after that match f (f.Limit is ignored), oldest first and at most
// max (the newest), with the sequence number to pass next time and the
// number of entries passed over (overwritten before this read, or beyond
// max). Each entry is encoded and redacted once for all readers, so many
// readers cost the writer nothing; the returned slices are shared and must
// not be modified.
func (l *LogRing) ReadJSON(after uint64, max int, f LogFilter) (frames [][]byte, last, missed uint64) {
	return l.r.read(after, max, f.Match, func(e *LogEntry) []byte { return encodeJSON(e, l.jsonRedactor) })
}

// encodeJSON marshals v and redacts the result.
func encodeJSON(v any, r *Redactor) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": "cannot encode entry: " + err.Error()})
	}
	return r.Redact(b)
}
