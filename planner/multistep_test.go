package planner

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
)

// fakeExecutor records the plans it runs and answers from a map keyed by tool.
type fakeExecutor struct {
	mu      sync.Mutex
	calls   []Plan // guarded by mu
	results map[string]string
	errs    map[string]error
}

func (e *fakeExecutor) Execute(ctx context.Context, p *Plan) (json.RawMessage, bool, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.calls = append(e.calls, *p)
	if err := e.errs[p.Tool]; err != nil {
		return nil, false, err
	}
	return json.RawMessage(e.results[p.Tool]), false, nil
}

const fileResult = `{"content":[{"type":"text","text":"# Notes\nShip the gateway on Friday."}]}`

func TestOpenAIMultiStep(t *testing.T) {
	f := newFakeOpenAI(t,
		callReply("call_1", "fs__read_file", `{"path":"/w/notes.md"}`),
		callReply("call_2", "fs__write_file", `{"path":"/w/summary.md","content":"Ship on Friday."}`),
	)
	ex := &fakeExecutor{results: map[string]string{"read_file": fileResult}}
	opts := f.options()
	opts.MaxSteps = 2
	opts.Executor = ex
	plan, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "summarize notes.md into summary.md"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	// The read was executed by the planner; the write is returned for the gateway.
	if len(ex.calls) != 1 || ex.calls[0].Tool != "read_file" || string(ex.calls[0].Arguments) != `{"path":"/w/notes.md"}` {
		t.Fatalf("executor calls = %+v", ex.calls)
	}
	if plan.Tool != "write_file" || !plan.Executable() || plan.Attempts != 2 {
		t.Errorf("plan = %+v", plan)
	}
	if len(plan.Steps) != 1 || plan.Steps[0].Tool != "read_file" || plan.Steps[0].Backend != "fs" || string(plan.Steps[0].Arguments) != `{"path":"/w/notes.md"}` {
		t.Errorf("steps = %+v", plan.Steps)
	}
	if plan.Usage.TotalTokens != 220 {
		t.Errorf("usage = %+v", plan.Usage)
	}
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	if sys := messages(t, reqs[0])[0]["content"].(string); !strings.Contains(sys, "up to 2 tool calls") {
		t.Errorf("system prompt lacks the step rule")
	}
	msgs := messages(t, reqs[1])
	last := msgs[len(msgs)-1]
	if last["role"] != "tool" || last["tool_call_id"] != "call_1" || !strings.Contains(last["content"].(string), "Ship the gateway on Friday.") {
		t.Errorf("result message = %v", last)
	}
	if reqs[1]["temperature"] != 0.2 {
		t.Errorf("a new step restarts the temperature schedule: got %v", reqs[1]["temperature"])
	}
}

func TestOpenAIMultiStepLastStep(t *testing.T) {
	// With MaxSteps 2 the second call is returned even though the model might
	// want more; a text answer after a step ends the plan with that text.
	f := newFakeOpenAI(t,
		callReply("call_1", "fs__read_file", `{"path":"/w/a"}`),
		textReply("The file says hello."),
	)
	ex := &fakeExecutor{results: map[string]string{"read_file": `{"content":[{"type":"text","text":"hello"}]}`}}
	opts := f.options()
	opts.MaxSteps = 2
	opts.Executor = ex
	plan, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "what does /w/a say"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Executable() || plan.Text != "The file says hello." || len(plan.Steps) != 1 {
		t.Errorf("plan = %+v", plan)
	}
}

func TestMultiStepExecutorError(t *testing.T) {
	f := newFakeOpenAI(t,
		callReply("call_1", "fs__read_file", `{"path":"/w/a"}`),
		textReply("I could not read the file."),
	)
	ex := &fakeExecutor{errs: map[string]error{"read_file": errors.New("backend fs unavailable")}}
	opts := f.options()
	opts.MaxSteps = 2
	opts.Executor = ex
	plan, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "read /w/a"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Steps) != 1 || !plan.Steps[0].IsError {
		t.Errorf("steps = %+v", plan.Steps)
	}
	msgs := messages(t, f.requests()[1])
	if c := msgs[len(msgs)-1]["content"].(string); !strings.Contains(c, "backend fs unavailable") {
		t.Errorf("error not fed back: %q", c)
	}
}

