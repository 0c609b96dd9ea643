package planner

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestNamesThingOfNamedRealCatalog probes namesThingOfNamed over the real
// tools of the shared evaluation catalog with tasks written for it: a
// capitalized name that no tool knows, right before a noun the named
// product's tools describe, names what that product observes and the task
// is planned (each is refused without the rule); before a kind the
// product's tools are named for (which another product of its trade has
// too), before a noun they lack, or with no served product named, it is
// still an unserved product.
func TestNamesThingOfNamedRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"search the Sentry issues of the Kotlinx app in org acme":             "search_issues",
		"find the Sentry events of Safari users in org acme for issue WEB-12": "search_issue_events",
	})
	wantRefusals(t, cat, []string{
		"create a Zendesk ticket for the Sentry issue WEB-12 in org acme", // no Sentry tool mentions tickets
		"create a Trello card for github issue 12 in acme/web",
		"sync the Stripe customer cus_123 to the HubSpot contact list",
		"copy the Notion page Roadmap to Confluence",
		"post the Sentry alert of issue WEB-12 to our Teams channel",
		// Kinds the named product's tools are named for: another
		// product's of the same trade.
		"mirror the Bitbucket repository acme/web to GitHub",
		"sync the Notion page Roadmap with the Confluence page Roadmap",
		"list the Jenkins builds of the CircleCI project gh/acme/api",
	})
	ix := cat.Index()
	for q, want := range map[string]bool{
		"search the Sentry issues of the Kotlinx app in org acme": true,
		"create a Trello card for github issue 12 in acme/web":    false,
		"search the issues of the Kotlinx app":                    false, // no product named
		// A name before a kind Slack's tools are named for: the form of
		// "the Confluence page" beside Notion, so it stays a product.
		"list the recent messages of the Quorvel channel in slack": false,
	} {
		pq := parseQuery(q)
		got := false
		for _, n := range pq.named {
			got = got || ix.namesThingOfNamed(pq.named, n)
		}
		if got != want {
			t.Errorf("%q: namesThingOfNamed %v, want %v (named %v)", q, got, want, pq.named)
		}
	}
}

// TestLowerCaseTopicWithNamedProduct: over the real catalog, probes
// written for the test: a lower-case unknown word in a product's place is
// a topic when the task names a served product; a capitalized one, or a
// lower-case one with no served product named, is still another product.
func TestLowerCaseTopicWithNamedProduct(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"find GitHub repos for an opentelemetry collector exporter":                        "search_repositories",
		"search GitHub issues for reports of 'HMR websocket closed' behind an nginx proxy": "search_issues",
	})
	wantRefusals(t, cat, []string{
		"create a trello card for the login bug",
		"create a Zendesk ticket for the Sentry issue WEB-1",
		"open a pagerduty incident for the sentry issue WEB-1",
	})
}

// TestEnumMemberStatesVerb: an enum member written as a verb and its
// object ("replace_content") states the verb's operation; one that names
// a field ("created_at") states none.
func TestEnumMemberStatesVerb(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"page_id":{"type":"string"},"type":{"type":"string","enum":["replace_content","created_at"]}}}`)
	cat := NewCatalog([]Tool{
		{Backend: "wiki", Name: "edit_page", Description: "Edit a page as Markdown.", InputSchema: schema},
		{Backend: "wiki", Name: "create_note", Description: "Make a note.", InputSchema: json.RawMessage(`{"type":"object"}`)},
	})
	stated := cat.Index().docStated(0)
	has := func(w string) bool { id, ok := cat.Index().dict[stem(w)]; return ok && slices.Contains(stated, id) }
	if !has("replace") {
		t.Error("replace_content does not state replace")
	}
	if has("create") {
		t.Error("created_at states create")
	}
	if p, _ := NewLexical(nil).Plan(context.Background(), Task{Query: "replace the content of wiki page p1 with '# Hi'"}, cat); p.Tool != "edit_page" {
		t.Errorf("replace in wiki: plan %s__%s (%q), want wiki__edit_page", p.BackendID, p.Tool, p.Text)
	}
}
