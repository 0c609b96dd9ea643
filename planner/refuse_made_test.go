package planner

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestMadeThing: the object of a request's verb followed by an indefinite
// article, "another" or "new" is a thing the act brings about; light
// verbs, verbs of reading, the operations parseQuery reads itself and a
// subject before the verb give none.
func TestMadeThing(t *testing.T) {
	for q, want := range map[string][]string{
		"issue a credit note for invoice in_1":     {stem("credit"), stem("note")},
		"schedule a meeting with the reviewers":    {stem("meeting")},
		"please leave a comment on the request":    {stem("comment")},
		"can you issue another key":                {stem("key")},
		"issue the credit note for invoice in_1":   nil, // a definite article: a thing there
		"give the customer a credit":               nil, // a light verb
		"find a new name for the project":          nil, // a reading
		"create a label":                           nil, // an operation: parseQuery reads it
		"we issued a refund yesterday":             nil, // a subject: what happened
		"I scheduled a meeting, can you list them": nil,
		// "as a" gives the object the kind the act makes (asKind).
		"publish version 1.4 as a release on github":        {stem("release")},
		"file this crash as a bug in the tracker":           {stem("bug")},
		"publish the page, as a test of the new theme":      nil, // another clause
		"post the summary saying it went as a charm":        nil, // what the message says
		"publish the notes as the release notes of version": nil, // no indefinite article
	} {
		fs := fields(q)
		if got := madeThing(parseQuery(q), fs); !slices.Equal(got, want) {
			t.Errorf("%q: madeThing %q, want %q", q, got, want)
		}
	}
}

// TestMadeThingRealCatalog probes the rule over the real tools of the
// shared evaluation catalog with tasks written for this test: a new thing
// of a kind no tool of the named server mentions is refused, whatever the
// verb that makes it; new things the server's tools mention are planned.
func TestMadeThingRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"issue a credit note to stripe customer cus_123 for the outage",
		"schedule a meeting in the github repo acme/web with its maintainers",
		"book a meeting room for the sentry team",
		"upload a video to the github repo acme/web",
		"issue a credit note for invoice in_1AbC in stripe",
		"upload a video to the github repo acme/web",
	})
	wantTools(t, cat, map[string]string{
		"open a new tab with https://acme.io in chrome devtools":            "new_page",
		"send a reply to the thread 1711.22 in slack channel C123":          "slack_reply_to_thread",
		"record a trace of the page load in chrome devtools":                "performance_start_trace",
		"deploy a new edge function hello to supabase project abcd1234":     "deploy_edge_function",
		"open a merge request on gitlab project grp/app from feature-x":     "create_merge_request",
		"grab a full-page screenshot of the current page in chrome":         "take_screenshot",
		"leave a comment on github issue 12 in acme/web saying it is fixed": "add_issue_comment",
		"cut a new branch feature-x from main in acme/web on github":        "create_branch",
		"draw an image of a fox in the snow with everart":                   "generate_image",
		// "as a K": the tool named for the kind made, not for the object.
		"add price price_9Xy as a line item on stripe invoice in_77": "create_invoice_item",
	})
}

// TestNeededThingReportedSpeech: a verb of needing inside what a message
// says is the message's words, not the task's need; the thing the
// request's verb makes is read instead.
func TestNeededThingReportedSpeech(t *testing.T) {
	ix := NewIndex([]Tool{{Backend: "forge", Name: "create_issue", Description: "Create an issue."}})
	for q, want := range map[string]string{
		"leave a comment on the forge request saying the migration needs a rollback plan": stem("comment"),
		"leave a note telling them the team needs a new runner":                           stem("note"),
		"so the forge needs a new milestone":                                              stem("milestone"),
	} {
		if got := ix.objectHead(parseQuery(q), q); got != want {
			t.Errorf("%q: object head %q, want %q", q, got, want)
		}
	}
}

