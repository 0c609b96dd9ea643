package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// rawClient is a minimal MCP client over the real binary's stdio: it
// writes JSON-RPC lines and pairs responses to requests by raw id.
type rawClient struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin io.WriteCloser
	wmu   sync.Mutex

	mu      sync.Mutex
	waiting map[string]chan rawMsg // guarded by mu; raw id -> response
	notes   []rawMsg               // guarded by mu; notifications in order
	noteCh  chan struct{}          // guarded by mu; closed and replaced on each note
	bad     []string               // guarded by mu; stdout lines that are not JSON-RPC

	stderr *rWatchBuffer
	exited chan struct{}
}

type rawMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// rWatchBuffer is a goroutine-safe buffer that can wait for text.
type rWatchBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	ch  chan struct{} // closed and replaced on each write
}

func newRWatchBuffer() *rWatchBuffer { return &rWatchBuffer{ch: make(chan struct{})} }

func (w *rWatchBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	close(w.ch)
	w.ch = make(chan struct{})
	return len(p), nil
}

func (w *rWatchBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// waitFor waits until the buffer holds s (bounded by the test's deadline).
func (w *rWatchBuffer) waitFor(t *testing.T, s string) {
	t.Helper()
	deadline := rDeadline(t)
	for {
		w.mu.Lock()
		ok, ch := bytes.Contains(w.buf.Bytes(), []byte(s)), w.ch
		w.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("stderr never showed %q; it holds:\n%s", s, rTail(w.String(), 4000))
		}
	}
}

func rTail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// testDeadline fires a little before the test binary's -timeout.
func rDeadline(t *testing.T) <-chan time.Time {
	d := 2 * time.Minute
	if dl, ok := t.Deadline(); ok {
		d = time.Until(dl) - 5*time.Second
	}
	return time.After(d)
}

// writeConfig writes v as JSON to dir/name and returns the path.
func rWriteConfig(t *testing.T, dir, name string, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p+".tmp", b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(p+".tmp", p); err != nil {
		t.Fatal(err)
	}
	return p
}

// startRaw runs the gateway with the config file and extra environment.
func startRaw(t *testing.T, cfgPath string, env []string, args ...string) *rawClient {
	t.Helper()
	bin, _ := binaries(t)
	cmd := exec.Command(bin, append([]string{"--config", cfgPath}, args...)...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "AGENTIFY_STATE_DIR=" + os.Getenv("AGENTIFY_STATE_DIR")}, env...)
	c := &rawClient{t: t, cmd: cmd, waiting: map[string]chan rawMsg{}, noteCh: make(chan struct{}), stderr: newRWatchBuffer(), exited: make(chan struct{})}
	cmd.Stderr = c.stderr
	var err error
	if c.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Owned by the client: reads stdout until the gateway exits.
	go func() {
		defer close(c.exited)
		br := bufio.NewReaderSize(stdout, 1<<20)
		for {
			line, err := br.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 {
				c.dispatch(line)
			}
			if err != nil {
				cmd.Wait()
				return
			}
		}
	}()
	t.Cleanup(func() {
		c.stdin.Close()
		select {
		case <-c.exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-c.exited
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if len(c.bad) > 0 {
			t.Errorf("stdout carried %d lines that are not JSON-RPC messages, first: %.200s", len(c.bad), c.bad[0])
		}
		if t.Failed() {
			t.Logf("gateway stderr (tail):\n%s", rTail(c.stderr.String(), 6000))
		}
	})
	return c
}

func (c *rawClient) dispatch(line []byte) {
	var m rawMsg
	if err := json.Unmarshal(line, &m); err != nil || (m.Method == "" && m.ID == nil) {
		c.mu.Lock()
		c.bad = append(c.bad, string(line))
		c.mu.Unlock()
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if m.Method != "" {
		if m.ID == nil {
			c.notes = append(c.notes, m)
			close(c.noteCh)
			c.noteCh = make(chan struct{})
		}
		return
	}
	if ch, ok := c.waiting[string(m.ID)]; ok {
		delete(c.waiting, string(m.ID))
		ch <- m
	} else {
		c.bad = append(c.bad, "unmatched response: "+string(line))
	}
}

// send writes a request with the raw id and returns where its response comes.
func (c *rawClient) send(id, method string, params any) <-chan rawMsg {
	p, _ := json.Marshal(params)
	ch := make(chan rawMsg, 1)
	c.mu.Lock()
	if _, dup := c.waiting[id]; dup {
		c.mu.Unlock()
		c.t.Fatalf("id %s already in flight", id)
	}
	c.waiting[id] = ch
	c.mu.Unlock()
	c.write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, p))
	return ch
}

func (c *rawClient) write(line string) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Errorf("write to the gateway: %v", err)
	}
}

// wait returns a response, failing the test if it never comes.
func (c *rawClient) wait(ch <-chan rawMsg) rawMsg {
	c.t.Helper()
	select {
	case m := <-ch:
		return m
	case <-rDeadline(c.t):
		c.t.Fatal("no response")
	case <-c.exited:
		c.t.Fatal("the gateway exited")
	}
	return rawMsg{}
}

var nextRawID struct {
	sync.Mutex
	n int
}

func rawID() string {
	nextRawID.Lock()
	defer nextRawID.Unlock()
	nextRawID.n++
	return fmt.Sprint(nextRawID.n)
}

func (c *rawClient) initialize() {
	c.t.Helper()
	r := c.wait(c.send(rawID(), "initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "e2e", "version": "1"}}))
	if r.Error != nil {
		c.t.Fatalf("initialize: %+v", r.Error)
	}
	c.write(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// toolText calls a tool and returns its text content and isError.
func (c *rawClient) toolText(name string, args any) (string, bool) {
	c.t.Helper()
	return rResultText(c.t, c.wait(c.send(rawID(), "tools/call", map[string]any{"name": name, "arguments": args})))
}

func rResultText(t *testing.T, r rawMsg) (string, bool) {
	t.Helper()
	if r.Error != nil {
		t.Fatalf("protocol error %d %q", r.Error.Code, r.Error.Message)
	}
	var res struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(r.Result, &res); err != nil || len(res.Content) == 0 {
		t.Fatalf("result %.300s", r.Result)
	}
	return res.Content[0].Text, res.IsError
}

// toolNames lists the tools/list names.
func (c *rawClient) toolNames() []string {
	c.t.Helper()
	r := c.wait(c.send(rawID(), "tools/list", map[string]any{}))
	var res struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	json.Unmarshal(r.Result, &res)
	var names []string
	for _, t := range res.Tools {
		names = append(names, t.Name)
	}
	return names
}

// waitTools waits (on tools/list_changed notifications) until the tool list
// satisfies ok.
func (c *rawClient) waitTools(what string, ok func(names []string) bool) []string {
	c.t.Helper()
	deadline := rDeadline(c.t)
	for {
		c.mu.Lock()
		ch := c.noteCh
		c.mu.Unlock()
		names := c.toolNames()
		if ok(names) {
			return names
		}
		select {
		case <-ch:
		case <-deadline:
			c.t.Fatalf("tools never became %s; last list: %v", what, names)
		}
	}
}

func rHas(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// stdioBackend is a config entry for the Go test backend.
func rBackend(tb string, extra map[string]any, args ...string) map[string]any {
	m := map[string]any{"command": tb, "args": append([]string{}, args...)}
	for k, v := range extra {
		m[k] = v
	}
	return m
}
