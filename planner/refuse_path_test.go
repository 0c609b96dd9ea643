package planner

import (
	"encoding/json"
	"testing"
)

// A product the catalog writes only inside a path or a slash-joined id
// (an example of a library id, a doc path) is no product a tool acts on.
func TestPathOnlyNameIsForeign(t *testing.T) {
	tools := append(lexicalFixture(),
		Tool{Backend: "docs", Name: "query_docs", Description: "Retrieve documentation for a library. Library ID (e.g., '/vercel/next.js', '/mongodb/docs').",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"libraryId":{"type":"string"},"query":{"type":"string"}},"required":["libraryId","query"]}`)},
		Tool{Backend: "ci", Name: "run_rollback_pipeline", Description: "Roll back a deployment of a project to a previous version.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"project":{"type":"string"},"version":{"type":"string"}},"required":["project"]}`)},
	)
	cat := NewCatalog(tools)
	wantRefusals(t, cat, []string{
		"roll back the production deployment of our Vercel project storefront to the previous build",
	})
	for q, want := range map[string]string{
		"roll back the production deployment of project storefront to the previous build": "run_rollback_pipeline",
		"get the /vercel/next.js docs on caching":                                         "query_docs",
	} {
		res := cat.Search(q, nil, 3)
		if len(res) == 0 || res[0].Tool.Name != want || res[0].Evidence <= 0 {
			t.Errorf("%q: %v, want %s first with evidence", q, res, want)
		}
	}
	ix := cat.Index()
	if id, ok := ix.dict["vercel"]; !ok || !ix.pathOnly[id] {
		t.Error(`"vercel": want a term written only in paths`)
	}
	if id, ok := ix.dict[stem("documentation")]; !ok || ix.pathOnly[id] {
		t.Error(`"documentation": want a term of prose`)
	}
}
