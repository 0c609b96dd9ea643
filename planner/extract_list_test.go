package planner

import "testing"

// TestListValues: an optional list parameter named by a plural noun
// (labels, assignees, authors) takes the plain words after its noun or its
// participle ("labeled", "assigned to"), one or several joined by commas
// and "and"; words that run on past the list, a noun with no value after
// it, and a task without the noun leave it empty.
func TestListValues(t *testing.T) {
	checkCatalogArgs(t, "github__create_issue", []argCase{
		{"open an issue in acme/api titled 'Crash on boot' with labels bug, p1 and ui", `{"labels":["bug","p1","ui"],"owner":"acme","repo":"api","title":"Crash on boot"}`},
		{"open an issue in acme/api titled 'Crash on boot' labeled bug and assigned to alice", `{"assignees":["alice"],"labels":["bug"],"owner":"acme","repo":"api","title":"Crash on boot"}`},
		{"open an issue in acme/api titled 'Crash on boot' with the label needs-triage", `{"labels":["needs-triage"],"owner":"acme","repo":"api","title":"Crash on boot"}`},
		{"open an issue in acme/api titled 'Crash on boot', tagged regression", `{"owner":"acme","repo":"api","title":"Crash on boot"}`}, // tags is no parameter here
		// Without the value.
		{"open an issue in acme/api titled 'Crash on boot'", `{"owner":"acme","repo":"api","title":"Crash on boot"}`},
		{"open an issue in acme/api titled 'Labels missing' about labels in the settings", `{"owner":"acme","repo":"api","title":"Labels missing"}`},
	})
	checkCatalogArgs(t, "github__list_issues", []argCase{
		{"closed issues in acme/api labeled bug, newest first", `{"direction":"desc","labels":["bug"],"owner":"acme","repo":"api","state":"closed"}`},
		{"issues in acme/api labelled p1 or p2", `{"labels":["p1","p2"],"owner":"acme","repo":"api"}`},
		// Without the value.
		{"issues with labels in acme/api", `{"owner":"acme","repo":"api"}`},
		{"list issues in acme/api, labels bug reports from users", `{"owner":"acme","repo":"api"}`},
	})
	checkCatalogArgs(t, "firecrawl__firecrawl_research_search_papers", []argCase{
		{"papers on diffusion by authors Ho and Salimans", `{"authors":["Ho","Salimans"],"query":"papers on diffusion by authors Ho and Salimans"}`},
		{"papers on diffusion", `{"query":"papers on diffusion"}`},
	})
	for _, c := range []struct {
		name, typ, item string
		required        bool
		want            string
	}{
		{"labels", "array", "string", false, "label"},
		{"assignees", "array", "string", false, "assignee"},
		{"categories", "array", "string", false, "category"},
		{"labels", "array", "string", true, ""},          // required: read otherwise
		{"includeDomains", "array", "string", false, ""}, // a verb in the name
		{"label", "string", "", false, ""},
	} {
		_, noun := listParam(argProp{name: c.name, lname: c.name, typ: c.typ, itemType: c.item, required: c.required})
		if noun != c.want {
			t.Errorf("listParam(%s) noun = %q, want %q", c.name, noun, c.want)
		}
	}
}

// TestCuedTextEnd: a text introduced by "titled" or "saying" ends before a
// preposition whose next word names another parameter of the tool ("for
// team abc123" for teamId), which then takes its value; a preposition
// followed by ordinary words stays in the text.
func TestCuedTextEnd(t *testing.T) {
	checkCatalogArgs(t, "linear__linear_create_issue", []argCase{
		{"create a linear issue titled Login broken for team abc123", `{"teamId":"abc123","title":"Login broken"}`},
		{"create a linear issue titled Login broken for new users", `{"title":"Login broken for new users"}`},
	})
	checkCatalogArgs(t, "slack__slack_post_message", []argCase{
		{"post a message saying the build is green in channel C123", `{"channel_id":"C123","text":"the build is green"}`},
		{"post a message saying the build is green in the morning", `{"text":"the build is green in the morning"}`},
	})
}

