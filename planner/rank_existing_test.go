package planner

import (
	"encoding/json"
	"os"
	"testing"
)

// TestChangesExisting: a verb of change with a definite object (a
// determiner pointing at a known thing, or the thing's identifier after
// its noun) changes a thing that is there; a verb of making, a phrasal
// verb, an indefinite object or a new thing as the outcome do not.
func TestChangesExisting(t *testing.T) {
	for _, c := range []struct {
		query string
		want  bool
	}{
		{"move sentry project checkout-web in org acme to team frontend", true},
		{"transfer the supabase project to another organization", true},
		{"update the email of stripe customer cus_8812 to ops@acme.io", true},
		{"archive my notion page", true},
		{"create the project foo-bar", false},
		{"make the project foo-bar", false},
		{"set up the project on gitlab", false},
		{"add a comment to issue 5", false},
		{"turn linear attachment att_7f3k into a customer need", false},
		{"show the project checkout-web", false},
		{"which projects does the org have", false},
	} {
		if got := parseQuery(c.query).existing; got != c.want {
			t.Errorf("%q: changes an existing thing %v, want %v", c.query, got, c.want)
		}
	}
}

// TestExistingNotNew: a change to a definite thing of a named server ranks
// the tool that changes one before the tool that makes a new one, however
// many of the object's words the latter shares; a request to make one
// still ranks the making tool first.
func TestExistingNotNew(t *testing.T) {
	tools := []Tool{
		{Backend: "tracker", Name: "create_project", Description: "Create a new project within a team, with its team slug. Set up a project for a team, or for a repo, in one step.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"teamSlug":{"type":"string","description":"The team of the project"},"name":{"type":"string"}},"required":["teamSlug","name"]}`)},
		{Backend: "tracker", Name: "update_project", Description: "Update settings: name, slug, platform.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"projectSlug":{"type":"string"},"teamSlug":{"type":"string"}},"required":["projectSlug"]}`)},
	}
	ix := NewIndex(tools)
	for _, c := range []struct{ query, want string }{
		{"transfer tracker project web-app to team ops", "update_project"},
		{"create a tracker project web-app for team ops", "create_project"},
	} {
		if got := top(t, ix, c.query); got != c.want {
			t.Errorf("%q: top %s, want %s", c.query, got, c.want)
		}
	}
}

// TestPutsExisting: a verb of putting whose object is a noun and its
// identifier, then a place, puts a thing that exists.
func TestPutsExisting(t *testing.T) {
	for q, want := range map[string]bool{
		"add price price_9xQ to invoice in_7yW in stripe": true,
		"attach the file f_12ab onto ticket 99":           true,
		"add an SSH key to the circleci project":          false, // a new thing
		"add price price_9xQ":                             false, // no place
		"delete branch feature-x in gitlab project infra": false, // no verb of putting
		"add 'fix' to the title of issue 7":               false, // a payload
	} {
		q0 := parseQuery(q)
		if got := putsExisting(&q0, fields(q)); got != want {
			t.Errorf("%q: putsExisting %v, want %v", q, got, want)
		}
	}
}

// TestPutsExistingRealCatalog: over the real catalog, probes written for
// the test: adding an existing price to an invoice is what the tool named
// for the invoice's item does, though no tool is named for adding prices.
func TestPutsExistingRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"add price price_9xQ to invoice in_7yW in stripe": "create_invoice_item",
	})
}
