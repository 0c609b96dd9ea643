package planner

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestDotWordRealCatalog probes dotWord over the real tools of the shared
// evaluation catalog with tasks written for it: a word written with a
// leading period (a hidden file, an extension, a CSS class), or as a
// segment of a path, where a product's name may stand is a value, and the
// task is planned (the first three are refused without the rule); a product no backend serves, named
// in the same places without the period, is still refused.
func TestDotWordRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		// (One whole file, path and content: the tool for one file
		// (rerank.go); without a content read, push_files.)
		"commit a .nvmrc containing 20 to main of lumen-app/frontend with message 'pin node 20'": "create_or_update_file",
		"commit a .prettierrc with {} to main of acme/web, message 'add prettier'":               "push_files",
		// The name is the path's last segment: the file's name (a
		// manifest's, relativePath), whose content is read.
		"The repo still lacks a Jenkinsfile pipeline. Commit ci/Jenkinsfile with 'pipeline {}' to main of acme/web, message 'add jenkinsfile'": "create_or_update_file",
	})
	wantRefusals(t, cat, []string{
		"commit a nvmrc containing 20 to main of lumen-app/frontend with message 'pin node 20'",
		"create a Trello card for github issue 12 in acme/web",
		"sync the Notion page Roadmap to Confluence",
	})
	for _, c := range []struct {
		query, word string
		want        bool
	}{
		{"commit a .nvmrc containing 20", "nvmrc", true},
		{"find every .proto file under /srv", "proto", true},
		{"hover over (.user-menu) on the page", "user-menu", true},
		{"read config.nvmrc from the repo", "nvmrc", false}, // an extension's dot inside a name
		{"commit a nvmrc containing 20", "nvmrc", false},
		{"open trello.", "trello", false},
		{"add .github/CODEOWNERS to acme/api", "codeowners", true},
		{"put it in src/Router/index.ts", "router", true},
		{"move it to boards/trello/", "trello", true}, // a directory's name
		{"move the card from jira to trello", "trello", false},
		{"read /etc/trellofile", "trello", false}, // part of a segment
	} {
		if got := dotWord(c.query, c.word); got != c.want {
			t.Errorf("dotWord(%q, %q) = %v, want %v", c.query, c.word, got, c.want)
		}
	}
}

// TestNamePlaces: a word after a value (a path, a reference) follows the
// value, not the preposition before it ("in acme/api, oldest first" names
// no product), and a capitalized English word before a WordNet name
// word is part of that name ("Black Friday"), not a product.
func TestNamePlaces(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"Can you pull the open pull requests in acme/api, oldest first?":                              "list_pull_requests",
		"We run a Black Friday sale, so create a Stripe coupon named BF26 for 20% off, applied once.": "create_coupon",
	})
	wantRefusals(t, cat, []string{
		"create a Trello card in acme/api for the bug",
		"post the Black Friday banner to our Shopify store",
	})
}

// TestPlaceNames: a place whose name is also an ordinary word ("Berlin",
// a carriage; "Turkey", a bird), written capitalized, is a place, an
// argument, not a product (the generated name table holds the names of
// WordNet's instances of locations); the task is planned (refused without
// them). An ordinary word written as a name is still a product.
func TestPlaceNames(t *testing.T) {
	for w, want := range map[string]bool{"berlin": true, "turkey": true, "nice": true, "lisbon": true, "zoom": false, "slack": false, "notion": false} {
		if got := isNameWord(w); got != want {
			t.Errorf("isNameWord(%q) = %v, want %v", w, got, want)
		}
	}
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"search github for users in Turkey who write Go, sorted by followers": "search_users",
	})
	wantRefusals(t, cat, []string{
		"start a Zoom call with the team",
	})
}

// TestEnglishPrefixed: a word of English's making, a productive prefix on
// an English word ("coliving"), is no name of a missing product nor a
// typo: it does not sink the task's evidence, and the task is planned.
func TestEnglishPrefixed(t *testing.T) {
	for w, want := range map[string]bool{"coliving": true, "coworking": true, "nonblocking": true, "prebuilt": true, "reopen": false, "coffee": false, "rexyzzy": false, "cowx": false} {
		if got := englishPrefixed(w); got != want {
			t.Errorf("englishPrefixed(%q) = %v, want %v", w, got, want)
		}
	}
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	for _, q := range []string{"find coliving spaces near Shoreditch, London", "find coworking desks near Shoreditch, London"} {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.BackendID != "brave-search" && p.BackendID != "google-maps" {
			t.Errorf("%q: planned %s__%s (%q), want a places search", q, p.BackendID, p.Tool, p.Text)
		}
	}
}

