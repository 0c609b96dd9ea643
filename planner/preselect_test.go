package planner

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestTwoLevelCandidates: the ranker's best tools come first, then every
// tool of the best server, even those the ranker scored zero, before
// better-scored tools of other servers.
func TestTwoLevelCandidates(t *testing.T) {
	var tools []Tool
	for i := range 12 {
		tools = append(tools, Tool{Backend: "other", Name: fmt.Sprintf("create_record_%d", i), Description: "Create a record."})
	}
	tools = append(tools,
		Tool{Backend: "helpdesk", Name: "create_ticket", Description: "Create a ticket."},
		Tool{Backend: "helpdesk", Name: "close_ticket", Description: "Close a ticket."},
		Tool{Backend: "helpdesk", Name: "escalate", Description: "Page the on-call person."})
	cat := NewCatalog(tools)
	got, scores := selectCandidates(Task{Query: "create a ticket"}, cat, 0)
	if len(got) != len(tools) || len(scores) != len(got) {
		t.Fatalf("%d candidates, want all %d", len(got), len(tools))
	}
	if got[0].Name != "create_ticket" {
		t.Errorf("first candidate %s, want create_ticket", got[0].Name)
	}
	pos := map[string]int{}
	for i, c := range got {
		pos[c.Name] = i
	}
	if e := pos["escalate"]; e > preselectTopK+2 || scores[e] != 0 {
		t.Errorf("escalate (unscored, of the best server) at %d with score %v; want right after the top %d", e, scores[e], preselectTopK)
	}
	if pos["create_record_11"] < pos["escalate"] {
		t.Errorf("a lower-ranked tool of another server came before the best server's tools")
	}
}

// TestFitLevelsBudgetPerTool: a few huge definitions cannot spend the
// budget of the others; every candidate fits at some level, best first.
func TestFitLevelsBudgetPerTool(t *testing.T) {
	const n, budget = 40, 4000
	cost := func(i int, l defLevel) int {
		huge := i%3 == 0 // every third tool has a schema of thousands of tokens
		switch {
		case l == levelFull && huge:
			return 3000
		case l == levelFull:
			return 150
		case l == levelCompact && huge:
			return 900
		case l == levelCompact:
			return 60
		}
		return 30
	}
	levels, k := fitLevels(n, budget, cost)
	if k < 30 {
		t.Fatalf("%d of %d tools fit in %d tokens, want at least 30", k, n, budget)
	}
	used := 0
	for i, l := range levels {
		used += cost(i, l)
		if i%3 == 0 && l != levelMinimal {
			t.Errorf("tool %d with a huge schema sent at level %d, want minimal", i, l)
		}
	}
	if used > budget {
		t.Errorf("levels use %d tokens, over the budget %d", used, budget)
	}
	if levels[1] != levelFull {
		t.Errorf("second-best tool (small) at level %d, want whole", levels[1])
	}
	if all, k := fitLevels(n, 0, cost); k != n || all[0] != levelFull || all[n-1] != levelFull {
		t.Errorf("no budget: %d tools, levels %v; want all whole", k, all)
	}
}

func TestMinimalSchema(t *testing.T) {
	got := string(minimalSchema(json.RawMessage(`{"type":"object","properties":{"a":{"type":"string","description":"long text"},"b":{"type":["integer","null"],"enum":[1,2]}},"required":["a","zz"]}`)))
	want := `{"properties":{"a":{"type":"string"},"b":{"type":["integer","null"]}},"required":["a"],"type":"object"}`
	if got != want {
		t.Errorf("minimalSchema = %s, want %s", got, want)
	}
	if got := string(minimalSchema(json.RawMessage(`not json`))); got != `{"type":"object"}` {
		t.Errorf("broken schema: %s", got)
	}
}

