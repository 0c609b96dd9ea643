package planner

import (
	"os"
	"slices"
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
		{"what's stored under key cart:1?", 1, true},                // the wh-word and "is" in one word
		{"whats stored in redis under cart:1?", 1, true},
		{"what's stored under key cart:1", 1, false}, // no question mark
		{"store it, what's next?", 0, false},
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

// TestMakes: the thing a request makes with a verb that is no operation
// of tool names: the object it takes with an indefinite article
// (madeThing), or the verb itself when it could be a converted noun.
func TestMakes(t *testing.T) {
	for _, c := range []struct {
		query string
		want  string
	}{
		{"comment 'ship it' on page 5d1c", "comment"},
		{"comment 'updated for Q3' on page 5d1c", "comment"}, // a quoted text is what is made, digits or not
		{"leave a comment 'needs a rebase' on page 77aa", "comment"},
		{"jot a quick note on the ticket", stem("note")},
		{"issue 42 in acme/web: who is assigned?", ""}, // a noun phrase with its value
		{"comments on PR 5 in acme/web", ""},           // a plural: no imperative
		{"create a comment on page 5d1c", ""},          // an operation tool names lead with
		{"show the comments of page 5d1c", ""},         // reading
		{"tagged issues in acme/web", ""},              // a participle
	} {
		q := parseQuery(c.query)
		got := ""
		if len(q.makes) > 0 {
			got = q.makes[len(q.makes)-1]
		}
		if got != c.want {
			t.Errorf("%q: makes %q (%v), want %q", c.query, got, q.makes, c.want)
		}
	}
}

// TestMadeByConvertedVerbRealCatalog: over the real catalog, probes
// written for the test: "comment on X" and "leave a comment on X" make a
// comment (the tool named for creating one, not the one reading them);
// reading comments, and committing a file, keep their tools. (The reading
// is a boost, not a rule: "leave a comment 'needs a rebase first'" still
// loses to the reading tool, whose parameters the quoted words match.)
func TestMadeByConvertedVerbRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"comment 'ship it' on notion page 5d1c9e0a7b2f":                            "API-create-a-comment",
		"leave a comment 'ship it' on notion page 77aa01b9":                        "API-create-a-comment",
		"show the comments on notion block 77aa01b9":                               "API-retrieve-a-comment",
		"commit README.md to gitlab project ops/tools on main with message 'docs'": "create_or_update_file",
	})
}

// TestRemovalByObject: a name before the object's head noun premodifies
// it ("the tmp_2024 collection": the object is a collection); a request to
// remove it prefers the tool named for removing that object, whichever
// verb of removal its name uses (MongoDB's drop-collection, not
// delete-many, named for removing documents).
func TestRemovalByObject(t *testing.T) {
	if got := parseQuery("delete the tmp_import_2024 collection in the analytics db").object; !slices.Equal(got, []string{stem("collection")}) {
		t.Errorf("object %v, want [collection]", got)
	}
	if got := parseQuery("delete branch feature-x").object; !slices.Equal(got, []string{stem("branch")}) {
		t.Errorf("a name after its noun: object %v, want [branch]", got)
	}
	if got := parseQuery("commit a CHANGELOG.md containing '# Changelog' to acme/web").object; len(got) != 0 {
		t.Errorf("a participle after the value: object %v, want none", got)
	}
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"get rid of the old_2023 collection in the shop db on the preconfigured connection": "drop-collection",
		"remove the index email_1 from the users collection in the crm database":            "drop-index",
		"delete every doc in the sessions collection where expired is true":                 "delete-many",
	})
}

// TestReadObjectNamesTool: a request to list prefers the tool named for
// its verb on its direct object, not the one named for the place the
// object is in ("the collections in the shop database"); a request to
// read has no such reading ("get the properties of page X" is the page).
func TestReadObjectNamesTool(t *testing.T) {
	if got := parseQuery("list the collections in the shop database").readObject; !slices.Equal(got, []string{stem("collections")}) {
		t.Errorf("readObject %v, want [collection]", got)
	}
	if got := parseQuery("get the properties of notion page 8a7c3e21").readObject; len(got) != 0 {
		t.Errorf("reading: readObject %v, want none", got)
	}
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"list the collections in the shop mongo database on the preconfigured connection": "list-collections",
		"list the databases on the preconfigured mongo connection":                        "list-databases",
	})
}

// TestManyFromListingTool: a request for many of a kind, none named,
// prefers a tool whose name says it returns a collection; one thing named
// by its id keeps the tool that gets one.
func TestManyFromListingTool(t *testing.T) {
	for q, want := range map[string]bool{
		"list the sentry projects in org acme": true,
		"show the open issues of the repo":     true,
		"list project web in org acme":         false, // a value: this one
		"get the project details":              false, // "details": a lemma of its own
		"create the projects":                  false, // no verb of listing or reading
	} {
		if got := parseQuery(q).many; got != want {
			t.Errorf("%q: many %v, want %v", q, got, want)
		}
	}
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"list the sentry projects of org umbra": "find_projects",
		"list the projects in sentry org umbra": "find_projects",
	})
}

// TestRenameByUpdate: renaming a thing no tool is named for renaming is
// done by the tool that updates it with a name or title parameter; a tool
// named for renaming keeps it.
func TestRenameByUpdate(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"rename notion data source 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d to 'Roadmap 2028'": "API-update-a-data-source",
		"rename collection app.tmp to app.archive in mongodb":                              "rename-collection",
	})
}
