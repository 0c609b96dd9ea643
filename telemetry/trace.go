package telemetry

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultTraceCapacity is the number of events a [TraceBus] keeps by default.
const DefaultTraceCapacity = 2000

// DefaultMaxPayload is the largest payload a [TraceBus] stores whole; larger
// payloads are replaced by a summary holding their first bytes.
const DefaultMaxPayload = 64 << 10

// Dir is the direction of an MCP message through the gateway.
type Dir string

// The four directions. A request and its response travel in opposite
// directions on the same connection (IDE side or one backend).
const (
	DirIDEToGateway     Dir = "ide→gw"
	DirGatewayToIDE     Dir = "gw→ide"
	DirGatewayToBackend Dir = "gw→backend"
	DirBackendToGateway Dir = "backend→gw"
)

// reverse is the direction of the answer to a message going d.
func (d Dir) reverse() Dir {
	switch d {
	case DirIDEToGateway:
		return DirGatewayToIDE
	case DirGatewayToIDE:
		return DirIDEToGateway
	case DirGatewayToBackend:
		return DirBackendToGateway
	case DirBackendToGateway:
		return DirGatewayToBackend
	}
	return d
}

func (d Dir) backendSide() bool { return d == DirGatewayToBackend || d == DirBackendToGateway }

// Kind is the JSON-RPC message kind of a [TraceEvent].
type Kind string

// Message kinds. KindError is a response carrying a JSON-RPC error.
const (
	KindRequest      Kind = "request"
	KindResponse     Kind = "response"
	KindNotification Kind = "notification"
	KindError        Kind = "error"
)

// TraceEvent is one MCP message seen by the gateway.
type TraceEvent struct {
	Time    time.Time `json:"time"`
	Dir     Dir       `json:"dir"`
	Backend string    `json:"backend,omitempty"` // "" for the IDE side unless routed
	Kind    Kind      `json:"kind"`
	ID      string    `json:"id,omitempty"` // raw JSON id: `7`, `"abc"`
	Method  string    `json:"method,omitempty"`
	// Tool is the tool (or prompt) a tools/call (prompts/get) names in
	// params.name, set by the bus on the request and on its response, so
	// that a trace reads "tools/call fs__read_file", not just "tools/call".
	Tool string `json:"tool,omitempty"`
	// Payload is the whole message (or params/result) as JSON. The bus
	// keeps it without copying: the caller must not modify it afterwards.
	Payload json.RawMessage `json:"payload,omitempty"`
	Size    int             `json:"size"` // bytes on the wire; len(Payload) when 0
	// Filled by the bus for responses and errors that answer a request it
	// saw: the latency since that request, its sequence number and method
	// (when Method is empty).
	LatencyMs float64 `json:"latencyMs,omitempty"`
	Pair      uint64  `json:"pair,omitempty"`
}

// PlannerEvent is one planner decision.
type PlannerEvent struct {
	Time             time.Time       `json:"time"`
	Planner          string          `json:"planner"` // "openai", "json", "sampling", "lexical"
	Model            string          `json:"model,omitempty"`
	Query            string          `json:"query"`
	Candidates       int             `json:"candidates"`
	Chosen           string          `json:"chosen,omitempty"` // "backend__tool"
	Arguments        json.RawMessage `json:"arguments,omitempty"`
	Attempts         int             `json:"attempts"`
	PromptTokens     int64           `json:"promptTokens"`
	CompletionTokens int64           `json:"completionTokens"`
	LatencyMs        float64         `json:"latencyMs"`
	Executed         bool            `json:"executed"`
	Error            string          `json:"error,omitempty"`
}

// Entry types in the trace stream.
const (
	TraceTypeMCP     = "mcp"
	TraceTypePlanner = "planner"
)

// TraceEntry is one element of the trace stream: an MCP message or a
// planner decision. Exactly one of MCP (when Type is "mcp") and Planner is
// meaningful.
type TraceEntry struct {
	Seq     uint64
	Type    string
	MCP     TraceEvent
	Planner *PlannerEvent
	// Missed is set only on entries delivered to a [Subscription]; see
	// [LogEntry.Missed].
	Missed uint64
}

