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
	for q, want := range map[string]string{
		"Finance asked me to cut the bill":          "",
		"Security flagged that a key leaked":        "",
		"Support is asking about the refund":        "",
		"Legal wants to know who signed":            "",
		"delete archived projects in linear":        stem("delete"),
		"list merged PRs that touch the parser":     stem("list"),
		"send invites to the whole team":            stem("send"),
		"finance the new laptop through the budget": stem("finance"),
	} {
		if got, _ := mainVerb(fields(q)); got != want {
			t.Errorf("mainVerb(%q) = %q, want %q", q, got, want)
		}
	}
}
