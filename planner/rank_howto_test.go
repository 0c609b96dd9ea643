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
