package planner

import (
	"encoding/json"
	"slices"
	"testing"
)

func boolp(b bool) *bool { return &b }

// rankFixture is a small catalog with the traps the ranker must handle:
// the same tool names on several backends, names that share no word with
// the verbs people type, camelCase and kebab-case names.
func rankFixture() []Tool {
	return []Tool{
		{Backend: "filesystem", Name: "read_text_file", Description: "Read the complete contents of a file as text.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
			Annotations: &Annotations{ReadOnlyHint: boolp(true)}},
		{Backend: "filesystem", Name: "list_directory", Description: "Get a detailed listing of all files and directories in a specified path.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
			Annotations: &Annotations{ReadOnlyHint: boolp(true)}},
		{Backend: "filesystem", Name: "delete_file", Description: "Remove a file from the file system permanently.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`),
			Annotations: &Annotations{DestructiveHint: boolp(true)}},
		{Backend: "filesystem", Name: "move_file", Description: "Move or rename files and directories.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"source":{"type":"string"},"destination":{"type":"string"}},"required":["source","destination"]}`)},
		{Backend: "github", Name: "create_issue", Description: "Create a new issue in a GitHub repository.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"}},"required":["owner","repo","title"]}`)},
		{Backend: "github", Name: "create_pull_request", Description: "Create a new pull request in a GitHub repository.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"},"head":{"type":"string"},"base":{"type":"string"}},"required":["owner","repo","title","head","base"]}`)},
		{Backend: "github", Name: "list_issues", Description: "List issues in a GitHub repository with filtering options.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"state":{"type":"string","enum":["open","closed","all"]}},"required":["owner","repo"]}`)},
		{Backend: "gitlab", Name: "create_issue", Description: "Create a new issue in a GitLab project.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"project_id":{"type":"string"},"title":{"type":"string"}},"required":["project_id","title"]}`)},
		{Backend: "gitlab", Name: "create_merge_request", Description: "Create a new merge request in a GitLab project.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"project_id":{"type":"string"},"title":{"type":"string"}},"required":["project_id","title"]}`)},
		{Backend: "linear", Name: "linear_search_issues", Description: "Search issues in Linear.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}}}`)},
		{Backend: "linear-mirror", Name: "linear_searchIssues", Description: "Search Linear issues with filters.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}}}`)},
		{Backend: "tracker", Name: "getWorkflowStates", Description: "Returns the states available to tickets."},
		{Backend: "mongodb", Name: "list-collections", Description: "List all collections for a given database",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"database":{"type":"string"}},"required":["database"]}`),
			Annotations: &Annotations{ReadOnlyHint: boolp(true)}},
		{Backend: "mongodb", Name: "drop-collection", Description: "Removes a collection or view from the database.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"database":{"type":"string"},"collection":{"type":"string"}},"required":["database","collection"]}`),
			Annotations: &Annotations{DestructiveHint: boolp(true)}},
		{Backend: "sentry", Name: "whoami", Description: "Identify the authenticated user."},
		{Backend: "sentry", Name: "search_events", Description: "Search events and aggregate counts for a user's projects."},
		{Backend: "browser", Name: "navigate", Description: "Open a URL in the browser.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]}`)},
	}
}

func TestSearchRanking(t *testing.T) {
	ix := NewIndex(rankFixture())
	tests := []struct {
		name  string
		query string
		tctx  *TaskContext
		want  string // qualified name expected first
	}{
		{"verb shares no word with the name", "rm /tmp/old.log", nil, "filesystem__delete_file"},
		{"ls means list", "ls /srv/app", nil, "filesystem__list_directory"},
		{"cat means read", "cat /etc/hosts", nil, "filesystem__read_text_file"},
		{"rename means move", "rename /a/x.txt to /a/y.txt", nil, "filesystem__move_file"},
		{"PR means pull request", "open a PR from feature/x into main in acme/web", nil, "github__create_pull_request"},
		{"backend named in the query wins a cross-backend duplicate", "file a GitLab issue in platform/infra", nil, "gitlab__create_issue"},
		{"the other backend", "create a GitHub issue in acme/web", nil, "github__create_issue"},
		{"MR is a GitLab merge request", "open an MR in group/project", nil, "gitlab__create_merge_request"},
		{"exact backend name beats a longer one", "search Linear issues for login bugs", nil, "linear__linear_search_issues"},
		{"camelCase name", "get the workflow states", nil, "tracker__getWorkflowStates"},
		{"kebab-case name and product casing", "what collections are in the MongoDB database shop?", nil, "mongodb__list-collections"},
		{"destructive intent prefers destructive tools", "delete the collection shop.tmp", nil, "mongodb__drop-collection"},
		{"words of a compound name", "who am I in sentry?", nil, "sentry__whoami"},
		{"URL suggests URL tools", "go to https://example.com", nil, "browser__navigate"},
		{"active document suggests file tools", "show me the contents", &TaskContext{ActiveDocumentURI: "file:///w/main.go"}, "filesystem__read_text_file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ix.Search(tt.query, tt.tctx, 3)
			if len(res) == 0 {
				t.Fatalf("Search(%q) = nothing, want %s first", tt.query, tt.want)
			}
			if got := res[0].Tool.QualifiedName(); got != tt.want {
				var names []string
				for _, r := range res {
					names = append(names, r.Tool.QualifiedName())
				}
				t.Errorf("Search(%q) first = %s, want %s (top 3: %v)", tt.query, got, tt.want, names)
			}
		})
	}
}

