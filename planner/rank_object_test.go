package planner

import (
	"os"
	"testing"
)

// TestObjectNamesOperationRealCatalog: over the real catalog, probes
// written for the test (not rows of a set): the thing a request makes is
// its direct object, not the noun of the place after it; tasks of other
// servers keep their tools.
func TestObjectNamesOperationRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"add a DSN named 'staging' to sentry project storefront in org acme": "create_dsn",
		"add another DSN to sentry project payments in org northwind":        "create_dsn",
		"create a team named 'mobile' in sentry org acme":                    "create_team",
		"create a branch named feature-x in gitlab project infra/tools":      "create_branch",
		"delete branch feature-x in supabase project abcdefghijklmnop":       "delete_branch",
		"create a github issue in acme/api about the login bug":              "create_issue",
		"read /srv/app/main.go":                        "read_file",
		"list the pull requests of acme/api on github": "list_pull_requests",
	})
}

// TestQuestionStateParticiple: a participle of an operation after the copula of a
// wh-question is a state; elsewhere it is not.
func TestQuestionStateParticiple(t *testing.T) {
	for _, c := range []struct {
		query string
		at    int
		want  bool
	}{
		{"what edge functions are deployed on project x?", 4, true},
		{"which branches were merged last week?", 3, true},
		{"which browsers are affected by issue X-1?", 3, false},     // no operation of a tool's name
		{"what edge functions are deployed on project x", 4, false}, // no question mark
		{"the functions are deployed, list them?", 3, false},        // no wh-question
		{"which file should be deleted?", 4, false},                 // a modal's "be": passiveOp's request
	} {
		if got := stateParticiple(fields(c.query), c.at); got != c.want {
			t.Errorf("%q at %d: state participle %v, want %v", c.query, c.at, got, c.want)
		}
	}
}

// TestQuestionStateParticipleRealCatalog: over the real catalog, probes written
// for the test: a question of which things are in a state lists them; a
// request for the operation keeps its tool.
func TestQuestionStateParticipleRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"which edge functions are deployed on supabase project abcdefghijklmnop?": "list_edge_functions",
		"what edge functions were deployed to supabase project qwertyuiopasdfgh?": "list_edge_functions",
		"deploy edge function hello to supabase project abcdefghijklmnop":         "deploy_edge_function",
		"which sentry issues are resolved in org acme?":                           "search_issues",
	})
}
