package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const demoQuery = "read the file testdata/demo/hello.txt"

// TestCoreAskDemo runs the README's first command: the lexical planner (no
// key) against the bundled demo backend (go run ./testdata/testbackend).
func TestCoreAskDemo(t *testing.T) {
	root := repoRoot(t)
	hello, err := os.ReadFile(filepath.Join(root, "testdata", "demo", "hello.txt"))
	if err != nil {
		t.Fatal(err)
	}
	content := strings.TrimSpace(string(hello))

	t.Run("text", func(t *testing.T) {
		start := time.Now()
		out, errOut, code := runCLI(t, root, nil, "ask", "--config", "testdata/demo.json", demoQuery)
		t.Logf("ask (demo backend via go run) took %s", time.Since(start))
		if code != 0 {
			t.Fatalf("ask: exit %d\n%s\n%s", code, out, errOut)
		}
		for _, w := range []string{content, "demo__read_file", "lexical", "ran"} {
			if !strings.Contains(out, w) {
				t.Errorf("ask output lacks %q:\n%s", w, out)
			}
		}
	})

	t.Run("json", func(t *testing.T) {
		out, errOut, code := runCLI(t, root, nil, "ask", "--json", "--config", "testdata/demo.json", demoQuery)
		if code != 0 {
			t.Fatalf("ask --json: exit %d\n%s\n%s", code, out, errOut)
		}
		var v struct {
			Plan struct {
				BackendID string          `json:"backendId"`
				Tool      string          `json:"tool"`
				Arguments json.RawMessage `json:"arguments"`
				Planner   string          `json:"planner"`
			} `json:"plan"`
			Candidates []struct {
				Backend string `json:"backend"`
				Tool    string `json:"tool"`
			} `json:"candidates"`
			Result *toolResult `json:"result"`
		}
		dec := json.NewDecoder(strings.NewReader(out))
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("ask --json output is not JSON: %v\n%s", err, out)
		}
		if dec.More() {
			t.Errorf("ask --json printed more than one JSON value:\n%s", out)
		}
		var args map[string]string
		json.Unmarshal(v.Plan.Arguments, &args)
		if v.Plan.BackendID != "demo" || v.Plan.Tool != "read_file" || v.Plan.Planner != "lexical" ||
			args["path"] != filepath.Join(root, "testdata", "demo", "hello.txt") {
			t.Errorf("plan = %+v, arguments %s", v.Plan, v.Plan.Arguments)
		}
		if len(v.Candidates) == 0 || v.Candidates[0].Tool != "read_file" {
			t.Errorf("candidates = %+v", v.Candidates)
		}
		if v.Result == nil || v.Result.IsError || !strings.Contains(v.Result.text(), content) {
			t.Errorf("result = %+v", v.Result)
		} else if _, ok := v.Result.Meta["agentify/plan"]; !ok {
			t.Errorf("result lacks _meta[agentify/plan]")
		}
	})

	t.Run("dry-run", func(t *testing.T) {
		out, errOut, code := runCLI(t, root, nil, "ask", "--dry-run", "--config", "testdata/demo.json", demoQuery)
		if code != 0 {
			t.Fatalf("ask --dry-run: exit %d\n%s\n%s", code, out, errOut)
		}
		if strings.Contains(out, content) {
			t.Errorf("--dry-run ran the tool:\n%s", out)
		}
		if !strings.Contains(out, "demo__read_file") || !strings.Contains(out, "dry run") {
			t.Errorf("--dry-run does not show the plan:\n%s", out)
		}
	})

	t.Run("no task", func(t *testing.T) {
		_, errOut, code := runCLI(t, root, nil, "ask", "--config", "testdata/demo.json")
		if code != 2 || !strings.Contains(errOut, "ask") {
			t.Errorf("ask without a task: exit %d, %q", code, errOut)
		}
	})
}

// TestCoreAskOpenAI: ask with the OpenAI planner against the fake server,
// and the API errors that must read clearly without the key.
func TestCoreAskOpenAI(t *testing.T) {
	_, tb := binaries(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("notes for ask\n"), 0o644)
	marker := newMarker()
	cfg := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}})
	const key = "sk-core-ask-0123456789abcdef"

	fake := newFakeOpenAI(t, readFileModel(t, "tb__read_file", dir, "notes.txt"))
	out, errOut, code := runCLI(t, dir, fake.env(key), "ask", "--config", cfg, "show me what's in notes.txt")
	if code != 0 || !strings.Contains(out, "notes for ask") || !strings.Contains(out, "openai") {
		t.Errorf("ask with the OpenAI planner: exit %d\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out+errOut, key) {
		t.Errorf("the key appears in ask's output")
	}

	for _, tc := range []struct {
		status int
		want   string
	}{
		{401, "401"},
		{429, "429"},
		{500, "500"},
	} {
		fake := newFakeOpenAI(t, func(*chatRequest) (int, any) {
			return tc.status, map[string]any{"error": map[string]any{"message": "scripted failure " + key, "type": "test", "code": "scripted"}}
		})
		out, errOut, code := runCLI(t, dir, append(fake.env(key), "AGENTIFY_LOG_LEVEL=debug"), "ask", "--config", cfg, "show me what's in notes.txt")
		if code == 0 {
			t.Errorf("ask with the model answering %d: exit 0\n%s", tc.status, out)
		}
		if !strings.Contains(out+errOut, tc.want) {
			t.Errorf("ask with the model answering %d: the output does not name it:\n%s\n%s", tc.status, out, errOut)
		}
		if strings.Contains(out+errOut, key) {
			t.Errorf("status %d: the key appears in ask's output:\n%s\n%s", tc.status, out, errOut)
		}
		noStackTrace(t, out+errOut)
	}
	waitNoChildren(t, marker)
}

