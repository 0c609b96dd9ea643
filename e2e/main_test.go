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
	// Processes started with an environment of their own still default to
	// the user's configuration directory: point that here too.
	os.Setenv("XDG_CONFIG_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
