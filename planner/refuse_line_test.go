package planner

import "testing"

// TestProductLineRealCatalog probes productLine over the real tools of the
// shared evaluation catalog with tasks written for it: a capitalized
// English word right after a served vendor's name, which no tool of that
// vendor's backend states, names another product line of the vendor, and
// the task is refused (the first two are planned without the rule); the
// same words in title case for what the backend's tools do state, a line
// another backend is named for (gdrive), or the word in lower case, stay
// planned.
func TestProductLineRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"list the GitHub Actions workflow runs for octo-org/web on main",
		"add a row with the on-call name to our 'Rota 2026' Google Sheet",
	})
	wantTools(t, cat, map[string]string{
		// What a search looks for, when the task names the product to
		// search with: the topic, not the service to use.
		"have tavily do a deep research pass on Temporal vs AWS Step Functions": "tavily_research",
		// What is near is a place, no product.
		"brave local search: ramen shops near Shibuya station, 10 results": "brave_local_search",
		"list the open GitHub Issues of acme/web":                          "list_issues",
		"find the Q3 budget spreadsheet in Google Drive":                   "search",
		"get directions from Lisbon to Porto on Google Maps":               "maps_directions",
	})
	ix := cat.Index()
	for q, want := range map[string]bool{
		"show the latest GitHub Actions workflow runs on main": true,
		"open the Google Sheet 'Rota 2026'":                    true,
		"list the GitHub Issues of acme/web":                   false, // the tools state issues
		"find the budget in Google Drive":                      false, // gdrive is named for it
		"show the github actions of the review":                false, // lower case: a common noun
		"ask GitHub. Actions speak louder":                     false, // a sentence between
	} {
		if got := ix.productLine(q, nil); got != want {
			t.Errorf("productLine(%q) = %v, want %v", q, got, want)
		}
	}
}
