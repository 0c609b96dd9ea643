package planner

import (
	"encoding/json"
	"slices"
	"testing"
)

// A task that names a thing by its kind and id ("place ChIJ...") asks for
// that thing: a tool with no parameter for a thing of that kind ranks
// under one that takes it, however well its description matches what the
// task wants to know of it (the real catalog: Brave's local search lists
// "phone numbers and opening hours"). An id with no kind named changes
// nothing.
func TestNamedLookup(t *testing.T) {
	cat := NewCatalog([]Tool{
		{Backend: "local", Name: "local_search", Description: "Search for local businesses and places. Returns business names, phone numbers and opening hours.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"query":{"type":"string","description":"Local search query"},"count":{"type":"number"}},"required":["query"]}`)},
		{Backend: "maps", Name: "place_details", Description: "Get detailed information about a specific place.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"place_id":{"type":"string","description":"The place ID"}},"required":["place_id"]}`)},
		{Backend: "maps", Name: "geocode", Description: "Convert an address into coordinates.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"address":{"type":"string"}},"required":["address"]}`)},
	})
	// No kind named: the id alone says nothing of what it is.
	q := "opening hours and phone number near ChIJN1t_tDeuEmsRUsoyG83frY4"
	if res := cat.Search(q, nil, 2); len(res) == 0 || res[0].Tool.Name != "local_search" {
		t.Errorf("%q: %v, want local_search first", q, res)
	}

	ix := cat.Index()
	res := cat.Search("phone for place ChIJN1t_tDeuEmsRUsoyG83frY4 and page 7f3a9c21", nil, 3)
	v := extractValues("phone for place ChIJN1t_tDeuEmsRUsoyG83frY4 and page 7f3a9c21", "")
	if got := ix.namedLookup(res, &v); !slices.Equal(got, []string{normalizeWord("place")}) {
		t.Errorf("namedLookup = %q, want only the place (no candidate has a page parameter)", got)
	}

	skipWithoutEval(t)
	real := NewCatalog(loadEvalTools(t, false))
	for _, q := range []string{
		"get opening hours and phone number for place ChIJN1t_tDeuEmsRUsoyG83frY4",
		"what are the opening hours and phone number for place_id ChIJN1t_tDeuEmsRUsoyG83frY4?",
	} {
		if res := real.Search(q, nil, 2); len(res) == 0 || res[0].Tool.Name != "maps_place_details" {
			t.Errorf("real catalog, %q: %v, want maps_place_details first", q, res)
		}
	}
}

// takesKind looks into an object's members: Notion's parent.page_id takes
// a page.
func TestTakesKind(t *testing.T) {
	props := schemaProps(json.RawMessage(`{"type":"object","properties":{"parent":{"type":"object","properties":{"page_id":{"type":"string"}}},"title":{"type":"string"}},"required":["parent"]}`), 0)
	if !takesKind(props, []string{normalizeWord("page")}) {
		t.Error("parent.page_id: want a page taken")
	}
	if takesKind(props, []string{normalizeWord("block")}) {
		t.Error("no block parameter: want no block taken")
	}
}
