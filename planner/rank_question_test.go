package planner

import (
	"slices"
	"testing"
)

// TestDoneParticiple: the operations a task says its object has already
// undergone, and the participles that ask or only describe.
func TestDoneParticiple(t *testing.T) {
	cases := map[string][]string{
		"reopen the resolved comment c-1":                         {"resolv"},
		"reopen comment c-1, it was resolved too early":           {"resolv"},
		"reopen comment c-1, it got marked resolved by mistake":   {"resolv"},
		"bring back the paused project abc":                       {"paus"},
		"the branch is already merged, delete it":                 {"merg"},
		"I archived the page last week. Restore page p-1 please.": {"archiv"},
		"the page should be deleted":                              nil, // a request (passiveOp)
		"delete page p-1":                                         nil,
		"I'd like it deleted":                                     nil,
		"resolve comment c-1":                                     nil,
		"which branches were merged last week?":                   nil, // a question asks about the state
		"was PR 12 merged? if not, merge it":                      nil,
	}
	for q, want := range cases {
		if got := parseQuery(q).done; !slices.Equal(got, want) {
			t.Errorf("parseQuery(%q).done = %q, want %q", q, got, want)
		}
	}
}
