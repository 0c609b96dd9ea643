package planner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
)

// DefaultOpenAIModel is the model used when [OpenAIOptions.Model] is empty.
//
// gpt-4.1-mini: inexpensive, reliable at function calling (strict mode
// included) and, unlike the gpt-5 and o-series reasoning models, it accepts a
// temperature, which the retry schedule lowers on every attempt. Reasoning
// models work too: set Model and a negative Temperature.
const DefaultOpenAIModel = "gpt-4.1-mini"

// DefaultOpenAIBaseURL is the base URL used when [OpenAIOptions.BaseURL] is empty.
const DefaultOpenAIBaseURL = "https://api.openai.com/v1"

// OpenAIOptions configure [NewOpenAI] and [NewJSONMode]. The zero value of
// every field means the documented default.
type OpenAIOptions struct {
	// APIKey is sent as a bearer token. Empty sends no Authorization header
	// (local servers such as Ollama or vLLM need none). The planner never reads
	// the environment; the config layer decides where the key comes from.
	// The key never appears in an error message.
	APIKey string
	// BaseURL of any OpenAI-compatible chat-completions server
	// ("http://localhost:11434/v1" for Ollama, "https://openrouter.ai/api/v1").
	// Empty means [DefaultOpenAIBaseURL]. The key is sent to this host: only
	// configure hosts you trust with it.
	BaseURL string
	// Model is the model id. Empty means [DefaultOpenAIModel].
	Model string
	// MaxTools caps the tools offered to the model. When the catalog holds
	// more, the ranker pre-selects the best MaxTools for the query. Zero means
	// 64; negative means every tool (OpenAI rejects more than 128).
	MaxTools int
	// MaxPromptTokens, when positive, shrinks the candidate list further (from
	// the lowest-ranked end, keeping at least one tool) until the estimated
	// prompt fits: system prompt, user message and function definitions at
	// one token per four bytes of JSON. Zero means no limit besides MaxTools.
	MaxPromptTokens int
	// MaxAttempts is the number of model requests per step before the planner
	// gives up on getting a valid tool call. Zero means 3.
	MaxAttempts int
	// Temperature of the first attempt; later attempts lower it linearly to 0
	// on the last. Nil means 0.2 (0.2, 0.1, 0 for three attempts). A negative
	// value sends no temperature at all (for reasoning models, which accept
	// only their default).
	Temperature *float64
	// HTTPClient makes the requests. Nil means [http.DefaultClient]. Its
	// Timeout, if any, applies per HTTP attempt; cancellation comes from the
	// ctx given to Plan.
	HTTPClient *http.Client
	// RequestTimeout bounds each HTTP attempt (not the whole Plan call). Zero
	// means no bound besides ctx.
	RequestTimeout time.Duration
	// MaxHTTPRetries is how often one model request is retried on 408, 409,
	// 429, 5xx and connection errors, with backoff. Zero means 2; negative
	// means none. Waits between retries end at once when ctx is cancelled.
	MaxHTTPRetries int
	// MaxRetryDelay caps the wait before an HTTP retry. A 429 whose
	// Retry-After asks for longer fails at once, naming the delay. Zero means
	// 10s.
	MaxRetryDelay time.Duration
	// MaxSteps is the number of tool calls one Plan may make. With more than
	// one, every call but the last is run through Executor and its result
	// fed back to the model; the last call is returned as the Plan. Zero means
	// 1 (one-shot). Without an Executor the planner is one-shot regardless.
	MaxSteps int
	// Executor runs the intermediate calls of a multi-step plan. Nil means
	// one-shot.
	Executor Executor
	// MaxResultBytes caps a tool result fed back to the model in a multi-step
	// plan. Zero means 8 KiB.
	MaxResultBytes int
}

