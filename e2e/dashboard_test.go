package e2e

import (
	"encoding/json"
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
	if os.Getenv("AGENTIFY_SKIP_BROWSER") == "1" {
		t.Skip("AGENTIFY_SKIP_BROWSER=1")
	}
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		t.Fatalf("chromium not found (scripts/test.sh installs it; AGENTIFY_SKIP_BROWSER=1 skips this test): %v", err)
	}
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
