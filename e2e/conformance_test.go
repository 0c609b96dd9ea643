package e2e

// The official MCP conformance suite (@modelcontextprotocol/conformance,
// pinned in testdata/e2e's lockfile, run with the Node 22 binary installed
// there) against `serve --http` with the Go conformance fixture
// (testdata/conformance) as the only backend, over stdio.
//
// The gateway serves one HTTP session per process until multi-session
// support lands, so every scenario gets a gateway of its own.

import (
	"bufio"
	"context"
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
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

var (
	fixtureOnce sync.Once
	fixturePath string
	fixtureErr  error
	fixtureOut  []byte
)

// conformanceFixture builds testdata/conformance once.
func conformanceFixture(t *testing.T) string {
	t.Helper()
	fixtureOnce.Do(func() {
		dir, err := os.MkdirTemp("", "agentify-conformance-")
		if err != nil {
			fixtureErr = err
			return
		}
		fixturePath = filepath.Join(dir, "conformance")
		cmd := exec.Command("go", "build", "-o", fixturePath, "./testdata/conformance")
		cmd.Dir = repoRoot(t)
		fixtureOut, fixtureErr = cmd.CombinedOutput()
	})
	if fixtureErr != nil {
		t.Fatalf("building the conformance fixture: %v\n%s", fixtureErr, fixtureOut)
	}
	return fixturePath
}

// conformanceSuite returns the Node 22 binary and the suite's entry point
// (pkg "conformance" for the pinned release, "conformance-next" for the
// 0.2.0 alpha).
func conformanceSuite(t *testing.T, pkg string) (node, entry string) {
	nm := nodeModules(t)
	node = filepath.Join(nm, "node22", "bin", "node")
	entry = filepath.Join(nm, "@modelcontextprotocol", pkg, "dist", "index.js")
	if pkg == "conformance-next" { // npm alias of the 0.2.0 alpha
		entry = filepath.Join(nm, pkg, "dist", "index.js")
	}
	for _, p := range []string{node, entry} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("conformance suite not installed (scripts/test.sh installs it from testdata/e2e's lockfile): %v", err)
		}
	}
	return node, entry
}

// serverScenarios lists the suite's active server scenarios.
func serverScenarios(t *testing.T, node, entry string) []string {
	out, err := exec.Command(node, entry, "list").CombinedOutput()
	if err != nil {
		t.Fatalf("conformance list: %v\n%s", err, out)
	}
	var names []string
	in := false
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, "Server scenarios"):
			in = true
		case strings.HasPrefix(line, "Client scenarios"):
			in = false
		case in && strings.HasPrefix(line, "  - "):
			names = append(names, strings.Fields(line)[1])
		}
	}
	if len(names) == 0 {
		t.Fatalf("no server scenarios in:\n%s", out)
	}
	return names
}

var urlRE = regexp.MustCompile(`"url":"(http://[^"]+/mcp)"`)

// startHTTPGateway runs `serve --http 127.0.0.1:0` with cfgPath and
// returns the logged URL; the process is stopped at cleanup.
func startHTTPGateway(t *testing.T, cfgPath string, args ...string) string {
	return startHTTPGatewayTB(t, cfgPath, args...)
}

func startHTTPGatewayTB(t testing.TB, cfgPath string, args ...string) string {
	t.Helper()
	gw, _ := binaries(t)
	cmd := exec.Command(gw, append([]string{"serve", "--config", cfgPath, "--http", "127.0.0.1:0"}, args...)...)
	cmd.Env = cleanEnv()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }() // ends when the process exits
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	urls := make(chan string, 1)
	var logMu sync.Mutex
	var logs strings.Builder
	go func() { // drains stderr until the process exits
		sc := bufio.NewScanner(stderr)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			logMu.Lock()
			logs.WriteString(sc.Text() + "\n")
			logMu.Unlock()
			if m := urlRE.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case urls <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case u := <-urls:
		return u
	case <-time.After(20 * time.Second):
		logMu.Lock()
		defer logMu.Unlock()
		t.Fatalf("gateway logged no URL:\n%s", logs.String())
		return ""
	}
}

// suiteResult is the summary line of one scenario run.
type suiteResult struct {
	passed, total, failed, warnings int
	output                          string
}

var passedRE = regexp.MustCompile(`Passed: (\d+)/(\d+), (\d+) failed, (\d+) warnings`)

// runServerScenario runs one server scenario against url.
func runServerScenario(t *testing.T, node, entry, url, scenario string, extra ...string) suiteResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{entry, "server", "--url", url, "--scenario", scenario, "-o", t.TempDir()}, extra...)
	out, _ := exec.CommandContext(ctx, node, args...).CombinedOutput()
	m := passedRE.FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("%s: no summary line in the suite's output:\n%s", scenario, out)
	}
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	return suiteResult{passed: n(m[1]), total: n(m[2]), failed: n(m[3]), warnings: n(m[4]), output: string(out)}
}

// fixtureConfig is the gateway configuration with the fixture as its only
// backend.
func fixtureConfig(t *testing.T, bare bool) string {
	cfg := map[string]any{
		"expose":   "all",
		"backends": []map[string]any{{"id": "conformance", "command": conformanceFixture(t)}},
	}
	if bare {
		cfg["names"] = "bare"
	}
	return writeConfig(t, cfg)
}

