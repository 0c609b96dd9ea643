package planner

import (
	"context"
	"encoding/json"
	"testing"
)

// TestNumberFromParamDescription: a number whose neighbours both appear in
// a parameter's description fills it; a number next to unrelated words
// does not.
func TestNumberFromParamDescription(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{
		"path":{"type":"string"},
		"head":{"type":"number","description":"If provided, returns only the first N lines of the file"},
		"tail":{"type":"number","description":"If provided, returns only the last N lines of the file"}},
		"required":["path"]}`)
	cat := NewCatalog([]Tool{{Backend: "fs", Name: "read_text_file", Description: "Read the contents of a text file.", InputSchema: schema}})
	for _, c := range []struct{ query, want string }{
		{"read the first 20 lines of /srv/app.log", `{"head":20,"path":"/srv/app.log"}`},
		{"read the last 5 lines of /srv/app.log", `{"path":"/srv/app.log","tail":5}`},
		{"read the text file /srv/app.log twice, 3 times", `{"path":"/srv/app.log"}`},
	} {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: c.query}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if string(p.Arguments) != c.want {
			t.Errorf("%q: arguments %s, want %s", c.query, p.Arguments, c.want)
		}
	}
}