// MarshalJSON writes {"seq", "type", "missed"?, "mcp"|"planner"}.
func (e TraceEntry) MarshalJSON() ([]byte, error) {
	type wire struct {
		Seq     uint64        `json:"seq"`
		Type    string        `json:"type"`
		Missed  uint64        `json:"missed,omitempty"`
		MCP     *TraceEvent   `json:"mcp,omitempty"`
		Planner *PlannerEvent `json:"planner,omitempty"`
	}
	w := wire{Seq: e.Seq, Type: e.Type, Missed: e.Missed, Planner: e.Planner}
	if e.Type == TraceTypeMCP {
		w.MCP = &e.MCP
	}
	return json.Marshal(w)
}

// TraceFilter selects entries for [TraceBus.Recent]. Zero fields match all.
type TraceFilter struct {
	// Backend keeps MCP events of that backend and planner decisions whose
	// chosen tool belongs to it.
	Backend string
	// Method keeps MCP events whose method contains it.
	Method string
	// Kind keeps MCP events of that kind; "planner" keeps planner decisions.
	Kind string
	// Limit keeps the newest Limit matches; ≤ 0 means all.
	Limit int
}

// Match reports whether e passes the filter.
func (f TraceFilter) Match(e *TraceEntry) bool {
	if e.Type == TraceTypePlanner {
		if f.Kind != "" && f.Kind != TraceTypePlanner {
			return false
		}
		if f.Method != "" {
			return false
		}
		if f.Backend != "" && (e.Planner == nil || !strings.HasPrefix(e.Planner.Chosen, f.Backend+"__")) {
			return false
		}
		return true
	}
	if f.Kind != "" && string(e.MCP.Kind) != f.Kind {
		return false
	}
	if f.Backend != "" && e.MCP.Backend != f.Backend {
		return false
	}
	if f.Method != "" && !strings.Contains(e.MCP.Method, f.Method) {
		return false
	}
	return true
}

// TraceOptions configures a [TraceBus]. A nil *TraceOptions means defaults.
type TraceOptions struct {
	Capacity   int       // ≤ 0: DefaultTraceCapacity
	MaxPayload int       // ≤ 0: DefaultMaxPayload
	Redactor   *Redactor // nil: payloads are stored as given
	// MaxPending bounds the requests waiting for a response (≤ 0: 4096);
	// beyond it an arbitrary pending request is forgotten.
	MaxPending int
}

type pendingKey struct {
	backend string // "" on the IDE side
	dir     Dir    // direction of the request
	id      string
}

type pendingReq struct {
	seq    uint64
	at     time.Time
	method string
	tool   string
}

// TraceBus records MCP messages and planner decisions. Publishing never
// blocks, costs the same whatever the number of readers (see
// [TraceBus.ReadJSON]), and does not allocate for small payloads without
// secrets (beyond the pending map's own growth and the tool name decoded
// from a tools/call or prompts/get request). Safe for concurrent use.
type TraceBus struct {
	r          *ring[TraceEntry]
	redactor   *Redactor
	maxPayload int
	maxPending int

	mu      sync.Mutex
	pending map[pendingKey]pendingReq // guarded by mu
}

// NewTraceBus returns a bus configured by opts (nil: defaults).
func NewTraceBus(opts *TraceOptions) *TraceBus {
	var o TraceOptions
	if opts != nil {
		o = *opts
	}
	if o.Capacity <= 0 {
		o.Capacity = DefaultTraceCapacity
	}
	if o.MaxPayload <= 0 {
		o.MaxPayload = DefaultMaxPayload
	}
	if o.MaxPending <= 0 {
		o.MaxPending = 4096
	}
	return &TraceBus{
		r: newRing(o.Capacity,
			func(e *TraceEntry, seq uint64) { e.Seq = seq },
			func(e *TraceEntry, n uint64) { e.Missed = n }),
		redactor:   o.Redactor,
		maxPayload: o.MaxPayload,
		maxPending: o.MaxPending,
		pending:    make(map[pendingKey]pendingReq),
	}
}

