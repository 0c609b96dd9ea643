package backends

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"sync/atomic"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// Manager owns the set of backends. Its methods are safe for concurrent use.
type Manager struct {
	opts *Options

	mu       sync.Mutex
	backends map[string]*Backend // guarded by mu
	order    []string            // guarded by mu; configuration order
	started  bool                // guarded by mu; Start was called

	// startCalled is closed by the first Start (see [Manager.WaitStarted]).
	startCalled chan struct{}
	startOnce   sync.Once

	// byID is a copy of backends, published after every change under mu
	// and never modified after: [Manager.Get], on every forwarded call,
	// reads it without the mutex.
	byID atomic.Pointer[map[string]*Backend]

	// gen advances on every change of a backend's state or lists and of the
	// set of backends, before anyone waiting on the change is woken.
	gen atomic.Uint64
}

// Generation changes whenever what the backends offer may have changed:
// a cache keyed by it (the gateway's tool catalog) is current while it
// holds.
func (m *Manager) Generation() uint64 { return m.gen.Load() }

// NewManager prepares backends for cfgs (nothing starts until
// [Manager.Start]). opts is shared by all backends and must not change
// afterwards, except that Capabilities may be set before Start.
func NewManager(cfgs []schemas.Backend, opts *Options) *Manager {
	if opts == nil {
		opts = &Options{}
	}
	m := &Manager{opts: opts, backends: map[string]*Backend{}, startCalled: make(chan struct{})}
	for _, c := range cfgs {
		m.backends[c.ID] = newBackend(c, opts)
		m.backends[c.ID].gen = &m.gen
		m.order = append(m.order, c.ID)
	}
	m.publishLocked()
	return m
}

// publishLocked publishes a copy of m.backends for [Manager.Get]. m.mu
// must be held (or m not yet shared) and m.backends just changed.
func (m *Manager) publishLocked() {
	c := maps.Clone(m.backends)
	m.byID.Store(&c)
}

// Options returns the shared options (for setting Capabilities before Start).
func (m *Manager) Options() *Options { return m.opts }

// Start starts every enabled backend at once; each waits for its
// dependsOn backends to be ready first. It does not wait for them.
func (m *Manager) Start() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.started = true
	if pre := m.opts.Prespawned; pre != nil {
		for _, id := range m.order {
			if b := m.backends[id]; !b.cfg.Disabled {
				b.pre = pre.take(b.cfg)
			}
		}
		// Processes nobody adopted (configuration changed by the client's
		// initializationOptions, or backend disabled) go now.
		go pre.Close() // owned by pre; bounded by the stop sequence
	}
	m.startAllLocked(m.order)
	m.startOnce.Do(func() { close(m.startCalled) })
}

// startAllLocked starts the backends ids. All are marked starting first,
// so that none sees a dependency listed after it as stopped.
func (m *Manager) startAllLocked(ids []string) {
	for _, id := range ids {
		if b := m.backends[id]; !b.cfg.Disabled {
			b.setState(Starting, nil)
		}
	}
	for _, id := range ids {
		m.startLocked(m.backends[id])
	}
}

func (m *Manager) startLocked(b *Backend) {
	if b.cfg.Disabled {
		b.setState(Stopped, nil)
		return
	}
	if len(b.cfg.Invalid) > 0 {
		// Its entry cannot be used; the others serve.
		where := ""
		if b.cfg.Source != "" {
			where = " in " + b.cfg.Source
		}
		b.giveUp(fmt.Errorf("invalid configuration%s: %w", where, b.cfg.Invalid))
		return
	}
	if reason := SelfLaunch(&b.cfg); reason != "" {
		b.skip(reason)
		return
	}
	var deps []*Backend
	for _, d := range b.cfg.DependsOn {
		if db, ok := m.backends[d]; ok {
			deps = append(deps, db)
		}
	}
	b.start(deps)
}

// Get returns a backend by id. It takes no lock: it reads the set
// published by the last change (a change concurrent with Get may or may
// not be seen, as with the mutex).
func (m *Manager) Get(id string) (*Backend, bool) {
	b, ok := (*m.byID.Load())[id]
	return b, ok
}

// List returns the backends in configuration order.
func (m *Manager) List() []*Backend {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*Backend, 0, len(m.order))
	for _, id := range m.order {
		out = append(out, m.backends[id])
	}
	return out
}

// WaitReady waits until every backend's first start has an outcome (see
// [Backend.WaitSettled]), or ctx ends.
func (m *Manager) WaitReady(ctx context.Context) {
	for _, b := range m.List() {
		b.WaitSettled(ctx)
	}
}

// WaitStarted waits until [Manager.Start] has been called and every
// backend's first start has an outcome (see [Backend.WaitSettled]). It
// reports false if ctx ended first. Unlike [Manager.WaitReady], it may be
// called before Start: before it, backends are stopped, not starting.
func (m *Manager) WaitStarted(ctx context.Context) bool {
	select {
	case <-m.startCalled:
	case <-ctx.Done():
		return false
	}
	m.WaitReady(ctx)
	return ctx.Err() == nil
}

// Stop stops every backend, in parallel, and waits for them.
func (m *Manager) Stop() {
	m.mu.Lock()
	m.started = false // a later Reload starts nothing
	m.mu.Unlock()
	var wg sync.WaitGroup
	for _, b := range m.List() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.stop()
		}()
	}
	wg.Wait()
}
