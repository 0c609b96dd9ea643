package planner

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// TestPhrasalMakeRanksTheMakingTool: "set up a new forge project" makes a
// project; the tool named for making one ranks above the one that
// updates projects, whose settings words the task also matches.
func TestPhrasalMakeRanksTheMakingTool(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"organizationSlug":{"type":"string"},"projectSlug":{"type":"string","description":"The project slug"},"name":{"type":"string"},"platform":{"type":"string"},"teamSlug":{"type":"string"}}}`)
	cat := NewCatalog([]Tool{
		{Backend: "tracker", Name: "update_project", Description: "Update project settings: name, slug, platform and team ownership.", InputSchema: obj},
		{Backend: "tracker", Name: "create_project", Description: "Create a new project in the tracker.", InputSchema: obj},
	})
	for _, q := range []string{
		"set up a new tracker project billing-worker for team payments in org acme, platform python",
		"start a new tracker project billing-worker in org acme",
	} {
		if p := parseQuery(q); !slices.Contains(p.makes, stem("project")) {
			t.Errorf("%q: makes %q, want the project", q, p.makes)
		}
		if res := cat.Search(q, nil, 2); len(res) == 0 || res[0].Tool.Name != "create_project" {
			t.Errorf("%q: first %v, want create_project", q, res)
		}
	}
	if p := parseQuery("we set up a new project yesterday, list its issues"); slices.Contains(p.makes, stem("project")) {
		t.Error("'we set up a new project yesterday': read as a request to make one")
	}
}

// TestNounVerbFamilies: a server that names its tools resource first
// (monitor_create, monitor_get, monitor_list, monitor_update) says what
// each does with its last word; one name of that shape alone
// ("web_search") is no family.
func TestNounVerbFamilies(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}}}`)
	tools := []Tool{
		{Backend: "crawler", Name: "crawler_monitor_create", Description: "Create a monitor that watches a page.", InputSchema: obj},
		{Backend: "crawler", Name: "crawler_monitor_get", Description: "Get a monitor by id.", InputSchema: obj},
		{Backend: "crawler", Name: "crawler_monitor_update", Description: "Update a monitor's settings: schedule, goal, page.", InputSchema: obj},
		{Backend: "crawler", Name: "crawler_monitor_list", Description: "List monitors.", InputSchema: obj},
		{Backend: "finder", Name: "web_search", Description: "Search the web.", InputSchema: obj},
	}
	fam := nounVerbFamilies(tools)
	if !fam[[2]string{"crawler", "monitor"}] || fam[[2]string{"finder", "web"}] {
		t.Errorf("nounVerbFamilies = %v, want crawler/monitor only", fam)
	}
	for name, want := range map[string]string{"crawler_monitor_get": "get", "crawler_monitor_list": "list", "web_search": "web"} {
		backend := "crawler"
		if name == "web_search" {
			backend = "finder"
		}
		if got := nameVerb(name, backend, fam); got != want {
			t.Errorf("nameVerb(%q) = %q, want %q", name, got, want)
		}
	}
	ix := NewIndex(tools)
	if ix.docHint[1]&hintGetName == 0 || ix.docHint[3]&hintListName == 0 || ix.docHint[2]&hintWrite == 0 {
		t.Errorf("hints of monitor_get %b, monitor_list %b, monitor_update %b: want a getter, a listing, a write", ix.docHint[1], ix.docHint[3], ix.docHint[2])
	}
	cat := NewCatalog(tools)
	q := "show me the crawler monitor mon_q7w2e9 and its schedule"
	if res := cat.Search(q, nil, 2); len(res) == 0 || res[0].Tool.Name != "crawler_monitor_get" {
		t.Errorf("%q: first %v, want crawler_monitor_get", q, res)
	}
}

// TestPluralInIngsSetsNoIntent: "settings" is a noun (English verbs take
// no plural): "show me the settings" reads.
func TestPluralInIngsSetsNoIntent(t *testing.T) {
	if p := parseQuery("show me the settings of monitor mon_1"); !p.readOnly {
		t.Error("'show me the settings': not read-only")
	}
	if p := parseQuery("set the timeout of monitor mon_1 to 30s"); p.readOnly {
		t.Error("'set the timeout': read-only, want a change")
	}
}

// TestNameInitialisms: a tool's name that writes an initialism of its
// description's capitalized words ("retrieve_from_aws_kb", "AWS Knowledge
// Base") meets the task that writes the words: "pull ... from the
// knowledge base" says the name's head, and the getter is not refused as
// one whose head the task never says.
func TestNameInitialisms(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"},"knowledgeBaseId":{"type":"string"}},"required":["query","knowledgeBaseId"]}`)
	tools := []Tool{
		{Backend: "aws-kb-retrieval", Name: "retrieve_from_aws_kb", Description: "Performs retrieval from the AWS Knowledge Base using the provided query and Knowledge Base ID.", InputSchema: obj},
		{Backend: "aws-kb-retrieval", Name: "list_data_sources", Description: "Lists the data sources of a knowledge base, with intent documentation.", InputSchema: obj},
	}
	m := map[string][]initialism{}
	for i := range tools {
		nameInitialisms(&tools[i], m)
	}
	want := []initialism{{rest: []string{stem("base")}, term: "kb"}}
	if len(m) != 2 || !reflect.DeepEqual(m["knowledge"], want) || !reflect.DeepEqual(m[stem("knowledge")], want) {
		t.Errorf("initialisms = %v, want knowledge base -> kb only", m)
	}
	lex := NewLexical(&LexicalOptions{MinEvidence: 0.001}) // two tools: the check, not the evidence
	q := "pull the top 5 passages about refund rules from the aws knowledge base KB7XQ2M1PL"
	if p, _ := lex.Plan(context.Background(), Task{Query: q}, NewCatalog(tools)); p.Tool != "retrieve_from_aws_kb" {
		t.Errorf("%q: planned %q (%s), want retrieve_from_aws_kb", q, p.Tool, p.Text)
	}
}
