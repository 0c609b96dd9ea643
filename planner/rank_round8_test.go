package planner

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
)

// round8Fixture holds siblings a task's grammar tells apart: a tool that
// starts a thing and one that lists the running ones, a browser's tab tool
// beside its key-press tool, a block's read and update tools (the update
// one takes the archived flag).
func round8Fixture() []Tool {
	return []Tool{
		{Backend: "shell", Name: "start_process", Description: "Start a new process in the background.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}`)},
		{Backend: "shell", Name: "list_processes", Description: "List active processes.",
			Annotations: &Annotations{ReadOnlyHint: boolp(true)}},
		{Backend: "browser", Name: "browser_tabs", Description: "List, create, close, or select a browser tab.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"action":{"type":"string","enum":["list","new","close","select"]}},"required":["action"]}`)},
		{Backend: "browser", Name: "browser_press_key", Description: "Press a key on the keyboard",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"key":{"type":"string","description":"Name of the key to press or a character to generate, such as ArrowLeft or a"}},"required":["key"]}`)},
		{Backend: "browser", Name: "browser_find", Description: "Find text on the page that matches a phrase or a related paper title."},
		{Backend: "notes", Name: "retrieve_block", Description: "Retrieve a block.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"block_id":{"type":"string"}},"required":["block_id"]}`)},
		{Backend: "notes", Name: "update_block", Description: "Update a block.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"block_id":{"type":"string"},"archived":{"type":"boolean","description":"Set to true to archive (delete) a block. Set to false to un-archive (restore) a block."}},"required":["block_id"]}`)},
		{Backend: "notes", Name: "delete_block", Description: "Delete a block.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"block_id":{"type":"string"}},"required":["block_id"]}`)},
	}
}

func top(t *testing.T, ix *Index, query string) string {
	t.Helper()
	res := ix.Search(query, nil, 3)
	if len(res) == 0 {
		return ""
	}
	return res[0].Tool.Name
}

// TestStateParticiple: "running" after a copula (and an adverb) is the
// state of being in operation, not the verb run, so it does not expand to
// the verb's synonyms (start, execute): the listing of what runs ranks
// before the tool that starts something.
func TestStateParticiple(t *testing.T) {
	q := parseQuery("which processes are still running?")
	state := false
	for _, w := range q.words {
		if w.term == stem("running") {
			state = w.state
		}
	}
	if !state {
		t.Errorf("parseQuery: %q's %q is not read as a state", "which processes are still running?", "running")
	}
	ix := NewIndex(round8Fixture())
	for _, query := range []string{"which processes are still running?", "what processes are running"} {
		if got := top(t, ix, query); got != "list_processes" {
			t.Errorf("%q: top %s, want list_processes", query, got)
		}
	}
	// The verb keeps its synonyms; the state has none of the verb's.
	if got := top(t, ix, "run the command make build"); got != "start_process" {
		t.Errorf("run the command: top %s, want start_process", got)
	}
	ix = NewIndex(append(round8Fixture(), Tool{Backend: "db", Name: "execute_query", Description: "Execute a query."}, Tool{Backend: "ci", Name: "list_jobs", Description: "List jobs."}))
	for _, r := range ix.Search("which jobs are running", nil, 5) {
		if r.Tool.Name == "execute_query" {
			t.Errorf("which jobs are running: execute_query matched (score %.2f) through a synonym of the verb run", r.Score)
		}
	}
}

// TestKeyNames: a keyboard key's name after a verb of pressing, or written
// capitalized as keys are named, is the key to press: the request is a key
// press ("press Tab" is not about browser tabs), and the required key
// parameter takes it.
func TestKeyNames(t *testing.T) {
	ix := NewIndex(round8Fixture())
	for _, query := range []string{"press Tab", "hit Escape", "then Enter", "press Space twice"} {
		if got := top(t, ix, query); got != "browser_press_key" {
			t.Errorf("%q: top %s, want browser_press_key", query, got)
		}
	}
	// A tab named as a tab stays one.
	if got := top(t, ix, "close the second tab"); got != "browser_tabs" {
		t.Errorf("close the second tab: top %s, want browser_tabs", got)
	}
	schema := `{"type":"object","properties":{"key":{"type":"string","description":"Name of the key to press or a character to generate, such as ArrowLeft or a"}},"required":["key"]}`
	checkArgs(t, schema, []argCase{
		{"press Tab", `{"key":"Tab"}`},
		{"hit Escape.", `{"key":"Escape"}`},
		{"press enter in the page", `{"key":"Enter"}`}, // as browsers spell it (keyOf)
		{"press ctrl+shift+p", `{"key":"Control+Shift+p"}`},
	})
}

// TestReversedPrefix: "un-" on a verb the catalog knows names the
// operation undoing it, done by the tool that sets the state back, whose
// flag named for the state is then false; an English word in un- is left
// alone.
func TestReversedPrefix(t *testing.T) {
	ix := NewIndex(round8Fixture())
	if got := top(t, ix, "unarchive block b-41d2"); got != "update_block" {
		t.Errorf("unarchive block: top %s, want update_block", got)
	}
	if _, ok := ix.reversed("unarchive"); !ok {
		t.Error(`reversed("unarchive") found nothing`)
	}
	for _, w := range []string{"unknown", "until", "unarchiv3", "unx"} {
		if _, ok := ix.reversed(w); ok {
			t.Errorf("reversed(%q) found an operation", w)
		}
	}
	schema := `{"type":"object","properties":{"block_id":{"type":"string"},"archived":{"type":"boolean"}},"required":["block_id"]}`
	checkArgs(t, schema, []argCase{
		{"unarchive block 41d2c7aa", `{"archived":false,"block_id":"41d2c7aa"}`},
		{"archive block 41d2c7aa", `{"archived":true,"block_id":"41d2c7aa"}`},
	})
}

// TestReversedNotNamedFor: the tool named for the operation a request
// undoes (pause_project for "unpause") does the opposite of what is asked:
// it is never planned (the task is refused with the candidates when no
// tool states the undoing), and the operation asked without the prefix
// keeps its tool.
func TestReversedNotNamedFor(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	for _, q := range []string{
		"unpause supabase project abcdefghijklmnop so we can use it again",
		"please unpause the supabase project abcdefghijklmnop",
	} {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.Tool == "pause_project" {
			t.Errorf("%q: planned %s__%s, the opposite operation", q, p.BackendID, p.Tool)
		}
		if p.BackendID == "" && !slices.ContainsFunc(p.Candidates, func(c Candidate) bool { return c.Tool == "restore_project" }) {
			t.Errorf("%q: refused without restore_project among %v", q, p.Candidates)
		}
	}
	wantTools(t, cat, map[string]string{
		"pause supabase project abcdefghijklmnop for the weekend": "pause_project",
	})
}

// TestPluralObjectLists: a verb of reading whose object is a plural noun
// phrase without a value asks for a listing (the list tool, not the one
// that gets one by its id); an id, or a plural WordNet lists as a word of
// its own ("contents", "details"), does not.
func TestPluralObjectLists(t *testing.T) {
	for _, c := range []struct {
		query   string
		listing bool
	}{
		{"show the supabase projects", true},
		{"get all open pull requests in acme/web", true},
		{"display monitors", true},
		{"show project p-123", false},
		{"show projects 12 and 13", false},
		{"show me the contents of /var/log/app.log", false},
		{"show the details of project abc", false},
		{"create two projects", false},
		{"which projects are there", false}, // a question: "which" hints a list itself
	} {
		if got := parseQuery(c.query).listing; got != c.listing {
			t.Errorf("%q: listing %v, want %v", c.query, got, c.listing)
		}
	}
	ix := NewIndex(append(rankFixture(), []Tool{
		{Backend: "cloud", Name: "get_project", Description: "Gets details for a project.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)},
		{Backend: "cloud", Name: "list_projects", Description: "Lists all projects."},
		{Backend: "cloud", Name: "get_function", Description: "Gets a function of a project.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"project_id":{"type":"string"},"name":{"type":"string"}},"required":["project_id","name"]}`)},
		{Backend: "cloud", Name: "list_functions", Description: "Lists the functions of a project."},
	}...))
	for _, c := range []struct{ query, want string }{
		{"show cloud projects", "list_projects"},
		{"show the functions", "list_functions"},
		{"show project p-123", "get_project"},
	} {
		if got := top(t, ix, c.query); got != c.want {
			t.Errorf("%q: top %s, want %s", c.query, got, c.want)
		}
	}
}

// TestOpenExisting: "open" with a thing that exists (a definite article,
// or a noun and its id) is looking at it, not making one nor the state
// "open" a listing filters by; "open a PR" still makes one.
func TestOpenExisting(t *testing.T) {
	for _, c := range []struct {
		query, verb string
		readOnly    bool
	}{
		{"open PR 12 in acme/web", "show", true},
		{"open issue #5", "show", true},
		{"open the page p-1", "show", true},
		{"open a PR from dev to main", "open", false},
		{"open an issue titled 'x'", "open", false},
	} {
		q := parseQuery(c.query)
		if q.verb != c.verb || q.readOnly != c.readOnly {
			t.Errorf("%q: verb %q readOnly %v, want %q %v", c.query, q.verb, q.readOnly, c.verb, c.readOnly)
		}
	}
	ix := NewIndex(append(rankFixture(), Tool{Backend: "github", Name: "get_issue", Description: "Get details of a specific issue in a GitHub repository.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"issue_number":{"type":"number"}},"required":["owner","repo","issue_number"]}`),
		Annotations: &Annotations{ReadOnlyHint: boolp(true)}}))
	if got := top(t, ix, "open issue 5 in acme/web"); got != "get_issue" {
		t.Errorf("open issue 5 in acme/web: top %s, want get_issue", got)
	}
	if got := top(t, ix, "open an issue in acme/web titled 'crash'"); got != "create_issue" {
		t.Errorf("open an issue: top %s, want create_issue", got)
	}
}

// TestAttributiveParticiple: a participle between a determiner and its
// noun is the thing's state; when it is a verb that names tools'
// operations ("paused" of pause_project) it does not select that
// operation, nor set the request's intent ("the deleted file" asks for no
// deletion).
func TestAttributiveParticiple(t *testing.T) {
	ix := NewIndex(append(rankFixture(),
		Tool{Backend: "cloud", Name: "pause_project", Description: "Pauses a project."},
		Tool{Backend: "cloud", Name: "restore_project", Description: "Restores a project."}))
	if got := top(t, ix, "restore the paused cloud project abc"); got != "restore_project" {
		t.Errorf("restore the paused project: top %s, want restore_project", got)
	}
	if q := parseQuery("show the deleted pages"); q.destructive || !q.readOnly {
		t.Errorf("show the deleted pages: destructive %v readOnly %v, want false true", q.destructive, q.readOnly)
	}
	if q := parseQuery("delete the pages"); !q.destructive {
		t.Error("delete the pages: not destructive")
	}
	// Not before a preposition: "the data deleted in March" is no case,
	// nor a participle at the end.
	for _, c := range []string{"list what was deleted", "restore the deleted"} {
		fs := fields(c)
		for i := 1; i < len(fs); i++ {
			if attributive(fs, i, strings.ToLower(fs[i-1].text)) {
				t.Errorf("%q: %q read as attributive", c, fs[i].text)
			}
		}
	}
}

// TestUndoneOperationWayBack: "unpause the project" undoes pause_project;
// the way back is the server's other tool that changes a project, makes
// none and reads none (restore_project), over the real catalog.
func TestUndoneOperationWayBack(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"unpause the supabase project abcdefghijklmnopqrst": "restore_project",
	})
}

// TestPostnominalParticiple: a participle after a plural noun that opens
// a phrase of place, time or agent ("the messages posted in channel C04")
// says which things are meant, as the attributive participle does; it
// selects no operation. The request's verb does.
func TestPostnominalParticiple(t *testing.T) {
	ix := NewIndex(append(rankFixture(),
		Tool{Backend: "cloud", Name: "deploy_function", Description: "Deploys a function to a project."},
		Tool{Backend: "cloud", Name: "list_functions", Description: "Lists the functions of a project."}))
	if got := top(t, ix, "list the cloud functions deployed in project abc"); got != "list_functions" {
		t.Errorf("list the functions deployed in project abc: top %s, want list_functions", got)
	}
	if got := top(t, ix, "deploy the cloud function in project abc"); got != "deploy_function" {
		t.Errorf("deploy the function: top %s, want deploy_function", got)
	}
	cases := []struct {
		q    string
		want bool
	}{
		{"list the messages posted in channel C04", true},
		{"list the branches merged into main", true},
		{"count orders grouped by status", false},       // no verb that leads tool names
		{"list the posted messages", false},             // attributive, not postnominal
		{"list the messages posted", false},             // no phrase after it
		{"list the message posted in channel C", false}, // a singular noun may be the subject of a finite verb
	}
	for _, c := range cases {
		fs := fields(c.q)
		got := false
		for i := 1; i < len(fs); i++ {
			got = got || postnominal(fs, i, strings.ToLower(fs[i-1].text))
		}
		if got != c.want {
			t.Errorf("%q: postnominal %v, want %v", c.q, got, c.want)
		}
	}
}

// TestRepoReference: an owner/repo reference is a value of the kind a
// code host's tools take (owner and repo parameters), evidence for them
// when the task names no product, as a path is for file tools; two
// catalog words joined by a slash ("read/write") are no reference.
func TestRepoReference(t *testing.T) {
	if q := parseQuery("close issue 3 in octo-org/billing"); !q.hasRef {
		t.Error("octo-org/billing: no reference")
	}
	if q := parseQuery("trigger the pipeline gh/acme/web"); q.hasRef {
		t.Error("gh/acme/web (a three-part slug): read as owner/repo")
	}
	if q := parseQuery("list open issues in zorp/blat"); len(q.slashPairs) != 1 {
		t.Errorf("zorp/blat: slash pairs %v", q.slashPairs)
	}
	ix := NewIndex(rankFixture())
	for d, tool := range ix.tools {
		if want := tool.Backend == "github"; (ix.docHint[d]&hintRepo != 0) != want {
			t.Errorf("%s: takes a repository %v, want %v", tool.QualifiedName(), !want, want)
		}
	}
	// Over the real catalog: the issues of an owner/repo are GitHub's,
	// not Sentry's search_issues.
	if _, err := os.Stat(evalDir); err == nil {
		cat := NewCatalog(loadEvalTools(t, false))
		got := ""
		if res := cat.Search("how many open issues does acme/web have", nil, 1); len(res) > 0 {
			got = res[0].Tool.QualifiedName()
		}
		if got != "github__list_issues" {
			t.Errorf("how many open issues does acme/web have: top %s, want github__list_issues", got)
		}
	}
}

// TestAspectAdverbs: "still", "already", "yet", "currently" say when, not
// what: a tool whose description happens to use one ("will still be
// available") gains nothing from it.
func TestAspectAdverbs(t *testing.T) {
	for _, w := range []string{"still", "already", "yet", "currently"} {
		if !stopWords[w] {
			t.Errorf("%q is not a function word", w)
		}
	}
	if _, err := os.Stat(evalDir); err != nil {
		return
	}
	// Over the real catalog, where stop_search says "will still be
	// available".
	cat := NewCatalog(loadEvalTools(t, false))
	got := ""
	if res := cat.Search("what searches are still in progress", nil, 1); len(res) > 0 {
		got = res[0].Tool.QualifiedName()
	}
	if got != "desktop-commander__list_searches" {
		t.Errorf("what searches are still in progress: top %s, want desktop-commander__list_searches", got)
	}
}

// TestNumericObject: numbers as the only object of the verb fix its
// arithmetic sense ("add 3 and 4" is a sum, computed, not written): the
// verb's WordNet synonyms weigh as curated ones and the intent is to read.
func TestNumericObject(t *testing.T) {
	for _, c := range []struct {
		query   string
		numeric bool
	}{
		{"add 17.5 and 24.25", true},
		{"add 3 and 4 using the test server", true},
		{"multiply 6 by 7", true},
		{"add 3 labels to issue 4", false},
		{"add 12", false},
		{"add a comment to issue 5", false},
	} {
		q := parseQuery(c.query)
		if q.numericObject != c.numeric || c.numeric && (q.write || !q.readOnly) {
			t.Errorf("%q: numeric object %v (write %v), want %v", c.query, q.numericObject, q.write, c.numeric)
		}
	}
	if _, err := os.Stat(evalDir); err != nil {
		return
	}
	cat := NewCatalog(loadEvalTools(t, false))
	got := ""
	if res := cat.Search("add 6.5 and 120", nil, 1); len(res) > 0 {
		got = res[0].Tool.QualifiedName()
	}
	if got != "everything__get-sum" {
		t.Errorf("add 6.5 and 120: top %s, want everything__get-sum", got)
	}
}

// TestQualifiedReference: "app.users", a database and its collection, is a
// value of the kind the tools that take a collection take, evidence for
// them when no product is named (as an owner/repo reference is for a code
// host's tools); a file name ("app.config.ts") is none.
func TestQualifiedReference(t *testing.T) {
	if !parseQuery("find rows in app.users").hasQualified {
		t.Error("app.users: no qualified name")
	}
	if parseQuery("open app.config.ts").hasQualified {
		t.Error("app.config.ts: read as database.collection")
	}
	tools := append(rankFixture(),
		Tool{Backend: "sheets", Name: "find_rows", Description: "Find rows.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"table":{"type":"string"}}}`)},
		Tool{Backend: "docdb", Name: "find_rows", Description: "Find rows.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"collection":{"type":"string"}}}`)})
	ix := NewIndex(tools)
	res := ix.Search("find rows in app.users", nil, 2)
	if len(res) == 0 || res[0].Tool.Backend != "docdb" {
		t.Error("find rows in app.users: want docdb's find_rows first")
	}
	if res := ix.Search("find rows in sheets app.users", nil, 1); len(res) == 0 || res[0].Tool.Backend != "sheets" {
		t.Errorf("find rows in sheets app.users: want the named product's tool")
	}
}

// TestPrepositions: English's prepositions are function words: "inside"
// in a question about a directory matches no tool whose description says
// it runs code "inside the page".
func TestPrepositions(t *testing.T) {
	for _, w := range []string{"inside", "above", "across", "around", "toward"} {
		if !stopWords[w] {
			t.Errorf("%q is not a function word", w)
		}
	}
	cat := NewCatalog(loadEvalTools(t, false))
	q := "what's inside /opt/site/templates?"
	for _, r := range cat.Search(q, nil, 5) {
		if r.Tool.Name == "evaluate_script" {
			t.Errorf("%q: evaluate_script among the top 5", q)
		}
	}
}
