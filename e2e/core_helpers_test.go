package e2e

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// waitLimit bounds every wait of these tests. It is a failure timeout only:
// no test asserts on how fast anything happens.
const waitLimit = 30 * time.Second

// rpcMsg is one JSON-RPC message read from the gateway's stdout.
type rpcMsg struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *rpcErr         `json:"error"`
	Raw    string          `json:"-"`
}

type rpcErr struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data"`
}

// checkJSONRPC reports why line is not exactly one JSON-RPC 2.0 message.
func checkJSONRPC(line []byte) error {
	_, err := jsonrpcMembers(line)
	return err
}

// jsonrpcMembers is checkJSONRPC that also returns the message's members
// (exactly as named: any other member is an error), for a caller that
// reads the message without decoding the line a second time.
func jsonrpcMembers(line []byte) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value on the line")
	}
	return m, checkMessage(m)
}

// checkMessage checks the members of one JSON-RPC 2.0 message.
func checkMessage(m map[string]json.RawMessage) error {
	if string(m["jsonrpc"]) != `"2.0"` {
		return fmt.Errorf(`"jsonrpc" is %s, want "2.0"`, m["jsonrpc"])
	}
	for k := range m {
		switch k {
		case "jsonrpc", "id", "method", "params", "result", "error":
		default:
			return fmt.Errorf("unexpected member %q", k)
		}
	}
	_, hasID := m["id"]
	_, hasMethod := m["method"]
	_, hasResult := m["result"]
	_, hasError := m["error"]
	switch {
	case hasMethod:
		var s string
		if json.Unmarshal(m["method"], &s) != nil || s == "" {
			return fmt.Errorf("method is not a non-empty string")
		}
		if hasResult || hasError {
			return fmt.Errorf("a request or notification with result or error")
		}
	case hasID:
		if hasResult == hasError {
			return fmt.Errorf("a response needs exactly one of result and error")
		}
		if hasError {
			var e rpcErr
			if json.Unmarshal(m["error"], &e) != nil || e.Message == "" {
				return fmt.Errorf("malformed error object")
			}
			if e.Code == 0 {
				return fmt.Errorf("error code 0")
			}
		}
	default:
		return fmt.Errorf("neither a request, a notification nor a response")
	}
	return nil
}

// syncBuffer collects a process's stderr.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// gatewayProc is the real binary serving MCP over stdio, driven by a raw
// JSON-RPC client. Every stdout line is checked to be one JSON-RPC message.
type gatewayProc struct {
	t      testing.TB
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *syncBuffer
	marker string // unique argument given to every test backend of this gateway

	readDone chan struct{} // the stdout reader has ended
	exited   chan struct{} // the process has been waited for
	exitErr  error         // set before exited is closed
	exitAt   time.Time     // set before exited is closed

	mu      sync.Mutex
	msgs    []*rpcMsg     // guarded by mu; every message in order
	changed chan struct{} // guarded by mu; closed and replaced on each message
	nextID  int           // guarded by mu
}

type gwOptions struct {
	args []string // after --config
	env  []string // added to a clean environment
	dir  string   // working directory
}

