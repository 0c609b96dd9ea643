package planner

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
)

// fakeSampler answers sampling/createMessage from a script of raw results
// and records every request's params.
type fakeSampler struct {
	tools bool

	mu      sync.Mutex
	script  []string          // guarded by mu
	request []json.RawMessage // guarded by mu
}

func (f *fakeSampler) SupportsTools() bool { return f.tools }

func (f *fakeSampler) CreateMessage(ctx context.Context, params json.RawMessage) (json.RawMessage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.request = append(f.request, append(json.RawMessage(nil), params...))
	if len(f.script) == 0 {
		return nil, errors.New("script exhausted")
	}
	r := f.script[0]
	f.script = f.script[1:]
	if r == "block" {
		f.mu.Unlock()
		<-ctx.Done()
		f.mu.Lock()
		return nil, ctx.Err()
	}
	return json.RawMessage(r), nil
}

func (f *fakeSampler) params(t *testing.T, i int) samplingParams {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	var p samplingParams
	if err := json.Unmarshal(f.request[i], &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestSamplingWithTools(t *testing.T) {
	s := &fakeSampler{tools: true, script: []string{
		`{"role":"assistant","model":"claude-sonnet-4-5","stopReason":"toolUse","content":[{"type":"text","text":"Writing."},{"type":"tool_use","id":"tu_1","name":"fs__write_file","input":{"path":"/w/a.txt"}}]}`,
		`{"role":"assistant","model":"claude-sonnet-4-5","stopReason":"toolUse","content":{"type":"tool_use","id":"tu_2","name":"fs__write_file","input":{"path":"/w/a.txt","content":"hi"}}}`,
	}}
	plan, err := NewSampling(s, SamplingOptions{ModelHints: []string{"claude"}}).Plan(context.Background(),
		Task{Query: "write hi to a.txt", Context: &TaskContext{CurrentWorkingDirectory: "/w"}}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Planner != "sampling" || plan.Model != "claude-sonnet-4-5" || plan.Tool != "write_file" || plan.Attempts != 2 {
		t.Errorf("plan = %+v", plan)
	}
	if got, want := plan.Tool+" "+string(plan.Arguments), `write_file {"path":"/w/a.txt","content":"hi"}`; got != want {
		t.Errorf("tool and arguments = %s, want %s", got, want)
	}
	first := s.params(t, 0)
	if first.MaxTokens != 1024 || first.ToolChoice == nil || first.ToolChoice.Mode != "auto" || len(first.Tools) != 3 {
		t.Errorf("first request = %+v", first)
	}
	if first.ModelPreferences == nil || first.ModelPreferences.Hints[0].Name != "claude" {
		t.Errorf("model preferences = %+v", first.ModelPreferences)
	}
	if !strings.Contains(first.SystemPrompt, "exactly one") || *first.Temperature != 0.2 {
		t.Errorf("system prompt / temperature: %q %v", first.SystemPrompt, *first.Temperature)
	}
	for _, tl := range first.Tools {
		var schema map[string]any
		if err := json.Unmarshal(tl.InputSchema, &schema); err != nil || schema["type"] != "object" || !strings.HasPrefix(tl.Description, "[") {
			t.Errorf("tool %+v", tl)
		}
	}
	second := s.params(t, 1)
	if len(second.Messages) != 3 {
		t.Fatalf("second request has %d messages", len(second.Messages))
	}
	var use []contentBlock
	if err := json.Unmarshal(second.Messages[1].Content, &use); err != nil || second.Messages[1].Role != "assistant" || use[0].Type != "tool_use" || use[0].ID != "tu_1" {
		t.Errorf("replayed tool_use = %s (%v)", second.Messages[1].Content, err)
	}
	var res []contentBlock
	if err := json.Unmarshal(second.Messages[2].Content, &res); err != nil || res[0].Type != "tool_result" || res[0].ToolUseID != "tu_1" || !res[0].IsError {
		t.Fatalf("tool_result = %s (%v)", second.Messages[2].Content, err)
	}
	if !strings.Contains(res[0].Content[0].Text, "/content: missing property") {
		t.Errorf("feedback = %q", res[0].Content[0].Text)
	}
	if *second.Temperature != 0.1 {
		t.Errorf("second temperature = %v", *second.Temperature)
	}
}

func TestSamplingJSONMode(t *testing.T) {
	s := &fakeSampler{tools: false, script: []string{
		`{"role":"assistant","model":"gpt-4o","content":{"type":"text","text":"OK:\n{\"tool\": \"fs__read_file\", \"arguments\": {\"path\": \"/w/main.go\"}}"}}`,
	}}
	plan, err := NewSampling(s, SamplingOptions{}).Plan(context.Background(), Task{Query: "show main.go"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Planner != "sampling" || plan.Model != "gpt-4o" || plan.Tool != "read_file" || string(plan.Arguments) != `{"path":"/w/main.go"}` {
		t.Errorf("plan = %+v", plan)
	}
	p := s.params(t, 0)
	if len(p.Tools) != 0 || p.ToolChoice != nil {
		t.Errorf("tools sent to a sampler without tool support")
	}
	if !strings.Contains(p.SystemPrompt, "- fs__read_file: [fs]") || !strings.Contains(p.SystemPrompt, `{"tool": "<tool name>"`) {
		t.Errorf("system prompt = %s", p.SystemPrompt)
	}
}

func TestSamplingText(t *testing.T) {
	s := &fakeSampler{tools: true, script: []string{
		`{"role":"assistant","model":"m","stopReason":"endTurn","content":[{"type":"text","text":"Which file?"}]}`,
	}}
	plan, err := NewSampling(s, SamplingOptions{}).Plan(context.Background(), Task{Query: "open it"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Executable() || plan.Text != "Which file?" {
		t.Errorf("plan = %+v", plan)
	}
}

func TestSamplingErrors(t *testing.T) {
	s := &fakeSampler{tools: true, script: []string{`not json`}}
	if _, err := NewSampling(s, SamplingOptions{}).Plan(context.Background(), Task{Query: "x"}, testCatalog()); err == nil || !strings.Contains(err.Error(), "malformed") {
		t.Errorf("malformed result: err = %v", err)
	}
	s = &fakeSampler{tools: true} // empty script: the IDE refuses
	if _, err := NewSampling(s, SamplingOptions{}).Plan(context.Background(), Task{Query: "x"}, testCatalog()); err == nil || !strings.Contains(err.Error(), "script exhausted") {
		t.Errorf("sampler error: err = %v", err)
	}
	s = &fakeSampler{tools: true, script: []string{"block"}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewSampling(s, SamplingOptions{}).Plan(ctx, Task{Query: "x"}, testCatalog()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

// TestSamplingServerDirectory: with tool use, a look into a server declares
// its tools for the next request.
func TestSamplingServerDirectory(t *testing.T) {
	s := &fakeSampler{tools: true, script: []string{
		`{"role":"assistant","model":"m","stopReason":"toolUse","content":{"type":"tool_use","id":"tu_1","name":"agentify__server_tools","input":{"server":"svc3"}}}`,
		`{"role":"assistant","model":"m","stopReason":"toolUse","content":{"type":"tool_use","id":"tu_2","name":"svc3__operation_101","input":{"id":"r-1"}}}`,
	}}
	plan, err := NewSampling(s, SamplingOptions{MaxTools: 10}).Plan(context.Background(), Task{Query: "archive the meeting transcript"}, bigCatalog(200))
	if err != nil {
		t.Fatal(err)
	}
	if plan.BackendID != "svc3" || plan.Tool != "operation_101" {
		t.Fatalf("plan %s__%s, want svc3__operation_101", plan.BackendID, plan.Tool)
	}
	names := func(p samplingParams) []string {
		var out []string
		for _, tl := range p.Tools {
			out = append(out, tl.Name)
		}
		return out
	}
	first, second := names(s.params(t, 0)), names(s.params(t, 1))
	if len(first) != 11 || first[10] != serverToolsFunction || slices.Contains(first, "svc3__operation_101") {
		t.Errorf("first request tools %v: want 10 tools and the directory, without svc3__operation_101", first)
	}
	if !slices.Contains(second, "svc3__operation_101") {
		t.Errorf("second request tools lack svc3's: %v", second)
	}
}
