package planner

import (
	"slices"
	"testing"
)

// TestDescribedExample: a task word the description quotes as an example
// value fills a required parameter, as the description writes it.
func TestDescribedExample(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"issueId":{"type":"string"},
		"tagKey":{"type":"string","description":"The tag key to get values for (e.g., 'url', 'browser', 'environment', 'release')."}},
		"required":["tagKey"]}`, []argCase{
		{"which browsers are affected by issue CHECKOUT-4F2", `{"issueId":"CHECKOUT-4F2","tagKey":"browser"}`},
		{"which users are affected by issue CHECKOUT-4F2", `{"issueId":"CHECKOUT-4F2"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"key":{"type":"string","description":"A key or a combination (e.g., \"Enter\", \"Control+A\")."}},"required":["key"]}`, []argCase{
		{"press enter in the page", `{"key":"Enter"}`},
		{"press Control+A in the page", `{"key":"Control+A"}`},
	})
	// A quoted word outside an example cue names something else.
	checkArgs(t, `{"type":"object","properties":{"sql":{"type":"string","description":"A query. Logs are exposed through a 'logs' table."}},"required":["sql"]}`, []argCase{
		{"show the postgres logs", `{}`},
	})
}

// TestRequiredFlag: a required boolean named by the task is true, and
// false after a negation.
func TestRequiredFlag(t *testing.T) {
	schema := `{"type":"object","properties":{"accept":{"type":"boolean","description":"Whether to accept the dialog."},"promptText":{"type":"string"}},"required":["accept"]}`
	checkArgs(t, schema, []argCase{
		{"accept the alert dialog that popped up", `{"accept":true}`},
		{"do not accept the alert dialog", `{"accept":false}`},
		{"close the alert dialog", `{}`},
	})
}

// TestRepoRefRoles: a slash name next to "branch", after "from" or pushed
// is a branch; the repository is the one after a word of place.
func TestRepoRefRoles(t *testing.T) {
	schema := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"branch":{"type":"string","description":"Name for the new branch"}},"required":["owner","repo","branch"]}`
	checkArgs(t, schema, []argCase{
		{"create branch feature/login off main in acme/web on github", `{"branch":"feature/login","owner":"acme","repo":"web"}`},
	})
	pr := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"head":{"type":"string"},"base":{"type":"string"}},"required":["owner","repo","head","base"]}`
	checkArgs(t, pr, []argCase{
		{"open a PR from feature/login into main on acme/web", `{"base":"main","head":"feature/login","owner":"acme","repo":"web"}`},
		{"open a PR in acme/web from feature/login into main", `{"base":"main","head":"feature/login","owner":"acme","repo":"web"}`},
		// "to" after "from <head>" ends the movement at the base; a PR
		// "to acme/web" names the repository.
		{"open a PR in acme/web from chore/bump-tf to main", `{"base":"main","head":"chore/bump-tf","owner":"acme","repo":"web"}`},
		{"open a PR to acme/web from feature/login", `{"head":"feature/login","owner":"acme","repo":"web"}`},
	})
	// What is pushed is a branch, where it is pushed to the repository; a
	// name before "branch" is a branch.
	checkCatalogArgs(t, "github__create_pull_request", []argCase{
		{"I pushed fix/null-currency to acme-corp/billing-api, open a PR into develop titled 'Null currency'", `{"base":"develop","owner":"acme-corp","repo":"billing-api","title":"Null currency"}`},
	})
	checkCatalogArgs(t, "gitlab__push_files", []argCase{
		{"push infra/main.tf and infra/variables.tf to branch main of gitlab project acme/infra, message 'add modules'", `{"branch":"main","commit_message":"add modules","project_id":"acme/infra"}`},
	})
	checkCatalogArgs(t, "github__get_file_contents", []argCase{
		{"fetch src/a.yaml from northwind/inventory-api on GitHub, release/2.4 branch", `{"branch":"release/2.4","owner":"northwind","path":"src/a.yaml","repo":"inventory-api"}`},
	})
}

// TestSetToValue: "set <key> to <value>" for a key/value tool.
func TestSetToValue(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"key":{"type":"string"},"value":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":["key","value"]}`, []argCase{
		{"set the defaultShell setting to zsh", `{"key":"defaultShell","value":"zsh"}`},
		{"set the default shell to zsh", `{}`},
		// The word "value" anchors the key here, and one token is never
		// both the key and its value.
		{"set config value fileWriteLineLimit to 500", `{"key":"fileWriteLineLimit","value":"500"}`},
		{"set the viewport to 375x812", `{"key":"viewport","value":"375x812"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"key":{"type":"string","description":"Redis key"},"value":{"type":"string"},"expireSeconds":{"type":"number","description":"Optional expiration time in seconds"}},"required":["key","value"]}`, []argCase{
		{"set redis key session:1 to abc with 60 second expiry", `{"expireSeconds":60,"key":"session:1","value":"abc"}`},
	})
}

