package planner

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWordNetTableFresh regenerates wordnet.txt from Debian's wordnet-base
// and fails when the committed table differs. Without WordNet installed it
// skips, unless AGENTIFY_REQUIRE_WORDNET=1 (scripts/test.sh sets it after
// installing the package) makes that a failure.
func TestWordNetTableFresh(t *testing.T) {
	if _, err := os.Stat("/usr/share/wordnet/index.noun"); err != nil {
		if os.Getenv("AGENTIFY_REQUIRE_WORDNET") == "1" {
			t.Fatalf("WordNet not installed (apt-get install wordnet-base): %v", err)
		}
		t.Skipf("WordNet not installed (apt-get install wordnet-base): %v", err)
	}
	out, err := exec.Command("go", "run", "./gen/wordnet", "-check", "-dir", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("generator: %v\n%s", err, out)
	}
}

// TestWordNetTableLoaded checks that the embedded table reaches the ranker:
// a WordNet-only synonym expands, and the licence notice is embedded.
func TestWordNetTableLoaded(t *testing.T) {
	if !strings.Contains(wordnetTable, "Princeton University") {
		t.Fatal("wordnet.txt lacks the WordNet licence notice")
	}
	tab := synonyms()
	var n int
	for _, line := range strings.Split(wordnetTable, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if a := analyzeAll(f[0]); len(a) == 1 && len(tab[a[0]]) > 0 {
			n++
		}
	}
	if n < 1000 {
		t.Errorf("only %d WordNet words expand in the synonym table, want >= 1000", n)
	}
}

// TestChangeVerbTable checks the embedded verbs of change: the licence
// notice is there, verbs of change are in it, verbs of obtaining, knowing,
// telling and perceiving and words that are no verbs are not.
func TestChangeVerbTable(t *testing.T) {
	if !strings.Contains(changeVerbTable, "Princeton University") {
		t.Fatal("wordnet_verbs.txt lacks the WordNet licence notice")
	}
	for _, w := range []string{"archive", "invite", "lock", "deactivate", "pin", "rotate"} {
		if !isChangeVerb(w) {
			t.Errorf("%q is not a verb of change", w)
		}
	}
	for _, w := range []string{"survey", "peruse", "scan", "infer", "summarize", "mute", "coffee", "recent", ""} {
		if isChangeVerb(w) {
			t.Errorf("%q is a verb of change", w)
		}
	}
}

// TestAdjectiveTable checks the embedded adjectives: the licence notice is
// there, adjectives are in it, and names and nouns without an adjective
// sense are not.
func TestAdjectiveTable(t *testing.T) {
	if !strings.Contains(adjectiveTable, "Princeton University") {
		t.Fatal("wordnet_adjectives.txt lacks the WordNet licence notice")
	}
	for _, w := range []string{"fine", "broken", "dead", "green", "down", "better"} {
		if !isAdjective(w) {
			t.Errorf("%q is not an adjective", w)
		}
	}
	for _, w := range []string{"acme", "northwind", "project", "sentry", "ab"} {
		if isAdjective(w) {
			t.Errorf("%q is an adjective", w)
		}
	}
}