// TestGlobOperand: "containing X" is a glob only when X is a name's part;
// "containing the text TODO" is about content, and a function word is no
// operand, so neither becomes a pattern ("*the*" was one).
func TestGlobOperand(t *testing.T) {
	checkCatalogArgs(t, "filesystem__search_files", []argCase{
		{"find files in /src containing test in their name", `{"path":"/src","pattern":"*test*"}`},
		// Without the value.
		{"find files in /src containing the text TODO", `{"path":"/src"}`},
		{"find files in /src containing a word", `{"path":"/src"}`},
	})
}

// TestToldText: the words after a verb of telling and whom it tells
// ("letting folks know the deploy is done", "telling the team that ...")
// are a message's text; told to the user ("let me know ...") they are what
// to report, and a task without them gives no text.
func TestToldText(t *testing.T) {
	checkCatalogArgs(t, "slack__slack_post_message", []argCase{
		{"drop a note in C0123 letting folks know the deploy is done", `{"channel_id":"C0123","text":"the deploy is done"}`},
		{"post in C0123 telling the team that the build is red", `{"channel_id":"C0123","text":"the build is red"}`},
		{"let everyone in C0123 know that lunch is here", `{"channel_id":"C0123","text":"lunch is here"}`},
		// Without the value.
		{"post in C0123", `{"channel_id":"C0123"}`},
		{"post hi in C0123 and let me know what comes back", `{"channel_id":"C0123"}`},
		{"tell me what channel C0123 is about", `{"channel_id":"C0123"}`},
	})
	checkCatalogArgs(t, "slack__slack_reply_to_thread", []argCase{
		{"reply in thread 1712345678.000100 of C123 letting them know it is fixed", `{"channel_id":"C123","text":"it is fixed","thread_ts":"1712345678.000100"}`},
	})
}

// TestItemList: a required array of objects takes one item per value of a
// list of its items' key member: paths for files, quoted titles after a
// colon or a plural noun for issues. Members the task gives once go to
// every item (a quoted one only when the task distributes it); one value
// is no list, and a quoted title elsewhere is no item.
func TestItemList(t *testing.T) {
	checkCatalogArgs(t, "github__push_files", []argCase{
		{"push README.md and docs/setup.md to main of acme-corp/toolkit as one commit, message 'docs: add setup guide'",
			`{"branch":"main","files":[{"path":"README.md"},{"path":"docs/setup.md"}],"message":"docs: add setup guide","owner":"acme-corp","repo":"toolkit"}`},
		{"push src/a.ts, src/b.ts and src/c.ts to acme/web on main, message 'three files'",
			`{"branch":"main","files":[{"path":"src/a.ts"},{"path":"src/b.ts"},{"path":"src/c.ts"}],"message":"three files","owner":"acme","repo":"web"}`},
		// One path is no list: the single-file tool takes it.
		{"push src/a.ts to acme/web on main, message 'one file'", `{"branch":"main","message":"one file","owner":"acme","repo":"web"}`},
	})
	checkCatalogArgs(t, "gitlab__push_files", []argCase{
		// A hidden file is a file too.
		{"push README.md and .gitlab-ci.yml to GitLab project infra/modules in one commit with message 'bootstrap'",
			`{"commit_message":"bootstrap","files":[{"file_path":"README.md"},{"file_path":".gitlab-ci.yml"}],"project_id":"infra/modules"}`},
	})
	checkCatalogArgs(t, "linear__linear_create_issues", []argCase{
		{"create two Linear issues for team 3f1c9a2e: 'Add retry' and 'Log failures', both with description 'from incident 2291'",
			`{"issues":[{"description":"from incident 2291","teamId":"3f1c9a2e","title":"Add retry"},{"description":"from incident 2291","teamId":"3f1c9a2e","title":"Log failures"}]}`},
		{"file three linear issues in team ENG at once: 'flaky login test', 'slow search page', 'broken CSV export'",
			`{"issues":[{"teamId":"ENG","title":"flaky login test"},{"teamId":"ENG","title":"slow search page"},{"teamId":"ENG","title":"broken CSV export"}]}`},
	})
	checkCatalogArgs(t, "chrome-devtools__fill_form", []argCase{
		// Items of two members: the identifier after its noun, a linking
		// word, the value.
		{"on page 2 fill uid 1_14 with jane@acme.dev and uid 1_15 with hunter2 in a single call",
			`{"elements":[{"uid":"1_14","value":"jane@acme.dev"},{"uid":"1_15","value":"hunter2"}],"pageId":2}`},
		{"on page 2 fill the form: uid 1_4 = jane@example.com, uid 1_5 = 'Hunter 2'",
			`{"elements":[{"uid":"1_4","value":"jane@example.com"},{"uid":"1_5","value":"Hunter 2"}],"pageId":2}`},
		{"on page 1 fill the login form: uid 4_12 gets qa@acme.dev and uid 4_13 gets hunter2",
			`{"elements":[{"uid":"4_12","value":"qa@acme.dev"},{"uid":"4_13","value":"hunter2"}],"pageId":1}`},
	})
	checkCatalogArgs(t, "google-maps__maps_elevation", []argCase{
		// Points in decimal degrees, one item each.
		{"how high above sea level are 46.8523,-121.7603 and 36.5785,-118.2923?",
			`{"locations":[{"latitude":46.8523,"longitude":-121.7603},{"latitude":36.5785,"longitude":-118.2923}]}`},
		{"elevation of 46.8523, -121.7603 and (36.5785, -118.2923)",
			`{"locations":[{"latitude":46.8523,"longitude":-121.7603},{"latitude":36.5785,"longitude":-118.2923}]}`},
	})
	checkCatalogArgs(t, "linear__linear_create_project_with_issues", []argCase{
		// The project's own quoted name is no item; the list after the
		// colon is no description of every item.
		{"set up a Linear project 'SSO rollout' for team 7b9e2c14 with two issues: 'Add SAML config UI' and 'Write SSO admin docs'",
			`{"issues":[{"title":"Add SAML config UI"},{"title":"Write SSO admin docs"}],"project":{"name":"SSO rollout","teamIds":["7b9e2c14"]}}`},
	})
}

