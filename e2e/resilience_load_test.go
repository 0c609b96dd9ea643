package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestResilienceConcurrentCalls sends 1,000 calls at once over 3 backends,
// with ids of mixed JSON types, and checks every response against its request.
func TestResilienceConcurrentCalls(t *testing.T) {
	_, tb := binaries(t)
	cfg := rWriteConfig(t, t.TempDir(), "config.json", map[string]any{"expose": "all", "mcpServers": map[string]any{
		"b0": rBackend(tb, nil), "b1": rBackend(tb, nil), "b2": rBackend(tb, nil),
	}})
	c := startRaw(t, cfg, nil)
	c.initialize()
	c.waitTools("3 backends ready", func(n []string) bool { return rHas(n, "b0__echo") && rHas(n, "b1__echo") && rHas(n, "b2__echo") })

	const n = 1000
	type req struct {
		id, want string
		ch       <-chan rawMsg
	}
	reqs := make([]req, 0, n)
	for i := range n {
		var id string
		switch i % 4 {
		case 0:
			id = strconv.Itoa(i)
		case 1:
			id = fmt.Sprintf(`"s-%d"`, i)
		case 2:
			id = strconv.Itoa(-i)
		default:
			id = fmt.Sprintf(`"%d"`, i) // a string that looks like a number
		}
		backend := fmt.Sprintf("b%d", i%3)
		want := fmt.Sprintf("%s:%d", backend, i)
		var ch <-chan rawMsg
		if i%5 == 0 { // some stay in flight a while
			ch = c.send(id, "tools/call", map[string]any{"name": backend + "__sleep", "arguments": map[string]any{"ms": 200}})
			want = "slept"
		} else {
			ch = c.send(id, "tools/call", map[string]any{"name": backend + "__echo", "arguments": map[string]any{"text": want}})
		}
		reqs = append(reqs, req{id, want, ch})
	}
	for _, r := range reqs {
		m := c.wait(r.ch)
		if string(m.ID) != r.id {
			t.Fatalf("response id %s for request %s", m.ID, r.id)
		}
		if text, isErr := rResultText(t, m); isErr || text != r.want {
			t.Fatalf("request %s: got %q (isError=%v), want %q", r.id, text, isErr, r.want)
		}
	}
}

// TestResilienceSecretsNeverLeak runs the gateway with a known OpenAI key
// and secret env values, exercises the paths that log (startup, a backend's
// stderr echoing secrets, failing calls, a failing backend, check) and
// greps everything the gateway printed.
func TestResilienceSecretsNeverLeak(t *testing.T) {
	bin, tb := binaries(t)
	const key = "sk-e2eTESTkey0123456789abcdefABCDEF"
	const envSecret = "env-secret-Zq8WmX3vK2"
	const hdrSecret = "hdr-secret-Pp4LnR7tY9"
	cfg := rWriteConfig(t, t.TempDir(), "config.json", map[string]any{
		"expose":   "all",
		"logLevel": "debug",
		"mcpServers": map[string]any{
			"ok":     rBackend(tb, map[string]any{"env": map[string]string{"MY_TOKEN": envSecret}}),
			"broken": rBackend(tb, map[string]any{"env": map[string]string{"MY_TOKEN": envSecret}, "restart": "never"}, "-exit-at-start", "1"),
			"remote": map[string]any{"url": "http://127.0.0.1:1/mcp", "headers": map[string]string{"Authorization": "Bearer " + hdrSecret}, "restart": "never"},
		},
	})
	env := []string{"OPENAI_API_KEY=" + key, "OPENAI_BASE_URL=http://127.0.0.1:1/v1"}
	c := startRaw(t, cfg, env)
	c.initialize()
	c.waitTools("ok ready", func(n []string) bool { return rHas(n, "ok__echo") })
	var seen []string
	see := func(s string, _ bool) { seen = append(seen, s) }
	// The child got its env value but not the gateway's key.
	if v, _ := c.toolText("ok__env", map[string]any{"name": "OPENAI_API_KEY"}); v != "<unset>" {
		t.Fatalf("child received OPENAI_API_KEY: %q", v)
	}
	// The backend echoes secrets on stderr: logged, masked.
	see(c.toolText("ok__stderr", map[string]any{"lines": 3, "text": "token " + envSecret + " key " + key + " auth " + hdrSecret}))
	see(c.toolText("broken__echo", map[string]any{"text": "x"}))
	see(c.toolText("remote__echo", map[string]any{"text": "x"}))
	see(c.toolText("call_tool", map[string]any{"name": "nope__x"}))
	see(c.toolText("orchestrate_task", map[string]any{"query": "echo hello " + envSecret}))
	c.stderr.waitFor(t, "stream")
	c.stdin.Close()
	select {
	case <-c.exited:
	case <-rDeadline(t):
		t.Fatal("the gateway did not exit after stdin EOF")
	}

	check, _ := exec.Command(bin, "check", "--config", cfg).CombinedOutput()
	cmd := exec.Command(bin, "ask", "--config", cfg, "echo the text "+envSecret)
	cmd.Env = append(os.Environ(), env...)
	ask, _ := cmd.CombinedOutput()

	for name, text := range map[string]string{"gateway stderr": c.stderr.String(), "tool results": strings.Join(seen, "\n"), "check": string(check), "ask": string(ask)} {
		for _, s := range []string{key, envSecret, hdrSecret} {
			if strings.Contains(text, s) {
				i := strings.Index(text, s)
				t.Errorf("%s leaks %q: ...%s...", name, s, text[max(0, i-200):min(len(text), i+100)])
			}
		}
	}
	if !strings.Contains(c.stderr.String(), "***") {
		t.Error("nothing was masked: the test did not exercise the redactor")
	}
}

