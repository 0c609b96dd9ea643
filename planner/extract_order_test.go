package planner

import "testing"

// TestOrderDirections: a map of fields to sort directions takes the field
// and the direction the task writes, +1 for ascending and -1 for
// descending; an array of alternatives takes the item that holds such a
// map with its constant members; no direction written, no map.
func TestOrderDirections(t *testing.T) {
	checkCatalogArgs(t, "mongodb__find", []argCase{
		{"fetch the 20 newest docs from MongoDB app.users sorted by createdAt descending", `{"collection":"users","database":"app","limit":20,"sort":{"createdAt":-1}}`},
		{"find docs in shop.orders sorted by total ascending", `{"collection":"orders","database":"shop","sort":{"total":1}}`},
		{"find docs in shop.orders sorted by total", `{"collection":"orders","database":"shop"}`},
		// A superlative, a field written as code, then "first".
		{"In the crm db, fetch 5 documents from the leads collection where source is 'webinar', newest createdAt first", `{"collection":"leads","database":"crm","filter":{"source":"webinar"},"limit":5,"sort":{"createdAt":-1}}`},
		{"find docs in shop.orders, smallest total_cents first", `{"collection":"orders","database":"shop","sort":{"total_cents":1}}`},
		{"find docs in shop.orders, newest docs first", `{"collection":"orders","database":"shop"}`},
	})
	checkCatalogArgs(t, "mongodb__create-index", []argCase{
		{"create an ascending index named email_1 on the email field of crm.users in mongo", `{"collection":"users","database":"crm","definition":[{"keys":{"email":1},"type":"classic"}],"name":"email_1"}`},
		{"add a descending index on createdAt to the orders collection in the shop database on mongo", `{"collection":"orders","database":"shop","definition":[{"keys":{"createdAt":-1},"type":"classic"}]}`},
		{"index the orders collection in the shop db by createdAt descending", `{"collection":"orders","database":"shop","definition":[{"keys":{"createdAt":-1},"type":"classic"}]}`},
	})
}

// TestAskedFor: the number after the "for" of a verb of asking counts
// what is asked for; after another preposition it counts what things are
// related to.
func TestAskedFor(t *testing.T) {
	checkCatalogArgs(t, "everything__get-resource-links", []argCase{
		{"ask the everything server for 5 resource links", `{"count":5}`},
		{"ask the everything server for seven resource links", `{"count":7}`},
	})
	checkCatalogArgs(t, "github__list_issues", []argCase{
		{"list the issues in 3 repos", `{}`},
	})
}

// TestPositionOfTotal: "thought 2 of 4" gives a position parameter 2 and a
// total 4; "first thought" is position 1; a count ("6 thoughts") is no
// position.
func TestPositionOfTotal(t *testing.T) {
	checkCatalogArgs(t, "sequential-thinking__sequentialthinking", []argCase{
		{"use sequential thinking to work out whether we should shard the events table, starting at thought 1 of roughly 5", `{"thoughtNumber":1,"totalThoughts":5}`},
		{"think it through step by step: thought 2 of 4, 'check the replicas'", `{"thought":"check the replicas","thoughtNumber":2,"totalThoughts":4}`},
		{"use sequential thinking; first thought: 'list the services', about 6 thoughts total", `{"thought":"'list the services', about 6 thoughts total","thoughtNumber":1,"totalThoughts":6}`},
		{"use sequential thinking on the migration, 6 thoughts", `{"totalThoughts":6}`},
	})
}

