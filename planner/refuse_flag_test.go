package planner

import "testing"

// TestArchiveOperation: "archive" leads tool names by the CRUD convention
// (a repository's, a channel's, an issue's archive operation), so a
// server none of whose tools states it is asked for an operation it
// lacks; a tool's own flag named for the state ("archived") states it,
// a member's flag does not (a subscription item's "deleted"). Over the
// real catalog, with tasks written for this test.
func TestArchiveOperation(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantRefusals(t, cat, []string{
		"archive the slack channel #team-offsite",
		"archive the github repository octo-org/old-dashboard",
		"delete the stripe customer cus_TestArchive1",
	})
	wantTools(t, cat, map[string]string{
		"archive notion block 5a6b7c8d-1e2f-4a3b-8c9d-0e1f2a3b4c5d": "API-update-a-block",
	})
}
