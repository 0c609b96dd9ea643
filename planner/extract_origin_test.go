package planner

import "testing"

// TestOriginValue: the parameter that names where a new thing starts
// (GitHub's from_branch, GitLab's ref "Source branch/commit") takes the
// name after "from", "off", "off of", "based on" or "on top of"; a task
// without one, or with words that point at an origin without naming it
// ("the default branch", "the repo"), leaves it empty.
func TestOriginValue(t *testing.T) {
	checkCatalogArgs(t, "github__create_branch", []argCase{
		{"cut a branch release/2.4 off main in the github repo acme/widgets", `{"branch":"release/2.4","from_branch":"main","owner":"acme","repo":"widgets"}`},
		{"create a branch release/2.4 from main in acme/widgets", `{"branch":"release/2.4","from_branch":"main","owner":"acme","repo":"widgets"}`},
		{"create branch feat-x based on develop in acme/api", `{"branch":"feat-x","from_branch":"develop","owner":"acme","repo":"api"}`},
		{"create branch feat-x in acme/api off of the develop branch", `{"branch":"feat-x","from_branch":"develop","owner":"acme","repo":"api"}`},
		{"new branch feat-x in acme/api on top of release/1.x", `{"branch":"feat-x","from_branch":"release/1.x","owner":"acme","repo":"api"}`},
		// Without the value.
		{"create a branch feat-z in acme/api", `{"branch":"feat-z","owner":"acme","repo":"api"}`},
		{"create branch feat-x in acme/api from the default branch", `{"branch":"feat-x","owner":"acme","repo":"api"}`},
		{"create branch feat-x from the repo acme/api", `{"branch":"feat-x","owner":"acme","repo":"api"}`},
		{"create branch feat-x in acme/api, from scratch", `{"branch":"feat-x","owner":"acme","repo":"api"}`},
	})
	checkCatalogArgs(t, "gitlab__create_branch", []argCase{
		{"create a gitlab branch hotfix from main in project grp/app", `{"branch":"hotfix","project_id":"grp/app","ref":"main"}`},
		{"create a gitlab branch hotfix in project grp/app", `{"branch":"hotfix","project_id":"grp/app"}`},
	})
	for _, c := range []struct {
		p    argProp
		want bool
	}{
		{argProp{name: "from_branch", lname: "frombranch", typ: "string"}, true},
		{argProp{name: "source_branch", lname: "sourcebranch", typ: "string"}, true},
		{argProp{name: "ref", lname: "ref", typ: "string", desc: "Source branch/commit for new branch"}, true},
		{argProp{name: "from", lname: "from", typ: "string"}, false},        // a range's start
		{argProp{name: "from_uid", lname: "fromuid", typ: "string"}, false}, // an id
		{argProp{name: "source", lname: "source", typ: "string"}, true},
		{argProp{name: "sourcePath", lname: "sourcepath", typ: "string"}, false},
		{argProp{name: "base", lname: "base", typ: "string", desc: "The name of the branch you want the changes pulled into"}, false},
		{argProp{name: "frontmatter", lname: "frontmatter", typ: "string"}, false},
	} {
		if got := originParam(c.p); got != c.want {
			t.Errorf("originParam(%s) = %v, want %v", c.p.name, got, c.want)
		}
	}
}
