// Package e2e runs the real mcp-agentify binary against real backends and
// real clients: our Go test backend, the npm reference servers and the
// official TypeScript and Go SDK clients.
package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	binPath   string
	tbPath    string
	buildErr  error
	buildOut  []byte
)

// repoRoot is the module root (the parent of this package's directory).
func repoRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// binaries builds the gateway and the Go test backend once per test run and
// returns their paths. With $AGENTIFY_E2E_BIN set, that binary is the
// gateway instead of one built from this tree (to show that a test fails
// against an older release); the test backend is always built from here.
func binaries(t testing.TB) (gateway, testbackend string) {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "agentify-e2e-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "mcp-agentify")
		tbPath = filepath.Join(dir, "testbackend")
		root := repoRoot(t)
		builds := []struct{ out, pkg string }{{binPath, "."}, {tbPath, "./testdata/testbackend"}}
		if p := os.Getenv("AGENTIFY_E2E_BIN"); p != "" {
			if binPath, buildErr = filepath.Abs(p); buildErr != nil {
				return
			}
			builds = builds[1:]
		}
		for _, b := range builds {
			cmd := exec.Command("go", "build", "-o", b.out, b.pkg)
			cmd.Dir = root
			if buildOut, buildErr = cmd.CombinedOutput(); buildErr != nil {
				return
			}
		}
	})
	if buildErr != nil {
		t.Fatalf("building binaries: %v\n%s", buildErr, buildOut)
	}
	return binPath, tbPath
}

// nodeModules is where testdata/e2e's npm packages are installed.
func nodeModules(t testing.TB) string {
	p := filepath.Join(repoRoot(t), "testdata", "e2e", "node_modules")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("npm test packages are not installed (run scripts/test.sh, or npm ci in testdata/e2e): %v", err)
	}
	return p
}

// needNode fails the test when node is missing: the README's test command
// installs everything else, but Node.js itself must be on the machine.
// needChromium skips the test when AGENTIFY_SKIP_BROWSER=1 and fails it
// when Debian's chromium is missing.
func needChromium(t testing.TB) {
	t.Helper()
	if os.Getenv("AGENTIFY_SKIP_BROWSER") == "1" {
		t.Skip("AGENTIFY_SKIP_BROWSER=1")
	}
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		t.Fatalf("chromium not found (scripts/test.sh installs it; AGENTIFY_SKIP_BROWSER=1 skips this test): %v", err)
	}
}

func needNode(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is not on PATH; the end-to-end tests need Node.js 18+")
	}
	return p
}
