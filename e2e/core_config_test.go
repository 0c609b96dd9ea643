package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestCoreConfigShapes: the backends array, VS Code's "servers" and
// Cursor's "mcpServers" all configure the same backend.
func TestCoreConfigShapes(t *testing.T) {
	_, tb := binaries(t)
	for _, shape := range []string{"backends", "servers", "mcpServers"} {
		t.Run(shape, func(t *testing.T) {
			marker := newMarker()
			args := []string{"-name", marker}
			var cfg map[string]any
			switch shape {
			case "backends":
				cfg = map[string]any{"backends": []any{map[string]any{"id": "tb", "command": tb, "args": args}}}
			case "servers":
				cfg = map[string]any{"servers": map[string]any{"tb": map[string]any{"type": "stdio", "command": tb, "args": args}}}
			case "mcpServers":
				cfg = map[string]any{"mcpServers": map[string]any{"tb": map[string]any{"command": tb, "args": args, "env": map[string]any{"CORE_SHAPE": shape}}}}
			}
			g := startGateway(t, writeConfig(t, cfg), marker, gwOptions{})
			g.initialize("2025-11-25", nil)
			waitCallable(t, g, "tb")
			if shape == "mcpServers" {
				if r := g.callTool("call_tool", map[string]any{"name": "tb__env", "arguments": map[string]any{"name": "CORE_SHAPE"}}); r.text() != shape {
					t.Errorf("env of a mcpServers backend: %q", r.text())
				}
			}
			g.closeAndWait(10 * time.Second)
		})
	}
}

// TestCoreInitializationOptions: the client's initializationOptions are
// merged over the file.
func TestCoreInitializationOptions(t *testing.T) {
	_, tb := binaries(t)

	t.Run("backends", func(t *testing.T) {
		marker := newMarker()
		cfg := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "file", marker)}})
		g := startGateway(t, cfg, marker, gwOptions{})
		g.initialize("2025-11-25", map[string]any{"initializationOptions": map[string]any{
			"backends": []any{tbBackend(tb, "fromclient", marker)},
		}})
		waitCallable(t, g, "file")
		waitCallable(t, g, "fromclient")
		g.closeAndWait(10 * time.Second)
	})

	t.Run("logLevel", func(t *testing.T) {
		// Backend stderr lines are logged at info: logLevel "error" from the
		// client silences them, the file's "debug" notwithstanding.
		for _, tc := range []struct {
			init  any
			shown bool
		}{{nil, true}, {"error", false}, {"info", true}} {
			marker := newMarker()
			cfg := writeConfig(t, map[string]any{"logLevel": "debug", "backends": []any{tbBackend(tb, "tb", marker)}})
			g := startGateway(t, cfg, marker, gwOptions{})
			var extra map[string]any
			if tc.init != nil {
				extra = map[string]any{"initializationOptions": map[string]any{"logLevel": tc.init}}
			}
			g.initialize("2025-11-25", extra)
			waitCallable(t, g, "tb")
			word := "stderr-" + marker
			if r := g.callTool("tb__stderr", map[string]any{"lines": 1, "text": word}); r.IsError {
				t.Fatalf("tb__stderr: %s", r.text())
			}
			g.closeAndWait(10 * time.Second)
			if got := strings.Contains(g.stderr.String(), word); got != tc.shown {
				t.Errorf("initializationOptions.logLevel %v: backend stderr line logged = %v, want %v", tc.init, got, tc.shown)
			}
		}
	})

	t.Run("bad options", func(t *testing.T) {
		for _, tc := range []struct {
			opts map[string]any
			want string
		}{
			{map[string]any{"DEBUG_PORT": "not a port"}, "DEBUG_PORT"},
			{map[string]any{"OPENAI_API_KEY": 42}, "OPENAI_API_KEY"},
			{map[string]any{"backends": []any{map[string]any{"id": "bad id!", "command": "x"}}}, "/backends/0/id"},
			{map[string]any{"logLevel": "loud"}, "logLevel"},
		} {
			g := startGateway(t, writeConfig(t, `{}`), "", gwOptions{})
			m := g.call("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "x", "version": "1"}, "initializationOptions": tc.opts})
			if m.Error == nil || m.Error.Code != -32602 || !strings.Contains(m.Error.Message, tc.want) {
				t.Errorf("initializationOptions %v: %s, want -32602 naming %s", tc.opts, m.Raw, tc.want)
			}
			g.closeAndWait(10 * time.Second)
		}
	})

	t.Run("DEBUG_PORT", func(t *testing.T) {
		// DEBUG_PORT 0 from the client starts the dashboard on a free
		// loopback port, which the log names and which then answers.
		g := startGateway(t, writeConfig(t, `{}`), "", gwOptions{})
		g.initialize("2025-11-25", map[string]any{"initializationOptions": map[string]any{"DEBUG_PORT": 0}})
		// The log names the URL with the dashboard's token in its fragment.
		url, token := dashboardOf(t, g.stderr)
		req, _ := http.NewRequest("GET", url+"/api/status", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("dashboard %s: %v", url, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), "core-e2e") {
			t.Errorf("GET %s/api/status: %d %s", url, resp.StatusCode, body)
		}
		g.closeAndWait(10 * time.Second)
	})
}