func TestSearchContract(t *testing.T) {
	tools := rankFixture()
	ix := NewIndex(tools)

	t.Run("no match", func(t *testing.T) {
		if res := ix.Search("book a flight to Lisbon", nil, 5); len(res) != 0 {
			t.Errorf("got %d results for an unrelated query, want none; first %s", len(res), res[0].Tool.QualifiedName())
		}
		if res := ix.Search("", nil, 5); len(res) != 0 {
			t.Errorf("empty query: got %d results", len(res))
		}
	})
	t.Run("limit and order", func(t *testing.T) {
		all := ix.Search("create issue", nil, 0)
		if len(all) < 3 {
			t.Fatalf("limit 0 returned %d results", len(all))
		}
		for i := 1; i < len(all); i++ {
			if all[i].Score > all[i-1].Score {
				t.Fatalf("not sorted: %v before %v", all[i-1].Score, all[i].Score)
			}
			if all[i].Score <= 0 {
				t.Fatalf("limit 0 returned a non-positive score %v", all[i].Score)
			}
		}
		top2 := ix.Search("create issue", nil, 2)
		if len(top2) != 2 || top2[0].Tool != all[0].Tool || top2[1].Tool != all[1].Tool {
			t.Errorf("limit 2 differs from the head of the full ranking")
		}
		for _, r := range all {
			if r.Coverage < 0 || r.Coverage > 1 {
				t.Errorf("%s coverage %v out of [0,1]", r.Tool.QualifiedName(), r.Coverage)
			}
			if !pointsInto(tools, r.Tool) {
				t.Errorf("result does not point into the indexed slice")
			}
		}
	})
	t.Run("ties keep catalog order", func(t *testing.T) {
		dup := []Tool{
			{Backend: "a", Name: "echo", Description: "Echo the input."},
			{Backend: "b", Name: "echo", Description: "Echo the input."},
			{Backend: "c", Name: "echo", Description: "Echo the input."},
		}
		for range 3 {
			res := NewIndex(dup).Search("echo", nil, 0)
			var got []string
			for _, r := range res {
				got = append(got, r.Tool.Backend)
			}
			if !slices.Equal(got, []string{"a", "b", "c"}) {
				t.Fatalf("tie order = %v, want [a b c]", got)
			}
		}
	})
	t.Run("deterministic", func(t *testing.T) {
		a := ix.Search("list open issues in acme/web", nil, 0)
		b := NewIndex(rankFixture()).Search("list open issues in acme/web", nil, 0)
		if len(a) != len(b) {
			t.Fatalf("len %d vs %d", len(a), len(b))
		}
		for i := range a {
			if a[i].Tool.QualifiedName() != b[i].Tool.QualifiedName() || a[i].Score != b[i].Score {
				t.Fatalf("result %d differs: %s %v vs %s %v", i, a[i].Tool.QualifiedName(), a[i].Score, b[i].Tool.QualifiedName(), b[i].Score)
			}
		}
	})
	t.Run("empty index", func(t *testing.T) {
		if res := NewIndex(nil).Search("anything", nil, 5); res != nil {
			t.Errorf("empty index returned %v", res)
		}
	})
	t.Run("bad schema does not break indexing", func(t *testing.T) {
		ix := NewIndex([]Tool{{Backend: "x", Name: "weird_tool", InputSchema: json.RawMessage(`{"properties": 42`)}})
		if res := ix.Search("weird tool", nil, 1); len(res) != 1 {
			t.Errorf("got %d results", len(res))
		}
	})
}

