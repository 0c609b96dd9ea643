package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mcp-agentify/mcp-agentify/backends/backendstest"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"golang.org/x/tools/txtar"
)

// This file is the in-process tier of the gateway's tests: a session served
// over an in-memory pipe to a client the test drives, against scripted
// in-memory backends (package backendstest), inside a testing/synctest
// bubble. No process, no socket; time is the bubble's fake time, so
// readiness waits, timeouts and the coalescing of list changes are exact
// and take no real time.

var update = flag.Bool("update", false, "rewrite the want sections of testdata/wire/*.txtar")

// pipeClient is a client connected to a gateway through a net.Pipe: the
// test writes its lines and collects what the gateway writes back.
type pipeClient struct {
	conn   net.Conn   // the client's end
	served chan error // the session's Serve result
	read   chan struct{}

	mu  sync.Mutex
	out []string // guarded by mu; lines the gateway wrote, not yet taken
}

// servePipe starts a session of g for a new pipeClient.
func servePipe(g *Gateway) *pipeClient {
	cl, gw := net.Pipe()
	c := &pipeClient{conn: cl, served: make(chan error, 1), read: make(chan struct{})}
	// Owned by the test: ends when the client's end closes (close).
	go func() { c.served <- g.Serve(context.Background(), rpc.NewLineStream(gw, gw, gw, 0)) }()
	// Owned by the test: ends when the session closes its end.
	go func() {
		defer close(c.read)
		r := bufio.NewReader(cl)
		for {
			line, err := r.ReadString('\n')
			if line != "" {
				c.mu.Lock()
				c.out = append(c.out, line)
				c.mu.Unlock()
			}
			if err != nil {
				return
			}
		}
	}()
	return c
}

// send writes one line, exactly as given, and waits until everything it
// set off has happened (only what waits for time is left).
func (c *pipeClient) send(t *testing.T, line string) {
	t.Helper()
	if _, err := c.conn.Write([]byte(line + "\n")); err != nil {
		t.Fatalf("client write: %v", err)
	}
	synctest.Wait()
}

// take returns the lines the gateway wrote since the last take, each with
// its newline.
func (c *pipeClient) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.out
	c.out = nil
	return out
}

// close disconnects and waits for the session to end.
func (c *pipeClient) close(t *testing.T) {
	c.conn.Close()
	if err := <-c.served; err != nil && !errors.Is(err, io.EOF) {
		t.Errorf("session: %v", err)
	}
	<-c.read
}

// wire is one gateway under test with its client and backends. It must be
// created and used inside a synctest bubble.
type wire struct {
	t       *testing.T
	g       *Gateway
	servers backendstest.Servers
	client  *pipeClient // the current session's

	cursors []string // nextCursor values seen, $CURSOR1 first
}

// newWire makes a gateway configured with cfg, whose backends are the
// servers by id; connect starts its first session.
func newWire(t *testing.T, cfg *schemas.Config, servers backendstest.Servers) *wire {
	return &wire{t: t, servers: servers, g: New(Options{Config: cfg, Version: "wire", Dial: servers.Dial})}
}

// connect starts a new client session on the gateway.
func (w *wire) connect() { w.client = servePipe(w.g) }

// disconnect ends the current session.
func (w *wire) disconnect() { w.client.close(w.t) }

// close ends the session and stops the gateway and the backends.
func (w *wire) close() {
	w.disconnect()
	w.g.Stop()
	for _, s := range w.servers {
		s.Close()
	}
}

// send writes one line from the client ($CURSORn replaced by the n-th
// cursor seen).
func (w *wire) send(line string) {
	w.t.Helper()
	for n := len(w.cursors); n >= 1; n-- {
		line = strings.ReplaceAll(line, fmt.Sprintf("$CURSOR%d", n), w.cursors[n-1])
	}
	w.client.send(w.t, line)
}

// sleep lets d of fake time pass, with everything due in it.
func (w *wire) sleep(d time.Duration) {
	time.Sleep(d)
	synctest.Wait()
}

