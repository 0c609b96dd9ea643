package gateway

import (
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// The fast lane's metrics series are looked up once per tool of a
// catalog, and what is observed through them is the tool's and its
// backend's series, as Metrics.Observe records them.
func TestToolSeries(t *testing.T) {
	if New(Options{}).toolSeries(planner.NewCatalog(nil), &planner.Tool{Backend: "a", Name: "x"}) != nil {
		t.Fatal("a series without metrics")
	}
	hub := telemetry.NewHub(nil)
	g := New(Options{Hub: hub})
	cat := planner.NewCatalog([]planner.Tool{{Backend: "a", Name: "x"}, {Backend: "a", Name: "y"}})
	x, y := &cat.Tools[0], &cat.Tools[1]
	sx := g.toolSeries(cat, x)
	if g.toolSeries(cat, y) == sx {
		t.Fatal("two tools share a series")
	}
	if g.toolSeries(cat, x) != sx {
		t.Error("the series of a tool was looked up again")
	}
	sx.Observe(time.Millisecond, telemetry.OutcomeOK)
	g.toolSeries(cat, y).Observe(time.Millisecond, telemetry.OutcomeTimeout)
	hub.Metrics.Observe("a", "x", time.Millisecond, telemetry.OutcomeError)
	calls := map[string]uint64{}
	for _, s := range hub.Metrics.Snapshot().Tools {
		calls[s.Backend+"/"+s.Tool] = s.Calls
	}
	if calls["a/x"] != 2 || calls["a/y"] != 1 {
		t.Errorf("tool calls = %v, want a/x 2, a/y 1", calls)
	}
	// A new catalog starts its own cache.
	cat2 := planner.NewCatalog([]planner.Tool{{Backend: "a", Name: "x"}})
	if s := g.toolSeries(cat2, &cat2.Tools[0]); s == nil {
		t.Fatal("no series for the new catalog")
	}
	if sc := g.toolsNow.Load(); sc.cat != cat2 || len(sc.m) != 1 {
		t.Errorf("cache after a new catalog: %d entries", len(sc.m))
	}
}

// A tool's argument schema is compiled once per catalog for the fast lane;
// a schema that does not compile leaves it to validateArgs.
func TestFastToolSchema(t *testing.T) {
	g := New(Options{})
	cat := planner.NewCatalog([]planner.Tool{
		{Backend: "a", Name: "ok", InputSchema: []byte(`{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`)},
		{Backend: "a", Name: "bad", InputSchema: []byte(`{"type":"object","properties":{"s":{"type":7}}}`)},
	})
	ok, bad := g.fastTool(cat, &cat.Tools[0]), g.fastTool(cat, &cat.Tools[1])
	if ok.schema == nil {
		t.Fatal("no schema for a valid input schema")
	}
	if ok.schema.Validate([]byte(`{"s":"x"}`)) != nil || ok.schema.Validate([]byte(`{}`)) == nil {
		t.Error("the cached schema does not validate as the tool's")
	}
	if g.fastTool(cat, &cat.Tools[0]) != ok {
		t.Error("the entry was built again")
	}
	if bad.schema != nil {
		t.Error("a schema for an input schema that does not compile")
	}
}
