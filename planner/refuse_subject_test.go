package planner

import "testing"

// TestSubjectOfFiniteRealCatalog probes subjectOfFinite over the real
// tools of the shared evaluation catalog: a team or person named first
// and followed by a finite verb ("Ops asked me", "Legal is asking",
// "Billing wants to know") is the subject of a report, not an imperative,
// so a listing tool that answers the question after it is planned, not
// refused as a listing asked for a change ("finance" and "ops" read as
// verbs). Imperatives followed by a participle or a plural keep their
// verb, and a report before a request no tool does stays refused.
func TestSubjectOfFiniteRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"Finance asked me to trim the CI spend. I saved the CircleCI usage export at ./ci/usage-09.csv; which resource classes sit under 20% CPU and could shrink?": "find_underused_resource_classes",
		"Finance is asking about CircleCI costs. The usage export is at /data/circleci-usage.csv; which jobs use under 40% of the RAM of their resource class?":     "find_underused_resource_classes",
		"Finance wants to know why CircleCI costs grew. I exported the usage to ./exports/ci.csv; which jobs use under 30% of the CPU of their resource class?":     "find_underused_resource_classes",
	})
	wantRefusals(t, cat, []string{
		"Finance asked me to cut costs. Please cancel our Zoom subscription",
	})
	// The statement's verb ("renamed", "pushed") is not the request's.
	wantTools(t, cat, map[string]string{
		"We renamed the docs site last month so the old monitor just alerts on 404s. Please delete firecrawl monitor mon_ab12cd.":        "firecrawl_monitor_delete",
		"I pushed a fix to main an hour ago and want to know if it took. Is the latest CircleCI pipeline on main for gh/acme/web green?": "get_latest_pipeline_status",
	})
	for q, want := range map[string]string{
		"Finance asked me to cut the bill":          "",
		"Security flagged that a key leaked":        "",
		"Support is asking about the refund":        "",
		"Legal wants to know who signed":            "",
		"delete archived projects in linear":        stem("delete"),
		"list merged PRs that touch the parser":     stem("list"),
		"send invites to the whole team":            stem("send"),
		"finance the new laptop through the budget": stem("finance"),
		// A verb after "I" or "we" is a statement's.
		"I just pushed the fix, can you rerun the pipeline": "",
		"we moved the pages last week":                      "",
		"I need to delete the branch":                       stem("delete"),
		"we also need to archive it":                        stem("archive"),
		"I'd like to merge PR 12":                           stem("merge"),
	} {
		if got, _ := mainVerb(fields(q)); got != want {
			t.Errorf("mainVerb(%q) = %q, want %q", q, got, want)
		}
	}
}
