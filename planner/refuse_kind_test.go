package planner

import (
	"slices"
	"testing"
)

// TestKindTerm: a kind is named by its word, a curated synonym or a typo
// fix, not by a word WordNet alone gives as its synonym.
func TestKindTerm(t *testing.T) {
	for _, c := range []struct {
		head, term string
		want       bool
	}{
		{stem("release"), stem("release"), true},
		{stem("release"), stem("issue"), false},  // WordNet's "issue" of a magazine
		{stem("repo"), stem("repository"), true}, // the catalog's own synonym
		{stem("milestone"), stem("milestones"), true},
		{stem("ticket"), stem("issue"), true},
	} {
		if got := kindTerm(c.head, c.term); got != c.want {
			t.Errorf("kindTerm(%q, %q) = %v, want %v", c.head, c.term, got, c.want)
		}
	}
}

// TestMadeThingPastForm: a verb in its past form tells what happened
// (the situation), not what to make.
func TestMadeThingPastForm(t *testing.T) {
	for q, want := range map[string][]string{
		"I just closed a deal with a new client, can you add them to stripe": nil,
		"we recently issued a refund":                                        nil,
		"issue a refund for charge ch_1":                                     {stem("refund")},
	} {
		if got := madeThing(parseQuery(q), fields(q)); !slices.Equal(got, want) {
			t.Errorf("%q: madeThing %q, want %q", q, got, want)
		}
	}
}

// TestKindByWordNetRealCatalog probes both over the real tools of the
// shared evaluation catalog with tasks written for it: a GitHub release
// is no issue (each refused task is planned as create_issue without
// kindTerm), a Stripe customer asked for after a past "signed a new
// vendor" is planned (refused without the past form's reading), and the
// kinds a server names by the word or a curated synonym are planned.
func TestKindByWordNetRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"create a release v1.2 in the github repo acme/web",
		"publish a new release v2.0 on github for acme/web",
	})
	wantTools(t, cat, map[string]string{
		"We just signed a new vendor, Acme Tools. Could you set them up as a Stripe customer with ap@acme.io?": "create_customer",
		"create a new ticket in the github repo acme/web about the login bug":                                  "create_issue",
		"create a new repo called site on github":                                                              "create_repository",
		"create a new customer in stripe for bob@acme.io":                                                      "create_customer",
	})
}
