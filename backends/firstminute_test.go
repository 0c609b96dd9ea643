package backends

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// shBackend is a stdio backend running a shell script: a real child
// process whose stderr and exit the test controls.
func shBackend(t *testing.T, id, script string) schemas.Backend {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	return schemas.Backend{ID: id, Type: schemas.TypeStdio, Command: "sh", Args: []string{"-c", script}, Restart: "never"}
}

func TestExitBeforeHandshakeShowsStderrTailAndEnvHint(t *testing.T) {
	cfg := shBackend(t, "github", `echo "starting server" >&2; echo "token=s3cr3t-value" >&2; echo "fatal: GITHUB_TOKEN required" >&2; exit 3`)
	environ := []string{"PATH=" + os.Getenv("PATH"), "HOME=/tmp", "GITHUB_TOKEN=ghp_planted_secret_value", "UNRELATED_SETTING=1", "GITHUB_OTHER=x"}
	m := NewManager([]schemas.Backend{cfg}, &Options{
		Environ: environ,
		Redact:  func(s string) string { return strings.ReplaceAll(s, "s3cr3t-value", "***") },
	})
	defer m.Stop()
	m.Start()
	m.WaitReady(t.Context())
	b, _ := m.Get("github")
	in := b.Info()
	if in.State != Unavailable {
		t.Fatalf("state %s", in.State)
	}
	wantTail := []string{"starting server", "token=***", "fatal: GITHUB_TOKEN required"}
	if !slices.Equal(in.StderrTail, wantTail) {
		t.Errorf("StderrTail = %q, want %q", in.StderrTail, wantTail)
	}
	for _, want := range []string{
		"process exit status 3 before the handshake completed; stderr:",
		"\n  | fatal: GITHUB_TOKEN required",
		"\n  | token=***",
		"\n  hint: backends get a minimal environment",
		`"inheritEnv"`,
		"not passed to this backend: GITHUB_TOKEN\n",
	} {
		if !strings.Contains(in.Error+"\n", want) {
			t.Errorf("error %q lacks %q", in.Error, want)
		}
	}
	for _, never := range []string{"s3cr3t-value", "ghp_planted_secret_value", "UNRELATED_SETTING", "GITHUB_OTHER"} {
		if strings.Contains(in.Error, never) || slices.Contains(in.StderrTail, never) {
			t.Errorf("%q shown: %q", never, in.Error)
		}
	}
}

func TestEnvHintByBackendWords(t *testing.T) {
	// Nothing in stderr names a variable: names sharing a word with the
	// backend's id, command or arguments are given.
	cfg := shBackend(t, "slack", `echo "cannot start" >&2; exit 1`)
	cfg.Args = append(cfg.Args, "@modelcontextprotocol/server-slack")
	environ := []string{"PATH=" + os.Getenv("PATH"), "SLACK_BOT_TOKEN=xoxb-1", "SLACK_TEAM_ID=T1", "SERVER_PORT=1", "EDITOR=vi"}
	m := NewManager([]schemas.Backend{cfg}, &Options{Environ: environ})
	defer m.Stop()
	m.Start()
	m.WaitReady(t.Context())
	b, _ := m.Get("slack")
	_, err := b.State()
	if err == nil || !strings.HasSuffix(err.Error(), "not passed to this backend: SLACK_BOT_TOKEN, SLACK_TEAM_ID") {
		t.Errorf("error %v", err)
	}
}

func TestMissingCwdIsReportedAsSuch(t *testing.T) {
	cfg := shBackend(t, "a", "exit 0")
	cfg.Cwd = filepath.Join(t.TempDir(), "gone")
	m := NewManager([]schemas.Backend{cfg}, &Options{})
	defer m.Stop()
	m.Start()
	m.WaitReady(t.Context())
	b, _ := m.Get("a")
	if _, err := b.State(); err == nil || !strings.Contains(err.Error(), "working directory") || strings.Contains(err.Error(), "not found") {
		t.Errorf("error %v", err)
	}
}

// TestLastFailureKeptThroughRestarts: while a backend that never answers
// initialize cycles through restarts, its state error is the last failure,
// never cleared.
func TestLastFailureKeptThroughRestarts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		f.hangInit = true
		type seen struct {
			s   State
			err string
		}
		var mu sync.Mutex
		var states []seen
		var b *Backend
		opts := &Options{Dial: f.dial, OnChange: func(bb *Backend) {
			s, err := bb.State()
			mu.Lock()
			defer mu.Unlock()
			e := ""
			if err != nil {
				e = err.Error()
			}
			states = append(states, seen{s, e})
		}}
		m := NewManager([]schemas.Backend{{ID: "a", Type: schemas.TypeStdio, StartupTimeout: dur(2 * time.Second), MaxRestarts: intp(3)}}, opts)
		m.Start()
		b, _ = m.Get("a")
		time.Sleep(20 * time.Second) // 4 attempts of 2s plus backoffs 1+2+4s
		synctest.Wait()
		m.Stop()
		mu.Lock()
		defer mu.Unlock()
		failed, starts := false, 0
		for _, st := range states {
			if st.s == Stopped {
				break
			}
			if st.err != "" {
				failed = true
			}
			if failed && st.s == Starting {
				starts++
				if st.err != "no answer to initialize within 2s" {
					t.Errorf("restart shows %q, want the last failure", st.err)
				}
			}
		}
		if starts != 3 {
			t.Errorf("%d restarts seen, want 3 (states %v)", starts, states)
		}
		_ = b
	})
}

