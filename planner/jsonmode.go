package planner

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
)

// JSON mode is for models without native tool calling (many local models,
// and IDE sampling without tools): the candidate tools are described in the
// system prompt and the model answers with one JSON object
// {"tool": "...", "arguments": {...}}, null, or plain text. The first JSON
// object of the answer is extracted and lightly repaired, then validated
// like a native tool call.

const jsonReplyRules = `Answer in one of these ways, and nothing else:
- To call a tool: exactly one JSON object {"tool": "<tool name>", "arguments": {<arguments>}}, using a tool name from the list and arguments that match its parameters.
- If no tool fits: null
- To ask a short clarifying question: plain text without JSON.`

// jsonSystemPrompt renders the JSON-mode system prompt: the common rules, the
// tools one per line, the reply format.
func jsonSystemPrompt(lines []string, maxSteps int) string {
	var b strings.Builder
	b.WriteString(systemPrompt(maxSteps))
	b.WriteString("\n\nTools (name: description. parameters; ? marks optional ones):\n")
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	b.WriteString(jsonReplyRules)
	if maxSteps > 1 {
		b.WriteString("\nTool results come back as a user message starting with \"Tool result\".")
	}
	return b.String()
}

// toolLine describes one tool compactly:
// "- fs__read_file: [fs] Read a file. (path: string, head?: integer)";
// minimal, with a shorter description and the parameter names only:
// "- fs__read_file: [fs] Read a file. (path, head?)".
func (c *Catalog) toolLine(name string, t *Tool, minimal bool) string {
	return "- " + name + ": " + c.toolLineBody(t, minimal)
}

// toolLineBody is a tool's line after its name. The name depends on the
// other candidates (functionNames), the rest on the tool only, so the
// catalog keeps it (Catalog.toolLineBody).
func toolLineBody(t *Tool, minimal bool) string {
	var b strings.Builder
	b.WriteString("[")
	b.WriteString(t.Backend)
	b.WriteString("] ")
	if minimal {
		b.WriteString(minimalDescription(t))
	} else {
		desc := t.Description
		if strings.TrimSpace(desc) == "" {
			desc = t.Title
		}
		b.WriteString(trimRunes(strings.Join(strings.Fields(leadSentenceOf(desc)), " "), 200))
	}
	b.WriteString(" (")
	b.WriteString(compactParams(t.InputSchema, minimal))
	b.WriteString(")")
	return b.String()
}

