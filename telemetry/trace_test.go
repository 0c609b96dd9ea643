package telemetry

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestTracePairing(t *testing.T) {
	b := NewTraceBus(nil)
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := func(ms float64) time.Time { return t0.Add(time.Duration(ms * float64(time.Millisecond))) }

	type step struct {
		ev          TraceEvent
		wantPair    int // index of the paired step (1-based seq), 0 for none
		wantLatency float64
		wantMethod  string
	}
	steps := []step{
		// 1: IDE request, routed to backend "gh".
		{ev: TraceEvent{Time: at(0), Dir: DirIDEToGateway, Backend: "gh", Kind: KindRequest, ID: "1", Method: "tools/call"}},
		// 2: forwarded to backend with our id 1 (same id, other connection).
		{ev: TraceEvent{Time: at(1), Dir: DirGatewayToBackend, Backend: "gh", Kind: KindRequest, ID: "1", Method: "tools/call"}},
		// 3: another backend uses id 1 too.
		{ev: TraceEvent{Time: at(2), Dir: DirGatewayToBackend, Backend: "fs", Kind: KindRequest, ID: "1", Method: "tools/list"}},
		// 4: backend gh answers id 1 → pairs with 2, method filled.
		{ev: TraceEvent{Time: at(11.5), Dir: DirBackendToGateway, Backend: "gh", Kind: KindResponse, ID: "1"}, wantPair: 2, wantLatency: 10.5, wantMethod: "tools/call"},
		// 5: gateway answers the IDE (backend field left empty) → pairs with 1.
		{ev: TraceEvent{Time: at(12), Dir: DirGatewayToIDE, Kind: KindResponse, ID: "1"}, wantPair: 1, wantLatency: 12, wantMethod: "tools/call"},
		// 6: a second answer to the same id is not paired again.
		{ev: TraceEvent{Time: at(13), Dir: DirGatewayToIDE, Kind: KindResponse, ID: "1"}},
		// 7: backend fs answers with an error → pairs with 3.
		{ev: TraceEvent{Time: at(20), Dir: DirBackendToGateway, Backend: "fs", Kind: KindError, ID: "1"}, wantPair: 3, wantLatency: 18, wantMethod: "tools/list"},
		// 8: a backend's own request (sampling) with a string id ...
		{ev: TraceEvent{Time: at(21), Dir: DirBackendToGateway, Backend: "fs", Kind: KindRequest, ID: `"s-1"`, Method: "sampling/createMessage"}},
		// 9: ... a response going the wrong way does not pair ...
		{ev: TraceEvent{Time: at(22), Dir: DirBackendToGateway, Backend: "fs", Kind: KindResponse, ID: `"s-1"`}},
		// 10: ... the gateway's answer to it does.
		{ev: TraceEvent{Time: at(25), Dir: DirGatewayToBackend, Backend: "fs", Kind: KindResponse, ID: `"s-1"`}, wantPair: 8, wantLatency: 4, wantMethod: "sampling/createMessage"},
		// 11: notifications never pair.
		{ev: TraceEvent{Time: at(26), Dir: DirBackendToGateway, Backend: "fs", Kind: KindNotification, Method: "notifications/progress"}, wantMethod: "notifications/progress"},
	}
	for i, s := range steps {
		if seq := b.Publish(s.ev); seq != uint64(i+1) {
			t.Fatalf("step %d: seq %d", i+1, seq)
		}
	}
	got := b.Recent(TraceFilter{})
	for i, s := range steps {
		e := got[i].MCP
		if e.Pair != uint64(s.wantPair) || e.LatencyMs != s.wantLatency || (s.wantMethod != "" && e.Method != s.wantMethod) {
			t.Errorf("step %d: pair %d latency %v method %q; want %d %v %q", i+1, e.Pair, e.LatencyMs, e.Method, s.wantPair, s.wantLatency, s.wantMethod)
		}
	}
}

