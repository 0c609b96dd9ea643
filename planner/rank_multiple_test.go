package planner

import (
	"os"
	"testing"
)

// TestCoordinationSaysMultiple: values joined by coordination add the
// hint "multiple"; one value, or two that are a source and a
// destination, do not.
func TestCoordinationSaysMultiple(t *testing.T) {
	has := func(q parsedQuery) bool {
		for _, w := range q.words {
			if w.term == stem("multiple") {
				return w.weight == hintWeight
			}
		}
		return false
	}
	for _, c := range []struct {
		query string
		want  bool
	}{
		{"read /srv/a.go, /srv/b.go and /srv/c.go", true},
		{"delete issues ENG-1 or ENG-2", true},
		{"read /srv/a.go", false},
		{"move /srv/a.go to /srv/b.go", false},
		{"list the open issues", false},
	} {
		if got := has(parseQuery(c.query)); got != c.want {
			t.Errorf("%q: multiple hint %v, want %v", c.query, got, c.want)
		}
	}
}

// TestCoordinationSaysMultipleRealCatalog: over the real catalog, probes
// written for the test (not rows of a set): several coordinated paths go
// to a tool that reads multiple files, ahead of the one-file readers of
// both file servers; one path goes to a one-file reader, and tasks of
// other servers with coordinated values keep their tools.
func TestCoordinationSaysMultipleRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	for _, q := range []string{
		"read /srv/app/main.go, /srv/app/util.go and /srv/app/db.go",
		"show me /opt/site/index.html and /opt/site/style.css",
		"read /etc/a.conf and /etc/b.conf",
	} {
		res := cat.Search(q, nil, 10)
		if len(res) == 0 || res[0].Tool.Name != "read_multiple_files" {
			got := ""
			if len(res) > 0 {
				got = res[0].Tool.QualifiedName()
			}
			t.Errorf("%q: top %s, want a read_multiple_files", q, got)
		}
	}
	wantTools(t, cat, map[string]string{
		"read /srv/app/main.go":                       "read_file",
		"delete linear issues ENG-7, ENG-8 and ENG-9": "linear_delete_issues",
		"delete linear issue ENG-7":                   "linear_delete_issue",
	})
}
