package planner

import (
	"strings"
	"testing"
)

// TestEnumByMeaning: "newest first" gives an order parameter "desc" (only
// when the parameter is about order), a member written out in full gives
// its clipped form, and a synonym names a member of a required parameter
// only.
func TestEnumByMeaning(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"order":{"type":"string","enum":["asc","desc"],"description":"Sort direction"}}}`, []argCase{
		{"list the commits newest first", `{"order":"desc"}`},
		{"list the commits oldest first", `{"order":"asc"}`},
		{"list the commits in descending order", `{"order":"desc"}`},
		{"list the commits", `{}`},
	})
	checkArgs(t, `{"type":"object","properties":{"mode":{"type":"string","enum":["asc","desc"],"description":"Rendering mode"}}}`, []argCase{
		{"list the commits newest first", `{}`},
	})
	if got := planArgs(t, `{"type":"object","properties":{"action":{"type":"string","enum":["delete","archive"]}},"required":["action"]}`, "remove the file"); got != `{"action":"delete"}` {
		t.Errorf("required enum by synonym: %s", got)
	}
	if got := planArgs(t, `{"type":"object","properties":{"action":{"type":"string","enum":["delete","archive"]}}}`, "remove the file"); got != `{}` {
		t.Errorf("optional enum by synonym: %s, want none", got)
	}
}

// TestDeniedEnumMember: a member the task turns down ("not markdown",
// "instead of markdown") is not the value.
func TestDeniedEnumMember(t *testing.T) {
	checkCatalogArgs(t, "tavily__tavily_extract", []argCase{
		{"extract https://x.dev/a via tavily, plain text not markdown", `{"format":"text","urls":["https://x.dev/a"]}`},
		{"extract https://x.dev/a as text instead of markdown", `{"format":"text","urls":["https://x.dev/a"]}`},
		{"extract https://x.dev/a as markdown", `{"format":"markdown","urls":["https://x.dev/a"]}`},
	})
}

// TestEnumTypo: a misspelt enum member, one edit away and no English
// word, names the member ("sorted by folowers"); an English word one edit
// away does not ("sorted by follows").
func TestEnumTypo(t *testing.T) {
	enum := []string{"followers", "repositories", "joined"}
	for q, want := range map[string]string{
		"sorted by folowers": "followers",
		"sorted by follows":  "",
		"sorted by joined":   "joined",
	} {
		got, _ := enumInQuery(enum, strings.Fields(q), q)
		if got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
}

// TestAppendEnum: content put "(on)to the end of" or "at the bottom of" a
// thing is appended (WordNet's append, "add to the very end"); a thing
// said to be at the end of another after a copula is no content put there.
func TestAppendEnum(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"mode":{"type":"string","enum":["rewrite","append"]}}}`, []argCase{
		{"tack the line DEBUG=1 onto the end of the env file", `{"mode":"append"}`},
		{"put a paragraph at the bottom of the page", `{"mode":"append"}`},
		{"write DEBUG=1 into the env file", `{}`},
		{"the typo is at the end of the env file, fix it", `{}`},
		{"write the summary to the file at the end of the week", `{}`},
	})
}
