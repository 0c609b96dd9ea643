package planner

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// Sampler sends MCP sampling/createMessage requests to the IDE, so the
// planner can use the IDE's own model. The gateway implements it; params and
// the result are the MCP wire JSON of the request's params and the result.
// CreateMessage must honour ctx (the gateway sends notifications/cancelled
// to the IDE when ctx ends).
type Sampler interface {
	CreateMessage(ctx context.Context, params json.RawMessage) (json.RawMessage, error)
	// SupportsTools reports whether the IDE declared the sampling.tools
	// capability (protocol 2025-11-25), so tools and toolChoice may be sent
	// and the result may hold tool_use blocks.
	SupportsTools() bool
}

// SamplingOptions configure [NewSampling]. The zero value of every field
// means the documented default.
type SamplingOptions struct {
	// MaxTools caps the tools offered; see [OpenAIOptions.MaxTools]. Zero
	// means 64.
	MaxTools int
	// MaxPromptTokens, when positive, shrinks the candidates to fit an
	// estimated prompt size; see [OpenAIOptions.MaxPromptTokens].
	MaxPromptTokens int
	// MaxAttempts per step; zero means 3.
	MaxAttempts int
	// Temperature of the first attempt, lowered to 0 on the last; nil means
	// 0.2, negative sends none. The IDE may ignore it.
	Temperature *float64
	// MaxTokens is the request's maxTokens (required by MCP). Zero means 1024.
	MaxTokens int
	// ModelHints become modelPreferences.hints ("claude-sonnet", "gpt-4.1"),
	// in order of preference. Nil sends no preferences.
	ModelHints []string
	// MaxSteps, Executor and MaxResultBytes: see [OpenAIOptions].
	MaxSteps       int
	Executor       Executor
	MaxResultBytes int
}

// SamplingPlanner plans through the IDE's model with MCP sampling: with
// native tool use when the IDE supports it, else in JSON mode. It is safe for
// concurrent use if the Sampler is.
type SamplingPlanner struct {
	s    Sampler
	opts SamplingOptions
}

var (
	_ Planner = (*SamplingPlanner)(nil)
	_ Warmer  = (*SamplingPlanner)(nil)
)

// Warm builds what the prompt reads from cat, every tool's line included
// (see [Warmer]).
func (p *SamplingPlanner) Warm(cat *Catalog) { cat.warmPrompt(); cat.warmLines() }

// NewSampling returns a planner that asks the IDE's model through s.
func NewSampling(s Sampler, opts SamplingOptions) *SamplingPlanner {
	if opts.MaxTools == 0 {
		opts.MaxTools = defaultMaxTools
	}
	if opts.MaxAttempts <= 0 {
		opts.MaxAttempts = defaultMaxAttempts
	}
	if opts.MaxTokens <= 0 {
		opts.MaxTokens = 1024
	}
	if opts.MaxSteps <= 0 {
		opts.MaxSteps = defaultMaxSteps
	}
	if opts.MaxResultBytes <= 0 {
		opts.MaxResultBytes = defaultMaxResultBytes
	}
	return &SamplingPlanner{s: s, opts: opts}
}

// MCP sampling/createMessage wire types (protocol 2025-11-25), only the
// fields the planner sends or reads.
type (
	samplingParams struct {
		Messages         []samplingMessage `json:"messages"`
		SystemPrompt     string            `json:"systemPrompt,omitempty"`
		IncludeContext   string            `json:"includeContext,omitempty"`
		Temperature      *float64          `json:"temperature,omitempty"`
		MaxTokens        int               `json:"maxTokens"`
		ModelPreferences *modelPreferences `json:"modelPreferences,omitempty"`
		Tools            []samplingTool    `json:"tools,omitempty"`
		ToolChoice       *toolChoice       `json:"toolChoice,omitempty"`
	}
	samplingMessage struct {
		Role    string          `json:"role"`              // "user" or "assistant"
		Content json.RawMessage `json:"content,omitempty"` // one block or an array
	}
	modelPreferences struct {
		Hints []modelHint `json:"hints,omitempty"`
	}
	modelHint struct {
		Name string `json:"name"`
	}
	samplingTool struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		InputSchema json.RawMessage `json:"inputSchema"`
	}
	toolChoice struct {
		Mode string `json:"mode"` // "auto", "required", "none"
	}
	contentBlock struct {
		Type      string          `json:"type"`
		Text      string          `json:"text,omitempty"`
		ID        string          `json:"id,omitempty"`        // tool_use
		Name      string          `json:"name,omitempty"`      // tool_use
		Input     json.RawMessage `json:"input,omitempty"`     // tool_use
		ToolUseID string          `json:"toolUseId,omitempty"` // tool_result
		Content   []contentBlock  `json:"content,omitempty"`   // tool_result
		IsError   bool            `json:"isError,omitempty"`   // tool_result
	}
	samplingResult struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		Model      string          `json:"model"`
		StopReason string          `json:"stopReason,omitempty"`
	}
)