// cleanEnv is the test process's environment without the variables the
// gateway reads, so a developer's own settings do not leak into tests.
func cleanEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "OPENAI_") || strings.HasPrefix(k, "AGENTIFY_") && k != "AGENTIFY_STATE_DIR" || k == "DEBUG_PORT" {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

func newMarker() string {
	b := make([]byte, 8)
	rand.Read(b)
	return "core-" + hex.EncodeToString(b)
}

// writeConfig writes a configuration file into a temporary directory.
func writeConfig(t testing.TB, cfg any) string {
	t.Helper()
	var b []byte
	switch c := cfg.(type) {
	case string:
		b = []byte(c)
	default:
		var err error
		if b, err = json.Marshal(c); err != nil {
			t.Fatal(err)
		}
	}
	p := filepath.Join(t.TempDir(), "config.json")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// tbBackend is a backends-array entry running the Go test backend.
func tbBackend(tb, id, marker string, extra ...string) map[string]any {
	return map[string]any{"id": id, "command": tb, "args": append([]string{"-name", marker}, extra...)}
}

// launch starts the gateway binary with args, a clean environment plus
// env, in dir (a temporary one when ""), with pipes to its stdin and
// stdout and its stderr kept: what every harness of these tests shares.
func launch(t testing.TB, args, env []string, dir string) (*exec.Cmd, io.WriteCloser, io.ReadCloser, *syncBuffer) {
	t.Helper()
	bin, _ := binaries(t)
	cmd := exec.Command(bin, args...)
	cmd.Env = cleanEnv(env...)
	cmd.Dir = dir
	if cmd.Dir == "" {
		cmd.Dir = t.TempDir()
	}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, stdin, stdout, stderr
}

// startGateway runs the gateway with cfg (a config value, or "" for no
// --config flag) and returns it; the test's cleanup kills it if it is
// still running and fails the test on any non-JSON-RPC stdout line.
func startGateway(t testing.TB, cfgPath, marker string, o gwOptions) *gatewayProc {
	t.Helper()
	var args []string
	if cfgPath != "" {
		args = append(args, "--config", cfgPath)
	}
	cmd, stdin, stdout, stderr := launch(t, append(args, o.args...), o.env, o.dir)
	g := &gatewayProc{t: t, cmd: cmd, stdin: stdin, stderr: stderr, marker: marker,
		readDone: make(chan struct{}), exited: make(chan struct{}), changed: make(chan struct{})}
	go g.readLoop(stdout) // ends at the process's stdout EOF; cleanup waits for it
	go func() {           // waits for the process; cleanup waits for it
		<-g.readDone
		err := cmd.Wait()
		g.exitAt = time.Now()
		g.exitErr = err
		close(g.exited)
	}()
	t.Cleanup(func() {
		select {
		case <-g.exited:
		default:
			cmd.Process.Signal(syscall.SIGKILL)
			<-g.exited
		}
		if t.Failed() {
			t.Logf("gateway stderr:\n%s", tail(g.stderr.String(), 4000))
		}
		if marker != "" {
			// Pdeathsig takes the children with the killed gateway; give the
			// kernel a moment, then make sure nothing of ours runs on.
			waitNoChildren(t, marker)
		}
	})
	return g
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

func (g *gatewayProc) readLoop(r io.Reader) {
	defer close(g.readDone)
	br := bufio.NewReaderSize(r, 1<<16)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			if line[len(line)-1] != '\n' {
				g.t.Errorf("stdout ended without a newline after %.200q", line)
			}
			line = bytes.TrimSuffix(line, []byte("\n"))
			if cerr := checkJSONRPC(line); cerr != nil {
				g.t.Errorf("stdout line is not one JSON-RPC message (%v): %.300q", cerr, line)
			} else {
				m := &rpcMsg{Raw: string(line)}
				json.Unmarshal(line, m)
				g.mu.Lock()
				g.msgs = append(g.msgs, m)
				close(g.changed)
				g.changed = make(chan struct{})
				g.mu.Unlock()
			}
		}
		if err != nil {
			return
		}
	}
}

// send writes one raw line to the gateway's stdin.
func (g *gatewayProc) send(line string) {
	g.t.Helper()
	if _, err := io.WriteString(g.stdin, line+"\n"); err != nil {
		g.t.Fatalf("writing to the gateway: %v", err)
	}
}

// sendMsg writes a JSON-RPC message built from v.
func (g *gatewayProc) sendMsg(v map[string]any) {
	g.t.Helper()
	v["jsonrpc"] = "2.0"
	b, err := json.Marshal(v)
	if err != nil {
		g.t.Fatal(err)
	}
	g.send(string(b))
}

// waitFor returns the first message (from index from) matching pred, and
// its index.
func (g *gatewayProc) waitFor(what string, from int, pred func(*rpcMsg) bool) (*rpcMsg, int) {
	g.t.Helper()
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	m, i, why := waitMatch(&g.mu, &g.msgs, &g.changed, g.readDone, deadline.C, from, pred)
	switch why {
	case waitEnded:
		g.t.Fatalf("gateway stdout closed while waiting for %s", what)
	case waitExpired:
		g.t.Fatalf("no %s within %s", what, waitLimit)
	}
	return m, i
}

type waitOutcome int

const (
	waitFound   waitOutcome = iota
	waitEnded               // the reader ended without a match
	waitExpired             // the deadline passed first
)

// waitMatch waits for the first of *msgs, from index from on, that match
// takes; msgs and changed (closed and replaced on each message) are
// guarded by mu, ended closes when no message will come any more. Both
// harnesses of these tests (gatewayProc, hardening's hClient) wait this way.
func waitMatch[M any](mu *sync.Mutex, msgs *[]M, changed *chan struct{}, ended <-chan struct{}, deadline <-chan time.Time, from int, match func(M) bool) (M, int, waitOutcome) {
	last := false
	for {
		mu.Lock()
		for i := from; i < len(*msgs); i++ {
			if match((*msgs)[i]) {
				m := (*msgs)[i]
				mu.Unlock()
				return m, i, waitFound
			}
		}
		from = len(*msgs)
		ch := *changed
		mu.Unlock()
		var zero M
		if last {
			return zero, -1, waitEnded
		}
		select {
		case <-ch:
		case <-ended:
			last = true // one more look at what came before the end
		case <-deadline:
			return zero, -1, waitExpired
		}
	}
}

// response waits for the response with this raw id.
func (g *gatewayProc) response(id string) *rpcMsg {
	g.t.Helper()
	m, _ := g.waitFor("response to id "+id, 0, func(m *rpcMsg) bool {
		return m.Method == "" && string(m.ID) == id
	})
	return m
}

// messages returns a copy of what was read so far.
func (g *gatewayProc) messages() []*rpcMsg {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]*rpcMsg(nil), g.msgs...)
}

