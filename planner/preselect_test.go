package planner

import (
	"encoding/json"
	"fmt"
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
	})
	for _, c := range []struct{ query, want string }{
		{"lsit widgets", "w__list_widgets"},           // swapped neighbours
		{"dlete the widgets", "w__delete_widgets"},    // deletion
		{"archivve widgets", "w__archive_widgets"},    // insertion
		{"a scrennshot please", "w__take_screenshot"}, // substitution
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
		if got := nameHints(c.name, c.backend); got != c.want {
			t.Errorf("nameHints(%q, %q) = %b, want %b", c.name, c.backend, got, c.want)
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
	dir, servers := serverDirectory(cat, []*Tool{&cat.Tools[0]}, 4)
	if !strings.Contains(dir, "- a (1 of 2 tools): two") || !strings.Contains(dir, "- b (1 of 1 tools): three") || len(servers) != 2 {
		t.Errorf("directory %q, servers %v", dir, servers)
	}
	if short, _ := serverDirectory(cat, nil, 0); strings.Contains(short, "three") {
		t.Errorf("directory without names lists %q", short)
	}
	if dir, _ := serverDirectory(cat, []*Tool{&cat.Tools[0], &cat.Tools[1], &cat.Tools[2]}, 4); dir != "" {
		t.Errorf("every tool sent, directory %q", dir)
	}
	// Every left-out name when asked for all of them; a few and "…"
	// otherwise; fitDirectory takes the longest form that fits its room.
	six := NewCatalog([]Tool{
		{Backend: "m", Name: "t1"}, {Backend: "m", Name: "t2"}, {Backend: "m", Name: "t3"},
		{Backend: "m", Name: "t4"}, {Backend: "m", Name: "t5"}, {Backend: "m", Name: "get-sum"},
	})
	all, _ := serverDirectory(six, []*Tool{&six.Tools[0]}, allDirectoryNames)
	if !strings.Contains(all, "- m (5 of 6 tools): t2, t3, t4, t5, get-sum") || strings.Contains(all, "…") {
		t.Errorf("directory with every name: %q", all)
	}
	few, _ := serverDirectory(six, []*Tool{&six.Tools[0]}, maxDirectoryNames)
	if strings.Contains(few, "get-sum") || !strings.Contains(few, "t5, …") {
		t.Errorf("directory with %d names: %q", maxDirectoryNames, few)
	}
	size := func(dir string, _ []string) int { return len(dir) }
	if got, _, _ := fitDirectory(six, []*Tool{&six.Tools[0]}, -1, size); got != all {
		t.Errorf("uncapped directory %q, want every name", got)
	}
	if got, _, _ := fitDirectory(six, []*Tool{&six.Tools[0]}, len(all)-1, size); got != few {
		t.Errorf("directory one byte short of every name: %q, want %q", got, few)
	}
	shadow := NewCatalog([]Tool{{Backend: "agentify", Name: "server_tools"}, {Backend: "b", Name: "x"}})
	if dir, _ := serverDirectory(shadow, nil, 4); dir != "" {
		t.Errorf("directory offered although a backend tool is named %s", serverToolsFunction)
	}
}