// transportScenarios pass with prefixed names: they exercise the HTTP
// transport (sessions, SSE streams, DNS rebinding) and name-independent
// methods, so they guard the transport until "names": "bare" exists.
var transportScenarios = []string{
	"server-initialize", "logging-set-level", "ping", "tools-list", "tools-call-error",
	"server-sse-multiple-streams", "dns-rebinding-protection",
	"resources-list", "resources-read-text", "resources-read-binary", "resources-templates-read",
	"resources-subscribe", "resources-unsubscribe", "prompts-list",
}

func TestConformanceServerTransport(t *testing.T) {
	node, entry := conformanceSuite(t, "conformance")
	cfg := fixtureConfig(t, false)
	for _, sc := range transportScenarios {
		t.Run(sc, func(t *testing.T) {
			r := runServerScenario(t, node, entry, startHTTPGateway(t, cfg), sc)
			t.Logf("%s: Passed: %d/%d, %d failed, %d warnings", sc, r.passed, r.total, r.failed, r.warnings)
			if r.failed > 0 || r.passed == 0 {
				t.Errorf("%s failed:\n%s", sc, r.output)
			}
		})
	}
}

// Every active server scenario with "names": "bare", the fixture as the
// only (stdio) backend.
func TestConformanceServerBare(t *testing.T) {
	gw, _ := binaries(t)
	schema, err := exec.Command(gw, "schema").Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(schema), `"names"`) {
		t.Skip(`the gateway has no "names" option yet (issue 14: names "bare"); the configuration this test writes would be refused`)
	}
	node, entry := conformanceSuite(t, "conformance")
	cfg := fixtureConfig(t, true)
	for _, sc := range serverScenarios(t, node, entry) {
		t.Run(sc, func(t *testing.T) {
			r := runServerScenario(t, node, entry, startHTTPGateway(t, cfg), sc)
			t.Logf("%s: Passed: %d/%d, %d failed, %d warnings", sc, r.passed, r.total, r.failed, r.warnings)
			if r.failed > 0 || r.passed == 0 {
				t.Errorf("%s failed:\n%s", sc, r.output)
			}
		})
	}
}

// The 0.2.0 alpha with --requirements 2025-11-25 (a fixed scenario set
// that cannot be combined with --scenario, so all run against one
// gateway; until one gateway serves many sessions, scenarios after the
// first get the "already serves its one HTTP session" refusal). Run and
// reported with its summary in the log, not gating, since the alpha moves.
func TestConformanceNextReport(t *testing.T) {
	if os.Getenv("AGENTIFY_CONFORMANCE_NEXT") == "" {
		t.Skip("set AGENTIFY_CONFORMANCE_NEXT=1 to run the 0.2.0 alpha (report only)")
	}
	node, entry := conformanceSuite(t, "conformance-next")
	url := startHTTPGateway(t, fixtureConfig(t, false))
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	out, _ := exec.CommandContext(ctx, node, entry, "server", "--url", url, "--requirements", "2025-11-25", "-o", t.TempDir()).CombinedOutput()
	i := strings.Index(string(out), "=== SUMMARY ===")
	if i < 0 {
		t.Fatalf("no summary in the alpha's output:\n%s", tail(string(out), 4000))
	}
	t.Logf("conformance 0.2.0 alpha, --requirements 2025-11-25:\n%s", out[i:])
}

// BenchmarkHTTPClients measures tools/call through `serve --http` to the Go
// test backend's echo tool with N callers in flight at once (one HTTP
// session: the gateway serves one per process for now), each call its own
// POST with an SSE response. Reports calls per second.
//
//	go test ./e2e -run '^$' -bench HTTPClients -benchtime 2000x
func BenchmarkHTTPClients(b *testing.B) {
	_, tb := binaries(b)
	cfg := writeConfig(b, map[string]any{"expose": "all", "backends": []map[string]any{{"id": "tb", "command": tb}}})
	url := startHTTPGatewayTB(b, cfg)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	post := func(session, body string) (*http.Response, error) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		}
		return client.Do(req)
	}
	resp, err := post("", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
	if err != nil {
		b.Fatal(err)
	}
	session := resp.Header.Get("Mcp-Session-Id")
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp, err = post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		b.Fatal(err)
	}
	resp.Body.Close()
	var id atomic.Int64
	call := func() error {
		n := id.Add(1)
		resp, err := post(session, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"tb__echo","arguments":{"text":"hi"}}}`, n))
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			return err
		}
		if !strings.Contains(string(body), `"text":"hi"`) {
			return fmt.Errorf("call %d: %s", n, body)
		}
		return nil
	}
	// Wait until the backend is up (a call before that is an isError result).
	for i := 0; ; i++ {
		err := call()
		if err == nil {
			break
		}
		if i == 100 {
			b.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, clients := range []int{1, 8, 32} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			var next atomic.Int64
			var wg sync.WaitGroup
			errs := make(chan error, clients)
			b.ResetTimer()
			start := time.Now()
			for range clients {
				wg.Add(1)
				go func() { // one caller; ends when b.N calls are taken
					defer wg.Done()
					for next.Add(1) <= int64(b.N) {
						if err := call(); err != nil {
							errs <- err
							return
						}
					}
				}()
			}
			wg.Wait()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "calls/s")
			close(errs)
			for err := range errs {
				b.Fatal(err)
			}
		})
	}
}
