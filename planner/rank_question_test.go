package planner

import (
	"slices"
	"strings"
	"testing"
)

// TestDoneParticiple: the operations a task says its object has already
// undergone, and the participles that ask or only describe.
func TestDoneParticiple(t *testing.T) {
	cases := map[string][]string{
		"reopen the resolved comment c-1":                         {"resolv"},
		"reopen comment c-1, it was resolved too early":           {"resolv"},
		"reopen comment c-1, it got marked resolved by mistake":   {"resolv"},
		"bring back the paused project abc":                       {"paus"},
		"the branch is already merged, delete it":                 {"merg"},
		"I archived the page last week. Restore page p-1 please.": {"archiv"},
		"the page should be deleted":                              nil, // a request (passiveOp)
		"delete page p-1":                                         nil,
		"I'd like it deleted":                                     nil,
		"resolve comment c-1":                                     nil,
		"which branches were merged last week?":                   nil, // a question asks about the state
		"was PR 12 merged? if not, merge it":                      nil,
	}
	for q, want := range cases {
		if got := parseQuery(q).done; !slices.Equal(got, want) {
			t.Errorf("parseQuery(%q).done = %q, want %q", q, got, want)
		}
	}
}

// TestQuantifiedNoun: the head noun after "every", "all" and "each".
func TestQuantifiedNoun(t *testing.T) {
	for q, want := range map[string]string{
		"pull every reply under thread 1.2":        "reply",
		"grab all the replies in thread 1.2":       "reply",
		"list each of the comments on PR 4":        "comment",
		"list every network request the page made": "request",
		"close all our open issues":                stem("issues"),
		"delete all 'draft' pages":                 "",
		"list all":                                 "",
		"show every /tmp file":                     "",
	} {
		fs := fields(q)
		got := ""
		for i, f := range fs {
			if w := strings.ToLower(f.text); w == "every" || w == "all" || w == "each" {
				got = quantifiedNoun(fs, i)
			}
		}
		if got != want {
			t.Errorf("quantifiedNoun(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestHowAttributeSynonyms: a question of degree asks for the adjective's
// attribute and the attribute's WordNet synonyms ("how high": height,
// elevation).
func TestHowAttributeSynonyms(t *testing.T) {
	q := parseQuery("how high above sea level is 46.85,-121.76?")
	var got []string
	for _, w := range q.words {
		got = append(got, w.term)
	}
	for _, want := range []string{stem("height"), stem("elevation")} {
		if !slices.Contains(got, want) {
			t.Errorf("how high: words %q lack %q", got, want)
		}
	}
}

// TestWhichThingsPartitive: "which" and "what" before a plural noun
// phrase, also through a partitive ("which of my searches"); "any" only
// through one.
func TestWhichThingsPartitive(t *testing.T) {
	for q, want := range map[string]bool{
		"which file searches are still running?":              true,
		"which of my background file searches are running?":   true,
		"are any of my background file searches still going?": true,
		"are any of the open issues still assigned to me?":    true,
		"is there any way to pause it?":                       false,
		"which of these is faster?":                           false,
		"what issues should I create?":                        false,
	} {
		if got := whichThings(fields(q)); got != want {
			t.Errorf("whichThings(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestNameSiblings: the tools of one backend whose names differ in one
// word from a tool named for a verb there.
func TestNameSiblings(t *testing.T) {
	ix := NewIndex([]Tool{
		{Backend: "b", Name: "screencast_start", Description: "Start a recording."},
		{Backend: "b", Name: "screencast_stop", Description: "Stop a recording."},
		{Backend: "b", Name: "create_issue", Description: "Create an issue."},
		{Backend: "b", Name: "update_issue", Description: "Update an issue."},
		{Backend: "b", Name: "get_issues", Description: "List issues."},
		{Backend: "c", Name: "screencast_pause", Description: "Pause a recording."},
	})
	lowered := func(verb string) []string {
		var out []string
		ix.siblingsNamedFor(verb, func(d int32) { out = append(out, ix.tools[d].Name) })
		slices.Sort(out)
		return out
	}
	for w, want := range map[string][]string{
		stem("stop"):   {"screencast_start"},
		stem("start"):  {"screencast_stop"},
		stem("update"): {"create_issue", "get_issues"}, // "issues" is "issue" analyzed
		stem("pause"):  nil,                            // another backend's
		stem("issue"):  nil,                            // the word all three share
	} {
		if got := lowered(w); !slices.Equal(got, want) {
			t.Errorf("tools with a sibling named for %q = %q, want %q", w, got, want)
		}
	}
}

// TestWhichHeadReadObject: a question of which things there are reads its
// noun phrase's head as the object of a listing.
func TestWhichHeadReadObject(t *testing.T) {
	for q, want := range map[string][]string{
		"what collections are in the analytics db?": {normalizeWord("collections")},
		"which of my file searches are running?":    {normalizeWord("searches")},
		"what is in the analytics db?":              {normalizeWord("contents")}, // rewritten "list contents of" (rewriteIdioms)
		"list the collections in the analytics db":  {normalizeWord("collections")},
	} {
		if got := parseQuery(q).readObject; !slices.Equal(got, want) {
			t.Errorf("parseQuery(%q).readObject = %q, want %q", q, got, want)
		}
	}
}

// TestEmojiShortcode: a name between two colons, as chat and code hosts
// write an emoji.
func TestEmojiShortcode(t *testing.T) {
	for text, want := range map[string]bool{
		":white_check_mark:": true,
		":+1:":               true,
		":tada:.":            true,
		"note:":              false,
		"::":                 false,
		":Tada:":             false,
		"a:b:c":              false,
	} {
		if got := emojiShortcode(text); got != want {
			t.Errorf("emojiShortcode(%q) = %v, want %v", text, got, want)
		}
	}
}
