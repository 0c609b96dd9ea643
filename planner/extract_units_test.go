package planner

import (
	"strconv"
	"strings"
	"testing"
)

// TestDurationUnits: a number written with a time unit is converted to the
// unit the parameter's name or description declares; a bare number is not
// touched by this rule.
func TestDurationUnits(t *testing.T) {
	desc := `{"type":"object","properties":{"text":{"type":"string"},"timeout":{"type":"integer","description":"Maximum wait time in milliseconds."}},"required":["text"]}`
	checkArgs(t, desc, []argCase{
		{"wait up to 2 minutes for the text 'Loaded'", `{"text":"Loaded","timeout":120000}`},
		{"wait up to 30s for the text 'Loaded'", `{"text":"Loaded","timeout":30000}`},
		{"wait up to 1.5 seconds for the text 'Loaded'", `{"text":"Loaded","timeout":1500}`},
	})
	checkArgs(t, `{"type":"object","properties":{"key":{"type":"string"},"expireSeconds":{"type":"number"}},"required":["key"]}`, []argCase{
		{"cache key k1 for 5 minutes", `{"expireSeconds":300,"key":"k1"}`},
		{"cache key k1 for 500ms", `{"expireSeconds":0.5,"key":"k1"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"command":{"type":"string"},"timeout_ms":{"type":"number"}},"required":["command"]}`, []argCase{
		{"run 'make' with a 10 second timeout", `{"command":"make","timeout_ms":10000}`},
	})
	for name, want := range map[string]float64{"timeout_ms": 1, "expireSeconds": 1000, "timeout": 0, "maxResults": 0} {
		if got := paramTimeUnit(argProp{name: name, typ: "number"}); got != want {
			t.Errorf("paramTimeUnit(%s) = %v, want %v", name, got, want)
		}
	}
}

// TestJSONSnippet: a JSON object or array in the task fills the object or
// array parameter that names it (or the only one), and its quoted members
// are not read as quoted values of their own.
func TestJSONSnippet(t *testing.T) {
	schema := `{"type":"object","properties":{"title":{"type":"string"},"labels":{"type":"array","items":{"type":"string"}},"body":{"type":"object"},"headers":{"type":"object"}},"required":["title"]}`
	checkArgs(t, schema, []argCase{
		{`send body {"a": 1, "b": "x y"} titled 'T1'`, `{"body":{"a":1,"b":"x y"},"title":"T1"}`},
		{`use labels ["bug", "p1"] and title 'T1'`, `{"labels":["bug","p1"],"title":"T1"}`},
		{`post {"a": 1} titled 'T1'`, `{"title":"T1"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"document":{"type":"object"},"collection":{"type":"string"}},"required":["document","collection"]}`, []argCase{
		{`insert {"name": "Ann", "age": 31} into collection users`, `{"collection":"users","document":{"age":31,"name":"Ann"}}`},
	})
	if sn, rest := jsonSnippets(`a [x] and {"k": "}"} b`); len(sn) != 1 || string(sn[0]) != `{"k": "}"}` || rest != `a [x] and            b` {
		t.Errorf("jsonSnippets = %q, %q", sn, rest)
	}
}

// TestUnitPhrasing: "an hour" is one hour; "1024 by 768" a size; a number
// before a plural noun a count unless the noun is a unit; a distance is
// converted to the unit the description declares.
func TestUnitPhrasing(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"key":{"type":"string"},"expireSeconds":{"type":"number"}},"required":["key"]}`, []argCase{
		{"cache key k1 for an hour", `{"expireSeconds":3600,"key":"k1"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"pageId":{"type":"number"},"width":{"type":"integer"},"height":{"type":"integer"}},"required":["pageId","width","height"]}`, []argCase{
		{"resize page 1 to 1024 by 768", `{"height":768,"pageId":1,"width":1024}`},
	})
	checkArgs(t, `{"type":"object","properties":{"limit":{"type":"number"}}}`, []argCase{
		{"list 50 slack users", `{"limit":50}`},
		{"give me 4 resource links", `{"limit":4}`},
		{"users who joined 3 months ago", `{}`},
	})
	checkArgs(t, `{"type":"object","properties":{"query":{"type":"string"},"radius":{"type":"number","description":"Search radius in meters (max 50000)"}},"required":["query"]}`, []argCase{
		{"find 'sushi' within 2 km", `{"query":"sushi","radius":2000}`},
		{"find 'sushi' within 500 meters", `{"query":"sushi","radius":500}`},
	})
	checkArgs(t, `{"type":"object","properties":{"selector":{"type":"string","description":"CSS selector"}},"required":["selector"]}`, []argCase{
		{"click on .btn-primary", `{"selector":".btn-primary"}`},
		{"click on .env", `{}`},
	})
}

// TestPropsCache: a schema read again returns the same parameters, and the
// cache never holds more than propsCacheSize schemas.
func TestPropsCache(t *testing.T) {
	a := toolProps([]byte(`{"type":"object","properties":{"x":{"type":"string"}}}`))
	b := toolProps([]byte(`{"type":"object","properties":{"x":{"type":"string"}}}`))
	if len(a) != 1 || &a[0] != &b[0] {
		t.Fatalf("second read did not come from the cache: %v %v", a, b)
	}
	for i := range propsCacheSize + 10 {
		toolProps([]byte(`{"type":"object","properties":{"p` + strconv.Itoa(i) + `":{"type":"number"}}}`))
	}
	propsCache.Lock()
	n := len(propsCache.m)
	propsCache.Unlock()
	if n > propsCacheSize {
		t.Errorf("cache holds %d schemas, want <= %d", n, propsCacheSize)
	}
}

// TestCountWords: a result count written as a word ("the last ten", "ten
// open issues") limits a listing like its digits do; "one" is not read.
func TestCountWords(t *testing.T) {
	list := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"per_page":{"type":"number"}},"required":["owner","repo"]}`
	checkArgs(t, list, []argCase{
		{"show me the last ten commits in acme/web", `{"owner":"acme","per_page":10,"repo":"web"}`},
		{"list twenty open issues in acme/web", `{"owner":"acme","per_page":20,"repo":"web"}`},
		{"list the issues in acme/web", `{"owner":"acme","repo":"web"}`},
		{"list one issue in acme/web", `{"owner":"acme","repo":"web"}`},
		// "the last 24 hours" is a period, not a count.
		{"list the issues of acme/web from the last 24 hours", `{"owner":"acme","repo":"web"}`},
		{"list the issues of acme/web from the last two days", `{"owner":"acme","repo":"web"}`},
	})
}

// TestLinkedNumber: a number joined to a parameter's name by a linking
// word ("depth of 3", "retries is 2") belongs to that parameter.
func TestLinkedNumber(t *testing.T) {
	crawl := `{"type":"object","properties":{"url":{"type":"string"},"max_depth":{"type":"integer"},"retries":{"type":"integer"}},"required":["url"]}`
	checkArgs(t, crawl, []argCase{
		{"crawl https://docs.example.dev with a max depth of 3", `{"max_depth":3,"url":"https://docs.example.dev"}`},
		{"crawl https://docs.example.dev, retries at 2", `{"retries":2,"url":"https://docs.example.dev"}`},
		{"crawl https://docs.example.dev in 3 passes", `{"url":"https://docs.example.dev"}`},
	})
}

// TestObjectForList: one JSON object written for a list of objects is its
// one item; a list of strings takes no object.
func TestObjectForList(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"collection":{"type":"string"},"documents":{"type":"array","items":{"type":"object"}}},"required":["collection","documents"]}`, []argCase{
		{`insert a document {"name": "ada"} into the collection people`, `{"collection":"people","documents":[{"name":"ada"}]}`},
		{`insert [{"name": "ada"}, {"name": "bob"}] into the collection people`, `{"collection":"people","documents":[{"name":"ada"},{"name":"bob"}]}`},
	})
	checkArgs(t, `{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}}}}`, []argCase{
		{`tag it {"name": "ada"}`, `{}`},
	})
}

// TestMeasuredNotSole: a number written with a unit or a word of dimension
// is a measure, and one after a word of rank a count, not the tool's one
// required number.
func TestMeasuredNotSole(t *testing.T) {
	shot := `{"type":"object","properties":{"pageId":{"type":"number"},"format":{"type":"string"}},"required":["pageId"]}`
	checkArgs(t, shot, []argCase{
		{"take a screenshot at 1280 wide", `{}`},
		{"take a screenshot 800 px tall", `{}`},
		{"take a screenshot of 3", `{"pageId":3}`},
	})
	// A number after a word of rank counts things from one end of a list
	// (ranked): no process of that number.
	proc := `{"type":"object","properties":{"pid":{"type":"number"},"offset":{"type":"number"}},"required":["pid"]}`
	checkArgs(t, proc, []argCase{
		{"show the last 20 start_process calls you made", `{}`},
		{"show the first 10 calls", `{}`},
		{"show the output of 4412", `{"pid":4412}`},
	})
}

// TestNumberOnce: one number written once fills one parameter ("page 2"
// is the page, not also the page size).
func TestNumberOnce(t *testing.T) {
	list := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"page":{"type":"number"},"per_page":{"type":"number"}},"required":["owner","repo"]}`
	checkArgs(t, list, []argCase{
		{"show me page 2 of the issues in acme/web", `{"owner":"acme","page":2,"repo":"web"}`},
		{"list 20 issues in acme/web", `{"owner":"acme","per_page":20,"repo":"web"}`},
		{"list 20 issues in acme/web, page 3", `{"owner":"acme","page":3,"per_page":20,"repo":"web"}`},
	})
}