// TestFieldName: a word in lower camel case with four or more lower-case
// letters before its first capital, where a product's name may stand, is
// a field's name, a value; the task is planned (refused without the
// rule). A product written in upper camel case or with a short lower-case
// prefix is still a product no backend serves.
func TestFieldName(t *testing.T) {
	for _, c := range []struct {
		query, word string
		want        bool
	}{
		{"add a descending index on createdAt", "createdat", true},
		{"find users where emailVerified is false", "emailverified", true},
		{"sort on updatedAt.", "updatedat", true},
		{"open it on my iPhone", "iphone", false},
		{"list it on eBay", "ebay", false},
		{"back it up on macOS", "macos", false},
		{"post it to WiredTiger", "wiredtiger", false},
		{"sort on createdat", "createdat", false},   // no capital
		{"sort on xcreatedAt", "createdat", false},  // part of a longer word
		{"sort on createdAT", "createdat", false},   // no lower case after the capital
		{"sort on created_At", "created_at", false}, // not camel case
	} {
		if got := fieldName(c.query, c.word); got != c.want {
			t.Errorf("fieldName(%q, %q) = %v, want %v", c.query, c.word, got, c.want)
		}
	}
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"add an ascending index on lastLoginAt to the accounts collection in the crm database on mongo": "create-index",
	})
	wantRefusals(t, cat, []string{
		"create an ascending index on lastLoginAt in our DynamoDB table",
	})
}

// TestSearchTopic: a product named in what a search looks for is the
// search's subject, when the task says where to search or names a served
// product: the task is planned (refused without the rule). A search for a
// product's things with no place named still asks that product.
func TestSearchTopic(t *testing.T) {
	for _, c := range []struct {
		query, topic string
		placed       bool
	}{
		{"search the web for Zendesk pricing", "zendesk pricing", true},
		{"use brave to search for Datadog outage news", "datadog outage news", false},
		{"look up the docs for Grafana alerts. Then open one", "grafana alerts", true},
		{"look for Zendesk tickets", "zendesk tickets", false},
		{"create a Zendesk ticket for the bug", "", false},
		{"use tavily to do a research report on WebAssembly adoption", "webassembly adoption", false},
		{"use Tavily to research pgvector vs Qdrant", "pgvector vs qdrant", false},
		{"search on Bing for cats", "cats", true}, // "on" after the verb says where
	} {
		topic, placed := searchTopic(fields(c.query))
		var words []string
		for _, w := range strings.Fields(c.query) {
			if w := strings.ToLower(strings.Trim(w, ".,;:!?")); topic[w] {
				words = append(words, w)
			}
		}
		if got := strings.Join(words, " "); got != c.topic || placed != c.placed {
			t.Errorf("%q: topic %q placed %v, want %q %v", c.query, got, placed, c.topic, c.placed)
		}
	}
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	for _, q := range []string{"search the web for Zendesk pricing", "use brave to search for Datadog outage news", "use tavily to do a deep research report on WebGPU adoption"} {
		p, err := NewLexical(nil).Plan(context.Background(), Task{Query: q}, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.Tool == "" || !strings.Contains(p.Tool, "search") {
			t.Errorf("%q: planned %s__%s (%q), want a web search or research", q, p.BackendID, p.Tool, p.Text)
		}
	}
	wantRefusals(t, cat, []string{"search for Zendesk tickets about billing"})
}

// TestClippedObject: a clipped word ("docs", "repo") stands for the word
// its tools write in full ("documents", "repository"): a server whose
// tools say only the full word has things of the kind, and its tool for
// the request's verb is named for that object; the task is planned
// (refused without the rule).
func TestClippedObject(t *testing.T) {
	ix := NewIndex([]Tool{
		{Backend: "db", Name: "insert-many", Description: "Insert an array of documents into a collection."},
		{Backend: "db", Name: "find", Description: "Run a find query against a collection."},
		{Backend: "docs", Name: "search_docs", Description: "Search the documentation."},
	})
	names := func(ids []int32) string {
		var out []string
		for _, id := range ids {
			out = append(out, ix.terms[id])
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	for head, want := range map[string]string{"doc": "document documentation", "do": "", "insert": "", "col": "collection"} {
		if got := names(ix.appendClipped(nil, stem(head))); got != want {
			t.Errorf("appendClipped(%q) = %q, want %q", head, got, want)
		}
	}
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"insert two docs into shop.carts in MongoDB on the preconfigured connection: {sku: 'C3', qty: 1} and {sku: 'D4', qty: 5}": "insert-many",
	})
}
