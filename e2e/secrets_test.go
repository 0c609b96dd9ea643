package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// Planted secrets, one per kind the gateway must recognise. None has a
// well-known token prefix, so each is masked only because the gateway
// registered it, not by a pattern.
const (
	plantAPIKey   = "sk-plantedAPIkey0123456789abcdefXYZ"
	plantEnv      = "envtok-Zq8WmX3vK2pL"                 // env GITHUB_TOKEN
	plantHeader   = `hdr"sec\ret-Pp4LnR7tY9`              // header value with a quote and a backslash
	plantURLPass  = "urlpass-Hh5JkL8nB"                   // remote url userinfo
	plantURLQuery = "querykey-Tt6YuI9oP"                  // remote url ?api_key=
	plantArg      = "argkey-Ww2ErT5yU7"                   // --api-key=… in args
	plantInherit  = "inherit-Qq3AsD6fG8"                  // inherited PLANTED_SESSION_TOKEN
	plantOAuth    = "oauthsec-Rr7DfG2hJ4"                 // auth.clientSecret (client_credentials grant)
	plantIDToken  = "idtok-Vv9BnM3kL6"                    // auth.idp.idToken (cross_app_access grant)
	plainDir      = "/tmp/agentify-plain-project-dir-e2e" // a path under a plain name
)

var plantedSecrets = []string{plantAPIKey, plantEnv, plantHeader, plantURLPass, plantURLQuery, plantArg, plantInherit, plantOAuth, plantIDToken}

// secretForms are the ways a secret can appear in output: as is, and JSON
// escaped once and twice (JSON text inside a JSON string, inside another).
func secretForms(s string) []string {
	once, _ := json.Marshal(s)
	twice, _ := json.Marshal(string(once))
	o, w := string(once[1:len(once)-1]), string(twice[1:len(twice)-1])
	return []string{s, o, w, strings.Trim(w, `\"`)}
}

// secretsConfig writes a configuration planting every kind of secret next
// to plain values that must stay readable.
func secretsConfig(t *testing.T, tb, marker string) string {
	t.Helper()
	wrapped := []string{"-c", `exec "$0" -name "$1"`, tb, marker, "--api-key=" + plantArg}
	return writeConfig(t, map[string]any{
		"logLevel": "debug",
		"expose":   "all",
		"planner":  map[string]any{"provider": "lexical", "apiKey": plantAPIKey},
		"mcpServers": map[string]any{
			"ok": map[string]any{"command": tb, "args": []string{"-name", marker},
				"env":        map[string]string{"GITHUB_TOKEN": plantEnv, "DEBUG": "true", "LOG_LEVEL": "info", "NODE_ENV": "production", "PROJECT_DIR": plainDir},
				"inheritEnv": []string{"PLANTED_SESSION_TOKEN"}},
			"wrapped": map[string]any{"command": "sh", "args": wrapped},
			"broken": map[string]any{"command": tb, "args": []string{"-name", marker, "-exit-at-start", "3"},
				"env": map[string]string{"GITHUB_TOKEN": plantEnv}, "restart": "never"},
			"remote": map[string]any{"url": "http://planted-user:" + plantURLPass + "@127.0.0.1:1/mcp?api_key=" + plantURLQuery + "&format=json",
				"headers": map[string]string{"Authorization": "Bearer " + plantHeader}, "restart": "never"},
			"m2m": map[string]any{"url": "http://127.0.0.1:1/mcp", "restart": "never",
				"auth": map[string]any{"type": "oauth", "grant": "client_credentials", "clientId": "m2m-client", "clientSecret": plantOAuth}},
			"xaa": map[string]any{"url": "http://127.0.0.1:1/xaa", "restart": "never",
				"auth": map[string]any{"type": "oauth", "grant": "cross_app_access", "clientId": "xaa-client", "clientSecret": plantOAuth,
					"idp": map[string]any{"issuer": "http://127.0.0.1:1/idp", "clientId": "idp-client", "idToken": plantIDToken}}},
		},
	})
}

// lineClient speaks JSON-RPC to the real binary line by line and keeps
// every stdout line as written.
type lineClient struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *rWatchBuffer

	mu    sync.Mutex
	lines []string          // guarded by mu; every stdout line
	resp  map[string]string // guarded by mu; raw response line by id
	more  chan struct{}     // guarded by mu; closed and replaced on each line
	done  chan struct{}
	seqID int
}

func startLineClient(t *testing.T, cfg string, env []string, args ...string) *lineClient {
	t.Helper()
	bin, _ := binaries(t)
	cmd := exec.Command(bin, append([]string{"--config", cfg}, args...)...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "AGENTIFY_STATE_DIR=" + os.Getenv("AGENTIFY_STATE_DIR")}, env...)
	c := &lineClient{t: t, cmd: cmd, stderr: newRWatchBuffer(), resp: map[string]string{}, more: make(chan struct{}), done: make(chan struct{})}
	cmd.Stderr = c.stderr
	var err error
	if c.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { // reads stdout until the process closes it
		defer close(c.done)
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			line := sc.Text()
			var m struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			_ = json.Unmarshal([]byte(line), &m)
			c.mu.Lock()
			c.lines = append(c.lines, line)
			if m.ID != nil && m.Method == "" {
				c.resp[string(m.ID)] = line
			}
			close(c.more)
			c.more = make(chan struct{})
			c.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		c.stdin.Close()
		select {
		case <-c.done:
		case <-time.After(waitLimit):
			cmd.Process.Kill()
		}
		cmd.Wait()
	})
	return c
}

