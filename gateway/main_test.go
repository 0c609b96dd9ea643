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
// test backend built by [testBackend]. Other test files of this package
// put their setup in helpers, not in a second TestMain.
func TestMain(m *testing.M) {
	code := m.Run()
	if tbDir != "" {
		os.RemoveAll(tbDir)
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
	tbOnce sync.Once
	tbDir  string
	tbBin  string
	tbErr  error
	tbOut  []byte
)

// testBackend builds testdata/testbackend once per test run and returns
// the path of the binary.
func testBackend(t testing.TB) string {
	t.Helper()
	tbOnce.Do(func() {
		tbDir, tbErr = os.MkdirTemp("", "agentify-gateway-test-")
		if tbErr != nil {
			return
		}
		tbBin = filepath.Join(tbDir, "testbackend")
		_, file, _, _ := runtime.Caller(0)
		cmd := exec.Command("go", "build", "-o", tbBin, "./testdata/testbackend")
		cmd.Dir = filepath.Dir(filepath.Dir(file))
		tbOut, tbErr = cmd.CombinedOutput()
	})
	if tbErr != nil {
		t.Fatalf("building the test backend: %v\n%s", tbErr, tbOut)
	}
	return tbBin
}
