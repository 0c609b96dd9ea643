package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// tsResult is one step's outcome in core_client.mjs's output.
type tsResult struct {
	Op     string          `json:"op"`
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    *int64 `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (r tsResult) tool(t *testing.T) *toolResult {
	t.Helper()
	if !r.OK {
		t.Fatalf("%s failed: %+v", r.Op, r.Error)
	}
	var tr toolResult
	if err := json.Unmarshal(r.Result, &tr); err != nil {
		t.Fatalf("%s: %v: %s", r.Op, err, r.Result)
	}
	return &tr
}

func (r tsResult) toolNames(t *testing.T) []string {
	t.Helper()
	if !r.OK {
		t.Fatalf("%s failed: %+v", r.Op, r.Error)
	}
	var l struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	json.Unmarshal(r.Result, &l)
	var names []string
	for _, x := range l.Tools {
		names = append(names, x.Name)
	}
	return names
}

// runTS runs core_client.mjs: the TypeScript SDK client starts the gateway
// with cfgPath and runs steps. It returns the step results and the
// stderr of node and the gateway.
func runTS(t *testing.T, cfgPath string, env []string, steps ...map[string]any) ([]tsResult, string) {
	t.Helper()
	script := clientScript(t, cfgPath, envMap(cleanEnv(env...)))
	script["steps"] = steps
	out, errOut := runNodeClient(t, "core_client.mjs", "CORE_SCRIPT", script)
	var res struct {
		Server  map[string]any `json:"server"`
		Results []tsResult     `json:"results"`
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
	return res.Results, errOut
}

func envMap(env []string) map[string]string {
	m := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

// fsFixture is a directory with files for server-filesystem.
func fsFixture(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("core notes: the gateway works\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "other.md"), []byte("# other\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	return dir
}

// fsBackend is server-filesystem run by node with dir allowed.
func fsBackend(t *testing.T, dir string) (command string, args []string) {
	node := needNode(t)
	return node, []string{filepath.Join(nodeModules(t), "@modelcontextprotocol", "server-filesystem", "dist", "index.js"), dir}
}

// TestCoreTSClientFilesystem: the official TypeScript SDK client as the
// IDE, server-filesystem as the backend, in all three config shapes.
func TestCoreTSClientFilesystem(t *testing.T) {
	for _, shape := range []string{"backends", "servers", "mcpServers"} {
		t.Run(shape, func(t *testing.T) {
			dir := fsFixture(t)
			node, args := fsBackend(t, dir)
			entry := map[string]any{"command": node, "args": args}
			var cfg map[string]any
			switch shape {
			case "backends":
				entry["id"] = "fs"
				cfg = map[string]any{"backends": []any{entry}}
			case "servers":
				entry["type"] = "stdio"
				cfg = map[string]any{"servers": map[string]any{"fs": entry}}
			case "mcpServers":
				cfg = map[string]any{"mcpServers": map[string]any{"fs": entry}}
			}
			cfg["expose"] = "all"
			notes := filepath.Join(dir, "notes.txt")
			res, stderr := runTS(t, writeConfig(t, cfg), nil,
				map[string]any{"op": "waitTools", "count": 4},
				map[string]any{"op": "callTool", "name": "call_tool", "arguments": map[string]any{"name": "fs__read_text_file", "arguments": map[string]any{"path": notes}}},
				map[string]any{"op": "callTool", "name": "call_tool", "arguments": map[string]any{"name": "fs.read_text_file", "arguments": map[string]any{"path": notes}}},
				map[string]any{"op": "callTool", "name": "search_tools", "arguments": map[string]any{"query": "read a file", "limit": 5}},
				map[string]any{"op": "callTool", "name": "fs__read_text_file", "arguments": map[string]any{"path": notes}},
				map[string]any{"op": "callTool", "name": "fs__list_directory", "arguments": map[string]any{"path": dir}},
				map[string]any{"op": "callTool", "name": "fs__read_text_file", "arguments": map[string]any{"path": "/etc/passwd"}},
				map[string]any{"op": "callTool", "name": "fs__read_text_file", "arguments": map[string]any{}},
			)
			names := res[0].toolNames(t)
			for _, want := range []string{"orchestrate_task", "search_tools", "call_tool", "fs__read_text_file", "fs__list_directory", "fs__write_file"} {
				if !slices.Contains(names, want) {
					t.Errorf("tools/list lacks %s: %v", want, names)
				}
			}
			for i := 1; i <= 2; i++ {
				if r := res[i].tool(t); r.IsError || !strings.Contains(r.text(), "core notes: the gateway works") {
					t.Errorf("step %d call_tool read_text_file: %+v", i, r)
				}
			}
			sr := res[3].tool(t)
			var sc struct {
				Tools []searchHit `json:"tools"`
			}
			json.Unmarshal(sr.StructuredContent, &sc)
			if len(sc.Tools) == 0 || !strings.HasPrefix(sc.Tools[0].Name, "fs__read") || sc.Tools[0].Backend != "fs" {
				t.Errorf("search_tools \"read a file\": %s", sr.StructuredContent)
			} else {
				var top []string
				for _, h := range sc.Tools {
					top = append(top, h.Name)
				}
				t.Logf("search_tools \"read a file\": %v", top)
				// Ranking quality is the ranker's business (planner tests);
				// here: a read tool first and read_text_file among the hits.
				if !slices.Contains(top, "fs__read_text_file") {
					t.Errorf("fs__read_text_file not among the hits: %v", top)
				}
			}
			if r := res[4].tool(t); r.IsError || !strings.Contains(r.text(), "core notes") {
				t.Errorf("fs__read_text_file directly: %+v", r)
			}
			if r := res[5].tool(t); r.IsError || !strings.Contains(r.text(), "notes.txt") || !strings.Contains(r.text(), "sub") {
				t.Errorf("fs__list_directory: %+v", r)
			}
			// Outside the allowed directory: the backend's own error, as a result.
			if r := res[6].tool(t); !r.IsError {
				t.Errorf("reading /etc/passwd through server-filesystem: not an error: %.200s", r.text())
			}
			// Missing required path: the gateway's validation names it.
			if r := res[7].tool(t); !r.IsError || !strings.Contains(r.text(), "path") {
				t.Errorf("read_text_file without path: %+v", r)
			}
			if strings.Contains(stderr, "panic") {
				t.Errorf("stderr mentions a panic:\n%s", stderr)
			}
		})
	}
}

// TestCoreTSClientOrchestrateOpenAI: orchestrate_task and
// agentify/orchestrateTask through the TypeScript client, planned by a fake
// OpenAI server over TLS, run against server-filesystem.
func TestCoreTSClientOrchestrateOpenAI(t *testing.T) {
	dir := fsFixture(t)
	node, args := fsBackend(t, dir)
	fake := newFakeOpenAI(t, readFileModel(t, "fs__read_text_file", dir, "notes.txt"))
	kb := make([]byte, 12)
	rand.Read(kb)
	key := "sk-core-" + hex.EncodeToString(kb)
	cfg := writeConfig(t, map[string]any{"logLevel": "debug", "backends": []any{map[string]any{"id": "fs", "command": node, "args": args}}})
	ctx := map[string]any{"currentWorkingDirectory": dir}
	res, stderr := runTS(t, cfg, fake.env(key),
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "show me what's in notes.txt", "context": ctx}},
		map[string]any{"op": "request", "method": "agentify/orchestrateTask", "params": map[string]any{"query": "show me what's in notes.txt", "context": ctx}},
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": "show me what's in notes.txt", "context": ctx, "dryRun": true}},
		map[string]any{"op": "request", "method": "agentify/orchestrateTask", "params": map[string]any{"context": ctx}},
		map[string]any{"op": "request", "method": "agentify/orchestrateTask", "params": map[string]any{"query": ""}},
		map[string]any{"op": "request", "method": "agentify/orchestrateTask", "params": map[string]any{"query": "x", "context": "not an object"}},
		map[string]any{"op": "request", "method": "agentify/orchestrateTask", "params": map[string]any{"query": 7}},
		map[string]any{"op": "callTool", "name": "orchestrate_task", "arguments": map[string]any{"query": ""}},
	)
	for i, r := range res[:2] {
		tr := r.tool(t)
		if tr.IsError || !strings.Contains(tr.text(), "core notes: the gateway works") {
			t.Errorf("step %d: %+v", i, tr)
		}
		var pm struct {
			Backend   string          `json:"backend"`
			Tool      string          `json:"tool"`
			Arguments json.RawMessage `json:"arguments"`
			Planner   string          `json:"planner"`
			Model     string          `json:"model"`
			Attempts  int             `json:"attempts"`
			Executed  bool            `json:"executed"`
			Usage     map[string]any  `json:"usage"`
			LatencyMs *float64        `json:"latencyMs"`
		}
		if err := json.Unmarshal(tr.Meta["agentify/plan"], &pm); err != nil {
			t.Fatalf("step %d: _meta[agentify/plan] %s: %v", i, tr.Meta["agentify/plan"], err)
		}
		var a map[string]string
		json.Unmarshal(pm.Arguments, &a)
		if pm.Backend != "fs" || pm.Tool != "read_text_file" || a["path"] != filepath.Join(dir, "notes.txt") ||
			pm.Planner != "openai" || pm.Model == "" || pm.Attempts != 1 || !pm.Executed || pm.Usage == nil || pm.LatencyMs == nil {
			t.Errorf("step %d: agentify/plan = %s", i, tr.Meta["agentify/plan"])
		}
		if !strings.Contains(string(tr.Meta["agentify/plan"]), "333") {
			t.Errorf("step %d: usage does not carry the model's token count: %s", i, tr.Meta["agentify/plan"])
		}
	}
	// dryRun: planned, not run.
	dry := res[2].tool(t)
	if strings.Contains(dry.text(), "core notes: the gateway works") || !strings.Contains(string(dry.Meta["agentify/plan"]), `"executed":false`) {
		t.Errorf("dryRun ran the tool or does not say so: %s / %s", dry.text(), dry.Meta["agentify/plan"])
	}
	for i, want := range map[int]string{3: "query", 4: "query", 5: "context", 6: "query"} {
		r := res[i]
		if r.OK || r.Error == nil || r.Error.Code == nil || *r.Error.Code != -32602 || !strings.Contains(r.Error.Message, want) {
			t.Errorf("step %d bad params: %+v, want -32602 naming %q", i, r.Error, want)
		}
	}
	if r := res[7].tool(t); !r.IsError || !strings.Contains(r.text(), "query") {
		t.Errorf("orchestrate_task with an empty query: %+v", r)
	}
	reqs, auth := fake.seen()
	if len(reqs) != 3 {
		t.Errorf("the model was asked %d times, want 3", len(reqs))
	}
	for _, a := range auth {
		if a != "Bearer "+key {
			t.Errorf("Authorization %q, want the configured key", a)
		}
	}
	if len(reqs) > 0 {
		r := reqs[0]
		if !strings.Contains(r.userText(), "show me what's in notes.txt") {
			t.Errorf("user message lacks the query: %s", r.userText())
		}
		if r.ParallelToolCalls == nil || *r.ParallelToolCalls {
			t.Errorf("parallel_tool_calls = %v, want false", r.ParallelToolCalls)
		}
		if !strings.Contains(string(r.ToolChoice), "auto") {
			t.Errorf("tool_choice = %s, want auto", r.ToolChoice)
		}
	}
	if strings.Contains(stderr, key) {
		t.Errorf("the API key appears in stderr")
	}
	if strings.Contains(stderr, "panic") {
		t.Errorf("stderr mentions a panic:\n%s", tail(stderr, 3000))
	}
}

// clientScript is what a node client script needs to launch the gateway
// with cfgPath and env: the SDK's location, the command and its arguments.
func clientScript(t *testing.T, cfgPath string, env map[string]string) map[string]any {
	t.Helper()
	bin, _ := binaries(t)
	return map[string]any{
		"sdk":     filepath.Join(nodeModules(t), "@modelcontextprotocol", "sdk"),
		"command": bin,
		"args":    []string{"--config", cfgPath},
		"env":     env,
		"cwd":     t.TempDir(),
	}
}

// runNodeClient runs e2e/testdata/file with node, its instructions as JSON
// in the environment variable envVar, and fails the test if it fails or
// runs for more than 3 minutes. It returns node's stdout and stderr (which
// carries the gateway's log); the stderr is logged if the test fails later.
func runNodeClient(t *testing.T, file, envVar string, script map[string]any) ([]byte, string) {
	t.Helper()
	node := needNode(t)
	sb, err := json.Marshal(script)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join(repoRoot(t), "e2e", "testdata", file))
	cmd.Env = append(cleanEnv(), envVar+"="+string(sb))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }() // ends with node
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v\nstdout: %s\nstderr: %s", file, err, out.String(), tail(errOut.String(), 4000))
		}
	case <-time.After(3 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s did not finish\nstderr: %s", file, tail(errOut.String(), 4000))
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("%s stderr (the gateway's log):\n%s", file, tail(errOut.String(), 4000))
		}
	})
	return out.Bytes(), errOut.String()
}
