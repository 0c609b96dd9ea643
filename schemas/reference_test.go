package schemas

import (
	"os"
	"strings"
	"testing"
)

// TestConfigReferenceCurrent fails when docs/config.md is stale.
func TestConfigReferenceCurrent(t *testing.T) {
	want, err := ConfigReference(ConfigSchema)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../docs/config.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Fatal("docs/config.md is stale: run `go generate ./schemas`")
	}
	for _, field := range []string{"`backends`", "`mcpServers`", "`inheritEnv`", "`denyDestructive`", "`maxTools`"} {
		if !strings.Contains(want, field) {
			t.Errorf("reference lacks %s", field)
		}
	}
}
