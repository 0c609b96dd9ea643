package planner

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"testing"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// TestStartUpBuildsNoTables checks, in a fresh copy of the test binary (the
// tests in this one have used the planner already), that loading the
// package compiles none of its regular expressions and builds no synonym
// table, and that the first plan does both. A regexp.MustCompile or a table
// built at package level again fails it.
func TestStartUpBuildsNoTables(t *testing.T) {
	if os.Getenv("PLANNER_LAZY_CHILD") == "1" {
		if n := lazyregexp.Compiled(); n != 0 {
			t.Fatalf("%d regular expressions compiled before any planning", n)
		}
		if synonymsBuilt.Load() {
			t.Fatal("synonym table built before any planning")
		}
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: "fetch https://a.example/x and https://b.example/y as markdown"}, NewCatalog(lexicalFixture()))
		if err != nil {
			t.Fatal(err)
		}
		if p.Tool != "fetch_urls" {
			t.Fatalf("planned %s__%s, want web__fetch_urls", p.BackendID, p.Tool)
		}
		if lazyregexp.Compiled() == 0 || !synonymsBuilt.Load() {
			t.Fatalf("after a plan: %d regexps compiled, synonyms built %v; want both", lazyregexp.Compiled(), synonymsBuilt.Load())
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestStartUpBuildsNoTables$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "PLANNER_LAZY_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !regexp.MustCompile(`(?m)^--- PASS: TestStartUpBuildsNoTables`).Match(out) {
		t.Fatalf("child did not run the check:\n%s", out)
	}
}

// TestLazyRegexpsCompile compiles every lazy pattern, so that a bad one
// fails here rather than on the first query that reaches it.
func TestLazyRegexpsCompile(t *testing.T) {
	n, err := lazyregexp.Check()
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("only %d lazy patterns registered", n)
	}
}
