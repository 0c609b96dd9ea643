package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// firstMinuteConfig is a test backend that takes 2 s to start and the npm
// server-everything, with every backend tool offered directly.
func firstMinuteConfig(t *testing.T) string {
	_, tb := binaries(t)
	return ptConfig(t,
		map[string]any{"id": "slow", "command": tb, "args": []string{"-name", "slow", "-startup-delay", "2s"}},
		ptNodeBackend(t, "everything", "@modelcontextprotocol/server-everything/dist/index.js", "stdio"),
	)
}

// TestFirstMinuteTypeScriptClient: the official TypeScript SDK client
// calls every surface in the same tick as its notifications/initialized;
// each answer is the one a call a minute later gets.
func TestFirstMinuteTypeScriptClient(t *testing.T) {
	type step = map[string]any
	surfaces := []step{
		{"op": "listTools"},
		{"op": "callTool", "name": "search_tools", "arguments": step{"query": "echo a message back"}},
		{"op": "callTool", "name": "call_tool", "arguments": step{"name": "slow__echo", "arguments": step{"text": "first"}}},
		{"op": "callTool", "name": "slow__echo", "arguments": step{"text": "direct"}},
		{"op": "callTool", "name": "everything__echo", "arguments": step{"message": "hi"}},
		{"op": "callTool", "name": "orchestrate_task", "arguments": step{"query": "echo the message hi", "dryRun": true}},
		{"op": "request", "method": "prompts/list", "params": step{}},
		{"op": "request", "method": "prompts/get", "params": step{"name": "everything__simple-prompt"}},
		{"op": "request", "method": "resources/list", "params": step{}},
		{"op": "request", "method": "resources/templates/list", "params": step{}},
		{"op": "request", "method": "resources/read", "params": step{"uri": "demo://resource/dynamic/text/7"}},
		{"op": "request", "method": "completion/complete", "params": step{"ref": step{"type": "ref/prompt", "name": "everything__completable-prompt"}, "argument": step{"name": "department", "value": "Eng"}}},
		{"op": "request", "method": "agentify/orchestrateTask", "params": step{"query": "echo the message hi", "dryRun": true}},
	}
	res, stderr := runTS(t, firstMinuteConfig(t), nil, step{"op": "parallel", "steps": surfaces})
	var outs []tsResult
	if err := json.Unmarshal(res[0].Result, &outs); err != nil || len(outs) != len(surfaces) {
		t.Fatalf("parallel results: %v: %s\n%s", err, res[0].Result, tail(stderr, 3000))
	}
	want := []string{`"slow__echo"`, `slow__echo`, `first`, `direct`, `hi`, `"plan"`, `everything__simple-prompt`,
		`"messages"`, `demo://resource/static`, `demo://resource/dynamic/text/{resourceId}`, `demo://resource/dynamic/text/7`,
		`"completion"`, `"plan"`}
	for i, r := range outs {
		if !r.OK || !strings.Contains(string(r.Result), want[i]) || strings.Contains(string(r.Result), `"isError":true`) {
			t.Errorf("surface %d (%v): ok=%v error=%+v result=%.300s; want it to contain %s", i, surfaces[i], r.OK, r.Error, r.Result, want[i])
		}
	}
	var list struct{ Tools []struct{ Name string } }
	json.Unmarshal(outs[0].Result, &list)
	var haveEverything bool
	for _, tl := range list.Tools {
		haveEverything = haveEverything || tl.Name == "everything__echo"
	}
	if !haveEverything {
		t.Errorf("the first tools/list under expose all lacks server-everything's tools: %.500s", outs[0].Result)
	}
}

// TestFirstMinuteGoClient: the official Go SDK client (dual era: it probes
// server/discover first) calls every surface at once right after Connect.
func TestFirstMinuteGoClient(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), ptLimit)
	defer cancel()
	cs := goClient(t, ctx, firstMinuteConfig(t))
	calls := map[string]func() (any, error){
		"call_tool": func() (any, error) {
			return cs.CallTool(ctx, &mcp.CallToolParams{Name: "call_tool", Arguments: map[string]any{"name": "slow__add", "arguments": map[string]any{"a": 2, "b": 40}}})
		},
		"direct": func() (any, error) {
			return cs.CallTool(ctx, &mcp.CallToolParams{Name: "everything__echo", Arguments: map[string]any{"message": "go"}})
		},
		"search": func() (any, error) {
			return cs.CallTool(ctx, &mcp.CallToolParams{Name: "search_tools", Arguments: map[string]any{"query": "add two numbers"}})
		},
		"tools": func() (any, error) { return cs.ListTools(ctx, nil) },
		"prompt": func() (any, error) {
			return cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "slow__greet", Arguments: map[string]string{"who": "Go"}})
		},
		"read": func() (any, error) {
			return cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "test://slow/1"})
		},
	}
	want := map[string]string{"call_tool": `42`, "direct": `go`, "search": `slow__add`, "tools": `slow__echo`, "prompt": `Hello, Go!`, "read": `contents of test://slow/1`}
	var wg sync.WaitGroup
	var mu sync.Mutex
	got := map[string]string{}
	for name, f := range calls {
		wg.Go(func() {
			r, err := f()
			b, _ := json.Marshal(r)
			mu.Lock()
			got[name] = fmt.Sprintf("%s %v", b, err)
			mu.Unlock()
		})
	}
	wg.Wait()
	for name, w := range want {
		if !strings.Contains(got[name], w) || strings.Contains(got[name], `"isError":true`) {
			t.Errorf("%s right after Connect: %.400s; want %s", name, got[name], w)
		}
	}
}
