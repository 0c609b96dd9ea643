package telemetry

import (
	"bufio"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Outcome is how a call ended.
type Outcome uint8

// Call outcomes. Every outcome counts as a call; Error and Timeout are
// counted apart (a timeout is not also an error).
const (
	OutcomeOK Outcome = iota
	OutcomeError
	OutcomeTimeout
)

// String returns "ok", "error" or "timeout".
func (o Outcome) String() string {
	switch o {
	case OutcomeOK:
		return "ok"
	case OutcomeError:
		return "error"
	case OutcomeTimeout:
		return "timeout"
	}
	return "outcome(" + strconv.Itoa(int(o)) + ")"
}

// BucketBounds are the upper bounds of the latency histogram buckets, log
// spaced (1-2-5 per decade) from 100 µs to 60 s; a last +Inf bucket follows.
var BucketBounds = []time.Duration{
	100 * time.Microsecond, 200 * time.Microsecond, 500 * time.Microsecond,
	1 * time.Millisecond, 2 * time.Millisecond, 5 * time.Millisecond,
	10 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond,
	100 * time.Millisecond, 200 * time.Millisecond, 500 * time.Millisecond,
	1 * time.Second, 2 * time.Second, 5 * time.Second,
	10 * time.Second, 20 * time.Second, 60 * time.Second,
}

// series holds one label set's counters; all fields are atomics so Observe
// takes no lock once the series exists.
type series struct {
	backend, tool string
	// Every call lands in exactly one bucket: the number of calls is
	// their sum (one atomic add per call fewer).
	errors   atomic.Uint64
	timeouts atomic.Uint64
	sumNanos atomic.Int64
	buckets  [19]atomic.Uint64 // len(BucketBounds)+1, non-cumulative
}

// count is the number of calls observed.
func (s *series) count() uint64 {
	var n uint64
	for i := range s.buckets {
		n += s.buckets[i].Load()
	}
	return n
}

func (s *series) observe(d time.Duration, o Outcome) {
	switch o {
	case OutcomeError:
		s.errors.Add(1)
	case OutcomeTimeout:
		s.timeouts.Add(1)
	}
	if d < 0 {
		d = 0
	}
	s.sumNanos.Add(int64(d))
	s.buckets[bucketIndex(d)].Add(1)
}

// bucketIndex is the first bucket whose bound is at least d. A scan from
// the smallest: calls are mostly fast, so it stops within a few bounds,
// where a binary search paid an indirect call per probe on every call.
func bucketIndex(d time.Duration) int {
	for i, b := range BucketBounds {
		if d <= b {
			return i
		}
	}
	return len(BucketBounds)
}

type toolKey struct{ backend, tool string }

// Metrics counts calls per backend and per tool, with latency histograms.
// Observe is lock-free once a label set has been seen (a read lock finds
// it); safe for concurrent use.
type Metrics struct {
	mu       sync.RWMutex
	backends map[string]*series  // guarded by mu
	tools    map[toolKey]*series // guarded by mu
}

// NewMetrics returns empty metrics.
func NewMetrics() *Metrics {
	return &Metrics{backends: make(map[string]*series), tools: make(map[toolKey]*series)}
}

// Observe records one call of tool on backend that took d. tool may be ""
// for backend calls that are not tool calls.
func (m *Metrics) Observe(backend, tool string, d time.Duration, outcome Outcome) {
	b, t := m.get(backend, tool)
	b.observe(d, outcome)
	t.observe(d, outcome)
}

// Series is the label set of one tool of one backend, looked up once:
// its Observe is Metrics.Observe without the lookup (a read lock and two
// string-keyed maps), for callers that record many calls of one tool.
type Series struct{ b, t *series }

// Series returns the series of tool on backend, created if new. Series
// are never removed, so it stays valid.
func (m *Metrics) Series(backend, tool string) *Series {
	b, t := m.get(backend, tool)
	return &Series{b: b, t: t}
}

// Observe records one call that took d.
func (s *Series) Observe(d time.Duration, outcome Outcome) {
	s.b.observe(d, outcome)
	s.t.observe(d, outcome)
}

func (m *Metrics) get(backend, tool string) (b, t *series) {
	k := toolKey{backend, tool}
	m.mu.RLock()
	b, t = m.backends[backend], m.tools[k]
	m.mu.RUnlock()
	if b != nil && t != nil {
		return b, t
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if b = m.backends[backend]; b == nil {
		b = &series{backend: backend}
		m.backends[backend] = b
	}
	if t = m.tools[k]; t == nil {
		t = &series{backend: backend, tool: tool}
		m.tools[k] = t
	}
	return b, t
}

// SeriesSnapshot is one label set's counters at a point in time.
// Latencies are in milliseconds, estimated from the histogram.
type SeriesSnapshot struct {
	Backend  string   `json:"backend"`
	Tool     string   `json:"tool,omitempty"`
	Calls    uint64   `json:"calls"`
	Errors   uint64   `json:"errors"`
	Timeouts uint64   `json:"timeouts"`
	MeanMs   float64  `json:"meanMs"`
	P50Ms    float64  `json:"p50Ms"`
	P95Ms    float64  `json:"p95Ms"`
	P99Ms    float64  `json:"p99Ms"`
	Buckets  []uint64 `json:"buckets"` // per bucket, not cumulative; last is +Inf
}

// MetricsSnapshot is the JSON form of [Metrics], sorted by backend then tool.
type MetricsSnapshot struct {
	BucketBoundsMs []float64        `json:"bucketBoundsMs"`
	Backends       []SeriesSnapshot `json:"backends"`
	Tools          []SeriesSnapshot `json:"tools"`
}

// Snapshot copies the current counters. Counters of one series may be
// observed mid-update (a call counted, its error not yet): good enough
// for a dashboard, never negative.
func (m *Metrics) Snapshot() MetricsSnapshot {
	bs, ts := m.list()
	snap := MetricsSnapshot{
		BucketBoundsMs: make([]float64, len(BucketBounds)),
		Backends:       make([]SeriesSnapshot, 0, len(bs)),
		Tools:          make([]SeriesSnapshot, 0, len(ts)),
	}
	for i, b := range BucketBounds {
		snap.BucketBoundsMs[i] = durMs(b)
	}
	for _, s := range bs {
		snap.Backends = append(snap.Backends, s.snapshot())
	}
	for _, s := range ts {
		if s.tool != "" { // untooled calls are in the backend series
			snap.Tools = append(snap.Tools, s.snapshot())
		}
	}
	return snap
}

func (m *Metrics) list() (bs, ts []*series) {
	m.mu.RLock()
	for _, s := range m.backends {
		bs = append(bs, s)
	}
	for _, s := range m.tools {
		ts = append(ts, s)
	}
	m.mu.RUnlock()
	less := func(v []*series) func(i, j int) bool {
		return func(i, j int) bool {
			if v[i].backend != v[j].backend {
				return v[i].backend < v[j].backend
			}
			return v[i].tool < v[j].tool
		}
	}
	sort.Slice(bs, less(bs))
	sort.Slice(ts, less(ts))
	return bs, ts
}

func durMs(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func (s *series) snapshot() SeriesSnapshot {
	out := SeriesSnapshot{
		Backend:  s.backend,
		Tool:     s.tool,
		Errors:   s.errors.Load(),
		Timeouts: s.timeouts.Load(),
		Buckets:  make([]uint64, len(s.buckets)),
	}
	var n uint64
	for i := range s.buckets {
		out.Buckets[i] = s.buckets[i].Load()
		n += out.Buckets[i]
	}
	out.Calls = n
	if n > 0 {
		out.MeanMs = round3(durMs(time.Duration(s.sumNanos.Load())) / float64(n))
		out.P50Ms = round3(Quantile(out.Buckets, 0.50))
		out.P95Ms = round3(Quantile(out.Buckets, 0.95))
		out.P99Ms = round3(Quantile(out.Buckets, 0.99))
	}
	return out
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// Quantile estimates the q-quantile (0..1), in milliseconds, of a histogram
// given as per-bucket counts over [BucketBounds] (+Inf last), interpolating
// linearly inside the bucket as Prometheus' histogram_quantile does. The
// +Inf bucket reports the last finite bound.
func Quantile(buckets []uint64, q float64) float64 {
	var total uint64
	for _, c := range buckets {
		total += c
	}
	if total == 0 {
		return 0
	}
	rank := q * float64(total)
	var cum float64
	for i, c := range buckets {
		if c == 0 {
			continue
		}
		if cum+float64(c) >= rank {
			if i >= len(BucketBounds) {
				return durMs(BucketBounds[len(BucketBounds)-1])
			}
			lo := 0.0
			if i > 0 {
				lo = durMs(BucketBounds[i-1])
			}
			hi := durMs(BucketBounds[i])
			return lo + (hi-lo)*(rank-cum)/float64(c)
		}
		cum += float64(c)
	}
	return durMs(BucketBounds[len(BucketBounds)-1])
}

// WritePrometheus writes the per-tool series in the Prometheus text
// exposition format (version 0.0.4): counters agentify_tool_calls_total,
// agentify_tool_errors_total, agentify_tool_timeouts_total and the histogram
// agentify_tool_call_duration_seconds, labelled backend and tool. Calls
// observed without a tool name appear with tool="". Per-backend figures are
// the sums over tools, so they are not repeated.
func (m *Metrics) WritePrometheus(w io.Writer) error {
	_, ts := m.list()
	bw := bufio.NewWriter(w)
	counter := func(name, help string, val func(*series) uint64) {
		bw.WriteString("# HELP " + name + " " + help + "\n# TYPE " + name + " counter\n")
		for _, s := range ts {
			bw.WriteString(name + "{" + labels(s.backend, s.tool) + "} " + strconv.FormatUint(val(s), 10) + "\n")
		}
	}
	counter("agentify_tool_calls_total", "Tool calls through the gateway.", (*series).count)
	counter("agentify_tool_errors_total", "Tool calls that failed (timeouts excluded).", func(s *series) uint64 { return s.errors.Load() })
	counter("agentify_tool_timeouts_total", "Tool calls that timed out.", func(s *series) uint64 { return s.timeouts.Load() })

	const h = "agentify_tool_call_duration_seconds"
	bw.WriteString("# HELP " + h + " Tool call latency.\n# TYPE " + h + " histogram\n")
	for _, s := range ts {
		l := labels(s.backend, s.tool)
		var cum uint64
		for i := range s.buckets {
			cum += s.buckets[i].Load()
			le := "+Inf"
			if i < len(BucketBounds) {
				le = strconv.FormatFloat(BucketBounds[i].Seconds(), 'g', -1, 64)
			}
			bw.WriteString(h + "_bucket{" + l + `,le="` + le + `"} ` + strconv.FormatUint(cum, 10) + "\n")
		}
		sum := time.Duration(s.sumNanos.Load()).Seconds()
		bw.WriteString(h + "_sum{" + l + "} " + strconv.FormatFloat(sum, 'g', -1, 64) + "\n")
		bw.WriteString(h + "_count{" + l + "} " + strconv.FormatUint(cum, 10) + "\n")
	}
	return bw.Flush()
}

var labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)

func labels(backend, tool string) string {
	return `backend="` + labelEscaper.Replace(backend) + `",tool="` + labelEscaper.Replace(tool) + `"`
}