// TestFromToRange: "from X to Y" fills a tool's pair of end parameters;
// one end alone is not enough.
func TestFromToRange(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"origin":{"type":"string"},"destination":{"type":"string"},"mode":{"type":"string","enum":["driving","walking"]}},"required":["origin","destination"]}`, []argCase{
		{"driving directions from Boston to New York", `{"destination":"New York","mode":"driving","origin":"Boston"}`},
		{"walking directions from Boston to New York by the river", `{"destination":"New York","mode":"walking","origin":"Boston"}`},
		{"directions from Boston", `{}`},
		// The end "to" anchors first ("to Potsdam"); the start is still read.
		{"directions from Berlin to Potsdam", `{"destination":"Potsdam","origin":"Berlin"}`},
		{"directions from Berlin to Potsdam by bike", `{"destination":"Potsdam","origin":"Berlin"}`},
		// A place located in a wider one with "in", as after a comma.
		{"driving directions from the Ferry Building in San Francisco to Golden Gate Park", `{"destination":"Golden Gate Park","mode":"driving","origin":"Ferry Building in San Francisco"}`},
		{"driving directions from Union Square, San Francisco to the pier", `{"destination":"pier","mode":"driving","origin":"Union Square, San Francisco"}`},
		// Not a lower-case "in": that ends the start, and no end follows.
		{"driving directions from the hotel in town to the airport", `{"mode":"driving"}`},
	})
}

// TestJourneyEnds: a matrix of ends takes every "from" and "to" of the
// task and the names coordinated after one, a series parted by commas,
// the wider place after a comma, and "The" of a name; not "to" of an
// infinitive, nor the common noun the names share.
func TestJourneyEnds(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"origins":{"type":"array","items":{"type":"string"}},"destinations":{"type":"array","items":{"type":"string"}}},"required":["origins","destinations"]}`, []argCase{
		{"how long does it take to drive from Lyon to Paris and to Dijon", `{"destinations":["Paris","Dijon"],"origins":["Lyon"]}`},
		{"distance from Porto and from Braga to Faro", `{"destinations":["Faro"],"origins":["Porto","Braga"]}`},
		{"travel times from the Leeds and York depots to Hull, Bradford and Wakefield", `{"destinations":["Hull","Bradford","Wakefield"],"origins":["Leeds","York"]}`},
		{"how long would it take to cycle to Hyde Park, London from Camden, London and from Brixton, London?", `{"destinations":["Hyde Park, London"],"origins":["Camden, London","Brixton, London"]}`},
		{"distance from Austin, TX and Dallas, TX to Houston, TX", `{"destinations":["Houston, TX"],"origins":["Austin, TX","Dallas, TX"]}`},
		{"how far is it from Rotterdam to Delft and to The Hague?", `{"destinations":["Delft","The Hague"],"origins":["Rotterdam"]}`},
		// One start and one end: the pair's reading, as for a route.
		{"distance from Lyon to Paris", `{"destinations":["Paris"],"origins":["Lyon"]}`},
	})
}

// TestContainingContent: what a file is created "containing" is its
// content, one word or a version as well as a phrase, less a focusing
// adverb before it.
func TestContainingContent(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`, []argCase{
		{"create /srv/app/.node-version containing 18.19.0", `{"content":"18.19.0","path":"/srv/app/.node-version"}`},
		{"create /srv/app/.node-version containing just 18", `{"content":"18","path":"/srv/app/.node-version"}`},
		{"create /srv/app/VERSION containing only beta", `{"content":"beta","path":"/srv/app/VERSION"}`},
		{"create /srv/app/notes.txt containing hello world", `{"content":"hello world","path":"/srv/app/notes.txt"}`},
	})
}

// TestSameDatabaseNewName: "rename app.old to app.new" renames within the
// database app.
func TestSameDatabaseNewName(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"database":{"type":"string"},"collection":{"type":"string"},"newName":{"type":"string","description":"The new name for the collection"}},"required":["database","collection","newName"]}`, []argCase{
		{"rename collection app.old to app.new", `{"collection":"old","database":"app","newName":"new"}`},
		{"rename collection app.old to archive", `{"collection":"old","database":"app","newName":"archive"}`},
	})
}

