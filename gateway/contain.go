package gateway

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// The planner computes over text the client wrote: ranking, query
// parsing, argument extraction. A bug there that panics on some input
// must fail the one request that hit it, not end the gateway with every
// client's session and every backend behind it (a Go panic in any
// goroutine ends the process). So planner code called for a client runs
// under containPlanner, which turns a panic into an internal error for that
// request and logs it with its stack. The planner keeps no state that a
// panic leaves half-written, apart from its lazily built indexes, which a
// later request builds again or fails on the same way.

// containPlanner, deferred, turns a panic into *err: -32603, naming what
// failed; the panic and its stack go to the log.
func (g *Gateway) containPlanner(what string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	g.log.Error().Str("panic", fmt.Sprint(r)).Str("stack", string(debug.Stack())).
		Msgf("the %s panicked: it fails alone, the gateway goes on", what)
	*err = rpc.Errorf(rpc.CodeInternalError, "internal error in the %s (logged by the gateway); please report it", what)
}

// plan runs pl.Plan under containPlanner.
func (g *Gateway) plan(ctx context.Context, pl planner.Planner, task planner.Task, cat *planner.Catalog) (plan *planner.Plan, err error) {
	defer g.containPlanner("planner", &err)
	return pl.Plan(ctx, task, cat)
}

// search runs cat.Search under containPlanner.
func (g *Gateway) search(cat *planner.Catalog, query string, limit int) (rs []planner.Scored, err error) {
	defer g.containPlanner("tool search", &err)
	return cat.Search(query, nil, limit), nil
}

// warmPlanner runs w.Warm(cat) under the same guard, for the index timer's
// goroutine: a panic there would otherwise end the process. containPlanner
// logs it; warming is an optimisation, so a failure only costs the first
// request its head start, and the error it sets has no caller to reach.
func (g *Gateway) warmPlanner(w planner.Warmer, cat *planner.Catalog) {
	var err error
	defer g.containPlanner("planner warm-up", &err)
	w.Warm(cat)
}
