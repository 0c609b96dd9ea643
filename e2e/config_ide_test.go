package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestConfigIDEFiles writes the configuration files that Claude Desktop,
// VS Code, Cursor, Windsurf and Cline users have (from the clients'
// documented formats, with their own keys), runs check on each with the
// real binary, and serves each to see the valid backends answer.
func TestConfigIDEFiles(t *testing.T) {
	bin, tb := binaries(t)
	httpPort := 0
	ssePort := 0
	remote := func() {
		if httpPort == 0 {
			httpPort = serveEverything(t, "streamableHttp")
			ssePort = serveEverything(t, "sse")
		}
	}
	const planted = "ghp_PLANTEDsecretVALUE1234567890"
	for _, tc := range []struct {
		name    string
		file    string // %[1]s: gateway binary, %[2]s: test backend, %[3]s: marker, %[4]d: http port, %[5]d: sse port, %[6]s: this file
		dotenv  string // written next to the file as .env
		env     []string
		remote  bool
		check   []string // regexps that check's stdout must match
		code    int      // check's exit code
		serve   []string // backends callable (echo) when serving
		envWant map[string]string
		remotes []string // server-everything backends whose echo answers when serving
	}{
		{
			name: "claude desktop with its own keys and the gateway's own entry",
			file: `{
  "globalShortcut": "Ctrl+Space",
  "preferences": {"quickEntryShortcut": "off"},
  "mcpServers": {
    "agentify": {"command": %[1]q, "args": ["--config", %[6]q]},
    "tb": {"command": %[2]q, "args": ["-name", %[3]q], "env": {"GREETING": "hello"}}
  }
}`,
			check: []string{`(?m)^skip agentify +stdio +stopped`, `error: skipped: this entry starts mcp-agentify itself`, `(?m)^ok   tb +stdio +ready`, `2 backends, 0 failed`},
			code:  0,
			serve: []string{"tb"}, envWant: map[string]string{"tb:GREETING": "hello"},
		},
		{
			name: "vs code mcp.json: JSONC, inputs, envFile, dev",
			file: `// .vscode/mcp.json
{
  "inputs": [
    {"type": "promptString", "id": "api-key", "description": "API key", "password": true},
    {"type": "promptString", "id": "other-token", "description": "never set", "password": true},
  ],
  "servers": {
    /* the test backend, with a key from an input */
    "tb": {
      "type": "stdio",
      "command": %[2]q,
      "args": ["-name", %[3]q],
      "env": {"API_KEY": "${input:api-key}"},
      "envFile": "${workspaceFolder}/.env", // relative to the workspace
      "dev": {"watch": "src/**/*.ts", "debug": {"type": "node"}},
    },
    "needsinput": {"command": %[2]q, "args": ["-name", %[3]q], "env": {"T": "${input:other-token}"}},
  },
}`,
			dotenv: "FROM_DOTENV=dotenv value\n# a comment\n",
			env:    []string{"API_KEY=" + planted},
			check: []string{`(?m)^FAIL needsinput +stdio +unavailable`, `error: invalid configuration in .*mcp\.json: /servers/needsinput/env/T: \$\{input:other-token\} has no value: .*set the environment variable OTHER_TOKEN`,
				`(?m)^ok   tb +stdio +ready`, `2 backends, 1 failed`},
			code:  1,
			serve: []string{"tb"}, envWant: map[string]string{"tb:FROM_DOTENV": "dotenv value", "tb:API_KEY": planted},
		},
		{
			name: "cursor mcp.json with url and headers",
			file: `{
  "mcpServers": {
    "everything": {"url": "http://127.0.0.1:%[4]d/mcp", "headers": {"Authorization": "Bearer ${GH_TOKEN}"}},
    "tb": {"command": %[2]q, "args": ["-name", %[3]q], "env": {"X": "1"}}
  }
}`,
			env:     []string{"GH_TOKEN=" + planted},
			remote:  true,
			check:   []string{`(?m)^ok   everything +http +ready`, `(?m)^ok   tb +stdio +ready`, `2 backends, 0 failed`},
			serve:   []string{"tb"},
			remotes: []string{"everything"},
		},
		{
			name: "windsurf mcp_config.json with serverUrl ending in /sse",
			file: `{
  "mcpServers": {
    "legacy": {"serverUrl": "http://127.0.0.1:%[5]d/sse", "disabledTools": ["printEnv"]},
    "tb": {"command": %[2]q, "args": ["-name", %[3]q]}
  }
}`,
			remote:  true,
			check:   []string{`(?m)^ok   legacy +sse +ready`, `(?m)^ok   tb +stdio +ready`, `2 backends, 0 failed`},
			serve:   []string{"tb"},
			remotes: []string{"legacy"},
		},
		{
			name: "cline_mcp_settings.json",
			file: `{
  "mcpServers": {
    "tb": {"command": %[2]q, "args": ["-name", %[3]q], "autoApprove": ["echo"], "alwaysAllow": [], "disabled": false, "timeout": 60, "transport": "stdio", "disabledTools": []},
    "off": {"command": %[2]q, "args": ["-name", %[3]q], "disabled": true, "autoApprove": []},
    "broken": {"command": %[2]q, "args": ["-name", %[3]q, "-exit-at-start", "3"], "autoApprove": []}
  }
}`,
			check: []string{`(?m)^ok   tb +stdio +ready`, `(?m)^off  off +stdio +stopped`, `(?m)^FAIL broken +stdio`, `error: process exit status 3 before the handshake completed`, `3 backends, 1 failed`},
			code:  1,
			serve: []string{"tb"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.remote {
				remote()
			}
			marker := newMarker()
			dir := t.TempDir()
			path := filepath.Join(dir, "mcp.json")
			if tc.dotenv != "" {
				os.WriteFile(filepath.Join(dir, ".env"), []byte(tc.dotenv), 0o600)
			}
			doc := fmt.Sprintf(tc.file, bin, tb, marker, httpPort, ssePort, path)
			if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
				t.Fatal(err)
			}
			// ${workspaceFolder} is the working directory: run from dir.
			stdout, stderr, code := runCheckIn(t, dir, path, tc.env...)
			if code != tc.code {
				t.Errorf("check exit %d, want %d\n%s\n%s", code, tc.code, stdout, stderr)
			}
			for _, re := range tc.check {
				if !regexp.MustCompile(re).MatchString(stdout) {
					t.Errorf("check output lacks %s:\n%s", re, stdout)
				}
			}
			if !strings.Contains(stderr, "mcp-agentify check: starting") {
				t.Errorf("check printed no progress on stderr:\n%s", stderr)
			}
			if strings.Contains(stdout+stderr, planted) {
				t.Errorf("planted secret shown by check")
			}

			g := startGateway(t, path, marker, gwOptions{env: tc.env, dir: dir})
			g.initialize("2025-11-25", nil)
			for _, id := range tc.serve {
				waitCallable(t, g, id)
			}
			for _, id := range tc.remotes {
				// Waiting for first starts is the gateway's readiness rule, not
				// tested here: poll until the remote backend answers.
				for deadline := time.Now().Add(waitLimit); ; time.Sleep(50 * time.Millisecond) {
					r := g.callTool("call_tool", map[string]any{"name": id + "__echo", "arguments": map[string]any{"message": "via " + id}})
					if !r.IsError && strings.Contains(r.text(), "via "+id) {
						break
					}
					if time.Now().After(deadline) {
						t.Errorf("%s__echo: %q isError=%v", id, r.text(), r.IsError)
						break
					}
				}
			}
			for k, want := range tc.envWant {
				id, name, _ := strings.Cut(k, ":")
				if r := g.callTool("call_tool", map[string]any{"name": id + "__env", "arguments": map[string]any{"name": name}}); r.text() != want {
					t.Errorf("%s: env %s = %q, want %q", id, name, r.text(), want)
				}
			}
			g.closeAndWait(10 * time.Second)
			if gw := countProcs(bin); gw != 0 {
				t.Errorf("%d gateway processes left", gw)
			}
		})
	}
}

