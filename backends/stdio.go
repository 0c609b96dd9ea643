package backends

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

// baseEnv is what every child gets from the gateway's environment: enough
// for a shell, node, npx, python and uvx to work. Everything else must be
// asked for with inheritEnv or set in env, so that the gateway's own secrets
// (OPENAI_API_KEY above all) never reach a child by accident.
var baseEnv = []string{
	"PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "TERM",
	"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR",
	"NVM_DIR", "NODE_PATH", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR",
	"HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy",
	// Windows
	"SYSTEMROOT", "SystemRoot", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP",
	"USERPROFILE", "APPDATA", "LOCALAPPDATA", "PROGRAMDATA", "ProgramFiles", "ProgramFiles(x86)", "HOMEDRIVE", "HOMEPATH",
}

// childEnv builds a child's environment from environ (KEY=VALUE pairs):
// the base set, then the backend's inheritEnv (names, or prefixes ending in
// "*"), then its env values.
func childEnv(environ []string, cfg *schemas.Backend) []string {
	want := func(k string) bool {
		for _, n := range baseEnv {
			if strings.EqualFold(n, k) && (runtime.GOOS == "windows" || n == k) {
				return true
			}
		}
		for _, p := range cfg.InheritEnv {
			if strings.HasSuffix(p, "*") && strings.HasPrefix(k, strings.TrimSuffix(p, "*")) || p == k {
				return true
			}
		}
		return false
	}
	var env []string
	for _, kv := range environ {
		k, _, ok := strings.Cut(kv, "=")
		if ok && k != "" && k != ParentEnv && want(k) {
			if _, override := cfg.Env[k]; !override {
				env = append(env, kv)
			}
		}
	}
	for k, v := range cfg.Env {
		if k != ParentEnv {
			env = append(env, k+"="+v)
		}
	}
	// Marks the child as started by a gateway: a gateway that finds it
	// set starts no backends, which ends any nesting the other checks miss.
	return append(env, ParentEnv+"="+strconv.Itoa(os.Getpid()))
}

// ParentEnv is set in every backend's environment to the gateway's process
// id. A gateway started with it set is a backend of another gateway: it
// serves but starts no backends of its own.
const ParentEnv = "MCP_AGENTIFY_PARENT"

// SelfLaunch returns why cfg would start this gateway again, or "": its
// command resolves to the running executable or is named mcp-agentify, or
// it runs the mcp-agentify package through npx, bunx, pnpm dlx, yarn dlx or
// go run. Forms it cannot see through (a shell script, docker) are caught
// by [ParentEnv] and by the backend's serverInfo.name.
func SelfLaunch(cfg *schemas.Backend) string {
	if cfg.Type != schemas.TypeStdio || cfg.Command == "" {
		return ""
	}
	if exe, err := os.Executable(); err == nil {
		if cmd, err := exec.LookPath(cfg.Command); err == nil && sameFile(exe, cmd) {
			return fmt.Sprintf("%v: command %q is the running gateway", ErrSelfLaunch, cfg.Command)
		}
	}
	base := strings.TrimSuffix(strings.ToLower(filepathBase(cfg.Command)), ".exe")
	if base == SelfName {
		return fmt.Sprintf("%v: command %q", ErrSelfLaunch, cfg.Command)
	}
	var pkgArgs []string
	switch base {
	case "npx", "bunx", "pnpx":
		pkgArgs = cfg.Args
	case "pnpm", "yarn", "bun", "npm":
		if i := slices.IndexFunc(cfg.Args, func(a string) bool { return a == "dlx" || a == "x" || a == "exec" }); i >= 0 {
			pkgArgs = cfg.Args[i+1:]
		}
	case "go":
		if len(cfg.Args) > 0 && cfg.Args[0] == "run" {
			pkgArgs = cfg.Args[1:]
		}
	}
	for _, a := range pkgArgs {
		if strings.HasPrefix(a, "-") {
			if v, ok := strings.CutPrefix(a, "--package="); ok {
				a = v
			} else {
				continue
			}
		}
		// "mcp-agentify", "mcp-agentify@1.2", "@scope/mcp-agentify",
		// "github.com/mcp-agentify/mcp-agentify@latest", "./cmd/mcp-agentify".
		name, _, _ := strings.Cut(strings.TrimPrefix(a, "@"), "@")
		if filepathBase(name) == SelfName {
			return fmt.Sprintf("%v: %s runs %q", ErrSelfLaunch, base, a)
		}
		break // the first non-flag argument is the package; the rest are its arguments
	}
	return ""
}

