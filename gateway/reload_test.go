package gateway

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

func backendIDs(g *Gateway) []string {
	var ids []string
	for _, b := range g.Backends().List() {
		ids = append(ids, b.ID())
	}
	return ids
}

// TestWatchConfigReloads writes the watched file three times: a valid
// change (one backend changed, one added, one removed), an invalid file
// (rejected: the running set stays) and a valid one again.
func TestWatchConfigReloads(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.json")
	write := func(s string) {
		t.Helper()
		// Like editors: write a temporary file, rename it over the old one.
		if err := os.WriteFile(path+".tmp", []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(path+".tmp", path); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"expose":"all","mcpServers":{"keep":{"command":"/nonexistent/keep","restart":"never"},"edit":{"command":"/nonexistent/edit","restart":"never"},"gone":{"command":"/nonexistent/gone","restart":"never"}}}`)
	cfg, err := schemas.Load(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := New(Options{Config: cfg})
	if err := g.Start(t.Context(), Client{}); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	g.Backends().WaitReady(t.Context())
	keep, _ := g.Backends().Get("keep")

	type outcome struct {
		res backends.ReloadResult
		err error
	}
	done := make(chan outcome, 10)
	if err := g.WatchConfig(t.Context(), path, 0, func(r backends.ReloadResult, err error) { done <- outcome{r, err} }); err != nil {
		t.Fatal(err)
	}

	write(`{"expose":"meta","mcpServers":{"keep":{"command":"/nonexistent/keep","restart":"never"},"edit":{"command":"/nonexistent/edit2","restart":"never"},"new":{"command":"/nonexistent/new","restart":"never"}}}`)
	o := <-done
	if o.err != nil {
		t.Fatal(o.err)
	}
	if !slices.Equal(o.res.Added, []string{"new"}) || !slices.Equal(o.res.Changed, []string{"edit"}) || !slices.Equal(o.res.Removed, []string{"gone"}) || !slices.Equal(o.res.Unchanged, []string{"keep"}) {
		t.Fatalf("reload: %+v", o.res)
	}
	if got := backendIDs(g); !slices.Equal(got, []string{"edit", "keep", "new"}) {
		t.Fatalf("backends %v", got)
	}
	if b, _ := g.Backends().Get("keep"); b != keep {
		t.Fatal("the unchanged backend was replaced")
	}
	if g.Config().Expose != "meta" {
		t.Fatalf("expose %q after reload", g.Config().Expose)
	}

	write(`{"mcpServers":{"keep":{"command":"/nonexistent/keep","dependsOn":["nobody"]}}}`)
	o = <-done
	if o.err == nil || !strings.Contains(o.err.Error(), `unknown backend "nobody"`) {
		t.Fatalf("invalid file: %v", o.err)
	}
	if got := backendIDs(g); !slices.Equal(got, []string{"edit", "keep", "new"}) {
		t.Fatalf("an invalid file changed the backends: %v", got)
	}

	write(`{not json`)
	if o = <-done; o.err == nil {
		t.Fatal("a file that is not JSON was accepted")
	}

	write(`{"mcpServers":{"keep":{"command":"/nonexistent/keep","restart":"never"}}}`)
	if o = <-done; o.err != nil || !slices.Equal(o.res.Removed, []string{"edit", "new"}) {
		t.Fatalf("last reload: %+v %v", o.res, o.err)
	}
}

func TestReloadBeforeConfigureReplacesTheFile(t *testing.T) {
	g := New(Options{Config: &schemas.Config{}})
	cfg, err := schemas.Parse([]byte(`{"mcpServers":{"x":{"command":"/nonexistent/x"}}}`), "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.reload(cfg); err != nil {
		t.Fatal(err)
	}
	if err := g.Start(t.Context(), Client{}); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	if got := backendIDs(g); !slices.Equal(got, []string{"x"}) {
		t.Fatalf("backends %v", got)
	}
}

// TestReloadAppliesPlannerSettings: a planner change in the file takes
// effect without a restart (the lexical planner gives way to the OpenAI one
// when a key appears), while the gateway-wide timeout stays as it started.
func TestReloadAppliesPlannerSettings(t *testing.T) {
	g := New(Options{Config: &schemas.Config{}})
	if err := g.Start(t.Context(), Client{}); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	if got := g.PlannerName(); got != "lexical" {
		t.Fatalf("planner before reload %q, want lexical", got)
	}
	timeout := schemas.Duration(time.Second)
	if _, err := g.reload(&schemas.Config{Planner: &schemas.PlannerConfig{APIKey: "sk-test-reload"}, CallTimeout: &timeout}); err != nil {
		t.Fatal(err)
	}
	if got := g.PlannerName(); got != "openai" {
		t.Errorf("planner after reload %q, want openai", got)
	}
	if g.Config().CallTimeout != nil {
		t.Errorf("callTimeout changed by a reload: %v", g.Config().CallTimeout)
	}
}
