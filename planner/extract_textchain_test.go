package planner

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTextChain: the rich-text shape of an array's items, read through an
// object alternative and members that are alone or alone required; none
// for a list of strings, of free-form objects, or of objects with two
// required members.
func TestTextChain(t *testing.T) {
	for items, want := range map[string]string{
		`{"anyOf":[{"type":"object","properties":{"text":{"type":"object","properties":{"content":{"type":"string"}},"required":["content"]}},"required":["text"]},{"type":"string"}]}`: "text.content",
		`{"type":"object","properties":{"text":{"type":"object","properties":{"content":{"type":"string"},"link":{"type":"object"}},"required":["content"]}}}`:                          "text.content",
		`{"type":"string"}`:                             "",
		`{"type":"object","additionalProperties":true}`: "",
		`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a","b"]}`:                "",
		`{"type":"object","properties":{"text":{"anyOf":[{"type":"object","properties":{"content":{"type":"string"}}}]}}}`: "",
	} {
		if got := strings.Join(textChain(json.RawMessage(items)), "."); got != want {
			t.Errorf("%s: %q, want %q", items, got, want)
		}
	}
}
