package e2e

import (
	"os"
	"testing"
)

// TestMain gives every gateway these tests start one state directory of
// its own (tool pins, OAuth tokens), never the user's configuration
// directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "agentify-e2e-state-")
	if err != nil {
		panic(err)
	}
	os.Setenv("AGENTIFY_STATE_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
