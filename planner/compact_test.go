package planner

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStripDocs drops documentation members at every depth but keeps a
// parameter that happens to be named "description".
func TestStripDocs(t *testing.T) {
	var v any
	if err := json.Unmarshal([]byte(`{"type":"object","description":"d","properties":{
		"description":{"type":"string","description":"the issue body"},
		"n":{"type":"integer","title":"N","examples":[1]},
		"o":{"type":"object","properties":{"x":{"type":"string","description":"deep"}}}}}`), &v); err != nil {
		t.Fatal(err)
	}
	stripDocs(v)
	got, _ := json.Marshal(v)
	want := `{"properties":{"description":{"type":"string"},"n":{"type":"integer"},"o":{"properties":{"x":{"type":"string"}},"type":"object"}},"type":"object"}`
	if string(got) != want {
		t.Errorf("stripDocs = %s\nwant        %s", got, want)
	}
}

// TestCompactDefinitionsUnderCap: under a tight cap the request carries
// more tools than whole definitions would allow, the best-ranked one whole,
// and every definition's parameters are still valid JSON.
func TestCompactDefinitionsUnderCap(t *testing.T) {
	var tools []Tool
	long := strings.Repeat("This paragraph explains the tool at length. ", 10)
	for _, name := range []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"} {
		tools = append(tools, Tool{Backend: "b", Name: "read_" + name, Description: "Read the " + name + " record. " + long,
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string","description":"` + long + `"}},"required":["id"]}`)})
	}
	cat := NewCatalog(tools)
	task := Task{Query: "read the gamma record"}
	const cap = 1500
	req := NewOpenAI(OpenAIOptions{MaxPromptTokens: cap}).buildRequest(task, cat)
	whole := NewOpenAI(OpenAIOptions{}).functionDefs(cat, []*Tool{&cat.Tools[0]}, levelFull)[0]
	fit := (cap - 200) / estimateTokens(whole.size)
	if len(req.candidates) <= fit {
		t.Errorf("sent %d tools under %d tokens, want more than the %d whole definitions that fit", len(req.candidates), cap, fit)
	}
	if req.candidates[0].Tool != "read_gamma" {
		t.Errorf("first candidate %s, want read_gamma", req.candidates[0].Tool)
	}
	if req.estimate > cap {
		t.Errorf("estimate %d over the cap %d", req.estimate, cap)
	}
	body, err := json.Marshal(req.params)
	if err != nil || !json.Valid(body) {
		t.Fatalf("request does not encode: %v", err)
	}
	if !strings.Contains(string(body), "explains the tool at length") {
		t.Error("no whole definition in the request")
	}
}