// call sends a request with a fresh numeric id and waits for its response.
func (g *gatewayProc) call(method string, params any) *rpcMsg {
	g.t.Helper()
	g.mu.Lock()
	g.nextID++
	id := 1000 + g.nextID
	g.mu.Unlock()
	m := map[string]any{"id": id, "method": method}
	if params != nil {
		m["params"] = params
	}
	g.sendMsg(m)
	return g.response(strconv.Itoa(id))
}

// result calls method and fails the test on a JSON-RPC error.
func (g *gatewayProc) result(method string, params any, out any) {
	g.t.Helper()
	m := g.call(method, params)
	if m.Error != nil {
		g.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
	}
	if out != nil {
		if err := json.Unmarshal(m.Result, out); err != nil {
			g.t.Fatalf("%s: decoding %s: %v", method, m.Result, err)
		}
	}
}

// initialize performs the handshake with protocol version v.
func (g *gatewayProc) initialize(v string, extra map[string]any) map[string]any {
	g.t.Helper()
	p := map[string]any{"protocolVersion": v, "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "core-e2e", "version": "1"}}
	for k, x := range extra {
		p[k] = x
	}
	var r map[string]any
	g.result("initialize", p, &r)
	g.sendMsg(map[string]any{"method": "notifications/initialized"})
	return r
}

// toolResult is a CallToolResult.
type toolResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StructuredContent json.RawMessage            `json:"structuredContent"`
	IsError           bool                       `json:"isError"`
	Meta              map[string]json.RawMessage `json:"_meta"`
}

func (r *toolResult) text() string {
	var s []string
	for _, c := range r.Content {
		s = append(s, c.Text)
	}
	return strings.Join(s, "\n")
}

// callTool calls tools/call and returns the tool result (failing on a
// protocol error).
func (g *gatewayProc) callTool(name string, args any) *toolResult {
	g.t.Helper()
	var r toolResult
	g.result("tools/call", map[string]any{"name": name, "arguments": args}, &r)
	return &r
}

// toolNames lists tools/list's names.
func (g *gatewayProc) toolNames() []string {
	g.t.Helper()
	var r struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	g.result("tools/list", nil, &r)
	var names []string
	for _, t := range r.Tools {
		names = append(names, t.Name)
	}
	return names
}

// waitTools polls tools/list until it has n tools (backends come up in
// the background).
func (g *gatewayProc) waitTools(n int) []string {
	g.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		names := g.toolNames()
		if len(names) >= n || time.Now().After(deadline) {
			if len(names) != n {
				g.t.Fatalf("tools/list has %d tools, want %d: %v", len(names), n, names)
			}
			return names
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// closeAndWait closes stdin and waits for the process to exit; it returns
// how long that took.
func (g *gatewayProc) closeAndWait(limit time.Duration) time.Duration {
	g.t.Helper()
	start := time.Now()
	g.stdin.Close()
	select {
	case <-g.exited:
	case <-time.After(limit):
		g.t.Fatalf("the gateway did not exit within %s after stdin EOF", limit)
	}
	return g.exitAt.Sub(start)
}

// childPIDs lists the processes whose command line contains marker.
func childPIDs(marker string) []int {
	var pids []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		for _, a := range bytes.Split(b, []byte{0}) {
			if string(a) == marker {
				pids = append(pids, pid)
				break
			}
		}
	}
	return pids
}

// waitNoChildren fails the test if a process carrying marker outlives a
// short grace period.
func waitNoChildren(t testing.TB, marker string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		pids := childPIDs(marker)
		if len(pids) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, p := range pids {
				syscall.Kill(p, syscall.SIGKILL)
			}
			t.Errorf("backend processes left running: %v", pids)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// vmRSS reads VmRSS (kB) of pid.
func vmRSS(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return -1
}
