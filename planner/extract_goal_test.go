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
