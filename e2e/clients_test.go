package e2e

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// goClient connects the official Go SDK client (dual era: it probes
// server/discover first) to the real binary over stdio.
func goClient(t *testing.T, ctx context.Context, cfg string, env ...string) *mcp.ClientSession {
	t.Helper()
	gw, _ := binaries(t)
	cmd := exec.Command(gw, "--config", cfg)
	cmd.Env = cleanEnv(env...)
	cmd.Stderr = os.Stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "go-e2e", Version: "1.0.0"}, nil)
	start := time.Now()
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("Go SDK client connect: %v", err)
	}
	t.Logf("Go SDK client connected in %v (protocol %s)", time.Since(start), cs.InitializeResult().ProtocolVersion)
	t.Cleanup(func() { cs.Close() })
	return cs
}

// waitTool lists tools (re-listing on each tools/list_changed would need
// a handler; the gateway's list is cheap) until name appears.
func waitTool(t *testing.T, ctx context.Context, cs *mcp.ClientSession, name string) {
	t.Helper()
	for {
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		if slices.ContainsFunc(res.Tools, func(tl *mcp.Tool) bool { return tl.Name == name }) {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("tool %s never appeared", name)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

func TestGoSDKClient(t *testing.T) {
	_, tb := binaries(t)
	ctx, cancel := context.WithTimeout(context.Background(), ptLimit)
	defer cancel()
	cfg := ptConfig(t, map[string]any{"id": "tb", "command": tb, "args": []string{"-name", "tb"}})
	cs := goClient(t, ctx, cfg)
	if v := cs.InitializeResult().ProtocolVersion; v != "2025-11-25" {
		t.Errorf("negotiated %q, want 2025-11-25 (the dual-era client must fall back to initialize)", v)
	}
	waitTool(t, ctx, cs, "tb__echo")
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "tb__echo", Arguments: map[string]any{"text": "hello from Go"}})
	if err != nil {
		t.Fatalf("tools/call: %v", err)
	}
	if len(res.Content) == 0 || res.Content[0].(*mcp.TextContent).Text != "hello from Go" {
		t.Errorf("tb__echo result: %+v", res.Content)
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "call_tool", Arguments: map[string]any{"name": "tb__add", "arguments": map[string]any{"a": 2, "b": 40}}})
	if err != nil || res.Content[0].(*mcp.TextContent).Text != "42" {
		t.Errorf("call_tool tb__add: %v %+v", err, res)
	}
	pr, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "tb__greet", Arguments: map[string]string{"who": "Go"}})
	if err != nil || !strings.Contains(pr.Messages[0].Content.(*mcp.TextContent).Text, "Hello, Go!") {
		t.Errorf("prompts/get tb__greet: %v %+v", err, pr)
	}
}

// TestMergedCursors walks the merged resources of two paginating backends
// page by page with the gateway's cursors, and sends a forged cursor.
func TestMergedCursors(t *testing.T) {
	_, tb := binaries(t)
	ctx, cancel := context.WithTimeout(context.Background(), ptLimit)
	defer cancel()
	cfg := ptConfig(t,
		map[string]any{"id": "tb", "command": tb, "args": []string{"-name", "tb", "-page", "2"}},
		map[string]any{"id": "tc", "command": tb, "args": []string{"-name", "tc", "-page", "1"}},
	)
	cs := goClient(t, ctx, cfg, "AGENTIFY_PAGE_SIZE=2")
	waitTool(t, ctx, cs, "tb__echo")
	waitTool(t, ctx, cs, "tc__echo")
	var uris []string
	pages := 0
	cursor := ""
	for {
		res, err := cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: cursor})
		if err != nil {
			t.Fatalf("resources/list page %d: %v", pages, err)
		}
		pages++
		if len(res.Resources) > 2 {
			t.Errorf("page %d has %d items, page size is 2", pages, len(res.Resources))
		}
		for _, r := range res.Resources {
			uris = append(uris, r.URI)
		}
		if res.NextCursor == "" {
			break
		}
		if strings.Contains(res.NextCursor, "page-") {
			t.Errorf("a backend's own cursor leaked: %q", res.NextCursor)
		}
		cursor = res.NextCursor
	}
	want := []string{"test://tb/0", "test://tb/1", "test://tb/2", "test://tc/0", "test://tc/1", "test://tc/2"}
	if !slices.Equal(uris, want) || pages != 3 {
		t.Errorf("walked %d pages: %v, want 3 pages: %v", pages, uris, want)
	}
	for _, forged := range []string{"page-2", "eyJrIjoicmVzb3VyY2VzIiwibyI6MiwiZyI6IiJ9.AAAAAAAAAAAAAAAA", ""} {
		_, err := cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: forged})
		if forged == "" {
			continue // an empty cursor is the first page for the SDK (omitted on the wire)
		}
		var je *jsonrpc.Error
		if !errors.As(err, &je) || je.Code != -32602 {
			t.Errorf("forged cursor %q: got %v, want -32602", forged, err)
		}
	}
	// A prompts cursor is not accepted for resources.
	pres, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pres.Prompts) != 2 || pres.NextCursor != "" {
		t.Errorf("prompts: %d items, cursor %q; want tb__greet and tc__greet on one page", len(pres.Prompts), pres.NextCursor)
	}
	tres, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(tres.ResourceTemplates) != 2 {
		t.Errorf("templates: %v %+v", err, tres)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "test://tc/9"}) // by template only
	if err != nil || rr.Contents[0].Text != "contents of test://tc/9" {
		t.Errorf("read through template: %v %+v", err, rr)
	}
}

// TestInspectorCLI lists and calls tools through the gateway with the MCP
// Inspector's CLI mode.
func TestInspectorCLI(t *testing.T) {
	gw, tb := binaries(t)
	node := needNode(t)
	cfg := ptConfig(t, map[string]any{"id": "tb", "command": tb, "args": []string{"-name", "tb"}})
	dir := filepath.Join(nodeModules(t), "@modelcontextprotocol", "inspector-cli", "build")
	run := func(args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), ptLimit)
		defer cancel()
		cmd := exec.CommandContext(ctx, node, append([]string{"cli.js", "--cli", "-e", "AGENTIFY_CONFIG=" + cfg, gw}, args...)...)
		cmd.Dir = dir // it finds its package.json relative to the working directory
		cmd.Env = cleanEnv()
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("inspector %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	if out := run("--method", "tools/list"); !strings.Contains(out, `"orchestrate_task"`) || !strings.Contains(out, `"call_tool"`) {
		t.Errorf("tools/list:\n%s", out)
	}
	if out := run("--method", "tools/call", "--tool-name", "call_tool", "--tool-arg", "name=tb__add", `arguments={"a":2,"b":40}`); !strings.Contains(out, `"text": "42"`) {
		t.Errorf("tools/call call_tool:\n%s", out)
	}
	if out := run("--method", "tools/call", "--tool-name", "tb__echo", "--tool-arg", "text=through the inspector"); !strings.Contains(out, `"text": "through the inspector"`) {
		t.Errorf("tools/call tb__echo:\n%s", out)
	}
	if out := run("--method", "prompts/list"); !strings.Contains(out, `"tb__greet"`) {
		t.Logf("prompts/list (backends may still be starting):\n%s", out)
	}
}