// take returns the lines the gateway wrote since the last take, each with
// its newline, nextCursor values replaced by $CURSORn.
func (w *wire) take() []string {
	out := w.client.take()
	for i, l := range out {
		out[i] = cursorValue.ReplaceAllStringFunc(l, func(m string) string {
			v := cursorValue.FindStringSubmatch(m)[1]
			n := slices.Index(w.cursors, v)
			if n < 0 {
				w.cursors = append(w.cursors, v)
				n = len(w.cursors) - 1
			}
			return fmt.Sprintf(`"nextCursor":"$CURSOR%d"`, n+1)
		})
	}
	return out
}

// cursorValue finds the gateway's pagination cursors, which are random per
// session: the one member of a list result the goldens cannot spell.
var cursorValue = regexp.MustCompile(`"nextCursor":"([^"]*)"`)

// handshakeMethods are what a backend's supervisor sends on its own to
// connect and discover; the gateway never forwards them for a client (it
// answers client lists from what it discovered).
var handshakeMethods = []string{"initialize", "notifications/initialized", "tools/list", "prompts/list", "resources/list", "resources/templates/list"}

// forwarded returns what backend id received besides its handshake, each
// line with its newline: the bytes the gateway forwarded on the client's
// behalf, and its answers to the backend's own requests.
func (w *wire) forwarded(id string) []string {
	var out []string
	for _, l := range w.servers[id].Received() {
		var m struct {
			Method string `json:"method"`
		}
		_ = json.Unmarshal([]byte(l), &m)
		if !slices.Contains(handshakeMethods, m.Method) {
			out = append(out, l+"\n")
		}
	}
	return out
}

// TestWire replays testdata/wire/*.txtar (see testdata/wire/README) and
// compares, byte for byte, what the client and each backend received with
// the archive's want sections. -update rewrites those sections.
func TestWire(t *testing.T) {
	files, _ := filepath.Glob("testdata/wire/*.txtar")
	if len(files) == 0 {
		t.Fatal("no wire goldens")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range ar.Files {
				if f.Name != "env" {
					continue
				}
				for _, kv := range strings.Fields(string(f.Data)) {
					k, v, _ := strings.Cut(kv, "=")
					t.Setenv(k, v)
				}
			}
			// Every archive is replayed twice, with the fast lane
			// (fastlane.go) and with every line on the general path: both
			// must write the same bytes.
			synctest.Test(t, func(t *testing.T) { replayWire(t, f, ar, false) })
			if !*update {
				t.Run("general", func(t *testing.T) {
					synctest.Test(t, func(t *testing.T) { replayWire(t, f, ar, true) })
				})
			}
		})
	}
	if wireFastCalls.Load() == 0 {
		t.Error("no archive's call took the fast lane")
	}
}

// wireFastCalls counts the calls of TestWire that took the fast lane.
var wireFastCalls atomic.Int64