// Publish records one MCP message and returns its sequence number. A
// response or error whose request was published before (same connection,
// opposite direction, same id) gets LatencyMs, Pair and, if empty, Method.
// A zero Time is set to now.
func (b *TraceBus) Publish(ev TraceEvent) uint64 {
	if ev.Time.IsZero() {
		ev.Time = time.Now()
	}
	if ev.Size == 0 {
		ev.Size = len(ev.Payload)
	}
	if ev.Tool == "" && ev.Kind == KindRequest && (ev.Method == "tools/call" || ev.Method == "prompts/get") {
		ev.Tool = b.redactor.RedactString(nameParam(ev.Payload))
	}
	// Redact before truncating so no secret is cut in two at the boundary.
	ev.Payload = b.redactor.Redact(ev.Payload)
	if len(ev.Payload) > b.maxPayload {
		ev.Payload = truncatedPayload(ev.Payload, 1024)
	}

	// Pairing and ring insertion under b.mu so that a request's sequence
	// number is known before its response can look it up.
	b.mu.Lock()
	defer b.mu.Unlock()
	answer := ev.Kind == KindResponse || ev.Kind == KindError
	if answer && ev.ID != "" {
		k := pendingKey{dir: ev.Dir.reverse(), id: ev.ID}
		if k.dir.backendSide() {
			k.backend = ev.Backend
		}
		if req, ok := b.pending[k]; ok {
			delete(b.pending, k)
			ev.Pair = req.seq
			ev.LatencyMs = float64(ev.Time.Sub(req.at).Microseconds()) / 1000
			if ev.Method == "" {
				ev.Method = req.method
			}
			if ev.Tool == "" {
				ev.Tool = req.tool
			}
		}
	}
	seq := b.r.add(TraceEntry{Type: TraceTypeMCP, MCP: ev})
	if ev.Kind == KindRequest && ev.ID != "" {
		k := pendingKey{dir: ev.Dir, id: ev.ID}
		if k.dir.backendSide() {
			k.backend = ev.Backend
		}
		if len(b.pending) >= b.maxPending {
			for old := range b.pending {
				delete(b.pending, old)
				break
			}
		}
		b.pending[k] = pendingReq{seq: seq, at: ev.Time, method: ev.Method, tool: ev.Tool}
	}
	return seq
}

// PublishPlanner records one planner decision and returns its sequence
// number. Query and Arguments are redacted when the bus has a Redactor.
func (b *TraceBus) PublishPlanner(ev PlannerEvent) uint64 {
	if ev.Time.IsZero() {
		ev.Time = time.Now()
	}
	ev.Query = b.redactor.RedactString(ev.Query)
	ev.Arguments = b.redactor.Redact(ev.Arguments)
	ev.Error = b.redactor.RedactString(ev.Error)
	return b.r.add(TraceEntry{Type: TraceTypePlanner, Planner: &ev})
}

// nameParam is params.name of a request payload (the whole message, or
// its params alone); "" when absent or not JSON.
func nameParam(p json.RawMessage) string {
	var m struct {
		Name   string `json:"name"`
		Params struct {
			Name string `json:"name"`
		} `json:"params"`
	}
	if json.Unmarshal(p, &m) != nil {
		return ""
	}
	if m.Params.Name != "" {
		return m.Params.Name
	}
	return m.Name
}

// truncatedPayload summarises an oversized payload as a JSON object.
func truncatedPayload(p json.RawMessage, head int) json.RawMessage {
	if head > len(p) {
		head = len(p)
	}
	h, _ := json.Marshal(string(p[:head])) // a string always encodes
	out := make([]byte, 0, len(h)+64)
	out = append(out, `{"truncated":true,"size":`...)
	out = strconv.AppendInt(out, int64(len(p)), 10)
	out = append(out, `,"head":`...)
	out = append(out, h...)
	out = append(out, '}')
	return out
}

// Recent returns the newest entries matching f, oldest first.
func (b *TraceBus) Recent(f TraceFilter) []TraceEntry {
	return b.r.recent(f.Limit, f.Match)
}

// Subscribe returns a subscription to entries published from now on, with
// a channel buffer of buf entries. The caller must Close it.
func (b *TraceBus) Subscribe(buf int) *Subscription[TraceEntry] { return b.r.subscribe(buf) }

// LastSeq is the sequence number of the newest entry (0 when empty).
func (b *TraceBus) LastSeq() uint64 { return b.r.lastSeq() }

// Changed returns a channel closed once an entry newer than sequence number
// after exists; at once when one does.
func (b *TraceBus) Changed(after uint64) <-chan struct{} { return b.r.changed(after) }

// ReadJSON is [LogRing.ReadJSON] for the trace stream: each entry is
// encoded and redacted once, whatever the number of readers.
func (b *TraceBus) ReadJSON(after uint64, max int, f TraceFilter) (frames [][]byte, last, missed uint64) {
	return b.r.read(after, max, f.Match, func(e *TraceEntry) []byte { return encodeJSON(e, b.redactor) })
}
