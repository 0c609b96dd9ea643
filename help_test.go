package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpListsEveryCommand: `mcp-agentify help` names every subcommand the
// binary accepts, so that a newcomer finds tools and auth from --help.
func TestHelpListsEveryCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"help"}, strings.NewReader(""), &out, &errOut); code != exitOK {
		t.Fatalf("help: exit %d: %s", code, errOut.String())
	}
	for _, c := range commands {
		if c == "serve" || c == "help" {
			continue // serve is the default: "mcp-agentify [flags]"
		}
		if !strings.Contains(out.String(), "mcp-agentify "+c) {
			t.Errorf("help does not list %q:\n%s", c, out.String())
		}
	}
}
