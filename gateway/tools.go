package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// The gateway's own tools.
const (
	toolOrchestrate = "orchestrate_task"
	toolSearch      = "search_tools"
	toolCall        = "call_tool"
)

var metaTools = map[string]json.RawMessage{
	toolOrchestrate: json.RawMessage(`{"name":"orchestrate_task","title":"Orchestrate a task","description":"Describe a task in plain language; the gateway picks the right tool among all its backend MCP servers, fills in its arguments, runs it and returns its result. Pass IDE context (current file, working directory, selection) to resolve relative references. Set dryRun to only see the plan.","inputSchema":{"type":"object","properties":{"query":{"type":"string","minLength":1,"description":"The task, in plain language."},"context":{"type":"object","description":"Optional IDE context.","properties":{"activeDocumentURI":{"type":"string","description":"URI of the document open in the editor."},"currentWorkingDirectory":{"type":"string","description":"Directory relative paths are resolved against."},"selectionText":{"type":"string","description":"Text selected in the editor."}},"additionalProperties":false},"dryRun":{"type":"boolean","description":"Plan only; do not run the chosen tool."}},"required":["query"],"additionalProperties":false},"annotations":{"title":"Orchestrate a task","openWorldHint":true}}`),
	toolSearch:      json.RawMessage(`{"name":"search_tools","title":"Search backend tools","description":"Search the tools of every backend MCP server behind this gateway. Returns the best matches with their qualified names (backend__tool), descriptions and input schemas, best first. Run one with call_tool.","inputSchema":{"type":"object","properties":{"query":{"type":"string","description":"What you want to do, or words from the tool's name or description. Empty lists tools in catalog order."},"limit":{"type":"integer","minimum":1,"maximum":100,"description":"Most results to return (default 10)."}},"required":["query"],"additionalProperties":false},"annotations":{"title":"Search backend tools","readOnlyHint":true,"openWorldHint":false}}`),
	toolCall:        json.RawMessage(`{"name":"call_tool","title":"Call a backend tool","description":"Call one backend tool by its qualified name (backend__tool, as returned by search_tools) with arguments that match its input schema. Returns the tool's own result.","inputSchema":{"type":"object","properties":{"name":{"type":"string","description":"Qualified tool name: backend__tool (backend.tool is accepted too)."},"arguments":{"type":"object","description":"The tool's arguments."}},"required":["name"],"additionalProperties":false},"annotations":{"title":"Call a backend tool","openWorldHint":true}}`),
}

// exposed lists the meta tools offered under the configured expose mode.
func (s *session) exposed() (meta []string, all bool) {
	cfg := s.g.Config()
	expose := ""
	if cfg != nil {
		expose = cfg.Expose
	}
	switch expose {
	case "orchestrate":
		return []string{toolOrchestrate}, false
	case "all":
		return []string{toolOrchestrate, toolSearch, toolCall}, true
	}
	return []string{toolOrchestrate, toolSearch, toolCall}, false
}

// toolsListRequest answers tools/list. Under expose "all" it waits for
// backends on their first start (see ready.go), so the first list is
// complete.
func (s *session) toolsListRequest(m *rpc.Message) {
	if _, all := s.exposed(); !all {
		s.conn.Reply(m.ID, s.toolsList(nil))
		return
	}
	s.whenReady(m, nil, func(starting []string) { s.conn.Reply(m.ID, s.toolsList(starting)) })
}

// toolsList builds the tools/list result; starting, if any, names the
// backends still on their first start.
func (s *session) toolsList(starting []string) json.RawMessage {
	names, all := s.exposed()
	b := []byte(`{"tools":[`)
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, metaTools[n]...)
	}
	if all {
		for _, t := range s.g.exposedTools() {
			raw := renameTool(t.raw, t.name)
			if raw == nil {
				continue
			}
			b = append(b, ',')
			b = append(b, raw...)
		}
	}
	return startingMeta(append(b, "]}"...), starting)
}

// renameTool rewrites a tool (or prompt) definition's name, keeping every
// other byte.
func renameTool(raw json.RawMessage, name string) json.RawMessage {
	out, ok := rpc.SetMember(raw, "name", rpc.AppendString(nil, name))
	if !ok {
		return nil
	}
	return out
}

