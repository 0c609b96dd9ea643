package backends

import (
	"errors"
	"fmt"
)

// ErrNoBackend is returned by [Manager.Restart] for an id it does not know.
var ErrNoBackend = errors.New("no such backend")

// Restart stops the backend id and starts it again with the same
// configuration, as a reload that changed it would: a new process (or
// connection), with its restart count, breaker and give-up cleared. It is
// how a user revives a backend that gave up after too many failures
// without editing the configuration. Calls pending on the old backend
// fail with an error naming it. Restart returns when the old backend has
// stopped; the new one is starting (if the manager was started). A
// disabled backend is not started. Safe to call concurrently with
// everything but [Manager.Reload] and itself for the same id.
func (m *Manager) Restart(id string) error {
	m.mu.Lock()
	cur, ok := m.backends[id]
	if !ok {
		m.mu.Unlock()
		return fmt.Errorf("backends: restart %q: %w", id, ErrNoBackend)
	}
	if cur.cfg.Disabled {
		m.mu.Unlock()
		return fmt.Errorf("backends: restart %q: the backend is disabled in the configuration", id)
	}
	next := newBackend(cur.cfg, m.opts)
	next.gen = &m.gen
	m.backends[id] = next
	m.publishLocked()
	m.gen.Add(1)
	m.mu.Unlock()

	cur.stop()

	m.mu.Lock()
	defer m.mu.Unlock()
	if m.started && m.backends[id] == next {
		m.startAllLocked([]string{id})
	}
	return nil
}
