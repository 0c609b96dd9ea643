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
		if ok && k != "" && want(k) {
			if _, override := cfg.Env[k]; !override {
				env = append(env, kv)
			}
		}
	}
	for k, v := range cfg.Env {
		env = append(env, k+"="+v)
	}
	return env
}

// process is a running stdio child.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	exited chan struct{} // closed when Wait has returned
	err    error         // Wait's result; read after exited is closed
}

// startProcess starts cfg's command with pipes; its stderr becomes log lines
// tagged with the backend id.
func startProcess(cfg *schemas.Backend, environ []string, log zerolog.Logger) (*process, io.Reader, error) {
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
		logStderr(stderr, log)
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
func logStderr(r io.Reader, log zerolog.Logger) {
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
