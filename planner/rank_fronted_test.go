package planner

import (
	"os"
	"testing"
)

// TestFrontedAdverbial: a prepositional phrase set off by a comma before
// the clause, or "use X to", is skipped to find the request's verb;
// without the comma or the "to" nothing is.
func TestFrontedAdverbial(t *testing.T) {
	for _, c := range []struct {
		query    string
		skip     int
		verb     string
		verbAt   int
		wantVerb bool
	}{
		{"in mongo, drop the stale collection", 2, "drop", 2, true},
		{"with the browser tool, press Enter", 4, "press", 4, true},
		{"in the knowledge graph, delete the relation x", 4, "delete", 4, true},
		{"use the test server to add 3 and 4", 5, "add", 5, true},
		{"use exa to search for papers", 3, "search", 3, true},
		{"please use exa to search for papers", 0, "use", 1, true}, // the frame is not skipped here
		{"in supabase project x run: select 1", 0, "in", 0, true},  // no comma: where the phrase ends is unknown
		{"use the staging database", 0, "use", 0, true},
		{"on page 2 click the link", 0, "on", 0, true},
		{"in five words, what is mongo?", 3, "", 3, true}, // a question after the phrase: no imperative verb
	} {
		fs := fields(c.query)
		if got := frontedAdverbial(fs); got != c.skip {
			t.Errorf("%q: skip %d, want %d", c.query, got, c.skip)
		}
		if c.wantVerb {
			if _, raw := mainVerb(fs); raw != c.verb {
				t.Errorf("%q: main verb %q, want %q", c.query, raw, c.verb)
			}
			if got := requestVerb(fs); got != c.verbAt {
				t.Errorf("%q: request verb at %d, want %d", c.query, got, c.verbAt)
			}
		}
	}
	if got := directObject(fields("in mongo, drop the stale collection")); len(got) != 2 || got[1] != stem("collection") {
		t.Errorf("direct object after a fronted phrase: %q, want stale, collection", got)
	}
}

// TestFrontedRealCatalog: probes over the real catalog written for the
// test (not rows of a set): the request after a fronted phrase or "use X
// to" reads as a request that opens with its verb; tasks of several
// servers that open with their verb keep their tools.
func TestFrontedRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"use the everything server to add 250 and 17": "get-sum",
		"add 250 and 17 using the everything server":  "get-sum",
		"in github, fork the repo octo/widgets":       "fork_repository",
		"fork the repo octo/widgets on github":        "fork_repository",
		"with playwright, press Escape on the page":   "browser_press_key",
		"in redis, delete the key session:42":         "delete",
	})
}
