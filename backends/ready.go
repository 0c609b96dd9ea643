package backends

// OnFirstStart reports whether the backend is still on its first start:
// starting (or about to), with no failure yet. Requests that need the
// backend wait for it then, and only then (never through restarts).
func (b *Backend) OnFirstStart() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return (b.state == Starting || b.state == Restarting) && b.restarts == 0
}
