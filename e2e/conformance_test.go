package e2e

// The official MCP conformance suite (@modelcontextprotocol/conformance,
// pinned in testdata/e2e's lockfile, run with the Node 22 binary installed
// there) against `serve --http` with the Go conformance fixture
// (testdata/conformance) as the only backend, over stdio.
//
// The whole suite runs against one gateway process: every scenario is a
// client session of its own, sharing the gateway's backends.

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

// suiteSummary is the suite's "=== SUMMARY ===" part: per scenario
// "✓ name: N passed, M failed", then "Total: N passed, M failed".
type suiteSummary struct {
	scenarios      map[string][2]int // name -> {passed, failed}
	passed, failed int
	text           string
}

var (
	scenarioLineRE = regexp.MustCompile(`(?m)^\s*[✓✗]\s+([a-z0-9-]+): (\d+) passed, (\d+) failed`)
	totalRE        = regexp.MustCompile(`(?m)^Total: (\d+) passed, (\d+) failed`)
	oneRE          = regexp.MustCompile(`Passed: (\d+)/\d+, (\d+) failed`)
)

// runSuite runs the suite's server mode against url (all scenarios, or
// what extra selects) and parses its summary.
func runSuite(t *testing.T, node, entry, url string, extra ...string) suiteSummary {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	args := append([]string{entry, "server", "--url", url, "-o", t.TempDir()}, extra...)
	out, _ := exec.CommandContext(ctx, node, args...).CombinedOutput()
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	if len(extra) == 2 && extra[0] == "--scenario" {
		// One scenario: "Passed: N/T, M failed, W warnings".
		m := oneRE.FindStringSubmatch(string(out))
		if m == nil {
			t.Fatalf("no result in the suite's output:\n%s", tail(string(out), 4000))
		}
		line := fmt.Sprintf("%s: %s passed, %s failed\n", extra[1], m[1], m[2])
		return suiteSummary{scenarios: map[string][2]int{extra[1]: {n(m[1]), n(m[2])}}, passed: n(m[1]), failed: n(m[2]), text: line}
	}
	i := strings.Index(string(out), "=== SUMMARY ===")
	m := totalRE.FindStringSubmatch(string(out))
	if i < 0 || m == nil {
		t.Fatalf("no summary in the suite's output:\n%s", tail(string(out), 4000))
	}
	sum := suiteSummary{scenarios: map[string][2]int{}, passed: n(m[1]), failed: n(m[2]), text: string(out[i:])}
	for _, l := range scenarioLineRE.FindAllStringSubmatch(sum.text, -1) {
		sum.scenarios[l[1]] = [2]int{n(l[2]), n(l[3])}
	}
	return sum
}

// runAll runs the suite's default set, then each listed scenario the
// default set leaves out (the suite marks some "pending"), one by one, and
// merges the summaries.
func runAll(t *testing.T, node, entry, url string, want []string) suiteSummary {
	t.Helper()
	sum := runSuite(t, node, entry, url)
	for _, sc := range want {
		if _, ok := sum.scenarios[sc]; ok {
			continue
		}
		one := runSuite(t, node, entry, url, "--scenario", sc)
		sum.passed += one.passed
		sum.failed += one.failed
		sum.text += one.text
		for k, v := range one.scenarios {
			sum.scenarios[k] = v
		}
	}
	return sum
}

// checkSuite fails the test unless every scenario in want ran and passed
// with no failed check.
func checkSuite(t *testing.T, sum suiteSummary, want []string) {
	t.Helper()
	t.Logf("Total: %d passed, %d failed\n%s", sum.passed, sum.failed, sum.text)
	if sum.failed > 0 || sum.passed == 0 {
		t.Errorf("conformance: %d passed, %d failed", sum.passed, sum.failed)
	}
	for _, sc := range want {
		if r, ok := sum.scenarios[sc]; !ok || r[0] == 0 || r[1] > 0 {
			t.Errorf("scenario %s: ran=%v passed=%d failed=%d", sc, ok, r[0], r[1])
		}
	}
}

// fixtureConfig is the gateway configuration with the fixture as its only
// backend, with backend names kept ("names": "bare") as the suite calls
// them.
func fixtureConfig(t *testing.T) string {
	return writeConfig(t, map[string]any{
		"expose":   "all",
		"names":    "bare",
		"backends": []map[string]any{{"id": "conformance", "command": conformanceFixture(t)}},
	})
}

// TestConformanceServer runs every active server scenario of the pinned
// suite against one `serve --http` gateway: with the fixture as its stdio
// backend, and again with the fixture behind a second gateway reached
// over Streamable HTTP (client -HTTP-> gateway -HTTP-> gateway -stdio->
// fixture), so both sides of the gateway are under the suite.
func TestConformanceServer(t *testing.T) {
	node, entry := conformanceSuite(t, "conformance")
	want := serverScenarios(t, node, entry)
	inner := startHTTPGateway(t, fixtureConfig(t))
	t.Run("stdio fixture", func(t *testing.T) {
		checkSuite(t, runAll(t, node, entry, inner, want), want)
	})
	t.Run("fixture behind HTTP", func(t *testing.T) {
		outer := startHTTPGateway(t, writeConfig(t, map[string]any{
			"expose":   "all",
			"names":    "bare",
			"backends": []map[string]any{{"id": "inner", "type": "http", "url": inner}},
		}))
		checkSuite(t, runAll(t, node, entry, outer, want), want)
	})
}

// TestConformanceServerNext runs the suite's 0.2.0 alpha (pinned in the
// lockfile) with --requirements 2025-11-25 against the same setup.
func TestConformanceServerNext(t *testing.T) {
	node, entry := conformanceSuite(t, "conformance-next")
	checkSuite(t, runSuite(t, node, entry, startHTTPGateway(t, fixtureConfig(t)), "--requirements", "2025-11-25"), nil)
}

// BenchmarkHTTPClients measures tools/call through `serve --http` to the Go
// test backend's echo tool with N callers in flight at once in one HTTP
// session, each call its own POST with an SSE response. Reports calls per
// second.
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
