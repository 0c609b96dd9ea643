package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// serveEverything runs server-everything in a remote mode ("streamableHttp"
// or "sse") and waits until it accepts connections.
func serveEverything(t *testing.T, mode string) int {
	t.Helper()
	port := freePort(t)
	cmd := exec.Command(needNode(t), filepath.Join(nodeModules(t), "@modelcontextprotocol/server-everything/dist/index.js"), mode)
	cmd.Env = append(cleanEnv(), fmt.Sprintf("PORT=%d", port))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	deadline := time.Now().Add(waitLimit)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			c.Close()
			return port
		}
		if time.Now().After(deadline) {
			t.Fatalf("server-everything %s never listened on %d", mode, port)
		}
		time.Sleep(20 * time.Millisecond) // no readiness signal but the port itself
	}
}

// wsBackend is a minimal MCP server over WebSocket (one JSON-RPC message
// per text frame), written against the raw protocol: initialize, one tool.
// It records the Authorization header it was dialled with.
func wsBackend(t *testing.T) (url string, auth <-chan string) {
	t.Helper()
	authc := make(chan string, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		authc <- r.Header.Get("Authorization")
		c, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{"mcp"}})
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := r.Context()
		for {
			_, b, err := c.Read(ctx)
			if err != nil {
				return
			}
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
				Params json.RawMessage `json:"params"`
			}
			if json.Unmarshal(b, &m) != nil || m.ID == nil {
				continue
			}
			var result string
			switch m.Method {
			case "initialize":
				result = `{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"ws-test","version":"1"}}`
			case "tools/list":
				result = `{"tools":[{"name":"hello","description":"Say hello over WebSocket","inputSchema":{"type":"object","properties":{"who":{"type":"string"}}}}]}`
			case "tools/call":
				var p struct {
					Arguments struct{ Who string } `json:"arguments"`
				}
				json.Unmarshal(m.Params, &p)
				tb, _ := json.Marshal("hello, " + p.Arguments.Who + ", over websocket")
				result = `{"content":[{"type":"text","text":` + string(tb) + `}]}`
			default:
				c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":`+string(m.ID)+`,"error":{"code":-32601,"message":"method not found"}}`))
				continue
			}
			c.Write(ctx, websocket.MessageText, []byte(`{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+result+`}`))
		}
	}))
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http"), authc
}

// TestRemoteBackends puts server-everything over Streamable HTTP and over
// HTTP+SSE, and our WebSocket server, behind the gateway; the Go SDK client
// lists and calls their tools, reads prompts, and receives a resource
// update that a Streamable HTTP backend sends on its standalone stream.
func TestRemoteBackends(t *testing.T) {
	httpPort := serveEverything(t, "streamableHttp")
	ssePort := serveEverything(t, "sse")
	wsURL, auth := wsBackend(t)
	cfg := ptConfig(t,
		map[string]any{"id": "h", "type": "http", "url": fmt.Sprintf("http://127.0.0.1:%d/mcp", httpPort), "headers": map[string]string{"X-Test": "${E2E_SECRET}"}},
		map[string]any{"id": "s", "type": "sse", "url": fmt.Sprintf("http://127.0.0.1:%d/sse", ssePort)},
		map[string]any{"id": "w", "type": "websocket", "url": wsURL, "headers": map[string]string{"Authorization": "Bearer ws-secret-token"}},
	)
	ctx, cancel := context.WithTimeout(context.Background(), ptLimit)
	defer cancel()

	updated := make(chan string, 16)
	gw, _ := binaries(t)
	cmd := exec.Command(gw, "--config", cfg)
	cmd.Env = cleanEnv("E2E_SECRET=e2e-header-secret")
	var stderr syncBuffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "go-e2e", Version: "1.0.0"}, &mcp.ClientOptions{
		ResourceUpdatedHandler: func(_ context.Context, r *mcp.ResourceUpdatedNotificationRequest) { updated <- r.Params.URI },
	})
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	for _, name := range []string{"h__echo", "s__echo", "w__hello"} {
		waitTool(t, ctx, cs, name)
	}
	for _, c := range []struct{ tool, arg, val, want string }{
		{"h__echo", "message", "over streamable http", "Echo: over streamable http"},
		{"s__echo", "message", "over sse", "Echo: over sse"},
		{"w__hello", "who", "gopher", "hello, gopher, over websocket"},
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: map[string]any{c.arg: c.val}})
		if err != nil {
			t.Errorf("%s: %v", c.tool, err)
			continue
		}
		if got := res.Content[0].(*mcp.TextContent).Text; got != c.want {
			t.Errorf("%s: got %q, want %q", c.tool, got, c.want)
		}
	}
	if a := <-auth; a != "Bearer ws-secret-token" {
		t.Errorf("websocket backend got Authorization %q", a)
	}

	// Progress over Streamable HTTP, with the client's own token.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "h__trigger-long-running-operation", Arguments: map[string]any{"duration": 0.3, "steps": 3},
		Meta: mcp.Meta{"progressToken": "go-token"}})
	if err != nil || res.IsError {
		t.Errorf("long-running operation over http: %v %+v", err, res)
	}

	pr, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "s__args-prompt", Arguments: map[string]string{"city": "Lyon"}})
	if err != nil || !strings.Contains(fmt.Sprint(pr.Messages[0].Content.(*mcp.TextContent).Text), "Lyon") {
		t.Errorf("prompts/get over sse: %v %+v", err, pr)
	}

	// server-everything sends resource updates outside any request: over
	// Streamable HTTP they come on the standalone GET stream.
	uri := "demo://resource/static/document/architecture.md"
	if err := cs.Subscribe(ctx, &mcp.SubscribeParams{URI: uri}); err != nil {
		t.Fatalf("subscribe: %v", err)
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "h__toggle-subscriber-updates", Arguments: map[string]any{}}); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-updated:
		if got != uri {
			t.Errorf("resources/updated for %q, want %q", got, uri)
		}
	case <-ctx.Done():
		t.Fatal("no notifications/resources/updated from the Streamable HTTP backend")
	}
	cs.Close()
	for _, secret := range []string{"e2e-header-secret", "ws-secret-token"} {
		if strings.Contains(stderr.String(), secret) {
			t.Errorf("a header value was logged: %q", secret)
		}
	}
}
