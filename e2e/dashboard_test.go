package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestDashboardRealBinary opens the dashboard of the real gateway, with the
// Go test backend behind it, in headless Chromium: the page loads without
// console errors, shows the backend and its tools, runs a task from the
// console through the real pipeline, and the trace shows the planner
// decision and the paired backend call. Secrets in the configuration never
// reach the page. Screenshots go to $AGENTIFY_ARTIFACTS/dashboard.
func TestDashboardRealBinary(t *testing.T) {
	needChromium(t)
	node := needNode(t)
	_, tb := binaries(t)
	marker := newMarker()
	const token, secret = "dash-token-5f1e", "env-secret-value-93ab"
	be := tbBackend(tb, "tb", marker)
	be["env"] = map[string]string{"TB_SECRET": secret}
	cfg := writeConfig(t, map[string]any{"debugToken": token, "backends": []any{be}})
	g := startGateway(t, cfg, marker, gwOptions{args: []string{"--debug-port", "0"}})
	g.initialize("2025-11-25", nil)
	g.waitTools(3)

	re := regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+`)
	var url string
	for deadline := time.Now().Add(waitLimit); url == ""; {
		if url = re.FindString(g.stderr.String()); url == "" {
			if time.Now().After(deadline) {
				t.Fatalf("no dashboard URL in the log:\n%s", g.stderr.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	if strings.Contains(g.stderr.String(), token) {
		t.Error("the dashboard token appears in the log")
	}
	artifacts := os.Getenv("AGENTIFY_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	}
	artifacts = filepath.Join(artifacts, "dashboard")
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}
	secrets, _ := json.Marshal([]string{secret})
	cmd := exec.Command(node, filepath.Join(repoRoot(t), "e2e", "testdata", "dashboard_real.mjs"))
	cmd.Env = append(os.Environ(),
		"AGENTIFY_URL="+url+"/?token="+token,
		"AGENTIFY_E2E_DIR="+filepath.Dir(nodeModules(t)),
		"AGENTIFY_ARTIFACTS="+artifacts,
		"AGENTIFY_BACKEND=tb",
		"AGENTIFY_SECRETS="+string(secrets),
	)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "\nok") {
		t.Fatalf("dashboard_real.mjs: %v\n%s", err, out)
	}
	t.Logf("screenshots in %s", artifacts)
}

// TestDashboardTokenRequired: with no debugToken configured, the real
// gateway's dashboard still refuses a plain POST /api/run (which ran real
// tasks, reading and writing files, for any local process), every other
// API call and the WebSockets; the random token it logs in the page URL's
// fragment opens them.
func TestDashboardTokenRequired(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}})
	g := startGateway(t, cfg, marker, gwOptions{args: []string{"--debug-port", "0"}})
	g.initialize("2025-11-25", nil)
	g.waitTools(3)

	re := regexp.MustCompile(`(http://127\.0\.0\.1:[0-9]+)/#token=([A-Za-z0-9]+)`)
	var m []string
	for deadline := time.Now().Add(waitLimit); m == nil; {
		if m = re.FindStringSubmatch(g.stderr.String()); m == nil {
			if time.Now().After(deadline) {
				t.Fatalf("no dashboard URL with a token in the log:\n%s", g.stderr.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	base, token := m[1], m[2]
	do := func(method, path, body, auth string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if auth != "" {
			req.Header.Set("Authorization", "Bearer "+auth)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	run := `{"query":"echo hello","dryRun":false}`
	if code, body := do("POST", "/api/run", run, ""); code != http.StatusUnauthorized {
		t.Errorf("POST /api/run without token: %d %s", code, body)
	}
	if code, body := do("POST", "/api/run", run, "wrong-token"); code != http.StatusUnauthorized {
		t.Errorf("POST /api/run with a wrong token: %d %s", code, body)
	}
	for _, p := range []string{"/api/status", "/api/backends", "/api/config", "/api/logs", "/api/mcptrace", "/metrics", "/ws/logs", "/ws/mcptrace"} {
		if code, _ := do("GET", p, "", ""); code != http.StatusUnauthorized {
			t.Errorf("GET %s without token: %d", p, code)
		}
	}
	if code, body := do("GET", "/", "", ""); code != http.StatusOK || !strings.Contains(body, "<html") {
		t.Errorf("the page itself: %d", code)
	}
	if code, body := do("GET", "/api/status", "", token); code != http.StatusOK {
		t.Errorf("GET /api/status with the logged token: %d %s", code, body)
	}
	if code, body := do("POST", "/api/run", run, token); code != http.StatusOK || !strings.Contains(body, "elapsedMs") {
		t.Errorf("POST /api/run with the logged token: %d %s", code, body)
	}
}

// dashboardOf waits for the gateway's logged dashboard URL and returns its
// base and token.
func dashboardOf(t *testing.T, stderr fmt.Stringer) (base, token string) {
	t.Helper()
	re := regexp.MustCompile(`(http://127\.0\.0\.1:[0-9]+)/#token=([A-Za-z0-9]+)`)
	for deadline := time.Now().Add(waitLimit); ; {
		if m := re.FindStringSubmatch(stderr.String()); m != nil {
			return m[1], m[2]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no dashboard URL with a token in the log:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// dashCall sends one request to the dashboard and decodes a JSON answer.
func dashCall(t *testing.T, base, token, method, path, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, b)
		}
	}
	return resp.StatusCode
}

// TestDashboardDegradedAndRestart: with one backend serving and one that
// gave up (restart "never", its first start failed), the real gateway's
// dashboard reports "degraded", not "not ready"; the restart endpoint
// behind the row's button starts the failed one again, which now serves,
// and the status turns "ready".
func TestDashboardDegradedAndRestart(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	flag := filepath.Join(t.TempDir(), "second-start")
	// Fails (exit 3) the first time, serves from the second start on.
	script := `if [ -e "$1" ]; then exec "$2" -name "$3"; fi; touch "$1"; echo "fatal: first start fails on purpose" >&2; exit 3`
	flaky := map[string]any{"id": "flaky", "command": "sh", "args": []string{"-c", script, "sh", flag, tb, marker}, "restart": "never"}
	cfg := writeConfig(t, map[string]any{"backends": []any{tbBackend(tb, "ok", marker), flaky}})
	g := startGateway(t, cfg, marker, gwOptions{args: []string{"--debug-port", "0"}})
	g.initialize("2025-11-25", nil)
	base, token := dashboardOf(t, g.stderr)

	type status struct {
		Restart bool `json:"restart"`
		Status  struct {
			State         string `json:"state"`
			BackendsReady int    `json:"backendsReady"`
		} `json:"status"`
	}
	waitState := func(want string) {
		t.Helper()
		var st status
		for deadline := time.Now().Add(waitLimit); ; {
			if dashCall(t, base, token, "GET", "/api/status", "", &st); st.Status.State == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("status %+v, want %q", st, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	var rows []struct{ ID, State, LastError string }
	// flaky may still be starting when ok is ready: wait for its failure.
	for deadline := time.Now().Add(waitLimit); ; time.Sleep(20 * time.Millisecond) {
		dashCall(t, base, token, "GET", "/api/backends", "", &rows)
		if len(rows) == 2 && rows[1].ID == "flaky" && rows[1].State == "unavailable" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("backends: %+v", rows)
		}
	}
	waitState("degraded")
	var st status
	dashCall(t, base, token, "GET", "/api/status", "", &st)
	if !st.Restart {
		t.Error("status does not offer the restart button")
	}
	if code := dashCall(t, base, token, "POST", "/api/backends/nope/restart", "{}", nil); code != http.StatusNotFound {
		t.Errorf("restart of an unknown backend: %d", code)
	}
	if code := dashCall(t, base, token, "POST", "/api/backends/flaky/restart", "{}", nil); code != http.StatusAccepted {
		t.Fatalf("restart: %d", code)
	}
	waitState("ready")
	dashCall(t, base, token, "GET", "/api/backends", "", &rows)
	if rows[1].State != "ready" {
		t.Errorf("after restart: %+v", rows[1])
	}
}