// TestEmojiText: an emoji as Unicode writes it fills a parameter or a
// member that takes an emoji, named by its form as an enum member is by
// its spelling; a text without one fills none.
func TestEmojiText(t *testing.T) {
	checkCatalogArgs(t, "notion__API-patch-page", []argCase{
		{"set the icon of notion page 6d4f2a81-9e3b-4c7d-b5a0-8f1e2d3c4b59 to the 🚀 emoji", `{"icon":{"emoji":"🚀"},"page_id":"6d4f2a81-9e3b-4c7d-b5a0-8f1e2d3c4b59"}`},
		{"set the icon of Notion page 8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d to ❤️", `{"icon":{"emoji":"❤️"},"page_id":"8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d"}`},
		{"set the icon of Notion page 8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d to a rocket", `{"page_id":"8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d"}`},
	})
	for _, c := range []struct {
		s    string
		want bool
	}{{"🚀", true}, {"👍🏽", true}, {"❤️", true}, {"👩‍💻", true}, {"🇩🇪", true}, {"rocket", false}, {"é", false}, {"🚀x", false}, {"", false}} {
		if got := emojiText(c.s); got != c.want {
			t.Errorf("emojiText(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestFeatureSwitches: a feature nested as an object with one boolean
// "enabled" is switched by "turn X on/off", "enable/disable X", "X left
// enabled"; a feature the task does not switch is left out.
func TestFeatureSwitches(t *testing.T) {
	checkCatalogArgs(t, "supabase__update_storage_config", []argCase{
		{"on supabase project abcd1234efgh turn on image transformations and keep the S3 protocol disabled", `{"config":{"features":{"imageTransformation":{"enabled":true},"s3Protocol":{"enabled":false}}},"project_id":"abcd1234efgh"}`},
		{"on Supabase project hjkqwertyuiopzxcvbnm set the storage file size limit to 52428800 bytes, image transformation on, S3 protocol off", `{"config":{"features":{"imageTransformation":{"enabled":true},"s3Protocol":{"enabled":false}},"fileSizeLimit":52428800},"project_id":"hjkqwertyuiopzxcvbnm"}`},
		{"on supabase project abcd1234efgh, disable image transformation", `{"config":{"features":{"imageTransformation":{"enabled":false}}},"project_id":"abcd1234efgh"}`},
		{"show me how image transformation works on supabase project abcd1234efgh", `{"project_id":"abcd1234efgh"}`},
	})
}

// TestDocumentedMembers: a free-form object parameter takes the members
// the tool's description documents with their values ("`status`
// (\"active\" | \"paused\")"), read as enum members are ("pause" gives
// "paused"); no member stated, none filled.
func TestDocumentedMembers(t *testing.T) {
	checkCatalogArgs(t, "firecrawl__firecrawl_monitor_update", []argCase{
		{"pause firecrawl monitor mon_x71q", `{"body":{"status":"paused"},"id":"mon_x71q"}`},
		{"show firecrawl monitor mon_x71q", `{"id":"mon_x71q"}`},
	})
}

// TestLoneDuration: a request to run an operation that states one amount
// of time states its duration; with two, neither is read.
func TestLoneDuration(t *testing.T) {
	checkCatalogArgs(t, "everything__trigger-long-running-operation", []argCase{
		{"kick off the everything server's long-running demo op, 20 seconds in 4 steps", `{"duration":20,"steps":4}`},
		{"start the long running operation on the everything server, 5 steps, 2 minutes", `{"duration":120,"steps":5}`},
		{"start the long running operation, 5 steps, 20 seconds or 30 seconds", `{"steps":5}`},
	})
}

// TestPlatformMember: an enum of platform paths takes the member whose
// last segment the name before a noun of software spells ("a Next.js
// app"); a name two members end with, or a name not before such a noun,
// says none.
func TestPlatformMember(t *testing.T) {
	checkCatalogArgs(t, "sentry__search_docs", []argCase{
		{"search the Sentry docs for uploading source maps in a Next.js app", `{"guide":"javascript/nextjs","query":"search the Sentry docs for uploading source maps in a Next.js app"}`},
		{"search the Sentry docs for setting the traces sample rate in a Django app", `{"guide":"python/django","query":"search the Sentry docs for setting the traces sample rate in a Django app"}`},
		{"search the sentry docs for uploading source maps with vite, react guide", `{"guide":"javascript/react","query":"search the sentry docs for uploading source maps with vite, react guide"}`},
		{"search sentry docs for aws-lambda app setup", `{"query":"search sentry docs for aws-lambda app setup"}`},
		{"search the sentry docs for logging setup", `{"query":"search the sentry docs for logging setup"}`},
	})
}

// TestConditionClause: an optional goal takes the clause of notification
// ("tells me when ..."), to its clause's end; a task without one leaves it
// empty.
func TestConditionClause(t *testing.T) {
	checkCatalogArgs(t, "firecrawl__firecrawl_monitor_create", []argCase{
		{"set up a firecrawl monitor on https://status.acmecloud.io that tells me when a new incident is posted", `{"goal":"tells me when a new incident is posted","page":"https://status.acmecloud.io"}`},
		{"set up a firecrawl monitor on https://rivalcorp.com/pricing that checks once a day and flags when plan prices change, thanks", `{"goal":"flags when plan prices change","page":"https://rivalcorp.com/pricing"}`},
		{"set up a firecrawl monitor on https://vercel.com/pricing that tells ops@acme.dev whenever a plan's price changes.", `{"email":"ops@acme.dev","goal":"tells ops@acme.dev whenever a plan's price changes","page":"https://vercel.com/pricing"}`},
		{"set up a firecrawl monitor on https://x.dev", `{"page":"https://x.dev"}`},
		{"set up a firecrawl monitor on https://x.dev and tell me. When is it due?", `{"page":"https://x.dev"}`},
	})
}
