package planner

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
)

func TestFitSlots(t *testing.T) {
	tool := func(schema string) *Tool {
		return &Tool{Backend: "b", Name: "t", InputSchema: json.RawMessage(schema)}
	}
	ownerRepoTitle := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"}},"required":["owner","repo","title"]}`
	titleTeam := `{"type":"object","properties":{"title":{"type":"string"},"teamId":{"type":"string"}},"required":["title","teamId"]}`
	for _, c := range []struct {
		name, query, schema string
		want                slotFit
	}{
		{"owner/repo and a title fill every required parameter and take both values",
			"open an issue in octo/widgets titled 'Crash on startup'", ownerRepoTitle,
			slotFit{reqFilled: 3, reqTotal: 3, claimed: 2, values: 2}},
		{"a tool of another product takes the title but not the repository",
			"open an issue in octo/widgets titled 'Crash on startup'", titleTeam,
			slotFit{reqFilled: 1, reqTotal: 2, claimed: 1, values: 2}},
		{"a URL no parameter takes",
			"summarize https://example.org/post", `{"type":"object","properties":{"owner":{"type":"string"}}}`,
			slotFit{reqFilled: 0, reqTotal: 0, claimed: 0, values: 1}},
		{"a URL the url parameter takes",
			"summarize https://example.org/post", `{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]}`,
			slotFit{reqFilled: 1, reqTotal: 1, claimed: 1, values: 1}},
		{"a required parameter the task does not state",
			"which tabs are open", `{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]}`,
			slotFit{reqFilled: 0, reqTotal: 1, claimed: 0, values: 0}},
		{"a street address, one value, which an address parameter takes",
			"geocode 1600 Amphitheatre Parkway, Mountain View", `{"type":"object","properties":{"address":{"type":"string"}},"required":["address"]}`,
			slotFit{reqFilled: 1, reqTotal: 1, claimed: 1, values: 1}},
		{"a street address no parameter takes",
			"geocode 1600 Amphitheatre Parkway, Mountain View", `{"type":"object","properties":{"latitude":{"type":"number"},"longitude":{"type":"number"}},"required":["latitude","longitude"]}`,
			slotFit{reqFilled: 0, reqTotal: 2, claimed: 0, values: 1}},
		{"no parameters, no values",
			"which tabs are open", `{"type":"object"}`,
			slotFit{none: true}},
		{"no parameters for the values the task names",
			"get MOB-212 and MOB-215", `{"type":"object"}`,
			slotFit{values: 2, none: true}},
		{"an id in a key string, and the number inside it counted once",
			"whats the value of cache key user:9", `{"type":"object","properties":{"key":{"type":"string"}},"required":["key"]}`,
			slotFit{reqFilled: 1, reqTotal: 1, claimed: 1, values: 1}},
		{"db.collection as database and collection",
			"count the documents in shop.users", `{"type":"object","properties":{"database":{"type":"string"},"collection":{"type":"string"},"query":{"type":"object"}},"required":["database","collection"]}`,
			slotFit{reqFilled: 2, reqTotal: 2, claimed: 1, values: 1}},
		{"an optional object declared member by member counts by the members it requires once filled",
			"make a folder /home/dev/backups/2026",
			`{"type":"object","properties":{"params":{"type":"object","properties":{"orgId":{"type":"string"},"startDate":{"type":"string"},"outputDir":{"type":"string"}},"required":["orgId","outputDir"]}}}`,
			slotFit{reqFilled: 1, reqTotal: 2, claimed: 1, values: 1}},
		{"the whole task given to a search parameter takes no value",
			"search for 42 things", `{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`,
			slotFit{reqFilled: 1, reqTotal: 1, claimed: 0, values: 1}},
		{"an integer the extractor fills (a radius) claims its number, as a float does",
			"cafes within 500 m of 40.7411,-73.9897", `{"type":"object","properties":{"location":{"type":"object","properties":{"latitude":{"type":"number"},"longitude":{"type":"number"}}},"radius":{"type":"integer","description":"Search radius in meters"}}}`,
			slotFit{reqFilled: 0, reqTotal: 0, claimed: 2, values: 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			v := extractValues(c.query, "")
			vals := stateValues(&v)
			tl := tool(c.schema)
			tl.Name = "search_things" // read-only by name: the search parameter takes the task
			if got := fitSlots(tl, toolProps(tl.InputSchema), &v, vals, nil, false); !reflect.DeepEqual(got, c.want) {
				t.Errorf("fitSlots(%q) = %+v, want %+v", c.query, got, c.want)
			}
		})
	}
}

