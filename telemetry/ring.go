package telemetry

import "sync"

// ring is a fixed-capacity buffer of recent entries with non-blocking
// fan-out to subscribers. It is shared by [LogRing] and [TraceBus].
type ring[T any] struct {
	// stamp writes the sequence number into an entry; missed writes the
	// number of entries a subscriber lost before this one.
	stamp  func(e *T, seq uint64)
	missed func(e *T, n uint64)

	mu   sync.Mutex
	buf  []T                           // guarded by mu; len(buf) == capacity
	next int                           // guarded by mu; slot of the next write
	n    int                           // guarded by mu; entries stored (≤ len(buf))
	seq  uint64                        // guarded by mu; last sequence number given
	subs map[*Subscription[T]]struct{} // guarded by mu
}

func newRing[T any](capacity int, stamp func(*T, uint64), missed func(*T, uint64)) *ring[T] {
	return &ring[T]{
		stamp:  stamp,
		missed: missed,
		buf:    make([]T, capacity),
		subs:   make(map[*Subscription[T]]struct{}),
	}
}

// add stores e, overwriting the oldest entry when full, and offers it to
// every subscriber without blocking. It returns the sequence number given.
func (r *ring[T]) add(e T) uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	// Stamp the stored copy: taking &e would move every entry to the heap.
	slot := &r.buf[r.next]
	*slot = e
	r.stamp(slot, r.seq)
	r.next = (r.next + 1) % len(r.buf)
	if r.n < len(r.buf) {
		r.n++
	}
	for s := range r.subs {
		s.offer(slot, r.missed)
	}
	return r.seq
}

// recent returns up to limit of the newest entries accepted by keep, oldest
// first. limit ≤ 0 means all stored entries.
func (r *ring[T]) recent(limit int, keep func(*T) bool) []T {
	r.mu.Lock()
	defer r.mu.Unlock()
	if limit <= 0 || limit > r.n {
		limit = r.n
	}
	out := make([]T, 0, limit)
	for i := 0; i < r.n && len(out) < limit; i++ {
		idx := (r.next - 1 - i + 2*len(r.buf)) % len(r.buf)
		if keep == nil || keep(&r.buf[idx]) {
			out = append(out, r.buf[idx])
		}
	}
	// Newest first so far; callers want chronological order.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

func (r *ring[T]) lastSeq() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seq
}

func (r *ring[T]) subscribe(buf int) *Subscription[T] {
	if buf < 1 {
		buf = 1
	}
	s := &Subscription[T]{c: make(chan T, buf), r: r}
	r.mu.Lock()
	r.subs[s] = struct{}{}
	r.mu.Unlock()
	return s
}

// Subscription receives entries added after it was created. Its channel has
// a fixed buffer; when the reader falls behind, new entries are dropped (the
// writer never waits) and the next entry delivered carries the number lost
// in its Missed field. Close unsubscribes and closes the channel; it may be
// called concurrently with delivery and more than once.
type Subscription[T any] struct {
	c chan T
	r *ring[T]

	pending uint64 // guarded by r.mu; dropped since the last delivery
	total   uint64 // guarded by r.mu; dropped over the subscription's life
	closed  bool   // guarded by r.mu
}

// C is the channel of new entries. It is closed by [Subscription.Close].
func (s *Subscription[T]) C() <-chan T { return s.c }

// Missed is the total number of entries this subscription dropped.
func (s *Subscription[T]) Missed() uint64 {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	return s.total
}

// Close unsubscribes and closes the channel.
func (s *Subscription[T]) Close() {
	s.r.mu.Lock()
	defer s.r.mu.Unlock()
	if s.closed {
		return
	}
	s.closed = true
	delete(s.r.subs, s)
	close(s.c)
}

// offer is called with r.mu held; stored is the ring's copy, not modified.
func (s *Subscription[T]) offer(stored *T, missed func(*T, uint64)) {
	sent := false
	switch {
	case len(s.c) == cap(s.c):
		// Full: drop without copying, so a stalled reader costs nothing.
	case s.pending > 0:
		e := *stored // only this path pays for a heap copy
		missed(&e, s.pending)
		select {
		case s.c <- e:
			sent = true
		default:
		}
	default:
		select {
		case s.c <- *stored:
			sent = true
		default:
		}
	}
	if sent {
		s.pending = 0
	} else {
		s.pending++
		s.total++
	}
}