// compactParams lists a schema's top-level properties as
// "name: type" / "name?: type", with enums as "a|b" and a short description,
// required ones first; namesOnly lists "name" / "name?" only.
func compactParams(raw json.RawMessage, namesOnly bool) string {
	var s struct {
		Properties map[string]struct {
			Type        any    `json:"type"`
			Enum        []any  `json:"enum"`
			Description string `json:"description"`
			Items       *struct {
				Type any `json:"type"`
			} `json:"items"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	if json.Unmarshal(raw, &s) != nil || len(s.Properties) == 0 {
		if namesOnly {
			return "" // a broken schema lists no parameters
		}
		return "no parameters"
	}
	req := make(map[string]bool, len(s.Required))
	for _, r := range s.Required {
		req[r] = true
	}
	keys := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		keys = append(keys, k)
	}
	// Required first, then alphabetical: stable prompts cache better.
	sort.Slice(keys, func(i, j int) bool {
		if req[keys[i]] != req[keys[j]] {
			return req[keys[i]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		p := s.Properties[k]
		var b strings.Builder
		b.WriteString(k)
		if !req[k] {
			b.WriteByte('?')
		}
		if namesOnly {
			parts = append(parts, b.String())
			continue
		}
		b.WriteString(": ")
		switch {
		case len(p.Enum) > 0:
			vals := make([]string, 0, len(p.Enum))
			for _, v := range p.Enum {
				e, _ := json.Marshal(v)
				vals = append(vals, string(e))
			}
			b.WriteString(strings.Join(vals, "|"))
		default:
			b.WriteString(typeName(p.Type, "any"))
			if p.Items != nil && typeName(p.Type, "") == "array" {
				b.WriteString(" of " + typeName(p.Items.Type, "any"))
			}
		}
		if d := strings.Join(strings.Fields(p.Description), " "); d != "" {
			b.WriteString(" - ")
			b.WriteString(trimRunes(d, 80))
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, ", ")
}

func typeName(t any, def string) string {
	switch v := t.(type) {
	case string:
		return v
	case []any:
		var s []string
		for _, e := range v {
			if str, ok := e.(string); ok {
				s = append(s, str)
			}
		}
		if len(s) > 0 {
			return strings.Join(s, "|")
		}
	}
	return def
}

// leadSentenceOf returns the first paragraph of a description.
func leadSentenceOf(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, "\n\n"); i > 0 {
		s = s[:i]
	}
	return s
}

// parseJSONReply reads a JSON-mode answer: the first JSON object names the
// call; null means nothing fits; anything else is the model's text.
func parseJSONReply(content string) (text string, call *modelCall) {
	content = strings.TrimSpace(content)
	if strings.TrimSpace(stripFences(content)) == "null" {
		return "No available tool fits this request.", nil
	}
	obj, found := extractJSONObject(content)
	if !found {
		return content, nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(obj), &m); err != nil {
		return "", &modelCall{bad: fmt.Sprintf("Your answer's JSON could not be parsed (%v). Answer with exactly one JSON object {\"tool\": ..., \"arguments\": {...}}.", err)}
	}
	nameRaw, ok := firstKey(m, "tool", "name", "function", "tool_name")
	if !ok {
		return "", &modelCall{bad: `Your JSON object has no "tool" field. Answer with exactly one JSON object {"tool": "<tool name>", "arguments": {...}}.`}
	}
	if strings.TrimSpace(string(nameRaw)) == "null" {
		return "No available tool fits this request.", nil
	}
	var name string
	if err := json.Unmarshal(nameRaw, &name); err != nil {
		return "", &modelCall{bad: `The "tool" field must be a string: the tool's name.`}
	}
	args, _ := firstKey(m, "arguments", "args", "parameters", "input")
	return "", &modelCall{name: name, args: string(args)}
}

func firstKey(m map[string]json.RawMessage, keys ...string) (json.RawMessage, bool) {
	for _, k := range keys {
		if v, ok := m[k]; ok {
			return v, true
		}
	}
	return nil, false
}

// stripFences returns the body of the first ``` fence, or s unchanged.
func stripFences(s string) string {
	i := strings.Index(s, "```")
	if i < 0 {
		return s
	}
	body := s[i+3:]
	if nl := strings.IndexByte(body, '\n'); nl >= 0 && !strings.ContainsAny(body[:nl], "{[\"") {
		body = body[nl+1:] // language tag line ("json")
	}
	if j := strings.Index(body, "```"); j >= 0 {
		body = body[:j]
	}
	return body
}

// extractJSONObject finds the first JSON object in s (preferring the body of
// a ``` fence when it holds one) and returns it repaired: single-quoted
// strings become double-quoted, unquoted keys are quoted, trailing commas
// dropped, raw newlines in strings escaped, Python literals (True, False,
// None) translated, and a truncated object closed. found is false when s
// holds no '{'. The result may still be invalid JSON when the damage is
// beyond light repair.
func extractJSONObject(s string) (obj string, found bool) {
	if f := stripFences(s); f != s && strings.Contains(f, "{") {
		s = f
	}
	start := strings.IndexByte(s, '{')
	if start < 0 {
		return "", false
	}
	var (
		out      strings.Builder
		stack    []byte // closers still expected
		inString bool
		quote    byte
		// last place where the object could be cut and closed cleanly: after a
		// complete member, before its comma.
		safeLen   int
		safeStack []byte
	)
	trimComma := func() {
		str := strings.TrimRight(out.String(), " \t\r\n")
		if strings.HasSuffix(str, ",") {
			str = str[:len(str)-1]
			out.Reset()
			out.WriteString(str)
		}
	}
	keyPosition := func() bool {
		if len(stack) == 0 || stack[len(stack)-1] != '}' {
			return false
		}
		str := strings.TrimRight(out.String(), " \t\r\n")
		return strings.HasSuffix(str, "{") || strings.HasSuffix(str, ",")
	}
	for i := start; i < len(s); i++ {
		c := s[i]
		if inString {
			switch {
			case c == '\\' && i+1 < len(s):
				if quote == '\'' && s[i+1] == '\'' {
					out.WriteByte('\'')
				} else {
					out.WriteByte(c)
					out.WriteByte(s[i+1])
				}
				i++
			case c == quote:
				out.WriteByte('"')
				inString = false
			case c == '"': // inside a single-quoted string
				out.WriteString(`\"`)
			case c == '\n':
				out.WriteString(`\n`)
			case c == '\r':
				out.WriteString(`\r`)
			case c == '\t':
				out.WriteString(`\t`)
			default:
				out.WriteByte(c)
			}
			continue
		}
		switch {
		case c == '"' || c == '\'':
			inString, quote = true, c
			out.WriteByte('"')
		case c == '{':
			stack = append(stack, '}')
			out.WriteByte(c)
		case c == '[':
			stack = append(stack, ']')
			out.WriteByte(c)
		case c == '}' || c == ']':
			trimComma()
			if len(stack) > 0 {
				out.WriteByte(stack[len(stack)-1])
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return out.String(), true
			}
		case c == ',':
			safeLen, safeStack = out.Len(), append(safeStack[:0], stack...)
			out.WriteByte(c)
		case isIdentStart(c):
			j := i
			for j < len(s) && (isIdentStart(s[j]) || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			word := s[i:j]
			if keyPosition() {
				out.WriteString(`"` + word + `"`)
			} else {
				switch word {
				case "True":
					word = "true"
				case "False":
					word = "false"
				case "None":
					word = "null"
				}
				out.WriteString(word)
			}
			i = j - 1
		default:
			out.WriteByte(c)
		}
	}
	// Truncated: close what is open.
	if inString {
		out.WriteByte('"')
	}
	closed := closeJSON(out.String(), stack)
	if json.Valid([]byte(closed)) || safeLen == 0 {
		return closed, true
	}
	return closeJSON(out.String()[:safeLen], safeStack), true
}

// closeJSON finishes a truncated object: drops a dangling comma, gives a
// dangling key a null value, and appends the missing closers.
func closeJSON(s string, stack []byte) string {
	s = strings.TrimRight(s, " \t\r\n")
	s = strings.TrimSuffix(s, ",")
	if strings.HasSuffix(s, ":") {
		s += "null"
	}
	var b strings.Builder
	b.WriteString(s)
	for i := len(stack) - 1; i >= 0; i-- {
		b.WriteByte(stack[i])
	}
	return b.String()
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$'
}

// JSONPlanner plans with any chat-completions model through JSON mode: no
// tools parameter is sent. It is safe for concurrent use.
type JSONPlanner struct {
	opts OpenAIOptions
	chat *openai.ChatCompletionService
	err  func(ctx context.Context, err error) error
}

var (
	_ Planner = (*JSONPlanner)(nil)
	_ Warmer  = (*JSONPlanner)(nil)
)

// Warm builds what the prompt reads from cat, every tool's line included
// (see [Warmer]).
func (p *JSONPlanner) Warm(cat *Catalog) { cat.warmPrompt(); cat.warmLines() }

// NewJSONMode returns a JSON-mode planner over an OpenAI-compatible
// chat-completions server. The options are those of [NewOpenAI].
func NewJSONMode(opts OpenAIOptions) *JSONPlanner {
	o := opts.withDefaults()
	op := &OpenAIPlanner{opts: o, host: hostOf(o.BaseURL)}
	return &JSONPlanner{opts: o, chat: newChatService(&o), err: op.describeError}
}

// jsonRequest is the prompt of a JSON-mode plan.
type jsonRequest struct {
	system     string
	user       string
	names      map[string]*Tool
	candidates []Candidate
	estimate   int
	servers    []string // the directory's servers; nil when every tool was sent
}

// buildJSONRequest selects candidates (ranker, MaxTools, then the token
// budget) and renders the prompt.
func buildJSONRequest(task Task, cat *Catalog, maxTools, maxPromptTokens, maxSteps int) *jsonRequest {
	tools, scores := selectCandidates(task, cat, maxTools)
	fnames, _ := functionNames(tools)
	user := userMessage(task)
	base := len(systemPrompt(maxSteps)) + len(jsonReplyRules) + len(user) + 120
	// Lines are already compact; minimal ones drop the parameter types and
	// shorten the description (see fitLevels).
	var lines [numLevels][]string
	line := func(i int, l defLevel) string {
		if l == levelFull {
			l = levelCompact
		}
		if lines[l] == nil {
			lines[l] = make([]string, len(tools))
		}
		if lines[l][i] == "" {
			lines[l][i] = cat.toolLine(fnames[i], tools[i], l == levelMinimal)
		}
		return lines[l][i]
	}
	budget := 0
	if maxPromptTokens > 0 {
		budget = max(maxPromptTokens-estimateTokens(base), 1)
	}
	dirLine := func(dir string) string { return "- " + serverToolsFunction + ": " + dir + "\n  (server)" }
	levels, n, dir, servers, _ := fitPrompt(cat, tools, budget,
		func(i int, l defLevel) int { return estimateTokens(len(line(i, l)) + 1) },
		func(dir string, _ []string) int { return estimateTokens(len(dirLine(dir)) + 1) })
	tools, scores, fnames = tools[:n], scores[:n], fnames[:n]
	chosen := make([]string, n, n+1)
	for i, l := range levels {
		chosen[i] = line(i, l)
	}
	if dir != "" {
		chosen = append(chosen, dirLine(dir))
	}
	_, byName := functionNames(tools)
	sys := jsonSystemPrompt(chosen, maxSteps)
	return &jsonRequest{system: sys, user: user, names: byName, servers: servers,
		candidates: candidateList(tools, scores), estimate: estimateTokens(len(sys) + len(user))}
}

// Plan asks the model for one JSON tool call. See [Planner].
func (p *JSONPlanner) Plan(ctx context.Context, task Task, cat *Catalog) (*Plan, error) {
	return planWithModel(ctx, "json", task, cat, func() modelSession {
		req := buildJSONRequest(task, cat, p.opts.MaxTools, p.opts.MaxPromptTokens, stepsOf(p.opts.MaxSteps, p.opts.Executor))
		d := &jsonDialog{p: p, params: openai.ChatCompletionNewParams{
			Model: p.opts.Model,
			Messages: []openai.ChatCompletionMessageParamUnion{
				openai.SystemMessage(req.system),
				openai.UserMessage(req.user),
			},
		}}
		cfg := p.opts.loop(req.names)
		cfg.servers = req.servers
		return modelSession{d: d, cfg: cfg, model: p.opts.Model, candidates: req.candidates}
	})
}

// stepsOf is the effective step count: multi-step needs an executor.
func stepsOf(maxSteps int, ex Executor) int {
	if ex == nil || maxSteps < 1 {
		return 1
	}
	return maxSteps
}

type jsonDialog struct {
	p      *JSONPlanner
	params openai.ChatCompletionNewParams
	last   string // raw content of the last reply
}

func (d *jsonDialog) ask(ctx context.Context, temperature *float64) (modelReply, error) {
	if temperature != nil {
		d.params.Temperature = openai.Float(*temperature)
	} else {
		d.params.Temperature = param.Opt[float64]{}
	}
	resp, err := d.p.chat.New(ctx, d.params)
	if err != nil {
		return modelReply{}, d.p.err(ctx, err)
	}
	if len(resp.Choices) == 0 {
		return modelReply{}, fmt.Errorf("%s: response has no choices", hostOf(d.p.opts.BaseURL))
	}
	d.last = resp.Choices[0].Message.Content
	r := modelReply{
		model: resp.Model,
		usage: Usage{PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens, TotalTokens: resp.Usage.TotalTokens},
	}
	r.text, r.call = parseJSONReply(d.last)
	return r, nil
}

func (d *jsonDialog) replay() {
	if strings.TrimSpace(d.last) != "" {
		d.params.Messages = append(d.params.Messages, openai.AssistantMessage(d.last))
	}
}

func (d *jsonDialog) reject(_ modelReply, feedback string) {
	d.replay()
	d.params.Messages = append(d.params.Messages, openai.UserMessage(feedback))
}

func (d *jsonDialog) result(_ modelReply, result string, isError bool) {
	d.replay()
	d.params.Messages = append(d.params.Messages, openai.UserMessage(toolResultText(result, isError)))
}

// toolResultText is how JSON mode hands a tool result back.
func toolResultText(result string, isError bool) string {
	if isError {
		return "Tool result (the tool reported an error):\n" + result
	}
	return "Tool result:\n" + result
}
