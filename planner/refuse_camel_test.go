package planner

import "testing"

// TestInnerCapital: a word written with a capital first and a capital
// inside after a lower-case letter is a trademark's spelling; a word
// capitalized only at its start, one in upper case, and the spellings of
// other conventions ("macOS", "iPhone") are not.
func TestInnerCapital(t *testing.T) {
	for _, c := range []struct {
		query, w string
		want     bool
	}{
		{"move ClickUp task 86a1bq to done", "clickup", true},
		{"open the HubSpot contact", "hubspot", true},
		{"page the on-call in PagerDuty", "pagerduty", true},
		{"move the Trello card", "trello", false},      // a capital at the start only
		{"ask IAM for a role", "iam", false},           // upper case
		{"take a screenshot on macOS", "macos", false}, // lower-case first letter
		{"sync it to my iPhone", "iphone", false},
		{"clickup is fine; move ClickUp task 1", "clickup", true}, // the written-as-a-name use counts
		{"move Clickup task 1", "clickup", false},
		{"move ClickUpX task 1", "clickup", false}, // inside a longer word
	} {
		if got := innerCapital(c.query, c.w); got != c.want {
			t.Errorf("innerCapital(%q, %q) = %v, want %v", c.query, c.w, got, c.want)
		}
	}
}

// TestInnerCapitalRealCatalog probes the real catalog with tasks written
// for this test: a product spelled with an inner capital whose letters
// read as an English phrasal noun (click + up, check + in) or near a
// catalog word is refused; the catalog's own products so spelled, and
// answerable tasks with such words the catalog knows, are planned.
func TestInnerCapitalRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"move ClickUp task 86a1bq to In Review",
		"close the ClickUp task for the login bug",
		"rename the CheckIn board to sprint 14",
	})
	wantTools(t, cat, map[string]string{
		"create a JavaScript file in the repo acme/web on github":         "create_or_update_file",
		"generate the TypeScript types for supabase project abcd1234efgh": "generate_typescript_types",
		"list the open issues of acme/web on GitHub":                      "list_issues",
		"move the file /tmp/a.txt to /tmp/b.txt":                          "move_file",
		"navigate to https://acme.io in DevTools and take a screenshot":   "take_screenshot",
	})
}
