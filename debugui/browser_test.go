package debugui

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

const chromiumPath = "/usr/bin/chromium"

// TestBrowser loads the dashboard in real Chromium through playwright-core
// (testdata/browser.mjs): no console errors, backends and tools shown, a
// console task run and seen in the trace, no secret on the page, the
// integrity view (states, findings, diffs, hostile descriptions shown as
// text, approvals with the token, a failed approval shown), and
// screenshots saved to $AGENTIFY_ARTIFACTS (else a temporary directory).
// It is skipped only when AGENTIFY_SKIP_BROWSER=1; a missing Chromium or
// node is a failure.
func TestBrowser(t *testing.T) {
	if os.Getenv("AGENTIFY_SKIP_BROWSER") == "1" {
		t.Skip("AGENTIFY_SKIP_BROWSER=1")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Fatalf("chromium not found at %s (apt-get install -y chromium, or set AGENTIFY_SKIP_BROWSER=1): %v", chromiumPath, err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node not found: %v", err)
	}
	e2e, err := filepath.Abs(filepath.Join("..", "testdata", "e2e"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(e2e, "node_modules", "playwright-core")); err != nil {
		t.Fatalf("playwright-core not installed under %s (npm ci there): %v", e2e, err)
	}
	artifacts := os.Getenv("AGENTIFY_ARTIFACTS")
	if artifacts == "" {
		artifacts = t.TempDir()
	} else if artifacts, err = filepath.Abs(filepath.Join(artifacts, "debugui")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		t.Fatal(err)
	}

	const token = "browser-token-0123456789"
	integ := newFakeIntegrity()
	e := startTest(t, func(o *Options) { o.Token = token; o.Integrity = integ })
	// Enough log lines to scroll, so "opens at the newest" can fail.
	for i := range 300 {
		fmt.Fprintf(e.hub.Logs, `{"level":"info","message":"filler line %d"}`+"\n", i)
	}
	secrets, _ := json.Marshal(allSecrets)

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a hang guard only
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "browser.mjs"))
	cmd.Env = append(os.Environ(),
		"AGENTIFY_URL="+e.srv.PageURL(),
		"AGENTIFY_E2E_DIR="+e2e,
		"AGENTIFY_ARTIFACTS="+artifacts,
		"AGENTIFY_SECRETS="+string(secrets),
		"AGENTIFY_TOKEN="+token,
	)
	out, err := cmd.CombinedOutput()
	t.Logf("browser.mjs output:\n%s", out)
	if err != nil {
		t.Fatalf("browser test failed: %v", err)
	}
	t.Logf("screenshots in %s", artifacts)
	if got, want := integ.approved(), []string{"github__tool:create_issue", "weather"}; !slices.Equal(got, want) {
		t.Errorf("the page approved %q, want %q", got, want)
	}
	rs := e.srv.opts.Restarter.(*fakeRestarter)
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if !slices.Contains(rs.ids, "weather") {
		t.Errorf("the restart button did not restart weather: %q", rs.ids)
	}
}
