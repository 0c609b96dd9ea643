package planner

import (
	"encoding/json"
	"testing"
)

// TestNamesTarget: a request for a change that names, by a word that is
// no English word, a served product in a product's place or inside its
// direct object names where the change is to be made.
func TestNamesTarget(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`)
	ix := NewCatalog([]Tool{
		{Backend: "zorbix", Name: "create_issue", Description: "Create an issue.", InputSchema: obj},
		{Backend: "memory", Name: "create_entities", Description: "Create entities in the knowledge graph.", InputSchema: obj},
		{Backend: "quillo", Name: "publish_message", Description: "Publish a message to a channel.", InputSchema: obj},
	}).Index()
	for q, want := range map[string]bool{
		"publish version 2 as a release on zorbix":     true,  // a product's place
		"delete the zorbix workflow 12":                true,  // inside the direct object
		"create an issue about the zorbix timeout":     false, // the topic, not the place
		"search the web for zorbix clients":            false, // no change
		"take a snapshot of the zorbix page":           false, // a light verb
		"delete the memory leak note":                  false, // "memory" is English
		"publish version 2 as a release on the server": false, // nothing named
		"rerun the failed zorbix workflow 12":          true,  // re- and a verb of change; no operation verb
	} {
		if got := ix.namesTarget(parseQuery(q), q); got != want {
			t.Errorf("%q: namesTarget %v, want %v", q, got, want)
		}
	}
	cat := NewCatalog([]Tool{
		{Backend: "zorbix", Name: "create_issue", Description: "Create an issue.", InputSchema: obj},
		{Backend: "quillo", Name: "publish_message", Description: "Publish a message to a channel.", InputSchema: obj},
	})
	wantRefusals(t, cat, []string{"publish the message as a release on zorbix"})
	wantTools(t, cat, map[string]string{
		"publish the message hello to quillo":   "publish_message",
		"create an issue on zorbix titled slow": "create_issue",
	})
}

// TestChangeVerbAgain: re- keeps a verb of change one.
func TestChangeVerbAgain(t *testing.T) {
	for w, want := range map[string]bool{"rerun": true, "restart": true, "delete": true, "read": false, "reread": false, "re": false, "red": false} {
		if got := changeVerbAgain(w); got != want {
			t.Errorf("%q: %v, want %v", w, got, want)
		}
	}
}

// TestNamesTargetRealCatalog probes the rule over the real tools of the
// shared evaluation catalog with tasks written for this test.
func TestNamesTargetRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"publish version 1.4 as a release on github",        // sentry's releases, not github's
		"restart the failed github actions job of acme/web", // circleci's rerun_workflow
	})
	wantTools(t, cat, map[string]string{
		"create a branch hotfix in acme/web on github":  "create_branch",
		"merge pull request 12 in acme/web on github":   "merge_pull_request",
		"delete the supabase branch dev":                "delete_branch",
		"create a linear issue titled login broken":     "linear_create_issue",
		"take a heap snapshot to hunt a memory leak":    "take_heapsnapshot",
		"search the web for the best redis clients":     "web_search_exa",
		"rerun the circleci workflow 5f3a-11":           "rerun_workflow",
		"reopen the closed github issue 12 in acme/web": "update_issue",
	})
}