func TestAnalyze(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"get_pull_request", []string{"get", "pull", "request"}},
		{"getPullRequest", []string{"get", "pull", "request", "getpullrequest"}},
		{"list-collections", []string{"list", "collection"}},
		{"HTTPServer", []string{"http", "server", "httpserver"}},
		{"Creates the issues", []string{"creat", "issu"}}, // "issue" too: only consistency matters
		{"created creating create", []string{"creat", "creat", "creat"}},
		{"directories directory", []string{"directory", "directory"}},
	}
	for _, tt := range tests {
		if got := analyzeAll(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("analyze(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSearchConcurrent(t *testing.T) {
	ix := NewIndex(rankFixture())
	want := ix.Search("delete a file", nil, 3)
	done := make(chan bool)
	for range 8 {
		go func() { // owned by this test; exits after its loop
			ok := true
			for range 200 {
				got := ix.Search("delete a file", nil, 3)
				if len(got) != len(want) || got[0].Tool != want[0].Tool || got[0].Score != want[0].Score {
					ok = false
				}
				ix.Search("list open issues", nil, 0)
			}
			done <- ok
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("concurrent searches disagree")
		}
	}
}

func pointsInto(tools []Tool, t *Tool) bool {
	for i := range tools {
		if &tools[i] == t {
			return true
		}
	}
	return false
}

// TestFetchIdioms: "pull up", "bring up" and "give me" ask to get
// something; their words ("pull", "give") do not reach the ranker, where
// they would match pull requests and feedback tools by name.
func TestFetchIdioms(t *testing.T) {
	for _, q := range []string{"pull up issue 12 on acme/api", "bring up the console messages", "give me the directions to Potsdam"} {
		terms := map[string]bool{}
		for _, w := range parseQuery(q).words {
			terms[w.term] = true
		}
		if !terms[normalizeWord("get")] || terms[normalizeWord("pull")] || terms[normalizeWord("give")] || terms[normalizeWord("bring")] {
			t.Errorf("%q: terms %v, want get and none of pull, give, bring", q, terms)
		}
	}
}

// TestHowMeasure: "how long", "how far", "how big" ask for the measure
// noun of the dimension, added as a hint; "long" elsewhere adds nothing.
func TestHowMeasure(t *testing.T) {
	has := func(q, n string) bool {
		return slices.ContainsFunc(parseQuery(q).words, func(w queryWord) bool { return w.term == stem(n) && w.weight == hintWeight })
	}
	if !has("how long does it take to drive from Berlin to Hamburg", "duration") || !has("how far is Potsdam from Berlin", "distance") || !has("how big is the analytics db", "size") {
		t.Error("how long/far/big: measure nouns missing")
	}
	// "how much", the quantifier of mass nouns, asks for a size.
	if !has("how much disk does the events collection take?", "size") || has("much of the text is quoted", "size") {
		t.Error("how much: size missing, or added without how")
	}
	if has("a long list of files", "duration") {
		t.Error("'a long list': duration added")
	}
	// WordNet's attributes: "high" is a value of "height" (and "level").
	if !has("how high above sea level is Denver", "height") {
		t.Error("how high: height missing")
	}
	// The adjective of the question is no word of the topic; elsewhere it is.
	weight := func(q, w string) float64 {
		for _, qw := range parseQuery(q).words {
			if qw.term == stem(w) {
				return qw.weight
			}
		}
		return 0
	}
	if got := weight("how long did the nightly build take", "long"); got != 0 {
		t.Errorf("how long: 'long' weighs %v, want it left out", got)
	}
	if got := weight("show the long running jobs", "long"); got != 1 {
		t.Errorf("long running jobs: 'long' weighs %v, want 1", got)
	}
	// Ranked: the question's "long" names no long-running operation, its
	// "big" asks for sizes.
	cat := NewCatalog(loadEvalTools(t, false))
	q := "how long by train from Leeds to York and to Hull?"
	if r := cat.Search(q, nil, 3); len(r) == 0 || r[0].Tool.Name == "trigger-long-running-operation" {
		t.Errorf("%q: top %v, a long-running operation", q, r)
	}
	q = "how big are the files in /opt/backups? biggest first"
	if r := cat.Search(q, nil, 3); len(r) == 0 || r[0].Tool.Name != "list_directory_with_sizes" {
		t.Errorf("%q: top %v, want list_directory_with_sizes", q, r)
	}
}

// TestNegationScope: what a task says not to do ("without deleting
// anything", "don't write to it") does not choose the tool; the clause
// after a comma or "but" is read again.
func TestNegationScope(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "files", Name: "list_directory", Description: "List the files and folders of a directory.", InputSchema: obj},
		{Backend: "files", Name: "delete_file", Description: "Delete a file or a directory with its files.", InputSchema: obj},
		{Backend: "files", Name: "write_file", Description: "Write text to a file, replacing its contents.", InputSchema: obj},
		{Backend: "files", Name: "read_file", Description: "Read the text of a file.", InputSchema: obj},
	})
	searchFirst(t, cat, 3, map[string]string{
		"list the files of /srv/app without deleting any":  "list_directory",
		"open /srv/a.txt but never write to the file":      "read_file",
		"the file /srv/a.txt is not needed, delete it":     "delete_file",
		"don't read it, write 'ok' to the file /srv/a.txt": "write_file",
	})
	if q := parseQuery("remove the file without asking"); !q.destructive {
		t.Error("the verb before the negation lost its intent")
	}
	if q := parseQuery("list the files without deleting any"); q.destructive {
		t.Error("a negated deletion made the task destructive")
	}
}

