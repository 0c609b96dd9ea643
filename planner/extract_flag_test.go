package planner

import (
	"encoding/json"
	"sync"
	"testing"
)

var (
	evalToolsOnce sync.Once
	evalToolsByID map[string]Tool // "server__name" -> tool of tools.json
)

// catalogArgs fills the arguments of the catalog tool id ("server__name",
// from ../shared/eval/toolsel/tools.json) for query, as the lexical planner
// does once it has chosen that tool, and returns them as JSON.
func catalogArgs(t *testing.T, id, query string) string {
	t.Helper()
	skipWithoutEval(t)
	evalToolsOnce.Do(func() {
		evalToolsByID = map[string]Tool{}
		for _, tl := range loadEvalTools(t, false) {
			evalToolsByID[tl.Backend+"__"+tl.Name] = tl
		}
	})
	tl, ok := evalToolsByID[id]
	if !ok {
		t.Fatalf("no tool %s in tools.json", id)
	}
	vals := extractValues(query, "")
	vals.backend = tl.Backend
	args, _ := fillArgs(toolArgProps(&tl), vals, query, nil, toolReadOnly(&tl))
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkCatalogArgs checks catalogArgs for each case of one tool.
func checkCatalogArgs(t *testing.T, id string, cases []argCase) {
	t.Helper()
	for _, c := range cases {
		if got := catalogArgs(t, id, c.query); got != c.want {
			t.Errorf("%s %q: arguments %s, want %s", id, c.query, got, c.want)
		}
	}
}

// TestAvoidedFlag: a flag whose name starts with a verb of avoiding
// (ignoreCache, skipTlsVerification, ignoreQueryParameters, ignoreCase) is
// set by any of the ways English says an action goes without its object,
// false under a negation or "-sensitive", and left unset when the task says
// nothing of it.
func TestAvoidedFlag(t *testing.T) {
	checkCatalogArgs(t, "chrome-devtools__navigate_page", []argCase{
		{"reload chrome page 1 bypassing the cache", `{"ignoreCache":true,"pageId":1,"type":"reload"}`},
		{"reload chrome page 2 without cache", `{"ignoreCache":true,"pageId":2,"type":"reload"}`},
		{"reload page 3 in chrome and skip the browser cache", `{"ignoreCache":true,"pageId":3,"type":"reload"}`},
		{"reload page 3 in chrome, disregarding the cache", `{"ignoreCache":true,"pageId":3,"type":"reload"}`},
		{"reload page 2 in chrome but do not bypass the cache", `{"ignoreCache":false,"pageId":2,"type":"reload"}`},
		// Without the value: nothing about the cache, or the cache kept.
		{"reload chrome page 2", `{"pageId":2,"type":"reload"}`},
		{"reload chrome page 2, the cache is fine", `{"pageId":2,"type":"reload"}`},
		{"reload page 2 without waiting, cache or not", `{"pageId":2,"type":"reload"}`},
		// The participle after its noun says it of the noun.
		{"reload page 1 with the cache bypassed", `{"ignoreCache":true,"pageId":1,"type":"reload"}`},
		{"reload page 1; the cache disabled earlier is fine", `{"pageId":1,"type":"reload"}`},
	})
	checkCatalogArgs(t, "chrome-devtools__performance_start_trace", []argCase{
		{"start a performance trace on page 1, bypassing the http cache", `{"ignoreCache":true,"pageId":1}`},
		{"start a performance trace on page 1", `{"pageId":1}`},
	})
	checkCatalogArgs(t, "firecrawl__firecrawl_scrape", []argCase{
		{"scrape https://self-signed.local without TLS verification", `{"skipTlsVerification":true,"url":"https://self-signed.local"}`},
		{"scrape https://self-signed.local, skip the tls verification", `{"skipTlsVerification":true,"url":"https://self-signed.local"}`},
		{"scrape https://self-signed.local", `{"url":"https://self-signed.local"}`},
		{"scrape https://self-signed.local without verification of anything", `{"url":"https://self-signed.local"}`},
	})
	checkCatalogArgs(t, "firecrawl__firecrawl_map", []argCase{
		{"map https://x.dev excluding query parameters", `{"ignoreQueryParameters":true,"url":"https://x.dev"}`},
		{"map https://x.dev", `{"url":"https://x.dev"}`},
	})
	checkCatalogArgs(t, "desktop-commander__start_search", []argCase{
		{"search /src for 'todo', case-insensitive", `{"ignoreCase":true,"path":"/src","pattern":"todo"}`},
		{"search /src for 'todo' case insensitively", `{"ignoreCase":true,"path":"/src","pattern":"todo"}`},
		{"search /src for 'TODO', case sensitive", `{"ignoreCase":false,"path":"/src","pattern":"TODO"}`},
		{"search /src for 'TODO'", `{"path":"/src","pattern":"TODO"}`},
	})
}

// TestIncludedFlag: a flag that adds a thing to the result (its name says
// include..., or its description says it includes something when true) is
// set by "with" or "including" the thing and cleared by "without" or "no"
// the thing; unset when the task says nothing of it or the thing is not
// right after the preposition.
func TestIncludedFlag(t *testing.T) {
	checkCatalogArgs(t, "chrome-devtools__list_console_messages", []argCase{
		{"list the console messages of chrome page 2 with stack traces", `{"includeStackTraces":true,"pageId":2}`},
		{"list the console messages of chrome page 2, including the stack traces", `{"includeStackTraces":true,"pageId":2}`},
		{"list the console messages of chrome page 2 without stack traces", `{"includeStackTraces":false,"pageId":2}`},
		{"list the console messages of chrome page 2", `{"pageId":2}`},
		{"list the console messages of chrome page 2 with stack size over 3", `{"pageId":2}`},
	})
	checkCatalogArgs(t, "everything__get-annotated-message", []argCase{
		{"get an annotated error message with an image", `{"includeImage":true,"messageType":"error"}`},
		{"get an annotated error message, no image", `{"includeImage":false,"messageType":"error"}`},
		{"get an annotated error message", `{"messageType":"error"}`},
	})
	// verbose: "When true, includes column details, primary keys, and
	// foreign key constraints": the columns.
	checkCatalogArgs(t, "supabase__list_tables", []argCase{
		{"list the tables of supabase project abcdefghijkl with their columns", `{"project_id":"abcdefghijkl","verbose":true}`},
		{"list the tables of supabase project abcdefghijkl including columns and keys", `{"project_id":"abcdefghijkl","verbose":true}`},
		{"list the tables of supabase project abcdefghijkl", `{"project_id":"abcdefghijkl"}`},
		{"list the tables of supabase project abcdefghijkl with more than 3 columns", `{"project_id":"abcdefghijkl"}`},
	})
}

// TestSwitchedFlag: a flag that turns a feature on is read from the task's
// saying the feature (the name's words, or their WordNet derivations:
// "JWT verification" for verify_jwt) is off, on, or done without.
func TestSwitchedFlag(t *testing.T) {
	checkCatalogArgs(t, "supabase__deploy_edge_function", []argCase{
		{"deploy the edge function hello to supabase project abcdefghijkl with JWT verification off", `{"project_id":"abcdefghijkl","verify_jwt":false}`},
		{"deploy the edge function hello to supabase project abcdefghijkl without jwt verification", `{"project_id":"abcdefghijkl","verify_jwt":false}`},
		{"deploy the edge function hello to supabase project abcdefghijkl, jwt verification turned on", `{"project_id":"abcdefghijkl","verify_jwt":true}`},
		{"deploy the edge function hello to supabase project abcdefghijkl", `{"project_id":"abcdefghijkl"}`},
	})
	checkCatalogArgs(t, "chrome-devtools__performance_start_trace", []argCase{
		{"start a trace on page 1 with auto stop on", `{"autoStop":true,"pageId":1}`},
	})
}

// TestDescribedWithModifier: "Initialize with README.md" (autoInit) is
// asked for by "with" the README, a determiner and one modifier between.
func TestDescribedWithModifier(t *testing.T) {
	checkCatalogArgs(t, "github__create_repository", []argCase{
		{"create a github repo named tools with an initial README", `{"autoInit":true,"name":"tools"}`},
		{"create a github repo named tools with a README", `{"autoInit":true,"name":"tools"}`},
		{"create a github repo named tools with an initial commit message", `{"name":"tools"}`},
	})
}

// TestTypedInto: the direct object of a verb of typing is the text typed,
// for a tool's value or text parameter; a description of the text ("the
// password") is not the text.
func TestTypedInto(t *testing.T) {
	checkCatalogArgs(t, "chrome-devtools__fill", []argCase{
		{"type ops@example.org into the input with uid 3_9 on chrome page 1", `{"pageId":1,"uid":"3_9","value":"ops@example.org"}`},
		{"enter s3cret-pass in the field with uid 8_2 on page 3", `{"pageId":3,"uid":"8_2","value":"s3cret-pass"}`},
		{"type the password into the field with uid 8_2 on page 3", `{"pageId":3,"uid":"8_2"}`},
	})
	checkCatalogArgs(t, "puppeteer__puppeteer_fill", []argCase{
		{"with puppeteer, type bob@example.org into input#email", `{"selector":"input#email","value":"bob@example.org"}`},
	})
}

// TestSwitchValue: "set <key> to on/off" gives the value "on" or "off"
// when the word ends the clause; "to on the next deploy" is a preposition.
func TestSwitchValue(t *testing.T) {
	checkCatalogArgs(t, "redis__set", []argCase{
		{"set redis key flags:beta to on, expiring in 10 minutes", `{"expireSeconds":600,"key":"flags:beta","value":"on"}`},
		{"set redis key flags:beta to on with a one-hour expiry", `{"key":"flags:beta","value":"on"}`},
		{"set redis key flags:beta to on the next deploy", `{"key":"flags:beta"}`},
	})
}

// TestInstructionParam: a required parameter that takes an instruction in
// natural language for a model or an agent (tavily_research's input, "A
// comprehensive description of the research task"; related_papers'
// intent) gets the task in the user's words, whether or not the tool
// only reads; and the re-ranking does not count that fill as evidence
// that the tool fits, since every task fills it.
func TestInstructionParam(t *testing.T) {
	for id, q := range map[string]string{
		"tavily__tavily_research":                      "use tavily to research the trade-offs of CRDTs for offline-first note apps",
		"firecrawl__firecrawl_research_related_papers": "find papers that cite arXiv 2005.14165 about in-context learning",
	} {
		got := catalogArgs(t, id, q)
		var args map[string]any
		if err := json.Unmarshal([]byte(got), &args); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, v := range args {
			found = found || v == q
		}
		if !found {
			t.Errorf("%s %q: arguments %s, want the task as its instruction", id, q, got)
		}
	}
	agent := &Tool{Backend: "agent", Name: "run_agent", Description: "Run an agent on a goal.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"goal":{"type":"string"}},"required":["goal"]}`)}
	q := "look up the weather in Paris for tomorrow"
	v := extractValues(q, "")
	f := fitSlots(agent, schemaProps(agent.InputSchema, 0), &v, stateValues(&v), nil, false)
	if f.reqTotal != 1 || f.reqFilled != 0 {
		t.Errorf("fitSlots: %d of %d required filled, want 0 of 1 (the whole task is no evidence)", f.reqFilled, f.reqTotal)
	}
}

// TestDeclaredFilterPhrase: a filter that declares its fields takes the
// condition a task states for one of them, under "eq" when the field is an
// object of comparison operators; a condition on no declared field, or
// none, leaves it empty.
func TestDeclaredFilterPhrase(t *testing.T) {
	checkCatalogArgs(t, "linear__linear_list_projects", []argCase{
		{"list the Linear projects whose status is completed", `{"filter":{"status":{"eq":"completed"}}}`},
		{"which linear projects have status planned?", `{"filter":{"status":{"eq":"planned"}}}`},
		{"list the linear projects that are late", `{}`},
		{"list all linear projects", `{}`},
	})
}

// TestStatedIdentity: "the org slug is northwind" names the value by the
// parameter's identity word and a copula, a plain word included; a span of
// time ("24h") is no id for a required identifier to take.
func TestStatedIdentity(t *testing.T) {
	checkCatalogArgs(t, "sentry__create_team", []argCase{
		{"make a team named data-platform in Sentry. The org slug is northwind", `{"name":"data-platform","organizationSlug":"northwind"}`},
		{"make a team named data-platform in Sentry. The org is fine", `{"name":"data-platform"}`},
	})
	checkCatalogArgs(t, "sentry__search_events", []argCase{
		{"count the errors in the checkout-api project of our acme sentry org over the last 24h", `{"dataset":"errors","projectSlug":"checkout-api","statsPeriod":"24h"}`},
	})
	for w, want := range map[string]bool{"24h": true, "7d": true, "500ms": true, "30min": true, "u0g9qf9c6": false, "10am": false, "h24": false} {
		if attachedUnit(w) != want {
			t.Errorf("attachedUnit(%q) = %v, want %v", w, !want, want)
		}
	}
}

// TestPressedKey: the object of a verb of pressing is the key: a
// combination (modifiers as the DOM names them), a named key in the DOM's
// spelling, or one character; "press the button" names no key.
func TestPressedKey(t *testing.T) {
	checkCatalogArgs(t, "chrome-devtools__press_key", []argCase{
		{"press Ctrl+K on page 2 in chrome devtools", `{"key":"Control+K","pageId":2}`},
		{"on chrome devtools page 3, press Escape to close the modal", `{"key":"Escape","pageId":3}`},
		{"hit enter on page 1", `{"key":"Enter","pageId":1}`},
		{"press the button on page 1", `{"pageId":1}`},
	})
	// A key named for its use and described as one to press (submitKey).
	checkCatalogArgs(t, "chrome-devtools__type_text", []argCase{
		{"on devtools page 1 type hello@acme.dev into the focused input and hit Enter", `{"pageId":1,"submitKey":"Enter","text":"hello@acme.dev"}`},
		{"type hello into the search box on page 1", `{"pageId":1,"text":"hello"}`},
	})
}

// TestDescribedID: a parameter described as an id ("The ID of the
// customer ...") takes the id the task writes, not a plain word after its
// noun ("A customer asked ...", "a dispute saying ..."); alone the plain
// word is still taken.
func TestDescribedID(t *testing.T) {
	checkCatalogArgs(t, "stripe__create_invoice", []argCase{
		{"A customer asked to be billed net-30 instead of paying by card. Create a Stripe invoice for cus_Q9zX7v with 30 days until due.", `{"customer":"cus_Q9zX7v","days_until_due":30}`},
		{"create an invoice for customer acme", `{"customer":"acme"}`},
	})
	checkCatalogArgs(t, "stripe__update_dispute", []argCase{
		{"A customer filed a dispute saying they were charged twice. Stage evidence on Stripe dispute dp_1PqZ8vLkd82Hs, don't submit it yet", `{"dispute":"dp_1PqZ8vLkd82Hs","submit":false}`},
	})
}

// TestCountBound: "at most N", "no more than N" and "stop at/after N
// pages" bound how many; "at 5 dollars" does not.
func TestCountBound(t *testing.T) {
	checkCatalogArgs(t, "firecrawl__firecrawl_crawl", []argCase{
		{"Crawl https://docs.acme.io with firecrawl, but stop at 200 pages.", `{"limit":200,"url":"https://docs.acme.io"}`},
		{"crawl https://docs.acme.io and stop after 50 pages", `{"limit":50,"url":"https://docs.acme.io"}`},
	})
	checkCatalogArgs(t, "stripe__list_prices", []argCase{
		{"list the prices for stripe product prod_Q1w2E3r4T5, at most 5", `{"limit":5,"product":"prod_Q1w2E3r4T5"}`},
		{"list no more than 7 prices for stripe product prod_Q1w2E3r4T5", `{"limit":7,"product":"prod_Q1w2E3r4T5"}`},
		{"list the prices for stripe product prod_Q1w2E3r4T5 at 5 dollars", `{"product":"prod_Q1w2E3r4T5"}`},
	})
}

// TestAvoidedList: a list named for leaving things out (excludePatterns)
// takes what a word of avoiding is followed by, the first item a shaped
// one (quoted, a name or pattern), plain words after "and" or a comma.
func TestAvoidedList(t *testing.T) {
	checkCatalogArgs(t, "filesystem__directory_tree", []argCase{
		{"give me a recursive JSON tree of /workspace/web/src, skipping node_modules and dist", `{"excludePatterns":["node_modules","dist"],"path":"/workspace/web/src"}`},
		{"give me a recursive json tree of /workspace/web/src, skip anything matching 'node_modules'", `{"excludePatterns":["node_modules"],"path":"/workspace/web/src"}`},
		{"Give me a recursive JSON tree of /workspace/web/src, leaving out node_modules.", `{"excludePatterns":["node_modules"],"path":"/workspace/web/src"}`},
		{"tree of /srv/app, skip the big folders", `{"path":"/srv/app"}`},
	})
	checkCatalogArgs(t, "filesystem__search_files", []argCase{
		{"find every file matching **/*.test.ts under /workspace/api, excluding **/node_modules/**", `{"excludePatterns":["**/node_modules/**"],"path":"/workspace/api","pattern":"**/*.test.ts"}`},
	})
}

// TestRejectedValueFreed: a token a parameter was given and then refused
// (an id is no URL) is free for the parameters after it; a parameter
// described as an ISO 8601 time takes no id.
func TestRejectedValueFreed(t *testing.T) {
	checkCatalogArgs(t, "sentry__get_replay_details", []argCase{
		{"what happened in sentry replay 7e07485f3d1f4c8a9b0d2e3f4a5b6c7d in org acme?", `{"organizationSlug":"acme","replayId":"7e07485f3d1f4c8a9b0d2e3f4a5b6c7d"}`},
	})
	checkCatalogArgs(t, "sentry__get_profile_details", []argCase{
		{"summarize Sentry profile cfe78a5c892d4a64a962d837673398d2 from project backend in org acme", `{"organizationSlug":"acme","projectSlugOrId":"backend"}`},
	})
}

// TestPressedFlag: a flag described as pressing a key ("press Enter
// after") is set when the task presses that key.
func TestPressedFlag(t *testing.T) {
	checkCatalogArgs(t, "playwright__browser_type", []argCase{
		{"type jane@acme.io into the email box (ref e14) in the Playwright browser and hit enter", `{"submit":true,"target":"e14","text":"jane@acme.io"}`},
		{"type jane@acme.io into the email box (ref e14) and press Tab", `{"target":"e14","text":"jane@acme.io"}`},
	})
}

// TestReferenceWordForDescribedReference: "ref" (a reference word) before a
// value names a parameter described as a reference as "id" names an id
// parameter: "into ref e14" gives the target e14, not the word "ref".
func TestReferenceWordForDescribedReference(t *testing.T) {
	checkCatalogArgs(t, "playwright__browser_type", []argCase{
		{"type jane@acme.io into ref e14", `{"target":"e14","text":"jane@acme.io"}`},
	})
}
