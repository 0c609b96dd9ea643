package planner

import (
	"encoding/json"
	"slices"
	"testing"
)

// A parameter's words are read once with its schema and shared by every
// query that reads them, concurrently: appending to them (anchoredValue
// appends to the head noun) must copy, never write into the shared array,
// whatever the number of words (append's growth rounds 17 strings up to
// room for 18).
func TestParamWordsShared(t *testing.T) {
	name := "aaaOneTwoThreeFourFiveSixSevenEightNineTenElevenTwelveThirteenFourteenFifteenSixteenSeventeen"
	props := schemaProps(json.RawMessage(`{"type":"object","properties":{"`+name+`":{"type":"string"},"id":{"type":"string"}}}`), 0)
	for _, p := range props {
		w := p.paramWords()
		if !slices.Equal(w, paramWords(p.name)) {
			t.Errorf("%s: words %q, want %q", p.name, w, paramWords(p.name))
		}
		if w == nil || cap(w) != len(w) {
			t.Errorf("%s: len %d cap %d (nil %v), want a non-nil slice with no room to append in place", p.name, len(w), cap(w), w == nil)
		}
		head := w[max(len(w)-1, 0):]
		_ = append(head, "appended")
		if got := p.paramWords(); !slices.Equal(got, paramWords(p.name)) || len(got) > 0 && slices.Contains(got[:cap(got)], "appended") {
			t.Errorf("%s: an append to the shared words changed them: %q", p.name, got[:cap(got)])
		}
	}
}

// A parameter's described example values are read once with its
// description (describeProp) and must be what paramExamples reads from it,
// for every parameter of the real catalog, nested ones included, and for
// a parameter described from its tool's description (documentedMembers).
func TestParamExamplesKept(t *testing.T) {
	skipWithoutEval(t)
	var walk func(tool string, props []argProp)
	kept := 0
	walk = func(tool string, props []argProp) {
		for _, p := range props {
			if got, want := p.examples(), paramExamples(p); !slices.Equal(got, want) {
				t.Errorf("%s.%s: kept examples %q, want %q", tool, p.name, got, want)
			}
			if len(p.exs) > 0 {
				kept++
			}
			walk(tool, p.nested)
		}
	}
	cat := NewCatalog(loadEvalTools(t, false))
	ix := cat.Index()
	for d := range ix.tools {
		walk(ix.tools[d].QualifiedName(), ix.docProps(int32(d)))
	}
	if kept == 0 {
		t.Fatal("no parameter of the catalog kept an example value: the test reads nothing")
	}
}
