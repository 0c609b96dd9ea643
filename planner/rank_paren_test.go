package planner

import (
	"os"
	"testing"
)

// TestParenAside: a parenthesis that refers back to the sentence's thing
// by a pronoun restates the request and weighs as the situation does; one
// that qualifies a word, or a value's parentheses, is part of the request.
func TestParenAside(t *testing.T) {
	for _, c := range []struct {
		query string
		i     int
		want  bool
	}{
		{"archive page 1f3c (move it to the trash)", 3, true},
		{"close the tabs (all of them)", 3, true},
		{"how many rows does the users table have (read only)", 8, false},
		{"who am I in notion (the bot user)", 5, false},
		{"run SELECT count(*) FROM orders", 2, false},
		{"(move it) archive page 1f3c", 0, false},
	} {
		if got := parenAside(fields(c.query), c.i); got != c.want {
			t.Errorf("%q field %d: aside %v, want %v", c.query, c.i, got, c.want)
		}
	}
	// The restating parenthesis's words weigh as the situation's; the
	// sentence's keep their weight.
	q := parseQuery("archive notes page 1f3c9a (move it to the trash)")
	for _, w := range q.words {
		switch w.term {
		case stem("move"), stem("trash"):
			if w.weight >= 1 {
				t.Errorf("%q: %q weighs %.2f, want less than 1", "(move it to the trash)", w.term, w.weight)
			}
		case stem("archive"):
			if w.weight != 1 {
				t.Errorf("archive weighs %.2f, want 1", w.weight)
			}
		}
	}
	// Over the real catalog, a probe written for the test.
	if _, err := os.Stat(evalDir); err != nil {
		return
	}
	cat := NewCatalog(loadEvalTools(t, false))
	got := ""
	if res := cat.Search("archive the notion page 7d1e2f90aa (this moves it to the trash)", nil, 1); len(res) > 0 {
		got = res[0].Tool.QualifiedName()
	}
	if got != "notion__API-patch-page" {
		t.Errorf("archive the notion page ... (this moves it to the trash): top %s, want notion__API-patch-page", got)
	}
}
