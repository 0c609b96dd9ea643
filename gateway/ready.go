package gateway

import (
	"context"
	"encoding/json"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// This file owns the readiness rule, one for every surface: a request that
// needs backends waits, bounded by readyTimeout (default 10 s) and the
// request's own cancellation, for the backends still on their FIRST start
// (never through restarts), and only for those it needs where it can tell
// (a qualified name names its backend). initialize never waits. When the
// bound expires, each surface answers in one shape:
//
//   - tool calls (a backend tool, call_tool, search_tools with no match,
//     orchestrate_task with no tools): an isError result naming the
//     backends still starting and saying a retry will see them;
//   - lists (tools/list under expose "all", prompts/list, resources/list,
//     resources/templates/list, search_tools): what is ready, with
//     _meta["agentify/starting"] naming the others (list_changed follows);
//   - routed methods (prompts/get, resources/*, completion/complete,
//     agentify/orchestrateTask): JSON-RPC error -32001 with
//     data {"starting": [...]}.

// defaultReadyTimeout bounds the wait for backends on their first start.
const defaultReadyTimeout = 10 * time.Second

// firstStarting returns the ids among want (every backend when want is
// nil) of backends still on their first start, in configuration order.
// Before [Gateway.Start], every enabled backend counts as starting.
func (g *Gateway) firstStarting(want []string) []string {
	all := g.startingNow()
	if want == nil || len(all) == 0 {
		return all
	}
	var out []string
	for _, id := range all {
		if contains(want, id) {
			out = append(out, id)
		}
	}
	return out
}

// startingSet is the backends on their first start at one generation.
type startingSet struct {
	gen     uint64
	started bool
	ids     []string
}

// startingNow returns every backend on its first start. Every state
// change advances the backends' generation, so the answer is computed once
// per generation: the forwarding path pays one atomic load.
func (g *Gateway) startingNow() []string {
	mgr := g.Backends()
	if mgr == nil {
		return nil
	}
	gen := mgr.Generation()
	started := g.isStarted()
	if c := g.starting.Load(); c != nil && c.gen == gen && c.started == started {
		return c.ids
	}
	var ids []string
	for _, b := range mgr.List() {
		if b.OnFirstStart() || (!started && !b.Config().Disabled) {
			ids = append(ids, b.ID())
		}
	}
	g.starting.Store(&startingSet{gen, started, ids})
	return ids
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// readyTimeout is the configured bound.
func (g *Gateway) readyTimeout() time.Duration {
	if cfg := g.Config(); cfg != nil {
		return cfg.ReadyTimeout.D(defaultReadyTimeout)
	}
	return defaultReadyTimeout
}

// awaitBackends waits until none of want (nil: all) is on its first
// start, bounded by readyTimeout and ctx. It returns the ones still
// starting (nil when all have had their first start).
func (g *Gateway) awaitBackends(ctx context.Context, want []string) []string {
	if len(g.firstStarting(want)) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, g.readyTimeout())
	defer cancel()
	select {
	case <-g.startedCh:
	case <-ctx.Done():
		return g.firstStarting(want)
	}
	mgr := g.Backends()
	for _, b := range mgr.List() {
		if want == nil || contains(want, b.ID()) {
			b.WaitSettled(ctx)
		}
	}
	return g.firstStarting(want)
}

// notReady is the error for backends still starting after the bound.
func (g *Gateway) notReady(starting []string) *notReadyError {
	return &notReadyError{Starting: starting, Waited: g.readyTimeout().String()}
}

// whenReady runs f for client request m once the backends it needs (want;
// nil: all) have had their first start, or the bound expired; starting
// names those still starting then. When none is starting, f runs at once
// on the read loop, which keeps the forwarding path free of goroutines;
// otherwise it runs on a goroutine owned by the session, and a
// cancellation of m while waiting ends the wait with no answer.
func (s *session) whenReady(m *rpc.Message, want []string, f func(starting []string)) {
	if len(s.g.firstStarting(want)) == 0 {
		f(nil)
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	in, _ := s.begin(m.ID, nil, cancel)
	s.work.Add(1)
	// Owned by the session (Run waits for it); it ends when the backends
	// settle, the bound expires, or the request or session is cancelled.
	go func() {
		defer s.work.Done()
		defer cancel()
		starting := s.g.awaitBackends(ctx, want)
		// Hand the request id back before f registers its own work.
		if !s.finish(m.ID, in) || ctx.Err() != nil {
			return
		}
		f(starting)
	}()
}

// startingMeta adds _meta["agentify/starting"] to a list result when
// backends are still starting, keeping the rest byte for byte.
func startingMeta(result []byte, starting []string) []byte {
	if len(starting) == 0 {
		return result
	}
	ids, _ := json.Marshal(starting)
	meta := append([]byte(`{"agentify/starting":`), ids...)
	meta = append(meta, '}')
	if out, ok := rpc.SetMember(result, "_meta", meta); ok {
		return out
	}
	return result
}

// backendOf returns the backend a qualified name names, if it exists.
func (g *Gateway) backendOf(name string) []string {
	bid, _, ok := splitQualified(name)
	if !ok {
		return nil
	}
	if mgr := g.Backends(); mgr != nil {
		if _, ok := mgr.Get(bid); ok {
			return []string{bid}
		}
	}
	return nil
}
