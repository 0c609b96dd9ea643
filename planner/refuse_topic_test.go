package planner

import "testing"

// TestDropTopicCues: a product named only in the topic of what a request
// for a change writes ("an issue about the mongodb timeout") names no
// backend; named in a place, outside the topic, or in a reading request
// it still does.
func TestDropTopicCues(t *testing.T) {
	for _, c := range []struct {
		query, word string
		cue         bool
	}{
		{"create an issue in acme/web about the mongodb timeout", "mongodb", false},
		{"post a message to #ops about the stripe outage", "stripe", false},
		{"create an issue about the failure of the mongodb cluster", "mongodb", false}, // "of" continues the topic
		{"write a note regarding the sentry noise", "sentry", false},
		{"create an issue about the timeout on mongodb", "mongodb", true},           // the place, after the topic
		{"create a mongodb issue about the mongodb timeout", "mongodb", true},       // also named outside it
		{"what do you know about the mongodb driver", "mongodb", true},              // a reading: the topic is asked for
		{"tell me about stripe", "stripe", true},                                    // no verb of change
		{"create an issue about the outage, then restart mongodb", "mongodb", true}, // the clause ended
	} {
		q := parseQuery(c.query)
		dropTopicCues(&q, c.query)
		found := false
		for _, w := range q.words {
			if w.term == normalizeWord(c.word) {
				found = true
				if w.cue != c.cue {
					t.Errorf("%q: %q cue %v, want %v", c.query, c.word, w.cue, c.cue)
				}
			}
		}
		if !found {
			t.Errorf("%q: no word %q", c.query, c.word)
		}
	}
}

// TestTopicCueRealCatalog probes the rule over the real tools of the
// shared evaluation catalog with tasks written for this test: the issue
// about a database's timeout goes to the code host (before, mongodb's
// create-collection ranked first and the task was refused).
func TestTopicCueRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"create an issue in acme/web about the mongodb timeout":                      "create_issue",
		"create an issue in acme/web about the mongodb timeout and assign it to lee": "create_issue",
		"open a github issue in acme/api about the supabase auth errors":             "create_issue",
		"post a message to #ops about the stripe outage in slack":                    "slack_post_message",
		"create a linear issue about the redis eviction policy":                      "linear_create_issue",
		"search the stripe docs about webhook signatures":                            "search_stripe_documentation",
		"create a mongodb collection about orders":                                   "create-collection",
	})
}
