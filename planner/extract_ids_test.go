package planner

import "testing"

// TestAgentNounEnum: an enum member that is the agent noun of a verb the
// task uses with an object ("papers that cite X": citers) is chosen; a verb
// whose subject is someone else ("papers I can cite"), a task without the
// verb, and a sort key ("users who follow torvalds" asks for no ranking by
// followers) leave the parameter empty. (related_papers' intent, a
// required instruction, is the task: instructionParam.)
func TestAgentNounEnum(t *testing.T) {
	checkCatalogArgs(t, "firecrawl__firecrawl_research_related_papers", []argCase{
		{"which papers cite arXiv:2211.17192?", `{"intent":"which papers cite arXiv:2211.17192?","mode":"citers","seed_ids":["arXiv:2211.17192"]}`},
		{"papers citing arXiv:2211.17192", `{"intent":"papers citing arXiv:2211.17192","mode":"citers","seed_ids":["arXiv:2211.17192"]}`},
		{"find work that cited arXiv:2211.17192 since it came out", `{"intent":"find work that cited arXiv:2211.17192 since it came out","mode":"citers","seed_ids":["arXiv:2211.17192"]}`},
		// Without the value.
		{"related work for arXiv:2106.09685 that I can cite", `{"intent":"related work for arXiv:2106.09685 that I can cite","seed_ids":["arXiv:2106.09685"]}`},
		{"related work for arXiv:2106.09685", `{"intent":"related work for arXiv:2106.09685","seed_ids":["arXiv:2106.09685"]}`},
		{"what does arXiv:2106.09685 cite?", `{"intent":"what does arXiv:2106.09685 cite?","seed_ids":["arXiv:2106.09685"]}`},
	})
	checkCatalogArgs(t, "github__search_users", []argCase{
		{"find github users who follow torvalds", `{"q":"find github users who follow torvalds"}`},
		{"github users in berlin sorted by followers", `{"q":"github users in berlin sorted by followers","sort":"followers"}`},
	})
	for w, b := range map[string]string{"cite": "cite", "cites": "cite", "citing": "cite", "cited": "cite", "following": "follow"} {
		if !sameVerb(w, b) {
			t.Errorf("sameVerb(%q, %q) = false", w, b)
		}
	}
	if sameVerb("city", "cite") || sameVerb("use", "user") {
		t.Error("sameVerb matched another word")
	}
}

// TestSchemeID: an arXiv identifier written after the word "arXiv" is one
// id, "arXiv:NNNN.NNNNN", not a number; a number that is no arXiv id, or
// the word without an id, gives no id.
func TestSchemeID(t *testing.T) {
	checkCatalogArgs(t, "firecrawl__firecrawl_research_related_papers", []argCase{
		{"papers similar to arXiv 2106.09685", `{"intent":"papers similar to arXiv 2106.09685","mode":"similar","seed_ids":["arXiv:2106.09685"]}`},
		{"papers similar to arxiv 1706.03762v5", `{"intent":"papers similar to arxiv 1706.03762v5","mode":"similar","seed_ids":["arXiv:1706.03762v5"]}`},
		{"which papers cite arXiv 2211.17192?", `{"intent":"which papers cite arXiv 2211.17192?","mode":"citers","seed_ids":["arXiv:2211.17192"]}`},
		// Without the value.
		{"papers similar to the attention paper on arXiv", `{"intent":"papers similar to the attention paper on arXiv","mode":"similar"}`},
		{"papers similar to arXiv, about 2106.5 of them", `{"intent":"papers similar to arXiv, about 2106.5 of them","mode":"similar"}`},
	})
	v := extractValues("related to arXiv 2106.09685", "")
	if len(v.numbers) != 0 {
		t.Errorf("the id stays a number: %+v", v.numbers)
	}
}

// TestAgainEnum: a verb with the prefix re- ("reopen", "re-open",
// "reopened") chooses the enum member it makes true again; tasks without
// such a verb, or whose re- word is another word ("retitle", "remark"),
// leave the parameter to the other readings.
func TestAgainEnum(t *testing.T) {
	checkCatalogArgs(t, "github__update_issue", []argCase{
		{"reopen issue #12 in acme/api", `{"issue_number":12,"owner":"acme","repo":"api","state":"open"}`},
		{"re-open issue 12 in acme/api", `{"issue_number":12,"owner":"acme","repo":"api","state":"open"}`},
		// Without the value.
		{"update issue 12 in acme/api, retitle it", `{"issue_number":12,"owner":"acme","repo":"api"}`},
		{"add a remark to issue 12 in acme/api", `{"issue_number":12,"owner":"acme","repo":"api"}`},
	})
	checkCatalogArgs(t, "github__list_issues", []argCase{
		{"list reopened issues in acme/api", `{"owner":"acme","repo":"api","state":"open"}`},
		{"list issues in acme/api", `{"owner":"acme","repo":"api"}`},
	})
}