// TestCountOfThings: a whole number before a plural noun counts the
// things asked for; "up to" bounds it; a preposition of place, a unit or a
// noun before a partitive do not count.
func TestCountOfThings(t *testing.T) {
	for q, want := range map[string]int{
		"list 50 users":                          50,
		"list up to 20 of our discount coupons":  20,
		"list 20 of our discount coupons":        20,
		"list up to 20 prices of product prod_1": 20,
		"show me 5 of our coupons":               5,
		"issues in 3 repos":                      0, // a preposition: what they relate to
		"show page 2 of our coupons":             0, // a noun before the partitive
		"the last 3 months of invoices":          0, // a unit
		"walk up to 20 meters":                   0,
		// A noun phrase of two premodifiers and its plural head.
		"give me 5 sample resource links":  5,
		"list 5 open pull requests":        5,
		"list 5 of the open pull requests": 5,
		// The whole object of "give me": what the request returns.
		"find papers on decoding, give me 10": 10,
		"give me 10, sorted by date":          10,
		"add 10":                              0,
		// A superlative's "most" is part of its adjective.
		"show the 5 most recent invoices":   5,
		"list the 3 least expensive prices": 3,
		// ... and does not take one of the two premodifiers' places.
		"list the 20 most recent Stripe invoices": 20,
		// A verb of stopping and its object, at the end of the task too.
		"crawl the docs, cap it at 40 pages": 40,
		"map every URL, cap it at 500":       500,
		"crawl the site and stop at 200":     200,
		"the cap of it at 9":                 0,
		// A bound after the number, or "max" before one ending the list.
		"show me my monitors, 20 at most":       20,
		"show past-due subscriptions, 20 max":   20,
		"show past-due subscriptions, max 20":   20,
		"list past_due subscriptions, up to 20": 20,
		"which are past_due? give me up to 20":  20,
		"set the max 20 on it and retry":        0,
		"20 at most of the rows failed":         0,
		// How many one page holds.
		"list slack channels, 50 per page": 50,
		"list channels 25 a page":          25,
		"rate limit to 50 per second":      0,
	} {
		if got := countOfThings(strings.Fields(q)); got != want {
			t.Errorf("%q: %d, want %d", q, got, want)
		}
	}
}