// runCheckIn runs `mcp-agentify --config cfg check` (global flag before
// the command, as users type it) in the directory dir and returns stdout,
// stderr and the exit code.
func runCheckIn(t *testing.T, dir, cfg string, env ...string) (string, string, int) {
	t.Helper()
	bin, _ := binaries(t)
	cmd := exec.Command(bin, "--config", cfg, "check")
	cmd.Env = cleanEnv(env...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), errb.String(), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), 0
}

// countProcs counts the running processes whose executable is exe.
func countProcs(exe string) int {
	want, err := os.Stat(exe)
	if err != nil {
		return 0
	}
	n := 0
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		fi, err := os.Stat(filepath.Join("/proc", e.Name(), "exe"))
		if err == nil && os.SameFile(fi, want) {
			n++
		}
	}
	return n
}

// TestConfigNoSelfLaunch points the gateway at a file holding its own
// entry in every form it can recognize, and in one it cannot (a shell
// wrapper), and counts gateway processes while it serves.
func TestConfigNoSelfLaunch(t *testing.T) {
	bin, tb := binaries(t)
	pathDir := t.TempDir()
	if err := os.Symlink(bin, filepath.Join(pathDir, "mcp-agentify")); err != nil {
		t.Fatal(err)
	}
	t.Run("recognized entries never start", func(t *testing.T) {
		marker := newMarker()
		dir := t.TempDir()
		path := filepath.Join(dir, "claude_desktop_config.json")
		doc := fmt.Sprintf(`{"mcpServers":{
			"self": {"command": %[1]q, "args": ["--config", %[4]q]},
			"byname": {"command": "mcp-agentify", "args": ["--config", %[4]q]},
			"npx": {"command": "npx", "args": ["-y", "mcp-agentify@latest", "--config", %[4]q]},
			"tb": {"command": %[2]q, "args": ["-name", %[3]q]}}}`, bin, tb, marker, path)
		os.WriteFile(path, []byte(doc), 0o600)
		env := []string{"PATH=" + pathDir + ":" + os.Getenv("PATH")}
		g := startGateway(t, path, marker, gwOptions{env: env, dir: dir})
		g.initialize("2025-11-25", nil)
		maxProcs := 0
		for end := time.Now().Add(3 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			maxProcs = max(maxProcs, countProcs(bin))
		}
		waitCallable(t, g, "tb")
		if maxProcs != 1 {
			t.Errorf("at most %d gateway processes ran at once, want exactly 1", maxProcs)
		}
		g.closeAndWait(10 * time.Second)
		for _, id := range []string{"self", "byname", "npx"} {
			if !strings.Contains(g.stderr.String(), `"backend":"`+id+`"`) || !strings.Contains(g.stderr.String(), "backend skipped") {
				t.Errorf("no skip log line for %s", id)
			}
		}
		stdout, _, code := runCheckIn(t, dir, path, env...)
		if code != 0 || strings.Count(stdout, "skip ") != 3 || !strings.Contains(stdout, "4 backends, 0 failed") {
			t.Errorf("check exit %d:\n%s", code, stdout)
		}
	})
	t.Run("wrapped entry stopped by the marker and serverInfo", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "mcp.json")
		doc := fmt.Sprintf(`{"mcpServers":{"wrapped": {"command": "sh", "args": ["-c", "exec %[1]s --config %[2]s"]}}}`, bin, path)
		os.WriteFile(path, []byte(doc), 0o600)
		stdout, stderr, code := runCheckIn(t, dir, path)
		if code != 0 || !regexp.MustCompile(`(?m)^skip wrapped +stdio +stopped`).MatchString(stdout) || !strings.Contains(stdout, `its serverInfo.name is "mcp-agentify"`) {
			t.Errorf("check exit %d:\n%s\n%s", code, stdout, stderr)
		}
		// The nested copy was told why it serves nothing, and is gone.
		if n := countProcs(bin); n != 0 {
			t.Errorf("%d gateway processes left after check", n)
		}
	})
	t.Run("a gateway started with the marker starts no backends", func(t *testing.T) {
		marker := newMarker()
		path := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}})
		g := startGateway(t, path, marker, gwOptions{env: []string{"MCP_AGENTIFY_PARENT=1"}})
		g.initialize("2025-11-25", nil)
		time.Sleep(500 * time.Millisecond)
		if pids := childPIDs(marker); len(pids) != 0 {
			t.Errorf("backends started under the marker: %v", pids)
		}
		if !strings.Contains(g.stderr.String(), "started as a backend of another mcp-agentify") {
			t.Errorf("no explanation on stderr:\n%s", g.stderr.String())
		}
		g.closeAndWait(10 * time.Second)
	})
}
