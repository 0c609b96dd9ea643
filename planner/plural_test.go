package planner

import (
	"slices"
	"testing"
)

// TestAcronymPlural checks that an acronym's English plural analyzes to the
// acronym, while ordinary camelCase and acronym+word splits are unchanged.
func TestAcronymPlural(t *testing.T) {
	for in, want := range map[string][]string{
		"list open PRs":  {"list", "open", "pr"},
		"two MRs":        {"two", "mr"},
		"HTTPServer":     {"http", "server", "httpserver"},
		"getPullRequest": {"get", "pull", "request", "getpullrequest"},
	} {
		got := analyzeAll(in)
		for _, w := range want {
			if !slices.Contains(got, w) {
				t.Errorf("analyze(%q) = %v, want it to contain %q", in, got, w)
			}
		}
		if slices.Contains(got, "rs") {
			t.Errorf("analyze(%q) = %v holds the stray plural %q", in, got, "rs")
		}
	}
}
