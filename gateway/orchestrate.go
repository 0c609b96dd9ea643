package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// Outcome is what one orchestration produced.
type Outcome struct {
	Plan *planner.Plan `json:"plan"`
	// Result is the backend's tools/call result, unchanged but for
	// _meta["agentify/plan"]; nil when nothing ran.
	Result   json.RawMessage `json:"result,omitempty"`
	Executed bool            `json:"executed"`
	// Declined says why an executable plan did not run: the user declined
	// the confirmation (planner.confirm), or could not be asked.
	Declined string `json:"declined,omitempty"`
}

// planMetaView is _meta["agentify/plan"] on orchestration results.
type planMetaView struct {
	Backend    string          `json:"backend,omitempty"`
	Tool       string          `json:"tool,omitempty"`
	Arguments  json.RawMessage `json:"arguments,omitempty"`
	Planner    string          `json:"planner"`
	Model      string          `json:"model,omitempty"`
	Attempts   int             `json:"attempts"`
	Executed   bool            `json:"executed"`
	Usage      planner.Usage   `json:"usage"`
	LatencyMs  float64         `json:"latencyMs"`
	Candidates []string        `json:"candidates,omitempty"`
	Missing    []string        `json:"missing,omitempty"`
	Steps      []planner.Step  `json:"steps,omitempty"`
}

func planMeta(p *planner.Plan, executed bool, total time.Duration) planMetaView {
	m := planMetaView{
		Backend: p.BackendID, Tool: p.Tool, Arguments: p.Arguments, Planner: p.Planner, Model: p.Model,
		Attempts: p.Attempts, Executed: executed, Usage: p.Usage, Missing: p.Missing, Steps: p.Steps,
		LatencyMs: float64(total.Microseconds()) / 1000,
	}
	for i, c := range p.Candidates {
		if i == 10 {
			break
		}
		m.Candidates = append(m.Candidates, c.Backend+planner.Separator+c.Tool)
	}
	return m
}

// errNoActionPlan is recorded for a plan that names no tool and says nothing.
var errNoActionPlan = errors.New("the planner chose no tool")

// Orchestrate plans one backend call for task and, unless dryRun, runs
// it. Errors are *rpc.Error values with the codes of the original
// specification: -32602 for bad params, -32001 when the gateway is not
// ready, -32000 when no action could be determined. A plan that needs
// more information, or a model's text answer, is an Outcome, not an error.
func (g *Gateway) Orchestrate(ctx context.Context, task planner.Task, dryRun bool) (*Outcome, error) {
	if strings.TrimSpace(task.Query) == "" {
		return nil, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: query: must be a non-empty string")
	}
	if g.Backends() == nil {
		return nil, rpc.Errorf(rpc.CodeNotReady, "gateway not ready: not initialized")
	}
	start := time.Now()
	starting := g.awaitBackends(ctx, nil) // all backends, bounded by readyTimeout
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	cat := g.Catalog()
	if cat.Len() == 0 {
		if err := g.configError(); err != nil {
			return nil, &rpc.Error{Code: rpc.CodeNotReady, Message: configErrorText(err)}
		}
		if len(starting) > 0 {
			return nil, g.notReady(starting)
		}
		return nil, (&rpc.Error{Code: rpc.CodeNotReady, Message: "gateway not ready: no backend tools are available"}).WithData(g.backendStates())
	}
	g.mu.Lock()
	pl := g.planner
	g.mu.Unlock()
	if pl == nil {
		pl = planner.NewLexical(nil)
	}
	pctx := ctx
	if dryRun {
		// Plan only: a multi-step planner must not run intermediate steps.
		pctx = context.WithValue(ctx, dryRunKey{}, true)
	}
	// A multi-step plan's steps are confirmed as they run; a declined step
	// ends the plan, and is noted here so that it is not asked about again.
	confirmed := &confirmState{}
	pctx = context.WithValue(pctx, confirmKey{}, confirmed)
	plan, err := g.plan(pctx, pl, task, cat)
	if plan != nil && plan.Latency == 0 {
		plan.Latency = planner.Duration(time.Since(start))
	}
	if err != nil {
		g.publishPlan(task, plan, cat, err, false)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if e, ok := err.(*rpc.Error); ok && e.Code == rpc.CodeInternalError {
			return nil, e // a panic the planner's guard caught
		}
		return nil, (&rpc.Error{Code: rpc.CodeNoAction, Message: "could not determine an action: " + err.Error()}).WithData(map[string]any{"query": task.Query})
	}
	if plan.BackendID == "" && plan.Text == "" && len(plan.Candidates) == 0 {
		g.publishPlan(task, plan, cat, errNoActionPlan, false)
		return nil, (&rpc.Error{Code: rpc.CodeNoAction, Message: "could not determine an action"}).WithData(map[string]any{"query": task.Query})
	}
	out := &Outcome{Plan: plan}
	if !plan.Executable() || dryRun {
		// One planner event per orchestration: here when nothing runs,
		// after the call otherwise.
		g.publishPlan(task, plan, cat, nil, false)
		return out, nil
	}
	if why := confirmed.declined; why != "" {
		out.Declined = why
		g.publishPlan(task, plan, cat, nil, false)
		return out, nil
	}
	if err := g.confirmRun(ctx, plan); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out.Declined = err.Error()
		g.publishPlan(task, plan, cat, nil, false)
		return out, nil
	}
	res, err := g.execute(ctx, plan)
	out.Executed = true
	g.publishPlan(task, plan, cat, err, true)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		res = toolFailure(fmt.Errorf("%s%s%s failed: %s", plan.BackendID, planner.Separator, plan.Tool, errorText(err)))
	}
	out.Result = withPlanMeta(res, planMeta(plan, true, time.Since(start)))
	return out, nil
}

