package planner

import (
	"os"
	"testing"
)

// TestCollectivePersons: "everybody" and "everyone" after the first word
// say "all people": the users' listing, not the tool that shares the
// request's verb and place.
func TestCollectivePersons(t *testing.T) {
	has := func(q parsedQuery, term string) bool {
		for _, w := range q.words {
			if w.term == term {
				return true
			}
		}
		return false
	}
	if q := parseQuery("list everybody in the workspace"); !has(q, stem("people")) {
		t.Error(`"list everybody": no "people"`)
	}
	if q := parseQuery("Everyone. list the channels"); has(q, stem("people")) {
		t.Error(`"Everyone." as a first word read as the object`)
	}
	if _, err := os.Stat(evalDir); err != nil {
		return
	}
	// Over the real catalog, probes written for the test (not rows).
	cat := NewCatalog(loadEvalTools(t, false))
	for _, c := range []struct{ query, want string }{
		{"show everyone in our slack workspace", "slack__slack_get_users"},
		{"list everyone in our slack team", "slack__slack_get_users"},
		{"list the channels in our slack workspace", "slack__slack_list_channels"},
	} {
		got := ""
		if res := cat.Search(c.query, nil, 1); len(res) > 0 {
			got = res[0].Tool.QualifiedName()
		}
		if got != c.want {
			t.Errorf("%q: top %s, want %s", c.query, got, c.want)
		}
	}
}