// replayWire runs one archive inside a synctest bubble; fastOff sends
// every line the general way.
func replayWire(t *testing.T, file string, ar *txtar.Archive, fastOff bool) {
	cfg := &schemas.Config{}
	servers := backendstest.Servers{}
	var steps []string
	wants := map[string]int{} // section name -> index in ar.Files
	for i, f := range ar.Files {
		switch name := f.Name; {
		case name == "config.json":
			if err := json.Unmarshal(f.Data, cfg); err != nil {
				t.Fatalf("config.json: %v", err)
			}
		case name == "env": // applied by TestWire
		case name == "client":
			steps = strings.Split(strings.TrimRight(string(f.Data), "\n"), "\n")
		case strings.HasSuffix(name, ".backend"):
			s, err := backendstest.New(string(f.Data))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			servers[strings.TrimSuffix(name, ".backend")] = s
		case strings.HasSuffix(name, ".want"):
			wants[strings.TrimSuffix(name, ".want")] = i
		default:
			t.Fatalf("unknown section %q", name)
		}
	}
	// Unless config.json lists backends, every scripted backend is
	// configured, in the order of their ids.
	if cfg.Backends == nil {
		for _, id := range slices.Sorted(maps.Keys(servers)) {
			cfg.Backends = append(cfg.Backends, schemas.Backend{ID: id})
		}
	}
	stdio(cfg)

	start := time.Now()
	w := newWire(t, cfg, servers)
	w.g.fastOff = fastOff
	w.connect()
	defer func() { wireFastCalls.Add(w.g.fastCalls.Load()) }()
	closed := false
	defer func() {
		if !closed { // a step failed: end everything the bubble must see end
			w.close()
		}
	}()
	var got []string
	unordered := false // the step's output is due at one instant in no defined order
	for _, step := range steps {
		switch {
		case step == "":
		case step == "@unordered":
			got = append(got, w.take()...)
			unordered = true
			continue
		case strings.HasPrefix(step, "#"):
			// A comment marks its place in the transcript, with the fake
			// time since the start.
			got = append(got, w.take()...)
			got = append(got, fmt.Sprintf("%s [at %v]\n", step, time.Since(start)))
		case strings.HasPrefix(step, "@sleep "):
			d, err := time.ParseDuration(strings.TrimPrefix(step, "@sleep "))
			if err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			w.sleep(d)
		case strings.HasPrefix(step, "@reload "):
			// The configuration file changed: reload it as the watcher would.
			file := &schemas.Config{}
			if err := json.Unmarshal([]byte(strings.TrimPrefix(step, "@reload ")), file); err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			stdio(file)
			res, err := w.g.reload(file)
			synctest.Wait()
			got = append(got, w.take()...)
			got = append(got, fmt.Sprintf("# reloaded: %+v, error %v [at %v]\n", res, err, time.Since(start)))
		case step == "@reconnect":
			w.disconnect()
			got = append(got, w.take()...)
			got = append(got, "# reconnected\n")
			w.connect()
			synctest.Wait()
		case strings.HasPrefix(step, "@"):
			id, line, _ := strings.Cut(step[1:], " ")
			s := servers[id]
			if s == nil {
				t.Fatalf("%s: no backend %q", step, id)
			}
			if err := s.Send(line); err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			synctest.Wait()
		default:
			w.send(step)
		}
		out := w.take()
		if unordered {
			// Each line is still compared byte for byte, in sorted order.
			slices.Sort(out)
			unordered = false
		}
		got = append(got, out...)
	}
	w.close()
	closed = true
	got = append(got, w.take()...)

	results := map[string][]string{"client": got}
	for id, s := range servers {
		results[id] = w.forwarded(id)
		for _, l := range s.Received() {
			results[id+".all"] = append(results[id+".all"], l+"\n")
		}
	}
	if _, ok := wants["client"]; !ok {
		if !*update {
			t.Fatal("no client.want section (run with -update to write it, then review it)")
		}
		ar.Files = append(ar.Files, txtar.File{Name: "client.want"})
		wants["client"] = len(ar.Files) - 1
	}
	for name, i := range wants {
		res, ok := results[name]
		if !ok {
			t.Fatalf("%s.want: no such client or backend", name)
		}
		if *update {
			ar.Files[i].Data = []byte(strings.Join(res, ""))
			continue
		}
		want := strings.SplitAfter(string(ar.Files[i].Data), "\n")
		if want[len(want)-1] == "" {
			want = want[:len(want)-1]
		}
		if diff := cmp.Diff(want, res, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s received (-want +got):\n%s", name, diff)
		}
	}
	if *update {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// stdio makes every backend of cfg without a type a stdio backend (their
// connections are dialled in memory anyway).
func stdio(cfg *schemas.Config) {
	for i := range cfg.Backends {
		if cfg.Backends[i].Type == "" {
			cfg.Backends[i].Type = schemas.TypeStdio
		}
	}
}
