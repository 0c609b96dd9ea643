package e2e

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestConformanceClient runs the conformance suite's core client scenarios
// with the gateway as the client of the suite's test servers: the
// handshake, a tool call, an elicitation whose defaults the client fills
// in (relayed through the gateway to the TypeScript SDK client), and SSE
// reconnection with the retry field and Last-Event-ID.
func TestConformanceClient(t *testing.T) {
	node, suite := conformanceSuite(t, "conformance")
	nm := nodeModules(t)
	bin, _ := binaries(t)
	client := filepath.Join(repoRoot(t), "e2e", "testdata", "client_conformance.mjs")
	for _, sc := range []string{"initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry"} {
		t.Run(sc, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, suite, "client", "--command", node+" "+client, "--scenario", sc, "--timeout", "60000")
			cmd.Dir = t.TempDir()
			cmd.Env = append(cleanEnv(), "AGENTIFY_BIN="+bin, "AGENTIFY_SDK="+filepath.Join(nm, "@modelcontextprotocol", "sdk"), "NO_COLOR=1")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			m := passedLine.FindStringSubmatch(out.String())
			if err != nil || m == nil || m[3] != "0" || m[1] != m[2] {
				t.Fatalf("scenario %s failed (%v):\n%s", sc, err, tail(out.String(), 6000))
			}
			t.Logf("%s: %s", sc, m[0])
		})
	}
}
