package planner

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// fsTools are server-filesystem's file tools, descriptions as published.
func fsTools() []Tool {
	path := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)
	ro := true
	mk := func(name, desc string) Tool {
		return Tool{Backend: "fs", Name: name, Description: desc, InputSchema: path, Annotations: &Annotations{ReadOnlyHint: &ro}}
	}
	edit := mk("edit_file", "Make line-based edits to a text file. Each edit replaces exact line sequences with new content. Returns a git-style diff showing the changes made.")
	edit.Annotations = nil
	return []Tool{
		mk("read_file", "Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead."),
		mk("read_text_file", "Read the complete contents of a file from the file system as text. Handles various text encodings and provides detailed error messages if the file cannot be read. Use this tool when you need to examine the contents of a single file."),
		mk("list_directory", "Get a detailed listing of all files and directories in a specified path. Results clearly distinguish between files and directories with [FILE] and [DIR] prefixes."),
		mk("directory_tree", "Get a recursive tree view of files and directories as a JSON structure."),
		mk("get_file_info", "Retrieve detailed metadata about a file or directory. Returns comprehensive information including size, creation time, last modified time, permissions, and type. This tool is perfect for understanding file characteristics without reading the actual content."),
		edit,
	}
}

// TestLexicalCommonPhrasings covers how developers ask for a file or a
// directory from an IDE, with paths relative to the working directory.
func TestLexicalCommonPhrasings(t *testing.T) {
	cwd := t.TempDir()
	if err := os.MkdirAll(filepath.Join(cwd, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	cat := NewCatalog(fsTools())
	readers := map[string]bool{"read_file": true, "read_text_file": true}
	listers := map[string]bool{"list_directory": true, "directory_tree": true}
	for _, tc := range []struct {
		query string
		tools map[string]bool
		path  string
	}{
		{"list the directory sub", listers, "sub"},
		{"list files in sub/", listers, "sub"},
		{"read notes.txt", readers, "notes.txt"},
		{"show me what's in notes.txt", readers, "notes.txt"},
		{"Show me what’s in src/main.go", readers, "src/main.go"},
		{"what's in sub", listers, "sub"},
		{"show me what's in " + cwd + "/sub", listers, "sub"},
	} {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: tc.query, Context: &TaskContext{CurrentWorkingDirectory: cwd}}, cat)
		if err != nil {
			t.Fatalf("%q: %v", tc.query, err)
		}
		if !tc.tools[p.Tool] {
			t.Errorf("%q: chose %q, want one of %v", tc.query, p.Tool, tc.tools)
		}
		var args struct{ Path string }
		_ = json.Unmarshal(p.Arguments, &args)
		if want := filepath.Join(cwd, tc.path); args.Path != want || !p.Executable() {
			t.Errorf("%q: path %q (missing %v), want %q", tc.query, args.Path, p.Missing, want)
		}
	}
}

func TestRewriteIdioms(t *testing.T) {
	for in, want := range map[string]string{
		"show me what's in notes.txt": "read contents of notes.txt",
		"What is in the logs bucket?": "list contents of the logs bucket?",
		"what’s in src/app.ts please": "read contents of src/app.ts please",
		"delete notes.txt":            "delete notes.txt",
		// Any preposition of containment, after an -ly adverb too, and a
		// verb of showing before the question.
		"what's directly inside /var/www/public?": "list contents of /var/www/public?",
		"whats within the logs bucket":            "list contents of the logs bucket",
		"show what's in /srv/app/config":          "list contents of /srv/app/config",
		"please tell us what is inside app.yaml":  "please read contents of app.yaml",
		"somewhat in the way":                     "somewhat in the way",
		"what's going in the release":             "what's going in the release",
	} {
		if got := rewriteIdioms(in); got != want {
			t.Errorf("rewriteIdioms(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestQueryShapes: readings of a task's shape that hold for any catalog.
func TestQueryShapes(t *testing.T) {
	cat := NewCatalog([]Tool{
		{Backend: "tracker", Name: "update_issue", Description: "Update an issue: title, state, open or closed."},
		{Backend: "tracker", Name: "create_issue", Description: "Create an issue."},
		{Backend: "chat", Name: "search_messages", Description: "Search messages across the workspace."},
		{Backend: "chat", Name: "channel_history", Description: "Get recent messages of a channel."},
		{Backend: "web", Name: "navigate_back", Description: "Go back to the previous page."},
		{Backend: "web", Name: "navigate", Description: "Navigate to a URL.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"url":{"type":"string"}}}`)},
		{Backend: "cloud", Name: "create_project", Description: "Creates a new project in an organization."},
		{Backend: "cloud", Name: "get_cost", Description: "Gets the cost of creating a new project or branch."},
	})
	for _, c := range []struct{ query, want string }{
		{"open an issue about the crash", "tracker__create_issue"}, // "open a/an" creates
		{"last 30 messages in #general", "chat__channel_history"},  // "#name" is a channel
		{"go to https://example.com", "web__navigate"},             // going to a URL navigates
		{"what will a new cloud project cost", "cloud__get_cost"},  // a question reads
	} {
		if res := cat.Search(c.query, nil, 1); len(res) == 0 || res[0].Tool.QualifiedName() != c.want {
			t.Errorf("%q: got %v, want %s", c.query, res, c.want)
		}
	}
}

// TestUnknownProductRefused: a task naming, as the product to use, a word
// the catalog does not know and that is not English, is refused; the same
// task without it, or naming an English word there, is planned.
func TestUnknownProductRefused(t *testing.T) {
	cat := NewCatalog([]Tool{
		{Backend: "boards", Name: "create_card", Description: "Create a card on a board.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"title":{"type":"string"}}}`)},
	})
	lex := NewLexical(nil)
	for _, c := range []struct {
		query string
		plan  bool
	}{
		{"create a card for the login bug", true},
		{"create a zorblax card for the login bug", false},
		{"create a card for the login bug via zorblax", false},
		{"create a green card for the login bug", true}, // English: not a product name
	} {
		p, err := lex.Plan(context.Background(), Task{Query: c.query}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.BackendID != ""; got != c.plan {
			t.Errorf("%q: planned %v (%s), want %v", c.query, got, p.Text, c.plan)
		}
	}
}

func TestCamelIdent(t *testing.T) {
	for w, want := range map[string]bool{
		"createdAt": true, "lastContact": true, "fileReadLineLimit": true, "pageId": true,
		"iPhone": false, "eBay": false, "macOS": false, "mongoDB": false, "pgBouncer": false,
		"created": false, "CreatedAt": false, "created_at": false, "userID": false,
	} {
		if got := camelIdent(w); got != want {
			t.Errorf("camelIdent(%q) = %v, want %v", w, got, want)
		}
	}
}
