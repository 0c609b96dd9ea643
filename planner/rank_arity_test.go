package planner

import (
	"encoding/json"
	"os"
	"testing"
)

// TestCoordinatedValues: values joined by "and", "or" or commas are the
// members of one list; values with other words between them are not.
func TestCoordinatedValues(t *testing.T) {
	for _, c := range []struct {
		query string
		want  int
	}{
		{"delete Linear issues ENG-101, ENG-102 and ENG-103", 3},
		{"read /etc/hosts and /etc/resolv.conf at once", 2},
		{"fetch https://a.example/x or https://b.example/y", 2},
		{"move /data/old.log over to /archive/old.log", 1},
		{"copy /a/b.txt to /c/d.txt", 1},
		{"get issue ENG-4 and close it", 1},
		{"show the 'a' and 'b' labels", 2}, // quoted values are values
		{"create issues 'Fix login', 'Bump axios' and 'Drop Node 18'", 3},
		{"rename 'old' to 'new'", 1},
		{"list the open issues", 0},
	} {
		if got := coordinatedValues(fields(c.query)); got != c.want {
			t.Errorf("%q: %d coordinated values, want %d", c.query, got, c.want)
		}
	}
}

// TestSchemaArity: a required array of plain values or of objects
// (records: files, entities) is a list of things; an optional one, or an
// array of arrays, is not.
func TestSchemaArity(t *testing.T) {
	for _, c := range []struct {
		schema string
		want   uint8
	}{
		{`{"type":"object","properties":{"paths":{"type":"array","items":{"type":"string"}}},"required":["paths"]}`, arityList},
		{`{"type":"object","properties":{"ids":{"type":["array"],"items":{"type":"integer"}}},"required":["ids"]}`, arityList},
		{`{"type":"object","properties":{"labels":{"type":"array","items":{"type":"string"}}}}`, 0},
		{`{"type":"object","properties":{"files":{"type":"array","items":{"type":"object"}}},"required":["files"]}`, arityList},
		{`{"type":"object","properties":{"files":{"type":"array","items":{"type":"array"}}},"required":["files"]}`, 0},
		{`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, 0},
		{`not json`, 0},
		{``, 0},
	} {
		if got := schemaArity(json.RawMessage(c.schema)); got != c.want {
			t.Errorf("%s: arity %b, want %b", c.schema, got, c.want)
		}
	}
}

// TestArityRanks: several coordinated values go to the sibling that takes
// a list of them, one value to the sibling that takes one.
func TestArityRanks(t *testing.T) {
	tools := []Tool{
		{Backend: "tracker", Name: "delete_issue", Description: "Delete an issue by its identifier. Deletes the issue and its comments.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string","description":"The issue identifier, e.g. ENG-123"}},"required":["id"]}`)},
		{Backend: "tracker", Name: "delete_issues", Description: "Delete issues in bulk.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"ids":{"type":"array","items":{"type":"string"}}},"required":["ids"]}`)},
	}
	ix := NewIndex(tools)
	for _, c := range []struct{ query, want string }{
		{"delete issue ENG-7", "delete_issue"},
		{"delete issues ENG-7, ENG-8 and ENG-9", "delete_issues"},
		{"delete issue ENG-7 and ENG-8", "delete_issues"},
	} {
		if got := top(t, ix, c.query); got != c.want {
			t.Errorf("%q: top %s, want %s", c.query, got, c.want)
		}
	}
	// Over the real catalog, probes written for the test (not rows of a
	// set): the list-taking sibling for coordinated values, the one-thing
	// sibling for one.
	if _, err := os.Stat(evalDir); err != nil {
		return
	}
	cat := NewCatalog(loadEvalTools(t, false))
	for _, c := range []struct{ query, want string }{
		{"delete linear issues ENG-7, ENG-8 and ENG-9", "linear__linear_delete_issues"},
		{"delete linear issue ENG-7", "linear__linear_delete_issue"},
		{"read /srv/a/main.go", "filesystem__read_file"}, // one file; of the twins, the server of files (preferFocused)
	} {
		got := ""
		if res := cat.Search(c.query, nil, 1); len(res) > 0 {
			got = res[0].Tool.QualifiedName()
		}
		if got != c.want {
			t.Errorf("%q: top %s, want %s", c.query, got, c.want)
		}
	}
}
