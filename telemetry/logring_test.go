package telemetry

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestLogRingWraparound(t *testing.T) {
	l := NewLogRing(3, nil)
	for i := 1; i <= 7; i++ {
		fmt.Fprintf(l, `{"level":"info","message":"m%d"}`+"\n", i)
	}
	got := l.Recent(LogFilter{})
	var msgs []string
	for _, e := range got {
		msgs = append(msgs, fmt.Sprintf("%d:%s", e.Seq, e.Message))
	}
	if want := "5:m5 6:m6 7:m7"; strings.Join(msgs, " ") != want {
		t.Errorf("Recent = %v, want %s", msgs, want)
	}
	if got := l.Recent(LogFilter{Limit: 2}); len(got) != 2 || got[1].Message != "m7" {
		t.Errorf("Limit 2 = %+v", got)
	}
	if l.LastSeq() != 7 {
		t.Errorf("LastSeq = %d", l.LastSeq())
	}
}

func TestLogRingParseAndFilter(t *testing.T) {
	l := NewLogRing(0, NewRedactor("password-123"))
	zl := zerolog.New(l).With().Timestamp().Logger()
	zl.Debug().Msg("debug line")
	zl.Info().Str("backend", "github").Msg("github ready")
	zl.Warn().Str("backend", "fs").Msg("fs slow")
	zl.Error().Str("backend", "github").Str("pw", "password-123").Msg("github failed")
	l.Write([]byte("not json at all\n\n"))
	l.Write([]byte(`{"level":"info","time":1700000000,"message":"unix time"}` + "\n" + `{"level":"info","message":"second line"}`))

	all := l.Recent(LogFilter{})
	if len(all) != 7 {
		t.Fatalf("got %d entries, want 7: %+v", len(all), all)
	}
	if all[1].Backend != "github" || all[1].Level != "info" || all[1].Message != "github ready" {
		t.Errorf("parsed = %+v", all[1])
	}
	if time.Since(all[1].Time) > time.Hour {
		t.Errorf("time not parsed: %v", all[1].Time)
	}
	if all[4].Message != "not json at all" || all[4].Line != nil {
		t.Errorf("plain line = %+v", all[4])
	}
	if all[5].Time.Unix() != 1700000000 {
		t.Errorf("unix time = %v", all[5].Time)
	}
	if strings.Contains(string(all[3].Line), "password-123") {
		t.Errorf("secret stored: %s", all[3].Line)
	}

	tests := []struct {
		f    LogFilter
		want []string
	}{
		{LogFilter{MinLevel: "warn"}, []string{"fs slow", "github failed", "not json at all"}},
		{LogFilter{MinLevel: "error", Backend: "github"}, []string{"github failed"}},
		{LogFilter{Backend: "github"}, []string{"github ready", "github failed"}},
		{LogFilter{Text: "SLOW"}, []string{"fs slow"}},
		{LogFilter{Text: `"backend":"fs"`}, []string{"fs slow"}},
		{LogFilter{MinLevel: "info", Limit: 1}, []string{"second line"}},
	}
	for _, tt := range tests {
		var got []string
		for _, e := range l.Recent(tt.f) {
			got = append(got, e.Message)
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Recent(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestSubscriptionDropsAndCounts(t *testing.T) {
	l := NewLogRing(100, nil)
	sub := l.Subscribe(2)
	defer sub.Close()
	for i := 1; i <= 5; i++ { // 1,2 buffered; 3,4,5 dropped
		fmt.Fprintf(l, `{"message":"m%d"}`, i)
	}
	if got := sub.Missed(); got != 3 {
		t.Errorf("Missed = %d, want 3", got)
	}
	e1, e2 := <-sub.C(), <-sub.C()
	if e1.Message != "m1" || e2.Message != "m2" || e1.Missed != 0 || e2.Missed != 0 {
		t.Errorf("first two = %+v %+v", e1, e2)
	}
	fmt.Fprintf(l, `{"message":"m6"}`)
	e6 := <-sub.C()
	if e6.Message != "m6" || e6.Missed != 3 {
		t.Errorf("after drop = %+v, want m6 with Missed 3", e6)
	}
	fmt.Fprintf(l, `{"message":"m7"}`)
	if e7 := <-sub.C(); e7.Missed != 0 {
		t.Errorf("Missed not reset: %+v", e7)
	}
	// The ring itself stores entries without the subscriber's count.
	for _, e := range l.Recent(LogFilter{}) {
		if e.Missed != 0 {
			t.Errorf("stored entry has Missed: %+v", e)
		}
	}
	sub.Close()
	sub.Close() // idempotent
	if _, ok := <-sub.C(); ok {
		t.Error("channel open after Close")
	}
	fmt.Fprintf(l, `{"message":"after close"}`) // must not panic
}

func TestHubLogWriterTee(t *testing.T) {
	h := NewHub(&HubOptions{Secrets: []string{"the-openai-key"}})
	var stderr strings.Builder
	zl := zerolog.New(h.LogWriter(&stderr))
	zl.Info().Str("k", "the-openai-key").Msg("x")
	if strings.Contains(stderr.String(), "the-openai-key") {
		t.Errorf("stderr leaked: %s", stderr.String())
	}
	got := h.Logs.Recent(LogFilter{})
	if len(got) != 1 || strings.Contains(string(got[0].Line), "the-openai-key") {
		t.Errorf("ring = %+v", got)
	}
}

func BenchmarkLogWrite(b *testing.B) {
	h := NewHub(&HubOptions{Secrets: []string{"the-openai-key-123"}})
	zl := zerolog.New(h.LogWriter(nil)).With().Timestamp().Logger()
	b.ReportAllocs()
	for b.Loop() {
		zl.Info().Str("backend", "github").Str("tool", "search").Int("n", 3).Msg("tools/call done")
	}
}

// BenchmarkRingMemory reports the heap held by full rings of typical entries.
func BenchmarkRingMemory(b *testing.B) {
	line := `{"level":"info","backend":"github","time":"2026-01-02T03:04:05Z","message":"tools/call search_repositories done","ms":12.5}`
	payload := []byte(`{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"search_repositories","arguments":{"query":"mcp gateway"}}}`)
	for b.Loop() {
	}
	{
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		h := NewHub(nil)
		for i := 0; i < DefaultLogCapacity; i++ {
			h.Logs.Write([]byte(line))
		}
		for i := 0; i < DefaultTraceCapacity; i++ {
			p := append([]byte(nil), payload...) // each message its own bytes, as on the wire
			h.Trace.Publish(TraceEvent{Dir: DirGatewayToBackend, Backend: "github", Kind: KindRequest, ID: fmt.Sprint(i), Method: "tools/call", Payload: p})
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)), "heap-bytes")
		runtime.KeepAlive(h)
	}
}
