package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPlannerSamplingJSONMode: no API key, and a TypeScript SDK client
// that declares sampling without tools: the gateway plans through
// sampling/createMessage in JSON mode, the client's scripted "model"
// answers with prose around {"tool": ..., "arguments": ...}, and the call
// runs on server-filesystem.
func TestPlannerSamplingJSONMode(t *testing.T) {
	dir := fsFixture(t)
	notes := filepath.Join(dir, "notes.txt")
	call, _ := json.Marshal(map[string]any{"tool": "fs__read_text_file", "arguments": map[string]any{"path": notes}})
	replies := []any{
		map[string]any{"role": "assistant", "model": "ide-model-json", "stopReason": "endTurn",
			"content": map[string]any{"type": "text", "text": "I will read the file.\n" + string(call)}},
		// The second orchestration: a call without its required argument,
		// then (after the feedback) a fenced one with a trailing comma.
		map[string]any{"role": "assistant", "model": "ide-model-json",
			"content": map[string]any{"type": "text", "text": `{"tool": "fs__read_text_file", "arguments": {}}`}},
		map[string]any{"role": "assistant", "model": "ide-model-json",
			"content": map[string]any{"type": "text", "text": "```json\n{\"tool\": \"fs__read_text_file\", \"arguments\": {\"path\": \"" + notes + "\",}}\n```"}},
	}
	run := runSamplingTS(t, fsConfig(t, dir, nil), map[string]any{"sampling": map[string]any{}}, replies,
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{
			"query": "show me what's in notes.txt", "context": map[string]any{"currentWorkingDirectory": dir}}},
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "print notes.txt"}},
	)
	retried := run.results[1].tool(t)
	if retried.IsError || !strings.Contains(retried.text(), "core notes: the gateway works") {
		t.Errorf("retried orchestrate_task: %+v", retried)
	}
	if pm := planOf(t, retried); pm.Planner != "sampling" || pm.pathArg() != notes || pm.Attempts != 2 {
		t.Errorf("retry: agentify/plan = %s", retried.Meta["agentify/plan"])
	}
	if len(run.sampling) != 3 {
		t.Fatalf("%d sampling requests, want 3", len(run.sampling))
	}
	if r := run.sampling[2]; len(r.Messages) != 3 || r.Messages[1].Role != "assistant" || r.Messages[2].Role != "user" {
		t.Errorf("the retry's messages: %+v", r.Messages)
	} else if fb := r.blocks(t, 2); fb[0]["type"] != "text" || !strings.Contains(fb[0]["text"].(string), "path") {
		t.Errorf("the retry's feedback does not name the missing argument: %v", fb)
	}
	tr := run.results[0].tool(t)
	if tr.IsError || !strings.Contains(tr.text(), "core notes: the gateway works") {
		t.Errorf("orchestrate_task: %+v", tr)
	}
	pm := planOf(t, tr)
	if pm.Planner != "sampling" || pm.Model != "ide-model-json" || pm.Backend != "fs" || pm.Tool != "read_text_file" ||
		pm.pathArg() != notes || pm.Attempts != 1 || !pm.Executed {
		t.Errorf("agentify/plan = %s", tr.Meta["agentify/plan"])
	}
	req := run.sampling[0]
	if len(req.Tools) != 0 || req.ToolChoice != nil {
		t.Errorf("tools sent to a client without sampling.tools: %d tools, toolChoice %+v", len(req.Tools), req.ToolChoice)
	}
	text := req.allText(t)
	for _, want := range []string{"fs__read_text_file", "fs__list_directory", `{"tool"`, "show me what's in notes.txt", dir} {
		if !strings.Contains(text, want) {
			t.Errorf("the sampling request does not mention %q:\n%s", want, text)
		}
	}
	if req.MaxTokens <= 0 || req.IncludeContext != "none" {
		t.Errorf("maxTokens %d, includeContext %q", req.MaxTokens, req.IncludeContext)
	}
	if req.Messages[0].Role != "user" {
		t.Errorf("first message role %q", req.Messages[0].Role)
	}
}

