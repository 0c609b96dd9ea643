package planner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Executor runs one planned backend call during a multi-step plan
// (MaxSteps > 1) and returns the MCP tool result as JSON. isError is the
// result's isError flag (a tool failure the model may react to); err is for
// calls that could not be made at all. The gateway implements it; planners
// with MaxSteps = 1 never call it.
type Executor interface {
	Execute(ctx context.Context, p *Plan) (result json.RawMessage, isError bool, err error)
}

// ErrSkipExecution, returned (possibly wrapped) by an [Executor], ends a
// multi-step plan at the call it was asked to run: that call is returned as
// the plan, unexecuted. The gateway returns it for dry runs, which must not
// run intermediate steps either.
var ErrSkipExecution = errors.New("execution skipped")

// modelCall is one tool call as a model produced it.
type modelCall struct {
	id   string // the model's call id ("" when the protocol has none)
	name string
	args string // raw JSON text, unvalidated
	bad  string // set when the reply could not be read as a call: feedback for the model
}

// modelReply is one model answer, normalized across the three protocols.
type modelReply struct {
	text  string
	call  *modelCall // nil when the model answered in text
	usage Usage
	model string
}

// dialog is one conversation with a model, in the protocol of one planner.
// Implementations keep the message history.
type dialog interface {
	// ask sends the conversation so far and returns the model's reply.
	// temperature nil means the model's default.
	ask(ctx context.Context, temperature *float64) (modelReply, error)
	// reject appends the reply and the feedback that explains why it was not
	// accepted, so the next ask can correct it.
	reject(r modelReply, feedback string)
	// result appends the reply (a valid call that was executed) and the
	// tool's (truncated) result.
	result(r modelReply, result string, isError bool)
}

// loopConfig is what runDialog needs from a planner's options.
type loopConfig struct {
	maxAttempts    int      // model requests per step
	maxSteps       int      // tool calls, the last one returned unexecuted
	temperature    *float64 // start of the schedule; see temperatureAt
	executor       Executor
	maxResultBytes int
	names          map[string]*Tool
	servers        []string // the directory's servers (preselect.go); nil: no directory
}

// toolDeclarer is implemented by the dialogs whose protocol declares tools
// (OpenAI tool calling, sampling with tools): after a directory call, the
// server's tools are declared for the requests that follow.
type toolDeclarer interface {
	declare(tools []*Tool)
}

// modelSession is what one model-backed planner prepares for a task: the
// provider's dialog, opened with the first request, and the candidates it
// offered.
type modelSession struct {
	d          dialog
	cfg        loopConfig
	model      string
	candidates []Candidate
}

// planWithModel is the one model planner: every provider (OpenAI tool
// calling, JSON mode, MCP sampling) differs only in the dialog that open
// returns. It checks the task and catalog, opens the dialog, runs the shared
// loop ([runDialog]) and stamps the plan with name (the Plan's Planner) and
// its latency. Errors are wrapped once, with name.
func planWithModel(ctx context.Context, name string, task Task, cat *Catalog, open func() modelSession) (*Plan, error) {
	start := time.Now()
	if strings.TrimSpace(task.Query) == "" {
		return nil, fmt.Errorf("%s planner: %w: empty query", name, ErrNoAction)
	}
	if cat.Len() == 0 {
		return nil, fmt.Errorf("%s planner: %w: no tools available", name, ErrNoAction)
	}
	s := open()
	plan := &Plan{Planner: name, Model: s.model, Candidates: s.candidates}
	if err := runDialog(ctx, s.d, cat, s.cfg, plan); err != nil {
		return nil, fmt.Errorf("%s planner: %w", name, err)
	}
	plan.Latency = Duration(time.Since(start))
	return plan, nil
}

// runDialog drives a dialog to a plan: per step, up to maxAttempts requests
// until the model makes a valid call (or answers in text); then, while steps
// remain and an executor is set, runs the call, feeds the result back and asks
// again. It fills p's decision, Attempts (total model requests), Usage, Model
// and Steps; p must already carry Planner and Candidates.
func runDialog(ctx context.Context, d dialog, cat *Catalog, cfg loopConfig, p *Plan) error {
	steps := cfg.maxSteps
	if cfg.executor == nil || steps < 1 {
		steps = 1
	}
	for step := 1; ; step++ {
		var (
			t           *Tool
			args        json.RawMessage
			reply       modelReply
			feedback    string
			serverCalls int
		)
		for attempt := 0; ; attempt++ {
			if attempt == cfg.maxAttempts {
				return fmt.Errorf("%w: no valid tool call after %d attempts: %s", ErrNoAction, attempt, feedback)
			}
			r, err := d.ask(ctx, temperatureAt(cfg.temperature, attempt, cfg.maxAttempts))
			if err != nil {
				return err
			}
			p.Attempts++
			p.Usage.Add(r.usage)
			if r.model != "" {
				p.Model = r.model
			}
			if r.call == nil {
				if r.text != "" {
					p.Text = r.text
					return nil
				}
				feedback = "You answered with neither a tool call nor text. Call exactly one tool, or ask one short clarifying question."
				d.reject(r, feedback)
				continue
			}
			if r.call.bad != "" {
				feedback = r.call.bad
				d.reject(r, feedback)
				continue
			}
			if r.call.name == serverToolsFunction && cfg.servers != nil {
				// The second level: the model looks into a server whose
				// tools it was not given. Not a failed attempt.
				if serverCalls == maxServerCalls {
					feedback = "You have looked into enough servers. Call one of the tools you were given or shown, or answer in text."
					d.reject(r, feedback)
					continue
				}
				serverCalls++
				listing, tools := serverListing(cat, r.call.args, cfg.servers)
				if td, ok := d.(toolDeclarer); ok && len(tools) > 0 {
					td.declare(tools)
				}
				for _, tl := range tools {
					if _, taken := cfg.names[FunctionName(tl)]; !taken && cfg.names != nil {
						cfg.names[FunctionName(tl)] = tl
					}
				}
				d.result(r, listing, false)
				attempt--
				continue
			}
			tool, a, err := checkCall(cat, cfg.names, r.call.name, r.call.args)
			var fb *errFeedback
			if errors.As(err, &fb) {
				feedback = fb.msg
				d.reject(r, feedback)
				continue
			}
			t, args, reply = tool, a, r
			break
		}
		callPlan(p, t, args)
		if step >= steps {
			return nil
		}
		// Run this call and feed its result back.
		res, isErr, err := cfg.executor.Execute(ctx, p)
		if errors.Is(err, ErrSkipExecution) {
			return nil // p is this step's call
		}
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("step %d: %w", step, context.Cause(ctx))
			}
			res, _ = json.Marshal(map[string]string{"error": err.Error()})
			isErr = true
		}
		p.Steps = append(p.Steps, Step{Backend: t.Backend, Tool: t.Name, Arguments: args, IsError: isErr})
		d.result(reply, truncateBytes(string(res), cfg.maxResultBytes), isErr)
		*p = Plan{Planner: p.Planner, Model: p.Model, Attempts: p.Attempts, Usage: p.Usage,
			Candidates: p.Candidates, Steps: p.Steps}
	}
}
