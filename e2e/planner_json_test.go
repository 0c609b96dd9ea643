package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestPlannerJSONModeOpenAI: planner.mode "json" against a fake
// OpenAI-compatible server that rejects tool calling (HTTP 400 when the
// request has "tools") and answers in text. A fenced object with trailing
// commas is repaired; an invalid argument is retried with the validation
// error in the conversation; null becomes the planner's answer.
func TestPlannerJSONModeOpenAI(t *testing.T) {
	dir := fsFixture(t)
	notes, other := filepath.Join(dir, "notes.txt"), filepath.Join(dir, "other.md")
	const model = "local-json-model"
	var (
		mu       sync.Mutex
		withTool int // guarded by mu; requests that carried "tools"
	)
	fake := newFakeOpenAI(t, func(r *chatRequest) (int, any) {
		var top map[string]json.RawMessage
		json.Unmarshal([]byte(r.Raw), &top)
		if _, ok := top["tools"]; ok {
			mu.Lock()
			withTool++
			mu.Unlock()
			return 400, openAIError("this model does not support tools")
		}
		if _, ok := top["tool_choice"]; ok {
			return 400, openAIError("this model does not support tool_choice")
		}
		user := r.userText()
		switch {
		case strings.Contains(user, "repair"):
			return 200, textCompletion(model, "Here is the call:\n```json\n{\"tool\": \"fs__read_text_file\", \"arguments\": {\"path\": \""+notes+"\",},}\n```\n")
		case strings.Contains(user, "retry") && len(r.Messages) == 2:
			return 200, textCompletion(model, `{"tool": "fs__read_text_file", "arguments": {"path": 42}}`)
		case strings.Contains(user, "retry"):
			return 200, textCompletion(model, `{"tool": "fs__read_text_file", "arguments": {"path": "`+other+`"}}`)
		case strings.Contains(user, "nothing"):
			return 200, textCompletion(model, "null")
		}
		t.Errorf("unexpected request: %s", user)
		return 400, openAIError("unexpected")
	})
	cfg := fsConfig(t, dir, map[string]any{"mode": "json"})
	res, stderr := runTS(t, cfg, fake.env("sk-planner-json-test"),
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "repair: show notes.txt", "context": map[string]any{"currentWorkingDirectory": dir}}},
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "retry: show other.md", "context": map[string]any{"currentWorkingDirectory": dir}}},
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "nothing fits this: order a pizza"}},
	)
	if strings.Contains(stderr, "panic") {
		t.Errorf("stderr mentions a panic:\n%s", tail(stderr, 3000))
	}

	repaired := res[0].tool(t)
	if repaired.IsError || !strings.Contains(repaired.text(), "core notes: the gateway works") {
		t.Errorf("repair: %+v", repaired)
	}
	if pm := planOf(t, repaired); pm.Planner != "json" || pm.Model != model || pm.Tool != "read_text_file" || pm.pathArg() != notes || pm.Attempts != 1 || !pm.Executed {
		t.Errorf("repair: agentify/plan = %s", repaired.Meta["agentify/plan"])
	}

	retried := res[1].tool(t)
	if retried.IsError || !strings.Contains(retried.text(), "# other") {
		t.Errorf("retry: %+v", retried)
	}
	if pm := planOf(t, retried); pm.Planner != "json" || pm.Model != model || pm.pathArg() != other || pm.Attempts != 2 || !pm.Executed {
		t.Errorf("retry: agentify/plan = %s", retried.Meta["agentify/plan"])
	}

	none := res[2].tool(t)
	if none.IsError || !strings.Contains(none.text(), "[planner answer]") {
		t.Errorf("null: %+v", none)
	}
	if pm := planOf(t, none); pm.Planner != "json" || pm.Executed || pm.Backend != "" {
		t.Errorf("null: agentify/plan = %s", none.Meta["agentify/plan"])
	}

	reqs, _ := fake.seen()
	mu.Lock()
	if withTool != 0 {
		t.Errorf("%d requests carried tools in JSON mode", withTool)
	}
	mu.Unlock()
	if len(reqs) != 4 {
		t.Fatalf("the model was asked %d times, want 4", len(reqs))
	}
	first := reqs[0]
	if len(first.Messages) != 2 || first.Messages[0].Role != "system" {
		t.Fatalf("first request messages: %s", first.Raw)
	}
	sys := messageText(first.Messages[0].Content)
	for _, want := range []string{"fs__read_text_file", "fs__list_directory", `{"tool"`, "null"} {
		if !strings.Contains(sys, want) {
			t.Errorf("the JSON-mode system prompt does not mention %q:\n%s", want, sys)
		}
	}
	// The retry carries the rejected answer and the validation error.
	var retry *chatRequest
	for _, r := range reqs {
		if strings.Contains(r.userText(), "retry") && len(r.Messages) > 2 {
			retry = r
		}
	}
	if retry == nil {
		t.Fatal("no retry request")
	}
	if n := len(retry.Messages); n != 4 || retry.Messages[2].Role != "assistant" || retry.Messages[3].Role != "user" {
		t.Fatalf("retry messages: %s", retry.Raw)
	}
	if a := messageText(retry.Messages[2].Content); !strings.Contains(a, `"path": 42`) {
		t.Errorf("the retry does not replay the rejected answer: %q", a)
	}
	if fb := messageText(retry.Messages[3].Content); !strings.Contains(fb, "path") || !strings.Contains(fb, "string") {
		t.Errorf("the retry's feedback does not carry the validation error: %q", fb)
	}
	var t1, t2 struct {
		Temperature *float64 `json:"temperature"`
	}
	for _, r := range reqs {
		if strings.Contains(r.userText(), "retry") {
			if len(r.Messages) == 2 {
				json.Unmarshal([]byte(r.Raw), &t1)
			} else {
				json.Unmarshal([]byte(r.Raw), &t2)
			}
		}
	}
	if t1.Temperature == nil || t2.Temperature == nil || *t2.Temperature >= *t1.Temperature {
		t.Errorf("temperature not lowered on the retry: %v then %v", t1.Temperature, t2.Temperature)
	}
}