// call sends a request and returns its raw response line.
func (c *lineClient) call(method string, params any) string {
	c.t.Helper()
	c.mu.Lock()
	c.seqID++
	id := fmt.Sprintf(`"s%d"`, c.seqID)
	c.mu.Unlock()
	p, _ := json.Marshal(params)
	fmt.Fprintf(c.stdin, `{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`+"\n", id, method, p)
	deadline := time.After(waitLimit)
	for {
		c.mu.Lock()
		line, ok := c.resp[id]
		more := c.more
		c.mu.Unlock()
		if ok {
			return line
		}
		select {
		case <-more:
		case <-c.done:
			c.t.Fatalf("the gateway exited waiting for %s; stderr:\n%s", method, c.stderr.String())
		case <-deadline:
			c.t.Fatalf("no answer to %s", method)
		}
	}
}

func (c *lineClient) notify(method string) {
	fmt.Fprintf(c.stdin, `{"jsonrpc":"2.0","method":%q}`+"\n", method)
}

// TestSecretsNeverLeak plants every kind of secret (API key, sensitive env
// value, header value holding JSON-special characters, URL userinfo and
// query value, an --api-key= argument, an inherited sensitive variable) and
// reads every output channel of the real binary: stderr logs, tool results
// and isError texts, agentify/orchestrateTask errors, every /api endpoint,
// both WebSocket streams, check, ask and ask --json. No form of any secret
// may appear, and every JSON output must parse.
func TestSecretsNeverLeak(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := secretsConfig(t, tb, marker)
	env := []string{"PLANTED_SESSION_TOKEN=" + plantInherit}
	c := startLineClient(t, cfg, env, "--debug-port", "0")
	c.call("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "e2e", "version": "1"}})
	c.notify("notifications/initialized")

	// The channels a secret could reach through the IDE connection.
	nested, _ := json.Marshal(map[string]any{"auth": plantHeader, "token": plantEnv})
	var gatewayText []string                                                                                      // answers the gateway wrote itself (errors, plans)
	c.call("tools/call", map[string]any{"name": "ok__echo", "arguments": map[string]any{"text": string(nested)}}) // the tool's own output: not graded, but traced
	c.call("tools/call", map[string]any{"name": "ok__env", "arguments": map[string]any{"name": "PLANTED_SESSION_TOKEN"}})
	c.call("tools/call", map[string]any{"name": "ok__stderr", "arguments": map[string]any{"lines": 2, "text": "leak " + plantEnv + " " + plantHeader + " " + plantURLPass + " " + plantInherit}})
	for _, call := range []struct {
		method string
		params any
	}{
		{"tools/call", map[string]any{"name": "broken__echo", "arguments": map[string]any{"text": "x"}}},
		{"tools/call", map[string]any{"name": "remote__echo", "arguments": map[string]any{"text": "x"}}},
		{"tools/call", map[string]any{"name": "call_tool", "arguments": map[string]any{"name": "remote__echo", "arguments": map[string]any{}}}},
		{"tools/call", map[string]any{"name": "orchestrate_task", "arguments": map[string]any{"query": "zzqx unknown thing " + plantEnv}}},
		{"agentify/orchestrateTask", map[string]any{"query": "zzqx unknown thing " + plantURLQuery}},
		{"agentify/orchestrateTask", map[string]any{"query": "echo via remote " + plantArg, "dryRun": true}},
	} {
		gatewayText = append(gatewayText, c.call(call.method, call.params))
	}

	// The dashboard: every API endpoint and both streams.
	base, token := dashboardOf(t, c.stderr)
	dash := map[string]string{}
	for _, p := range []string{"/api/status", "/api/backends", "/api/tools", "/api/config", "/api/logs?level=trace", "/api/mcptrace", "/api/metrics", "/metrics"} {
		var raw json.RawMessage
		if strings.HasPrefix(p, "/api/") {
			if code := dashCall(t, base, token, "GET", p, "", &raw); code != http.StatusOK {
				t.Errorf("%s: %d", p, code)
			}
			dash[p] = string(raw)
		} else {
			dashCall(t, base, token, "GET", p, "", nil)
		}
	}
	var runOut json.RawMessage
	dashCall(t, base, token, "POST", "/api/run", `{"query":"echo the text `+plantEnv+`","dryRun":true}`, &runOut)
	dash["/api/run"] = string(runOut)
	for _, p := range []string{"/ws/logs?level=trace", "/ws/mcptrace"} {
		ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+p+"&token="+token, nil)
		if err != nil && !strings.Contains(p, "?") {
			ws, _, err = websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+p+"?token="+token, nil)
		}
		if err != nil {
			cancel()
			t.Fatalf("%s: %v", p, err)
		}
		ws.SetReadLimit(-1)
		_, b, err := ws.Read(ctx)
		ws.CloseNow()
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		dash[p] = string(b)
	}

	// The terminal commands.
	bin, _ := binaries(t)
	run := func(args ...string) (stdout, stderr string) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		_ = cmd.Run() // a failing backend makes these exit 1; the output is what counts
		return o.String(), e.String()
	}
	checkOut, checkErr := run("check", "--config", cfg)
	askOut, askErr := run("ask", "--config", cfg, "echo the text "+plantEnv)
	askJSON, askJSONErr := run("ask", "--config", cfg, "--json", "echo the text production info true "+plantEnv)

	c.stdin.Close()
	select {
	case <-c.done:
	case <-time.After(waitLimit):
		t.Fatal("the gateway did not exit after stdin EOF")
	}

	channels := map[string]string{
		"gateway stderr": c.stderr.String(), "gateway answers": strings.Join(gatewayText, "\n"),
		"check stdout": checkOut, "check stderr": checkErr, "ask stdout": askOut, "ask stderr": askErr,
		"ask --json stdout": askJSON, "ask --json stderr": askJSONErr,
	}
	for k, v := range dash {
		channels["dashboard "+k] = v
	}
	for name, text := range channels {
		for _, s := range plantedSecrets {
			for _, form := range secretForms(s) {
				if i := strings.Index(text, form); i >= 0 {
					t.Errorf("%s leaks %q: …%s…", name, s, text[max(0, i-150):min(len(text), i+len(form)+50)])
				}
			}
		}
	}

	// Every JSON output parses: the log (one object a line), the answers,
	// the dashboard, ask --json.
	for i, line := range strings.Split(strings.TrimSpace(c.stderr.String()), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("stderr line %d is not JSON: %s", i+1, line)
		}
	}
	for _, line := range c.lines {
		if !json.Valid([]byte(line)) {
			t.Errorf("stdout line is not JSON: %s", line)
		}
	}
	for k, v := range dash {
		if !json.Valid([]byte(v)) {
			t.Errorf("dashboard %s is not JSON: %s", k, v)
		}
	}
	var aj struct {
		Plan   map[string]any  `json:"plan"`
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal([]byte(askJSON), &aj); err != nil || aj.Plan == nil {
		t.Errorf("ask --json is not the JSON object it should be (%v):\n%s", err, askJSON)
	}
	if !strings.Contains(c.stderr.String(), "***") {
		t.Error("nothing was masked: the test did not exercise the redactor")
	}
}

