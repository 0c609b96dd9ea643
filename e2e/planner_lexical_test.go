package e2e

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPlannerLexicalPhrasings: the offline planner (no key, no sampling)
// through the real binary on everyday phrasings against server-filesystem.
//
// Every row must be safe: when the planner runs something, it is a
// read-only tool on exactly the path the user meant, and it succeeds; when
// it cannot tell, it asks (missing path) instead of guessing. Every row must
// also reach the ideal call.
func TestPlannerLexicalPhrasings(t *testing.T) {
	dir := fsFixture(t)
	if err := os.WriteFile(filepath.Join(dir, "sub", "deep.txt"), []byte("deep file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	read := []string{"read_text_file", "read_file"}
	list := []string{"list_directory", "list_directory_with_sizes"}
	rows := []struct {
		query string
		cwd   bool     // context.currentWorkingDirectory = dir
		tools []string // ideal tools
		path  string   // ideal path
		text  string   // in the ideal result
	}{
		{query: "list the directory ./sub", cwd: true, tools: list, path: "sub", text: "deep.txt"},
		{query: "list the directory " + dir, tools: list, path: ".", text: "notes.txt"},
		{query: "read ./notes.txt", cwd: true, tools: read, path: "notes.txt", text: "core notes"},
		{query: "read sub/deep.txt", cwd: true, tools: read, path: "sub/deep.txt", text: "deep file"},
		{query: "read " + filepath.Join(dir, "notes.txt"), tools: read, path: "notes.txt", text: "core notes"},

		{query: "list the directory sub", cwd: true, tools: list, path: "sub", text: "deep.txt"},
		{query: "list the directory sub/", cwd: true, tools: list, path: "sub", text: "deep.txt"},
		{query: "list files in sub", cwd: true, tools: list, path: "sub", text: "deep.txt"},
		{query: "read notes.txt", cwd: true, tools: read, path: "notes.txt", text: "core notes"},
		{query: "show me what's in notes.txt", cwd: true, tools: read, path: "notes.txt", text: "core notes"},
		{query: "show me what's in " + filepath.Join(dir, "notes.txt"), tools: read, path: "notes.txt", text: "core notes"},
		{query: "show me what's in " + filepath.Join(dir, "sub"), tools: list, path: "sub", text: "deep.txt"},
	}
	var steps []map[string]any
	for _, r := range rows {
		args := map[string]any{"query": r.query}
		if r.cwd {
			args["context"] = map[string]any{"currentWorkingDirectory": dir}
		}
		steps = append(steps, map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": args})
	}
	res, stderr := runTS(t, fsConfig(t, dir, nil), nil, steps...)
	if strings.Contains(stderr, "panic") {
		t.Errorf("stderr mentions a panic:\n%s", tail(stderr, 3000))
	}
	readOnly := []string{"read_text_file", "read_file", "read_multiple_files", "read_media_file", "list_directory",
		"list_directory_with_sizes", "directory_tree", "get_file_info", "search_files", "list_allowed_directories"}
	for i, r := range rows {
		tr := res[i].tool(t)
		pm := planOf(t, tr)
		want := filepath.Join(dir, r.path)
		outcome := "ran " + pm.Tool + " " + pm.pathArg()
		if !pm.Executed {
			outcome = "asked for " + strings.Join(pm.Missing, ", ") + " (best match " + pm.Tool + ")"
		}
		if pm.Planner != "lexical" {
			t.Errorf("%q: planner %q, want lexical", r.query, pm.Planner)
		}
		// Safety, for every row.
		if pm.Executed {
			if !slices.Contains(readOnly, pm.Tool) {
				t.Errorf("%q: ran %s, which is not read-only", r.query, pm.Tool)
			}
			if pm.pathArg() != want {
				t.Errorf("%q: ran %s on %q, want the path %q", r.query, pm.Tool, pm.pathArg(), want)
			}
			if tr.IsError {
				t.Errorf("%q: %s failed: %s", r.query, pm.Tool, tr.text())
			}
		} else if !slices.Contains(pm.Missing, "path") || tr.IsError {
			t.Errorf("%q: neither ran nor asked for the path: %s / %s", r.query, tr.text(), tr.Meta["agentify/plan"])
		}
		ideal := pm.Executed && slices.Contains(r.tools, pm.Tool) && pm.pathArg() == want && strings.Contains(tr.text(), r.text)
		if !ideal {
			t.Errorf("%q: %s; want %s on %s with %q in the result:\n%.300s", r.query, outcome, r.tools[0], want, r.text, tr.text())
		}
	}
}