// TestRelativePathHidden: a file name opened by a dot is a file, with an
// extension or in lower case without one; a dot before a capitalized name
// (".NET") or before a bare extension (".md", ".env") is not.
func TestRelativePathHidden(t *testing.T) {
	for _, c := range []struct {
		tok  string
		want bool
	}{
		{".gitlab-ci.yml", true}, {".eslintrc.cjs", true}, {".nvmrc", true}, {".gitignore", true}, {".env", false}, {".md", false}, {".NET", false}, {"..md", false}, {".a b.md", false},
	} {
		if got := relativePath(c.tok, ""); got != c.want {
			t.Errorf("relativePath(%q) = %v, want %v", c.tok, got, c.want)
		}
	}
}

// TestBranchAndLabelReadings: an undescribed commit SHA takes the branch or
// tag the task names (git resolves either to a commit); an optional base
// branch takes the plain word after the prepositions a pull request's base
// takes; a list of labels follows "set its label to" and a synonym of the
// noun used as a verb ("tag it wontfix"), but not a statement ("I will tag
// it later").
func TestBranchAndLabelReadings(t *testing.T) {
	checkCatalogArgs(t, "github__list_commits", []argCase{
		{"list the last 20 commits on branch release-1.9 of github repo vercel-labs/edge-cache", `{"owner":"vercel-labs","perPage":20,"repo":"edge-cache","sha":"release-1.9"}`},
		{"list the commits of acme/web", `{"owner":"acme","repo":"web"}`},
		// A branch with a slash after "on", or before the noun "branch";
		// the repository's own reference is no branch.
		{"last 10 commits on release/3.2 in acme-corp/web-app", `{"owner":"acme-corp","perPage":10,"repo":"web-app","sha":"release/3.2"}`},
		{"show me recent commits on the release/2.4 branch of octo-org/billing", `{"owner":"octo-org","repo":"billing","sha":"release/2.4"}`},
		{"list commits on acme-corp/web-app", `{"owner":"acme-corp","repo":"web-app"}`},
	})
	checkCatalogArgs(t, "github__list_pull_requests", []argCase{
		{"list open PRs targeting develop in github repo acme/gateway", `{"base":"develop","owner":"acme","repo":"gateway","state":"open"}`},
		{"list open PRs against main in acme/web", `{"base":"main","owner":"acme","repo":"web","state":"open"}`},
		{"list the open PRs in acme/web", `{"owner":"acme","repo":"web","state":"open"}`},
	})
	checkCatalogArgs(t, "github__update_issue", []argCase{
		{"close issue #88 on acme-corp/web-app and tag it wontfix", `{"issue_number":88,"labels":["wontfix"],"owner":"acme-corp","repo":"web-app","state":"closed"}`},
		{"close issue #58 in holloway/docs-site and set its label to wontfix", `{"issue_number":58,"labels":["wontfix"],"owner":"holloway","repo":"docs-site","state":"closed"}`},
		{"update issue 5 in acme/web, I will tag it later", `{"issue_number":5,"owner":"acme","repo":"web"}`},
	})
}