// runCLI runs the binary to completion.
func runCLI(t *testing.T, dir string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	bin, _ := binaries(t)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = cleanEnv(env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }() // ends with the process
	var err error
	select {
	case err = <-done:
	case <-time.After(3 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not finish", args)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

func noStackTrace(t *testing.T, s string) {
	t.Helper()
	for _, w := range []string{"goroutine ", "panic:", ".go:"} {
		if strings.Contains(s, w) {
			t.Errorf("output looks like a stack trace (%q):\n%s", w, s)
		}
	}
}

// TestCoreCLIConfigErrors: broken and missing configuration files. An
// error of the whole file stops check and ask (exit 2) but not serve: the
// IDE must still get an answer to initialize. An error confined to one
// backend's entry fails that backend only.
func TestCoreCLIConfigErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, file string
		want       []string
	}{
		{"duplicate id", `{"backends":[{"id":"a","command":"x"},{"id":"a","command":"y"}]}`, []string{"/backends/1/id"}},
		{"unknown expose", `{"expose":"everything"}`, []string{"/expose"}},
		{"not JSON", "{\n  \"backends\": [\n    {\"id\": \"a\",, }\n  ]\n}", []string{"not valid JSON: line 3, column 16"}},
		{"unknown top-level key", `{"backend":[]}`, []string{"/backend: unknown property"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".json")
			os.WriteFile(p, []byte(tc.file), 0o600)
			for _, cmd := range [][]string{{"check", "--config", p}, {"--config", p, "check"}, {"ask", "--config", p, "hello"}} {
				out, errOut, code := runCLI(t, dir, nil, cmd...)
				if code != 2 {
					t.Errorf("%v: exit code %d, want 2", cmd, code)
				}
				if out != "" {
					t.Errorf("%v: stdout %q, want nothing", cmd, out)
				}
				for _, w := range append(tc.want, filepath.Base(p)) {
					if !strings.Contains(errOut, w) {
						t.Errorf("%v: stderr does not name %q:\n%s", cmd, w, errOut)
					}
				}
				noStackTrace(t, errOut)
			}
			// Serve answers initialize and says what is wrong on stderr.
			g := startGateway(t, p, "", gwOptions{dir: dir})
			res := g.initialize("2025-11-25", nil)
			if res["serverInfo"] == nil {
				t.Errorf("initialize result %v", res)
			}
			g.closeAndWait(10 * time.Second)
			for _, w := range append(tc.want, filepath.Base(p)) {
				if !strings.Contains(g.stderr.String(), w) {
					t.Errorf("serve: stderr does not name %q:\n%s", w, g.stderr.String())
				}
			}
		})
	}
	t.Run("one bad entry", func(t *testing.T) {
		for _, tc := range []struct{ name, entry, want string }{
			{"wrong type", `{"command":5}`, "/mcpServers/bad/command: got number, want string"},
			{"bad id", `{"command":"x"}`, `backend id "no spaces" must match`},
			{"unset variable", `{"command":"x","env":{"K":"${AGENTIFY_TEST_UNSET}"}}`, "/mcpServers/bad/env/K: environment variable AGENTIFY_TEST_UNSET is not set"},
			{"unknown key", `{"command":"x","comand":"y"}`, "/mcpServers/bad/comand: unknown property"},
		} {
			_, tb := binaries(t)
			key := "bad"
			if tc.name == "bad id" {
				key = "no spaces"
			}
			p := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+"-entry.json")
			os.WriteFile(p, []byte(fmt.Sprintf(`{"mcpServers":{%q:%s,"good":{"command":%q}}}`, key, tc.entry, tb)), 0o600)
			out, errOut, code := runCLI(t, dir, nil, "check", "--config", p)
			if code != 1 || !strings.Contains(out, tc.want) || !regexp.MustCompile(`(?m)^ok   good `).MatchString(out) || !regexp.MustCompile(`(?m)^FAIL `).MatchString(out) {
				t.Errorf("%s: check exit %d, want 1 with %q and good ok:\n%s\n%s", tc.name, code, tc.want, out, errOut)
			}
		}
	})
	t.Run("missing explicit", func(t *testing.T) {
		missing := filepath.Join(dir, "nope.json")
		for _, c := range []struct {
			env  []string
			args []string
			code int
		}{
			{nil, []string{"--config", missing}, 0}, // serve: answers the IDE; ends at stdin EOF
			{[]string{"AGENTIFY_CONFIG=" + missing}, nil, 0},
			{nil, []string{"check", "--config", missing}, 2},
		} {
			_, errOut, code := runCLI(t, dir, c.env, c.args...)
			if code != c.code || !strings.Contains(errOut, missing) || !strings.Contains(errOut, "not found") {
				t.Errorf("%v %v: exit %d, stderr %q; want %d and a message naming the file", c.env, c.args, code, errOut, c.code)
			}
			noStackTrace(t, errOut)
		}
	})
	t.Run("bad flag", func(t *testing.T) {
		_, errOut, code := runCLI(t, dir, nil, "--expose", "everything")
		if code != 2 || !strings.Contains(errOut, "expose") {
			t.Errorf("--expose everything: exit %d, %q", code, errOut)
		}
	})
	t.Run("bounded read", func(t *testing.T) {
		_, errOut, code := runCLI(t, dir, nil, "check", "--config", "/dev/zero")
		if code != 2 || !strings.Contains(errOut, "larger than 4 MiB") {
			t.Errorf("--config /dev/zero: exit %d, %q", code, errOut)
		}
	})
}