// TestQuotedOperandNotPayload: a quoted operand inside an expression is not
// a payload, and a path parameter does not take free quoted text.
func TestQuotedOperandNotPayload(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"jql":{"type":"string"}},"required":["jql"]}`, []argCase{
		{"run the JQL 'project = PAY'", `{"jql":"project = PAY"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}`, []argCase{
		{"send status = 'In Progress' to the session", `{}`},
		{"send 'In Progress' to the session", `{"input":"In Progress"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`, []argCase{
		{"read 'the notes'", `{}`},
	})
}

// TestColonPayload: "key: text" gives a string parameter of that name the
// whole text up to the next "key:", quotes kept; other types keep the one
// token after the colon.
func TestColonPayload(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"jql":{"type":"string"},"limit":{"type":"integer"}},"required":["jql"]}`, []argCase{
		{"run JQL: project = PAY AND status = 'In Progress' ORDER BY updated DESC", `{"jql":"project = PAY AND status = 'In Progress' ORDER BY updated DESC"}`},
		{"search with jql: project = PAY limit: 5.", `{"jql":"project = PAY","limit":5}`},
		{"search with jql: PAY", `{"jql":"PAY"}`},
	})
}

// TestTrailingColonPayload: without quotes, the text after the last colon
// fills the one open text parameter; a one-word tail or a time does not.
func TestTrailingColonPayload(t *testing.T) {
	schema := `{"type":"object","properties":{"channel_id":{"type":"string"},"text":{"type":"string"}},"required":["channel_id","text"]}`
	checkArgs(t, schema, []argCase{
		{"tell C0123ABC on slack: build is green", `{"channel_id":"C0123ABC","text":"build is green"}`},
		{"tell C0123ABC on slack: done", `{"channel_id":"C0123ABC"}`},
		{"remind C0123ABC at 10:30 about it", `{"channel_id":"C0123ABC"}`},
	})
}

// TestOptionalDescribedExample: an optional parameter takes a described
// example only after a word of its description ("press Enter" for "key to
// press after typing. E.g., "Enter""), or as the key of a verb of pressing
// when the parameter is a key to press (pressedKey: "hit Enter"); "with
// Enter" is neither.
func TestOptionalDescribedExample(t *testing.T) {
	schema := `{"type":"object","properties":{"text":{"type":"string"},"submitKey":{"type":"string","description":"Optional key to press after typing. E.g., \"Enter\", \"Tab\""}},"required":["text"]}`
	checkArgs(t, schema, []argCase{
		{"type 'hello there' and press Enter", `{"submitKey":"Enter","text":"hello there"}`},
		{"type 'hello there' then hit Enter", `{"submitKey":"Enter","text":"hello there"}`},
		{"type 'hello there' with Enter in mind", `{"text":"hello there"}`},
	})
}

// TestOperands: numbers for a tool whose required parameters are bare
// operands, in the order written; a count that differs fills nothing.
func TestOperands(t *testing.T) {
	schema := `{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}`
	checkArgs(t, schema, []argCase{
		{"what is 17 plus 25", `{"a":17,"b":25}`},
		{"sum of three and four", `{"a":3,"b":4}`},
		{"add 1, 2 and 3", `{}`},
	})
	checkArgs(t, `{"type":"object","properties":{"width":{"type":"number"},"height":{"type":"number"}},"required":["width","height"]}`, []argCase{
		{"resize to 17 and 25", `{}`},
	})
}

