package planner

import (
	"slices"
	"strings"
	"testing"
)

// TestUnionParamList: a parameter declared as oneOf string / array of
// strings takes one value as a string and a coordinated list as an array;
// a name that is only a generic word ("key") anchors its value.
func TestUnionParamList(t *testing.T) {
	schema := `{"type":"object","properties":{"key":{"description":"Key or array of keys to delete","oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}},"required":["key"]}`
	checkArgs(t, schema, []argCase{
		{"delete the Redis keys rate:1.2.3.4 and rate:5.6.7.8", `{"key":["rate:1.2.3.4","rate:5.6.7.8"]}`},
		{"delete keys a:1, b:2 and c:3", `{"key":["a:1","b:2","c:3"]}`},
		{"remove key temp:42 from the cache", `{"key":"temp:42"}`},
	})
	for _, c := range []struct {
		schema, typ, item string
		orArray           bool
	}{
		{`{"properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`, "string", "", false},
		{`{"properties":{"x":{"oneOf":[{"type":"array","items":{"type":"string"}},{"type":"null"}]}}}`, "array", "string", false},
		{`{"properties":{"x":{"anyOf":[{"type":"number"},{"type":"boolean"}]}}}`, "number", "", false},
	} {
		p := toolProps([]byte(c.schema))[0]
		if p.typ != c.typ || p.itemType != c.item || p.orArray != c.orArray {
			t.Errorf("%s: typ %q item %q orArray %v, want %q %q %v", c.schema, p.typ, p.itemType, p.orArray, c.typ, c.item, c.orArray)
		}
	}
}

// TestOwnerNounAnchor: "The reqid of the network request" makes "request
// 57" the value; a word of the name other than its head ("thread" of
// thread_ts) anchors an id-shaped value; prose without a digit is not
// taken.
func TestOwnerNounAnchor(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{
		"pageId":{"type":"number","description":"Targets a specific page by ID."},
		"reqid":{"type":"number","description":"The reqid of the network request. If omitted returns the selected one."}},
		"required":["pageId"]}`, []argCase{
		{"show the headers of network request 57 on page 1", `{"pageId":1,"reqid":57}`},
		{"show the latest network request on page 1", `{"pageId":1}`},
	})
	checkArgs(t, `{"type":"object","properties":{
		"channel_id":{"type":"string","description":"The ID of the channel containing the thread"},
		"thread_ts":{"type":"string","description":"The timestamp of the parent message in the format '1234567890.123456'."}},
		"required":["channel_id","thread_ts"]}`, []argCase{
		{"show replies under thread 1700000000.9 in channel C77", `{"channel_id":"C77","thread_ts":"1700000000.9"}`},
		{"show replies under the parent message 1700000000.9 in channel C77", `{"channel_id":"C77","thread_ts":"1700000000.9"}`},
	})
	for desc, want := range map[string]string{
		"The reqid of the network request. If omitted ...": "request",
		"The ID of the channel containing the thread":      "channel",
		"The timestamp of the message to react to":         "messag",
		"Targets a specific page by ID.":                   "",
	} {
		if got := ownerNoun(desc); got != want {
			t.Errorf("ownerNoun(%q) = %q, want %q", desc, got, want)
		}
	}
}

// TestQuotedPayload: the one quoted text no parameter took fills the one
// required string parameter left; with two quoted texts there is no single
// reading and nothing is filled.
func TestQuotedPayload(t *testing.T) {
	schema := `{"type":"object","properties":{"input":{"type":"string"},"pid":{"type":"number"}},"required":["pid","input"]}`
	checkArgs(t, schema, []argCase{
		{"send 'exit()' to the python repl session 31", `{"input":"exit()","pid":31}`},
		{"send 'exit()' or 'quit()' to the python repl session 31", `{"pid":31}`},
	})
	checkArgs(t, `{"type":"object","properties":{"command":{"type":"string"},"timeout_ms":{"type":"number"}},"required":["command","timeout_ms"]}`, []argCase{
		{"run `npm test` in a terminal and keep it going", `{"command":"npm test"}`},
	})
}

// TestArrayOfObjectsItem: an array whose items declare members gets one
// item when the task spells out a required member ("the ledger-db entity"
// for entityName: "name" after an owner word anchors by the owner word);
// an enum member alone makes no item.
func TestArrayOfObjectsItem(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"observations":{"type":"array","items":{"type":"object","properties":{
		"entityName":{"type":"string","description":"The name of the entity"},
		"contents":{"type":"array","items":{"type":"string"}}},"required":["entityName","contents"]}}},"required":["observations"]}`, []argCase{
		{"add the note 'moved to Postgres 16' to the ledger-db entity in memory", `{"observations":[{"contents":["moved to Postgres 16"],"entityName":"ledger-db"}]}`},
	})
	checkArgs(t, `{"type":"object","properties":{"url":{"type":"string"},"actions":{"type":"array","items":{"type":"object","properties":{
		"type":{"type":"string","enum":["click","scrape"]},"selector":{"type":"string"}},"required":["type"]}}},"required":["url"]}`, []argCase{
		{"scrape https://example.com into markdown", `{"url":"https://example.com"}`},
	})
}