func TestTraceFilterPlannerAndJSON(t *testing.T) {
	b := NewTraceBus(&TraceOptions{Redactor: NewRedactor("secret-arg-value")})
	b.Publish(TraceEvent{Dir: DirGatewayToBackend, Backend: "gh", Kind: KindRequest, ID: "1", Method: "tools/call",
		Payload: json.RawMessage(`{"token":"secret-arg-value"}`)})
	b.Publish(TraceEvent{Dir: DirBackendToGateway, Backend: "fs", Kind: KindNotification, Method: "notifications/message"})
	b.PublishPlanner(PlannerEvent{Planner: "lexical", Query: "find secret-arg-value", Chosen: "gh__search", Candidates: 5,
		Arguments: json.RawMessage(`{"q":"secret-arg-value"}`), Attempts: 1, Executed: true})

	tests := []struct {
		f    TraceFilter
		want string
	}{
		{TraceFilter{}, "1 2 3"},
		{TraceFilter{Backend: "gh"}, "1 3"},
		{TraceFilter{Backend: "fs"}, "2"},
		{TraceFilter{Kind: "planner"}, "3"},
		{TraceFilter{Kind: "request"}, "1"},
		{TraceFilter{Method: "notifications/"}, "2"},
		{TraceFilter{Limit: 1}, "3"},
	}
	for _, tt := range tests {
		var seqs []string
		for _, e := range b.Recent(tt.f) {
			seqs = append(seqs, fmt.Sprint(e.Seq))
		}
		if got := strings.Join(seqs, " "); got != tt.want {
			t.Errorf("Recent(%+v) = %q, want %q", tt.f, got, tt.want)
		}
	}
	out, err := json.Marshal(b.Recent(TraceFilter{}))
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	if strings.Contains(s, "secret-arg-value") {
		t.Errorf("secret in trace JSON: %s", s)
	}
	for _, want := range []string{`"type":"mcp","mcp":{`, `"type":"planner","planner":{`, `"dir":"gw→backend"`, `"chosen":"gh__search"`} {
		if !strings.Contains(s, want) {
			t.Errorf("JSON lacks %s: %s", want, s)
		}
	}
}

func TestTraceTruncatesLargePayloads(t *testing.T) {
	b := NewTraceBus(&TraceOptions{MaxPayload: 100})
	big := `{"data":"` + strings.Repeat("x", 500) + `"}`
	b.Publish(TraceEvent{Dir: DirBackendToGateway, Kind: KindResponse, ID: "1", Payload: json.RawMessage(big)})
	e := b.Recent(TraceFilter{})[0].MCP
	if e.Size != len(big) {
		t.Errorf("Size = %d, want %d", e.Size, len(big))
	}
	var v struct {
		Truncated bool   `json:"truncated"`
		Size      int    `json:"size"`
		Head      string `json:"head"`
	}
	if err := json.Unmarshal(e.Payload, &v); err != nil || !v.Truncated || v.Size != len(big) || !strings.HasPrefix(big, v.Head) {
		t.Errorf("payload = %s (%v)", e.Payload, err)
	}
}

func TestTraceSubscribeMissed(t *testing.T) {
	b := NewTraceBus(&TraceOptions{Capacity: 4})
	sub := b.Subscribe(1)
	defer sub.Close()
	for i := 0; i < 10; i++ {
		b.Publish(TraceEvent{Dir: DirIDEToGateway, Kind: KindNotification, Method: "m"})
	}
	if e := <-sub.C(); e.Seq != 1 {
		t.Errorf("first = %d", e.Seq)
	}
	b.PublishPlanner(PlannerEvent{Planner: "lexical"})
	if e := <-sub.C(); e.Seq != 11 || e.Missed != 9 || e.Type != TraceTypePlanner {
		t.Errorf("next = seq %d missed %d type %s", e.Seq, e.Missed, e.Type)
	}
	if n := len(b.Recent(TraceFilter{})); n != 4 {
		t.Errorf("ring holds %d, want 4", n)
	}
}

func TestTracePendingBounded(t *testing.T) {
	b := NewTraceBus(&TraceOptions{MaxPending: 8})
	for i := 0; i < 100; i++ {
		b.Publish(TraceEvent{Dir: DirGatewayToBackend, Backend: "x", Kind: KindRequest, ID: fmt.Sprint(i)})
	}
	b.mu.Lock()
	n := len(b.pending)
	b.mu.Unlock()
	if n > 8 {
		t.Errorf("pending = %d, want ≤ 8", n)
	}
}

