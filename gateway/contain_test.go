package gateway

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/rs/zerolog"
)

// panickingPlanner stands for a planner bug that some input hits.
type panickingPlanner struct{}

func (panickingPlanner) Plan(context.Context, planner.Task, *planner.Catalog) (*planner.Plan, error) {
	var words []string
	_ = words[len(words)-1] // index out of range, as a parsing bug would
	return nil, nil
}

// TestPlannerPanicContained: a planner that panics fails the request that
// hit it with -32603 and a log line with the stack; the session (and the
// gateway, whose process a panic would end) goes on answering.
func TestPlannerPanicContained(t *testing.T) {
	logs := &logBuffer{}
	g := New(Options{Config: tbConfig(t, "tb"), Version: "test", Logger: zerolog.New(logs)})
	c := attach(t, g, logs, true)
	c.initialize()
	c.waitBackend("tb")
	g.mu.Lock()
	g.planner = panickingPlanner{}
	g.mu.Unlock()

	m := c.request(`"o"`, "agentify/orchestrateTask", `{"query":"echo the text hi"}`)
	if m.Error == nil || m.Error.Code != rpc.CodeInternalError || !strings.Contains(m.Error.Message, "internal error in the planner") {
		t.Fatalf("want a -32603 naming the planner, got %+v %s", m.Error, m.Result)
	}
	txt, isErr := c.toolText(`"t"`, `{"name":"orchestrate_task","arguments":{"query":"echo the text hi"}}`)
	if !isErr || !strings.Contains(txt, "internal error in the planner") {
		t.Errorf("orchestrate_task: isError %v, %q", isErr, txt)
	}
	if !strings.Contains(logs.String(), "the planner panicked") || !strings.Contains(logs.String(), "panickingPlanner") {
		t.Errorf("the log has no panic with its stack:\n%s", logs.String())
	}
	if m := c.request(`"after"`, "tools/list", `{}`); m.Error != nil {
		t.Fatalf("after the panic: %+v", m.Error)
	}
	if txt, isErr := c.toolText(`"s"`, `{"name":"search_tools","arguments":{"query":"echo"}}`); isErr || !strings.Contains(txt, "tb__echo") {
		t.Errorf("search_tools after the panic: isError %v, %q", isErr, txt)
	}
}

// warmingPlanner records the catalogs the gateway warms it with, and panics
// on the first when told to.
type warmingPlanner struct {
	panicking
	warmed chan *planner.Catalog
}

type panicking bool

func (warmingPlanner) Plan(context.Context, planner.Task, *planner.Catalog) (*planner.Plan, error) {
	return &planner.Plan{}, nil
}

func (p warmingPlanner) Warm(cat *planner.Catalog) {
	p.warmed <- cat
	if p.panicking {
		var words []string
		_ = words[len(words)-1]
	}
}

// TestPlannerWarmedOnChange: after the catalog changes the gateway warms
// its planner with the new catalog off the request path; a warm-up that
// panics is logged and the gateway goes on answering.
func TestPlannerWarmedOnChange(t *testing.T) {
	for _, panics := range []bool{false, true} {
		logs := &logBuffer{}
		g := New(Options{Config: tbConfig(t, "tb"), Version: "test", Logger: zerolog.New(logs)})
		c := attach(t, g, logs, true)
		c.initialize()
		c.waitBackend("tb")
		p := warmingPlanner{panicking(panics), make(chan *planner.Catalog, 4)}
		g.mu.Lock()
		g.planner = p
		g.mu.Unlock()
		g.changed()
		select {
		case cat := <-p.warmed:
			if cat != g.Catalog() || cat.Len() == 0 {
				t.Fatalf("warmed with %p (%d tools), want the current catalog %p", cat, cat.Len(), g.Catalog())
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the planner was not warmed after a catalog change")
		}
		if panics {
			deadline := time.Now().Add(10 * time.Second)
			for !strings.Contains(logs.String(), "planner warm-up panicked") && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond)
			}
			if !strings.Contains(logs.String(), "planner warm-up panicked") || !strings.Contains(logs.String(), "warmingPlanner") {
				t.Errorf("no log of the warm-up's panic with its stack:\n%s", logs.String())
			}
		}
		if m := c.request(`"after"`, "tools/list", `{}`); m.Error != nil {
			t.Fatalf("after the warm-up (panics %v): %+v", panics, m.Error)
		}
	}
}
