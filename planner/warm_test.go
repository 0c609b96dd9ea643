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