// toolsCall dispatches tools/call: the gateway's own tools, or a backend
// tool by name (offered directly under expose "all", accepted always).
func (s *session) toolsCall(m *rpc.Message) {
	type params struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
		Meta      json.RawMessage `json:"_meta"`
	}
	var p params
	// A direct call to a backend tool keeps the client's params byte for
	// byte (key order, members the gateway does not know such as "task"):
	// only the name and the progress token change. That needs the params
	// read exactly; encoding/json's reading (escaped or case-insensitive
	// keys) rebuilds them instead.
	exact := true
	var ok bool
	if p.Name, p.Arguments, p.Meta, ok = callParams(m.Params); !ok {
		exact = false
		// Decoded into its own variable: p itself must not escape (this runs
		// on every call, the fallback almost never).
		var d params
		if err := json.Unmarshal(m.Params, &d); err != nil {
			d.Name = ""
		}
		p = d
	}
	if p.Name == "" {
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: tools/call needs a tool name"))
		return
	}
	if err := s.g.configError(); err != nil && metaTools[p.Name] != nil {
		s.conn.Reply(m.ID, errorResult(configErrorText(err)))
		return
	}
	switch p.Name {
	case toolOrchestrate:
		s.orchestrateTool(m.ID, p.Arguments, p.Meta)
	case toolSearch:
		s.whenReady(m, nil, func(starting []string) { s.searchTools(m.ID, p.Arguments, starting) })
	case toolCall:
		var a struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		var aok bool
		if a.Name, a.Arguments, _, aok = callParams(orEmpty(p.Arguments)); !aok {
			a.Name, a.Arguments = "", nil
			if err := json.Unmarshal(orEmpty(p.Arguments), &a); err != nil {
				a.Name = ""
			}
		}
		if a.Name == "" {
			s.conn.Reply(m.ID, errorResult("call_tool: \"name\" is required: the tool name search_tools gives (backend__tool)"))
			return
		}
		if len(s.g.startingNow()) == 0 { // the common case: no closure, no goroutine
			s.callBackendTool(m, a.Name, a.Arguments, p.Meta, true, false, nil)
			return
		}
		s.whenReady(m, s.g.backendOf(a.Name), func(starting []string) {
			s.callBackendTool(m, a.Name, a.Arguments, p.Meta, true, false, starting)
		})
	default:
		if len(s.g.startingNow()) == 0 {
			s.callBackendTool(m, p.Name, p.Arguments, p.Meta, false, exact, nil)
			return
		}
		s.whenReady(m, s.g.backendOf(p.Name), func(starting []string) {
			s.callBackendTool(m, p.Name, p.Arguments, p.Meta, false, exact, starting)
		})
	}
}

// configErrorText explains an unusable configuration file in a tool result.
func configErrorText(err error) string {
	return "mcp-agentify cannot use its configuration file, so no backend is running: " + err.Error() +
		"\nFix the file; the gateway reloads it on save, no restart needed."
}

func orEmpty(b json.RawMessage) json.RawMessage {
	if len(b) == 0 || string(b) == "null" {
		return json.RawMessage(`{}`)
	}
	return b
}

// callBackendTool resolves, validates and forwards a backend tool call.
// viaCallTool says the name came through call_tool (always a tool error
// when unknown); keepParams that m's params are to be forwarded as the
// client wrote them with only the name rewritten (else they are built from
// args and meta, as for call_tool); starting names backends still on their
// first start.
func (s *session) callBackendTool(m *rpc.Message, name string, args, meta json.RawMessage, viaCallTool, keepParams bool, starting []string) {
	id := m.ID
	b, t, cat, err := s.g.resolve(name)
	if err != nil {
		if len(starting) > 0 {
			s.conn.Reply(id, errorResult(fmt.Sprintf("%s\n%s", errorText(err), s.g.notReady(starting).Error())))
			return
		}
		if _, _, qualified := splitQualified(name); !qualified && !viaCallTool && !s.g.offersBackendTool(name) {
			// Not a name the client was offered: to it this is an unknown tool.
			s.conn.ReplyError(id, rpc.Errorf(rpc.CodeInvalidParams, "unknown tool %q", name))
			return
		}
		s.conn.Reply(id, toolFailure(err))
		return
	}
	if len(args) > 0 && string(args) != "null" && args[0] != '{' {
		s.conn.Reply(id, errorResult(fmt.Sprintf("invalid arguments for %s: must be a JSON object", t.QualifiedName())))
		return
	}
	if err := s.g.validateArgs(cat, t, args); err != nil {
		s.conn.Reply(id, toolFailure(err))
		return
	}
	params, ok := json.RawMessage(nil), false
	if keepParams {
		params, ok = rpc.SetMember(m.Params, "name", rpc.AppendString(nil, t.Name))
	}
	if !ok {
		params = toolCallParams(t.Name, args, meta)
	}
	s.forwardFor(m, id, b, "tools/call", t.Name, params, nil)
}

// searchTools answers search_tools.
func (s *session) searchTools(id json.RawMessage, args json.RawMessage, starting []string) {
	var a struct {
		Query string `json:"query"`
		Limit int    `json:"limit"`
	}
	if err := json.Unmarshal(orEmpty(args), &a); err != nil {
		s.conn.Reply(id, errorResult("search_tools: invalid arguments: "+err.Error()))
		return
	}
	s.conn.Reply(id, s.g.searchResult(a.Query, a.Limit, starting))
}