// TestRepoRelativePath: without a working directory, a file name fills the
// path of a tool that reads a repository; a filesystem tool does not get a
// relative name it cannot resolve.
func TestRepoRelativePath(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"path":{"type":"string"},"branch":{"type":"string"}},"required":["owner","repo","path"]}`, []argCase{
		{"get README.md from the main branch of acme/web", `{"branch":"main","owner":"acme","path":"README.md","repo":"web"}`},
		{"get src/app.ts of acme/web", `{"owner":"acme","path":"src/app.ts","repo":"web"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, []argCase{
		{"read README.md", `{}`},
	})
}

// TestNestedAfterTopLevel: an object parameter's members are filled after
// the top-level parameters and do not take a text one of them has.
func TestNestedAfterTopLevel(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"branch":{"type":"string"},
		"files":{"type":"array","items":{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}},
		"message":{"type":"string","description":"Commit message"}},"required":["owner","repo","branch","files","message"]}`, []argCase{
		{"push src/a.ts to acme/web on branch dev as a commit with message 'tidy up'", `{"branch":"dev","message":"tidy up","owner":"acme","repo":"web"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"project_id":{"type":"string"},"file_path":{"type":"string"},"content":{"type":"string"},"commit_message":{"type":"string"}},"required":["project_id","file_path","content","commit_message"]}`, []argCase{
		{"commit docs/setup.md in project 7 with message 'add setup'", `{"commit_message":"add setup","file_path":"docs/setup.md","project_id":"7"}`},
	})
}

// TestPrefixedID: an id whose prefix is a word of the parameter's name.
func TestPrefixedID(t *testing.T) {
	schema := `{"type":"object","properties":{"price":{"type":"string"},"quantity":{"type":"integer"}},"required":["price","quantity"]}`
	checkArgs(t, schema, []argCase{
		{"make a payment link for 2 units of price_9XY", `{"price":"price_9XY","quantity":2}`},
		{"make a payment link for 2 units of prod_9XY", `{"quantity":2}`},
	})
	checkArgs(t, `{"type":"object","properties":{"product":{"type":"string"}},"required":["product"]}`, []argCase{
		{"create a price for prod_X1", `{"product":"prod_X1"}`},
		{"create a price for pr_X1", `{}`},
	})
}

// TestMisspeltAnchor: a parameter word misspelt by one edit still anchors
// its value; an English word one edit away does not.
func TestMisspeltAnchor(t *testing.T) {
	schema := `{"type":"object","properties":{"organizationSlug":{"type":"string"},"project_id":{"type":"string"}},"required":["organizationSlug"]}`
	checkArgs(t, schema, []argCase{
		{"list teams in the orgnization acme-corp", `{"organizationSlug":"acme-corp"}`},
		{"issues in projcet 42 of org acme", `{"organizationSlug":"acme","project_id":"42"}`},
		{"issues in protect 42 of org acme", `{"organizationSlug":"acme"}`},
	})
}

// TestNamedEntity: an optional identity parameter takes the plain word
// after its anchor when that word ends the noun phrase; a plural or a word
// the phrase continues past is prose.
func TestNamedEntity(t *testing.T) {
	schema := `{"type":"object","properties":{"organizationSlug":{"type":"string"},"projectSlug":{"anyOf":[{"type":"string"},{"type":"null"}]}},"required":["organizationSlug"]}`
	checkArgs(t, schema, []argCase{
		{"latest releases of project checkout in sentry org acme", `{"organizationSlug":"acme","projectSlug":"checkout"}`},
		{"list releases of project api", `{"projectSlug":"api"}`},
		{"show project settings in org acme", `{"organizationSlug":"acme"}`},
		{"show project checkout pages in org acme", `{"organizationSlug":"acme"}`},
	})
}

// TestProductBetween: a product name in capitals between a value and its
// noun ("the shop MongoDB database") does not hide the value; a plain
// English word there does.
func TestProductBetween(t *testing.T) {
	schema := `{"type":"object","properties":{"database":{"type":"string","description":"Database name"}},"required":["database"]}`
	checkArgs(t, schema, []argCase{
		{"what collections are in the shop MongoDB database?", `{"database":"shop"}`},
		{"what collections are in the shop database?", `{"database":"shop"}`},
		{"what collections are in the shop main database?", `{}`},
	})
}

// TestFileNameParam: a bare file name fills a file-name parameter and not
// a parameter "to" anchors.
func TestFileNameParam(t *testing.T) {
	schema := `{"type":"object","properties":{"target":{"type":"string","description":"Exact target element reference"},"filename":{"type":"string","description":"File name to save the screenshot to."}}}`
	checkArgs(t, schema, []argCase{
		{"screenshot saved to shot.png", `{"filename":"shot.png"}`},
		{"screenshot of the button, saved to shot.png", `{"filename":"shot.png"}`},
	})
}

// TestNamesAfterNoun: a "<noun>Names" list takes the names written after
// its noun ("the tags Urgent and Billing"), CamelCase too; a word before
// the noun classifies it and is no name; without names it stays empty.
func TestNamesAfterNoun(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"tagNames":{"type":"array","items":{"type":"string"},"description":"Tags to remove"}},"required":["tagNames"]}`, []argCase{
		{"remove the tags Urgent and Billing from the ticket", `{"tagNames":["Urgent","Billing"]}`},
		{"remove the tag NeedsTriage", `{"tagNames":["NeedsTriage"]}`},
		{"remove the stale tags from the ticket", `{}`},
	})
}