// Plan asks the IDE's model for one tool call. See [Planner].
func (p *SamplingPlanner) Plan(ctx context.Context, task Task, cat *Catalog) (*Plan, error) {
	return planWithModel(ctx, "sampling", task, cat, func() modelSession {
		steps := stepsOf(p.opts.MaxSteps, p.opts.Executor)
		d := &samplingDialog{s: p.s, tools: p.s.SupportsTools()}
		d.params.MaxTokens = p.opts.MaxTokens
		d.params.IncludeContext = "none"
		for _, h := range p.opts.ModelHints {
			if d.params.ModelPreferences == nil {
				d.params.ModelPreferences = &modelPreferences{}
			}
			d.params.ModelPreferences.Hints = append(d.params.ModelPreferences.Hints, modelHint{h})
		}
		var (
			names      map[string]*Tool
			candidates []Candidate
			user       string
			servers    []string
		)
		if d.tools {
			tools, scores := selectCandidates(task, cat, p.opts.MaxTools)
			sys := systemPrompt(steps)
			user = userMessage(task)
			fnames, _ := functionNames(tools)
			var byLevel [numLevels][]*functionDef
			def := func(i int, l defLevel) *functionDef {
				if byLevel[l] == nil {
					byLevel[l] = make([]*functionDef, len(tools))
				}
				if byLevel[l][i] == nil {
					byLevel[l][i] = newLevelFunctionDef(tools[i], l)
				}
				return byLevel[l][i]
			}
			budget := 0
			if c := p.opts.MaxPromptTokens; c > 0 {
				budget = max(c-estimateTokens(len(sys)+len(user)), 1)
			}
			levels, n, dir, srv, _ := fitPrompt(cat, tools, budget,
				func(i int, l defLevel) int { return estimateTokens(def(i, l).size + len(fnames[i])) },
				func(dir string, srv []string) int {
					return estimateTokens(len(dir) + serverToolsParamsLen(srv) + len(serverToolsFunction) + 40)
				})
			st := make([]samplingTool, 0, n+1)
			for i, l := range levels {
				d := def(i, l)
				st = append(st, samplingTool{Name: fnames[i], Description: d.description, InputSchema: d.params})
			}
			if dir != "" {
				st = append(st, samplingTool{Name: serverToolsFunction, Description: dir, InputSchema: serverToolsParams(srv)})
				servers = srv
			}
			tools, scores = tools[:n], scores[:n]
			_, names = functionNames(tools)
			candidates = candidateList(tools, scores)
			d.params.SystemPrompt = sys
			d.params.Tools = st
			d.params.ToolChoice = &toolChoice{Mode: "auto"}
		} else {
			req := buildJSONRequest(task, cat, p.opts.MaxTools, p.opts.MaxPromptTokens, steps)
			names, candidates, user, servers = req.names, req.candidates, req.user, req.servers
			d.params.SystemPrompt = req.system
		}
		d.params.Messages = []samplingMessage{textMessage("user", user)}
		cfg := loopConfig{
			maxAttempts:    p.opts.MaxAttempts,
			maxSteps:       p.opts.MaxSteps,
			temperature:    p.opts.Temperature,
			executor:       p.opts.Executor,
			maxResultBytes: p.opts.MaxResultBytes,
			names:          names,
			servers:        servers,
		}
		return modelSession{d: d, cfg: cfg, candidates: candidates}
	})
}

func textMessage(role, text string) samplingMessage {
	b, _ := json.Marshal(contentBlock{Type: "text", Text: text})
	return samplingMessage{Role: role, Content: b}
}

func blocksMessage(role string, blocks ...contentBlock) samplingMessage {
	b, _ := json.Marshal(blocks)
	return samplingMessage{Role: role, Content: b}
}