// searchHit is one search_tools result.
type searchHit struct {
	Name        string          `json:"name"`
	Backend     string          `json:"backend"`
	Tool        string          `json:"tool"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
	Score       float64         `json:"score"`
}

// searchResult ranks the catalog for query and renders the search_tools
// result: structuredContent {"tools": [...]}, and the same JSON as text
// for clients that ignore structured output. Each tool has the name the
// client is offered; starting names backends still on their first start
// (the result then says a retry will see their tools).
func (g *Gateway) searchResult(query string, limit int, starting []string) json.RawMessage {
	cat, names := g.Catalog(), g.nameTable()
	if limit <= 0 {
		limit = 10
	}
	limit = min(limit, 100)
	hits := []searchHit{}
	add := func(t *planner.Tool, score float64) {
		name := t.QualifiedName()
		if names != nil {
			name = names.exposedName(t.Backend, t.Name)
		}
		hits = append(hits, searchHit{Name: name, Backend: t.Backend, Tool: t.Name, Description: t.Description, InputSchema: t.InputSchema, Score: float64(int(score*1000)) / 1000})
	}
	if strings.TrimSpace(query) == "" {
		for i := range cat.Tools {
			if i == limit {
				break
			}
			add(&cat.Tools[i], 0)
		}
	} else {
		rs, err := g.search(cat, query, limit)
		if err != nil {
			return textResult(err.Error(), true, nil)
		}
		for _, r := range rs {
			add(r.Tool, r.Score)
		}
	}
	sc := map[string]any{"tools": hits}
	if len(starting) > 0 {
		sc["starting"] = starting
	}
	text, _ := json.Marshal(sc)
	out := string(text)
	if len(starting) > 0 {
		out += "\nNot searched yet: " + (&notReadyError{Starting: starting, Waited: "the start-up bound"}).Error()
	}
	return textResult(out, false, sc)
}

// orchestrateArgs are the params of orchestrate_task and agentify/orchestrateTask.
type orchestrateArgs struct {
	Query   *string              `json:"query"`
	Context *planner.TaskContext `json:"context"`
	DryRun  bool                 `json:"dryRun"`
}

// parseOrchestrate validates the params, naming the failing field.
func parseOrchestrate(raw json.RawMessage) (planner.Task, bool, *rpc.Error) {
	var a orchestrateArgs
	if err := json.Unmarshal(orEmpty(raw), &a); err != nil {
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) {
			return planner.Task{}, false, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: %s: must be %s", ute.Field, ute.Type)
		}
		return planner.Task{}, false, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: %v", err)
	}
	if a.Query == nil {
		return planner.Task{}, false, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: query: missing (a non-empty string is required)")
	}
	if strings.TrimSpace(*a.Query) == "" {
		return planner.Task{}, false, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: query: must be a non-empty string")
	}
	return planner.Task{Query: *a.Query, Context: a.Context}, a.DryRun, nil
}

// orchestrateTool runs orchestrate_task in a goroutine owned by the session.
func (s *session) orchestrateTool(id json.RawMessage, args, meta json.RawMessage) {
	task, dry, perr := parseOrchestrate(args)
	if perr != nil {
		s.conn.Reply(id, errorResult(perr.Message))
		return
	}
	ideToken, _ := rpc.Member(meta, "progressToken")
	s.runOwn(id, func(ctx context.Context) {
		start := time.Now()
		s.ownProgress(ideToken, 0, "planning")
		out, err := s.g.Orchestrate(ctx, task, dry)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			s.conn.Reply(id, toolFailure(err))
			return
		}
		s.ownProgress(ideToken, 1, "done")
		s.conn.Reply(id, out.ToolResult(time.Since(start)))
	})
}

// orchestrateMethod answers agentify/orchestrateTask with JSON-RPC errors.
func (s *session) orchestrateMethod(m *rpc.Message) {
	task, dry, perr := parseOrchestrate(m.Params)
	if perr != nil {
		s.conn.ReplyError(m.ID, perr)
		return
	}
	s.runOwn(m.ID, func(ctx context.Context) {
		start := time.Now()
		out, err := s.g.Orchestrate(ctx, task, dry)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			s.conn.ReplyError(m.ID, wireError(err))
			return
		}
		s.conn.Reply(m.ID, out.ToolResult(time.Since(start)))
	})
}

// runOwn runs the gateway's own work for request id in a goroutine owned
// by the session, cancellable by notifications/cancelled.
func (s *session) runOwn(id json.RawMessage, f func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.WithValue(s.ctx, sessionKey{}, s))
	in, _ := s.begin(id, nil, cancel)
	s.work.Add(1)
	// Owned by the session: Run waits for it; it ends when f returns, which
	// cancellation (of the request or the session) hastens.
	go func() {
		defer s.work.Done()
		defer cancel()
		f(ctx)
		s.finish(id, in)
	}()
}

// ownProgress reports the gateway's own progress on an orchestration.
func (s *session) ownProgress(token json.RawMessage, done int, msg string) {
	if token == nil {
		return
	}
	b := append([]byte(`{"progressToken":`), token...)
	b = append(b, fmt.Sprintf(`,"progress":%d,"total":1,"message":`, done)...)
	b = rpc.AppendString(b, msg)
	s.conn.Notify("notifications/progress", append(b, '}'))
}
