package planner

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestLexicalRefusesObjectServerLacks: a request to create, change or
// delete a kind of thing that no tool of the named server mentions, by
// the word or a synonym, asks that server for something it does not keep;
// the request's object is the head of the noun phrase after the verb. A
// noun the server's tools mention, a short word (an abbreviation or an
// id) and a noun that labels quoted text are planned as before.
func TestLexicalRefusesObjectServerLacks(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"repo":{"type":"string"},"title":{"type":"string"},"body":{"type":"string"}},"required":["repo"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "forge", Name: "create_repository", Description: "Create a new repository in your account.", InputSchema: obj},
		{Backend: "forge", Name: "create_issue", Description: "Create a new issue in a repository.", InputSchema: obj},
		{Backend: "forge", Name: "add_issue_comment", Description: "Add a comment to an issue.", InputSchema: obj},
		{Backend: "forge", Name: "delete_branch", Description: "Delete a branch of a repository.", InputSchema: obj},
		{Backend: "board", Name: "add_member", Description: "Add a member to a board.", InputSchema: obj},
	})
	// A low evidence floor: this test is about the object only.
	lex := NewLexical(&LexicalOptions{MinEvidence: 0.001})
	for _, q := range []string{
		"add a collaborator to the forge repository acme/site",
		"create a forge milestone for the repository acme/site",
		"delete the forge wiki page of the repository acme/site",
		"the sprint starts monday, so the forge needs a new milestone for it",
	} {
		p, _ := lex.Plan(context.Background(), Task{Query: q}, cat)
		if p.Tool != "" || len(p.Candidates) == 0 {
			t.Errorf("%q: planned %s (%q); want a refusal with candidates", q, p.Tool, p.Text)
		}
	}
	for q, want := range map[string]string{
		"create a forge issue in acme/site titled flaky test":          "create_issue",
		"add the note 'flaky on CI' to forge issue 7 in acme/site":     "add_issue_comment", // the noun labels quoted text
		"delete the forge branch old-login in acme/site":               "delete_branch",
		"create a forge repo named site":                               "create_repository", // "repo" stands for "repository"
		"add a member to the board":                                    "add_member",        // no server named
		"the login test is flaky, so we need a new forge issue for it": "create_issue",
	} {
		p, _ := lex.Plan(context.Background(), Task{Query: q}, cat)
		if p.Tool != want {
			t.Errorf("%q: planned %q (%q), want %s", q, p.Tool, p.Text, want)
		}
	}
}

// TestObjectHead: the object whose absence from a server's tools refuses
// a task is a noun of four letters or more, English, and not the label
// of quoted text.
func TestObjectHead(t *testing.T) {
	ix := NewIndex([]Tool{{Backend: "forge", Name: "create_issue", Description: "Create an issue."}})
	for q, want := range map[string]string{
		"create a forge milestone for sprint 14": stem("milestone"),
		"add a collaborator to the repo":         stem("collaborator"),
		"cancel stripe sub sub_1Nx9Yz":           "", // too short to be sure it is a word
		"pause project abc to save money":        "",
		"add the note 'done' to the entity":      "",                // the label of quoted text
		"create a new label 'tech-debt'":         stem("label"),     // a new thing, named by the text
		"show the milestones":                    "",                // not an operation
		"so the forge needs a new milestone":     stem("milestone"), // a thing to create
		"I need the milestone of sprint 14":      "",                // a thing that is there
		// A person's name after the kind noun is the thing's name.
		"add a forge collaborator Lena Fischer": stem("collaborator"),
		"add a forge collaborator lena fischer": stem("fischer"), // not written as a name
	} {
		if got := ix.objectHead(parseQuery(q), q); got != want {
			t.Errorf("%q: object head %q, want %q", q, got, want)
		}
	}
}

