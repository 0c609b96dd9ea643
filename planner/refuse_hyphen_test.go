package planner

import (
	"slices"
	"testing"
)

// TestEnglishCompound: a hyphenated compound of English words before a
// noun is part of the direct object; a hyphenated name or value is not.
func TestEnglishCompound(t *testing.T) {
	for q, want := range map[string][]string{
		"add a read-only mongodb user for the team":    {stem("mongodb"), stem("user")},
		"delete the long-running job 12":               {stem("job")},
		"delete the supabase project staging-old":      {stem("supabase"), stem("project")}, // a name at the phrase's end
		"create the feature-x branch":                  {stem("branch")},                    // a name before its noun premodifies it
		"deploy the release-2 build":                   {stem("build")},                     // a value, the same
		"add a read-only":                              nil,                                 // no noun after it
		"create a high-priority linear issue about it": {stem("linear"), stem("issue")},
		// Any preposition ends the phrase (objectEnd).
		"run this snippet against the page":     {stem("snippet")},
		"archive the tickets older than a week": {stem("ticket"), stem("older")},
		"move the card across the board":        {stem("card")},
	} {
		if got := directObject(fields(q)); !slices.Equal(got, want) {
			t.Errorf("%q: direct object %q, want %q", q, got, want)
		}
	}
}

// TestEnglishCompoundRealCatalog probes the reading over the real tools of
// the shared evaluation catalog with tasks written for this test: the
// object after the compound is checked against the named server.
func TestEnglishCompoundRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"add a built-in mongodb role for backups", // mongodb's tools have no roles
	})
	wantTools(t, cat, map[string]string{
		"delete the long-lived supabase branch dev":               "delete_branch",
		"create a high-priority linear issue titled login broken": "linear_create_issue",
	})
}
