package e2e

// Issue 17 against the real binary: the hardening items whose tests lacked
// one (1 hostile schemas, 5 a client that stops reading, 8 list_changed
// bounded, 10 one big message, 11 protocol nits). Every test here failed
// against the release before the fixes (AGENTIFY_E2E_BIN=<old binary>; see
// docs/benchmarks.md, section Hardening). Bounds on time are hang guards,
// far above what the fixed gateway needs; the measured figures are logged.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"
)

// hMsg is one message read from the gateway, as far as these tests need
// it: big tool results are kept as their length, digest and first bytes.
type hMsg struct {
	At      time.Time
	ID      string // raw JSON; "" for notifications
	Method  string
	Params  json.RawMessage
	Error   *rpcErr
	Result  json.RawMessage // nil for a tool result with a text over 64 KiB
	IsError bool
	Text    string // the first text content, at most its first 256 bytes
	TextLen int
	TextSum [32]byte // of a text over 4 MiB
}

// hClient drives the real binary over stdio. Its reading of stdout can be
// paused (a client that stops reading); it records when each message
// arrived, and every stdout line that is not one valid JSON-RPC message in
// valid UTF-8.
type hClient struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *syncBuffer
	marker string
	gate   *gatedReader
	done   chan struct{} // the reader has ended and the process was waited for

	wmu sync.Mutex // serializes writes to stdin

	mu      sync.Mutex
	msgs    []hMsg        // guarded by mu
	bad     []string      // guarded by mu
	changed chan struct{} // guarded by mu; closed and replaced on each message
	nextID  int           // guarded by mu
}

// gatedReader blocks reads while paused.
type gatedReader struct {
	r      io.Reader
	mu     sync.Mutex
	cond   *sync.Cond
	paused bool // guarded by mu
}

func (g *gatedReader) Read(p []byte) (int, error) {
	g.mu.Lock()
	for g.paused {
		g.cond.Wait()
	}
	g.mu.Unlock()
	return g.r.Read(p)
}

func (g *gatedReader) set(paused bool) {
	g.mu.Lock()
	g.paused = paused
	g.mu.Unlock()
	g.cond.Broadcast()
}

// startH runs the gateway with the config (a value marshalled to a file)
// and a state directory of its own: tool pins of one test's backends (a
// hostile schema among them) must not weigh on another test's gateway.
func startH(t *testing.T, cfg any, marker string, args ...string) *hClient {
	t.Helper()
	cmd, stdin, stdout, stderr := launch(t, append([]string{"--config", writeConfig(t, cfg)}, args...), []string{"AGENTIFY_STATE_DIR=" + t.TempDir()}, "")
	c := &hClient{t: t, cmd: cmd, stdin: stdin, stderr: stderr, marker: marker, done: make(chan struct{}), changed: make(chan struct{})}
	c.gate = &gatedReader{r: stdout}
	c.gate.cond = sync.NewCond(&c.gate.mu)
	go c.readLoop() // ends at the gateway's stdout EOF; cleanup waits for it
	t.Cleanup(func() {
		c.gate.set(false)
		c.stdin.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			cmd.Process.Signal(syscall.SIGKILL)
			<-c.done
		}
		c.mu.Lock()
		if len(c.bad) > 0 {
			t.Errorf("stdout carried %d lines that are not one JSON-RPC message in valid UTF-8, first: %s", len(c.bad), c.bad[0])
		}
		c.mu.Unlock()
		if t.Failed() {
			t.Logf("gateway stderr:\n%s", tail(c.stderr.String(), 4000))
		}
		waitNoChildren(t, marker)
	})
	return c
}

func (c *hClient) readLoop() {
	defer func() {
		c.cmd.Wait()
		close(c.done)
	}()
	br := bufio.NewReaderSize(c.gate, 1<<20)
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			c.take(bytes.TrimSuffix(line, []byte("\n")))
		}
		if err != nil {
			return
		}
	}
}

