package planner

import (
	"context"
	"encoding/json"
	"testing"
)

// TestVerbCompound: the word after the request's verb inside its own
// object, when the object repeats the verb.
func TestVerbCompound(t *testing.T) {
	for q, want := range map[string]string{
		"merge merge request 42 in the gitlab project": stem("request"),
		"merge the merge request !12":                  stem("request"),
		"merge pull request 12 in acme/web":            "",
		"create a merge request from dev":              "",
		"run the pipeline":                             "",
	} {
		if got := verbCompound(parseQuery(q)); got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
}

// TestLexicalRefusesCompoundModifier: a server whose tools write the
// request's verb only as the modifier of the compound noun the task names
// ("merge request" in create_merge_request) does not offer the operation;
// one whose tool uses the verb on its own (merge_merge_request, "Merge a
// merge request"), or a synonym of it, does.
func TestLexicalRefusesCompoundModifier(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)
	forge := []Tool{
		{Backend: "forge", Name: "create_merge_request", Description: "Create a new merge request in a project.", InputSchema: obj},
		{Backend: "forge", Name: "list_merge_requests", Description: "List the merge requests of a project.", InputSchema: obj},
		{Backend: "forge", Name: "create_issue", Description: "Create an issue.", InputSchema: obj},
	}
	wantRefusals(t, NewCatalog(forge), []string{
		"merge merge request 42 in the forge project",
		"merge the merge request !12 on forge",
	})
	for _, c := range []struct {
		extra Tool
		want  string
	}{
		{Tool{Backend: "forge", Name: "merge_merge_request", Description: "Merge a merge request.", InputSchema: obj}, "merge_merge_request"},
		// The first sentence uses the verb on its own: the server merges
		// (which of its tools ranks first is the ranker's business).
		{Tool{Backend: "forge", Name: "accept_merge_request", Description: "Merge an open merge request into its target branch.", InputSchema: obj}, ""},
	} {
		cat := NewCatalog(append(append([]Tool(nil), forge...), c.extra))
		for _, q := range []string{"merge merge request 42 in the forge project", "create a merge request on forge from dev to main"} {
			want := c.want
			if q[0] == 'c' {
				want = "create_merge_request"
			}
			p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
			if want == "" && p.BackendID == "" || want != "" && p.Tool != want {
				t.Errorf("with %s, %q: planned %q (%q), want %s", c.extra.Name, q, p.Tool, p.Text, want)
			}
		}
	}
}

// TestCompoundModifierRealCatalog probes the rule over the real tools of
// the shared evaluation catalog with tasks written for this test.
func TestCompoundModifierRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"merge the merge request !7 in gitlab project acme/shop",
	})
	wantTools(t, cat, map[string]string{
		"merge pull request 12 in acme/web on github":           "merge_pull_request",
		"create a merge request on gitlab from dev to main":     "create_merge_request",
		"open a merge request in gitlab project 9 for branch x": "create_merge_request",
	})
}