func (o *OpenAIOptions) withDefaults() OpenAIOptions {
	c := *o
	if c.BaseURL == "" {
		c.BaseURL = DefaultOpenAIBaseURL
	}
	if c.Model == "" {
		c.Model = DefaultOpenAIModel
	}
	if c.MaxTools == 0 {
		c.MaxTools = defaultMaxTools
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = defaultMaxAttempts
	}
	if c.HTTPClient == nil {
		c.HTTPClient = http.DefaultClient
	}
	if c.MaxHTTPRetries == 0 {
		c.MaxHTTPRetries = 2
	} else if c.MaxHTTPRetries < 0 {
		c.MaxHTTPRetries = 0
	}
	if c.MaxRetryDelay <= 0 {
		c.MaxRetryDelay = 10 * time.Second
	}
	if c.MaxSteps <= 0 {
		c.MaxSteps = defaultMaxSteps
	}
	if c.MaxResultBytes <= 0 {
		c.MaxResultBytes = defaultMaxResultBytes
	}
	return c
}

func (o *OpenAIOptions) loop(names map[string]*Tool) loopConfig {
	return loopConfig{
		maxAttempts:    o.MaxAttempts,
		maxSteps:       o.MaxSteps,
		temperature:    o.Temperature,
		executor:       o.Executor,
		maxResultBytes: o.MaxResultBytes,
		names:          names,
	}
}

// OpenAIPlanner plans with an OpenAI-compatible chat-completions model using
// native tool calling: one function per candidate tool, tool_choice auto,
// parallel tool calls off. It is safe for concurrent use.
type OpenAIPlanner struct {
	opts OpenAIOptions
	chat *openai.ChatCompletionService
	host string // for error messages

	mu    sync.Mutex
	cache *functionCache // guarded by mu; the last catalog's function definitions
}

var (
	_ Planner = (*OpenAIPlanner)(nil)
	_ Warmer  = (*OpenAIPlanner)(nil)
)

// NewOpenAI returns an OpenAI tool-calling planner. It makes no request until
// Plan is called.
func NewOpenAI(opts OpenAIOptions) *OpenAIPlanner {
	o := opts.withDefaults()
	return &OpenAIPlanner{opts: o, chat: newChatService(&o), host: hostOf(o.BaseURL)}
}

// newChatService builds the SDK service from explicit options only: no
// OPENAI_* environment variable leaks in (openai.NewClient would read them).
func newChatService(o *OpenAIOptions) *openai.ChatCompletionService {
	ropts := []option.RequestOption{
		option.WithBaseURL(o.BaseURL),
		option.WithHTTPClient(o.HTTPClient),
		option.WithMaxRetries(o.MaxHTTPRetries),
		option.WithMaxRetryDelay(o.MaxRetryDelay),
	}
	if o.APIKey != "" {
		ropts = append(ropts, option.WithAPIKey(o.APIKey))
	}
	if o.RequestTimeout > 0 {
		ropts = append(ropts, option.WithRequestTimeout(o.RequestTimeout))
	}
	svc := openai.NewChatCompletionService(ropts...)
	return &svc
}

func hostOf(base string) string {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return "(invalid base URL)"
	}
	return u.Host
}

// Plan asks the model for one tool call. See [Planner].
func (p *OpenAIPlanner) Plan(ctx context.Context, task Task, cat *Catalog) (*Plan, error) {
	return planWithModel(ctx, "openai", task, cat, func() modelSession {
		req := p.buildRequest(task, cat)
		cfg := p.opts.loop(req.names)
		cfg.servers = req.servers
		return modelSession{
			d:   &openaiDialog{p: p, params: req.params, declared: req.names},
			cfg: cfg, model: p.opts.Model, candidates: req.candidates,
		}
	})
}

// openaiRequest is a first chat-completions request and what is needed to
// read its answer.
type openaiRequest struct {
	params     chatRequest
	names      map[string]*Tool // function name -> tool
	candidates []Candidate
	estimate   int      // estimated prompt tokens
	servers    []string // the directory's servers; nil when every tool was sent
	directory  string   // the directory's text; "" when there is none
}

// chatRequest is the request body: the SDK's params for everything but the
// tools, which are pre-encoded. Encoding hundreds of JSON schemas through
// the SDK's reflection-based encoder (maps of any, re-compacted at every
// nesting level) costs milliseconds; splicing cached bytes costs
// microseconds. The body is sent with option.WithRequestBody.
type chatRequest struct {
	openai.ChatCompletionNewParams
	tools  json.RawMessage // the "tools" array; nil means none
	ntools int
}

