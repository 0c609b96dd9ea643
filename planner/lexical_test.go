package planner

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func lexicalFixture() []Tool {
	return append(rankFixture(),
		Tool{Backend: "web", Name: "fetch_urls", Description: "Fetch web pages as markdown.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"urls":{"type":"array","items":{"type":"string"}}},"required":["urls"]}`)},
		Tool{Backend: "chrome", Name: "select_page", Description: "Select a browser page as context for future tool calls.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"pageId":{"type":"number"},"bringToFront":{"type":"boolean"}},"required":["pageId"]}`)},
		Tool{Backend: "chrome", Name: "emulate_network", Description: "Emulate network conditions on a page.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"pageId":{"type":"integer"},"throttling":{"type":"string","enum":["No emulation","Offline","Slow 3G","Fast 4G"]}},"required":["pageId"]}`)},
		Tool{Backend: "memory", Name: "delete_entities", Description: "Delete multiple entities and their relations from the knowledge graph.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"entityNames":{"type":"array","items":{"type":"string"}}},"required":["entityNames"]}`),
			Annotations: &Annotations{DestructiveHint: boolp(true)}},
		Tool{Backend: "tracker", Name: "resolve_ticket", Description: "Resolve a ticket by its identifier.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"ticketId":{"type":"string"},"note":{"type":"string"}},"required":["ticketId"]}`)},
		Tool{Backend: "shots", Name: "screenshot", Description: "Take a screenshot of the current page.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"width":{"type":"number"},"height":{"type":"number"}},"required":["name"]}`)},
		Tool{Backend: "audit", Name: "recent_calls", Description: "Show recent tool calls.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"maxResults":{"type":"integer"}}}`)},
		Tool{Backend: "ci", Name: "run_pipeline", Description: "Trigger a new pipeline for a project.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"params":{"type":"object","properties":{"projectSlug":{"type":"string","description":"The project slug"},"branch":{"type":"string"}}}}}`)},
		Tool{Backend: "art", Name: "generate_image", Description: "Generate images from a text prompt.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"prompt":{"type":"string"},"image_count":{"type":"number"}},"required":["prompt"]}`)},
		Tool{Backend: "kv", Name: "scan_keys", Description: "List keys matching a pattern.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"pattern":{"type":"string"}}}`)},
		Tool{Backend: "deploys", Name: "rollback_service", Description: "Roll back a service to its previous deployment.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"service":{"type":"string","description":"The service slug, e.g. \"team/region/name\""}},"required":["service"]}`)},
		Tool{Backend: "crm", Name: "create_contact", Description: "Create a contact with a name and an email.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"},"email":{"type":"string"}},"required":["name"]}`)},
		Tool{Backend: "gitlab", Name: "fork_project", Description: "Fork a project, optionally into a namespace.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"project_id":{"type":"string"},"namespace":{"type":"string"},"initialize_with_readme":{"type":"boolean"}},"required":["project_id"]}`)},
		Tool{Backend: "errors", Name: "explain_failure", Description: "Explain why an error happens, with a root cause.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"organizationSlug":{"type":"string"},"issueId":{"type":"string"},"issueUrl":{"type":"string"}}}`)},
		Tool{Backend: "docs", Name: "search_documentation", Description: "Search the documentation.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`),
			Annotations: &Annotations{ReadOnlyHint: boolp(true)}},
	)
}

func TestLexicalArguments(t *testing.T) {
	cat := NewCatalog(lexicalFixture())
	lex := NewLexical(nil)
	tests := []struct {
		name     string
		task     Task
		wantTool string
		wantArgs map[string]any
		missing  []string
	}{
		{"absolute path", Task{Query: "rm /tmp/build/old.log"}, "filesystem__delete_file",
			map[string]any{"path": "/tmp/build/old.log"}, nil},
		{"relative path resolved against cwd", Task{Query: "cat ./src/main.go", Context: &TaskContext{CurrentWorkingDirectory: "/home/me/app"}},
			"filesystem__read_text_file", map[string]any{"path": "/home/me/app/src/main.go"}, nil},
		{"file URI as cwd", Task{Query: "show the contents of src/a.ts", Context: &TaskContext{CurrentWorkingDirectory: "file:///work/web"}},
			"filesystem__read_text_file", map[string]any{"path": "/work/web/src/a.ts"}, nil},
		{"relative path without cwd is not guessed", Task{Query: "cat src/main.go"},
			"filesystem__read_text_file", map[string]any{}, []string{"path"}},
		{"active document for 'this file'", Task{Query: "show me this file", Context: &TaskContext{ActiveDocumentURI: "file:///w/pkg/x.go"}},
			"filesystem__read_text_file", map[string]any{"path": "/w/pkg/x.go"}, nil},
		{"two paths keep declaration order", Task{Query: "rename /a/x.txt to /a/y.txt"}, "filesystem__move_file",
			map[string]any{"source": "/a/x.txt", "destination": "/a/y.txt"}, nil},
		{"owner/repo, quoted title, branches", Task{Query: "open a PR in acme/web from feature/login into main titled 'Add login'"},
			"github__create_pull_request", map[string]any{"owner": "acme", "repo": "web", "title": "Add login", "head": "feature/login", "base": "main"}, nil},
		{"enum named in the query", Task{Query: "list open issues in acme/web"}, "github__list_issues",
			map[string]any{"owner": "acme", "repo": "web", "state": "open"}, nil},
		{"URLs into an array", Task{Query: "fetch https://a.example/x and https://b.example/y as markdown"}, "web__fetch_urls",
			map[string]any{"urls": []any{"https://a.example/x", "https://b.example/y"}}, nil},
		{"number next to the parameter's name, optional flag", Task{Query: "select browser page 3 and bring it to the front"}, "chrome__select_page",
			map[string]any{"pageId": 3.0, "bringToFront": true}, nil},
		{"multi-word enum", Task{Query: "emulate Slow 3G network on page 2"}, "chrome__emulate_network",
			map[string]any{"pageId": 2.0, "throttling": "Slow 3G"}, nil},
		{"quoted names into a string array", Task{Query: "forget the entities 'old-auth' and 'legacy-db'"}, "memory__delete_entities",
			map[string]any{"entityNames": []any{"old-auth", "legacy-db"}}, nil},
		{"id-shaped token for an id parameter", Task{Query: "resolve ticket OPS-4411"}, "tracker__resolve_ticket",
			map[string]any{"ticketId": "OPS-4411"}, nil},
		{"GitLab project id after its anchor", Task{Query: "file a GitLab issue in project platform/infra titled 'Lock stuck'"}, "gitlab__create_issue",
			map[string]any{"project_id": "platform/infra", "title": "Lock stuck"}, nil},
		{"named value and WxH size", Task{Query: "take a screenshot named login-page at 1280x800"}, "shots__screenshot",
			map[string]any{"name": "login-page", "width": 1280.0, "height": 800.0}, nil},
		{"last N is a result limit", Task{Query: "show the last 10 recent calls"}, "audit__recent_calls",
			map[string]any{"maxResults": 10.0}, nil},
		{"free-text search takes the query", Task{Query: "search the documentation for rate limits"}, "docs__search_documentation",
			map[string]any{"query": "search the documentation for rate limits"}, nil},
		{"members of a declared object parameter", Task{Query: "trigger a ci pipeline for project gh/acme/web on branch feature/login"}, "ci__run_pipeline",
			map[string]any{"params": map[string]any{"projectSlug": "gh/acme/web", "branch": "feature/login"}}, nil},
		{"number written as a word, named through a synonym", Task{Query: "generate three pictures of 'a red fox'"}, "art__generate_image",
			map[string]any{"prompt": "a red fox", "image_count": 3.0}, nil},
		{"key=value names the parameter", Task{Query: "show recent tool calls maxResults=7"}, "audit__recent_calls",
			map[string]any{"maxResults": 7.0}, nil},
		{"glob described in words", Task{Query: "scan kv keys starting with feature_flag:"}, "kv__scan_keys",
			map[string]any{"pattern": "feature_flag:*"}, nil},
		{"token shaped like the description's example", Task{Query: "roll back payments/eu-west/api to the previous deployment"}, "deploys__rollback_service",
			map[string]any{"service": "payments/eu-west/api"}, nil},
		{"a name in capitals", Task{Query: "create a crm contact for Jane Doe, jane@acme.dev"}, "crm__create_contact",
			map[string]any{"name": "Jane Doe", "email": "jane@acme.dev"}, nil},
		{"optional parameter named by its anchor, British spelling", Task{Query: "fork gitlab project 4521 into the sandbox namespace, initialised with a readme"}, "gitlab__fork_project",
			map[string]any{"project_id": "4521", "namespace": "sandbox", "initialize_with_readme": true}, nil},
		{"the only id token fills the only optional id parameter", Task{Query: "why is CHECKOUT-4F2 happening? explain the error"}, "errors__explain_failure",
			map[string]any{"issueId": "CHECKOUT-4F2"}, nil},
		{"required values absent are missing, not guessed", Task{Query: "create a GitHub issue"}, "github__create_issue",
			map[string]any{}, []string{"owner", "repo", "title"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := lex.Plan(context.Background(), tt.task, cat)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.BackendID + Separator + p.Tool; got != tt.wantTool {
				t.Fatalf("tool = %s, want %s (text %q)", got, tt.wantTool, p.Text)
			}
			var args map[string]any
			if err := json.Unmarshal(p.Arguments, &args); err != nil {
				t.Fatalf("arguments %s: %v", p.Arguments, err)
			}
			if !reflect.DeepEqual(args, tt.wantArgs) {
				t.Errorf("arguments = %v, want %v", args, tt.wantArgs)
			}
			if !slices.Equal(p.Missing, tt.missing) {
				t.Errorf("missing = %v, want %v", p.Missing, tt.missing)
			}
			if p.Executable() != (len(tt.missing) == 0) {
				t.Errorf("Executable() = %v with missing %v", p.Executable(), p.Missing)
			}
			if len(p.Missing) > 0 && (p.Text == "" || len(p.Candidates) == 0) {
				t.Errorf("a plan with missing arguments needs Text and Candidates: %+v", p)
			}
			// The arguments are one JSON object.
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(p.Arguments, &obj); err != nil {
				t.Errorf("Arguments = %s: %v", p.Arguments, err)
			}
			if p.Planner != "lexical" || p.Attempts != 1 {
				t.Errorf("planner %q attempts %d", p.Planner, p.Attempts)
			}
		})
	}
}

func TestLexicalRefuses(t *testing.T) {
	cat := NewCatalog(lexicalFixture())
	for _, q := range []string{
		"book me a flight from Berlin to Lisbon on June 12",
		"tweet that v2.4 is out",
		"",
	} {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.BackendID != "" || p.Executable() || p.Text == "" {
			t.Errorf("%q: plan %s__%s (text %q), want a refusal with text", q, p.BackendID, p.Tool, p.Text)
		}
	}

	// A weak match (one incidental word out of many) is refused too, with
	// the candidates; a negative MinEvidence accepts it.
	weak := "summarize the quarterly revenue forecast spreadsheet file and email it to finance with a chart of the trend"
	p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: weak}, cat)
	if p.BackendID != "" {
		t.Errorf("weak match planned %s__%s", p.BackendID, p.Tool)
	}
	if len(p.Candidates) == 0 || p.Candidates[0].InputSchema == nil && p.Candidates[0].Description == "" {
		t.Errorf("refusal without candidates: %+v", p.Candidates)
	}
	p, _ = NewLexical(&LexicalOptions{MinEvidence: -1}).Plan(context.Background(), Task{Query: weak}, cat)
	if p.BackendID == "" {
		t.Errorf("MinEvidence -1 still refused: %q", p.Text)
	}
}

func TestLexicalCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewLexical(nil).Plan(ctx, Task{Query: "list issues"}, NewCatalog(lexicalFixture()))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestLexicalInvalidValueDropped(t *testing.T) {
	// The schema only accepts ids of the form T-<digits>: the extracted
	// value fails validation, is dropped and reported missing.
	cat := NewCatalog([]Tool{{Backend: "t", Name: "close_ticket", Description: "Close a ticket.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"ticketId":{"type":"string","pattern":"^T-[0-9]+$"}},"required":["ticketId"]}`)}})
	p, err := NewLexical(nil).Plan(context.Background(), Task{Query: "close ticket ABC-12"}, cat)
	if err != nil {
		t.Fatal(err)
	}
	if p.Tool != "close_ticket" || !slices.Equal(p.Missing, []string{"ticketId"}) || string(p.Arguments) != "{}" {
		t.Errorf("tool %q missing %v args %s, want ticketId dropped and missing", p.Tool, p.Missing, p.Arguments)
	}
	p, _ = NewLexical(nil).Plan(context.Background(), Task{Query: "close ticket T-12"}, cat)
	if !p.Executable() || string(p.Arguments) != `{"ticketId":"T-12"}` {
		t.Errorf("valid id: executable %v args %s", p.Executable(), p.Arguments)
	}
}

// TestLexicalPartialItemsKept: list items the task spells out keep what it
// gives when they lack a member the schema requires; the member is
// missing, so the plan asks for it instead of dropping the list.
func TestLexicalPartialItemsKept(t *testing.T) {
	cat := NewCatalog([]Tool{{Backend: "git", Name: "push_files", Description: "Push several files to a repository in one commit.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"repo":{"type":"string"},"files":{"type":"array","items":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}},"message":{"type":"string"}},"required":["repo","files","message"]}`)}})
	p, err := NewLexical(nil).Plan(context.Background(), Task{Query: "push files README.md and docs/setup.md to repo acme/web with message 'docs'"}, cat)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"files.0.content", "files.1.content"}
	if p.Tool != "push_files" || !slices.Equal(p.Missing, want) || p.Executable() ||
		!strings.Contains(string(p.Arguments), `"files":[{"path":"README.md"},{"path":"docs/setup.md"}]`) {
		t.Errorf("tool %q missing %v args %s, want the paths kept and %v missing", p.Tool, p.Missing, p.Arguments, want)
	}
}

func TestExtractValues(t *testing.T) {
	v := extractValues(`compare /srv/a.txt and ./b.txt, see https://x.dev/p?q=1 and acme/web#42; ask "Jane" at jane@acme.dev about 'x y' in 3 days`, "/home/me")
	want := queryValues{
		paths:  []string{"/srv/a.txt", "/home/me/b.txt"},
		urls:   []string{"https://x.dev/p?q=1"},
		refs:   []repoRef{{owner: "acme", repo: "web", number: 42}},
		quoted: []string{"Jane", "x y"},
		emails: []string{"jane@acme.dev"},
	}
	got := queryValues{paths: v.paths, urls: v.urls, refs: v.refs, quoted: v.quoted, emails: v.emails}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("extractValues = %+v, want %+v", got, want)
	}
	if len(v.numbers) != 1 || v.numbers[0].value != 3 || v.numbers[0].next != "days" {
		t.Errorf("numbers = %+v, want 3 before 'days'", v.numbers)
	}
}

// FuzzLexicalPlan feeds arbitrary queries and context through the ranker and
// the lexical planner: IDE input must never panic, and plans must be
// well-formed.
func FuzzLexicalPlan(f *testing.F) {
	for _, s := range []string{
		"rm /tmp/x", "open a PR in acme/web#12 titled 'x'", "“quoted” ‘x’ `y`", "a.b.c ./x ../y ~/z",
		"https://x.y/z?q=1 mongodb://h:1/db", "which tabs are OPEN", "1280x800 last 10", "'", "\"unterminated",
		"ÄÖÜ straße ＰＲ", "x/y/z#", "#1 #2", "=== ... ///", "MongoDB GitHub HTTPServer",
	} {
		f.Add(s, "/home/me")
	}
	cat := NewCatalog(lexicalFixture())
	lex := NewLexical(nil)
	f.Fuzz(func(t *testing.T, q, cwd string) {
		tctx := &TaskContext{CurrentWorkingDirectory: cwd, ActiveDocumentURI: "file://" + cwd}
		res := cat.Search(q, tctx, 0)
		for i := 1; i < len(res); i++ {
			if res[i].Score > res[i-1].Score {
				t.Fatalf("unsorted results for %q", q)
			}
		}
		p, err := lex.Plan(context.Background(), Task{Query: q, Context: tctx}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.BackendID != "" && !json.Valid(p.Arguments) {
			t.Fatalf("invalid arguments %s", p.Arguments)
		}
	})
}

// BenchmarkLexicalPlan plans the dev-set queries (one per op, cycling) over
// 1,000 tools: ranking, argument extraction and schema validation.
func BenchmarkLexicalPlan(b *testing.B) {
	skipWithoutEval(b)
	qs := loadEvalQueries(b)
	cat := NewCatalog(benchTools(b, 1000))
	cat.Index()
	lex := NewLexical(nil)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		q := qs[i%len(qs)]
		if _, err := lex.Plan(context.Background(), Task{Query: q.Query, Context: q.Context}, cat); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// TestLexicalRefusesUnservedProduct: a task that names, where a product
// goes, a word no tool knows and that is not English is refused with the
// candidates, however well the rest matches; people's names, words after
// "to"/"for"/"with" and file or repository names are arguments.
func TestLexicalRefusesUnservedProduct(t *testing.T) {
	cat := NewCatalog(lexicalFixture())
	for _, c := range []struct {
		q      string
		refuse bool
	}{
		{"create a contact in HubSpot for Jane Doe", true},            // "in" + product
		{"create a contact on our Zohocrm account", true},             // determiner between
		{"copy the contact over to our pipedrive", true},              // "to" + possessive: a thing, not a person
		{"create the Pipedrive contact for jane@acme.dev", true},      // a name before a common noun
		{"schedule a Zoom call, then create a contact", true},         // an ordinary word written as a name
		{"create a contact in Lisbon for the sales team", false},      // a place: WordNet writes it capitalized
		{"create a contact on Monday for jane@acme.dev", false},       // a day, likewise
		{"ok. Afterwards create a contact for jane@acme.dev", false},  // capitalized at a sentence's start
		{"fork project 12 into my gitlab calendar", true},             // a served vendor's other product
		{"fork project 12 into my gitlab namespace", false},           // the served product's own word
		{"copy contact jane@acme.dev to zohocrm", true},               // "to" after a verb that moves an artifact
		{"create a contact for Jane Doe, jane@acme.dev", false},       // a person, then a surname
		{"create a contact named Priya with email priya@x.io", false}, // after "named"/"with"
		{"create a contact and send it to Ahmed", false},              // after "to"
		{"take a screenshot of Priya's dashboard page", false},        // possessive
		{"roll back the service team/eu/checkoutd", false},            // a path-like reference
	} {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: c.q}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if refused := p.BackendID == ""; refused != c.refuse {
			t.Errorf("%q: refused %v (plan %s__%s, %q), want %v", c.q, refused, p.BackendID, p.Tool, p.Text, c.refuse)
		}
		if c.refuse && len(p.Candidates) == 0 {
			t.Errorf("%q: refusal without candidates", c.q)
		}
	}
}

// TestLexicalRefusesMissingDeletion: a request to delete something on a
// server none of whose tools deletes is refused (its tools match only the
// object); the same request on a server that deletes is planned.
func TestLexicalRefusesMissingDeletion(t *testing.T) {
	cat := NewCatalog(lexicalFixture())
	p, err := NewLexical(nil).Plan(context.Background(), Task{Query: "delete the crm contact jane@acme.dev"}, cat)
	if err != nil {
		t.Fatal(err)
	}
	if p.BackendID != "" || len(p.Candidates) == 0 {
		t.Errorf("delete on a server without deletion: plan %s__%s, %d candidates; want a refusal with candidates", p.BackendID, p.Tool, len(p.Candidates))
	}
	p, _ = NewLexical(nil).Plan(context.Background(), Task{Query: "delete the entities Alice and Bob from the knowledge graph"}, cat)
	if p.BackendID != "memory" || p.Tool != "delete_entities" {
		t.Errorf("delete on a server that deletes: plan %s__%s (%q)", p.BackendID, p.Tool, p.Text)
	}
	p, _ = NewLexical(nil).Plan(context.Background(), Task{Query: "create a crm contact for jane@acme.dev"}, cat)
	if p.BackendID != "crm" {
		t.Errorf("create on the crm: plan %s__%s (%q)", p.BackendID, p.Tool, p.Text)
	}
}

// TestLexicalRefusesMissingOperation: a request led by a write verb of
// tool names (rename, upload, merge, ...) on a server none of whose tools
// states that operation is refused with candidates, like a deletion; a
// server whose tools are raw HTTP calls of its API offers every operation.
func TestLexicalRefusesMissingOperation(t *testing.T) {
	tools := append(lexicalFixture(),
		Tool{Backend: "chat", Name: "list_channels", Description: "List the channels of the workspace.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"limit":{"type":"number"}}}`)},
		Tool{Backend: "chat", Name: "post_message", Description: "Post a message to a channel.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"channel_id":{"type":"string"},"text":{"type":"string"}},"required":["channel_id","text"]}`)},
		Tool{Backend: "tickets", Name: "tickets_get", Description: "Send a GET request to the Tickets REST API.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
		Tool{Backend: "tickets", Name: "tickets_post", Description: "Send a POST request to the Tickets REST API.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"body":{"type":"object"}},"required":["path"]}`)},
	)
	cat := NewCatalog(tools)
	wantRefusals(t, cat, []string{
		"rename the #random chat channel to #watercooler",
		"upload report.pdf to the chat channel #ops",
		"rename the crm contact jane@acme.dev to Jane Roe",
		// The operation as a passive or a causative participle.
		"the #random chat channel should be renamed to #watercooler",
		"the chat channel #ops is noisy and we'd like it renamed",
	})
	for q, want := range map[string]string{
		"post 'deploy done' to the chat channel ops": "chat__post_message",
		"list the chat channels":                     "chat__list_channels",
		// A verb of writing in general ("write") is offered by any server
		// with a writing tool, here post_message.
		"write a message to the chat channel ops":      "chat__post_message",
		"create a crm contact for jane@acme.dev":       "crm__create_contact",
		"rename the ticket TCK-12 via the tickets api": "tickets",
		"run the query status=open on the tickets api": "tickets",
		// "is renamed" states what is, not what is asked.
		"tell the chat channel ops the service is renamed": "chat",
	} {
		p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if got := p.BackendID + "__" + p.Tool; p.BackendID == "" {
			t.Errorf("%q: refused (%q), want a plan", q, p.Text)
		} else if got != want && p.BackendID != want {
			t.Errorf("%q: plan %s, want %s", q, got, want)
		}
	}
}

// TestPhrasalNounNotProduct: a phrasal verb written as one word ("signup",
// "checkout", "dropdown") in a product's place is an English noun, not a
// product no backend serves; a name that is not one still is.
func TestPhrasalNounNotProduct(t *testing.T) {
	cat := NewCatalog(lexicalFixture())
	for _, q := range []string{"take a screenshot of the page in the signup flow", "take a screenshot of the page on the checkout step"} {
		p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if p.BackendID != "shots" {
			t.Errorf("%q: plan %s__%s (%q), want shots__screenshot", q, p.BackendID, p.Tool, p.Text)
		}
	}
	p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: "take a screenshot of the page in the zorblax flow"}, cat)
	if p.BackendID != "" {
		t.Errorf("an unknown product in a product's place: plan %s__%s, want a refusal", p.BackendID, p.Tool)
	}
}

// TestPeopleAreUsers: "people" and "person" are the plain words for the
// user accounts of a workspace (synonymGroups).
func TestPeopleAreUsers(t *testing.T) {
	cat := NewCatalog(append(lexicalFixture(),
		Tool{Backend: "wiki", Name: "list_templates", Description: "List the workspace templates.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{}}`)},
		Tool{Backend: "wiki", Name: "list_users", Description: "List all the registered users of the shared workspace, with their roles.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"page_size":{"type":"integer"}}}`)}))
	p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: "who are all the people in our wiki workspace?"}, cat)
	if p.BackendID != "wiki" || p.Tool != "list_users" {
		t.Errorf("plan %s__%s (%q), want wiki__list_users", p.BackendID, p.Tool, p.Text)
	}
}

// TestGiveMeIsGet: "give me X" (and "send me the X") asks to get X; the
// word "give" does not pick a tool whose name has it.
func TestGiveMeIsGet(t *testing.T) {
	cat := NewCatalog(append(lexicalFixture(),
		Tool{Backend: "fb", Name: "give_feedback", Description: "Give feedback on the directions and answers of this server.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{}}`)},
		Tool{Backend: "maps", Name: "directions", Description: "Get directions between two places.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"origin":{"type":"string"},"destination":{"type":"string"}},"required":["origin","destination"]}`)}))
	p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: "give me the directions from Berlin to Potsdam by bike"}, cat)
	if p.BackendID != "maps" || string(p.Arguments) != `{"destination":"Potsdam","origin":"Berlin"}` {
		t.Errorf("plan %s__%s %s (%q), want maps__directions from Berlin to Potsdam", p.BackendID, p.Tool, p.Arguments, p.Text)
	}
	p, _ = NewLexical(nil).Plan(context.Background(), Task{Query: "give feedback to the developers"}, cat)
	if p.Tool != "give_feedback" {
		t.Errorf("plan %s__%s, want fb__give_feedback", p.BackendID, p.Tool)
	}
	// "Send me the X" is the same transfer to the one asking.
	if q := rewriteIdioms("send me the tiny test image"); q != "get the tiny test image" {
		t.Errorf("send me the: %q", q)
	}
	if q := rewriteIdioms("send me a summary of the page"); q != "send me a summary of the page" {
		t.Errorf("send me a: %q", q)
	}
}

// TestProductNameNotArgument: the name of the tool's own product in the
// task says which tools to use; it is not an argument ("on context7" is no
// library id).
func TestProductNameNotArgument(t *testing.T) {
	cat := NewCatalog(append(rankFixture(),
		Tool{Backend: "context7", Name: "query-docs", Description: "Queries up-to-date documentation and code examples from Context7 for any library.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"libraryId":{"type":"string","description":"Exact Context7-compatible library ID (e.g., '/mongodb/docs', '/vercel/next.js')"},"query":{"type":"string","description":"What to look up in the library's documentation"}},"required":["libraryId","query"]}`)}))
	p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: "look up the react docs about useEffect cleanup on context7"}, cat)
	if p.Tool != "query-docs" || strings.Contains(strings.ToLower(string(p.Arguments)), `"context7"`) {
		t.Errorf("plan %s__%s %s missing %v, want query-docs without the product's name as a value", p.BackendID, p.Tool, p.Arguments, p.Missing)
	}
}

// TestLexicalRefusesListingForChange: a request that names the server and
// whose main verb asks for a change ("archive", "mute") is refused when
// its best tool lists or searches the object without matching the verb;
// not when the verb is one of examining or knowing ("scan"), when the task
// does not name the server, or when the tool that matches gets one thing.
func TestLexicalRefusesListingForChange(t *testing.T) {
	tools := append(lexicalFixture(),
		Tool{Backend: "chat", Name: "list_channels", Description: "List the channels of the workspace.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"limit":{"type":"number"}}}`)},
		Tool{Backend: "chat", Name: "post_message", Description: "Post a message to a channel.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"channel_id":{"type":"string"},"text":{"type":"string"}},"required":["channel_id","text"]}`)},
		Tool{Backend: "chat", Name: "get_channel_history", Description: "Get the recent messages of a channel.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"channel_id":{"type":"string"}},"required":["channel_id"]}`)},
	)
	cat := NewCatalog(tools)
	wantRefusals(t, cat, []string{
		"archive the #random chat channel",
		"kick dave out of the #ops channel in chat",
		"lock the chat channel #announcements",
	})
	// The rule leaves evidence to the tool in these (whether the planner
	// then refuses on weak evidence is another rule's business).
	for q, want := range map[string]string{
		"scan the channels in chat":           "list_channels",       // scan: a kind of examining
		"list the chat channels":              "list_channels",       // not a verb of change
		"mute the random channel":             "list_channels",       // the server is not named ("archive" is an operation tool names lead with: refused when no tool states it)
		"dump the history of chat channel C1": "get_channel_history", // a tool that gets, not a listing
	} {
		res := cat.Search(q, nil, 3)
		if len(res) == 0 || res[0].Tool.Name != want || res[0].Evidence <= 0 {
			t.Errorf("%q: %v, want %s first with evidence", q, res, want)
		}
	}
	if !changeVerb("archive") || changeVerb("scan") || changeVerb("infer") || changeVerb("list") || changeVerb("make") {
		t.Error("changeVerb: want archive only among archive, scan, infer, list, make")
	}
	// A tool that gets one thing keeps its evidence for a change asked
	// of the thing it gets (its name's head), and has none when the task
	// never says it: whichever tool of the server ranks first.
	for q, want := range map[string]bool{
		"kick dave out of the #ops channel in chat": false,
		"lock the chat channel #announcements":      false,
		"dump the history of chat channel C1":       true,
	} {
		for _, r := range cat.Search(q, nil, 0) {
			if r.Tool.Name == "get_channel_history" && (r.Evidence > 0) != want {
				t.Errorf("%q: get_channel_history evidence %.3f, want evidence %v", q, r.Evidence, want)
			}
		}
	}
}

// TestTransferSource: after a verb that moves an artifact between systems
// ("export", "copy", "migrate"), "from" names the source system as "to"
// names the destination: an unknown product there is refused.
func TestTransferSource(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"format":{"type":"string"}},"required":["path"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "files", Name: "export_file", Description: "Export a design file as PNG or PDF.", InputSchema: obj},
		{Backend: "files", Name: "read_file", Description: "Read the text of a file.", InputSchema: obj},
	})
	p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: "export the design file from zorblax as png"}, cat)
	if p.BackendID != "" {
		t.Errorf("an unknown source product: plan %s__%s, want a refusal", p.BackendID, p.Tool)
	}
	p, _ = NewLexical(nil).Plan(context.Background(), Task{Query: "export the design file from /srv/a.fig as png"}, cat)
	if p.Tool != "export_file" {
		t.Errorf("a path as the source: plan %s__%s (%q), want files__export_file", p.BackendID, p.Tool, p.Text)
	}
}

// TestPhoneNumberNoTool: a task addressed to a phone number is refused
// when no tool takes one, and planned when one does; a "+1" reaction or a
// number with a plus sign is no phone number.
func TestPhoneNumberNoTool(t *testing.T) {
	chat := Tool{Backend: "chat", Name: "post_message", Description: "Post a message to a channel.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"channel_id":{"type":"string"},"text":{"type":"string"}},"required":["channel_id","text"]}`)}
	sms := Tool{Backend: "sms", Name: "send_text", Description: "Send a text message.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"to":{"type":"string","description":"Phone number in E.164 form"},"body":{"type":"string"}},"required":["to","body"]}`)}
	for _, q := range []string{"post a message to +1 415 555 0100 that the build is broken", "post the message 'deploy done' to +15551234567"} {
		p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: q}, NewCatalog(append(lexicalFixture(), chat)))
		if p.BackendID != "" {
			t.Errorf("%q without a phone tool: plan %s__%s, want a refusal", q, p.BackendID, p.Tool)
		}
		p, _ = NewLexical(nil).Plan(context.Background(), Task{Query: q}, NewCatalog(append(lexicalFixture(), chat, sms)))
		if p.BackendID == "" {
			t.Errorf("%q with a phone tool: refused (%q), want a plan", q, p.Text)
		}
	}
	for _, s := range []string{"add a +1 reaction to the message", "raise the limit by +100 rows", "version +2.3.4", "call 555 0100"} {
		if rePhone.MatchString(s) {
			t.Errorf("%q read as a phone number", s)
		}
	}
}

// TestLexicalRefusesOperationOnAnotherObject: a tool named for the
// request's operation on another thing (create_issue for "create a
// project") does not do it when the task names its server; the same
// operation on the tool's own object, or on an object the catalog does not
// name, is still planned.
func TestLexicalRefusesOperationOnAnotherObject(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "tracker", Name: "create_issue", Description: "Create a new issue.", InputSchema: obj},
		{Backend: "tracker", Name: "delete_issues", Description: "Delete several issues at once.", InputSchema: obj},
		{Backend: "tracker", Name: "list_projects", Description: "List the projects of the workspace.", InputSchema: obj},
		{Backend: "tracker", Name: "get_project", Description: "Get one project by its id.", InputSchema: obj},
		{Backend: "wiki", Name: "create_page", Description: "Create a page in the wiki.", InputSchema: obj},
	})
	wantRefusals(t, cat, []string{
		"create a tracker project called Platform",
		"delete the tracker project Q3 Roadmap",
	})
	for q, want := range map[string]string{
		"create a tracker issue titled login broken": "tracker__create_issue",
		"delete the tracker issues A-1 and A-2":      "tracker__delete_issues",
		// "bug" is no word of the catalog's tool names: nothing says it
		// is another object than an issue.
		"create a tracker bug titled login broken": "tracker__create_issue",
	} {
		p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if got := p.BackendID + "__" + p.Tool; got != want {
			t.Errorf("%q: plan %s (%q), want %s", q, got, p.Text, want)
		}
	}
}

// TestProductPlaceInCircumstance: a word in a product's place inside a
// clause of time or reason ("before I start on the refactor") names no
// product the task is to use; in the request it still does.
func TestProductPlaceInCircumstance(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"branch":{"type":"string"}},"required":["branch"]}`)
	cat := NewCatalog([]Tool{
		{Backend: "gitlab", Name: "create_branch", Description: "Create a new branch in a GitLab project.", InputSchema: obj},
		{Backend: "gitlab", Name: "create_issue", Description: "Create a new issue in a GitLab project.", InputSchema: obj},
	})
	// A low evidence floor: this test is about the product place only.
	lex := NewLexical(&LexicalOptions{MinEvidence: 0.001})
	p, _ := lex.Plan(context.Background(), Task{Query: "before i start on the refactor I need a fresh gitlab branch called refactor-auth"}, cat)
	if p.Tool != "create_branch" {
		t.Errorf("planned %q (%q), want create_branch", p.Tool, p.Text)
	}
	p, _ = lex.Plan(context.Background(), Task{Query: "create a branch called refactor-auth on the refactor"}, cat)
	if p.Tool != "" {
		t.Errorf("planned %q; an unknown word in the request's product place should refuse", p.Tool)
	}
}

// wantTools checks that the lexical planner plans each query (a key of
// want) with the tool named by its value.
func wantTools(t *testing.T, cat *Catalog, want map[string]string) {
	t.Helper()
	for q, tool := range want {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.Tool != tool {
			t.Errorf("%q: planned %s__%s (%q), want %s", q, p.BackendID, p.Tool, p.Text, tool)
		}
	}
}

// wantRefusals checks that the lexical planner refuses each query with
// the nearest candidates.
func wantRefusals(t *testing.T, cat *Catalog, queries []string) {
	t.Helper()
	for _, q := range queries {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.BackendID != "" || len(p.Candidates) == 0 {
			t.Errorf("%q: plan %s__%s, %d candidates; want a refusal with candidates", q, p.BackendID, p.Tool, len(p.Candidates))
		}
	}
}

// TestReadHeadNeedsGetterName: the rule that takes the evidence of a
// reading tool whose name's head the task never says holds for tools
// named for getting (get_channel_history, TestLexicalRefusesListingForChange);
// a tool that only reads but is named for another act
// (generate_typescript_types, read-only by annotation) may do the request
// in other words ("regenerate"), and keeps its evidence.
func TestReadHeadNeedsGetterName(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	for q, want := range map[string]string{
		"regenerate the TypeScript types of supabase project qwertyuiopas": "supabase__generate_typescript_types",
	} {
		p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if got := p.BackendID + "__" + p.Tool; got != want {
			t.Errorf("%q: plan %s (%q), want %s", q, got, p.Text, want)
		}
	}
	wantRefusals(t, cat, []string{"pin the newest message in the #deploys slack channel"})
}

// TestErrorTypeNotProduct: an error type named as programming languages
// name them (TypeError, IllegalStateException) in a product's place is the
// error the task is about, not a product no backend serves; a product
// named beside it still is one.
func TestErrorTypeNotProduct(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	for _, q := range []string{
		"This IllegalStateException keeps coming back. Can you have Seer analyze issue MOBILE-7QK in sentry org acme?",
		"We keep getting a TypeError on checkout. Have Seer look at sentry issue WEB-2F9 in org acme and suggest a fix",
	} {
		p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if p.BackendID+"__"+p.Tool != "sentry__analyze_issue_with_seer" {
			t.Errorf("%q: plan %s__%s (%q), want sentry__analyze_issue_with_seer", q, p.BackendID, p.Tool, p.Text)
		}
	}
	wantRefusals(t, cat, []string{"open a PagerDuty incident for the TypeError in checkout"})
	for w, want := range map[string]bool{"typeerror": true, "nullpointerexception": true, "error": false, "xerror": false, "pagerduty": false} {
		if errorTypeName(w) != want {
			t.Errorf("errorTypeName(%q) = %v, want %v", w, !want, want)
		}
	}
}
