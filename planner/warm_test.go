package planner

import (
	"encoding/json"
	"testing"
)

// TestOpenAIWarm: after Warm, every tool of the catalog has its definition
// at each level a capped request may send, and the first request sends the
// same bytes as a planner that built them on demand.
func TestOpenAIWarm(t *testing.T) {
	cat := bigCatalog(100)
	task := Task{Query: "archive the meeting transcript"}
	for _, capped := range []bool{false, true} {
		opts := OpenAIOptions{MaxTools: 50}
		if capped {
			opts.MaxPromptTokens = 3000
		}
		cold := NewOpenAI(opts)
		want, err := json.Marshal(cold.buildRequest(task, cat).params)
		if err != nil {
			t.Fatal(err)
		}

		warm := NewOpenAI(opts)
		warm.Warm(cat)
		levels := []defLevel{levelFull}
		if capped {
			levels = append(levels, levelCompact, levelMinimal)
		}
		for _, l := range levels {
			if n := len(warm.cache.defs[l]); n != len(cat.Tools) {
				t.Errorf("capped %v: %d definitions at level %d after Warm, want %d", capped, n, l, len(cat.Tools))
			}
		}
		if !capped && len(warm.cache.defs[levelCompact]) != 0 {
			t.Errorf("uncapped: compact definitions built that no request sends")
		}
		got, err := json.Marshal(warm.buildRequest(task, cat).params)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("capped %v: the warmed planner's request differs:\n%s\nwant\n%s", capped, got, want)
		}
	}
}

// TestOpenAIWarmFollowsCatalog: warming another catalog replaces the cache
// (catalogs are immutable; the gateway warms its current one), and a
// request against the warmed catalog builds nothing more.
func TestOpenAIWarmFollowsCatalog(t *testing.T) {
	a, b := bigCatalog(20), bigCatalog(30)
	p := NewOpenAI(OpenAIOptions{})
	p.buildRequest(Task{Query: "archive the meeting transcript"}, a)
	p.Warm(b)
	if p.cache.cat != b || len(p.cache.defs[levelFull]) != len(b.Tools) {
		t.Fatalf("after Warm(b): cache of %p with %d definitions, want %p with %d", p.cache.cat, len(p.cache.defs[levelFull]), b, len(b.Tools))
	}
	before := p.cache.defs[levelFull][&b.Tools[0]]
	p.buildRequest(Task{Query: "archive the meeting transcript"}, b)
	if p.cache.defs[levelFull][&b.Tools[0]] != before {
		t.Errorf("a request after Warm rebuilt a warmed definition")
	}
}

// TestJSONWarm: Warm of the JSON-mode and sampling planners builds every
// tool's prompt line on the catalog, and a request after it is the same
// text as one built on a catalog that was never warmed.
func TestJSONWarm(t *testing.T) {
	warmed, plain := bigCatalog(100), bigCatalog(100)
	NewJSONMode(OpenAIOptions{}).Warm(warmed)
	for k := range warmed.lines {
		if n := len(warmed.lines[k]); n != len(warmed.Tools) {
			t.Errorf("%d prompt lines (minimal %v) after Warm, want %d", n, k == 1, len(warmed.Tools))
		}
	}
	if len(plain.lines[0]) != 0 {
		t.Fatalf("a catalog never used has prompt lines")
	}
	task := Task{Query: "archive the meeting transcript"}
	for _, capTokens := range []int{0, 1500} {
		got := buildJSONRequest(task, warmed, 50, capTokens, 1)
		want := buildJSONRequest(task, plain, 50, capTokens, 1)
		if got.system != want.system || got.user != want.user {
			t.Errorf("cap %d: the warmed catalog's prompt differs:\n%s\nwant\n%s", capTokens, got.system, want.system)
		}
	}
	s := &SamplingPlanner{}
	s.Warm(plain)
	if len(plain.lines[1]) != len(plain.Tools) {
		t.Errorf("sampling Warm built %d minimal lines, want %d", len(plain.lines[1]), len(plain.Tools))
	}
}

// TestWarmDuringRequests: the gateway warms on its timer's goroutine while
// orchestrations build requests on theirs (a task in the same millisecond
// as the change); under -race both must share the caches safely and the
// requests must not change.
func TestWarmDuringRequests(t *testing.T) {
	cat := bigCatalog(200)
	task := Task{Query: "archive the meeting transcript"}
	opts := OpenAIOptions{MaxTools: 50, MaxPromptTokens: 3000}
	want, err := json.Marshal(NewOpenAI(opts).buildRequest(task, bigCatalog(200)).params)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := buildJSONRequest(task, bigCatalog(200), 50, 3000, 1).system
	p, j := NewOpenAI(opts), NewJSONMode(opts)
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Warm(cat)
		j.Warm(cat)
	}()
	for range 20 {
		got, err := json.Marshal(p.buildRequest(task, cat).params)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("a request built during the warm-up differs")
		}
		if got := buildJSONRequest(task, cat, 50, 3000, 1).system; got != wantJSON {
			t.Fatalf("a JSON-mode prompt built during the warm-up differs")
		}
	}
	<-done
}
