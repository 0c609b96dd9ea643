package planner

import (
	"os"
	"strings"
	"testing"
)

// TestToldOperations: the operations of a statement told before the
// request, and only those.
func TestToldOperations(t *testing.T) {
	for _, c := range []struct {
		query string
		want  string // the told fields, space-separated
	}{
		{"I tried to merge the dev branch and it failed. Rebase it on main.", "merge"},
		{"We renamed the plan last week. Update every document to the new name.", "renamed"},
		{"Before I deployed it, the tests passed. Show me the logs.", "deployed"},
		{"Delete branch x. It was merged last week.", ""},                         // the last sentence is no told one
		{"Merge PR 12. Then delete the branch.", ""},                              // an imperative is no statement
		{"We merged it yesterday? Show the log.", ""},                             // a question asks
		{"We need the branch merged. It has the fix.", ""},                        // a need is a request
		{"I'm writing a doc and need it moved. Do it now.", ""},                   // a need with its subject given once
		{"The job is slow so I run it at night. Start it now.", ""},               // "run" is in the clause of result
		{"We deleted 'the old merge notes' by mistake. Restore them.", "deleted"}, // quoted text is no operation
		{"merge the dev branch", ""},
		{"I just merged the fix into main. Show me the pipeline.", "merged"}, // "just" after a subject is no request frame
		{"Just merge it. The tests passed.", ""},
		{"The old watcher just spams diffs and we moved the pages. Delete it.", "moved"},
	} {
		fs := fields(c.query)
		told := toldOperations(fs)
		var got []string
		for i, b := range told {
			if b {
				got = append(got, strings.Trim(fs[i].text, ".,"))
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: told %q, want %q", c.query, strings.Join(got, " "), c.want)
		}
	}
}

// TestToldOperationsRealCatalog: a statement of what happened before a
// request of its own sentence does not choose the tool by its verb; a
// request alone, or told first, keeps its tool.
func TestToldOperationsRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"I tried to delete the staging branch yesterday and it failed with a lock error. Show me the branches of supabase project abcdefghijklmnop.": "list_branches",
		"We merged the hotfix into main last night. List the open pull requests of acme/api on github.":                                              "list_pull_requests",
		"Someone renamed the orders collection in the shop db last week. How many documents does it have now?":                                       "count",
		"The deploy failed. Deploy edge function hello to supabase project abcdefghijklmnop again.":                                                  "deploy_edge_function",
		"delete branch feature-x in supabase project abcdefghijklmnop":                                                                               "delete_branch",
		"merge pull request 12 of acme/api on github":                                                                                                "merge_pull_request",
		"rename the orders collection in the shop mongo db to orders_old":                                                                            "rename-collection",
		// The request's verb is not the told statement's: no push is asked.
		"We just pushed the hotfix to main and CI looks stuck. What's the status of the latest CircleCI pipeline for gh/acme/web on main?": "get_latest_pipeline_status",
	})
}