func BenchmarkTracePublish(b *testing.B) {
	bus := NewTraceBus(&TraceOptions{Redactor: NewRedactor("the-openai-key-123")})
	req := json.RawMessage(`{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"search_repositories","arguments":{"query":"mcp gateway"}}}`)
	resp := json.RawMessage(`{"jsonrpc":"2.0","id":17,"result":{"content":[{"type":"text","text":"3 repositories"}]}}`)
	sub := bus.Subscribe(16) // a stalled subscriber: every publish drops for it
	defer sub.Close()
	ids := make([]string, 1024)
	for i := range ids {
		ids[i] = fmt.Sprint(i)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		id := ids[i%len(ids)]
		bus.Publish(TraceEvent{Dir: DirGatewayToBackend, Backend: "github", Kind: KindRequest, ID: id, Method: "tools/call", Payload: req})
		bus.Publish(TraceEvent{Dir: DirBackendToGateway, Backend: "github", Kind: KindResponse, ID: id, Payload: resp})
		i++
	}
}

// TestReadJSONSharedAndMissed: readers of the same entries get the same
// encoding (made once), redacted; a reader that fell behind the ring's
// capacity, or past max, is told how many entries it missed.
func TestReadJSONSharedAndMissed(t *testing.T) {
	r := NewRedactor("planted-secret-42")
	b := NewTraceBus(&TraceOptions{Capacity: 8, Redactor: r})
	for i := range 5 {
		b.Publish(TraceEvent{Dir: DirIDEToGateway, Kind: KindNotification, Method: "m" + string(rune('a'+i)), Payload: json.RawMessage(`{"s":"planted-secret-42"}`)})
	}
	f1, last, missed := b.ReadJSON(0, 100, TraceFilter{})
	f2, _, _ := b.ReadJSON(0, 100, TraceFilter{})
	if len(f1) != 5 || last != 5 || missed != 0 {
		t.Fatalf("read: %d frames, last %d, missed %d", len(f1), last, missed)
	}
	for i := range f1 {
		if &f1[i][0] != &f2[i][0] {
			t.Errorf("entry %d encoded twice", i)
		}
		if !json.Valid(f1[i]) || strings.Contains(string(f1[i]), "planted-secret-42") {
			t.Errorf("entry %d: %s", i, f1[i])
		}
	}
	select {
	case <-b.Changed(last):
		t.Fatal("Changed fired with nothing new")
	default:
	}
	ch := b.Changed(last)
	for range 20 {
		b.Publish(TraceEvent{Dir: DirIDEToGateway, Kind: KindNotification, Method: "x"})
	}
	select {
	case <-ch:
	default:
		t.Fatal("Changed did not fire after a publish")
	}
	// 20 new entries, 8 kept: 12 overwritten; max 3 passes over 5 more.
	fr, last, missed := b.ReadJSON(last, 3, TraceFilter{})
	if len(fr) != 3 || last != 25 || missed != 17 {
		t.Errorf("behind: %d frames, last %d, missed %d; want 3, 25, 17", len(fr), last, missed)
	}
	// Filtered: only matching entries, none missed.
	fr, _, missed = b.ReadJSON(20, 10, TraceFilter{Method: "nomatch"})
	if len(fr) != 0 || missed != 0 {
		t.Errorf("filtered: %d frames, missed %d", len(fr), missed)
	}
}

// TestTraceToolName: a tools/call request and its response carry the tool
// name, for the dashboard's method column.
func TestTraceToolName(t *testing.T) {
	b := NewTraceBus(nil)
	b.Publish(TraceEvent{Dir: DirIDEToGateway, Kind: KindRequest, ID: "3", Method: "tools/call",
		Payload: json.RawMessage(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fs__read_file","arguments":{"path":"a"}}}`)})
	b.Publish(TraceEvent{Dir: DirGatewayToIDE, Kind: KindResponse, ID: "3", Payload: json.RawMessage(`{"jsonrpc":"2.0","id":3,"result":{}}`)})
	b.Publish(TraceEvent{Dir: DirIDEToGateway, Kind: KindRequest, ID: "4", Method: "tools/list", Payload: json.RawMessage(`{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"name":"x"}}`)})
	got := b.Recent(TraceFilter{})
	if len(got) != 3 || got[0].MCP.Tool != "fs__read_file" || got[1].MCP.Tool != "fs__read_file" || got[1].MCP.Method != "tools/call" || got[2].MCP.Tool != "" {
		t.Fatalf("tools: %q %q %q", got[0].MCP.Tool, got[1].MCP.Tool, got[2].MCP.Tool)
	}
	if enc, _ := json.Marshal(got[1]); !strings.Contains(string(enc), `"tool":"fs__read_file"`) {
		t.Errorf("encoded: %s", enc)
	}
}