// TestHiddenDirPath: a path under a hidden directory is a path, not an
// owner/repo reference.
func TestHiddenDirPath(t *testing.T) {
	for tok, want := range map[string]bool{".github/CODEOWNERS": true, ".vscode/settings.json": true, "acme/web": false, "../x": false, "./x": false, ".github/": false, "./": false} {
		if got := hiddenDirPath(tok); got != want {
			t.Errorf("hiddenDirPath(%q) = %v, want %v", tok, got, want)
		}
	}
}

// TestAssignVerb: the verb of an -ee noun ("assignee") as a command takes
// the one it is done to: "assign jlee", "assign it to jlee"; a clause so
// opened after "and" ends the list before it ("label it bug and assign
// jlee"), and "label it X" tags, it does not title.
func TestAssignVerb(t *testing.T) {
	checkCatalogArgs(t, "github__create_issue", []argCase{
		{"open an issue in a/b, assign jlee", `{"assignees":["jlee"],"owner":"a","repo":"b"}`},
		{"open an issue in a/b and assign it to jlee and mkoenig", `{"assignees":["jlee","mkoenig"],"owner":"a","repo":"b"}`},
		{"open an issue in a/b, I will assign the work later", `{"owner":"a","repo":"b"}`},
		{"file an issue in a/b titled 'CSV export missing header row', label it bug and assign jlee.", `{"assignees":["jlee"],"labels":["bug"],"owner":"a","repo":"b","title":"CSV export missing header row"}`},
		{"open an issue in a/b labeled bug and docs", `{"labels":["bug","docs"],"owner":"a","repo":"b"}`},
		{"open an issue in a/b labeled bug and feature request", `{"owner":"a","repo":"b"}`},
	})
	checkCatalogArgs(t, "mongodb__connect", []argCase{
		{"connect to mongodb://10.0.4.12:27017 and label the connection reporting", `{"connectionName":"reporting","connectionString":"mongodb://10.0.4.12:27017"}`},
	})
}

// TestRelativePathManifest: a tool's manifest named for the tool and
// "file" ("Dockerfile", "Jenkinsfile") is a file name; an English word
// ending so ("Profile") or a lower-case one is not.
func TestRelativePathManifest(t *testing.T) {
	for _, c := range []struct {
		tok  string
		want bool
	}{
		{"Dockerfile", true}, {"Jenkinsfile", true}, {"Vagrantfile", true}, {"Profile", false}, {"dockerfile", false}, {"DockerFile", false}, {"file", false},
	} {
		if got := relativePath(c.tok, ""); got != c.want {
			t.Errorf("relativePath(%q) = %v, want %v", c.tok, got, c.want)
		}
	}
	checkCatalogArgs(t, "gitlab__get_file_contents", []argCase{
		{"show me the Jenkinsfile on the release branch of gitlab project ops/ci-templates",
			`{"file_path":"Jenkinsfile","project_id":"ops/ci-templates","ref":"release"}`},
	})
}
