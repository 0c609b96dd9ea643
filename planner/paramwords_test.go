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