// execute runs a plan's request on its backend and returns the raw result.
func (g *Gateway) execute(ctx context.Context, p *planner.Plan) (json.RawMessage, error) {
	b, ok := g.Backends().Get(p.BackendID)
	if !ok {
		return nil, fmt.Errorf("unknown backend %q", p.BackendID)
	}
	start := time.Now()
	res, err := b.Call(ctx, "tools/call", toolCallParams(p.Tool, p.Arguments, nil))
	g.observe(b, p.Tool, start, err)
	return res, err
}

// observe records a call's outcome in the metrics.
func (g *Gateway) observe(b *backends.Backend, tool string, start time.Time, err error) {
	if g.opts.Hub != nil {
		g.observeTook(b, tool, time.Since(start), err)
	}
}

// observeTook is observe for a call that took d.
func (g *Gateway) observeTook(b *backends.Backend, tool string, d time.Duration, err error) {
	if hub := g.opts.Hub; hub != nil {
		hub.Metrics.Observe(b.ID(), tool, d, outcomeOf(err))
	}
}

// outcomeOf classifies a call's error for the metrics.
func outcomeOf(err error) telemetry.Outcome {
	switch {
	case err == nil:
		return telemetry.OutcomeOK
	case errors.Is(err, backends.ErrTimeout):
		return telemetry.OutcomeTimeout
	}
	return telemetry.OutcomeError
}

// toolSeries returns the metrics series of t (of catalog cat), nil when
// metrics are off.
func (g *Gateway) toolSeries(cat *planner.Catalog, t *planner.Tool) *telemetry.Series {
	return g.fastTool(cat, t).series
}

// fastTool is what the fast lane needs of a tool besides its names, looked
// up once per catalog by the tool's pointer instead of by its names on
// every call.
type fastTool struct {
	series *telemetry.Series  // nil when metrics are off
	schema *schemas.ArgSchema // nil when the input schema does not compile (validateArgs says why)
}

// fastTool returns t's entry for catalog cat.
func (g *Gateway) fastTool(cat *planner.Catalog, t *planner.Tool) *fastTool {
	tc := g.toolsNow.Load()
	if tc != nil && tc.cat == cat {
		if ft, ok := tc.m[t]; ok {
			return ft
		}
	}
	ft := &fastTool{}
	if hub := g.opts.Hub; hub != nil {
		ft.series = hub.Metrics.Series(t.Backend, t.Name)
	}
	if s, err := cat.ArgSchema(t); err == nil {
		ft.schema = s
	}
	// Copy on write; of two racing writers one entry may be lost, and is
	// looked up again next time.
	n := &toolCache{cat: cat, m: map[*planner.Tool]*fastTool{t: ft}}
	if tc != nil && tc.cat == cat {
		for k, v := range tc.m {
			n.m[k] = v
		}
	}
	g.toolsNow.Store(n)
	return ft
}

// toolCache holds the fast lane's entries for one catalog's tools.
type toolCache struct {
	cat *planner.Catalog
	m   map[*planner.Tool]*fastTool
}