// TestNullableEnum: an enum whose only other alternative is null is the
// parameter's set of values; beside a free string or with a member that is
// no string it closes nothing.
func TestNullableEnum(t *testing.T) {
	for _, c := range []struct {
		schema string
		want   string
	}{
		{`{"properties":{"x":{"anyOf":[{"type":"string","enum":["light","dark"]},{"type":"null"}]}}}`, "light dark"},
		{`{"properties":{"x":{"oneOf":[{"type":"null"},{"enum":["a","b"]}]}}}`, "a b"},
		{`{"properties":{"x":{"anyOf":[{"type":"string","enum":["light","dark"]},{"type":"string"}]}}}`, ""},
		{`{"properties":{"x":{"anyOf":[{"type":"string","enum":["a"]},{"type":"string","enum":["b"]}]}}}`, ""},
		{`{"properties":{"x":{"anyOf":[{"type":"integer","enum":[1,2]},{"type":"null"}]}}}`, ""},
		{`{"properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`, ""},
	} {
		p := toolProps([]byte(c.schema))[0]
		if got := strings.Join(p.enum, " "); got != c.want {
			t.Errorf("%s: enum %q, want %q", c.schema, got, c.want)
		}
	}
	checkArgs(t, `{"type":"object","properties":{"colorScheme":{"description":"Emulates the prefers-color-scheme media feature","anyOf":[{"type":"string","enum":["light","dark"]},{"type":"null"}]}}}`, []argCase{
		{"switch the page to dark mode", `{"colorScheme":"dark"}`},
		{"reload the page", `{}`},
	})
}

// TestObjectUnion: an object given by a local $ref to a oneOf of objects,
// beside its serialized string, is filled member by member when the task
// names the member before its value, with the alternative's const; an id
// after another noun, or none, fills nothing.
func TestObjectUnion(t *testing.T) {
	schema := `{"type":"object","properties":{
		"assignee":{"anyOf":[{"$ref":"#/$defs/who"},{"type":"string"}]},
		"title":{"type":"string"}},
		"required":["assignee"],
		"$defs":{"who":{"oneOf":[
			{"type":"object","properties":{"kind":{"const":"user"},"user_id":{"type":"string"}},"required":["kind","user_id"]},
			{"type":"object","properties":{"kind":{"const":"team"},"team_id":{"type":"string"}},"required":["kind","team_id"]}]}}}`
	checkArgs(t, schema, []argCase{
		{"hand ticket 7 to team T-42", `{"assignee":{"kind":"team","team_id":"T-42"}}`},
		{"hand it to user U-9 now", `{"assignee":{"kind":"user","user_id":"U-9"}}`},
		{"hand it to project P-3", `{}`},
		{"hand it to someone", `{}`},
	})
	if p := toolProps([]byte(schema))[0]; p.typ != "object" || len(p.alts) != 2 {
		t.Errorf("assignee: typ %q, %d alternatives, want object and 2", p.typ, len(p.alts))
	}
}