// TestCircumstanceClause: the verb of a clause of time or reason with its
// own subject ("before I merge ...", "once we deploy ...") is what the user
// will do, not what is asked; the clause's nouns still count.
func TestCircumstanceClause(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"number":{"type":"number"}},"required":["number"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "code", Name: "merge_pull_request", Description: "Merge a pull request.", InputSchema: obj},
		{Backend: "code", Name: "get_pull_request_status", Description: "Get the status of the checks of a pull request.", InputSchema: obj},
		{Backend: "code", Name: "delete_branch", Description: "Delete a branch.", InputSchema: obj},
		{Backend: "code", Name: "list_branches", Description: "List the branches of a repository.", InputSchema: obj},
	})
	searchFirst(t, cat, 3, map[string]string{
		"before I merge pull request 88 I want to be sure its checks passed": "get_pull_request_status",
		"list the branches, once we delete them it is too late":              "list_branches",
		"merge pull request 88 once its checks are green":                    "merge_pull_request",
		"after I list the branches, delete the branch old":                   "delete_branch",
	})
	for _, q := range []string{"list the branches, once we delete them it is too late", "list the branches so I can delete the old ones", "list the branches so that we delete the old ones"} {
		if parseQuery(q).destructive {
			t.Errorf("%q: the verb of a circumstance clause set the intent", q)
		}
	}
	if !parseQuery("the branch is stale, so I'd like it deleted").destructive {
		t.Error(`"so I'd like it deleted" is the request, not a clause of purpose`)
	}
}