// filepathBase is the last element of a slash- or backslash-separated path.
func filepathBase(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// sameFile reports whether the paths a and b name the same file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// process is a running stdio child.
type process struct {
	tail   stderrTail
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	exited chan struct{} // closed when Wait has returned
	err    error         // Wait's result; read after exited is closed
}

// startProcess starts cfg's command with pipes; its stderr becomes log lines
// tagged with the backend id.
func startProcess(cfg *schemas.Backend, environ []string, log zerolog.Logger) (*process, io.Reader, error) {
	if cfg.Cwd != "" {
		if fi, err := os.Stat(cfg.Cwd); err != nil || !fi.IsDir() {
			return nil, nil, fmt.Errorf("working directory %q does not exist or is not a directory", cfg.Cwd)
		}
	}
	path := cfg.Command
	if lp, err := exec.LookPath(cfg.Command); err == nil {
		path = lp
	} else if !strings.ContainsAny(cfg.Command, `/\`) {
		return nil, nil, fmt.Errorf("command %q not found in PATH", cfg.Command)
	}
	cmd := exec.Command(path, cfg.Args...)
	cmd.Args[0] = cfg.Command
	cmd.Env = childEnv(environ, cfg)
	cmd.Dir = cfg.Cwd
	setProcAttrs(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("start %q: %w", cfg.Command, err)
	}
	p := &process{cmd: cmd, stdin: stdin, exited: make(chan struct{})}
	var stderrDone sync.WaitGroup
	stderrDone.Add(1)
	// Owned by p: ends when the child's stderr closes (at exit at the latest).
	go func() {
		defer stderrDone.Done()
		logStderr(stderr, log, &p.tail)
	}()
	// Owned by p: reaps the child. cmd.Wait must not run before the pipes
	// are drained, or it closes them under their readers.
	go func() {
		stderrDone.Wait()
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p, stdout, nil
}

// maxLogLine bounds one stderr line in the logs.
const maxLogLine = 4 << 10

// logStderr turns each stderr line into a log line. Over-long lines are
// truncated; a flood is rate-limited to a burst of 200 lines then 50 a
// second, with a count of what was dropped, so a chatty child can neither
// stall the gateway nor drown its log.
//
// Every line (flood or not) is also kept in tail.
func logStderr(r io.Reader, log zerolog.Logger, tail *stderrTail) {
	br := bufio.NewReaderSize(r, 16<<10)
	const burst, perSec = 200, 50
	tokens, last, dropped := float64(burst), time.Now(), 0
	for {
		line, err := br.ReadSlice('\n')
		truncated := false
		for errors.Is(err, bufio.ErrBufferFull) {
			// Skip the rest of an over-long line.
			truncated = true
			if len(line) > maxLogLine {
				line = line[:maxLogLine]
			}
			line = append([]byte(nil), line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
		}
		if len(line) > 0 {
			tail.add(strings.TrimRight(string(line[:min(len(line), maxTailLine)]), "\r\n"))
			now := time.Now()
			tokens = min(burst, tokens+now.Sub(last).Seconds()*perSec)
			last = now
			if tokens >= 1 {
				tokens--
				if dropped > 0 {
					log.Warn().Int("dropped", dropped).Msg("stderr flood: lines dropped")
					dropped = 0
				}
				text := strings.TrimRight(string(line[:min(len(line), maxLogLine)]), "\r\n")
				ev := log.Info().Str("stream", "stderr")
				if truncated {
					ev = ev.Bool("truncated", true)
				}
				ev.Msg(text)
			} else {
				dropped++
			}
		}
		if err != nil {
			if dropped > 0 {
				log.Warn().Int("dropped", dropped).Msg("stderr flood: lines dropped")
			}
			return
		}
	}
}

// Bounds of a stderr tail: the lines kept, and the bytes of each.
const (
	maxTailLines = 20
	maxTailLine  = 512
)

// stderrTail keeps the last lines a child wrote to stderr. Its methods are
// safe for concurrent use.
type stderrTail struct {
	mu  sync.Mutex
	buf []string // guarded by mu; oldest first, at most maxTailLines
}

func (t *stderrTail) add(line string) {
	if strings.TrimSpace(line) == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.buf) == maxTailLines {
		copy(t.buf, t.buf[1:])
		t.buf = t.buf[:maxTailLines-1]
	}
	t.buf = append(t.buf, line)
}

// lines returns a copy of the kept lines, oldest first.
func (t *stderrTail) lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.buf)
}

// stop ends the child as the MCP stdio transport specifies: "the client
// SHOULD initiate shutdown by first closing the input stream to the child
// process, waiting for the server to exit, or sending SIGTERM if the server
// does not exit within a reasonable time; and sending SIGKILL if the server
// does not exit within a reasonable time after SIGTERM." Signals go to the
// whole process group so that grandchildren (npx → node) go too.
func (p *process) stop(grace time.Duration) {
	_ = p.stdin.Close()
	select {
	case <-p.exited:
		kill(p.cmd) // the leader is gone; take any stragglers in its group with it
		return
	case <-time.After(grace):
	}
	terminate(p.cmd)
	select {
	case <-p.exited:
		kill(p.cmd)
		return
	case <-time.After(grace):
	}
	kill(p.cmd)
	<-p.exited
}

// exitError describes how the child ended, for error messages.
func (p *process) exitError() string {
	select {
	case <-p.exited:
		if p.err == nil {
			return "exited with status 0"
		}
		return p.err.Error()
	default:
		return "running"
	}
}

// dialStdio starts a stdio backend and returns its message stream.
func dialStdio(_ context.Context, cfg *schemas.Backend, environ []string, maxMsg int, log zerolog.Logger) (rpc.Stream, *process, error) {
	p, stdout, err := startProcess(cfg, environ, log)
	if err != nil {
		return nil, nil, err
	}
	return rpc.NewLineStream(stdout, p.stdin, p.stdin, maxMsg), p, nil
}

func osEnviron() []string { return os.Environ() }
