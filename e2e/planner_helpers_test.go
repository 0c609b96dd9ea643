package e2e

import (
	"bytes"
	"encoding/json"
	"maps"
	"strings"
	"testing"
)

// planMetaE2E is _meta["agentify/plan"] as these tests read it.
type planMetaE2E struct {
	Backend   string          `json:"backend"`
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	Planner   string          `json:"planner"`
	Model     string          `json:"model"`
	Attempts  int             `json:"attempts"`
	Executed  bool            `json:"executed"`
	Steps     []struct {
		Backend   string          `json:"backend"`
		Tool      string          `json:"tool"`
		Arguments json.RawMessage `json:"arguments"`
		IsError   bool            `json:"isError"`
	} `json:"steps"`
	Candidates []string `json:"candidates"`
	Missing    []string `json:"missing"`
}

// planOf decodes a result's _meta["agentify/plan"], failing the test when
// it is missing.
func planOf(t *testing.T, r *toolResult) planMetaE2E {
	t.Helper()
	raw, ok := r.Meta["agentify/plan"]
	if !ok {
		t.Fatalf("result has no _meta[agentify/plan]: %+v", r)
	}
	var pm planMetaE2E
	if err := json.Unmarshal(raw, &pm); err != nil {
		t.Fatalf("_meta[agentify/plan] %s: %v", raw, err)
	}
	return pm
}

// pathArg is the "path" argument of a plan, "" if none.
func (pm planMetaE2E) pathArg() string {
	var a map[string]any
	json.Unmarshal(pm.Arguments, &a)
	s, _ := a["path"].(string)
	return s
}

// samplingRun is what planner_client.mjs reports.
type samplingRun struct {
	results     []tsResult
	sampling    []samplingParamsE2E // every sampling/createMessage request, in order
	elicitation []json.RawMessage   // every elicitation/create request's params, in order
	stderr      string
}

// samplingParamsE2E is the part of sampling/createMessage params the tests
// read.
type samplingParamsE2E struct {
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	SystemPrompt   string   `json:"systemPrompt"`
	IncludeContext string   `json:"includeContext"`
	Temperature    *float64 `json:"temperature"`
	MaxTokens      int      `json:"maxTokens"`
	Tools          []struct {
		Name        string          `json:"name"`
		Description string          `json:"description"`
		InputSchema json.RawMessage `json:"inputSchema"`
	} `json:"tools"`
	ToolChoice *struct {
		Mode string `json:"mode"`
	} `json:"toolChoice"`
}

// blocks returns message i's content as a list of blocks (MCP allows one
// block or an array).
func (p samplingParamsE2E) blocks(t *testing.T, i int) []map[string]any {
	t.Helper()
	if i >= len(p.Messages) {
		t.Fatalf("sampling request has %d messages, want more than %d", len(p.Messages), i)
	}
	raw := bytes.TrimSpace(p.Messages[i].Content)
	if len(raw) > 0 && raw[0] == '[' {
		var bs []map[string]any
		if err := json.Unmarshal(raw, &bs); err != nil {
			t.Fatalf("message %d content: %v", i, err)
		}
		return bs
	}
	var b map[string]any
	if err := json.Unmarshal(raw, &b); err != nil {
		t.Fatalf("message %d content: %v", i, err)
	}
	return []map[string]any{b}
}

// allText is the system prompt and every text block of the request.
func (p samplingParamsE2E) allText(t *testing.T) string {
	var b strings.Builder
	b.WriteString(p.SystemPrompt)
	for i := range p.Messages {
		for _, blk := range p.blocks(t, i) {
			if s, ok := blk["text"].(string); ok {
				b.WriteString("\n")
				b.WriteString(s)
			}
		}
	}
	return b.String()
}

// runSamplingTS runs planner_client.mjs: the TypeScript SDK client, with
// capabilities and answering sampling/createMessage with replies in order,
// starts the gateway with cfgPath (no OpenAI key in its environment) and
// runs steps.
func runSamplingTS(t *testing.T, cfgPath string, capabilities map[string]any, replies []any, steps ...map[string]any) samplingRun {
	t.Helper()
	return runPlannerTS(t, cfgPath, map[string]any{"capabilities": capabilities, "replies": replies}, steps...)
}

// runPlannerTS runs planner_client.mjs with the script's fields set from
// fields (capabilities, replies, elicitReplies; see the script's header).
func runPlannerTS(t *testing.T, cfgPath string, fields map[string]any, steps ...map[string]any) samplingRun {
	t.Helper()
	env := envMap(cleanEnv())
	for k := range env {
		if strings.HasPrefix(k, "OPENAI_") { // cleanEnv drops them; make sure
			t.Fatalf("%s in the gateway's environment", k)
		}
	}
	script := clientScript(t, cfgPath, env)
	maps.Copy(script, fields)
	script["steps"] = steps
	out, errOut := runNodeClient(t, "planner_client.mjs", "PLANNER_SCRIPT", script)
	var res struct {
		Server      map[string]any      `json:"server"`
		Results     []tsResult          `json:"results"`
		Sampling    []samplingParamsE2E `json:"sampling"`
		Elicitation []json.RawMessage   `json:"elicitation"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node client output: %v: %s", err, out)
	}
	if res.Server["name"] != "mcp-agentify" {
		t.Errorf("serverInfo %v", res.Server)
	}
	if len(res.Results) != len(steps) {
		t.Fatalf("%d results for %d steps", len(res.Results), len(steps))
	}
	if strings.Contains(errOut, "panic") {
		t.Errorf("stderr mentions a panic:\n%s", tail(errOut, 3000))
	}
	return samplingRun{results: res.Results, sampling: res.Sampling, elicitation: res.Elicitation, stderr: errOut}
}

// fsConfig is a configuration with server-filesystem as backend "fs"
// allowing dir, plus planner settings (nil for none).
func fsConfig(t *testing.T, dir string, plannerCfg map[string]any) string {
	t.Helper()
	node, args := fsBackend(t, dir)
	cfg := map[string]any{"logLevel": "debug", "backends": []any{map[string]any{"id": "fs", "command": node, "args": args}}}
	if plannerCfg != nil {
		cfg["planner"] = plannerCfg
	}
	return writeConfig(t, cfg)
}

// textCompletion is a chat completion answering with text.
func textCompletion(model, text string) map[string]any {
	return map[string]any{
		"id": "chatcmpl-planner", "object": "chat.completion", "created": 1767225600, "model": model,
		"choices": []any{map[string]any{
			"index": 0, "finish_reason": "stop", "logprobs": nil,
			"message": map[string]any{"role": "assistant", "content": text, "refusal": nil},
		}},
		"usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
	}
}

// callCompletion is a chat completion calling function name with args
// under call id id.
func callCompletion(model, id, name string, args any) map[string]any {
	c := toolCallCompletion(model, name, args)
	msg := c["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
	msg["tool_calls"].([]any)[0].(map[string]any)["id"] = id
	return c
}

// openAIError is an OpenAI-style error body.
func openAIError(msg string) map[string]any {
	return map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error", "param": nil, "code": nil}}
}

// messageText is a chat message's content as text (a string, or the
// concatenated text parts).
func messageText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	return string(raw)
}