func TestSlotFitScore(t *testing.T) {
	for _, c := range []struct {
		f    slotFit
		want float64
	}{
		{slotFit{}, 1},
		{slotFit{reqFilled: 3, reqTotal: 3, claimed: 2, values: 2}, 1},
		{slotFit{reqFilled: 1, reqTotal: 2, claimed: 1, values: 2}, 0.5},
		{slotFit{reqTotal: 1}, 0.5},
		{slotFit{values: 1}, 0.5},
		{slotFit{reqTotal: 2, values: 3}, 0},
		{slotFit{values: 2, none: true}, 0}, // a tool that takes nothing, told two things
		{slotFit{none: true}, 1},            // nor told any
	} {
		if got := c.f.score(); got != c.want {
			t.Errorf("%+v.score() = %v, want %v", c.f, got, c.want)
		}
	}
}

func TestContainsNumber(t *testing.T) {
	for _, c := range []struct {
		s, n string
		ok   bool
	}{
		{"user:9", "9", true},
		{"user:91", "9", false},
		{"issues/101/comments", "101", true},
		{"1010", "101", false},
		{"a101", "101", true},
	} {
		if got := containsNumber(c.s, c.n); got != c.ok {
			t.Errorf("containsNumber(%q, %q) = %v, want %v", c.s, c.n, got, c.ok)
		}
	}
}

// rerankFixture has two trackers' issue tools that match "open an issue"
// about equally well by their words; the first matches a little better,
// but only the second takes the repository the task names.
func rerankFixture() []Tool {
	return []Tool{
		{Backend: "tracker", Name: "create_issue", Description: "Create a new issue. Opens an issue in the tracker's team.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"title":{"type":"string"},"teamId":{"type":"string","description":"The team"}},"required":["title","teamId"]}`)},
		{Backend: "hub", Name: "create_issue", Description: "Create a new issue in a repository.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"}},"required":["owner","repo","title"]}`)},
		{Backend: "hub", Name: "list_issues", Description: "List issues in a repository.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"}},"required":["owner","repo"]}`)},
		{Backend: "browser", Name: "new_page", Description: "Open a new tab and load a URL.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]}`)},
		{Backend: "browser", Name: "list_pages", Description: "List the open tabs."},
	}
}

// withRerank runs f with the re-ranking weight set to w.
func withRerank(t *testing.T, w float64, f func()) {
	t.Helper()
	old := rerankWeight
	rerankWeight = w
	defer func() { rerankWeight = old }()
	f()
}

func TestSearchRerankBySlots(t *testing.T) {
	cat := NewCatalog(rerankFixture())
	const q = "open an issue in octo/widgets titled 'Crash on startup'"
	var before, after []Scored
	withRerank(t, 0, func() { before = cat.Search(q, nil, 5) })
	after = cat.Search(q, nil, 5)
	if len(before) < 2 || before[0].Tool.QualifiedName() != "tracker__create_issue" {
		t.Fatalf("fixture: without re-ranking the tracker's tool should lead by its words, got %v", names(before))
	}
	if got := after[0].Tool.QualifiedName(); got != "hub__create_issue" {
		t.Errorf("re-ranked best = %s, want hub__create_issue (it takes octo/widgets): %v", got, names(after))
	}
	for i := 1; i < len(after); i++ {
		if after[i].Score > after[i-1].Score {
			t.Errorf("scores out of order after re-ranking: %v", after)
		}
	}
	// A limit below the re-ranked head still gets the re-ranked best.
	if one := cat.Search(q, nil, 1); len(one) != 1 || one[0].Tool.QualifiedName() != "hub__create_issue" {
		t.Errorf("Search(limit 1) = %v, want hub__create_issue", names(one))
	}
	// The offline planner plans it, with the repository filled.
	p, err := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
	if err != nil {
		t.Fatal(err)
	}
	if p.BackendID != "hub" || p.Tool != "create_issue" || !argsMatch(json.RawMessage(`{"owner":"octo","repo":"widgets","title":"Crash on startup"}`), p.Arguments) {
		t.Errorf("plan = %s__%s %s, want hub__create_issue with octo/widgets", p.BackendID, p.Tool, p.Arguments)
	}
}

