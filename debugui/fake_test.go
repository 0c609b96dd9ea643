package debugui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// Secrets planted in the fake gateway; no endpoint or stream may show them.
const (
	secretOpenAI   = "sk-proj-FAKEopenaiKEY0123456789abcdef" // matches a token pattern
	secretGitHub   = "ghp_FAKEgithubTOKEN0123456789abcdefABCD"
	secretCustom   = `my"custom\secret-value`     // registered only; quote and backslash
	secretEnvValue = "plain-looking-env-value-42" // only masked by config key name
)

var allSecrets = []string{secretOpenAI, secretGitHub, secretCustom, "plain-looking-env-value-42"}

type fakeSource struct{ started time.Time }

func (f fakeSource) Status() StatusView {
	return StatusView{Ready: false, State: "degraded", StartedAt: f.started, Protocol: "2025-11-25", Client: "Visual Studio Code 1.107.0",
		Planner: "lexical", Model: "offline", Expose: "meta", ConfigPath: "/home/dev/.config/mcp-agentify/config.json",
		Backends: 3, BackendsReady: 2, Tools: 5}
}

func (f fakeSource) Backends() []BackendView {
	return []BackendView{
		{ID: "github", Type: "stdio", State: "ready", Target: "npx -y @modelcontextprotocol/server-github", PID: 4242, Tools: 3, Restarts: 0, Since: f.started, Server: "github-mcp-server 0.6.2"},
		{ID: "filesystem", Type: "stdio", State: "ready", Target: "npx -y @modelcontextprotocol/server-filesystem /home/dev", PID: 4243, Tools: 2, Restarts: 1, Since: f.started},
		{ID: "weather", Type: "http", State: "unavailable", Target: "https://weather.example.com/mcp", Restarts: 4, Since: f.started, LastError: "connect: connection refused (token " + secretGitHub + ")",
			StderrTail: []string{"weather-mcp: starting", "fatal: WEATHER_TOKEN rejected (" + secretGitHub + ")"}},
	}
}

// fakeRestarter records restarts; "weather" and "github" exist.
type fakeRestarter struct {
	mu  sync.Mutex
	ids []string
}

func (f *fakeRestarter) RestartBackend(id string) error {
	if id != "weather" && id != "github" && id != "filesystem" {
		return fmt.Errorf("restart %q: %w", id, ErrUnknownBackend)
	}
	f.mu.Lock()
	f.ids = append(f.ids, id)
	f.mu.Unlock()
	return nil
}