// TestDescAlternativesAnchor: a description that opens with the kinds of
// thing the value is ("Branch/tag/commit") lets the task name the value
// with the noun of its kind.
func TestDescAlternativesAnchor(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"project_id":{"type":"string"},"file_path":{"type":"string"},"ref":{"type":"string","description":"Branch/tag/commit to get contents from"}},"required":["project_id","file_path"]}`, []argCase{
		{"show package.json of gitlab project acme/billing on the develop branch", `{"file_path":"package.json","project_id":"acme/billing","ref":"develop"}`},
		{"show the v1.2 tag of package.json in gitlab project acme/billing", `{"file_path":"package.json","project_id":"acme/billing","ref":"v1.2"}`},
		{"show package.json of gitlab project acme/billing", `{"file_path":"package.json","project_id":"acme/billing"}`},
	})
	for desc, want := range map[string][]string{
		"Branch/tag/commit to get contents from": {"branch", "tag", "commit"},
		"A filter/query parameter.":              nil, // an article first: the alternatives are no kinds
		"The branch name":                        nil,
		"v1/v2 API version":                      nil,
	} {
		if got := descAlternatives(desc); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", desc, got, want)
		}
	}
}

// TestRestOfParamName: the task may write more of the parameter's name
// than its head noun, and a word of it in another form ("cost
// confirmation id" for confirm_cost_id): the value comes after all of it.
func TestRestOfParamName(t *testing.T) {
	schema := `{"type":"object","properties":{"project_id":{"type":"string"},"name":{"type":"string"},"confirm_cost_id":{"type":"string","description":"The cost confirmation ID."}},"required":["project_id","name","confirm_cost_id"]}`
	checkArgs(t, schema, []argCase{
		{"create branch dev on project abcdefghijklmnop, cost confirmation id cc_7f2a", `{"confirm_cost_id":"cc_7f2a","project_id":"abcdefghijklmnop"}`},
		{"create branch dev on project abcdefghijklmnop with confirm cost id cc_7f2a", `{"confirm_cost_id":"cc_7f2a","project_id":"abcdefghijklmnop"}`},
	})
	for w, want := range map[string]bool{"confirmation": true, "deployment": true, "confirmed": false, "confirm": false, "cost": false} {
		if got := nominalOf(qtok{lower: w}, map[string]string{"confirmation": "confirm", "deployment": "deploy", "confirmed": "confirm", "confirm": "confirm", "cost": "co"}[w]); got != want {
			t.Errorf("nominalOf(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestBoundWordNoOwner: "max" in a parameter's name bounds its value and
// owns none: "max 30 pages" fills the limit, not every max-named number.
func TestBoundWordNoOwner(t *testing.T) {
	schema := `{"type":"object","properties":{"url":{"type":"string"},"maxDiscoveryDepth":{"type":"number"},"maxAge":{"type":"number"},"limit":{"type":"number","description":"Maximum number of pages to crawl"}},"required":["url"]}`
	checkArgs(t, schema, []argCase{
		{"crawl https://docs.x.dev, max 40 pages", `{"limit":40,"url":"https://docs.x.dev"}`},
	})
}

// TestMembersAndPhrases: after a plural noun, plain words coordinated
// with the first value are members of the list too ("the labels tech-debt
// and backend"); an enum member spelled as a phrase without its articles
// is named by the phrase with them ("resolved in the next release").
func TestMembersAndPhrases(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"title":{"type":"string"},"labels":{"type":"array","items":{"type":"string"}}},"required":["title"]}`, []argCase{
		{"open an issue titled 'Flaky login' with the labels ci-flake and frontend", `{"labels":["ci-flake","frontend"],"title":"Flaky login"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"issue":{"type":"string"},"status":{"type":"string","enum":["resolved","resolvedInNextRelease","ignored"]}},"required":["issue"]}`, []argCase{
		{"mark issue WEB-12 as resolved in the next release", `{"issue":"WEB-12","status":"resolvedInNextRelease"}`},
		{"mark issue WEB-12 as resolved", `{"issue":"WEB-12","status":"resolved"}`},
	})
}