// TestTypoCorrection: an unknown, non-English word one or two edits from
// a tool's word is read as that word; an English word is never corrected.
func TestTypoCorrection(t *testing.T) {
	// count_widgets comes first: without correction, every widget query
	// ties on "widgets" and it would win.
	cat := NewCatalog([]Tool{
		{Backend: "w", Name: "count_widgets", Description: "Count widgets."},
		{Backend: "w", Name: "delete_widgets", Description: "Delete widgets."},
		{Backend: "w", Name: "list_widgets", Description: "List widgets."},
		{Backend: "w", Name: "archive_widgets", Description: "Archive widgets."},
		{Backend: "w", Name: "take_screenshot", Description: "Take a screenshot."},
		{Backend: "w", Name: "list_invoices", Description: "List invoices."},
	})
	for _, c := range []struct{ query, want string }{
		{"lsit widgets", "w__list_widgets"},           // swapped neighbours
		{"dlete the widgets", "w__delete_widgets"},    // deletion
		{"archivve widgets", "w__archive_widgets"},    // insertion
		{"a scrennshot please", "w__take_screenshot"}, // substitution
		{"list the invocies", "w__list_invoices"},     // a plural in -ies of a noun in -e, swapped neighbours
	} {
		res := cat.Search(c.query, nil, 1)
		if len(res) == 0 || res[0].Tool.QualifiedName() != c.want {
			t.Errorf("%q: got %v, want %s", c.query, res, c.want)
		}
	}
	ix := cat.Index()
	for _, w := range []string{"flight", "lighting", "crate", "great"} {
		if fixes := ix.typoFixes(w, stem(w)); fixes != nil {
			t.Errorf("English word %q corrected to %v", w, fixes)
		}
	}
	if !isEnglish("flights") || !isEnglish("booking") || isEnglish("lsit") || isEnglish("circelci") {
		t.Error("isEnglish disagrees with WordNet on flights/booking/lsit/circelci")
	}
	if !strings.Contains(englishTable, "Princeton University") {
		t.Error("wordnet_words.txt lacks the WordNet licence notice")
	}
	if !strings.Contains(nameTable, "Princeton University") {
		t.Error("wordnet_names.txt lacks the WordNet licence notice")
	}
	if !isNameWord("lisbon") || !isNameWord("monday") || isNameWord("zoom") || isNameWord("intercom") {
		t.Error("isNameWord disagrees with WordNet on lisbon/monday/zoom/intercom")
	}
}

func TestOSADistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"lsit", "list", 3, 1}, {"list", "list", 3, 0}, {"kitten", "sitting", 9, 3},
		{"kitten", "sitting", 2, 2}, {"ab", "", 5, 2},
	} {
		if got := osaDistance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("osaDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}

func TestNameHints(t *testing.T) {
	for _, c := range []struct {
		name, backend string
		want          uint8
	}{
		{"get_issue", "github", hintReadOnly},
		{"linear_search_issues", "linear", hintReadOnly},
		{"browser_click", "playwright", 0},
		{"delete-index", "mongodb", hintDestructive | hintWrite},
		{"createIndex", "mongodb", hintWrite},
		{"collection-indexes", "mongodb", 0},
		{"API-retrieve-a-page", "notion", hintReadOnly},
	} {
		if got := verbHints(nameVerb(c.name, c.backend, nil)); got != c.want {
			t.Errorf("verbHints of %q (%q) = %b, want %b", c.name, c.backend, got, c.want)
		}
	}
	// A read-only question prefers the reading tool when neither declares
	// annotations: "what indexes" lists, it does not create.
	cat := NewCatalog([]Tool{
		{Backend: "db", Name: "create_index", Description: "Create an index on a table."},
		{Backend: "db", Name: "table_indexes", Description: "Describe the indexes of a table."},
	})
	if res := cat.Search("what indexes does the users table have", nil, 1); len(res) == 0 || res[0].Tool.Name != "table_indexes" {
		t.Errorf("read question ranked %v first, want table_indexes", res)
	}
}

// TestServerDirectory: the directory lists the servers with tools left out,
// shorter forms exist, and a backend tool with the directory's own name
// turns the directory off rather than shadowing it.
func TestServerDirectory(t *testing.T) {
	cat := NewCatalog([]Tool{
		{Backend: "a", Name: "one"}, {Backend: "a", Name: "two"},
		{Backend: "b", Name: "three"},
	})
	dir, servers := serverDirectory(cat, []*Tool{&cat.Tools[0]}, dirForm{names: true}, nil, nil)
	if !strings.Contains(dir, "- a (1): two") || !strings.Contains(dir, "- b (1): three") || len(servers) != 2 {
		t.Errorf("directory %q, servers %v", dir, servers)
	}
	if short, _ := serverDirectory(cat, nil, dirForm{}, nil, nil); strings.Contains(short, "three") {
		t.Errorf("directory without names lists %q", short)
	}
	if dir, _ := serverDirectory(cat, []*Tool{&cat.Tools[0], &cat.Tools[1], &cat.Tools[2]}, dirForm{names: true}, nil, nil); dir != "" {
		t.Errorf("every tool sent, directory %q", dir)
	}
	// Every left-out name first; then the server's summary, trimmed; then
	// bare server names; then only the most relevant servers.
	six := NewCatalog([]Tool{
		{Backend: "m", Name: "list_issues"}, {Backend: "m", Name: "get_issue"}, {Backend: "m", Name: "create_pull_request"},
		{Backend: "m", Name: "merge_pull_request"}, {Backend: "m", Name: "fork_repository"}, {Backend: "m", Name: "get-sum"},
		{Backend: "n", Name: "query_the_database_with_a_read_only_statement"},
	})
	sent := []*Tool{&six.Tools[0]}
	all, _ := serverDirectory(six, sent, dirForm{names: true}, nil, nil)
	if !strings.Contains(all, "- m (5): get_issue, create_pull_request, merge_pull_request, fork_repository, get-sum") {
		t.Errorf("directory with every name: %q", all)
	}
	sum, _ := serverDirectory(six, sent, dirForm{summary: summaryRunes[0]}, nil, nil)
	if !strings.Contains(sum, "- m (5) about issues, pull, request, repository, sum") || strings.Contains(sum, "get_issue") {
		t.Errorf("directory with summaries: %q", sum)
	}
	bare, _ := serverDirectory(six, sent, dirForm{}, nil, nil)
	if !strings.HasSuffix(bare, "- m (5)\n- n (1)") {
		t.Errorf("bare directory: %q", bare)
	}
	size := func(dir string, _ []string) int { return len(dir) }
	if got, _, _ := fitDirectory(six, sent, nil, -1, size, true); got != all {
		t.Errorf("uncapped directory %q, want every name", got)
	}
	mNamed, _ := serverDirectory(six, sent, dirForm{summary: summaryRunes[0]}, nil, map[string]bool{"m": true})
	if got, _, _ := fitDirectory(six, sent, nil, len(all)-1, size, true); got != mNamed {
		t.Errorf("directory one byte short of every name: %q, want %q", got, mNamed)
	}
	if got, _, _ := fitDirectory(six, sent, nil, len(sum), size, true); got != sum {
		t.Errorf("directory with room for summaries: %q, want %q", got, sum)
	}
	// Between every name and summaries only: every name for the most
	// relevant servers, summaries for the others.
	hybrid, _ := serverDirectory(six, sent, dirForm{summary: summaryRunes[0]}, nil, map[string]bool{"n": true})
	if !strings.Contains(hybrid, "- n (1): query_the_database") || !strings.Contains(hybrid, "- m (5) about") {
		t.Errorf("hybrid directory %q", hybrid)
	}
	if got, _, _ := fitDirectory(six, sent, []string{"n", "m"}, len(hybrid), size, true); got != hybrid {
		t.Errorf("directory with room for n's names: %q, want %q", got, hybrid)
	}
	if got, _, _ := fitDirectory(six, sent, []string{"n", "m"}, len(hybrid), size, false); got == hybrid || strings.Contains(got, "get_issue") {
		t.Errorf("directory without names: %q", got)
	}
	if got, _, _ := fitDirectory(six, sent, nil, len(bare), size, true); got != bare {
		t.Errorf("directory with room for the bare one: %q, want %q", got, bare)
	}
	got, srv, _ := fitDirectory(six, sent, []string{"n", "m"}, len(bare)-1, size, true)
	if !slices.Equal(srv, []string{"n"}) || strings.Contains(got, "- m") {
		t.Errorf("directory one byte short of the bare one: %q (%v), want only the most relevant server n", got, srv)
	}
	shadow := NewCatalog([]Tool{{Backend: "agentify", Name: "server_tools"}, {Backend: "b", Name: "x"}})
	if dir, _ := serverDirectory(shadow, nil, dirForm{names: true}, nil, nil); dir != "" {
		t.Errorf("directory offered although a backend tool is named %s", serverToolsFunction)
	}
}

// TestDirectoryReservedUnderCap: when the candidate tools alone would fill
// the prompt-token cap, the directory's room is reserved first, so every
// server whose tools were not all sent is still listed (OpenAI, JSON mode
// and sampling build their prompts the same way), the estimate keeps the
// cap, and a model that opens a server it has not seen gets its tools.
func TestDirectoryReservedUnderCap(t *testing.T) {
	const cap = 1500
	cat := bigCatalog(200)
	task := Task{Query: "archive the meeting transcript of the standup"}
	listsEvery := func(what, dir string) {
		t.Helper()
		for i := range 7 {
			if !strings.Contains(dir, fmt.Sprintf("- svc%d (", i)) {
				t.Errorf("%s: directory does not list svc%d:\n%s", what, i, dir)
			}
		}
	}

	req := NewOpenAI(OpenAIOptions{MaxTools: -1, MaxPromptTokens: cap}).buildRequest(task, cat)
	if req.estimate > cap || len(req.candidates) == 0 || req.candidates[0].Tool != "archive_transcript" {
		t.Errorf("openai: estimate %d (cap %d), %d candidates", req.estimate, cap, len(req.candidates))
	}
	listsEvery("openai", req.directory)

	jr := buildJSONRequest(task, cat, -1, cap, 1)
	if jr.estimate > cap || len(jr.servers) != 7 {
		t.Errorf("json: estimate %d (cap %d), directory servers %v", jr.estimate, cap, jr.servers)
	}
	listsEvery("json", jr.system)

	s := &fakeSampler{tools: true, script: []string{
		`{"role":"assistant","model":"m","stopReason":"toolUse","content":{"type":"tool_use","id":"tu_1","name":"agentify__server_tools","input":{"server":"svc3"}}}`,
		`{"role":"assistant","model":"m","stopReason":"toolUse","content":{"type":"tool_use","id":"tu_2","name":"svc3__operation_192","input":{"id":"r-1"}}}`,
	}}
	plan, err := NewSampling(s, SamplingOptions{MaxTools: -1, MaxPromptTokens: cap}).Plan(context.Background(), task, cat)
	if err != nil {
		t.Fatal(err)
	}
	first := s.params(t, 0).Tools
	if last := first[len(first)-1]; last.Name != serverToolsFunction {
		t.Errorf("sampling: last tool %s, want the directory", last.Name)
	} else {
		listsEvery("sampling", last.Description)
	}
	if slices.ContainsFunc(first, func(st samplingTool) bool { return st.Name == "svc3__operation_192" }) {
		t.Fatal("svc3__operation_192 was sent at once; the test needs a tool that is not")
	}
	if plan.BackendID != "svc3" || plan.Tool != "operation_192" {
		t.Errorf("sampling: plan %s__%s, want svc3__operation_192 after opening svc3", plan.BackendID, plan.Tool)
	}

	// OpenAI, end to end against the fake server under the same cap.
	f := newFakeOpenAI(t,
		callReply("c1", serverToolsFunction, `{"server":"svc3"}`),
		callReply("c2", "svc3__operation_192", `{"id":"r-1"}`))
	opts := f.options()
	opts.MaxTools, opts.MaxPromptTokens = -1, cap
	plan, err = NewOpenAI(opts).Plan(context.Background(), task, cat)
	if err != nil {
		t.Fatal(err)
	}
	if plan.BackendID != "svc3" || plan.Tool != "operation_192" {
		t.Errorf("openai: plan %s__%s, want svc3__operation_192 after opening svc3", plan.BackendID, plan.Tool)
	}
	if names := functionNamesOf(f.requests()[0]); slices.Contains(names, "svc3__operation_192") || !slices.Contains(names, serverToolsFunction) {
		t.Errorf("openai: first request's functions %v: want the directory and not svc3__operation_192", names)
	}
}

// TestDirectoryCostLengths: the lengths fitDirectory prices directories
// with are those of the encoded JSON.
func TestDirectoryCostLengths(t *testing.T) {
	for _, s := range []string{"", "plain", "a \"quoted\" \\ line\nnext\ttab\r", "<b>&amp;</b>", "é ü 日本", "\u2028\u2029", "bad \xff byte", "ctl \x01\x1f"} {
		if got, want := jsonStringLen(s), len(mustJSON(s)); got != want {
			t.Errorf("jsonStringLen(%q) = %d, want %d", s, got, want)
		}
	}
	for _, servers := range [][]string{nil, {"a"}, {"github", "google-maps", "x<y"}} {
		if got, want := serverToolsParamsLen(servers), len(serverToolsParams(servers)); got != want {
			t.Errorf("serverToolsParamsLen(%q) = %d, want %d", servers, got, want)
		}
	}
}