func (f fakeSource) Tools() []ToolView {
	schema := func(s string) json.RawMessage { return json.RawMessage(s) }
	return []ToolView{
		{Name: "github__search_repositories", Backend: "github", Tool: "search_repositories", Description: "Search for GitHub repositories.",
			InputSchema: schema(`{"type":"object","properties":{"query":{"type":"string","description":"Search query"},"page":{"type":"number"}},"required":["query"]}`)},
		{Name: "github__create_issue", Backend: "github", Tool: "create_issue", Description: "Create a new issue in a GitHub repository.",
			InputSchema: schema(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"title":{"type":"string"},"body":{"type":"string"}},"required":["owner","repo","title"]}`)},
		{Name: "github__get_file_contents", Backend: "github", Tool: "get_file_contents", Description: "Get the contents of a file or directory.",
			InputSchema: schema(`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"path":{"type":"string"}},"required":["owner","repo","path"]}`)},
		{Name: "filesystem__read_file", Backend: "filesystem", Tool: "read_file", Description: "Read the complete contents of a file.",
			InputSchema: schema(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
		{Name: "filesystem__list_directory", Backend: "filesystem", Tool: "list_directory", Description: "List files and directories in a path.",
			InputSchema: schema(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
	}
}

func (f fakeSource) Config() json.RawMessage {
	b, _ := json.Marshal(map[string]any{
		"planner": map[string]any{"type": "openai", "model": "gpt-4.1-mini", "apiKey": secretOpenAI},
		"backends": []any{
			map[string]any{"id": "github", "type": "stdio", "command": "npx", "args": []string{"-y", "@modelcontextprotocol/server-github"},
				"env": map[string]string{"GITHUB_PERSONAL_ACCESS_TOKEN": secretGitHub, "CUSTOM_SECRET": secretCustom, "MY_API_KEY": secretEnvValue}},
			map[string]any{"id": "weather", "type": "http", "url": "https://weather.example.com/mcp",
				"headers": map[string]string{"Authorization": "Bearer " + secretEnvValue}},
		},
		"bigNumber": json.Number("9007199254740993"),
	})
	return b
}

// fakeRunner plans by substring and publishes trace and planner events as
// the gateway will.
type fakeRunner struct {
	hub *telemetry.Hub
	log zerolog.Logger
}

var nextID atomic.Int64

func (f fakeRunner) RunTask(ctx context.Context, query string, dryRun bool) (any, error) {
	start := time.Now()
	chosen, args := "", json.RawMessage(nil)
	switch {
	case strings.Contains(query, "repo"):
		chosen, args = "github__search_repositories", json.RawMessage(`{"query":"mcp gateway"}`)
	case strings.Contains(query, "file"):
		chosen, args = "filesystem__read_file", json.RawMessage(`{"path":"/home/dev/README.md"}`)
	}
	ev := telemetry.PlannerEvent{Planner: "lexical", Model: "offline", Query: query, Candidates: 5, Chosen: chosen, Arguments: args,
		Attempts: 1, PromptTokens: 812, CompletionTokens: 37, LatencyMs: 1.8, Executed: !dryRun && chosen != ""}
	if chosen == "" {
		ev.Error = "no action could be determined"
		f.hub.Trace.PublishPlanner(ev)
		return nil, errors.New("no action could be determined")
	}
	f.hub.Trace.PublishPlanner(ev)
	plan := map[string]any{"backend": strings.Split(chosen, "__")[0], "tool": strings.Split(chosen, "__")[1], "arguments": args, "planner": "lexical"}
	if dryRun {
		return map[string]any{"plan": plan}, nil
	}
	backend, tool := strings.Split(chosen, "__")[0], strings.Split(chosen, "__")[1]
	id := fmt.Sprint(100 + nextID.Add(1))
	f.hub.Trace.Publish(telemetry.TraceEvent{Dir: telemetry.DirGatewayToBackend, Backend: backend, Kind: telemetry.KindRequest, ID: id, Method: "tools/call",
		Payload: json.RawMessage(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + string(args) + `}}`)})
	time.Sleep(2 * time.Millisecond) // a backend takes a little time; not asserted
	result := json.RawMessage(`{"content":[{"type":"text","text":"3 repositories found"}],"isError":false}`)
	f.hub.Trace.Publish(telemetry.TraceEvent{Dir: telemetry.DirBackendToGateway, Backend: backend, Kind: telemetry.KindResponse, ID: id,
		Payload: json.RawMessage(`{"jsonrpc":"2.0","id":` + id + `,"result":` + string(result) + `}`)})
	f.hub.Metrics.Observe(backend, tool, time.Since(start), telemetry.OutcomeOK)
	f.log.Info().Str("backend", backend).Str("tool", tool).Msg("console task done")
	return map[string]any{"plan": plan, "result": result}, nil
}

// newFakeHub returns a hub with the secrets registered and some history:
// logs at every level, a paired request/response with a secret in its
// payload, a planner decision and metrics.
func newFakeHub() (*telemetry.Hub, zerolog.Logger) {
	hub := telemetry.NewHub(&telemetry.HubOptions{Secrets: []string{secretCustom}})
	log := zerolog.New(hub.LogWriter(nil)).With().Timestamp().Logger()
	log.Debug().Msg("config loaded")
	log.Info().Str("backend", "github").Int("tools", 3).Msg("backend ready")
	log.Info().Str("backend", "filesystem").Int("tools", 2).Msg("backend ready")
	log.Warn().Str("backend", "weather").Str("auth", "Bearer "+secretEnvValue).Msg("backend unavailable, retrying")
	log.Error().Str("backend", "weather").Str("key", secretOpenAI).Str("extra", secretCustom).Msg("connect failed")

	t0 := time.Now().Add(-time.Minute)
	hub.Trace.Publish(telemetry.TraceEvent{Time: t0, Dir: telemetry.DirIDEToGateway, Kind: telemetry.KindRequest, ID: "1", Method: "initialize",
		Payload: json.RawMessage(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","clientInfo":{"name":"vscode"}}}`)})
	hub.Trace.Publish(telemetry.TraceEvent{Time: t0.Add(3 * time.Millisecond), Dir: telemetry.DirGatewayToIDE, Kind: telemetry.KindResponse, ID: "1",
		Payload: json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}}`)})
	hub.Trace.Publish(telemetry.TraceEvent{Time: t0.Add(time.Second), Dir: telemetry.DirGatewayToBackend, Backend: "github", Kind: telemetry.KindRequest, ID: "7", Method: "tools/call",
		Payload: json.RawMessage(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_file_contents","arguments":{"token":"` + secretGitHub + `","note":"` + strings.ReplaceAll(strings.ReplaceAll(secretCustom, `\`, `\\`), `"`, `\"`) + `"}}}`)})
	hub.Trace.Publish(telemetry.TraceEvent{Time: t0.Add(time.Second + 42*time.Millisecond), Dir: telemetry.DirBackendToGateway, Backend: "github", Kind: telemetry.KindResponse, ID: "7",
		Payload: json.RawMessage(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"ok"}]}}`)})
	hub.Trace.Publish(telemetry.TraceEvent{Time: t0.Add(2 * time.Second), Dir: telemetry.DirBackendToGateway, Backend: "filesystem", Kind: telemetry.KindNotification, Method: "notifications/tools/list_changed",
		Payload: json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`)})
	hub.Trace.PublishPlanner(telemetry.PlannerEvent{Time: t0.Add(3 * time.Second), Planner: "openai", Model: "gpt-4.1-mini", Query: "open the README using key " + secretOpenAI,
		Candidates: 12, Chosen: "filesystem__read_file", Arguments: json.RawMessage(`{"path":"README.md"}`), Attempts: 2, PromptTokens: 1530, CompletionTokens: 41, LatencyMs: 612.4, Executed: true})
	for i, d := range []time.Duration{3, 5, 8, 12, 20, 45, 90, 150, 400} {
		hub.Metrics.Observe("github", "search_repositories", d*time.Millisecond, telemetry.OutcomeOK)
		hub.Metrics.Observe("filesystem", "read_file", d*time.Millisecond/10, telemetry.OutcomeOK)
		if i%4 == 0 {
			hub.Metrics.Observe("weather", "forecast", 5*time.Second, telemetry.OutcomeTimeout)
		}
	}
	hub.Metrics.Observe("github", "create_issue", 300*time.Millisecond, telemetry.OutcomeError)
	return hub, log
}