// TestMisspeltBranchNoRepo: a branch's name after the noun "branch",
// misspelt or not, is no repository path for a project parameter.
func TestMisspeltBranchNoRepo(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"project_id":{"type":"string","description":"Project ID or URL-encoded path"},"branch":{"type":"string","description":"Name for the new branch"},"ref":{"type":"string","description":"Source branch/commit for new branch"}},"required":["project_id","branch","ref"]}`, []argCase{
		{"make a brnach feature/login-form off main in GitLab project 9917", `{"branch":"feature/login-form","project_id":"9917","ref":"main"}`},
	})
}

// TestDatabaseNamed: a database is named by the word before "db" or
// "database" (past the backend's own name, "the mongo app db"), or after
// the preposition of containment that follows a collection ("the users
// collection in crm"); a JSON object after "the ops database:" is the
// payload, not the database's name.
func TestDatabaseNamed(t *testing.T) {
	for q, want := range map[string]string{
		"list the indexes on the orders collection in the mongo shop db":                `{"collection":"orders","database":"shop"}`,
		"list the indexes of the orders collection in the ledger mongo database":        `{"collection":"orders","database":"ledger"}`,
		"list the indexes of the orders collection in billing":                          `{"collection":"orders","database":"billing"}`,
		"list the indexes of collection invoices from the finance db, connection local": `{"collection":"invoices","connectionId":"local","database":"finance"}`,
	} {
		if got := catalogArgs(t, "mongodb__collection-indexes", q); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
	if got := catalogArgs(t, "mongodb__insert-many", "insert into the events collection of the audit database: {kind: 'a'}"); !strings.Contains(got, `"database":"audit"`) {
		t.Errorf("insert-many: %s", got)
	}
}

// TestLeftoverItem: with the owner given by its noun, the one
// machine-written name no parameter took is the project's; two such names
// leave it unsaid.
func TestLeftoverItem(t *testing.T) {
	for q, want := range map[string]string{
		"what's the newest release of billing-svc in sentry org acme?":               `{"organizationSlug":"acme","projectSlug":"billing-svc"}`,
		"what's the newest release of billing-svc or ledger-api in sentry org acme?": `{"organizationSlug":"acme"}`,
	} {
		if got := catalogArgs(t, "sentry__find_releases", q); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// TestEnumMemberNamed: a member of an object read from alternatives whose
// value is one of its enum's is named by the reading that found it ("pages
// only": the filter's value page); without it the object is not sent.
func TestEnumMemberNamed(t *testing.T) {
	for q, want := range map[string]string{
		"search notion for 'Launch plan', pages only": `{"filter":{"value":"page"},"query":"Launch plan"}`,
		"search notion for 'Launch plan'":             `{"query":"Launch plan"}`,
	} {
		if got := catalogArgs(t, "notion__API-post-search", q); got != want {
			t.Errorf("%q: %s, want %s", q, got, want)
		}
	}
}

// TestBranchPlace: a write's branch is the English word after to, on or
// onto that closes its phrase; a product's name there, or a word that
// opens a longer phrase, is none. A colon inside a quoted text is no
// payload's.
func TestBranchPlace(t *testing.T) {
	checkCatalogArgs(t, "gitlab__create_or_update_file", []argCase{
		{"commit CHANGELOG.md to main of GitLab project 4821 with content 'fixed login' and message 'docs: x'",
			`{"branch":"main","commit_message":"docs: x","content":"fixed login","file_path":"CHANGELOG.md","project_id":"4821"}`},
		{"commit CHANGELOG.md to gitlab project infra/terraform on develop with content 'a' and message 'docs: changelog for 1.9'",
			`{"branch":"develop","commit_message":"docs: changelog for 1.9","content":"a","file_path":"CHANGELOG.md","project_id":"infra/terraform"}`},
		{"add CHANGELOG.md to gitlab project infra/terraform on main containing 'a', message 'docs: x'",
			`{"branch":"main","commit_message":"docs: x","content":"a","file_path":"CHANGELOG.md","project_id":"infra/terraform"}`},
		{"commit CHANGELOG.md to gitlab project infra/terraform with content 'a' and message 'docs: changelog for 1.9'",
			`{"commit_message":"docs: changelog for 1.9","content":"a","file_path":"CHANGELOG.md","project_id":"infra/terraform"}`},
	})
}

// TestSlugAfterPossessive: a machine-written name between a possessive
// determiner and the noun of a parameter named by that noun alone ("into
// our acme-labs org") is its value; a plain word there ("our sentry org")
// or no name ("into our org") gives nothing.
func TestSlugAfterPossessive(t *testing.T) {
	checkCatalogArgs(t, "github__fork_repository", []argCase{
		{"fork vercel/next.js into our acme-labs org", `{"organization":"acme-labs","owner":"vercel","repo":"next.js"}`},
		{"fork vercel/next.js into our org", `{"owner":"vercel","repo":"next.js"}`},
		{"fork vercel/next.js into our labs org", `{"owner":"vercel","repo":"next.js"}`},
	})
}

// TestUUIDParam: a parameter whose format is "uuid" takes only a UUID
// (hyphenated or not), so a quoted title after the same noun ("page 'Q3
// notes' under page 5e2d...") is passed over for the id after it.
func TestUUIDParam(t *testing.T) {
	checkCatalogArgs(t, "notion__API-post-page", []argCase{
		{"create a Notion page 'Q3 retro notes' under page 5e2d8f1a-7c3b-4a9e-b6d2-0f4e1c8a3b57",
			`{"parent":{"page_id":"5e2d8f1a-7c3b-4a9e-b6d2-0f4e1c8a3b57"},"properties":"Q3 retro notes"}`},
		{"add a notion page titled 'Q3 retro' under page 2a3b4c5d6e7f80912a3b4c5d6e7f8091",
			`{"parent":{"page_id":"2a3b4c5d6e7f80912a3b4c5d6e7f8091"},"properties":"Q3 retro"}`},
	})
	for s, want := range map[string]bool{"5e2d8f1a-7c3b-4a9e-b6d2-0f4e1c8a3b57": true, "2a3b4c5d6e7f80912a3b4c5d6e7f8091": true, "Q3 retro notes": false, "5e2d8f1a7c3b-4a9e-b6d2-0f4e1c8a3b57x": false, "zz2d8f1a-7c3b-4a9e-b6d2-0f4e1c8a3b57": false} {
		if got := uuidText(s); got != want {
			t.Errorf("uuidText(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestReferenceWord: "ref" and "number" after a parameter's noun say the
// value identifies the thing, as "id" does: the value comes after them.
func TestReferenceWord(t *testing.T) {
	checkCatalogArgs(t, "supabase__list_migrations", []argCase{
		{"show me the migration history for project ref pqowieurytlaksjdhfgz", `{"project_id":"pqowieurytlaksjdhfgz"}`},
		{"show me the migration history for project id pqowieurytlaksjdhfgz", `{"project_id":"pqowieurytlaksjdhfgz"}`},
	})
	checkCatalogArgs(t, "everything__get-resource-reference", []argCase{
		{"hand me a resource reference for Blob resource number 7", `{"resourceId":7,"resourceType":"Blob"}`},
	})
}

// TestCollectionNamed: for a tool that takes a database and a collection,
// the plural noun before the preposition that introduces a named database
// is the collection ("orders in the shop db"), as the word after "every
// document in" is; not the object of a preposition ("rename events_tmp to
// events in the analytics db") nor the words for what any collection holds.
func TestCollectionNamed(t *testing.T) {
	checkCatalogArgs(t, "mongodb__count", []argCase{
		{"how many orders in the shop db have status 'refunded'?", `{"collection":"orders","database":"shop","query":{"status":"refunded"}}`},
		{"how many documents in the shop db have status 'refunded'?", `{"database":"shop","query":{"status":"refunded"}}`},
	})
	checkCatalogArgs(t, "mongodb__update-many", []argCase{
		{"in the shop db, set archived to true on every document in orders whose status is cancelled", `{"collection":"orders","database":"shop","filter":{"status":"cancelled"}}`},
	})
	checkCatalogArgs(t, "mongodb__rename-collection", []argCase{
		{"rename the mongo collection events_tmp to events in the analytics database", `{"collection":"events_tmp","database":"analytics","newName":"events"}`},
	})
}
