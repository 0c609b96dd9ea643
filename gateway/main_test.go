package gateway

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that no test leaves a goroutine behind and removes the
// binaries built by [buildTestdata]. Other test files of this package put
// their setup in helpers, not in a second TestMain.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	if code == 0 {
		if err := goleak.Find(); err != nil {
			os.Stderr.WriteString("goleak: " + err.Error() + "\n")
			code = 1
		}
	}
	os.Exit(code)
}

var (
	binMu  sync.Mutex
	binDir string            // guarded by binMu
	bins   map[string]string // guarded by binMu; package -> built binary
)

// buildTestdata builds the command in testdata/<name> (a test backend) once
// per test binary and returns its path.
func buildTestdata(t testing.TB, name string) string {
	t.Helper()
	binMu.Lock()
	defer binMu.Unlock()
	if p, ok := bins[name]; ok {
		return p
	}
	if binDir == "" {
		dir, err := os.MkdirTemp("", "agentify-gateway-test-")
		if err != nil {
			t.Fatal(err)
		}
		binDir, bins = dir, map[string]string{}
	}
	p := filepath.Join(binDir, name)
	_, file, _, _ := runtime.Caller(0)
	cmd := exec.Command("go", "build", "-o", p, "./testdata/"+name)
	cmd.Dir = filepath.Dir(filepath.Dir(file))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building testdata/%s: %v\n%s", name, err, out)
	}
	bins[name] = p
	return p
}

// testBackend is testdata/testbackend, built once.
func testBackend(t testing.TB) string { return buildTestdata(t, "testbackend") }
