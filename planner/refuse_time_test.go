package planner

import (
	"encoding/json"
	"testing"
)

// TestLaterTime: "for" and a later time, outside quotes and reported
// speech, in a request that does not only read.
func TestLaterTime(t *testing.T) {
	for q, want := range map[string]bool{
		"schedule a message in #ops for 9am tomorrow":                 true,
		"send the note to #ops for Monday 9am: 'freeze starts today'": true,
		"post the reminder for tomorrow":                              true,
		"book a room for 14:30":                                       true,
		"move the meeting for next week":                              true,
		"post in #ops saying the freeze is set for Monday":            false, // reported speech
		"post in #ops that the deploy is planned for 9pm":             false,
		"post 'see you for 9am' in #ops":                              false, // quoted
		"list the meetings for tomorrow":                              false, // a reading picks things
		"order pizza for friday's standup":                            false, // a possessive: what it is for
		"create an issue for the 3 failing tests":                     false, // a number, no time
		"post the notes for the standup":                              false,
		"the freeze starts Monday. Post it to #ops for all to see":    false,
	} {
		if got := laterTime(q); got != want {
			t.Errorf("%q: laterTime %v, want %v", q, got, want)
		}
	}
}

// TestTakesTime: a parameter for a moment by its format or its name's
// words; other names with the letters of one ("update", "timeout",
// "attachment") are none.
func TestTakesTime(t *testing.T) {
	for schema, want := range map[string]bool{
		`{"type":"object","properties":{"post_at":{"type":"integer"}}}`:                       true,
		`{"type":"object","properties":{"dueDate":{"type":"string"}}}`:                        true,
		`{"type":"object","properties":{"when":{"type":"string","format":"date-time"}}}`:      true,
		`{"type":"object","properties":{"opts":{"properties":{"scheduled_time":{}}}}}`:        true,
		`{"type":"object","properties":{"text":{"type":"string"}}}`:                           false,
		`{"type":"object","properties":{"update":{},"timeout":{},"attachment":{},"chat":{}}}`: false,
		`{"type":"object","properties":{"at":{"type":"string"}}}`:                             false, // one word
	} {
		if got := takesTime(json.RawMessage(schema)); got != want {
			t.Errorf("takesTime(%s) = %v, want %v", schema, got, want)
		}
	}
}

// TestLaterTimeRealCatalog probes the rule over the real tools of the
// shared evaluation catalog with tasks written for this test: an act asked
// for a later time of a tool that acts and takes no time is refused;
// times that are a message's words, a possessive, or a reading tool's
// question are planned as before.
func TestLaterTimeRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"post a message in slack channel C0123 for 5pm: 'office closes early'",
		"merge pull request 7 in acme/web on github for friday night",
		"add a comment to github issue 12 in acme/web for tomorrow: 'ship it'",
		"deploy the edge function hello to supabase project abcd1234 for midnight",
		"create a github issue in acme/web titled 'rotate keys' for tomorrow morning",
	})
	wantTools(t, cat, map[string]string{
		"create a github issue in acme/web titled 'cleanup' saying it is due for Monday": "create_issue",
		"post to channel C0123 in slack that the deploy is planned for 9pm tonight":      "slack_post_message",
		"create a github issue in acme/web titled 'Friday cleanup' for friday's triage":  "create_issue",
		"create a github issue in acme/web titled 'meeting at 9am'":                      "create_issue",
		"work out the driving directions from rome to florence for tomorrow":             "maps_directions", // a reading tool
		"estimate the travel time from rome to florence for 9am tomorrow":                "maps_distance_matrix",
		"create a stripe invoice for customer cus_123 due for next week":                 "create_invoice",
	})
}