// take checks and records one stdout line.
func (c *hClient) take(line []byte) {
	now := time.Now()
	bad := ""
	var members map[string]json.RawMessage
	if !utf8.Valid(line) {
		bad = "invalid UTF-8"
	} else if mm, err := jsonrpcMembers(line); err != nil {
		bad = err.Error()
	} else {
		members = mm // the line is decoded once: its lines reach 50 MB, and -race makes each pass slow
	}
	if bad != "" {
		c.mu.Lock()
		c.bad = append(c.bad, fmt.Sprintf("(%s) %.300q", bad, line))
		c.mu.Unlock()
		return
	}
	var m struct {
		ID     json.RawMessage
		Method string
		Params json.RawMessage
		Result json.RawMessage
		Error  *rpcErr
	}
	m.ID, m.Params, m.Result = members["id"], members["params"], members["result"]
	if raw, ok := members["method"]; ok {
		json.Unmarshal(raw, &m.Method)
	}
	if raw, ok := members["error"]; ok {
		json.Unmarshal(raw, &m.Error)
	}
	h := hMsg{At: now, ID: string(m.ID), Method: m.Method, Error: m.Error}
	if m.Method != "" {
		h.ID = ""
	}
	if len(m.Params) <= 64<<10 {
		h.Params = m.Params
	}
	if m.Result != nil {
		var r struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
			IsError bool `json:"isError"`
		}
		if json.Unmarshal(m.Result, &r) == nil && len(r.Content) > 0 {
			h.TextLen = len(r.Content[0].Text)
			if h.TextLen > 4<<20 { // only the 50 MB result's is checked; hashing every 1 MiB answer is slow under -race
				h.TextSum = sha256.Sum256([]byte(r.Content[0].Text))
			}
			h.Text = r.Content[0].Text[:min(256, len(r.Content[0].Text))]
		}
		h.IsError = r.IsError
		if h.TextLen <= 64<<10 && len(m.Result) <= 8<<20 {
			h.Result = m.Result
		}
	}
	c.mu.Lock()
	c.msgs = append(c.msgs, h)
	close(c.changed)
	c.changed = make(chan struct{})
	c.mu.Unlock()
}

// write sends one raw line.
func (c *hClient) write(line string) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Errorf("writing to the gateway: %v", err)
	}
}

// request sends a request with a fresh string id and returns the id (raw).
func (c *hClient) request(method string, params any) string {
	c.mu.Lock()
	c.nextID++
	id := strconv.Quote(fmt.Sprintf("h-%d", c.nextID))
	c.mu.Unlock()
	p, err := json.Marshal(params)
	if err != nil {
		c.t.Fatal(err)
	}
	c.write(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, p))
	return id
}

// waitMsg returns the first message from index from on that matches, or
// ok false once deadline passes or the gateway's stdout has ended.
func (c *hClient) waitMsg(from int, deadline time.Time, match func(hMsg) bool) (hMsg, int, bool) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	m, i, why := waitMatch(&c.mu, &c.msgs, &c.changed, c.done, timer.C, from, match)
	return m, i, why == waitFound
}

// await waits for the response to id until deadline (a hang guard).
func (c *hClient) await(id string, deadline time.Time, what string) hMsg {
	c.t.Helper()
	m, _, ok := c.waitMsg(0, deadline, func(m hMsg) bool { return m.ID == id })
	if !ok {
		c.t.Fatalf("%s (id %s): no answer by the hang guard (%s)", what, id, deadline.Format("15:04:05.000"))
	}
	return m
}

// result calls method and fails the test on a protocol error.
func (c *hClient) result(method string, params any) hMsg {
	c.t.Helper()
	m := c.await(c.request(method, params), time.Now().Add(waitLimit), method)
	if m.Error != nil {
		c.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
	}
	return m
}