// TestResilienceNoOrphans: no backend process is left after the gateway
// ends by stdin EOF, SIGTERM or SIGKILL (Pdeathsig).
func TestResilienceNoOrphans(t *testing.T) {
	_, tb := binaries(t)
	for _, how := range []string{"eof", "sigterm", "sigkill"} {
		t.Run(how, func(t *testing.T) {
			marker := fmt.Sprintf("orphan-%s-%d-%d", how, os.Getpid(), time.Now().UnixNano())
			cfg := rWriteConfig(t, t.TempDir(), "config.json", map[string]any{"expose": "all", "mcpServers": map[string]any{
				"a": rBackend(tb, nil, "-name", marker), "b": rBackend(tb, nil, "-name", marker),
			}})
			c := startRaw(t, cfg, nil)
			c.initialize()
			c.waitTools("both ready", func(n []string) bool { return rHas(n, "a__echo") && rHas(n, "b__echo") })
			// One call in flight, so the children are busy.
			c.send(rawID(), "tools/call", map[string]any{"name": "a__sleep", "arguments": map[string]any{"ms": 600000}})
			pids := procsWith(t, marker)
			if len(pids) != 2 {
				t.Fatalf("found %d backend processes, want 2", len(pids))
			}
			switch how {
			case "eof":
				c.stdin.Close()
			case "sigterm":
				c.cmd.Process.Signal(syscall.SIGTERM)
			case "sigkill":
				c.cmd.Process.Kill()
			}
			select {
			case <-c.exited:
			case <-rDeadline(t):
				t.Fatalf("the gateway did not exit after %s", how)
			}
			// The children are not ours to wait for: watch them go.
			deadline := rDeadline(t)
			for len(procsWith(t, marker)) > 0 {
				select {
				case <-deadline:
					t.Fatalf("backend processes left after %s: %v", how, procsWith(t, marker))
				case <-time.After(20 * time.Millisecond):
				}
			}
		})
	}
}

// procsWith lists live (not zombie) processes whose command line holds marker.
func procsWith(t *testing.T, marker string) []int {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc")
	}
	var pids []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !strings.Contains(string(cmdline), marker) {
			continue
		}
		stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if i := strings.LastIndexByte(string(stat), ')'); i > 0 && len(stat) > i+2 && stat[i+2] == 'Z' {
			continue // a zombie is dead; reaping it is init's job
		}
		pids = append(pids, pid)
	}
	return pids
}
