package e2e

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// authScenarios are the @modelcontextprotocol/conformance 0.1.16 client
// auth scenarios (all 22) the gateway passes (as the client, through `auth login`
// and the TypeScript SDK client driving it; see testdata/auth_client.mjs).
// A scenario that regresses fails the test.
var authScenarios = []string{
	"auth/metadata-default",
	"auth/metadata-var1",
	"auth/metadata-var2",
	"auth/metadata-var3",
	"auth/basic-cimd",
	"auth/scope-from-www-authenticate",
	"auth/scope-from-scopes-supported",
	"auth/scope-omitted-when-undefined",
	"auth/scope-step-up",
	"auth/scope-retry-limit",
	"auth/token-endpoint-auth-basic",
	"auth/token-endpoint-auth-post",
	"auth/token-endpoint-auth-none",
	"auth/pre-registration",
	"auth/2025-03-26-oauth-metadata-backcompat",
	"auth/2025-03-26-oauth-endpoint-fallback",
	"auth/resource-mismatch",
	"auth/offline-access-scope",
	"auth/offline-access-not-supported",
	// The extension scenarios: grants without a browser.
	"auth/client-credentials-basic",
	"auth/client-credentials-jwt",
	"auth/cross-app-access-complete-flow",
}

var passedLine = regexp.MustCompile(`Passed: (\d+)/(\d+), (\d+) failed, (\d+) warnings`)

// TestConformanceAuth runs the conformance suite's client auth scenarios
// with the gateway as the client: the suite starts its authorization and
// resource servers, auth_client.mjs logs in through a $BROWSER that
// follows redirects, and the TS SDK client calls the backend's tool
// through the gateway.
func TestConformanceAuth(t *testing.T) {
	if testing.Short() {
		t.Skip("conformance auth scenarios are slow; run without -short")
	}
	nm := nodeModules(t)
	node := filepath.Join(nm, "node22", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		t.Fatalf("the Node 22 binary is not installed (npm ci in testdata/e2e): %v", err)
	}
	suite := filepath.Join(nm, "@modelcontextprotocol", "conformance", "dist", "index.js")
	bin, _ := binaries(t)
	client := filepath.Join(repoRoot(t), "e2e", "testdata", "auth_client.mjs")
	// The scenarios are independent (each its own servers on ports of its
	// own, its own gateway and state directory) and two of them spend 15 s
	// waiting for tools that must never appear: they run a few at a time.
	slots := make(chan struct{}, 4)
	for _, sc := range authScenarios {
		t.Run(strings.TrimPrefix(sc, "auth/"), func(t *testing.T) {
			t.Parallel()
			slots <- struct{}{}
			defer func() { <-slots }()
			ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, suite, "client", "--command", node+" "+client, "--scenario", sc, "--timeout", "90000")
			cmd.Dir = t.TempDir()
			cmd.Env = append(cleanEnv(), "AGENTIFY_BIN="+bin, "AGENTIFY_SDK="+filepath.Join(nm, "@modelcontextprotocol", "sdk"), "NO_COLOR=1")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			m := passedLine.FindStringSubmatch(out.String())
			if err != nil || m == nil || m[3] != "0" || m[4] != "0" || m[1] != m[2] {
				t.Fatalf("scenario %s failed (%v):\n%s", sc, err, tail(out.String(), 6000))
			}
			t.Logf("%s: %s", sc, m[0])
		})
	}
}
