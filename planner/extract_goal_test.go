package planner

import "testing"

// TestDescGoal: a description that ends with a stranded preposition of
// direction after an infinitive names the goal of that verb; other
// shapes name none.
func TestDescGoal(t *testing.T) {
	for _, c := range []struct{ desc, verb, prep string }{
		{"The name of the entity to add the observations to", stem("add"), "to"},
		{"Branch to push to", stem("push"), "to"},
		{"Namespace to fork to (full path)", stem("fork"), "to"},
		{"The uid of the element to drop into", stem("drop"), "into"},
		{"The ID of the customer to create the invoice for.", "", ""},
		{"Branch to create/update the file in", "", ""},
		{"Path to the file", "", ""},
		{"Number of results to return", "", ""},
		{"to", "", ""},
		{"", "", ""},
	} {
		if v, p := descGoal(c.desc); v != c.verb || p != c.prep {
			t.Errorf("descGoal(%q) = %q, %q; want %q, %q", c.desc, v, p, c.verb, c.prep)
		}
	}
}

// TestForwardPayload: the text after a question or colon that points
// forward with "this", "these", "the following" or "below", colons and
// all; nothing without such a word or with fewer than two words after.
func TestForwardPayload(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"is this circleci config valid? version: 2.1 jobs: x", "version: 2.1 jobs: x"},
		{"check the following: a: 1 b: 2", "a: 1 b: 2"},
		{"lint the file below: key: value", "key: value"},
		{"is my config valid? it fails on CI", ""},
		{"tell the team on slack: build is green", ""},
		{"is this valid? yes", ""},
		{"", ""},
	} {
		got, ok := forwardPayload(c.q)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("forwardPayload(%q) = %q, %v; want %q", c.q, got, ok, c.want)
		}
	}
}