// samplingDialog is a conversation over sampling/createMessage, with tool
// use blocks (tools true) or in JSON mode.
type samplingDialog struct {
	s      Sampler
	tools  bool
	params samplingParams
	last   string // JSON mode: raw text of the last reply
}

// declare adds a server's tools (after a directory call) to the tools of
// the requests that follow; JSON mode lists them in the reply text only.
func (d *samplingDialog) declare(tools []*Tool) {
	if !d.tools {
		return
	}
	have := map[string]bool{}
	for _, t := range d.params.Tools {
		have[t.Name] = true
	}
	for _, t := range tools {
		if name := FunctionName(t); !have[name] {
			def := newLevelFunctionDef(t, levelCompact)
			d.params.Tools = append(d.params.Tools, samplingTool{Name: name, Description: def.description, InputSchema: def.params})
		}
	}
}

func (d *samplingDialog) ask(ctx context.Context, temperature *float64) (modelReply, error) {
	d.params.Temperature = temperature
	body, err := json.Marshal(&d.params)
	if err != nil {
		return modelReply{}, err
	}
	raw, err := d.s.CreateMessage(ctx, body)
	if err != nil {
		if ctx.Err() != nil {
			return modelReply{}, fmt.Errorf("sampling/createMessage: %w", ctx.Err())
		}
		return modelReply{}, fmt.Errorf("sampling/createMessage: %w", err)
	}
	var res samplingResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return modelReply{}, fmt.Errorf("sampling/createMessage: malformed result: %w", err)
	}
	blocks, err := decodeBlocks(res.Content)
	if err != nil {
		return modelReply{}, fmt.Errorf("sampling/createMessage: malformed content: %w", err)
	}
	r := modelReply{model: res.Model}
	var text []string
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if s := strings.TrimSpace(b.Text); s != "" {
				text = append(text, s)
			}
		case "tool_use":
			if r.call == nil && d.tools {
				args := "{}"
				if len(b.Input) > 0 {
					args = string(b.Input)
				}
				r.call = &modelCall{id: b.ID, name: b.Name, args: args}
			}
		}
	}
	joined := strings.Join(text, "\n")
	if d.tools {
		if r.call == nil {
			r.text = joined
		}
		return r, nil
	}
	d.last = joined
	r.text, r.call = parseJSONReply(joined)
	return r, nil
}

func decodeBlocks(raw json.RawMessage) ([]contentBlock, error) {
	raw = json.RawMessage(strings.TrimSpace(string(raw)))
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	if raw[0] == '[' {
		var bs []contentBlock
		err := json.Unmarshal(raw, &bs)
		return bs, err
	}
	var b contentBlock
	err := json.Unmarshal(raw, &b)
	return []contentBlock{b}, err
}

// toolUse replays the model's call as an assistant tool_use block.
func toolUse(c *modelCall) contentBlock {
	input := json.RawMessage(strings.TrimSpace(c.args))
	if !json.Valid(input) || input[0] != '{' { // Valid is false when empty
		input = json.RawMessage(`{}`)
	}
	return contentBlock{Type: "tool_use", ID: c.id, Name: c.name, Input: input}
}

func (d *samplingDialog) reject(r modelReply, feedback string) {
	if d.tools && r.call != nil {
		d.params.Messages = append(d.params.Messages,
			blocksMessage("assistant", toolUse(r.call)),
			blocksMessage("user", contentBlock{Type: "tool_result", ToolUseID: r.call.id, IsError: true,
				Content: []contentBlock{{Type: "text", Text: feedback}}}))
		return
	}
	prev := r.text
	if !d.tools {
		prev = d.last
	}
	if strings.TrimSpace(prev) != "" {
		d.params.Messages = append(d.params.Messages, textMessage("assistant", prev))
	}
	d.params.Messages = append(d.params.Messages, textMessage("user", feedback))
}

func (d *samplingDialog) result(r modelReply, result string, isError bool) {
	if d.tools {
		d.params.Messages = append(d.params.Messages,
			blocksMessage("assistant", toolUse(r.call)),
			blocksMessage("user", contentBlock{Type: "tool_result", ToolUseID: r.call.id, IsError: isError,
				Content: []contentBlock{{Type: "text", Text: result}}}))
		return
	}
	if strings.TrimSpace(d.last) != "" {
		d.params.Messages = append(d.params.Messages, textMessage("assistant", d.last))
	}
	d.params.Messages = append(d.params.Messages, textMessage("user", toolResultText(result, isError)))
}
