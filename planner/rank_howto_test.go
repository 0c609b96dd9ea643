package planner

import (
	"os"
	"testing"
)

// TestHowToQuestionReadsDocs: "how do I ...", "how can we ...", "how to
// ..." ask for instructions, which documentation holds; "how many", "how
// long" and questions of other shapes keep their tools.
func TestHowToQuestionReadsDocs(t *testing.T) {
	for _, c := range []struct {
		query string
		want  bool
	}{
		{"how do I paginate results?", true},
		{"how can we rotate keys", true},
		{"how to enable tracing in express", true},
		{"how do you configure retries?", true},
		{"how many documents are in the orders collection?", false},
		{"how long did the build take?", false},
		{"how does it work", false}, // no asker: what something does
		{"show me the docs", false},
		// A way from one named place to another is a route (placeEnds).
		{"how do I get from Union Square to the Ferry Building?", false},
		{"how do I get from staging to prod?", true},
	} {
		q := parseQuery(c.query)
		got := false
		for _, w := range q.words {
			if w.term == stem("documentation") {
				got = true
			}
		}
		if got != c.want {
			t.Errorf("%q: documentation among the words = %v, want %v", c.query, got, c.want)
		}
	}
}

// TestHowToQuestionRealCatalog: a how-to question that names a library's
// documentation server goes to the tool that queries the documentation,
// not to the one that resolves the library's id; tasks that ask for the
// id, or for other operations, keep their tools.
func TestHowToQuestionRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"using context7 library /facebook/react, how do I memoize a callback?":                  "query-docs",
		"how do I define a zod schema for nested objects? use context7 library /colinhacks/zod": "query-docs",
		"with context7 library /expressjs/express, how should I handle errors in async routes?": "query-docs",
		"with context7 library /mongodb/docs, how can we tune the connection pool?":             "query-docs",
		"how do I choose a shard key? ask the mongodb knowledge base":                           "search-knowledge",
		"find the context7 library id for react":                                                "resolve-library-id",
		"how many documents are in the orders collection of the shop mongo db?":                 "count",
		"search the sentry docs for source maps":                                                "search_docs",
		"list the pull requests of acme/api on github":                                          "list_pull_requests",
	})
}

// TestImpliedWordHasNoNumber: a word a rule reads into the task (the
// documentation of a how-to question, a path's "file") has no grammatical
// number, so a tool named in the plural for it (query-docs) loses nothing
// to the plural mismatch; written, the word keeps the number it has.
func TestImpliedWordHasNoNumber(t *testing.T) {
	for _, c := range []struct {
		query, term string
		implied     bool
	}{
		{"how do I memoize a callback?", stem("documentation"), true},
		{"open the documentation, how do I memoize a callback?", stem("documentation"), false},
		{"fetch https://example.com/a", "url", true},
		{"fetch the url https://example.com/a", "url", false},
	} {
		q := parseQuery(c.query)
		found := false
		for _, w := range q.words {
			if w.term == c.term {
				found = true
				if w.implied != c.implied {
					t.Errorf("%q: %q implied %v, want %v", c.query, c.term, w.implied, c.implied)
				}
			}
		}
		if !found {
			t.Errorf("%q: no word %q", c.query, c.term)
		}
	}
	// query_docs matches "documentation" through its synonym "doc", in
	// the plural in its name: the mismatch's weight must not change its
	// score. (Filler tools keep the synonym from being one most tools
	// share, which Search skips.)
	cat := NewCatalog([]Tool{
		{Backend: "docs", Name: "query_docs", Description: "Query the documentation of a library."},
		{Backend: "docs", Name: "resolve_library", Description: "Resolve a library name to a library id."},
		{Backend: "fs", Name: "read_file", Description: "Read a file."},
		{Backend: "fs", Name: "write_file", Description: "Write a file."},
		{Backend: "web", Name: "fetch", Description: "Fetch a URL."},
		{Backend: "web", Name: "search", Description: "Search the web."},
	})
	score := func(mismatch float64) float64 {
		old := pluralMismatch
		pluralMismatch = mismatch
		defer func() { pluralMismatch = old }()
		for _, r := range cat.Search("how do I memoize a callback with the react library?", nil, 0) {
			if r.Tool.Name == "query_docs" {
				return r.Score
			}
		}
		t.Fatal("query_docs not matched")
		return 0
	}
	if a, b := score(1), score(0.1); a != b {
		t.Errorf("query_docs scores %v with no plural mismatch and %v with one: an implied word has no number", a, b)
	}
}

// TestWhoAmI: "who am I" asks for the current user's identity (what
// Unix's whoami prints): the words current and user are read into it, so
// a server's tool for the current user answers it, whatever it is named.
func TestWhoAmI(t *testing.T) {
	q := parseQuery("who am I logged in as?")
	got := map[string]bool{}
	for _, w := range q.words {
		got[w.term] = w.implied
	}
	if !got[stem("current")] || !got[stem("user")] {
		t.Errorf("who am I: words %v, want current and user implied", q.words)
	}
	cat := NewCatalog([]Tool{
		{Backend: "tracker", Name: "tracker_get_user", Description: "Get current user information"},
		{Backend: "tracker", Name: "tracker_list_projects", Description: "List the projects of the workspace"},
		{Backend: "tracker", Name: "tracker_get_teams", Description: "Get the teams of the workspace"},
	})
	wantTools(t, cat, map[string]string{"who am I logged in as in tracker?": "tracker_get_user"})
}

// TestPlaceEnds: "from" and "to" before names are the ends of a journey,
// whose tools name them origin and destination; not a period, a path, a
// quoted text, or one end alone; and not where the request's verb asks
// another act.
func TestPlaceEnds(t *testing.T) {
	for _, c := range []struct {
		query string
		want  bool
	}{
		{"walking route from Union Station to Navy Pier", true},
		{"how long is the drive from the Ferry Building to Coit Tower?", true},
		{"commits from March to May", false},
		{"copy from /srv/a to /srv/b", false},
		{"rename it from 'Alpha' to 'Beta'", false},
		{"route from Union Station", false},
		{"book me a flight from Lyon to Paris", false},
		{"move ENG-12 from Todo to Done", false},
		{"bike route from the Ferry Building to Coit Tower", true},
	} {
		q := parseQuery(c.query)
		got := 0
		for _, w := range q.words {
			if w.implied && (w.term == stem("origin") || w.term == stem("destination")) {
				got++
			}
		}
		if (got == 2) != c.want {
			t.Errorf("%q: origin and destination hints = %d, want both %v", c.query, got, c.want)
		}
	}
}
