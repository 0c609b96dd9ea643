// Package planner turns a natural-language task into one backend MCP call.
//
// A [Planner] receives the [Task] (the user's query plus optional IDE context)
// and the [Catalog] of backend tools that are currently available, and returns
// a [Plan]: which backend to call, with which MCP method and params. The
// gateway runs the plan; planners never talk to backends themselves.
//
// Implementations: the offline lexical planner (ranker top-1 with arguments
// extracted from the query), the OpenAI tool-calling planner, the JSON-mode
// planner and the sampling planner (the IDE's own model).
package planner

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Separator joins a backend id and a tool name into a qualified name
// ("github__create_issue"). Double underscore because OpenAI and Anthropic
// function names reject '.', which is accepted as an alias on input.
const Separator = "__"

// Tool is one backend tool as the planner sees it.
type Tool struct {
	Backend     string          `json:"backend"`
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
	Annotations *Annotations    `json:"annotations,omitempty"`
}

// Annotations are the MCP tool annotations the planner uses as hints.
// A nil pointer means the backend did not say.
type Annotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    *bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool  `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool  `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool  `json:"openWorldHint,omitempty"`
}

// QualifiedName returns "backend__tool".
func (t *Tool) QualifiedName() string { return t.Backend + Separator + t.Name }

// Task is what the user asked for.
type Task struct {
	Query   string       `json:"query"`
	Context *TaskContext `json:"context,omitempty"`
}

// TaskContext is optional IDE context. Every field may be empty.
type TaskContext struct {
	ActiveDocumentURI       string `json:"activeDocumentURI,omitempty"`
	CurrentWorkingDirectory string `json:"currentWorkingDirectory,omitempty"`
	SelectionText           string `json:"selectionText,omitempty"`
}

// Plan is a planner's decision: one tools/call of one backend tool (Tool with
// Arguments on BackendID), plus what the planner knows about how it got
// there. The call is held once: the gateway builds the request's params
// from Tool and Arguments.
//
// When the planner chose no tool, BackendID is empty: Text then carries the
// model's answer (a clarifying question or why nothing fits) and Candidates
// what was considered.
type Plan struct {
	BackendID string          `json:"backendId"`
	Tool      string          `json:"tool,omitempty"`      // backend-local tool name
	Arguments json.RawMessage `json:"arguments,omitempty"` // the validated tool arguments

	Text       string      `json:"text,omitempty"`    // the planner's plain-text answer, if any
	Missing    []string    `json:"missing,omitempty"` // required arguments the planner could not fill
	Planner    string      `json:"planner"`           // "lexical", "openai", "json", "sampling"
	Model      string      `json:"model,omitempty"`
	Attempts   int         `json:"attempts"`
	Usage      Usage       `json:"usage"`
	Latency    Duration    `json:"latencyMs"`
	Candidates []Candidate `json:"candidates,omitempty"`
	Steps      []Step      `json:"steps,omitempty"` // multi-step runs only
}

// Executable reports whether the plan names a backend call.
func (p *Plan) Executable() bool { return p != nil && p.BackendID != "" && len(p.Missing) == 0 }

// Candidate is a tool the planner considered, best first.
type Candidate struct {
	Backend     string          `json:"backend"`
	Tool        string          `json:"tool"`
	Score       float64         `json:"score"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
}

// Step records one tool call of a multi-step plan.
type Step struct {
	Backend   string          `json:"backend"`
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
	IsError   bool            `json:"isError,omitempty"`
}

// Usage counts model tokens. Zero for planners that use no model.
type Usage struct {
	PromptTokens     int64 `json:"promptTokens"`
	CompletionTokens int64 `json:"completionTokens"`
	TotalTokens      int64 `json:"totalTokens"`
}

// Add accumulates u2 into u.
func (u *Usage) Add(u2 Usage) {
	u.PromptTokens += u2.PromptTokens
	u.CompletionTokens += u2.CompletionTokens
	u.TotalTokens += u2.TotalTokens
}

// Duration marshals as a number of milliseconds (with fractions).
type Duration time.Duration

// MarshalJSON writes milliseconds.
func (d Duration) MarshalJSON() ([]byte, error) {
	return json.Marshal(float64(time.Duration(d).Microseconds()) / 1000)
}

// UnmarshalJSON reads milliseconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var ms float64
	if err := json.Unmarshal(b, &ms); err != nil {
		return err
	}
	*d = Duration(ms * float64(time.Millisecond))
	return nil
}

// Planner picks one backend call for a task.
//
// Plan must honour ctx cancellation (the IDE's notifications/cancelled ends
// up there). It returns a Plan with an empty BackendID, not an error, when the
// model answered in text or nothing fits; errors are for failures (API errors,
// exhausted retries, cancellation).
type Planner interface {
	Plan(ctx context.Context, task Task, catalog *Catalog) (*Plan, error)
}

// Warmer is implemented by planners that can prepare a catalog ahead of
// its first task: the gateway calls Warm off the request path whenever its
// catalog changes, so that the first orchestration after a change does not
// pay for building the catalog's prompt material.
type Warmer interface {
	Warm(catalog *Catalog)
}

// ErrNoAction is returned (wrapped) when a planner could not determine an action.
var ErrNoAction = errors.New("could not determine an action")
