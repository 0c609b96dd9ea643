package planner

import (
	"encoding/json"
	"testing"
)

// TestPreferFocused: of two tools of one name on different servers, the
// one whose server as a whole bears on the task ranks first, though the
// other's own text matches it better.
func TestPreferFocused(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)
	tools := []Tool{
		{Backend: "files", Name: "list_directory", Description: "List a directory.", InputSchema: obj},
		{Backend: "files", Name: "read_file", Description: "Read a file in a directory.", InputSchema: obj},
		{Backend: "files", Name: "create_directory", Description: "Create a directory.", InputSchema: obj},
		{Backend: "files", Name: "directory_tree", Description: "Tree of a directory's files.", InputSchema: obj},
		{Backend: "desk", Name: "list_directory", Description: "List the entries of a directory: every file and directory in the directory, marked [FILE] or [DIR].", InputSchema: obj},
		{Backend: "desk", Name: "start_process", Description: "Start a terminal process.", InputSchema: obj},
		{Backend: "desk", Name: "kill_process", Description: "Kill a process by pid.", InputSchema: obj},
		{Backend: "desk", Name: "set_config_value", Description: "Set a configuration value.", InputSchema: obj},
		{Backend: "desk", Name: "get_usage_stats", Description: "Usage statistics.", InputSchema: obj},
		{Backend: "desk", Name: "give_feedback", Description: "Send feedback.", InputSchema: obj},
	}
	cat := NewCatalog(tools)
	res := cat.Search("list the directory /srv/app/config", nil, 3)
	if len(res) < 2 || res[0].Tool.Backend != "files" || res[0].Tool.Name != "list_directory" {
		t.Fatalf("got %v, want files__list_directory first", res)
	}
	// Named, the server is the one the task asks for.
	res = cat.Search("list the directory /srv/app/config with desk", nil, 3)
	if len(res) < 1 || res[0].Tool.Backend != "desk" {
		t.Errorf("got %v, want desk__list_directory first", res)
	}
}