// TestCuedText: unquoted text after "titled"/"named"/"saying" runs to a
// clause boundary; a name of several words only while capitalized.
func TestCuedText(t *testing.T) {
	issue := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"}},"required":["owner","repo","title"]}`
	checkArgs(t, issue, []argCase{
		{"open an issue titled Crash on startup in acme/web", `{"owner":"acme","repo":"web","title":"Crash on startup"}`},
		{"open an issue in acme/web titled Crash on startup, urgent", `{"owner":"acme","repo":"web","title":"Crash on startup"}`},
		{"open an issue in acme/web titled Crash on github", `{"owner":"acme","repo":"web","title":"Crash"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`, []argCase{
		{"deploy an edge function called hello to supabase", `{"name":"hello"}`},
		{"add a customer named Jane Doe with email j@x.io", `{"name":"Jane Doe"}`},
		// "call it X": the naming construction with a pronoun.
		{"take a screenshot and call it homepage-after", `{"name":"homepage-after"}`},
		{"take a screenshot and call it Front Page", `{"name":"Front Page"}`},
	})
	// A noun of free text cues its own value ("the topic ...").
	checkArgs(t, `{"type":"object","properties":{"topic":{"type":"string"},"depth":{"type":"number"}},"required":["topic"]}`, []argCase{
		{"research the topic quantum error correction", `{"topic":"quantum error correction"}`},
		{"research the topic solid state batteries in 3 steps", `{"topic":"solid state batteries"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"channel_id":{"type":"string"},"text":{"type":"string"}},"required":["channel_id","text"]}`, []argCase{
		{"post a message saying deploy is done to C0123ABC", `{"channel_id":"C0123ABC","text":"deploy is done"}`},
		// A message may open with any word.
		{"post a message to C0123ABC saying the build is green", `{"channel_id":"C0123ABC","text":"the build is green"}`},
		{"post a message to C0123ABC saying we are live", `{"channel_id":"C0123ABC","text":"we are live"}`},
	})
}

// TestFilterPhrase: a query filter (an object without declared members,
// named or described as a filter) takes the condition the task states in
// English; a word naming another parameter is not a field.
func TestFilterPhrase(t *testing.T) {
	del := `{"type":"object","properties":{"database":{"type":"string"},"collection":{"type":"string"},"filter":{"type":"object","description":"The query filter"}},"required":["database","collection"]}`
	checkArgs(t, del, []argCase{
		{`remove every document with status "expired" from the sessions collection in the app database`, `{"collection":"sessions","database":"app","filter":{"status":"expired"}}`},
		{"delete the documents where status is expired in database app collection sessions", `{"collection":"sessions","database":"app","filter":{"status":"expired"}}`},
		{"delete the documents whose age is 30 in database app collection people", `{"collection":"people","database":"app","filter":{"age":30}}`},
		{"delete everything in database app collection people", `{"collection":"people","database":"app"}`},
	})
	// Not a filter: an object parameter that is not one takes no condition.
	checkArgs(t, `{"type":"object","properties":{"options":{"type":"object"}}}`, []argCase{
		{"read it with status expired", `{}`},
	})
}

// TestTitledSearch: a search that compares titles takes the title the task
// names ("the page titled Roadmap") as its text; after "titled", "named",
// "called" an optional parameter takes a plain word too.
func TestTitledSearch(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"query":{"type":"string","description":"The text that the API compares page and database titles against."},"page_size":{"type":"integer"}}}`, []argCase{
		{"look up the notion page titled Roadmap", `{"query":"Roadmap"}`},
		{"find the database named Hiring", `{"query":"Hiring"}`},
	})
}

// TestIdentityWordAnchor: a parameter named only by an identity word
// ("key", "id") is anchored by that word ("the redis key session:abc").
func TestIdentityWordAnchor(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"key":{"type":"string","description":"Redis key"}},"required":["key"]}`, []argCase{
		{"delete the redis key cache:users", `{"key":"cache:users"}`},
		{"delete the redis key cache_users", `{"key":"cache_users"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"id":{"type":"string"},"note":{"type":"string"}}}`, []argCase{
		{"archive the record with id rec_81x", `{"id":"rec_81x"}`},
	})
}

// TestBareDomainURL: a host name written without a scheme fills a URL
// parameter as an https URL; a file name or an email address does not.
func TestBareDomainURL(t *testing.T) {
	nav := `{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]}`
	checkArgs(t, nav, []argCase{
		{"navigate the browser to example.com", `{"url":"https://example.com"}`},
		{"scrape docs.python.org/3/library please", `{"url":"https://docs.python.org/3/library"}`},
		{"open notes.md", `{}`},
		{"write to bob@acme.io", `{}`},
	})
}

// TestWithValue: after "fill"/"reply"/"respond" the "with" phrase is what
// they put in; other verbs' "with" is not a value.
func TestWithValue(t *testing.T) {
	reply := `{"type":"object","properties":{"channel_id":{"type":"string"},"thread_ts":{"type":"string"},"text":{"type":"string"}},"required":["channel_id","thread_ts","text"]}`
	checkArgs(t, reply, []argCase{
		{"reply in thread 1700000000.000100 of channel C123 with thanks all", `{"channel_id":"C123","text":"thanks all","thread_ts":"1700000000.000100"}`},
	})
	fill := `{"type":"object","properties":{"selector":{"type":"string"},"value":{"type":"string"}},"required":["selector","value"]}`
	checkArgs(t, fill, []argCase{
		{"fill #email with a@b.co", `{"selector":"#email","value":"a@b.co"}`},
		{"click #email with care", `{"selector":"#email"}`},
	})
}

// TestReplaceWith: "replace X with Y" fills an edit's old and new text,
// also inside a list of edits; quotes and a closing "in <path>" are not
// part of the text.
func TestReplaceWith(t *testing.T) {
	block := `{"type":"object","properties":{"file_path":{"type":"string"},"old_string":{"type":"string"},"new_string":{"type":"string"}},"required":["file_path"]}`
	checkArgs(t, block, []argCase{
		{"in /srv/a.txt replace foo with bar", `{"file_path":"/srv/a.txt","new_string":"bar","old_string":"foo"}`},
		{"replace all occurrences of foo with bar in /srv/a.txt", `{"file_path":"/srv/a.txt","new_string":"bar","old_string":"foo"}`},
		{"edit /srv/app/config.yaml replacing 'debug: true' with 'debug: false'", `{"file_path":"/srv/app/config.yaml","new_string":"debug: false","old_string":"debug: true"}`},
		{"open /srv/a.txt with vim", `{"file_path":"/srv/a.txt"}`},
	})
	edits := `{"type":"object","properties":{"path":{"type":"string"},"edits":{"type":"array","items":{"type":"object","properties":{"oldText":{"type":"string"},"newText":{"type":"string"}},"required":["oldText","newText"]}}},"required":["path","edits"]}`
	checkArgs(t, edits, []argCase{
		{"in /srv/a.txt replace foo with bar", `{"edits":[{"newText":"bar","oldText":"foo"}],"path":"/srv/a.txt"}`},
	})
}

// TestPayloadToTitle: with a title and a description both open, the one
// payload a task gives (quoted or after a colon) is the title.
func TestPayloadToTitle(t *testing.T) {
	issue := `{"type":"object","properties":{"teamId":{"type":"string"},"title":{"type":"string"},"description":{"type":"string"}},"required":["teamId","title","description"]}`
	checkArgs(t, issue, []argCase{
		{"create an issue for team ENG: login broken on safari", `{"teamId":"ENG","title":"login broken on safari"}`},
		{"create an issue 'login broken on safari'", `{"title":"login broken on safari"}`},
	})
}

// TestQuotedHashNotReference: "#212" inside quoted text belongs to the
// payload; the issue number is the one the task states outside it.
func TestQuotedHashNotReference(t *testing.T) {
	comment := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"issue_number":{"type":"number"},"body":{"type":"string"}},"required":["owner","repo","issue_number","body"]}`
	checkArgs(t, comment, []argCase{
		{`comment "fixed in #212, please retest" on issue 208 of octo-org/octo-app`, `{"body":"fixed in #212, please retest","issue_number":208,"owner":"octo-org","repo":"octo-app"}`},
		{`comment "looks good" on octo-org/octo-app #208`, `{"body":"looks good","issue_number":208,"owner":"octo-org","repo":"octo-app"}`},
	})
}

