package planner

import "testing"

// TestNewThingBeforeQuotedRealCatalog probes objectHead's reading of a
// new thing before quoted text over the real tools of the shared
// evaluation catalog with tasks written for it: a new thing of a kind
// the named server does not make is refused whether the quoted text is
// its name or its content (each refused task is planned without the
// rule); text attached to a thing that is there, and new things of kinds
// the server makes, are planned.
func TestNewThingBeforeQuotedRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"create a new milestone 'v2' in gitlab project grp/app", // gitlab makes issues and merge requests
		"create a new folder 'drafts' in notion",                // notion makes pages
	})
	wantTools(t, cat, map[string]string{
		"add the note 'done' to the ledger-db entity in memory":         "add_observations",
		"create a new entity 'ledger-db' in memory":                     "create_entities",
		"create a new collection 'events' in the mongodb database shop": "create-collection",
		"create a new team 'platform' in sentry org acme":               "create_team",
		"create a branch 'feature-x' in acme/web on github":             "create_branch",
		"add a comment 'LGTM' to github issue 12 in acme/web":           "add_issue_comment",
	})
}