// TestObjectServerLacksRealCatalog probes the rule over the real tools of
// the shared evaluation catalog with tasks written for this test.
func TestObjectServerLacksRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"create a mongodb role analyst with read access",
		"add a deploy key to the github repository acme/site",
	})
	wantTools(t, cat, map[string]string{
		"create a github issue in acme/api titled 'flaky login test'": "create_issue",
		"delete the redis key session:42":                             "delete",
		"create a new supabase project called analytics":              "create_project",
	})
}

// TestLexicalRefusesOperationNotStated: a server offers an operation when
// a tool states it where tools say what they do — its name, its
// description's first sentence, an enum member or a word its description
// quotes —, not when a later sentence mentions the word ("items can be
// set to deleted").
func TestLexicalRefusesOperationNotStated(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)
	review := json.RawMessage(`{"type":"object","properties":{"pull_number":{"type":"number"},"event":{"type":"string","enum":["APPROVE","REQUEST_CHANGES","COMMENT"]}},"required":["pull_number"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "shop", Name: "create_customer", Description: "Create a customer.", InputSchema: obj},
		{Backend: "shop", Name: "list_customers", Description: "List the customers.", InputSchema: obj},
		{Backend: "shop", Name: "update_subscription", Description: "Update a subscription. To replace an item, set the old one to deleted and add the new one.", InputSchema: obj},
		{Backend: "forge", Name: "create_pull_request_review", Description: "Create a review on a pull request.", InputSchema: review},
		{Backend: "watch", Name: "update_monitor", Description: " Update a monitor. Pass any of `name`, `status` (\"active\" | \"paused\").", InputSchema: obj},
		{Backend: "shell", Name: "interact_with_process", Description: "\n    Send input to a running process and return its output.\n    Useful for REPLs.", InputSchema: obj},
	})
	wantRefusals(t, cat, []string{
		"delete the shop customer cus_9Qx",
		"remove the shop customer cus_9Qx",
	})
	wantTools(t, cat, map[string]string{
		"approve pull request 12 on forge":      "create_pull_request_review", // an enum member
		"pause the watch monitor mon_1":         "update_monitor",             // a quoted value
		"send 'exit()' to the shell process 31": "interact_with_process",      // the first sentence after blank lines
		"create a shop customer named Ana":      "create_customer",
	})
}

// TestOperationNotStatedRealCatalog probes the rule over the real tools of
// the shared evaluation catalog with tasks written for this test.
func TestOperationNotStatedRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"delete the stripe price price_1AbC",
		"remove the sentry team backend-oncall",
	})
	wantTools(t, cat, map[string]string{
		"approve PR 7 on github in acme/api":      "create_pull_request_review",
		"resolve sentry issue API-31 in org acme": "update_issue",
		"pause firecrawl monitor mon_9xk":         "firecrawl_monitor_update",
	})
}

// TestVerbNamedServers: a server whose bare tool names are HTTP methods
// only is a raw API (any operation); one that also names a bare verb of
// its own (a key store's set and list) is not, and a request for an
// operation none of its tools states is refused.
func TestVerbNamedServers(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"key":{"type":"string"}},"required":["key"]}`)
	tools := []Tool{
		{Backend: "kv", Name: "set", Description: "Set a key to a value.", InputSchema: obj},
		{Backend: "kv", Name: "get", Description: "Get the value of a key.", InputSchema: obj},
		{Backend: "kv", Name: "delete", Description: "Delete one or more keys.", InputSchema: obj},
		{Backend: "kv", Name: "list", Description: "List the keys matching a pattern.", InputSchema: obj},
		{Backend: "tracker", Name: "tracker_get", Description: "GET any endpoint of the tracker's REST API.", InputSchema: obj},
		{Backend: "tracker", Name: "tracker_post", Description: "POST to any endpoint of the tracker's REST API.", InputSchema: obj},
	}
	ix := NewIndex(tools)
	for i, want := range map[int]bool{0: false, 4: true} {
		if got := ix.rawAPI[ix.docBackend[i]]; got != want {
			t.Errorf("%s: raw API %v, want %v", tools[i].Backend, got, want)
		}
	}
	cat := NewCatalog(tools)
	wantRefusals(t, cat, []string{"rename the kv key session:1 to session:2"})
	p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: "delete the kv key session:1"}, cat)
	if p.Tool != "delete" {
		t.Errorf("planned %q (%q), want delete", p.Tool, p.Text)
	}
}