// TestPlannerSamplingTools: a client declaring sampling.tools (MCP
// 2025-11-25) gets the candidates as tools with toolChoice auto and answers
// with tool_use blocks; an invalid first call comes back as a tool_result
// with isError and the validation message, and the corrected call runs.
func TestPlannerSamplingTools(t *testing.T) {
	dir := fsFixture(t)
	notes := filepath.Join(dir, "notes.txt")
	replies := []any{
		map[string]any{"role": "assistant", "model": "ide-model-tools", "stopReason": "toolUse",
			"content": []any{map[string]any{"type": "tool_use", "id": "toolu_01", "name": "fs__read_text_file", "input": map[string]any{"file": notes}}}},
		map[string]any{"role": "assistant", "model": "ide-model-tools", "stopReason": "toolUse",
			"content": []any{
				map[string]any{"type": "text", "text": "Reading it with the right argument."},
				map[string]any{"type": "tool_use", "id": "toolu_02", "name": "fs__read_text_file", "input": map[string]any{"path": notes}},
			}},
	}
	caps := map[string]any{"sampling": map[string]any{"tools": map[string]any{}}}
	run := runSamplingTS(t, fsConfig(t, dir, nil), caps, replies,
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "read the notes file " + notes}},
	)
	tr := run.results[0].tool(t)
	if tr.IsError || !strings.Contains(tr.text(), "core notes: the gateway works") {
		t.Errorf("orchestrate_task: %+v", tr)
	}
	pm := planOf(t, tr)
	if pm.Planner != "sampling" || pm.Model != "ide-model-tools" || pm.Tool != "read_text_file" || pm.pathArg() != notes ||
		pm.Attempts != 2 || !pm.Executed {
		t.Errorf("agentify/plan = %s", tr.Meta["agentify/plan"])
	}
	if len(run.sampling) != 2 {
		t.Fatalf("%d sampling requests, want 2", len(run.sampling))
	}
	first := run.sampling[0]
	var read json.RawMessage
	for _, tl := range first.Tools {
		if tl.Name == "fs__read_text_file" {
			read = tl.InputSchema
		}
	}
	if read == nil {
		t.Fatalf("the first sampling request offers no fs__read_text_file tool: %+v", first.Tools)
	}
	var schema struct {
		Type       string                     `json:"type"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	json.Unmarshal(read, &schema)
	if schema.Type != "object" || schema.Properties["path"] == nil {
		t.Errorf("fs__read_text_file inputSchema %s", read)
	}
	if first.ToolChoice == nil || first.ToolChoice.Mode != "auto" {
		t.Errorf("toolChoice %+v, want auto", first.ToolChoice)
	}
	if len(first.Messages) != 1 {
		t.Errorf("first request has %d messages, want 1", len(first.Messages))
	}
	// The retry replays the model's call and answers it with an error result.
	second := run.sampling[1]
	if len(second.Messages) != 3 {
		t.Fatalf("second request has %d messages, want 3 (task, tool_use, tool_result)", len(second.Messages))
	}
	use := second.blocks(t, 1)
	if second.Messages[1].Role != "assistant" || len(use) != 1 || use[0]["type"] != "tool_use" || use[0]["id"] != "toolu_01" || use[0]["name"] != "fs__read_text_file" {
		t.Errorf("message 1 of the retry: %s %s", second.Messages[1].Role, second.Messages[1].Content)
	}
	res := second.blocks(t, 2)
	if second.Messages[2].Role != "user" || len(res) != 1 || res[0]["type"] != "tool_result" || res[0]["toolUseId"] != "toolu_01" || res[0]["isError"] != true {
		t.Errorf("message 2 of the retry: %s %s", second.Messages[2].Role, second.Messages[2].Content)
	} else if b, _ := json.Marshal(res[0]["content"]); !strings.Contains(string(b), "path") {
		t.Errorf("the tool_result does not name the missing argument: %s", b)
	}
	if first.Temperature == nil || second.Temperature == nil || *second.Temperature >= *first.Temperature {
		t.Errorf("temperature not lowered on the retry: %v then %v", first.Temperature, second.Temperature)
	}
}

// TestPlannerSamplingTextAnswer: the client's model asks a question
// instead of calling a tool; orchestrate_task returns it as a normal
// result marked as the planner's answer, and nothing runs.
func TestPlannerSamplingTextAnswer(t *testing.T) {
	dir := fsFixture(t)
	const question = "Which file do you want me to read: notes.txt or other.md?"
	replies := []any{
		map[string]any{"role": "assistant", "model": "ide-model-ask", "stopReason": "endTurn",
			"content": map[string]any{"type": "text", "text": question}},
		map[string]any{"role": "assistant", "model": "ide-model-ask", "stopReason": "endTurn",
			"content": []any{map[string]any{"type": "text", "text": question}}},
	}
	for i, caps := range []map[string]any{
		{"sampling": map[string]any{}},
		{"sampling": map[string]any{"tools": map[string]any{}}},
	} {
		run := runSamplingTS(t, fsConfig(t, dir, nil), caps, replies[i:i+1],
			map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "read the file"}},
			map[string]any{"op": "request", "method": "agentify/orchestrateTask", "params": map[string]any{"query": "read the file"}},
		)
		tr := run.results[0].tool(t)
		if tr.IsError || !strings.Contains(tr.text(), "[planner answer] "+question) {
			t.Errorf("caps %v: orchestrate_task: %+v", caps, tr)
		}
		pm := planOf(t, tr)
		if pm.Planner != "sampling" || pm.Model != "ide-model-ask" || pm.Executed || pm.Backend != "" || pm.Attempts != 1 {
			t.Errorf("caps %v: agentify/plan = %s", caps, tr.Meta["agentify/plan"])
		}
		// One scripted reply: the second orchestration's sampling request is
		// refused by the client, which the gateway reports as an error.
		if r := run.results[1]; r.OK {
			t.Errorf("caps %v: agentify/orchestrateTask succeeded although the client's sampling failed: %s", caps, r.Result)
		} else if r.Error == nil || r.Error.Code == nil || *r.Error.Code != -32000 || !strings.Contains(r.Error.Message, "no scripted reply") {
			t.Errorf("caps %v: agentify/orchestrateTask after a sampling failure: %+v", caps, r.Error)
		}
		if len(run.sampling) != 2 {
			t.Errorf("caps %v: %d sampling requests, want 2", caps, len(run.sampling))
		}
	}
}

// TestPlannerSamplingMultiStep: planner.maxSteps 2 through sampling with
// tools: the client's model reads a file, the gateway runs the call and
// sends its result back as a tool_result block, and the model's second call
// (writing a summary) is run as the plan.
func TestPlannerSamplingMultiStep(t *testing.T) {
	dir := fsFixture(t)
	notes, summary := filepath.Join(dir, "notes.txt"), filepath.Join(dir, "summary.txt")
	const summaryText = "notes.txt says the gateway works"
	replies := []any{
		map[string]any{"role": "assistant", "model": "ide-model-steps", "stopReason": "toolUse",
			"content": []any{map[string]any{"type": "tool_use", "id": "toolu_read", "name": "fs__read_text_file", "input": map[string]any{"path": notes}}}},
		map[string]any{"role": "assistant", "model": "ide-model-steps", "stopReason": "toolUse",
			"content": []any{map[string]any{"type": "tool_use", "id": "toolu_write", "name": "fs__write_file", "input": map[string]any{"path": summary, "content": summaryText}}}},
	}
	caps := map[string]any{"sampling": map[string]any{"tools": map[string]any{}}}
	run := runSamplingTS(t, fsConfig(t, dir, map[string]any{"maxSteps": 2}), caps, replies,
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{
			"query": "summarize notes.txt into summary.txt", "context": map[string]any{"currentWorkingDirectory": dir}}},
	)
	tr := run.results[0].tool(t)
	if tr.IsError || !strings.Contains(tr.text(), "Successfully wrote") {
		t.Errorf("orchestrate_task: %+v", tr)
	}
	if got, err := os.ReadFile(summary); err != nil || string(got) != summaryText {
		t.Errorf("summary.txt: %q, %v", got, err)
	}
	pm := planOf(t, tr)
	if pm.Planner != "sampling" || pm.Tool != "write_file" || !pm.Executed || pm.Attempts != 2 ||
		len(pm.Steps) != 1 || pm.Steps[0].Tool != "read_text_file" || pm.Steps[0].IsError {
		t.Errorf("agentify/plan = %s", tr.Meta["agentify/plan"])
	}
	if len(run.sampling) != 2 {
		t.Fatalf("%d sampling requests, want 2", len(run.sampling))
	}
	second := run.sampling[1]
	if len(second.Messages) != 3 {
		t.Fatalf("second request has %d messages, want 3", len(second.Messages))
	}
	if use := second.blocks(t, 1); second.Messages[1].Role != "assistant" || use[0]["type"] != "tool_use" || use[0]["id"] != "toolu_read" {
		t.Errorf("message 1: %s", second.Messages[1].Content)
	}
	res := second.blocks(t, 2)
	if second.Messages[2].Role != "user" || res[0]["type"] != "tool_result" || res[0]["toolUseId"] != "toolu_read" || res[0]["isError"] == true {
		t.Errorf("message 2: %s", second.Messages[2].Content)
	} else if b, _ := json.Marshal(res[0]["content"]); !strings.Contains(string(b), "core notes: the gateway works") {
		t.Errorf("the tool_result does not carry the file's content: %s", b)
	}
	if !strings.Contains(second.SystemPrompt, "2 tool calls") {
		t.Errorf("the system prompt does not announce the step budget:\n%s", second.SystemPrompt)
	}
}

// TestPlannerSamplingCancel: the IDE cancels orchestrate_task while the
// gateway waits for its model: the gateway cancels its sampling request
// (notifications/cancelled reaches the client's handler), and the session
// keeps working.
func TestPlannerSamplingCancel(t *testing.T) {
	dir := fsFixture(t)
	notes := filepath.Join(dir, "notes.txt")
	call, _ := json.Marshal(map[string]any{"tool": "fs__read_text_file", "arguments": map[string]any{"path": notes}})
	replies := []any{
		map[string]any{"hang": true},
		map[string]any{"role": "assistant", "model": "ide-model", "content": map[string]any{"type": "text", "text": string(call)}},
	}
	run := runSamplingTS(t, fsConfig(t, dir, nil), map[string]any{"sampling": map[string]any{}}, replies,
		map[string]any{"op": "callToolCancelDuringSampling", "name": "orchestrate_task", "arguments": map[string]any{"query": "read " + notes}},
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "read " + notes}},
	)
	var c struct {
		CallError  string          `json:"callError"`
		CallResult json.RawMessage `json:"callResult"`
		Aborted    bool            `json:"aborted"`
	}
	if !run.results[0].OK {
		t.Fatalf("cancel step: %+v", run.results[0].Error)
	}
	json.Unmarshal(run.results[0].Result, &c)
	if c.CallError == "" {
		t.Errorf("the cancelled call resolved: %s", c.CallResult)
	}
	if !c.Aborted {
		t.Errorf("the gateway did not cancel its sampling request when the IDE cancelled orchestrate_task")
	}
	if tr := run.results[1].tool(t); tr.IsError || !strings.Contains(tr.text(), "core notes") {
		t.Errorf("orchestrate_task after the cancellation: %+v", tr)
	}
}

// TestPlannerSamplingNullCapability: "sampling": null in the client's
// capabilities (clients that serialize unset fields) does not declare
// sampling: the gateway plans offline instead of asking a client that
// cannot answer.
func TestPlannerSamplingNullCapability(t *testing.T) {
	dir := fsFixture(t)
	notes := filepath.Join(dir, "notes.txt")
	g := startGateway(t, fsConfig(t, dir, nil), "", gwOptions{})
	g.initialize("2025-11-25", map[string]any{"capabilities": map[string]any{"sampling": nil, "roots": nil}})
	g.waitTools(3)
	var tr *toolResult
	deadline := time.Now().Add(waitLimit)
	for { // the backend comes up in the background
		tr = g.callTool("orchestrate_task", map[string]any{"query": "read " + notes})
		if !strings.Contains(tr.text(), "no backend tools") || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, m := range g.messages() {
		if m.Method == "sampling/createMessage" {
			t.Errorf("the gateway sent sampling/createMessage to a client without sampling: %s", m.Raw)
		}
	}
	if tr.IsError || !strings.Contains(tr.text(), "core notes") {
		t.Errorf("orchestrate_task: %+v", tr)
	}
	if pm := planOf(t, tr); pm.Planner != "lexical" {
		t.Errorf("agentify/plan = %s, want the lexical planner", tr.Meta["agentify/plan"])
	}
	g.closeAndWait(waitLimit)
}