// TestCoreOpenAIKeyPrecedence: OPENAI_API_KEY from initializationOptions
// selects the OpenAI planner; the environment's key wins over it.
func TestCoreOpenAIKeyPrecedence(t *testing.T) {
	_, tb := binaries(t)
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("precedence\n"), 0o644)
	for _, tc := range []struct {
		name    string
		envKey  string
		wantKey string
	}{
		{"initializationOptions", "", "init-key"},
		{"environment wins", "env-key", "env-key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFakeOpenAI(t, readFileModel(t, "tb__read_file", dir, "notes.txt"))
			env := fake.env(tc.envKey)
			if tc.envKey == "" {
				env = env[1:] // no OPENAI_API_KEY in the environment
			}
			marker := newMarker()
			g := startGateway(t, writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}}), marker, gwOptions{env: env})
			g.initialize("2025-11-25", map[string]any{"initializationOptions": map[string]any{"OPENAI_API_KEY": "init-key"}})
			r := g.callTool("orchestrate_task", map[string]any{"query": "show me what's in notes.txt", "context": map[string]any{"currentWorkingDirectory": dir}})
			if r.IsError || !strings.Contains(r.text(), "precedence") {
				t.Errorf("orchestrate_task: %+v", r)
			}
			if !strings.Contains(string(r.Meta["agentify/plan"]), `"planner":"openai"`) {
				t.Errorf("planner: %s", r.Meta["agentify/plan"])
			}
			_, auth := fake.seen()
			if len(auth) != 1 || auth[0] != "Bearer "+tc.wantKey {
				t.Errorf("Authorization headers %q, want the %s", auth, tc.wantKey)
			}
			g.closeAndWait(10 * time.Second)
			for _, k := range []string{"init-key", "env-key"} {
				if strings.Contains(g.stderr.String(), k) {
					t.Errorf("%s appears in stderr", k)
				}
			}
		})
	}
}

// TestCoreOrchestrateErrorCodes: agentify/orchestrateTask answers the
// original specification's error codes; orchestrate_task answers isError
// results or plain text instead.
func TestCoreOrchestrateErrorCodes(t *testing.T) {
	_, tb := binaries(t)

	t.Run("not ready", func(t *testing.T) {
		g := startGateway(t, writeConfig(t, `{"readyTimeout":"100ms"}`), "", gwOptions{})
		g.initialize("2025-11-25", nil)
		m := g.call("agentify/orchestrateTask", map[string]any{"query": "read the file a.txt"})
		if m.Error == nil || m.Error.Code != -32001 {
			t.Errorf("no backends: %s, want -32001", m.Raw)
		}
		r := g.callTool("orchestrate_task", map[string]any{"query": "read the file a.txt"})
		if !r.IsError || r.text() == "" {
			t.Errorf("orchestrate_task with no backends: %+v", r)
		}
		g.closeAndWait(10 * time.Second)
	})

	t.Run("no action", func(t *testing.T) {
		// The model answers with neither a tool call nor text.
		fake := newFakeOpenAI(t, func(r *chatRequest) (int, any) {
			return 200, map[string]any{
				"id": "chatcmpl-empty", "object": "chat.completion", "created": 1767225600, "model": r.Model,
				"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "logprobs": nil,
					"message": map[string]any{"role": "assistant", "content": "", "refusal": nil}}},
				"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 0, "total_tokens": 10},
			}
		})
		marker := newMarker()
		g := startGateway(t, writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}}), marker, gwOptions{env: fake.env("k-no-action")})
		g.initialize("2025-11-25", nil)
		waitCallable(t, g, "tb")
		m := g.call("agentify/orchestrateTask", map[string]any{"query": "do the thing"})
		if m.Error == nil || m.Error.Code != -32000 || !strings.Contains(string(m.Error.Data), `"do the thing"`) {
			t.Errorf("no action: %s, want -32000 with the query in data", m.Raw)
		}
		g.closeAndWait(10 * time.Second)
	})

	t.Run("text answer", func(t *testing.T) {
		fake := newFakeOpenAI(t, func(r *chatRequest) (int, any) {
			return 200, map[string]any{
				"id": "chatcmpl-text", "object": "chat.completion", "created": 1767225600, "model": r.Model,
				"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "logprobs": nil,
					"message": map[string]any{"role": "assistant", "content": "Which file do you mean?", "refusal": nil}}},
				"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15},
			}
		})
		marker := newMarker()
		g := startGateway(t, writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}}), marker, gwOptions{env: fake.env("k-text")})
		g.initialize("2025-11-25", nil)
		waitCallable(t, g, "tb")
		r := g.callTool("orchestrate_task", map[string]any{"query": "read it"})
		if r.IsError || !strings.Contains(r.text(), "Which file do you mean?") {
			t.Errorf("text answer: %+v", r)
		}
		m := g.call("agentify/orchestrateTask", map[string]any{"query": "read it"})
		if m.Error != nil || !strings.Contains(string(m.Result), "Which file do you mean?") {
			t.Errorf("text answer through the method: %s", m.Raw)
		}
		g.closeAndWait(10 * time.Second)
	})
}