// TestPlainValuesNotMasked: configuration values that are not secrets
// (DEBUG=true, LOG_LEVEL=info, NODE_ENV=production, a project path) are
// never masked: ask --json stays valid JSON with "executed": true, a tool
// named get_file_info keeps its name, the path reaches the plan. Before,
// every env value of 4+ characters was masked everywhere.
func TestPlainValuesNotMasked(t *testing.T) {
	bin, tb := binaries(t)
	marker := newMarker()
	dir := t.TempDir()
	catalog := filepath.Join(dir, "tools.json")
	// A catalog with a tool whose name holds a plain env value ("info").
	tools := []any{map[string]any{"server": "plain", "name": "get_file_info", "description": "Get file info: size, mode and times of a file",
		"inputSchema": map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []string{"path"}}}}
	b, _ := json.Marshal(tools)
	if err := os.WriteFile(catalog, b, 0o600); err != nil {
		t.Fatal(err)
	}
	plainEnv := map[string]string{"DEBUG": "true", "LOG_LEVEL": "info", "NODE_ENV": "production", "PROJECT_DIR": plainDir, "PORT": "8080"}
	cfg := writeConfig(t, map[string]any{"mcpServers": map[string]any{
		"fs":    map[string]any{"command": tb, "args": []string{"-name", marker, "-catalog", catalog, "-server", "plain"}, "env": plainEnv},
		"other": map[string]any{"command": tb, "args": []string{"-name", marker}, "env": plainEnv},
	}})
	cmd := exec.Command(bin, "ask", "--config", cfg, "--json", "--dry-run", "get file info for "+plainDir)
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
	}
	if bytes.Contains(out, []byte("***")) {
		t.Errorf("a plain value was masked:\n%s", out)
	}
	var aj struct {
		Plan struct {
			Tool      string          `json:"tool"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"plan"`
	}
	if err := json.Unmarshal(out, &aj); err != nil {
		t.Fatalf("ask --json is not JSON: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "get_file_info") || !strings.Contains(string(out), plainDir) {
		t.Errorf("tool name or path missing from the plan:\n%s", out)
	}
	check, _ := exec.Command(bin, "check", "--config", cfg).CombinedOutput()
	if !strings.Contains(string(check), "get_file_info") || strings.Contains(string(check), "***") {
		t.Errorf("check masks a plain value:\n%s", check)
	}
}