func TestMultiStepWithoutExecutorIsOneShot(t *testing.T) {
	f := newFakeOpenAI(t, callReply("call_1", "fs__read_file", `{"path":"/w/a"}`))
	opts := f.options()
	opts.MaxSteps = 5 // no Executor
	plan, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "read /w/a"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tool != "read_file" || len(plan.Steps) != 0 || len(f.requests()) != 1 {
		t.Errorf("plan = %+v after %d requests", plan, len(f.requests()))
	}
}

func TestJSONModeMultiStep(t *testing.T) {
	f := newFakeOpenAI(t,
		textReply(`{"tool": "fs__read_file", "arguments": {"path": "/w/notes.md"}}`),
		textReply(`{"tool": "fs__write_file", "arguments": {"path": "/w/summary.md", "content": "Ship on Friday."}}`),
	)
	ex := &fakeExecutor{results: map[string]string{"read_file": fileResult}}
	opts := f.options()
	opts.MaxSteps = 2
	opts.Executor = ex
	plan, err := NewJSONMode(opts).Plan(context.Background(), Task{Query: "summarize notes.md"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tool != "write_file" || len(plan.Steps) != 1 || len(ex.calls) != 1 {
		t.Errorf("plan = %+v, executor calls %d", plan, len(ex.calls))
	}
	msgs := messages(t, f.requests()[1])
	if c := msgs[len(msgs)-1]["content"].(string); !strings.HasPrefix(c, "Tool result:") || !strings.Contains(c, "Ship the gateway") {
		t.Errorf("result message = %q", c)
	}
}

func TestSamplingMultiStep(t *testing.T) {
	s := &fakeSampler{tools: true, script: []string{
		`{"role":"assistant","model":"m","content":[{"type":"tool_use","id":"tu_1","name":"fs__read_file","input":{"path":"/w/notes.md"}}]}`,
		`{"role":"assistant","model":"m","content":[{"type":"tool_use","id":"tu_2","name":"fs__write_file","input":{"path":"/w/s.md","content":"x"}}]}`,
	}}
	ex := &fakeExecutor{results: map[string]string{"read_file": fileResult}}
	plan, err := NewSampling(s, SamplingOptions{MaxSteps: 2, Executor: ex}).Plan(context.Background(), Task{Query: "summarize"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tool != "write_file" || len(plan.Steps) != 1 {
		t.Errorf("plan = %+v", plan)
	}
	p := s.params(t, 1)
	var res []contentBlock
	if err := json.Unmarshal(p.Messages[len(p.Messages)-1].Content, &res); err != nil || res[0].ToolUseID != "tu_1" || res[0].IsError || !strings.Contains(res[0].Content[0].Text, "Ship the gateway") {
		t.Errorf("tool_result = %s", p.Messages[len(p.Messages)-1].Content)
	}
}

func TestTemperatureAt(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	tests := []struct {
		start *float64
		n     int
		want  []float64 // -1: omitted
	}{
		{nil, 3, []float64{0.2, 0.1, 0}},
		{nil, 1, []float64{0.2}},
		{f(0.6), 4, []float64{0.6, 0.4, 0.2, 0}},
		{f(-1), 2, []float64{-1, -1}},
	}
	for _, tt := range tests {
		for i, w := range tt.want {
			got := temperatureAt(tt.start, i, tt.n)
			switch {
			case w < 0 && got != nil:
				t.Errorf("start %v attempt %d: %v, want omitted", tt.start, i, *got)
			case w >= 0 && (got == nil || *got < w-1e-9 || *got > w+1e-9):
				t.Errorf("start %v attempt %d of %d: %v, want %v", tt.start, i, tt.n, got, w)
			}
		}
	}
}

func TestTruncateBytes(t *testing.T) {
	s := strings.Repeat("é", 10) // 20 bytes
	got := truncateBytes(s, 5)
	if !strings.HasPrefix(got, "éé\n…[truncated 16 bytes]") {
		t.Errorf("truncateBytes = %q", got)
	}
	if truncateBytes("short", 10) != "short" {
		t.Error("short string changed")
	}
}
