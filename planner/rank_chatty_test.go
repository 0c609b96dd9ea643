package planner

import (
	"math"
	"os"
	"testing"
)

// TestRequestStart: the request clause of a chatty task starts at the
// frame of a request (a modal question to the listener, "please", the
// user's need or wish) after another clause, or at a clause of result
// after ", so"; a task whose first clause is a question, or with no such
// frame after a clause, has no situation before its request.
func TestRequestStart(t *testing.T) {
	for _, c := range []struct {
		query, want string // want: the first word of the request clause, "" for none
	}{
		{"I went through PR 142 in octo/app and it looks good to me, so I'd like to approve it", "so"},
		{"I've got the browser open already, could you point it at https://example.com", "could"},
		{"the report ended up in /tmp/r.pdf, please move it to /home/me", "please"},
		{"payroll runs friday and I need to know the balance", "I"},
		{"login on safari is broken again; can someone track it in linear", "can"},
		{"there's a confirm dialog blocking the page, just accept it", "just"},
		{"the logs are huge, just the errors would do", ""}, // "just" before a determiner
		{"the build is red again, let's rerun it", "let's"},
		{"PROJ-9Z is fixed in today's deploy, so it should show as resolved in sentry", "so"},
		{"we're launching next week, so product prod_1 needs a price", ""}, // "so" + a bare noun: no subject it can tell
		{"what are we charging for prod_Basic? I need the price points", ""},
		{"I need to know which merge requests are open", ""},
		{"before I merge PR 88 I want to be sure the checks are green", ""}, // no clause end before the frame
		{"can you list the open issues", ""},
		{"the title says 'sorry, I need help' and we should fix it", ""}, // quoted text is payload
	} {
		fs := fields(c.query)
		got := ""
		if i := requestStart(fs); i > 0 {
			got = fs[i].text
		}
		if got != c.want {
			t.Errorf("requestStart(%q) starts at %q, want %q", c.query, got, c.want)
		}
	}
}

// TestSituationWords: the words of the situation before the request weigh
// backgroundWeight and set no intent; the request's words keep their
// weight, and a word repeated in the request takes the request's.
func TestSituationWords(t *testing.T) {
	q := parseQuery("I went through PR 142 in octo/app and it looks good to me, so I'd like to approve it")
	weights := map[string]float64{}
	bg := map[string]bool{}
	for _, w := range q.words {
		weights[w.term], bg[w.term] = w.weight, w.bg
	}
	for _, w := range []string{"went", "looks", "good"} {
		if got := weights[stem(w)]; got != backgroundWeight || !bg[stem(w)] {
			t.Errorf("%q weighs %v (situation %v), want %v", w, got, bg[stem(w)], backgroundWeight)
		}
	}
	if got := weights[stem("approve")]; got != 1 {
		t.Errorf("approve weighs %v, want 1", got)
	}
	// "look" sets read intent in a request ("look at the logs"); in the
	// situation it does not.
	if !q.write || q.readOnly {
		t.Errorf("intent: write %v, read-only %v; want the request's (approve: write)", q.write, q.readOnly)
	}
	q = parseQuery("the cache looks stale, could you look up the key session:1 and show it")
	for _, w := range q.words {
		if w.term == stem("look") && (w.weight != 1 || w.bg) {
			t.Errorf("look, also in the request, weighs %v (situation %v), want 1", w.weight, w.bg)
		}
	}
}

// TestSituationProduct: a product named in the situation keeps its full
// weight (it is still the one to use), while the situation's other words
// weigh less: the same words score the same whether the product is named
// before the request or in it.
func TestSituationProduct(t *testing.T) {
	ix := NewIndex([]Tool{
		{Backend: "sentry", Name: "create_team", Description: "Create a new team in an organization."},
		{Backend: "people", Name: "list_reports", Description: "List reports on how an org is growing."},
	})
	before := "our org in sentry is growing, so I'd like a new team"
	after := "our org is growing, so I'd like a new team in sentry"
	for _, w := range parseQuery(before).words {
		if w.term == stem("sentry") && (w.weight != backgroundWeight || !w.bg) {
			t.Fatalf("parseQuery(%q): sentry weighs %v (situation %v), want backgroundWeight before Search", before, w.weight, w.bg)
		}
	}
	a, b := ix.Search(before, nil, 2), ix.Search(after, nil, 2)
	if len(a) == 0 || len(b) == 0 || a[0].Tool.Name != "create_team" || b[0].Tool.Name != "create_team" {
		t.Fatalf("create_team not first: %v / %v", a, b)
	}
	if math.Abs(a[0].Score-b[0].Score) > 1e-9 || a[0].Evidence != b[0].Evidence {
		t.Errorf("create_team scores %.4f (evidence %.4f) with sentry in the situation, %.4f (%.4f) with it in the request; want the same", a[0].Score, a[0].Evidence, b[0].Score, b[0].Evidence)
	}
}

// TestSituationProbe: over the real catalog, a chatty approval whose
// situation reads a pull request ("I read through pull request 31 ...")
// plans the review, not the reading (a probe written for this test, not a
// row of any evaluation set).
func TestSituationProbe(t *testing.T) {
	skipWithoutEval(t)
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip(err)
	}
	cat := NewCatalog(loadEvalTools(t, false))
	q := "I read through pull request 31 of acme/api and it all looks good, could you approve it"
	res := cat.Search(q, nil, 3)
	if len(res) == 0 || res[0].Tool.Name != "create_pull_request_review" {
		t.Errorf("%q: got %v, want github's create_pull_request_review first", q, res)
	}
}