// TestNeedAIsCreate: "I need a folder at /srv/x" asks for a folder that is
// not there yet; "I need the folder" asks for one that is.
func TestNeedAIsCreate(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "files", Name: "list_directory", Description: "List the files and folders of a directory.", InputSchema: obj},
		{Backend: "files", Name: "create_directory", Description: "Create a new directory.", InputSchema: obj},
	})
	searchFirst(t, cat, 2, map[string]string{
		"i need a folder at /srv/data/exports pls":          "create_directory",
		"we want another folder at /srv/data/q4":            "create_directory",
		"i need the folder /srv/data/exports listed":        "list_directory",
		"i don't need a folder, just list /srv/data please": "list_directory",
		"i have a folder at /srv/data, list it":             "list_directory",
		"i'd like a folder at /srv/data/q4":                 "create_directory",
	})
}

// TestGetRidOf: "get rid of X" is WordNet's {get rid of, remove}.
func TestGetRidOf(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "files", Name: "list_directory", Description: "List the files and folders of a directory.", InputSchema: obj},
		{Backend: "files", Name: "delete_file", Description: "Delete a file or a directory with its files.", InputSchema: obj},
		{Backend: "files", Name: "read_file", Description: "Read the text of a file.", InputSchema: obj},
	})
	res := cat.Search("please get rid of the file /srv/a.txt", nil, 3)
	if len(res) == 0 || res[0].Tool.Name != "delete_file" {
		var got []string
		for _, r := range res {
			got = append(got, r.Tool.Name)
		}
		t.Errorf("%v, want delete_file first", got)
	}
	if !parseQuery("get rid of the artifacts of pipeline 12").destructive {
		t.Error(`"get rid of" is no deletion`)
	}
}

// searchFirst checks that each query's first result among the catalog's k
// best is the tool named.
func searchFirst(t *testing.T, cat *Catalog, k int, cases map[string]string) {
	t.Helper()
	for q, want := range cases {
		res := cat.Search(q, nil, k)
		if len(res) == 0 || res[0].Tool.Name != want {
			var got []string
			for _, r := range res {
				got = append(got, r.Tool.Name)
			}
			t.Errorf("%q: %v, want %s first", q, got, want)
		}
	}
}

