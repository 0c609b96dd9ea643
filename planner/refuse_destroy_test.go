package planner

import (
	"encoding/json"
	"testing"
)

// A request to destroy a thing whose named server has tools for that
// thing named for other particular operations (deploying it, pausing it)
// and none that destroys it is refused, though the server destroys other
// things; a tool of general change (patch, update) that can set the
// thing's state is still planned.
func TestDestroyAskedOfAnotherOperation(t *testing.T) {
	obj := func(props string, req ...string) json.RawMessage {
		r, _ := json.Marshal(req)
		return json.RawMessage(`{"type":"object","properties":{` + props + `},"required":` + string(r) + `}`)
	}
	cat := NewCatalog([]Tool{
		{Backend: "supabase", Name: "deploy_edge_function", Description: "Deploys an Edge Function to a Supabase project.", InputSchema: obj(`"project_id":{"type":"string"},"name":{"type":"string"}`, "project_id", "name")},
		{Backend: "supabase", Name: "get_edge_function", Description: "Retrieves the code of an Edge Function.", InputSchema: obj(`"project_id":{"type":"string"},"function_slug":{"type":"string"}`, "project_id", "function_slug")},
		{Backend: "supabase", Name: "delete_branch", Description: "Deletes a development branch.", InputSchema: obj(`"branch_id":{"type":"string"}`, "branch_id")},
		{Backend: "supabase", Name: "pause_project", Description: "Pauses a Supabase project.", InputSchema: obj(`"project_id":{"type":"string"}`, "project_id")},
		{Backend: "wiki", Name: "move_page", Description: "Move a page to a new parent.", InputSchema: obj(`"page_id":{"type":"string"},"parent":{"type":"string"}`, "page_id", "parent")},
		{Backend: "wiki", Name: "patch_page", Description: "Update the properties of a page.", InputSchema: obj(`"page_id":{"type":"string"},"archived":{"type":"boolean"}`, "page_id")},
		{Backend: "wiki", Name: "delete_block", Description: "Delete a block.", InputSchema: obj(`"block_id":{"type":"string"}`, "block_id")},
	})
	wantRefusals(t, cat, []string{
		"delete the legacy-webhook edge function from supabase project qwertyuiopasdfghjklz",
	})
	wantTools(t, cat, map[string]string{
		"delete supabase branch 3e1c7a52-9b84-4f0d-a6e2-81d5c3b7f094":    "delete_branch",
		"deploy the legacy-webhook edge function to supabase project qw": "deploy_edge_function",
		"archive wiki page 1f3c9a2e5b7d":                                 "patch_page",
	})
}