// TestNeededThingReportedSpeechRealCatalog: a comment asked of a server
// with no comments is refused whatever its message says it needs; a
// comment on a server that has them is planned.
func TestNeededThingReportedSpeechRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"leave a comment on gitlab merge request !12 in grp/app saying the release needs a changelog",
	})
	wantTools(t, cat, map[string]string{
		"leave a comment on github issue 12 in acme/web saying the fix needs a test": "add_issue_comment",
	})
}

// TestDropMeansDelete: "drop", SQL's verb for deleting a table or a
// database, asks for deleting whatever it takes as object, so a server
// whose tools delete offers it ("drop the observation ... from the
// entity"); it only expands: a request to delete is not one to drop, so
// a tool named for dropping (mongodb's drop-database) gains nothing from
// "delete" and a deletion no server offers stays refused.
func TestDropMeansDelete(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"in memory, drop the observation 'runs on node 18' from the api-gateway entity": "delete_observations",
		"drop the sessions_old collection from the staging database in mongodb":         "drop-collection",
	})
	wantRefusals(t, cat, []string{
		"delete the legacy-site repository from github for good",
	})
	has := func(from, to string) bool {
		for _, e := range synonyms()[stem(from)] {
			if slices.Contains(e.terms, stem(to)) {
				return true
			}
		}
		return false
	}
	if !has("drop", "delete") || has("delete", "drop") {
		t.Errorf("drop -> delete %v, delete -> drop %v; want only the first", has("drop", "delete"), has("delete", "drop"))
	}
}

// TestMoveToKind: a move to a place of a kind is offered by a server
// whose tool updates the thing and takes a parameter for that kind, though
// none of its tools says "move"; without such a parameter the server does
// not offer it.
func TestMoveToKind(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"move the zorbix project web to team core", stem("team")},
		{"move the zorbix issue 12 into the Apollo project", stem("project")},
		{"move the zorbix project web to 'core'", ""},
		{"rename the zorbix project web to core", ""},
	} {
		if got := moveDestination(parseQuery(c.q), c.q); got != c.want {
			t.Errorf("%q: moveDestination %q, want %q", c.q, got, c.want)
		}
	}
	obj := func(props string) json.RawMessage {
		return json.RawMessage(`{"type":"object","properties":{` + props + `}}`)
	}
	withTeam := NewCatalog([]Tool{
		{Backend: "zorbix", Name: "update_project", Description: "Update a project's settings.", InputSchema: obj(`"projectSlug":{"type":"string"},"teamSlug":{"type":"string"}`)},
		{Backend: "zorbix", Name: "find_teams", Description: "Find the teams of an organization.", InputSchema: obj(`"query":{"type":"string"}`)},
	})
	wantTools(t, withTeam, map[string]string{"move the zorbix project web to team core": "update_project"})
	noTeam := NewCatalog([]Tool{
		{Backend: "zorbix", Name: "update_project", Description: "Update a project's settings.", InputSchema: obj(`"projectSlug":{"type":"string"},"name":{"type":"string"}`)},
		{Backend: "zorbix", Name: "find_teams", Description: "Find the teams of an organization.", InputSchema: obj(`"query":{"type":"string"}`)},
	})
	wantRefusals(t, noTeam, []string{"move the zorbix project web to team core"})
}

// TestSetsAttribute: "set the A of B" sets attribute A, which the named
// server's tools must mention; a server whose tools never do has no such
// attribute to set, and one whose tools do keeps the task.
func TestSetsAttribute(t *testing.T) {
	for q, want := range map[string]bool{
		"set the topic of the #ops channel to 'freeze'":   true,
		"set the target date of project X to December 15": true,
		"set up a webhook for the repo":                   false,
		"set a reminder for tomorrow":                     false,
		"set the viewport to 390x844":                     false, // no attribute "of" a thing
		"please set the status of issue 12 to done":       true,
	} {
		if got := setsAttribute(parseQuery(q), fields(q)); got != want {
			t.Errorf("%q: setsAttribute %v, want %v", q, got, want)
		}
	}
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{"set the topic of slack channel #infra to 'on-call only'"})
	wantTools(t, cat, map[string]string{"set the state of github issue 12 in acme/web to closed": "update_issue"})
}