// TestNamedNounValue: the parameter's noun and a participle of naming
// introduce its value ("a branch named hotfix-login"); a source parameter
// (from_branch, or a ref described as the source) is introduced by "from"
// or "off".
func TestNamedNounValue(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"branch":{"type":"string","description":"Name for the new branch"},"from_branch":{"type":"string","description":"Optional: source branch to create from"}},"required":["branch"]}`, []argCase{
		{"create a branch named hotfix-login off main", `{"branch":"hotfix-login","from_branch":"main"}`},
		{"I need a branch called release-2 from develop", `{"branch":"release-2","from_branch":"develop"}`},
		{"create a branch named hotfix-login", `{"branch":"hotfix-login"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"branch":{"type":"string"},"ref":{"type":"string","description":"Source branch/commit for new branch"}},"required":["branch"]}`, []argCase{
		{"a new branch called refactor-auth, cut from main", `{"branch":"refactor-auth","ref":"main"}`},
	})
	// A parameter that is no source takes nothing after "from".
	checkArgs(t, `{"type":"object","properties":{"key":{"type":"string"},"note":{"type":"string"}},"required":["key"]}`, []argCase{
		{"delete the key session:1 from redis", `{"key":"session:1"}`},
	})
}

// TestInfinitiveTo: after "has", "want", "need", ... "to" marks an
// infinitive, not a destination.
func TestInfinitiveTo(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"target":{"type":"string"}},"required":["target"]}`, []argCase{
		{"the dropdown has to say Canada", `{}`},
		{"I want to see the staging tab", `{}`},
		{"switch the dropdown to Canada", `{"target":"Canada"}`},
	})
}