func (g *Gateway) publishPlan(task planner.Task, p *planner.Plan, cat *planner.Catalog, err error, executed bool) {
	hub := g.opts.Hub
	if hub == nil || (executed && err == nil && p == nil) {
		return
	}
	ev := telemetry.PlannerEvent{Time: time.Now(), Query: task.Query, Candidates: cat.Len(), Executed: executed}
	if p != nil {
		ev.Planner, ev.Model, ev.Attempts = p.Planner, p.Model, p.Attempts
		ev.PromptTokens, ev.CompletionTokens = p.Usage.PromptTokens, p.Usage.CompletionTokens
		ev.LatencyMs = float64(time.Duration(p.Latency).Microseconds()) / 1000
		ev.Arguments = p.Arguments
		if len(p.Candidates) > 0 {
			ev.Candidates = len(p.Candidates)
		}
		if p.BackendID != "" {
			ev.Chosen = p.BackendID + planner.Separator + p.Tool
		}
	}
	if err != nil {
		ev.Error = err.Error()
	}
	hub.Trace.PublishPlanner(ev)
}

func (g *Gateway) backendStates() map[string]string {
	out := map[string]string{}
	if mgr := g.Backends(); mgr != nil {
		for _, b := range mgr.List() {
			st, err := b.State()
			s := string(st)
			if err != nil {
				s += ": " + err.Error()
			}
			out[b.ID()] = s
		}
	}
	return out
}

// textResult is a CallToolResult with one text block.
func textResult(text string, isError bool, structured any) json.RawMessage {
	r := map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}}
	if isError {
		r["isError"] = true
	}
	if structured != nil {
		r["structuredContent"] = structured
	}
	b, _ := json.Marshal(r)
	return b
}

func errorResult(text string) json.RawMessage { return textResult(text, true, nil) }

// withPlanMeta adds _meta["agentify/plan"] to a result object, keeping
// every other byte.
func withPlanMeta(result json.RawMessage, pm planMetaView) json.RawMessage {
	plan, _ := json.Marshal(pm)
	meta, ok := rpc.Member(result, "_meta")
	if !ok || len(meta) == 0 || meta[0] != '{' {
		meta = []byte(`{}`)
	}
	meta, _ = rpc.SetMember(meta, "agentify/plan", plan)
	if out, ok := rpc.SetMember(result, "_meta", meta); ok {
		return out
	}
	out, _ := rpc.SetMember([]byte(`{"content":[]}`), "_meta", meta)
	return out
}

// OutcomeResult renders an outcome as the orchestrate_task tool result.
func (o *Outcome) ToolResult(total time.Duration) json.RawMessage {
	if o.Result != nil {
		return o.Result
	}
	p := o.Plan
	args := string(p.Arguments)
	if args == "" {
		args = "{}"
	}
	var b strings.Builder
	switch {
	case p.Executable() && o.Declined != "":
		fmt.Fprintf(&b, "%s%s. The plan was: call %s%s%s with arguments %s", strings.ToUpper(o.Declined[:1]), o.Declined[1:], p.BackendID, planner.Separator, p.Tool, args)
	case p.Executable():
		fmt.Fprintf(&b, "Plan (dry run, not executed): call %s%s%s with arguments %s", p.BackendID, planner.Separator, p.Tool, args)
	case p.BackendID != "" && len(p.Missing) > 0:
		fmt.Fprintf(&b, "The best match is %s%s%s, but the request does not give: %s. Ask again with those details, or call it with call_tool.",
			p.BackendID, planner.Separator, p.Tool, strings.Join(p.Missing, ", "))
	case p.Text != "":
		fmt.Fprintf(&b, "[planner answer] %s", p.Text)
	default:
		b.WriteString("No tool fits this request.")
	}
	if !p.Executable() && len(p.Candidates) > 0 {
		b.WriteString("\n\nCandidates:")
		for i, c := range p.Candidates {
			if i == 5 {
				break
			}
			fmt.Fprintf(&b, "\n%d. %s%s%s", i+1, c.Backend, planner.Separator, c.Tool)
			if d := firstLine(c.Description, 120); d != "" {
				fmt.Fprintf(&b, ": %s", d)
			}
			if len(c.InputSchema) > 0 {
				fmt.Fprintf(&b, "\n   input schema: %s", compactJSON(c.InputSchema, 400))
			}
		}
	}
	structured := map[string]any{"plan": p}
	return withPlanMeta(textResult(b.String(), false, structured), planMeta(p, false, total))
}

func firstLine(s string, max int) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

func compactJSON(b json.RawMessage, max int) string {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return ""
	}
	out, _ := json.Marshal(v)
	if len(out) > max {
		return string(out[:max]) + "…"
	}
	return string(out)
}
