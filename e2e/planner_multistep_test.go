package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// chatMessageE2E is one message of a chat-completions request, with the
// tool-calling fields.
type chatMessageE2E struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	ToolCallID string          `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

func chatMessages(t *testing.T, r *chatRequest) []chatMessageE2E {
	t.Helper()
	var body struct {
		Messages []chatMessageE2E `json:"messages"`
	}
	if err := json.Unmarshal([]byte(r.Raw), &body); err != nil {
		t.Fatalf("request body: %v", err)
	}
	return body.Messages
}

// TestPlannerMultiStepOpenAI: planner.maxSteps 3 with a fake model that
// reads a file, then writes a summary of what it read, then answers. The
// gateway runs both calls, feeds each result back as a tool message, and
// reports the steps in _meta["agentify/plan"].
func TestPlannerMultiStepOpenAI(t *testing.T) {
	dir := fsFixture(t)
	notes, summary := filepath.Join(dir, "notes.txt"), filepath.Join(dir, "summary.txt")
	const (
		model       = "multi-step-model"
		summaryText = "Summary of notes.txt: the gateway works."
		done        = "I read notes.txt and wrote the summary to summary.txt."
	)
	fake := newFakeOpenAI(t, func(r *chatRequest) (int, any) {
		msgs := chatMessages(t, r)
		var tools []string
		for _, m := range msgs {
			if m.Role == "tool" {
				tools = append(tools, messageText(m.Content))
			}
		}
		switch len(tools) {
		case 0:
			return 200, callCompletion(model, "call_read", "fs__read_text_file", map[string]any{"path": notes})
		case 1:
			if !strings.Contains(tools[0], "core notes: the gateway works") {
				t.Errorf("step 2: the tool message does not carry the file's content: %q", tools[0])
			}
			return 200, callCompletion(model, "call_write", "fs__write_file", map[string]any{"path": summary, "content": summaryText})
		default:
			return 200, textCompletion(model, done)
		}
	})
	cfg := fsConfig(t, dir, map[string]any{"maxSteps": 3})
	res, stderr := runTS(t, cfg, fake.env("sk-planner-multistep-test"),
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{
			"query": "read notes.txt and write a one-line summary of it to summary.txt", "context": map[string]any{"currentWorkingDirectory": dir}}},
	)
	if strings.Contains(stderr, "panic") {
		t.Errorf("stderr mentions a panic:\n%s", tail(stderr, 3000))
	}
	tr := res[0].tool(t)
	if tr.IsError {
		t.Errorf("orchestrate_task: %+v", tr)
	}
	got, err := os.ReadFile(summary)
	if err != nil || string(got) != summaryText {
		t.Errorf("summary.txt: %q, %v; want %q", got, err, summaryText)
	}
	pm := planOf(t, tr)
	if pm.Planner != "openai" || pm.Model != model || pm.Attempts != 3 {
		t.Errorf("agentify/plan = %s", tr.Meta["agentify/plan"])
	}
	if len(pm.Steps) != 2 || pm.Steps[0].Tool != "read_text_file" || pm.Steps[0].Backend != "fs" || pm.Steps[0].IsError ||
		pm.Steps[1].Tool != "write_file" || pm.Steps[1].IsError {
		t.Errorf("steps = %s", tr.Meta["agentify/plan"])
	} else {
		var a map[string]string
		json.Unmarshal(pm.Steps[0].Arguments, &a)
		if a["path"] != notes {
			t.Errorf("step 1 arguments %s", pm.Steps[0].Arguments)
		}
	}
	if !strings.Contains(tr.text(), done) {
		t.Errorf("the model's final answer is not in the result: %q", tr.text())
	}

	reqs, _ := fake.seen()
	if len(reqs) != 3 {
		t.Fatalf("the model was asked %d times, want 3", len(reqs))
	}
	// Request 2: ... assistant tool_calls [call_read], tool (call_read) with the file.
	msgs := chatMessages(t, reqs[1])
	if n := len(msgs); n < 2 || msgs[n-2].Role != "assistant" || len(msgs[n-2].ToolCalls) != 1 || msgs[n-2].ToolCalls[0].ID != "call_read" ||
		msgs[n-1].Role != "tool" || msgs[n-1].ToolCallID != "call_read" {
		t.Errorf("request 2 does not end with the read call and its result: %s", reqs[1].Raw)
	}
	msgs = chatMessages(t, reqs[2])
	if n := len(msgs); n < 2 || msgs[n-1].Role != "tool" || msgs[n-1].ToolCallID != "call_write" {
		t.Errorf("request 3 does not end with the write call's result: %s", reqs[2].Raw)
	}
	if sys := messageText(chatMessages(t, reqs[0])[0].Content); !strings.Contains(sys, "3 tool calls") {
		t.Errorf("the system prompt does not announce the step budget:\n%s", sys)
	}
}

// TestPlannerMultiStepLastCall: with planner.maxSteps 2 the model's second
// call is the plan itself: the gateway runs it and returns its result
// unchanged, with the first call in steps.
func TestPlannerMultiStepLastCall(t *testing.T) {
	dir := fsFixture(t)
	notes, summary := filepath.Join(dir, "notes.txt"), filepath.Join(dir, "summary.txt")
	const summaryText = "the gateway works"
	fake := newFakeOpenAI(t, func(r *chatRequest) (int, any) {
		for _, m := range chatMessages(t, r) {
			if m.Role == "tool" {
				return 200, callCompletion("m", "call_write", "fs__write_file", map[string]any{"path": summary, "content": summaryText})
			}
		}
		return 200, callCompletion("m", "call_read", "fs__read_text_file", map[string]any{"path": notes})
	})
	res, _ := runTS(t, fsConfig(t, dir, map[string]any{"maxSteps": 2}), fake.env("sk-planner-multistep-test"),
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "summarize notes.txt into summary.txt", "context": map[string]any{"currentWorkingDirectory": dir}}},
	)
	tr := res[0].tool(t)
	if tr.IsError || !strings.Contains(tr.text(), "Successfully wrote") {
		t.Errorf("orchestrate_task: %+v", tr)
	}
	if got, err := os.ReadFile(summary); err != nil || string(got) != summaryText {
		t.Errorf("summary.txt: %q, %v", got, err)
	}
	pm := planOf(t, tr)
	if pm.Tool != "write_file" || !pm.Executed || pm.Attempts != 2 || len(pm.Steps) != 1 || pm.Steps[0].Tool != "read_text_file" {
		t.Errorf("agentify/plan = %s", tr.Meta["agentify/plan"])
	}
	if reqs, _ := fake.seen(); len(reqs) != 2 {
		t.Errorf("the model was asked %d times, want 2", len(reqs))
	}
}

// TestPlannerMultiStepDryRun: dryRun means plan only, also with
// planner.maxSteps > 1: no step runs, not even the intermediate ones, and
// the model's first call is returned as the plan.
func TestPlannerMultiStepDryRun(t *testing.T) {
	dir := fsFixture(t)
	summary := filepath.Join(dir, "summary.txt")
	fake := newFakeOpenAI(t, func(r *chatRequest) (int, any) {
		for _, m := range chatMessages(t, r) {
			if m.Role == "tool" {
				return 200, textCompletion("m", "Done.")
			}
		}
		return 200, callCompletion("m", "call_write", "fs__write_file", map[string]any{"path": summary, "content": "dry"})
	})
	res, _ := runTS(t, fsConfig(t, dir, map[string]any{"maxSteps": 3}), fake.env("sk-planner-multistep-test"),
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "write dry to summary.txt", "dryRun": true,
			"context": map[string]any{"currentWorkingDirectory": dir}}},
		map[string]any{"op": "request", "method": "agentify/orchestrateTask", "params": map[string]any{"query": "write dry to summary.txt", "dryRun": true}},
	)
	if _, err := os.Stat(summary); err == nil {
		t.Errorf("a dry run wrote %s", summary)
	}
	for i, r := range res {
		tr := r.tool(t)
		pm := planOf(t, tr)
		if tr.IsError || pm.Executed || pm.Tool != "write_file" || len(pm.Steps) != 0 || !strings.Contains(tr.text(), "dry run") {
			t.Errorf("step %d: %s / %s", i, tr.text(), tr.Meta["agentify/plan"])
		}
	}
	if reqs, _ := fake.seen(); len(reqs) != 2 {
		t.Errorf("the model was asked %d times, want 2 (one per dry run)", len(reqs))
	}
}
