package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfirmDestructiveTSClient: the official TypeScript SDK client,
// declaring form elicitation, asks orchestrate_task (offline planner) to
// write a file through server-filesystem, whose write_file is annotated
// destructive. The gateway asks the client first: a decline leaves the
// file unwritten, a yes writes it.
func TestConfirmDestructiveTSClient(t *testing.T) {
	dir := fsFixture(t)
	file := filepath.Join(dir, "confirmed.txt")
	task := map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{
		"query": `write the text "hello there" to the file ` + file}}
	run := runPlannerTS(t, fsConfig(t, dir, nil), map[string]any{
		"capabilities":  map[string]any{"elicitation": map[string]any{"form": map[string]any{}}},
		"elicitReplies": []any{map[string]any{"action": "decline"}, map[string]any{"action": "accept", "content": map[string]any{"confirm": true}}},
	},
		task,
		task,
	)
	first := run.results[0].tool(t)
	if first.IsError || !strings.Contains(first.text(), "Not run: the user declined it") || !strings.Contains(first.text(), "fs__write_file") {
		t.Errorf("declined call: %+v", first)
	}
	if pm := planOf(t, first); pm.Executed || pm.Tool != "write_file" {
		t.Errorf("declined call's plan: %s", first.Meta["agentify/plan"])
	}
	second := run.results[1].tool(t)
	if second.IsError || !strings.Contains(second.text(), "Successfully wrote") {
		t.Errorf("confirmed call: %+v", second)
	}
	if got, err := os.ReadFile(file); err != nil || string(got) != "hello there" {
		t.Errorf("%s: %q, %v", file, got, err)
	}
	if len(run.elicitation) != 2 {
		t.Fatalf("%d elicitation requests, want 2", len(run.elicitation))
	}
	var p struct {
		Mode, Message string
	}
	json.Unmarshal(run.elicitation[0], &p)
	if p.Mode != "form" || !strings.Contains(p.Message, "fs__write_file") || !strings.Contains(p.Message, "destructive") {
		t.Errorf("elicitation params %s", run.elicitation[0])
	}
}

// TestConfirmMultiStepDeclined: with planner.maxSteps 3 through sampling,
// the client's model first asks to write a file (an intermediate step);
// the user declines, so nothing is written, the plan ends there
// unexecuted, and the model is not asked again.
func TestConfirmMultiStepDeclined(t *testing.T) {
	dir := fsFixture(t)
	out := filepath.Join(dir, "step.txt")
	replies := []any{
		map[string]any{"role": "assistant", "model": "ide-model-steps", "stopReason": "toolUse",
			"content": []any{map[string]any{"type": "tool_use", "id": "toolu_write", "name": "fs__write_file", "input": map[string]any{"path": out, "content": "x"}}}},
	}
	run := runPlannerTS(t, fsConfig(t, dir, map[string]any{"maxSteps": 3}), map[string]any{
		"capabilities":  map[string]any{"sampling": map[string]any{"tools": map[string]any{}}, "elicitation": map[string]any{}},
		"replies":       replies,
		"elicitReplies": []any{map[string]any{"action": "accept", "content": map[string]any{"confirm": false}}},
	},
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "write x into step.txt, then tidy up"}},
	)
	tr := run.results[0].tool(t)
	if !strings.Contains(tr.text(), "Not run: the user did not confirm it") {
		t.Errorf("orchestrate_task: %+v", tr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("step.txt exists after a declined confirmation (%v)", err)
	}
	if len(run.sampling) != 1 || len(run.elicitation) != 1 {
		t.Errorf("%d sampling and %d elicitation requests, want 1 and 1", len(run.sampling), len(run.elicitation))
	}
}
