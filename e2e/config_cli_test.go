package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestConfigCLIFlagPlacement: flags may follow the task ("ask "…" --json")
// and global flags may precede the command ("--config X ask"); ask reports
// progress on stderr while backends start, never on stdout.
func TestConfigCLIFlagPlacement(t *testing.T) {
	root := repoRoot(t)
	for _, tc := range []struct {
		args     []string
		wantJSON bool
	}{
		{[]string{"ask", demoQuery, "--json", "--config", "testdata/demo.json"}, true},
		{[]string{"--config", "testdata/demo.json", "ask", demoQuery, "--json"}, true},
		{[]string{"ask", "--config", "testdata/demo.json", "--", demoQuery, "--json"}, false}, // after --, part of the task
	} {
		args, wantJSON := tc.args, tc.wantJSON
		out, errOut, code := runCLI(t, root, nil, args...)
		if code != 0 {
			t.Errorf("%q: exit %d\n%s\n%s", args, code, out, errOut)
			continue
		}
		var v struct {
			Plan struct {
				Tool string `json:"tool"`
			} `json:"plan"`
		}
		err := json.Unmarshal([]byte(out), &v)
		if wantJSON && (err != nil || v.Plan.Tool != "read_file") {
			t.Errorf("%q: stdout is not the JSON plan (%v):\n%s", args, err, out)
		}
		if !wantJSON && (err == nil || !strings.Contains(out, "Plan (")) {
			t.Errorf("%q: want the text output:\n%s", args, out)
		}
		if !strings.Contains(errOut, "mcp-agentify ask: starting 1 backends...") || !strings.Contains(errOut, "  demo ready in ") {
			t.Errorf("%q: no progress on stderr:\n%s", args, errOut)
		}
	}
	// A stray argument to a command that takes none is an error, not ignored.
	_, errOut, code := runCLI(t, root, nil, "check", "--config", "testdata/demo.json", "extra")
	if code != 2 || !strings.Contains(errOut, `unexpected argument "extra"`) {
		t.Errorf("check extra: exit %d, %q", code, errOut)
	}
}