// TestAboutSearch: for a search parameter, the subject after "about" is
// the text to search for, a noun phrase that ends at a preposition or a
// conjunction; other parameters take nothing from it.
func TestAboutSearch(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"query":{"type":"string","description":"The text that the API compares page and database titles against"}}}`, []argCase{
		{"I wrote a page about onboarding in notion months ago and can't find it", `{"query":"onboarding"}`},
		{"find github repos about rust async runtimes", `{"query":"rust async runtimes"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}`, []argCase{
		{"create an issue about a memory leak", `{}`},
	})
}

// TestExamplePhrase: a value the description quotes as an example fills an
// optional parameter when it is the whole object of a preposition of place;
// as a modifier of a noun ("the main page") it is prose.
func TestExamplePhrase(t *testing.T) {
	for _, c := range []struct {
		q    string
		word string
		want bool
	}{
		{"logs of the last build on main", "main", true},
		{"logs of gh/a/b on master, please", "master", true},
		{"logs on main for gh/a/b", "main", true},
		{"logs from the main page", "main", false},
		{"the main logs", "main", false},
		{"logs on main branch protection", "main", false},
	} {
		v := extractValues(c.q, "")
		i := slices.IndexFunc(v.toks, func(t qtok) bool { return t.lower == c.word })
		if i < 0 {
			t.Fatalf("%q: no token %q", c.q, c.word)
		}
		if got := examplePhrase(v.toks, i); got != c.want {
			t.Errorf("examplePhrase(%q, %q) = %v, want %v", c.q, c.word, got, c.want)
		}
	}
}

// TestNarrowerNamed: of two parameters for the same noun, "text" and
// "textGone", the task's words decide: "the text 'x' is gone" is
// textGone's, "the text 'x' appears" text's.
func TestNarrowerNamed(t *testing.T) {
	checkCatalogArgs(t, "playwright__browser_wait_for", []argCase{
		{"wait until the 'Saving...' text is gone from the page", `{"textGone":"Saving..."}`},
		{"wait until the text 'Loading results' is gone from the page", `{"textGone":"Loading results"}`},
		{"wait until the text 'Done' appears", `{"text":"Done"}`},
	})
}

// TestMentioningSearch: what a search is to find mentioned ("anything
// mentioning kafka", "issues that mention SSO") is the text to search for,
// one word or several, as the subject after "about" is.
func TestMentioningSearch(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"query":{"type":"string"}},"required":["query"]}`, []argCase{
		{"search my memory graph for anything mentioning kafka", `{"query":"kafka"}`},
		{"search Linear for urgent issues mentioning webhook retries", `{"query":"webhook retries"}`},
		{"find nodes that mention kafka in the graph", `{"query":"kafka"}`},
	})
}

// TestMotionEnds: "<A> onto <B>" gives a pair of parameters named for the
// two ends of a motion the thing moved and where it goes: ids to a pair
// of references, quoted texts to a pair of descriptions.
func TestMotionEnds(t *testing.T) {
	checkCatalogArgs(t, "playwright__browser_drag", []argCase{
		{"in playwright drag the card e14 onto the Done column e52", `{"endTarget":"e52","startTarget":"e14"}`},
		{"in playwright, drag the 'Write tests' card onto the 'Done' column", `{"endElement":"Done","startElement":"Write tests"}`},
	})
	checkCatalogArgs(t, "chrome-devtools__drag", []argCase{
		{"drag 3_4 into the dropzone 3_9 on page 2", `{"from_uid":"3_4","pageId":2,"to_uid":"3_9"}`},
	})
}