func (c *hClient) initialize() {
	c.t.Helper()
	c.result("initialize", map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "hardening-e2e", "version": "1"}})
	c.write(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

func (c *hClient) toolNames() []string {
	c.t.Helper()
	var r struct {
		Tools []struct {
			Name string `json:"name"`
		} `json:"tools"`
	}
	m := c.result("tools/list", map[string]any{})
	if err := json.Unmarshal(m.Result, &r); err != nil {
		c.t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, t := range r.Tools {
		names = append(names, t.Name)
	}
	return names
}

// waitTools polls tools/list until it holds every name (bounded by waitLimit).
func (c *hClient) waitTools(names ...string) {
	c.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		have := c.toolNames()
		missing := false
		for _, n := range names {
			missing = missing || !rHas(have, n)
		}
		if !missing {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("tools/list never held %v: %v", names, have)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (c *hClient) messages() []hMsg {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]hMsg(nil), c.msgs...)
}

// statusKB reads a field (VmRSS, VmHWM) of /proc/PID/status in kB.
func statusKB(t *testing.T, pid int, field string) int {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("reading the gateway's status: %v", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == field+":" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	t.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}

// bigText is testdata/testbackend's "big" text for a seed.
func bigText(n int, seed uint64) []byte {
	b := make([]byte, n)
	x := seed | 1
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = 'a' + byte(x%26)
	}
	return b
}

func nestedArgs(depth int) json.RawMessage {
	return json.RawMessage(strings.Repeat(`{"a":`, depth) + `{}` + strings.Repeat(`}`, depth))
}

// TestHardeningHostileSchemas (item 1): a backend whose one tool has a
// hostile input schema. While the hostile tool is called directly, through
// call_tool and through orchestrate_task, the healthy backend's calls and
// pings are all answered, the hostile calls are answered (unvalidated, with
// a warning in the log), and the gateway's peak RSS stays far below what
// the unbounded compile reached (2.4-4.6 GB). Before: no ping answered for
// tens of seconds.
func TestHardeningHostileSchemas(t *testing.T) {
	_, tb := binaries(t)
	for _, tt := range []struct {
		shape string
		args  json.RawMessage
	}{
		{"nested", json.RawMessage(`{}`)},
		{"oneof-chain", json.RawMessage(`{}`)},
		{"recursive", nestedArgs(40)},
		{"huge", json.RawMessage(`{"p1":"value-1-2"}`)},
	} {
		t.Run(tt.shape, func(t *testing.T) {
			marker := newMarker()
			c := startH(t, map[string]any{"expose": "all", "backends": []any{
				tbBackend(tb, "h", marker, "-hostile-schema", tt.shape),
				tbBackend(tb, "ok", marker),
			}}, marker)
			c.initialize()
			c.waitTools("h__hostile", "ok__echo")
			pid := c.cmd.Process.Pid
			base := statusKB(t, pid, "VmHWM")
			t.Cleanup(func() { // before the gateway is stopped: its peak even when a guard failed
				if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
					for _, l := range strings.Split(string(b), "\n") {
						if strings.HasPrefix(l, "VmHWM:") || strings.HasPrefix(l, "VmRSS:") {
							t.Logf("%s: gateway %s", tt.shape, strings.Join(strings.Fields(l), " "))
						}
					}
				}
			})

			start := time.Now()
			// A hang guard, a hundred times what the fixed gateway needs on a
			// loaded machine; the old one answered no ping for 16 s to minutes.
			guard := start.Add(10 * time.Second)
			hostile := map[string]string{
				"direct":           c.request("tools/call", map[string]any{"name": "h__hostile", "arguments": tt.args}),
				"call_tool":        c.request("tools/call", map[string]any{"name": "call_tool", "arguments": map[string]any{"name": "h__hostile", "arguments": tt.args}}),
				"orchestrate_task": c.request("tools/call", map[string]any{"name": "orchestrate_task", "arguments": map[string]any{"query": "frobnicate the quux widgets"}}),
			}
			// The healthy backend and pings, one round after the other,
			// while the hostile calls are in flight.
			var slowest time.Duration
			for i := range 20 {
				t0 := time.Now()
				ping := c.request("ping", map[string]any{})
				echo := c.request("tools/call", map[string]any{"name": "ok__echo", "arguments": map[string]any{"text": fmt.Sprint("healthy-", i)}})
				if m := c.await(ping, guard, fmt.Sprint("ping ", i)); m.Error != nil {
					t.Fatalf("ping %d: %+v", i, m.Error)
				}
				m := c.await(echo, guard, fmt.Sprint("healthy call ", i))
				if m.Error != nil || m.IsError || m.Text != fmt.Sprint("healthy-", i) {
					t.Fatalf("healthy call %d: %+v", i, m)
				}
				slowest = max(slowest, time.Since(t0))
			}
			for _, how := range []string{"direct", "call_tool", "orchestrate_task"} {
				m := c.await(hostile[how], guard, "hostile call "+how)
				if m.Error != nil {
					t.Errorf("hostile call %s: protocol error %+v", how, m.Error)
					continue
				}
				if m.IsError || !strings.HasPrefix(m.Text, "hostile called with") {
					t.Errorf("hostile call %s: isError=%v %q, want the backend's answer", how, m.IsError, m.Text)
				}
			}
			if log := c.stderr.String(); !strings.Contains(log, "not validated") {
				t.Errorf("no warning that the arguments went unvalidated in the log")
			}
			hwm := statusKB(t, pid, "VmHWM")
			t.Logf("%s: slowest healthy round %v, all hostile calls answered after %v; VmHWM %d MB (before the calls %d MB)",
				tt.shape, slowest.Round(time.Millisecond), time.Since(start).Round(time.Millisecond), hwm>>10, base>>10)
			if hwm > 300<<10 {
				t.Errorf("gateway peak RSS %d MB, want under 300 MB", hwm>>10)
			}
		})
	}
}

// TestHardeningClientStopsReading (item 5): the client stops reading while
// a backend answers 80 calls of 1 MiB (80 MiB: five times the 16 MiB a
// connection queues for a peer that does not read, rpc.ConnOptions'
// default, so the queue fills and the backend's pipe with it; a queue that
// dropped responses once full, as a 256 MiB one did before, loses some)
// and four calls send 200 progress notifications each. Once it reads again, every call is answered
// exactly once, in the order the backend sent the answers, every progress
// notification comes before its call's answer, and any notification the
// gateway dropped was logged. The stall (until the backend stops making
// progress) stays well under the documented 30 s after which the gateway
// would close the session.
func TestHardeningClientStopsReading(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	countFile := filepath.Join(t.TempDir(), "sent")
	c := startH(t, map[string]any{"expose": "all", "backends": []any{
		tbBackend(tb, "b", marker, "-serial-big", "-big-count-file", countFile),
	}}, marker)
	c.initialize()
	c.waitTools("b__big", "b__progress")

	const calls, size, progressCalls, steps = 80, 1 << 20, 4, 200
	c.gate.set(true)
	stalled := time.Now()
	var ids []string
	tokens := map[string]string{} // progress token -> id
	for i := range calls {
		if i%(calls/progressCalls) == 0 {
			tok := fmt.Sprint("tok-", i)
			tokens[tok] = c.request("tools/call", map[string]any{"name": "b__progress", "arguments": map[string]any{"steps": steps}, "_meta": map[string]any{"progressToken": tok}})
		}
		ids = append(ids, c.request("tools/call", map[string]any{"name": "b__big", "arguments": map[string]any{"bytes": size}}))
	}
	// Wait until the backend has sent everything or has made no progress
	// for 2 s (the gateway stopped reading it), then read again.
	sent, last, lastChange := 0, -1, time.Now()
	for sent < calls && time.Since(lastChange) < 2*time.Second && time.Since(stalled) < 20*time.Second {
		time.Sleep(100 * time.Millisecond)
		b, _ := os.ReadFile(countFile)
		sent, _ = strconv.Atoi(string(b))
		if sent != last {
			last, lastChange = sent, time.Now()
		}
	}
	rss := statusKB(t, c.cmd.Process.Pid, "VmRSS")
	t.Logf("stalled %v: the backend had sent %d of %d answers; gateway RSS %d MB", time.Since(stalled).Round(time.Millisecond), sent, calls, rss>>10)
	c.gate.set(false)

	// Reading 80 MiB takes the client about 15 s under -race on a loaded
	// machine: a hang guard well above that.
	guard := time.Now().Add(3 * time.Minute)
	for i, id := range ids {
		c.await(id, guard, fmt.Sprint("big call ", i))
	}
	for _, id := range tokens {
		c.await(id, guard, "progress call")
	}
	if m := c.await(c.request("ping", map[string]any{}), guard, "ping after the flood"); m.Error != nil {
		t.Fatalf("ping: %+v", m.Error)
	}
	answers := map[string]int{}
	answeredAt := map[string]int{}
	lastSeq, progress, late := 0, 0, 0
	for i, m := range c.messages() {
		switch {
		case m.ID != "":
			answers[m.ID]++
			answeredAt[m.ID] = i
			if strings.HasPrefix(m.Text, "seq ") {
				seq, _ := strconv.Atoi(strings.Fields(m.Text)[1])
				if seq <= lastSeq {
					t.Errorf("answer seq %d after seq %d: out of the backend's order", seq, lastSeq)
				}
				lastSeq = seq
				if m.TextLen != size {
					t.Errorf("answer seq %d has %d bytes, want %d", seq, m.TextLen, size)
				}
			}
		case m.Method == "notifications/progress":
			var p struct {
				Token string `json:"progressToken"`
			}
			json.Unmarshal(m.Params, &p)
			if id, ok := tokens[p.Token]; ok {
				progress++
				if _, done := answeredAt[id]; done {
					late++
				}
			}
		}
	}
	for _, id := range tokens {
		ids = append(ids, id)
	}
	for _, id := range ids {
		if answers[id] != 1 {
			t.Errorf("id %s answered %d times, want once", id, answers[id])
		}
	}
	if late > 0 {
		t.Errorf("%d progress notifications came after their call's answer", late)
	}
	log := c.stderr.String()
	if progress < progressCalls*steps && !strings.Contains(log, "notification dropped") {
		t.Errorf("%d of %d progress notifications arrived and no drop was logged", progress, progressCalls*steps)
	}
	if strings.Contains(log, "session closed") {
		t.Errorf("the session was closed although the client read again within the bound")
	}
	t.Logf("%d answers in order, %d of %d progress notifications delivered (%d drop lines logged)",
		len(answers), progress, progressCalls*steps, strings.Count(log, "notification dropped"))
}

// TestHardeningListChangedBounded (item 8): two backends announce
// tools/list_changed 250 times a second each; a healthy backend comes up
// 1.5 s after the gateway, then drops a tool every second, three times.
// For its first tools and for each dropped tool, the client must be told,
// and see the change, within a hang guard of 5 s from the moment the
// backend listed or announced it (the coalescer's documented maximum is
// 250 ms).
// Before the fix the update waited for a 50 ms pause in the flood, which
// came after seconds on a loaded machine, or never: four timely updates in
// a row did not happen.
func TestHardeningListChangedBounded(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	stamp := filepath.Join(t.TempDir(), "ready")
	c := startH(t, map[string]any{"expose": "all", "backends": []any{
		tbBackend(tb, "flood", marker, "-list-changed-rate", "250"),
		tbBackend(tb, "flood2", marker, "-list-changed-rate", "250"),
		tbBackend(tb, "late", marker, "-startup-delay", "1500ms", "-ready-stamp", stamp, "-drop-tools", "1s"),
	}}, marker)
	c.initialize()
	// stampOf waits for the backend to record when it offered its tools
	// ("echo") or dropped the tool name.
	stampOf := func(name string) time.Time {
		t.Helper()
		for deadline := time.Now().Add(waitLimit); ; time.Sleep(10 * time.Millisecond) {
			if name == "echo" {
				if b, err := os.ReadFile(stamp); err == nil && len(b) > 0 {
					ns, err := strconv.ParseInt(string(b), 10, 64)
					if err != nil {
						t.Fatalf("stamp %q: %v", b, err)
					}
					return time.Unix(0, ns)
				}
			} else if b, err := os.ReadFile(stamp + ".dropped"); err == nil {
				for _, l := range strings.Split(string(b), "\n") {
					if f := strings.Fields(l); len(f) == 2 && f[0] == name {
						ns, _ := strconv.ParseInt(f[1], 10, 64)
						return time.Unix(0, ns)
					}
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("the late backend never offered or dropped %s", name)
			}
		}
	}
	// A hang guard, twenty times the documented maximum; the fixed gateway
	// took 7-270 ms on a loaded machine, the old one 1.1-9.6 s or never.
	// (At 2 s it failed once in seven runs of the test command, whose
	// -race packages and background fuzzing share two cores: the late
	// backend took 3 s to come up for its 1.5 s delay, and the client
	// saw one list_changed in 3 s, so every process was starved.)
	const bound = 5 * time.Second
	var delays []string
	for _, tool := range []string{"echo", "unknown_content", "roots", "sample"} {
		offered := stampOf(tool)
		want := tool == "echo" // offered, else dropped
		guard := offered.Add(bound)
		for from := 0; ; {
			m, i, ok := c.waitMsg(from, guard, func(m hMsg) bool {
				return m.Method == "notifications/tools/list_changed" && !m.At.Before(offered)
			})
			if !ok {
				t.Fatalf("no tools/list_changed showing late__%s (offered %v) within %v of the change (%d list_changed in all; earlier delays %v)",
					tool, want, bound, countNotes(c, "notifications/tools/list_changed"), delays)
			}
			if rHas(c.toolNames(), "late__"+tool) == want {
				delays = append(delays, m.At.Sub(offered).Round(time.Millisecond).String())
				break
			}
			from = i + 1
		}
	}
	t.Logf("the client was told of the late backend's tools and of each dropped tool %v after the change", delays)
	if !rHas(c.toolNames(), "flood__echo") {
		t.Error("the flooding backend's own tools are not listed")
	}
}

func countNotes(c *hClient, method string) int {
	n := 0
	for _, m := range c.messages() {
		if m.Method == method {
			n++
		}
	}
	return n
}

// TestHardeningBigMessage (item 10): a 50 MB tool result through the
// gateway arrives intact; the gateway's peak RSS grows by less than three
// times the payload (before: about nine), and its RSS comes back near the
// baseline afterwards instead of staying at the read buffer's high-water
// mark.
func TestHardeningBigMessage(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	c := startH(t, map[string]any{"backends": []any{tbBackend(tb, "b", marker)}}, marker)
	c.initialize()
	const payload, seed = 50_000_000, 17
	want := sha256.Sum256(bigText(payload, seed))
	// A small call first, so the gateway has served a call before the
	// baseline is taken.
	if m := c.result("tools/call", map[string]any{"name": "call_tool", "arguments": map[string]any{"name": "b__big", "arguments": map[string]any{"bytes": 10, "seed": seed}}}); m.IsError {
		t.Fatalf("small call: %q", m.Text)
	}
	pid := c.cmd.Process.Pid
	baseRSS, baseHWM := statusKB(t, pid, "VmRSS"), statusKB(t, pid, "VmHWM")
	// The hang guard of this one call is longer than waitLimit: the test
	// client's own checks of a 50 MB line (UTF-8, JSON-RPC shape, two
	// decodes, SHA-256) take about 12 s under -race on a 2-core machine
	// (2 s without -race), and the test command runs every package at once.
	// One CI run under that load hit the 30 s guard here.
	id := c.request("tools/call", map[string]any{"name": "call_tool", "arguments": map[string]any{"name": "b__big", "arguments": map[string]any{"bytes": payload, "seed": seed}}})
	m := c.await(id, time.Now().Add(4*waitLimit), "the 50 MB call")
	if m.Error != nil {
		t.Fatalf("the 50 MB call: error %d %s", m.Error.Code, m.Error.Message)
	}
	if m.IsError || m.TextLen != payload || m.TextSum != want {
		t.Fatalf("the 50 MB result did not arrive intact: isError=%v, %d bytes, digest match %v", m.IsError, m.TextLen, m.TextSum == want)
	}
	hwm := statusKB(t, pid, "VmHWM")
	peak := float64(hwm-baseRSS) * 1024 / payload
	t.Logf("baseline RSS %d MB (peak so far %d MB); peak during the 50 MB round trip %d MB: %.2f× the payload over the baseline",
		baseRSS>>10, baseHWM>>10, hwm>>10, peak)
	if hwm*1024 > 3*payload+baseRSS*1024 {
		t.Errorf("peak RSS %d MB is over 3× the payload plus the baseline (%d MB)", hwm>>10, (3*payload>>20)+baseRSS>>10)
	}
	// RSS comes back: the gateway keeps no buffer at the message's size.
	limit := baseRSS + payload/2/1024
	var rss int
	start := time.Now()
	for rss = statusKB(t, pid, "VmRSS"); rss > limit && time.Since(start) < 20*time.Second; rss = statusKB(t, pid, "VmRSS") {
		time.Sleep(250 * time.Millisecond)
	}
	t.Logf("RSS %d MB %v after the result (baseline %d MB)", rss>>10, time.Since(start).Round(time.Millisecond), baseRSS>>10)
	if rss > limit {
		t.Errorf("RSS still %d MB 20 s after the result, want under %d MB (baseline + half the payload)", rss>>10, limit>>10)
	}
}

// TestHardeningProtocolNits (item 11), raw lines on the binary's stdin: a
// request id holding invalid UTF-8 is never echoed (every stdout line stays
// valid JSON-RPC in valid UTF-8); "ID" and "Method" are not "id" and
// "method"; nesting 20,000 deep after the id gets an error naming the id.
func TestHardeningProtocolNits(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	c := startH(t, map[string]any{"backends": []any{tbBackend(tb, "b", marker)}}, marker)
	c.initialize()
	// fence sends a ping and waits for it: the gateway has read (and
	// answered, in order) every line before it.
	fence := func(what string) int {
		t.Helper()
		id := c.request("ping", map[string]any{})
		_, i, ok := c.waitMsg(0, time.Now().Add(waitLimit), func(m hMsg) bool { return m.ID == id })
		if !ok {
			t.Fatalf("no answer to the ping after %s", what)
		}
		return i
	}

	c.write("{\"jsonrpc\":\"2.0\",\"id\":\"a\xff\xfeb\",\"method\":\"ping\"}")
	from := fence("the invalid UTF-8 id")
	c.mu.Lock()
	bad := len(c.bad)
	c.mu.Unlock()
	if bad > 0 {
		t.Errorf("the gateway wrote %d stdout lines that are not valid JSON-RPC in UTF-8 after an id with invalid UTF-8", bad)
	}

	c.write(`{"jsonrpc":"2.0","ID":7001,"Method":"ping"}`)
	c.write(`{"jsonrpc":"2.0","ID":7002,"method":"ping"}`)
	c.write(`{"jsonrpc":"2.0","id":7003,"Method":"ping"}`)
	end := fence("the miscased members")
	for _, m := range c.messages()[from:end] {
		switch m.ID {
		case "7001", "7002":
			t.Errorf(`"ID" was read as "id": %+v`, m)
		case "7003":
			if m.Error == nil {
				t.Errorf(`"Method" was read as "method": answered %s`, m.Result)
			}
		}
	}

	deep := `{"jsonrpc":"2.0","id":"deep-1","method":"tools/call","params":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`
	c.write(deep)
	fence("the deep message")
	m, _, ok := c.waitMsg(0, time.Now().Add(2*time.Second), func(m hMsg) bool { return m.ID == `"deep-1"` })
	if !ok {
		var nulls []string
		for _, m := range c.messages() {
			if m.ID == "null" && m.Error != nil {
				nulls = append(nulls, fmt.Sprint(m.Error.Code, " ", m.Error.Message))
			}
		}
		t.Fatalf("no answer naming id \"deep-1\" to the 20,000-deep message; errors with id null: %q", nulls)
	}
	if m.Error == nil {
		t.Errorf("the 20,000-deep message was answered with a result: %s", m.Result)
	}
	// The session goes on.
	if m := c.result("tools/call", map[string]any{"name": "call_tool", "arguments": map[string]any{"name": "b__echo", "arguments": map[string]any{"text": "still here"}}}); m.IsError || m.Text != "still here" {
		t.Errorf("after the nits: %+v", m)
	}
}

// TestHardeningDashboardWatchers (item 4): 100 dashboard watchers on
// /ws/mcptrace of the real gateway while the IDE makes 1,000 calls. At most
// 16 streams are open (the others are refused with 503, so a flood of tabs
// or scripts cannot make every forwarded call pay for them), each open
// stream gets batched frames at most every 250 ms however many entries
// pass, and every call is answered. The call rate with and without the
// watchers is logged for docs/benchmarks.md. Before: every watcher was
// accepted and fed one frame per entry, and 100 of them cut the IDE's call
// rate to 13.6 %.
func TestHardeningDashboardWatchers(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	c := startH(t, map[string]any{"expose": "all", "backends": []any{tbBackend(tb, "b", marker)}}, marker, "--debug-port", "0")
	c.initialize()
	c.waitTools("b__echo")
	re := regexp.MustCompile(`(http://127\.0\.0\.1:[0-9]+)/?(?:#token=([A-Za-z0-9]+))?`)
	var base, token string
	for deadline := time.Now().Add(waitLimit); base == ""; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(c.stderr.String()); m != nil {
			base, token = m[1], m[2]
		} else if time.Now().After(deadline) {
			t.Fatal("no dashboard URL in the log")
		}
	}
	const calls, inFlight = 1000, 64
	rate := func(what string) float64 {
		t.Helper()
		guard := time.Now().Add(2 * waitLimit)
		start := time.Now()
		for done := 0; done < calls; {
			var ids []string
			for range min(inFlight, calls-done) {
				ids = append(ids, c.request("tools/call", map[string]any{"name": "b__echo", "arguments": map[string]any{"text": "w"}}))
			}
			for _, id := range ids {
				if m := c.await(id, guard, what); m.Error != nil || m.Text != "w" {
					t.Fatalf("%s: %+v", what, m)
				}
			}
			done += len(ids)
		}
		return calls / time.Since(start).Seconds()
	}
	rate("warm-up")
	alone := rate("calls without watchers")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type watcher struct {
		frames, entries int
		first, last     time.Time
	}
	var (
		wg       sync.WaitGroup
		wmu      sync.Mutex
		open     []*watcher
		refused  = map[int]int{} // HTTP status -> count
		dialErrs []string
	)
	for range 100 {
		ws, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws/mcptrace?token="+token, nil)
		if err != nil {
			if resp != nil {
				refused[resp.StatusCode]++
			} else {
				dialErrs = append(dialErrs, err.Error())
			}
			continue
		}
		ws.SetReadLimit(-1)
		w := &watcher{}
		open = append(open, w)
		wg.Add(1)
		go func() { // reads until the test cancels ctx
			defer wg.Done()
			defer ws.CloseNow()
			for {
				_, b, err := ws.Read(ctx)
				if err != nil {
					return
				}
				var f struct {
					Entries []json.RawMessage `json:"entries"`
				}
				json.Unmarshal(b, &f)
				now := time.Now()
				wmu.Lock()
				if len(f.Entries) > 0 || !bytes.HasPrefix(b, []byte(`{"backlog"`)) {
					if w.frames == 0 {
						w.first = now
					}
					w.frames++
					w.entries += max(len(f.Entries), 1)
					w.last = now
				}
				wmu.Unlock()
			}
		}()
	}
	watched := rate("calls with watchers")
	time.Sleep(600 * time.Millisecond) // the last batch
	cancel()
	wg.Wait()
	t.Logf("%d of 100 watchers accepted, refused: %v; %.0f calls/s alone, %.0f with the watchers (%.1f %%)",
		len(open), refused, alone, watched, 100*watched/alone)
	if len(dialErrs) > 0 {
		t.Errorf("%d dials failed without an HTTP answer, first: %s", len(dialErrs), dialErrs[0])
	}
	if len(open) > 16 {
		t.Errorf("%d dashboard streams accepted at once, want at most 16", len(open))
	}
	if n := len(open) + refused[http.StatusServiceUnavailable]; n != 100 {
		t.Errorf("%d accepted + %d refused with 503, want 100 (refused: %v)", len(open), refused[http.StatusServiceUnavailable], refused)
	}
	if len(open) == 0 {
		t.Fatal("no dashboard stream accepted")
	}
	for i, w := range open {
		if w.frames == 0 {
			t.Errorf("watcher %d got no live entries", i)
			continue
		}
		// Batched: at most one frame per 250 ms (plus the first).
		if limit := 1 + int(w.last.Sub(w.first)/(250*time.Millisecond)) + 1; w.frames > limit {
			t.Errorf("watcher %d got %d frames (%d entries) in %v, want at most %d: one frame per 250 ms",
				i, w.frames, w.entries, w.last.Sub(w.first).Round(time.Millisecond), limit)
			break
		}
	}
}