// TestTopK: a parameter named k, as top-k retrieval names how many results
// it returns, takes the count the task asks for.
func TestTopK(t *testing.T) {
	checkCatalogArgs(t, "firecrawl__firecrawl_research_search_papers", []argCase{
		{"search arxiv for papers about speculative decoding, give me the top 15", `{"k":15,"query":"speculative decoding"}`},
		{"find arXiv papers about speculative decoding, give me 10", `{"k":10,"query":"speculative decoding"}`},
		{"find arXiv papers about speculative decoding", `{"query":"speculative decoding"}`},
	})
}

// TestJSObject: an object literal as JavaScript and the MongoDB shell
// write it (keys without quotes, strings in single quotes) is the JSON it
// stands for; one with anything else JSON lacks is no JSON.
func TestJSObject(t *testing.T) {
	for in, want := range map[string]string{
		`{sku: 'A1', qty: 5}`:             `{"sku": "A1", "qty": 5}`,
		`{$set: {plan: 'classic'}}`:       `{"$set": {"plan": "classic"}}`,
		`{"a": 'it"s', b: true, c: null}`: `{"a": "it\"s", "b": true, "c": null}`,
		`{status: pending}`:               ``,
		`{"already": "json"}`:             ``,
		`{a: function() { return 1 }}`:    ``,
	} {
		got, ok := jsObject([]byte(in))
		if !ok {
			got = nil
		}
		if string(got) != want {
			t.Errorf("jsObject(%s) = %s, want %s", in, got, want)
		}
	}
	checkCatalogArgs(t, "mongodb__insert-many", []argCase{
		{"insert two docs into the audit_log collection of the ops database: {action: 'login', user: 'u17'} and {action: 'logout', user: 'u17'}",
			`{"collection":"audit_log","database":"ops","documents":[{"action":"login","user":"u17"},{"action":"logout","user":"u17"}]}`},
	})
}

// TestPositionOrCount: a parameter named as a position ("thoughtNumber")
// takes the number after its noun ("thought 3"); a number before the noun
// in the plural counts ("6 thoughts": totalThoughts), as does the total of
// "thought 3 of 6" (positionOfTotal). "to reason" is no
// git branch for an opaque branchId.
func TestPositionOrCount(t *testing.T) {
	checkCatalogArgs(t, "sequential-thinking__sequentialthinking", []argCase{
		{"use sequential thinking to reason through our cache design, plan on about 6 thoughts", `{"totalThoughts":6}`},
		{"continue with thought 3 of 6 in sequential thinking: check the TTL", `{"thought":"check the TTL","thoughtNumber":3,"totalThoughts":6}`},
	})
}
