package planner

import "testing"

// TestNamesThingOfNamedRealCatalog probes namesThingOfNamed over the real
// tools of the shared evaluation catalog with tasks written for it: a
// capitalized name that no tool knows, right before a noun the tools of
// the named product mention, names one of that product's things and the
// task is planned (each of these is refused without the rule); before a
// noun the named product's tools do not mention, or with no served
// product named, it is still an unserved product.
func TestNamesThingOfNamedRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"list the recent messages of the Quorvel channel in slack":            "slack_get_channel_history",
		"search the Sentry issues of the Kotlinx app in org acme":             "search_issues",
		"find the Sentry events of Safari users in org acme for issue WEB-12": "search_issue_events",
	})
	wantRefusals(t, cat, []string{
		"create a Zendesk ticket for the Sentry issue WEB-12 in org acme", // no Sentry tool mentions tickets
		"create a Trello card for github issue 12 in acme/web",
		"sync the Stripe customer cus_123 to the HubSpot contact list", // HubSpot before a noun Stripe's tools lack
		"copy the Notion page Roadmap to Confluence",
		"post the Sentry alert of issue WEB-12 to our Teams channel",
	})
	ix := cat.Index()
	for q, want := range map[string]bool{
		"list the recent messages of the Quorvel channel in slack": true,
		"create a Trello card for github issue 12 in acme/web":     false,
		"list the recent messages of the Quorvel channel":          false, // no product named
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
