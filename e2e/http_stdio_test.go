package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServeHTTPAndStdio: `serve --http ADDR --stdio` serves the IDE that
// launched it on stdio and HTTP clients at once, over one set of backends
// (one backend process); each client gets its own answers, and the process
// ends when the stdio client closes stdin.
func TestServeHTTPAndStdio(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := ptConfig(t, tbBackend(tb, "tb", marker))
	g := startGateway(t, cfg, marker, gwOptions{args: []string{"serve", "--http", "127.0.0.1:0", "--stdio"}})

	// The stdio client, in the same instant as initialize.
	g.initialize("2025-11-25", nil)
	if r := g.callTool("tb__echo", map[string]any{"text": "from stdio"}); r.IsError || r.text() != "from stdio" {
		t.Fatalf("stdio tb__echo: %+v", r)
	}

	var url string
	for deadline := time.Now().Add(20 * time.Second); url == ""; time.Sleep(20 * time.Millisecond) {
		if m := urlRE.FindStringSubmatch(g.stderr.String()); m != nil {
			url = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no HTTP URL logged:\n%s", tail(g.stderr.String(), 2000))
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "http-e2e", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatalf("HTTP client connect: %v", err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "tb__echo", Arguments: map[string]any{"text": "from http"}})
	if err != nil {
		t.Fatalf("HTTP tb__echo: %v", err)
	}
	if res.IsError || len(res.Content) == 0 || res.Content[0].(*mcp.TextContent).Text != "from http" {
		t.Fatalf("HTTP tb__echo: %+v", res.Content)
	}
	// The stdio session still answers after the HTTP one was served.
	if r := g.callTool("tb__echo", map[string]any{"text": "again"}); r.IsError || r.text() != "again" {
		t.Fatalf("stdio tb__echo after HTTP: %+v", r)
	}
	if n := len(childPIDs(marker)); n != 1 {
		t.Errorf("%d backend processes, want 1 shared by both clients", n)
	}
	g.closeAndWait(15 * time.Second)
	if !strings.Contains(g.stderr.String(), "stdio client disconnected") {
		t.Errorf("no log line for the stdio client's exit:\n%s", tail(g.stderr.String(), 2000))
	}
}

// TestStdioFlagNeedsHTTP: --stdio and --http-stateless without --http are
// usage errors, not silently ignored.
func TestStdioFlagNeedsHTTP(t *testing.T) {
	for _, flag := range []string{"--stdio", "--http-stateless"} {
		_, errOut, code := runCLI(t, t.TempDir(), nil, "serve", flag)
		if code != 2 || !strings.Contains(errOut, "go with --http") {
			t.Errorf("serve %s: exit %d, stderr %q; want exit 2 naming --http", flag, code, errOut)
		}
	}
}
