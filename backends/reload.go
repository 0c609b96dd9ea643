package backends

import (
	"reflect"
	"sync"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// ReloadResult lists what [Manager.Reload] did, by backend id.
type ReloadResult struct {
	Added, Changed, Removed, Unchanged []string
}

// Empty reports whether the reload changed nothing.
func (r ReloadResult) Empty() bool {
	return len(r.Added)+len(r.Changed)+len(r.Removed) == 0
}

// Reload replaces the set of backends with cfgs: unchanged backends keep
// running untouched (their process, state, breaker and restart count),
// changed ones are stopped and started again with their new configuration,
// removed ones are stopped, new ones are started (if the manager was
// started). Calls pending on a stopped backend fail with an error naming
// it. Reload returns when the old backends have stopped; the new ones are
// starting. It is safe to call concurrently with everything but itself.
func (m *Manager) Reload(cfgs []schemas.Backend) ReloadResult {
	var res ReloadResult
	var old []*Backend
	var restart []string

	m.mu.Lock()
	next := make(map[string]*Backend, len(cfgs))
	order := make([]string, 0, len(cfgs))
	for _, c := range cfgs {
		order = append(order, c.ID)
		cur, ok := m.backends[c.ID]
		switch {
		case !ok:
			res.Added = append(res.Added, c.ID)
		case sameConfig(cur.cfg, c):
			res.Unchanged = append(res.Unchanged, c.ID)
			next[c.ID] = cur
			continue
		default:
			res.Changed = append(res.Changed, c.ID)
			old = append(old, cur)
		}
		next[c.ID] = newBackend(c, m.opts)
		next[c.ID].gen = &m.gen
		restart = append(restart, c.ID)
	}
	for _, id := range m.order {
		if _, ok := next[id]; !ok {
			res.Removed = append(res.Removed, id)
			old = append(old, m.backends[id])
		}
	}
	m.backends, m.order = next, order
	m.publishLocked()
	m.gen.Add(1)
	m.mu.Unlock()

	var wg sync.WaitGroup
	for _, b := range old {
		wg.Add(1)
		// Owned by Reload, which waits for it.
		go func() {
			defer wg.Done()
			b.stop()
		}()
	}
	wg.Wait()

	m.mu.Lock()
	if m.started {
		m.startAllLocked(restart)
	}
	m.mu.Unlock()
	return res
}

// sameConfig reports whether two configurations of a backend are the same
// (its place in the file does not count).
func sameConfig(a, b schemas.Backend) bool {
	a.Pointer, b.Pointer = "", ""
	return reflect.DeepEqual(a, b)
}
