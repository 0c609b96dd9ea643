package planner

import (
	"encoding/json"
	"testing"
)

// TestReadsOnly: a request led by a verb of reading with no new thing
// after it only reads.
func TestReadsOnly(t *testing.T) {
	for q, want := range map[string]bool{
		"list the issues of the zorbix project":                true,
		"get issue 17 from zorbix":                             true,
		"show the refund re_123":                               true,
		"look up the customer cus_1":                           true,
		"give me a payment link for price_1":                   false, // "give me a" is "get a": a thing to make
		"get me a fresh branch off main":                       false, // the indirect object first
		"check out a new branch feature-x":                     false, // a particle first
		"find another name for the project":                    false,
		"create an issue in zorbix":                            false, // no reading
		"which merge requests are open on zorbix":              true,  // which things there are
		"how do I create an issue":                             false,
		"I need to know which issues are still open in zorbix": true, // which things there are
		"what refunds did we issue in zorbix":                  true,
		"what issues should I create in zorbix":                false, // a modal: what to do
		"what do I need to create an issue":                    false, // no noun after "what"
		"which issue is the oldest":                            false, // not plural
		"which issues should we close in zorbix":               false,
	} {
		if got := readsOnly(parseQuery(q), q); got != want {
			t.Errorf("%q: readsOnly %v, want %v", q, got, want)
		}
	}
}

// TestMakesNew: a tool named for making a new thing, after words that
// name its backend or say "api".
func TestMakesNew(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`)
	tools := []Tool{
		{Backend: "zorbix", Name: "create_issue", Description: "Create an issue.", InputSchema: obj},
		{Backend: "zorbix", Name: "zorbix_create_comment", Description: "Create a comment.", InputSchema: obj},
		{Backend: "quillo", Name: "API-create-a-page", Description: "Create a page.", InputSchema: obj},
		{Backend: "quillo", Name: "new_page", Description: "Open a new page.", InputSchema: obj},
		{Backend: "zorbix", Name: "list_issues", Description: "List issues.", InputSchema: obj},
		{Backend: "zorbix", Name: "generate_types", Description: "Generate types.", InputSchema: obj},
		{Backend: "zorbix", Name: "create", Description: "Create a thing.", InputSchema: obj},
	}
	ix := NewCatalog(tools).Index()
	want := []bool{true, true, true, true, false, false, false}
	for d, w := range want {
		if got := ix.makesNew(int32(d)); got != w {
			t.Errorf("%s: makesNew %v, want %v", tools[d].Name, got, w)
		}
	}
	wantRefusals(t, NewCatalog(tools[:2]), []string{"list the comments in zorbix", "show the zorbix comments of issue 12"})
	cat := NewCatalog(tools[:5])
	wantTools(t, cat, map[string]string{
		"list the open issues in zorbix":          "list_issues",
		"create an issue in zorbix titled slow":   "create_issue",
		"get me a new comment on zorbix issue 12": "zorbix_create_comment",
	})
}

// TestReadingMakesNothingWhicheverFirst: a reading of a kind the named
// server only makes leaves no tool of that server with evidence, whichever
// of them ranks first (the reading tool matched the verb, the maker the
// kind); a kind a reading tool mentions keeps it.
func TestReadingMakesNothingWhicheverFirst(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`)
	cat := NewCatalog([]Tool{
		{Backend: "zorbix", Name: "list_issues", Description: "List issues of a project.", InputSchema: obj},
		{Backend: "zorbix", Name: "zorbix_create_comment", Description: "Create a comment on an issue.", InputSchema: obj},
		{Backend: "zorbix", Name: "get_issue", Description: "Get an issue with its labels.", InputSchema: obj},
	})
	for q, evidence := range map[string]bool{
		"list the comments in zorbix":           false, // only the maker mentions comments
		"list the comments of zorbix issue 12":  false,
		"list the labels of zorbix issue 12":    true, // get_issue reads them
		"list the open issues in zorbix please": true,
	} {
		res := cat.Search(q, nil, 0)
		if len(res) == 0 {
			t.Fatalf("%q: no tool matched", q)
		}
		some := false
		for _, r := range res {
			some = some || r.Evidence > 0
		}
		if some != evidence {
			t.Errorf("%q: some tool with evidence %v, want %v: %v", q, some, evidence, res)
		}
	}
}

// TestReadingMakesNothingRealCatalog probes the rule over the real tools
// of the shared evaluation catalog with tasks written for this test: a
// reading of a kind the named server only makes is refused (before, the
// tool that makes one was planned).
func TestReadingMakesNothingRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"list the merge requests of gitlab project 12", // gitlab only creates them
		"get the refund re_123 in stripe",              // stripe only creates refunds
		"list the payment links in stripe",
		"I need to know which refunds we issued in stripe this week",
	})
	wantTools(t, cat, map[string]string{
		"give me a payment link for price price_123 on stripe":     "create_payment_link",
		"check out a new branch feature-x in acme/web on github":   "create_branch",
		"fetch the typescript types for supabase project abcd1234": "generate_typescript_types",
		"show me the dsn of sentry project web":                    "find_dsns",
		"list the commits of acme/web on github":                   "list_commits",
		"list the coupons in stripe":                               "list_coupons",
		"what issues should I create in linear for the login bug":  "linear_create_issue",
		"which pull requests are open in acme/web on github":       "list_pull_requests",
	})
}

// TestReadingRanksMakerLower: asked to read, a tool that makes things
// ranks lower, so that the server's tool that reads ranks first when the
// task's words rank the two close ("display the Procfile on the staging
// branch" matched create_branch on "branch").
func TestReadingRanksMakerLower(t *testing.T) {
	cat := NewCatalog(loadEvalTools(t, false))
	q := "display the Procfile on the staging branch of gitlab project web/app"
	if r := cat.Search(q, nil, 3); len(r) == 0 || r[0].Tool.QualifiedName() != "gitlab__get_file_contents" {
		t.Errorf("%q: top %v, want gitlab__get_file_contents", q, r)
	}
}