// MarshalJSON writes the SDK params with the "tools" member spliced in.
func (r chatRequest) MarshalJSON() ([]byte, error) {
	base, err := r.ChatCompletionNewParams.MarshalJSON()
	if err != nil || len(r.tools) == 0 {
		return base, err
	}
	base = bytes.TrimSpace(base)
	if len(base) < 2 || base[len(base)-1] != '}' {
		return nil, fmt.Errorf("unexpected request encoding")
	}
	out := make([]byte, 0, len(base)+len(r.tools)+10)
	out = append(out, base[:len(base)-1]...)
	if len(base) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"tools":`...)
	out = append(out, r.tools...)
	return append(out, '}'), nil
}

// functionCache keeps the function definitions of one catalog: catalogs
// are immutable, and the gateway plans many tasks against the same one.
type functionCache struct {
	cat  *Catalog
	defs [numLevels]map[*Tool]*functionDef
}

// Under a prompt-token cap each candidate's definition is sent whole,
// compact or minimal (see fitLevels in preselect.go). Without a cap every
// definition is whole.

// functionDef is one tool's function definition, minus its name (which
// depends on the other candidates when names collide).
type functionDef struct {
	description string
	params      json.RawMessage // sanitized parameters schema, encoded
	descJSON    []byte          // description as a JSON string
	strict      bool
	size        int // bytes of the encoded definition without the name
}

// cacheFor returns the cache of cat's definitions, replacing the cache of
// another catalog. p.mu must be held.
func (p *OpenAIPlanner) cacheFor(cat *Catalog) *functionCache {
	if p.cache == nil || p.cache.cat != cat {
		p.cache = &functionCache{cat: cat}
		for i := range p.cache.defs {
			p.cache.defs[i] = make(map[*Tool]*functionDef)
		}
	}
	return p.cache
}

// functionDefs returns the tools' definitions at level l, cached per
// catalog.
func (p *OpenAIPlanner) functionDefs(cat *Catalog, tools []*Tool, l defLevel) []*functionDef {
	p.mu.Lock()
	defer p.mu.Unlock()
	c := p.cacheFor(cat)
	out := make([]*functionDef, len(tools))
	for i, t := range tools {
		m := c.defs[l]
		d, ok := m[t]
		if !ok {
			d = newLevelFunctionDef(t, l)
			m[t] = d
		}
		out[i] = d
	}
	return out
}

// Warm builds the definition of every tool of cat, at each level a request
// may send, ahead of the first task against cat (see [Warmer]). Building a
// definition converts its schema, which is most of a first request's cost
// (the cold rows of BenchmarkOpenAIRequest); the definitions are built
// without the lock, so a request that arrives meanwhile is not held up, then
// merged into the cache, which from then on belongs to cat (the gateway
// warms its current catalog after every change).
func (p *OpenAIPlanner) Warm(cat *Catalog) {
	cat.warmPrompt()
	levels := []defLevel{levelFull}
	if p.opts.MaxPromptTokens > 0 {
		// Only a prompt-token cap sends compact or minimal definitions.
		levels = append(levels, levelCompact, levelMinimal)
	}
	var built [numLevels]map[*Tool]*functionDef
	for _, l := range levels {
		m := make(map[*Tool]*functionDef, len(cat.Tools))
		for i := range cat.Tools {
			m[&cat.Tools[i]] = newLevelFunctionDef(&cat.Tools[i], l)
		}
		built[l] = m
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	c := p.cacheFor(cat)
	for l, m := range built {
		for t, d := range m {
			if _, ok := c.defs[l][t]; !ok {
				c.defs[l][t] = d
			}
		}
	}
}

// newLevelFunctionDef builds a tool's definition at level l.
func newLevelFunctionDef(t *Tool, l defLevel) *functionDef {
	switch l {
	case levelCompact:
		return newCompactFunctionDef(t)
	case levelMinimal:
		c := *t
		c.Description, c.Title = minimalDescription(t), ""
		c.InputSchema = minimalSchema(t.InputSchema)
		return newFunctionDef(&c)
	}
	return newFunctionDef(t)
}

// newCompactFunctionDef is newFunctionDef with the description cut to its
// first sentence and the parameter schema's descriptions and titles
// dropped (types, enums, required and nesting kept).
func newCompactFunctionDef(t *Tool) *functionDef {
	c := *t
	desc := t.Description
	if strings.TrimSpace(desc) == "" {
		desc = t.Title
	}
	c.Description = firstSentence(desc)
	var schema any
	if json.Unmarshal(t.InputSchema, &schema) == nil {
		stripDocs(schema)
		c.InputSchema, _ = json.Marshal(schema) // cannot fail: decoded JSON values
	}
	return newFunctionDef(&c)
}

// firstSentence returns s up to the end of its first sentence (". " or a
// line break), or all of it.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, "\n"); i > 0 {
		s = s[:i]
	}
	if i := strings.Index(s, ". "); i > 0 {
		s = s[:i+1]
	}
	return s
}

// stripDocs removes "description", "title" and "examples" members from a
// decoded JSON schema, in place, at every depth. A property named
// "description" under "properties" is a parameter, not documentation, and
// stays.
func stripDocs(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k == "properties" {
				if props, ok := x.(map[string]any); ok {
					for _, p := range props {
						stripDocs(p)
					}
					continue
				}
			}
			if k == "description" || k == "title" || k == "examples" {
				if _, isString := x.(string); isString || k == "examples" {
					delete(v, k)
					continue
				}
			}
			stripDocs(x)
		}
	case []any:
		for _, x := range v {
			stripDocs(x)
		}
	}
}

func newFunctionDef(t *Tool) *functionDef {
	desc := t.Description
	if strings.TrimSpace(desc) == "" {
		desc = t.Title
	}
	d := &functionDef{description: "[" + t.Backend + "] " + trimRunes(desc, maxDescriptionRunes)}
	params, strict := openAISchema(t.InputSchema)
	d.strict = strict
	d.params, _ = json.Marshal(params)          // cannot fail: decoded JSON values
	d.descJSON, _ = json.Marshal(d.description) // cannot fail: a string
	d.size = len(`{"type":"function","function":{"name":"","description":,"parameters":,"strict":true}},`) +
		len(d.descJSON) + len(d.params)
	return d
}

// appendFunction encodes one tools[] entry.
func appendFunction(b []byte, name string, d *functionDef) []byte {
	b = append(b, `{"type":"function","function":{"name":`...)
	b = strconv.AppendQuote(b, name) // name is [a-zA-Z0-9_-]: Go and JSON quoting agree
	b = append(b, `,"description":`...)
	b = append(b, d.descJSON...)
	b = append(b, `,"parameters":`...)
	b = append(b, d.params...)
	if d.strict {
		b = append(b, `,"strict":true`...)
	}
	return append(b, "}}"...)
}

// buildRequest selects candidates and builds the first request.
func (p *OpenAIPlanner) buildRequest(task Task, cat *Catalog) *openaiRequest {
	tools, scores := selectCandidates(task, cat, p.opts.MaxTools)
	return p.buildRequestFor(task, cat, tools, scores)
}

// buildRequestFor builds the first request from candidates already
// selected (selectCandidates with p's MaxTools); it keeps neither slice.
func (p *OpenAIPlanner) buildRequestFor(task Task, cat *Catalog, tools []*Tool, scores []float64) *openaiRequest {
	sys := systemPrompt(p.opts.MaxSteps)
	user := userMessage(task)
	// The request's own keys and the model name; the names are counted
	// with each function.
	base := estimateTokens(len(sys)+len(user)+len(p.opts.Model)) + 40
	var byLevel [numLevels][]*functionDef
	byLevel[levelFull] = p.functionDefs(cat, tools, levelFull)
	cost := func(i int, l defLevel) int {
		if byLevel[l] == nil {
			byLevel[l] = p.functionDefs(cat, tools, l)
		}
		return estimateTokens(byLevel[l][i].size + len(tools[i].Backend) + len(tools[i].Name) + 4)
	}
	budget := 0
	if c := p.opts.MaxPromptTokens; c > 0 {
		budget = max(c-base, 1)
	}
	levels, n, dir, servers, dirTokens := fitPrompt(cat, tools, budget, cost, func(dir string, servers []string) int {
		return estimateTokens(jsonStringLen(dir)+serverToolsParamsLen(servers)+len(serverToolsFunction)+70) + 4
	})
	tools, scores = tools[:n], scores[:n]
	defs := make([]*functionDef, n)
	est := base
	for i, l := range levels {
		est += cost(i, l)
		defs[i] = byLevel[l][i]
	}
	est += dirTokens
	fnames, byName := functionNames(tools)
	size := 2
	for _, d := range defs {
		size += d.size + 70
	}
	enc := make([]byte, 0, size)
	enc = append(enc, '[')
	for i, d := range defs {
		if i > 0 {
			enc = append(enc, ',')
		}
		enc = appendFunction(enc, fnames[i], d)
	}
	if dir != "" {
		enc = append(enc, ',')
		enc = appendFunction(enc, serverToolsFunction, &functionDef{descJSON: mustJSON(dir), params: serverToolsParams(servers)})
	}
	enc = append(enc, ']')
	params := openai.ChatCompletionNewParams{
		Model: p.opts.Model,
		Messages: []openai.ChatCompletionMessageParamUnion{
			openai.SystemMessage(sys),
			openai.UserMessage(user),
		},
		ToolChoice:        openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String(string(openai.ChatCompletionToolChoiceOptionAutoAuto))},
		ParallelToolCalls: openai.Bool(false),
	}
	return &openaiRequest{
		params:     chatRequest{ChatCompletionNewParams: params, tools: enc, ntools: len(defs)},
		names:      byName,
		candidates: candidateList(tools, scores),
		estimate:   est,
		servers:    servers,
		directory:  dir,
	}
}

func mustJSON(s string) []byte {
	b, _ := json.Marshal(s) // cannot fail: a string
	return b
}

// openaiDialog is a tool-calling conversation.
type openaiDialog struct {
	p        *OpenAIPlanner
	params   chatRequest
	calls    int              // for ids of calls the server sent without one
	declared map[string]*Tool // function names already in params.tools
}

// declare adds tools (a server's, after a directory call) to the functions
// of the requests that follow, compact.
func (d *openaiDialog) declare(tools []*Tool) {
	enc := bytes.TrimSuffix(bytes.TrimSpace(d.params.tools), []byte("]"))
	enc = append([]byte(nil), enc...)
	for _, t := range tools {
		name := FunctionName(t)
		if _, ok := d.declared[name]; ok {
			continue
		}
		if len(enc) > 1 {
			enc = append(enc, ',')
		}
		enc = appendFunction(enc, name, newLevelFunctionDef(t, levelCompact))
		d.params.ntools++
	}
	d.params.tools = append(enc, ']')
}

func (d *openaiDialog) ask(ctx context.Context, temperature *float64) (modelReply, error) {
	if temperature != nil {
		d.params.Temperature = openai.Float(*temperature)
	} else {
		d.params.Temperature = param.Opt[float64]{}
	}
	body, err := d.params.MarshalJSON()
	if err != nil {
		return modelReply{}, fmt.Errorf("encoding the request: %w", err)
	}
	resp, err := d.p.chat.New(ctx, d.params.ChatCompletionNewParams, option.WithRequestBody("application/json", body))
	if err != nil {
		return modelReply{}, d.p.describeError(ctx, err)
	}
	if len(resp.Choices) == 0 {
		return modelReply{}, fmt.Errorf("%s: response has no choices", d.p.host)
	}
	msg := resp.Choices[0].Message
	r := modelReply{
		text:  strings.TrimSpace(msg.Content),
		model: resp.Model,
		usage: Usage{PromptTokens: resp.Usage.PromptTokens, CompletionTokens: resp.Usage.CompletionTokens, TotalTokens: resp.Usage.TotalTokens},
	}
	if r.text == "" && msg.Refusal != "" {
		r.text = strings.TrimSpace(msg.Refusal)
	}
	for _, tc := range msg.ToolCalls {
		if tc.Type != "" && tc.Type != "function" {
			continue
		}
		id := tc.ID
		if id == "" {
			d.calls++
			id = fmt.Sprintf("call_%d", d.calls)
		}
		r.call = &modelCall{id: id, name: tc.Function.Name, args: tc.Function.Arguments}
		break // parallel_tool_calls is off; ignore any extra call
	}
	return r, nil
}

func (d *openaiDialog) assistant(r modelReply) {
	a := openai.ChatCompletionAssistantMessageParam{}
	if r.text != "" {
		a.Content.OfString = openai.String(r.text)
	}
	if r.call != nil {
		a.ToolCalls = []openai.ChatCompletionMessageToolCallUnionParam{{
			OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
				ID: r.call.id,
				Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{
					Name:      r.call.name,
					Arguments: r.call.args,
				},
			},
		}}
	}
	if r.text == "" && r.call == nil {
		return // nothing to replay
	}
	d.params.Messages = append(d.params.Messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &a})
}

func (d *openaiDialog) reject(r modelReply, feedback string) {
	d.assistant(r)
	if r.call != nil {
		d.params.Messages = append(d.params.Messages, openai.ToolMessage(feedback, r.call.id))
		return
	}
	d.params.Messages = append(d.params.Messages, openai.UserMessage(feedback))
}

func (d *openaiDialog) result(r modelReply, result string, isError bool) {
	d.assistant(r)
	if isError {
		result = "The tool reported an error:\n" + result
	}
	d.params.Messages = append(d.params.Messages, openai.ToolMessage(result, r.call.id))
}

// describeError turns a failed chat-completions request into an error that
// names the cause and the server's host, never the API key. The SDK error
// stays wrapped for errors.As (*openai.Error) and errors.Is
// (context.Canceled, context.DeadlineExceeded).
func (p *OpenAIPlanner) describeError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("request to %s: %w", p.host, ctx.Err())
	}
	var msg string
	var ae *openai.Error
	switch {
	case errors.As(err, &ae):
		detail := ""
		if ae.Message != "" {
			detail = ": " + trimRunes(ae.Message, 200)
		}
		switch code := ae.StatusCode; {
		case code == http.StatusUnauthorized:
			msg = fmt.Sprintf("%s rejected the API key (401 Unauthorized)%s; check the configured key", p.host, detail)
		case code == http.StatusForbidden:
			msg = fmt.Sprintf("%s denied access (403 Forbidden)%s; the key lacks permission for model %q or the region is unsupported", p.host, detail, p.opts.Model)
		case code == http.StatusNotFound:
			msg = fmt.Sprintf("%s: model %q or the chat-completions endpoint was not found (404)%s; check model and base URL", p.host, p.opts.Model, detail)
		case code == http.StatusTooManyRequests:
			ra := ""
			if ae.Response != nil {
				if v := ae.Response.Header.Get("Retry-After"); v != "" {
					ra = fmt.Sprintf(", retry after %ss", strings.TrimSuffix(v, "s"))
				}
			}
			msg = fmt.Sprintf("%s rate limit or quota exceeded (429 Too Many Requests%s)%s", p.host, ra, detail)
		case code >= 500:
			msg = fmt.Sprintf("%s server error (%d %s)%s", p.host, code, http.StatusText(code), detail)
		default:
			msg = fmt.Sprintf("%s refused the request (%d %s)%s", p.host, code, http.StatusText(code), detail)
		}
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		msg = fmt.Sprintf("request to %s timed out", p.host)
	case errors.Is(err, syscall.ECONNREFUSED):
		msg = fmt.Sprintf("connection to %s refused: is the server running?", p.host)
	default:
		var dnsErr *net.DNSError
		if errors.As(err, &dnsErr) {
			msg = fmt.Sprintf("cannot resolve %s: %v", p.host, dnsErr.Err)
		} else {
			msg = fmt.Sprintf("request to %s failed: %v", p.host, err)
		}
	}
	return &redactedError{msg: redact(msg, p.opts.APIKey), err: err}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// redact removes secret from s. Servers have been seen echoing keys in error
// bodies.
func redact(s, secret string) string {
	if len(secret) < 4 {
		return s
	}
	return strings.ReplaceAll(s, secret, "[redacted]")
}

// redactedError shows a message already cleaned of secrets, while keeping
// the original error for errors.Is and errors.As.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