// TestCoreCLICheck: check with a good and a failing configuration.
func TestCoreCLICheck(t *testing.T) {
	_, tb := binaries(t)
	dir := t.TempDir()
	marker := newMarker()
	good := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "alpha", marker), tbBackend(tb, "beta", marker, "-tools", "2")}})
	out, errOut, code := runCLI(t, dir, nil, "check", "--config", good)
	if code != 0 {
		t.Errorf("check (good): exit %d\n%s\n%s", code, out, errOut)
	}
	for _, w := range []string{"alpha", "beta", "echo", "read_file", "tool_1", "16 tools", "18 tools"} {
		if !strings.Contains(out, w) {
			t.Errorf("check output lacks %q:\n%s", w, out)
		}
	}
	waitNoChildren(t, marker)

	bad := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "alpha", marker), tbBackend(tb, "kaputt", marker, "-exit-at-start", "2")}})
	start := time.Now()
	out, errOut, code = runCLI(t, dir, nil, "check", "--config", bad)
	t.Logf("check with a failing backend took %s", time.Since(start))
	if code != 1 {
		t.Errorf("check (failing backend): exit %d, want 1\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "kaputt") || !strings.Contains(out, "FAIL") || !strings.Contains(out, "exit status 2") {
		t.Errorf("check output does not name the failing backend and why:\n%s", out)
	}
	noStackTrace(t, out+errOut)
	waitNoChildren(t, marker)
}

// TestCoreCLISchemaVersion: schema prints the committed schema; --version
// prints a version.
func TestCoreCLISchemaVersion(t *testing.T) {
	dir := t.TempDir()
	out, _, code := runCLI(t, dir, nil, "schema")
	if code != 0 {
		t.Fatalf("schema: exit %d", code)
	}
	var got, want any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("schema output is not JSON: %v", err)
	}
	committed, err := os.ReadFile(filepath.Join(repoRoot(t), "schemas", "config.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(committed, &want)
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(want)
	if !bytes.Equal(a, b) {
		t.Errorf("schema output differs from schemas/config.schema.json")
	}
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out, _, code = runCLI(t, dir, nil, args...)
		if code != 0 || !strings.HasPrefix(out, "mcp-agentify ") || len(strings.TrimSpace(out)) <= len("mcp-agentify ") {
			t.Errorf("%v: exit %d, %q", args, code, out)
		}
	}
}
