package planner

import "testing"

// TestWordNumbers: English cardinals written as words (the teens, the
// tens, "a dozen", "twenty-five") and "half a minute" are read as numbers
// where digits would be; words that are no cardinal ("last week",
// "well-known", "one of them") give none.
func TestWordNumbers(t *testing.T) {
	checkCatalogArgs(t, "playwright__browser_wait_for", []argCase{
		{"wait half a minute", `{"time":30}`},
		{"wait half an hour", `{"time":1800}`},
		{"wait a second", `{"time":1}`},
		{"wait three seconds", `{"time":3}`},
		// Without the value.
		{"wait for the text 'Done' on the page", `{"text":"Done"}`},
	})
	checkCatalogArgs(t, "exa__web_search_exa", []argCase{
		{"find a dozen articles about vector databases", `{"numResults":12,"query":"vector databases"}`},
		{"find fourteen articles about vector databases", `{"numResults":14,"query":"vector databases"}`},
		{"find well-known articles about vector databases", `{"query":"vector databases"}`},
	})
	checkCatalogArgs(t, "brave-search__brave_web_search", []argCase{
		{"top twenty-five web results for bun vs deno", `{"count":25,"query":"top twenty-five web results for bun vs deno"}`},
		{"web results for bun vs deno from the last week, top five", `{"count":5,"query":"web results for bun vs deno from the last week, top five"}`},
		{"search the web for bun, last week", `{"query":"search the web for bun, last week"}`},
		{"search the web for one of the bun benchmarks", `{"query":"search the web for one of the bun benchmarks"}`},
	})
	checkCatalogArgs(t, "everything__get-sum", []argCase{
		{"add forty and twenty-two", `{"a":40,"b":22}`},
		{"add sixty and ninety-nine", `{"a":60,"b":99}`},
	})
	for w, want := range map[string]float64{"twenty-one": 21, "ninety-nine": 99, "seventy": 70, "dozen": 12, "ten": 10} {
		if got, ok := wordNumber(w); !ok || got != want {
			t.Errorf("wordNumber(%q) = %v, %v; want %v", w, got, ok, want)
		}
	}
	for _, w := range []string{"one", "well-known", "ten-two", "twenty-ten", "thirteen-one", "week", "second"} {
		if got, ok := wordNumber(w); ok {
			t.Errorf("wordNumber(%q) = %v, want none", w, got)
		}
	}
}
