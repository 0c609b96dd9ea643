package telemetry

import "sync"

// ring is a fixed-capacity buffer of recent entries with non-blocking
// fan-out to subscribers. It is shared by [LogRing] and [TraceBus].
//
// Two ways to follow it: a [Subscription] (a channel per subscriber, each
// entry offered to each, so adding costs O(subscribers)), and reading by
// sequence number ([ring.read] after [ring.changed]), where adding costs the
// same with any number of readers: readers pull what they missed, and each
// entry is encoded once, by the first reader that wants it, for all.
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
	// cells[i] is the shared encoding of buf[i], made by the first reader
	// and dropped when the slot is overwritten.
	cells []*encCell[T] // guarded by mu
	wake  chan struct{} // guarded by mu; closed by add when readers wait
}

// encCell holds one entry and its encoding, computed once.
type encCell[T any] struct {
	e    T
	once sync.Once
	b    []byte
}

// closedChan is returned by changed when there is already something new.
var closedChan = func() chan struct{} { c := make(chan struct{}); close(c); return c }()

func newRing[T any](capacity int, stamp func(*T, uint64), missed func(*T, uint64)) *ring[T] {
	return &ring[T]{
		stamp:  stamp,
		missed: missed,
		buf:    make([]T, capacity),
		cells:  make([]*encCell[T], capacity),
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
	r.cells[r.next] = nil
	if r.wake != nil {
		close(r.wake) // O(1) for any number of waiting readers
		r.wake = nil
	}
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

// changed returns a channel that is closed once the ring holds an entry
// newer than after (at once if it already does).
func (r *ring[T]) changed(after uint64) <-chan struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seq > after {
		return closedChan
	}
	if r.wake == nil {
		r.wake = make(chan struct{})
	}
	return r.wake
}

// read returns the encodings of the entries after sequence number after
// that keep accepts, oldest first, at most max of them (the newest), and
// the sequence number to read after next time. missed counts the entries
// passed over: overwritten before this read, or beyond max. Each entry is
// encoded by encode once, whoever reads it first; the slices returned are
// shared and must not be modified. The ring's lock is held only to pick
// the entries, never while encoding.
func (r *ring[T]) read(after uint64, max int, keep func(*T) bool, encode func(*T) []byte) (frames [][]byte, last, missed uint64) {
	if max < 1 {
		max = 1
	}
	r.mu.Lock()
	last = r.seq
	if after > last {
		after = 0 // a reader from before a restart of the sequence
	}
	oldest := r.seq - uint64(r.n) // entries after it are stored
	if after < oldest {
		missed = oldest - after
		after = oldest
	}
	// Newest first, stopping at max matches; a reader far behind scans at
	// most 4*max entries under the lock and counts the rest as missed.
	cells := make([]*encCell[T], 0, min(max, int(last-after)))
	scanned := 0
	seq := last
	for ; seq > after && len(cells) < max && scanned < 4*max; seq-- {
		scanned++
		idx := (r.next - 1 - int(last-seq) + 2*len(r.buf)) % len(r.buf)
		if keep != nil && !keep(&r.buf[idx]) {
			continue
		}
		c := r.cells[idx]
		if c == nil {
			c = &encCell[T]{e: r.buf[idx]}
			r.cells[idx] = c
		}
		cells = append(cells, c)
	}
	missed += seq - after
	r.mu.Unlock()

	frames = make([][]byte, len(cells))
	for i, c := range cells {
		c.once.Do(func() { c.b = encode(&c.e) })
		frames[len(cells)-1-i] = c.b
	}
	return frames, last, missed
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
