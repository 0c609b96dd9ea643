package planner

import "testing"

// TestMannerAdverb: an adverb of manner in -ly before the verb of an
// imperative is skipped to find the request's verb; an adjective in -ly
// before a noun and a verb in -ly stay the first word.
func TestMannerAdverb(t *testing.T) {
	for q, want := range map[string]string{
		"permanently delete the supabase project staging-old": "delete",
		"quickly list the open tabs":                          "list",
		"please immediately cancel workflow 12":               "cancel",
		"automatically merge the branch dev":                  "merge",
		"easily rename the key":                               "rename",
		"simply show the logs":                                "show",
		"monthly revenue of the shop":                         "monthly", // an adjective before a noun
		"multiply 6 by 7":                                     "multiply",
		"apply the migration add_users":                       "apply",
		"supply the value 5":                                  "supply",
		"early delete the key":                                "early", // its base, "ear", is no adjective of four letters
	} {
		if _, raw := mainVerb(fields(q)); raw != want {
			t.Errorf("%q: main verb %q, want %q", q, raw, want)
		}
	}
	fs := fields("permanently delete the supabase project staging-old")
	if got := directObject(fs); len(got) == 0 || got[len(got)-1] != stem("project") {
		t.Errorf("direct object %q, want it to end with project", got)
	}
}

// TestMannerAdverbRealCatalog probes the reading over the real tools of
// the shared evaluation catalog with tasks written for this test: the
// operation the adverb hid is now checked against the server's tools.
func TestMannerAdverbRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"permanently delete the supabase project staging-old", // supabase deletes branches only
		"permanently delete the stripe customer cus_9Qx",      // no stripe tool states deleting
	})
	wantTools(t, cat, map[string]string{
		"permanently delete the redis key session:1":           "delete",
		"quickly list the supabase projects":                   "list_projects",
		"automatically merge the supabase branch dev":          "merge_branch",
		"immediately delete the supabase branch feature-login": "delete_branch",
	})
}