// TestDoubledConsonantParticiple: "cancelled" (analyzed "cancell") is the
// request's verb "cancel" stated as a passive, and a server none of whose
// tools cancels is refused as for "cancel the job".
func TestDoubledConsonantParticiple(t *testing.T) {
	for _, c := range []struct {
		term, verb string
		want       bool
	}{
		{stem("cancelled"), "cancel", true},
		{stem("labelled"), stem("label"), true},
		{"cancel", "cancel", true},
		{"cancela", "cancel", false},
		{"merg", "merge", false},
		{"delet", "cancel", false},
	} {
		if got := isVerbTerm(c.term, c.verb); got != c.want {
			t.Errorf("isVerbTerm(%q, %q) = %v, want %v", c.term, c.verb, got, c.want)
		}
	}
	obj := json.RawMessage(`{"type":"object","properties":{"job":{"type":"number"}},"required":["job"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "ci", Name: "get_job_status", Description: "Get the status of a job: queued, running, stuck or done, and the credits it burned.", InputSchema: obj},
		{Backend: "ci", Name: "list_artifacts", Description: "List the artifacts of a job.", InputSchema: obj},
	})
	q := "job 4412 on ci is stuck and burning credits, it needs to be cancelled now"
	if res := cat.Search("job 4412 on ci is stuck and burning credits", nil, 1); len(res) == 0 || res[0].Evidence < defaultLexicalMinEvidence {
		t.Fatalf("the test needs a tool that matches the rest of the task well: %v", res)
	}
	wantRefusals(t, cat, []string{q, "cancel job 4412 on ci"})
}

// TestDigitName: a capitalized name with one run of digits whose letters
// are no English word names a product; ids, versions and numbered
// instances of common nouns do not.
func TestDigitName(t *testing.T) {
	for w, want := range map[string]bool{
		"Auth0": true, "Neo4j": true, "Web3": true, "Context7": false, // "context" is English
		"Project1": false, "Sheet2": false, "Sprint3": false, // numbered common nouns
		"U0G9QF9C6": false, "Q8xk2LmN": false, "ENG-431": false, "Q3": false, "v2": false, // ids, versions
		"auth0": false, "Auth": false, "Auth0x1": false,
		"1Password": true, "2Checkout": true, "37Signals": true, // digits before a capitalized English word
		"10Mbps": false, "5GHz": false, "4K": false, "2FA": false, "2nd": false, "4x": false, "1password": false, "3Xyzzy": false,
	} {
		if got := digitName(w); got != want {
			t.Errorf("digitName(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestDigitNameRealCatalog probes the real catalog: a product named with
// digits that no backend serves is refused; tasks with ids, versions,
// numbered things and the catalog's own Context7 are planned.
func TestDigitNameRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"add a new Auth0 application for the mobile app",
		"list the nodes of the Neo4j graph called movies",
		"block the user jane@acme.io in Auth0",
		"copy the prod API token out of the Shared vault in 1Password",
	})
	wantTools(t, cat, map[string]string{
		"use Context7 to look up the docs of react hooks":           "query-docs",
		"create a linear issue titled 'Sprint3 retro' for the team": "linear_create_issue",
		"delete the linear issue ENG-431":                           "linear_delete_issue",
		"create a github issue in acme/api for the Q3 roadmap":      "create_issue",
	})
}

// TestMakeNewStatedRealCatalog probes the real catalog: a request to make
// a new thing of a kind the named server's tools mention only in a
// parameter (an issue's labels and milestone) is refused; making a new
// thing the server's tools state in a name or a first sentence, or adding
// an existing kind to another thing, is planned.
func TestMakeNewStatedRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"create a new label named needs-triage in the github repo acme/api",
		"create a milestone called v2 launch in github repository acme/site",
		"create a gitlab label called backend in project grp/app",
	})
	wantTools(t, cat, map[string]string{
		"create a github issue in acme/api titled 'flaky login test' with the label bug": "create_issue",
		"create a new branch called hotfix in gitlab project grp/app":                    "create_branch",
		"create a new supabase project called analytics":                                 "create_project",
		"create a new index on the email field of the mongodb collection shop.users":     "create-index",
	})
}

func TestCreatesNew(t *testing.T) {
	for q, want := range map[string]bool{
		"create a gitlab milestone":         true,
		"Create new labels in linear":       true,
		"generate an image of a fox":        true,
		"create the milestone 'v2'":         false, // a definite thing
		"add a label to issue 12":           false, // attaching, not making
		"update a milestone in gitlab":      false,
		"please create another sentry team": true,
	} {
		if got := createsNew(parseQuery(q), q); got != want {
			t.Errorf("createsNew(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestPhrasalMake: "set up" and "start" with a new thing as their object
// make it; with a thing that exists, or another verb, they do not.
func TestPhrasalMake(t *testing.T) {
	for q, want := range map[string]string{
		"set up a new webhook for the repo":  "webhook",
		"start a new cycle in linear":        "cycl",
		"set up the project in linear":       "",
		"start the job 4412 on circleci":     "",
		"set the status of issue 12 to done": "",
		"create a new label":                 "",
		// What happened, not a request (round 13).
		"I started a dev server an hour ago and it hangs": "",
		"we set up a staging site yesterday":              "",
		"can you set up a new webhook":                    "webhook",
	} {
		fs := fields(q)
		got := phrasalMake(parseQuery(q), fs)
		head := ""
		if len(got) > 0 {
			head = got[len(got)-1]
		}
		if head != want {
			t.Errorf("phrasalMake(%q) = %v, want head %q", q, got, want)
		}
	}
}

// TestPhrasalMakeRealCatalog probes the real catalog with "set up" and
// "start" making a new thing: refused when the named server states no
// such kind, planned when one of its tools does.
func TestPhrasalMakeRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"set up a new label called needs-triage in the github repo acme/api",
		"start a new milestone for the q3 work in gitlab project grp/app",
	})
	wantTools(t, cat, map[string]string{
		"set up a new supabase project called analytics":             "create_project",
		"start a new branch called hotfix in gitlab project grp/app": "create_branch",
	})
}

// TestListedKindRealCatalog probes the real catalog with listings: "list"
// and a plural kind the named server's tools never mention is refused; a
// kind they mention, and a word after "list" that is no plural, is not
// read as one.
func TestListedKindRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"list the pipelines of gitlab project grp/app",
		"list the deployments of the github repo acme/api",
		"list the reminders in slack",
	})
	wantTools(t, cat, map[string]string{
		"list the open issues of the github repo acme/api": "list_issues",
		"list all redis keys starting with cart:":          "list",
		"list the projects in linear":                      "linear_list_projects",
	})
	ix := cat.Index()
	for q, want := range map[string]string{
		"list the pipelines of gitlab project 12": "pipelin",
		"list all keys starting with cart:":       "",
		"list the issue":                          "",
	} {
		if got := ix.objectHead(parseQuery(q), q); got != want {
			t.Errorf("objectHead(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestReadingToolMakesNothingRealCatalog probes round 13's reading of
// serversStating over the real catalog with tasks written for it: Linear
// keeps labels (linear_get_teams reads teams "with their states and
// labels") but no tool of it makes one; the kinds that a server's making
// tools state are made as before, and a situation that tells of a server
// started earlier is no request to make one.
func TestReadingToolMakesNothingRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"create a Linear label called regression",
		"create a new label in linear for bugs",
	})
	wantTools(t, cat, map[string]string{
		"create a new github branch called feature-x in acme/web":                                                     "create_branch",
		"create a new sentry team called payments in org acme":                                                        "create_team",
		"create a new stripe coupon for 20% off":                                                                      "create_coupon",
		"create a new linear comment on issue ENG-12 saying done":                                                     "linear_create_comment",
		"create a new chrome tab with https://example.com":                                                            "new_page",
		"create a new supabase project called billing in org acme":                                                    "create_project",
		"create a new gitlab merge request from dev to main in grp/app":                                               "create_merge_request",
		"create a new linear project called Q3 Launch for team ENG":                                                   "linear_create_project_with_issues",
		"I started a dev server with desktop commander an hour ago and it hangs (pid 4411). Please force it to stop.": "force_terminate",
	})
}

// TestRound37NamesRealCatalog probes the real catalog with round 37's
// readings of a named product: the end of a transfer after a determiner
// ("to the Backblaze B2 bucket") names a product; a product named in the
// question asked of a served one ("ask the MongoDB knowledge base how to
// ...") is its topic, while the one asked stays a product; a name before a
// comma premodifies nothing ("Union Square, San Francisco, top 5"); and a
// capitalized word after the name of a backend whose tools are its API's
// bare methods is one of its things ("a Jira Story"), where after another
// backend's name it is another product ("GitHub Actions"). And "grab"
// asks for a thing to be had, as "get" does (planner/gen/wordnet: seizing
// is a kind of obtaining), not for a change, and "dump" asks to output the
// whole of a store (synonyms.go), as "print" does. A listing or a getter
// of the named server asked for a change it mentions only in a later
// sentence of its description does not offer it ("rotate the JWT
// secret": get_publishable_keys praises "independent rotation").
func TestRound37NamesRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"upload ./dist/site.tar.gz to the Backblaze B2 bucket nightly-builds",
		"ask the Datadog assistant how to set up a monitor for 5xx errors",
		"create a GitHub Actions workflow in acme/api that runs the tests",
		"add a card to Trello: update the pricing copy",
		"rotate the JWT secret of our supabase project zyxwvutsrqponmlk",
	})
	wantTools(t, cat, map[string]string{
		"ask the MongoDB knowledge base how to tune WiredTiger eviction":              "search-knowledge",
		"find ramen shops near Union Square, San Francisco, top 5 with brave":         "brave_local_search",
		"create a Jira Story in project WEB with summary 'Dark mode toggle'":          "jira_post",
		"the team asked for a deep report; have Tavily research the state of Deno KV": "tavily_research",
		"grab the Sentry DSN for acme/storefront":                                     "find_dsns",
		"dump every entity and relation in the memory graph":                          "read_graph",
	})
}

// TestRound38RealCatalog probes the real catalog with round 38's readings:
// "what's in X" with any preposition of containment and after a verb of
// showing (rank_query.go); a verb of reading names no change asked of
// another product ("dump everything the knowledge graph holds": namesTarget);
// a participle inside a field written in lower camel case asks for no
// operation ("newest createdAt first"); a bike, through WordNet's synonym
// of an enum member ("bicycling"), asks for directions; and "go" after a
// numeral is the noun of "in one go", no verb of navigating; and content
// put "onto the end of" a file is appended to it. "go back" still
// navigates back.
func TestRound38RealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"what's inside /opt/tools/bin?":                                                                                  "list_directory",
		"show what's within /srv/data/exports":                                                                           "list_directory",
		"dump everything the knowledge graph holds, with every entity and how they connect":                              "read_graph",
		"from the sales db, fetch 10 documents of the deals collection where stage is 'won', newest createdAt first":     "find",
		"bike route from the Louvre in Paris to the Eiffel Tower with google maps":                                       "maps_directions",
		"create these three Linear issues in team 7a2b: 'Fix flaky upload test', 'Bump axios', 'Drop Node 18' in one go": "linear_create_issues",
		"tack DEBUG=1 onto the end of /opt/app/.env, leave the rest alone":                                               "write_file",
		"go back to the previous page in the playwright browser":                                                         "browser_navigate_back",
	})
}

// TestRound39RealCatalog: probes of round 39's changes on the real
// catalog. A backend's whole name, no English word, names that backend
// even where other servers' descriptions mention the technology
// (supabase's "Executes raw SQL in the Postgres database"), and an SQL
// select list may call functions ("plan, count(*)"); a journey between
// named places is a route or a distance matrix, not a booking; a request
// to read ranks a tool that changes a thing lower; coordinated quoted
// titles are several things, for a tool that takes a list; a path given
// a content is a file; "#903" is a number. Each change's first probes
// failed at the planner before it (the two postgres ones, the two
// journeys, "show closed GitHub issues", the two lists of titles, the
// .node-version file, "has anyone approved PR #903"); the rest guard what held there (a statement with no other
// word to match, a project id that names supabase, a booking, a change
// asked in so many words, one title, two servers named outright).
func TestRound39RealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"on postgres, run SELECT id, email FROM customers WHERE country = 'NZ'":                                               "query",
		"run select plan, count(*) from accounts group by plan on postgres":                                                   "query",
		"postgres: SELECT max(created_at) FROM invoices":                                                                      "query",
		"in supabase project qwertyuiopasdfghjklz run select count(*) from profiles":                                          "execute_sql",
		"open a GitHub issue in acme/api titled 'Flaky upload test'":                                                          "create_issue",
		"how long does it take to drive from Lyon to Paris and to Dijon?":                                                     "maps_distance_matrix",
		"how do I get from Union Station, Chicago to Navy Pier by public transit?":                                            "maps_directions",
		"book me a flight from Lyon to Paris on May 3":                                                                        "",
		"show closed GitHub issues labeled flaky in acme/web, most recently updated first":                                    "list_issues",
		"update the storage settings of Supabase project abcdefghijklmnopqrst to a 50MB upload limit":                         "update_storage_config",
		"create two Linear issues in team 7c2d9e1f: 'Cache the pricing page' and 'Retry failed webhooks'":                     "linear_create_issues",
		"file these in Linear for team 7c2d9e1f: 'Cache the pricing page', 'Retry failed webhooks' and 'Drop IE11 polyfills'": "linear_create_issues",
		"create a Linear issue in team 7c2d9e1f titled 'Cache the pricing page'":                                              "linear_create_issue",
		"create /srv/app/.node-version containing 18.19.0":                                                                    "write_file",
		"has anyone approved PR #903 in globex/billing-service on GitHub? show me the reviews":                                "get_pull_request_reviews",
		"approve PR #7 in initech/tps-reports on GitHub with the comment 'nice work'":                                         "create_pull_request_review",
		"with redis, read the value at cache:homepage":                                                                        "get",
	})
}

// TestRound41RealCatalog: a tool named for what the task says is already
// done ranks lower, and the tool that reverses it higher (doneParticiple);
// a question about what is stored reads it (stateParticiple, askedState);
// a tool whose name's verb is the noun a quantifier of all quantifies
// ranks lower (quantifiedNoun); "how high" asks for height and its
// synonyms (elevation); "which of my searches" and "any of my searches"
// ask which things there are (whichThingsAt); a tool whose sibling's name
// differs in one word, the request's verb, ranks lower (Index.siblings).
func TestRound41RealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"reopen the resolved Linear comment 1f2e3d4c-5b6a-4789-8abc-def012345678":                               "linear_unresolve_comment",
		"Linear comment 1f2e3d4c-5b6a-4789-8abc-def012345678 was marked resolved by accident, reopen it please": "linear_unresolve_comment",
		"resolve the Linear comment 1f2e3d4c-5b6a-4789-8abc-def012345678":                                       "linear_resolve_comment",
		"delete the resolved Linear comment 1f2e3d4c-5b6a-4789-8abc-def012345678":                               "linear_delete_comment",
		"show the merged pull requests of acme/web on GitHub":                                                   "list_pull_requests",
		"what's stored in redis under cart:1942?":                                                               "get",
		"whats stored in Redis under promo:summer?":                                                             "get",
		"what's stored under the cache key cart:1942?":                                                          "get",
		"what edge functions are deployed on supabase project abcdefghijklmnopqrst?":                            "list_edge_functions",
		"store 'dark' under the redis key theme:42":                                                             "set",
		"fetch every reply in Slack thread 1719000000.000100 of channel C07ABCDEF":                              "slack_get_thread_replies",
		"grab all the replies under message 1719000000.000100 in channel C07ABCDEF":                             "slack_get_thread_replies",
		"reply 'on it' in thread 1719000000.000100 of channel C07ABCDEF":                                        "slack_reply_to_thread",
		"list every network request the page made since it loaded":                                              "browser_network_requests",
		"how high above sea level are 27.9881,86.9250 and 35.3606,138.7274?":                                    "maps_elevation",
		"are any of my background file searches still going?":                                                   "list_searches",
		"which of my file searches are still running?":                                                          "list_searches",
		"stop the video recording on page 4 in chrome devtools":                                                 "screencast_stop",
		"start recording a video of page 4 in chrome devtools":                                                  "screencast_start",
	})
}

// TestRound42RealCatalog: a question of which things there are lists
// them, the tool named for listing its noun phrase's head ranking first
// (whichHead, parsedQuery.readObject); an emoji's shortcode is an emoji
// (emojiShortcode); a tool that takes no parameters fits no task that
// names things (slotFit.none).
func TestRound42RealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"what collections does the billing db have on mongo?":              "list-collections",
		"which collections are in the shop database on mongo?":             "list-collections",
		"which databases does the mongo cluster have?":                     "list-databases",
		"leave a :eyes: on message 1712345678.000200 in channel C07ABCDEF": "slack_add_reaction",
		"put a :+1: on Slack message 1712345678.000200 in C07ABCDEF":       "slack_add_reaction",
		"list the last 15 start_process calls desktop commander ran":       "get_recent_tool_calls",
	})
}

// TestRound43RealCatalog: the re-rank judges the arguments the planner
// sends, without the product's own name as a value (dropProductNames):
// "the Context7 library id" gives query-docs' libraryId no value. A
// "give" with a recipient and a thing changes the recipient
// (givesThingTo).
func TestRound43RealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"what's the Context7 library id for Next.js? I want the middleware docs": "resolve-library-id",
		"query the /vercel/next.js docs on context7: how do I set up redirects?": "query-docs",
		"give notion page 0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0 a 📌 icon":         "API-patch-page",
	})
}

// TestPhrasalVerbRanks: "break down" asks for an analysis of the issue
// by browser, which the tag distribution's tool states ("Analyze which
// browsers ..."), not for its events or its search.
func TestPhrasalVerbRanks(t *testing.T) {
	wantFirst(t, map[string]string{
		"break down sentry issue WEB-9QX by browser: which ones does it hit hardest?": "sentry__get_issue_tag_values",
		"break down sentry issue API-77 in org acme by browser":                       "sentry__get_issue_tag_values",
	})
}

// TestRound44RealCatalog: a chord of keys ("Control+Shift+R") is pressed
// whatever the verb that sends it (keyChord), and the key argument takes
// it.
func TestRound44RealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"send Cmd+Shift+P to devtools page 2":        "press_key",
		"send Alt+Shift+F to chrome devtools page 5": "press_key",
	})
	p, err := NewLexical(nil).Plan(context.Background(), Task{Query: "send Ctrl+Shift+K to devtools page 3"}, cat)
	if err != nil || p.Tool != "press_key" || !strings.Contains(string(p.Arguments), `"key":"Control+Shift+K"`) {
		t.Errorf("plan %v %s %s, want press_key with key Control+Shift+K", err, p.Tool, p.Arguments)
	}
}
