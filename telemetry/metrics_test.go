package telemetry

import (
	"bufio"
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestQuantile(t *testing.T) {
	n := len(BucketBounds) + 1
	at := func(pairs ...uint64) []uint64 { // index, count, index, count ...
		b := make([]uint64, n)
		for i := 0; i < len(pairs); i += 2 {
			b[pairs[i]] = pairs[i+1]
		}
		return b
	}
	tests := []struct {
		name    string
		buckets []uint64
		q, want float64
	}{
		{"empty", at(), 0.5, 0},
		{"one bucket median", at(4, 100), 0.5, 1.5},     // (1ms,2ms]: halfway
		{"first bucket", at(0, 10), 0.5, 0.05},          // (0,0.1ms]
		{"two buckets p50", at(4, 50, 7, 50), 0.5, 2},   // top of (1,2]
		{"two buckets p95", at(4, 50, 7, 50), 0.95, 19}, // (10,20]: 45/50 of the way
		{"p99 in +Inf", at(4, 1, uint64(len(BucketBounds)), 99), 0.99, 60000},
		{"p100", at(4, 10), 1, 2},
	}
	for _, tt := range tests {
		if got := Quantile(tt.buckets, tt.q); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: Quantile(%v) = %v, want %v", tt.name, tt.q, got, tt.want)
		}
	}
}

func TestMetricsObserveAndSnapshot(t *testing.T) {
	m := NewMetrics()
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() { // concurrent observers; joined below
			defer wg.Done()
			for i := 0; i < 25; i++ {
				m.Observe("gh", "search", 1500*time.Microsecond, OutcomeOK) // bucket (1ms,2ms]
			}
		}()
	}
	wg.Wait()
	m.Observe("gh", "search", 15*time.Millisecond, OutcomeError)
	m.Observe("gh", "get", 3*time.Second, OutcomeTimeout)
	m.Observe("gh", "", time.Millisecond, OutcomeOK)
	m.Observe("fs", "read", 50*time.Microsecond, OutcomeOK)

	s := m.Snapshot()
	if len(s.Backends) != 2 || s.Backends[0].Backend != "fs" || s.Backends[1].Backend != "gh" {
		t.Fatalf("backends = %+v", s.Backends)
	}
	gh := s.Backends[1]
	if gh.Calls != 103 || gh.Errors != 1 || gh.Timeouts != 1 {
		t.Errorf("gh = %+v", gh)
	}
	if gh.P50Ms <= 1 || gh.P50Ms > 2 {
		t.Errorf("gh p50 = %v, want in (1,2]", gh.P50Ms)
	}
	if len(s.Tools) != 3 { // fs/read, gh/get, gh/search; the untooled call is not a tool
		t.Fatalf("tools = %+v", s.Tools)
	}
	if st := s.Tools[2]; st.Tool != "search" || st.Calls != 101 || st.Errors != 1 {
		t.Errorf("gh/search = %+v", st)
	}
	if len(s.BucketBoundsMs) != len(BucketBounds) || s.BucketBoundsMs[0] != 0.1 {
		t.Errorf("bounds = %v", s.BucketBoundsMs)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}
}

var (
	promComment = regexp.MustCompile(`^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$`)
	promSample  = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*)\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\["\\n])*",?)*)\} (\S+)$`)
)

func TestWritePrometheus(t *testing.T) {
	m := NewMetrics()
	m.Observe("gh", "search", 3*time.Millisecond, OutcomeOK)
	m.Observe("gh", "search", 30*time.Millisecond, OutcomeError)
	m.Observe(`we"ird\back`, "new\nline", time.Second, OutcomeTimeout)
	m.Observe("gh", "", time.Millisecond, OutcomeOK)

	var sb strings.Builder
	if err := m.WritePrometheus(&sb); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	values := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			if !promComment.MatchString(line) {
				t.Errorf("bad comment line %q", line)
			}
			continue
		}
		sm := promSample.FindStringSubmatch(line)
		if sm == nil {
			t.Errorf("bad sample line %q", line)
			continue
		}
		if _, err := strconv.ParseFloat(sm[3], 64); err != nil {
			t.Errorf("bad value in %q", line)
		}
		values[sm[1]+"{"+sm[2]+"}"] = sm[3]
	}
	want := map[string]string{
		`agentify_tool_calls_total{backend="gh",tool="search"}`:                                       "2",
		`agentify_tool_errors_total{backend="gh",tool="search"}`:                                      "1",
		`agentify_tool_calls_total{backend="gh",tool=""}`:                                             "1",
		`agentify_tool_timeouts_total{backend="we\"ird\\back",tool="new\nline"}`:                      "1",
		`agentify_tool_call_duration_seconds_bucket{backend="gh",tool="search",le="0.005"}`:           "1",
		`agentify_tool_call_duration_seconds_bucket{backend="gh",tool="search",le="0.05"}`:            "2",
		`agentify_tool_call_duration_seconds_bucket{backend="gh",tool="search",le="+Inf"}`:            "2",
		`agentify_tool_call_duration_seconds_count{backend="gh",tool="search"}`:                       "2",
		`agentify_tool_call_duration_seconds_sum{backend="gh",tool="search"}`:                         "0.033",
		`agentify_tool_call_duration_seconds_bucket{backend="gh",tool="search",le="0.0001"}`:          "0",
		`agentify_tool_call_duration_seconds_bucket{backend="we\"ird\\back",tool="new\nline",le="1"}`: "1",
	}
	for k, v := range want {
		if values[k] != v {
			t.Errorf("%s = %q, want %q", k, values[k], v)
		}
	}
	if !strings.Contains(out, "# TYPE agentify_tool_call_duration_seconds histogram\n") {
		t.Error("histogram TYPE line missing")
	}
}

func BenchmarkMetricsObserve(b *testing.B) {
	m := NewMetrics()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			m.Observe("github", "search_repositories", 12*time.Millisecond, OutcomeOK)
		}
	})
}

// TestCallsAreTheBuckets: the number of calls is the sum of the latency
// buckets, so every observation, whatever its duration (negative, zero,
// beyond the last bound), must land in exactly one bucket.
func TestCallsAreTheBuckets(t *testing.T) {
	m := NewMetrics()
	s := m.Series("b", "t")
	durs := []time.Duration{-time.Second, 0, 1, time.Millisecond, BucketBounds[len(BucketBounds)-1], BucketBounds[len(BucketBounds)-1] + 1, math.MaxInt64}
	for _, d := range durs {
		s.Observe(d, OutcomeOK)
	}
	s.Observe(time.Millisecond, OutcomeError)
	want := uint64(len(durs) + 1)
	snap := m.Snapshot()
	if len(snap.Tools) != 1 || snap.Tools[0].Calls != want || snap.Tools[0].Errors != 1 {
		t.Fatalf("tool series: %+v, want %d calls, 1 error", snap.Tools, want)
	}
	if len(snap.Backends) != 1 || snap.Backends[0].Calls != want {
		t.Fatalf("backend series: %+v, want %d calls", snap.Backends, want)
	}
	var sb strings.Builder
	if err := m.WritePrometheus(&sb); err != nil {
		t.Fatal(err)
	}
	line := `agentify_tool_calls_total{backend="b",tool="t"} ` + strconv.FormatUint(want, 10) + "\n"
	if !strings.Contains(sb.String(), line) {
		t.Errorf("Prometheus text lacks %q:\n%s", line, sb.String())
	}
}
