package planner

import "testing"

// TestOperationOfSiblingRealCatalog probes the operation for another
// object over the real tools of the shared evaluation catalog: a request
// to create a Notion page, where a Notion tool named for creating another
// thing (API-create-a-data-source) matched the rest of the task better,
// is planned with the tool whose lead states the operation on the page
// ("Create a page"), not refused because the tool named for the other
// object ranked first. A server none of whose tools states the operation
// on the object still has the request refused.
func TestOperationOfSiblingRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"create a Notion page titled 'Sprint 14 notes' under page 7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f":      "API-post-page",
		"create a Notion page titled 'Onboarding checklist' under page 1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b": "API-post-page",
	})
	wantRefusals(t, cat, []string{
		"create a gitlab milestone 'v2.0' for project acme/web",
		"create a Notion calendar event for Friday's retro",
	})
}