// TestLeadSentence: the first sentence of a description, also when the
// description starts with a newline, as template literals do.
func TestLeadSentence(t *testing.T) {
	for in, want := range map[string]string{
		"Read a file. Then more.":                    "Read a file",
		"\n    Send input to a running process.\n  ": "Send input to a running process",
		"\n\nList the pipelines\nof a project":       "List the pipelines",
		"Version 1.2 of the tool. Next":              "Version 1.2 of the tool",
		"   ":                                        "",
	} {
		if got := leadSentence(in); got != want {
			t.Errorf("leadSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDigitInProductName: a word with a digit is payload (an id, a
// version), unless it is a word of a server's name: product names are
// written with digits too ("Context7"), and such a word names its server.
func TestDigitInProductName(t *testing.T) {
	wantFirst(t, map[string]string{
		"ask context7 how middleware matchers work in /vercel/next.js":      "context7__query-docs",
		"context7: look up how middleware matchers work in /vercel/next.js": "context7__query-docs",
	})
	names := func(term string) bool { return term == "context7" }
	for q, want := range map[string]bool{
		"ask context7 about routing": true,
		"ask build7 about routing":   false, // no server's name: payload
	} {
		got := false
		for _, w := range parseQueryNames(q, names).words {
			got = got || hasDigit(w.term)
		}
		if got != want {
			t.Errorf("%q: a word with a digit kept = %v, want %v", q, got, want)
		}
	}
}

// TestColonName: names joined by colons ("session:8812", a Redis key
// namespaced as "object-type:id") are a value; their words name no
// operation or thing of the request.
func TestColonName(t *testing.T) {
	for w, want := range map[string]bool{
		"session:8812": true, "config:rate_limit": true, "rate:api:user42": true, "label:bug": true,
		"note:": false, "10:30": false, "https://x.io": false, ":rocket:": false, "a:": false,
	} {
		if got := colonName(w); got != want {
			t.Errorf("colonName(%q) = %v, want %v", w, got, want)
		}
	}
	for _, w := range parseQuery("what's cached under the key session:8812?").words {
		if w.term == "session" && w.weight == 1 {
			t.Errorf("session of session:8812 read as a word of the request: %+v", w)
		}
	}
	wantFirst(t, map[string]string{
		// A participle after a wh-question's copula is a state; "stored"
		// is the synonym table's "write".
		"what value is stored under feature_flags:checkout_v2 in redis?": "redis__get",
	})
}

// TestMediaTypeHint: a path whose extension is of an image, audio or video
// media type implies that kind of file, as a path implies "file".
func TestMediaTypeHint(t *testing.T) {
	has := func(q, n string) bool {
		return slices.ContainsFunc(parseQuery(q).words, func(w queryWord) bool { return w.term == stem(n) && w.implied })
	}
	if !has("load /srv/media/jingle.wav", "audio") || !has("open /tmp/shot.webp", "image") || has("read /srv/notes.txt", "image") {
		t.Error("media type hints wrong")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	q := "load /srv/media/jingle.wav so you can listen to it"
	if r := cat.Search(q, nil, 3); len(r) == 0 || r[0].Tool.QualifiedName() != "filesystem__read_media_file" {
		t.Errorf("%q: top %v, want filesystem__read_media_file", q, r)
	}
}

// TestLoggedInAs: "which account am I logged into" asks who the current
// user is, as "who am I" does; "logged" is the session's verb, no log's.
// A profile is no user (Sentry's profiles are of performance).
func TestLoggedInAs(t *testing.T) {
	words := map[string]bool{}
	for _, w := range parseQuery("which account am I logged into zorbix as?").words {
		words[w.term] = true
	}
	if !words[stem("current")] || !words[stem("user")] || words[stem("logged")] {
		t.Errorf("am I logged into: words %v", words)
	}
	cat := NewCatalog(loadEvalTools(t, false))
	for _, q := range []string{"which account am I logged into sentry as?", "which user am I signed in as on sentry?"} {
		if r := cat.Search(q, nil, 3); len(r) == 0 || r[0].Tool.QualifiedName() != "sentry__whoami" {
			t.Errorf("%q: top %v, want sentry__whoami", q, r)
		}
	}
}

// TestKeyNoSecret: "key" is no synonym of a secret or a token: a cache
// key, a primary key and a keyboard key are keys too.
func TestKeyNoSecret(t *testing.T) {
	for _, e := range synonyms()[stem("key")] {
		if slices.Contains(e.terms, stem("secret")) || slices.Contains(e.terms, stem("token")) {
			t.Errorf("key expands to %v", e.terms)
		}
	}
}

// TestMediaExtsAreFileExts: every extension mediaType reads is a file
// extension, since the hint is only added for a path with one.
func TestMediaExtsAreFileExts(t *testing.T) {
	for _, ext := range []string{"png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "ico", "tiff", "mp3", "wav", "ogg", "flac", "m4a", "aac", "mp4", "webm", "mov", "avi", "mkv"} {
		if mediaType("x."+ext) == "" || !fileExt("x."+ext) {
			t.Errorf("%s: mediaType %q, fileExt %v", ext, mediaType("x."+ext), fileExt("x."+ext))
		}
	}
}

// TestHashNumber: "#88" is how code hosts write an issue's or a pull
// request's number, so it implies "number"; "#general" is a channel.
func TestHashNumber(t *testing.T) {
	for _, c := range []struct {
		query, hint string
		want        bool
	}{
		{"approve PR #88 in acme/web", stem("number"), true},
		{"post hi to #general", stem("number"), false},
		{"post hi to #general", stem("channel"), true},
		{"approve PR 88 in acme/web", stem("number"), false},
	} {
		got := false
		for _, w := range parseQuery(c.query).words {
			got = got || w.term == c.hint && w.implied
		}
		if got != c.want {
			t.Errorf("%q: implies %q = %v, want %v", c.query, c.hint, got, c.want)
		}
	}
}