func TestInvalidEntryIsUnavailableOthersServe(t *testing.T) {
	f := newFake()
	bad := schemas.Backend{ID: "bad", Type: schemas.TypeStdio, Command: "x", Pointer: "/mcpServers/bad",
		Invalid: schemas.FieldErrors{{Pointer: "/mcpServers/bad/env/K", Message: "environment variable NOPE is not set"}}}
	m := NewManager([]schemas.Backend{bad, {ID: "good", Type: schemas.TypeStdio}}, &Options{Dial: f.dial})
	defer m.Stop()
	m.Start()
	m.WaitReady(t.Context())
	g, _ := m.Get("good")
	if s, err := g.State(); s != Ready {
		t.Errorf("good: %s %v", s, err)
	}
	bb, _ := m.Get("bad")
	s, err := bb.State()
	if s != Unavailable || err == nil || err.Error() != "invalid configuration: /mcpServers/bad/env/K: environment variable NOPE is not set" {
		t.Errorf("bad: %s %v", s, err)
	}
	if f.numDials() != 1 {
		t.Errorf("%d dials, want only the good backend's", f.numDials())
	}
}

func TestSelfLaunch(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	for _, tc := range []struct {
		cmd  string
		args []string
		self bool
	}{
		{exe, nil, true},
		{"mcp-agentify", []string{"--config", "x.json"}, true},
		{"/usr/local/bin/mcp-agentify", nil, true},
		{`C:\tools\mcp-agentify.exe`, nil, true},
		{"npx", []string{"-y", "mcp-agentify@latest"}, true},
		{"npx", []string{"--yes", "@some-scope/mcp-agentify", "--config", "a.json"}, true},
		{"npx", []string{"--package=mcp-agentify", "mcp-agentify"}, true},
		{"pnpm", []string{"dlx", "mcp-agentify"}, true},
		{"go", []string{"run", "github.com/mcp-agentify/mcp-agentify@latest"}, true},
		{"go", []string{"run", "-mod=mod", "github.com/mcp-agentify/mcp-agentify@v1.2.3", "--config", "x"}, true},
		{"npx", []string{"-y", "@modelcontextprotocol/server-filesystem", "/home/me/mcp-agentify"}, false},
		{"node", []string{"mcp-agentify.js"}, false},
		{"go", []string{"build", "mcp-agentify"}, false},
		{"mcp-agentify-helper", nil, false},
	} {
		cfg := schemas.Backend{ID: "x", Type: schemas.TypeStdio, Command: tc.cmd, Args: tc.args}
		got := SelfLaunch(&cfg)
		if (got != "") != tc.self {
			t.Errorf("SelfLaunch(%s %q) = %q, want self=%v", tc.cmd, tc.args, got, tc.self)
		}
	}
}

func TestSelfLaunchEntryIsSkipped(t *testing.T) {
	f := newFake()
	m := NewManager([]schemas.Backend{{ID: "me", Type: schemas.TypeStdio, Command: "npx", Args: []string{"-y", "mcp-agentify"}}, {ID: "other", Type: schemas.TypeStdio}}, &Options{Dial: f.dial})
	defer m.Stop()
	m.Start()
	m.WaitReady(t.Context())
	me, _ := m.Get("me")
	in := me.Info()
	if in.State != Stopped || !strings.Contains(in.Skipped, "this entry starts mcp-agentify itself") || !strings.HasPrefix(in.Error, "skipped: ") {
		t.Errorf("self entry: %+v", in)
	}
	if f.numDials() != 1 {
		t.Errorf("%d dials, want 1 (the self entry must not start)", f.numDials())
	}
}

func TestInvalidAndDuplicateToolNamesDropped(t *testing.T) {
	long := strings.Repeat("x", 129)
	f := newFake("echo", "echo", "a b", "x/y", long, "ok.name-1", "", "fine_2")
	_, b := startFake(t, f, schemas.Backend{}, nil)
	defer b.stop()
	var got []string
	for _, tl := range b.Tools() {
		got = append(got, tl.Name)
	}
	if want := []string{"echo", "ok.name-1", "fine_2"}; !slices.Equal(got, want) {
		t.Errorf("tools %q, want %q", got, want)
	}
}
