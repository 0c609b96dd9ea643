package main

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestEnumStrings: the string members of every enum of a schema, at any
// depth (array items, nested properties), and nothing else.
func TestEnumStrings(t *testing.T) {
	var schema any
	if err := json.Unmarshal([]byte(`{"type":"object","properties":{
		"mode":{"type":"string","enum":["driving","bicycling"]},
		"opts":{"type":"array","items":{"type":"object","properties":{"kind":{"enum":["classic",3,"search"]}}}},
		"name":{"type":"string","description":"not an enum"}}}`), &schema); err != nil {
		t.Fatal(err)
	}
	var got []string
	enumStrings(schema, func(s string) { got = append(got, s) })
	slices.Sort(got)
	if want := []string{"bicycling", "classic", "driving", "search"}; !slices.Equal(got, want) {
		t.Errorf("enumStrings = %v, want %v", got, want)
	}
}