func TestSearchRerankKeepsClearWinner(t *testing.T) {
	// "open a new tab" names new_page's words far better than list_pages'
	// (a gap larger than the re-ranking weight): the missing URL does not
	// hand the task to a tool that does not open anything.
	cat := NewCatalog(rerankFixture())
	res := cat.Search("open a new tab and load a URL", nil, 5)
	if len(res) == 0 || res[0].Tool.QualifiedName() != "browser__new_page" {
		t.Errorf("best = %v, want browser__new_page first", names(res))
	}
}

func names(res []Scored) []string {
	out := make([]string, len(res))
	for i, r := range res {
		out[i] = r.Tool.QualifiedName()
	}
	return out
}

func TestNamesListAnchoredByCalled(t *testing.T) {
	props := toolProps(json.RawMessage(`{"type":"object","properties":{"entityNames":{"type":"array","items":{"type":"string"}}},"required":["entityNames"]}`))
	q := "forget the entity called ProjectX"
	args, missing := fillArgs(props, extractValues(q, ""), q, nil, false)
	if !argsMatch(json.RawMessage(`{"entityNames":["ProjectX"]}`), argsJSON(t, args)) || len(missing) > 0 {
		t.Errorf("fillArgs(%q) = %v, missing %v; want entityNames [ProjectX]", q, args, missing)
	}
}

func argsJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// FuzzSearchRerank runs any task through the ranker and its re-ranking:
// it must not panic, must keep the limit and must return scores in order.
func FuzzSearchRerank(f *testing.F) {
	for _, s := range []string{
		"open an issue in octo/widgets titled 'Crash on startup'",
		"what address is at 48.8584, 2.2945",
		"read /etc/hosts and https://x.org/a?b=1 for a@b.io, ENG-101 user:9 shop.users 12",
		`{"a": [1, 2]} key=value "quoted"`,
	} {
		f.Add(s, 3)
	}
	cat := NewCatalog(append(rerankFixture(), rankFixture()...))
	f.Fuzz(func(t *testing.T, q string, limit int) {
		limit %= 12
		res := cat.Search(q, &TaskContext{CurrentWorkingDirectory: "/w"}, limit)
		if limit > 0 && len(res) > limit {
			t.Fatalf("Search(%q, %d) returned %d results", q, limit, len(res))
		}
		for i := 1; i < len(res); i++ {
			if res[i].Score > res[i-1].Score {
				t.Fatalf("Search(%q): scores out of order: %v", q, names(res))
			}
		}
	})
}

// TestPluralNotOneByID: a task that names the plural of the thing a tool
// takes one of by a required id it does not give ("the properties of page
// X" for Notion's retrieve-a-page-property and its property_id) fits that
// tool no better than one whose required values it gives none of; naming
// one ("the title property") fills the id and fits.
func TestPluralNotOneByID(t *testing.T) {
	wantFirst(t, map[string]string{
		"get the properties of notion page c0ffee12-3456-4789-abcd-ef0123456789":     "notion__API-retrieve-a-page",
		"get the title property of notion page c0ffee12-3456-4789-abcd-ef0123456789": "notion__API-retrieve-a-page-property",
	})
}

// wantFirst checks the tool each task ranks first over the real tools of
// the shared evaluation catalog.
func wantFirst(t *testing.T, cases map[string]string) {
	t.Helper()
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	for q, want := range cases {
		if res := cat.Search(q, nil, 2); len(res) == 0 || res[0].Tool.QualifiedName() != want {
			t.Errorf("%q: got %v, want %s first", q, names(res), want)
		}
	}
}

// TestOneItemForTheOneThingTool: one file, with its path and content, goes
// to the server's tool for one file, not to its tool for a list of files;
// two files go to the list's tool.
func TestOneItemForTheOneThingTool(t *testing.T) {
	wantFirst(t, map[string]string{
		"On GitHub, commit docs/CHANGELOG.md to acme-corp/infra on branch release/2.3 with the content '## 2.3.0' and commit message 'changelog for 2.3'": "github__create_or_update_file",
		"commit a README.md with the text '# tools' to the main branch of jdoe/tools on github, message 'add readme'":                                     "github__create_or_update_file",
		"push README.md and docs/setup.md to main of acme-corp/toolkit on GitHub as a single commit, message 'docs: add setup guide'":                     "github__push_files",
		"Please add .github/CODEOWNERS to acme-corp/web-app on main containing '* @acme-corp/platform', commit message 'add CODEOWNERS'.":                 "github__create_or_update_file",
		// Two fields named, one item read: no swap to the one-field tool.
		"on page 1 fill in the signup form all at once: email field and password field": "chrome-devtools__fill_form",
	})
}
