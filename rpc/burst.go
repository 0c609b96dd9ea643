package rpc

import (
	"bytes"
	"sync"
)

// Write coalescing.
//
// A gateway relays bursts: a client with 64 calls in flight writes many
// requests at once, a backend answers many at once. Written one message
// at a time, every message costs a write(2) and, worse, a wake-up of the
// peer, which then reads one message, answers it, and wakes the gateway
// for one response: the pipeline degrades to ping-pong, at a tenth of what
// a byte-copy relay reaches on the same pipes. So while a read loop works
// through input that is already in its buffer, the connections it sends to
// (through [Conn.SendFor] and [Conn.GoFor]) hold their writes; when nothing
// more can be read without waiting, the burst ends and each of them writes
// what it holds at once. Nothing is delayed waiting for input that has not
// arrived, a lone message is written at once, and a burst is at most one
// buffer of input (64 KiB), so holds are short. A send that must wait for
// room in a full queue first releases every hold (bursting.releaseAll), so
// a hold never waits behind backpressure.
//
// Held to its end, though, a burst makes the path a relay race: the peer
// waits idle while this loop handles the whole burst, then this loop
// waits while the peer handles it. At 64 calls in flight the calls move
// as one burst of 64 through every process on the path, and on two cores
// the gateway reached 74-79 % of a byte-copy relay's calls/s with the
// machine half idle. So a long burst is handed on in parts that double:
// the holds are released after firstRelease messages, again after twice
// as many, and so on, and the peer works on the first part while this
// loop handles the next. A burst of n messages costs about
// log2(n/firstRelease) more writes. Measured by scripts/bench.sh against
// the relay, the gateway went from 74-79 % to 85-88 % at 64 in flight and
// from 64-69 % to 76-82 % at 256; with every process pinned to one CPU,
// where nothing can overlap, it lost 1-2 % (docs/benchmarks.md, "Bursts
// handed on in parts").

// firstRelease is how many messages of a burst are handled before its
// first part is handed on. Smaller parts start the peer sooner and cost
// more writes: in a driver's 2 s windows at 64 in flight, 2, 4 and 8
// reached the relay's calls/s alike and 16 about 90 % of it, so 8, the
// fewest writes of the three.
const firstRelease = 8

// burstReader is implemented by streams that can tell whether another
// message can be read without blocking.
type burstReader interface {
	more() bool
}

// batchWriter is implemented by streams that can write several messages
// at once without blocking.
type batchWriter interface {
	// tryWriteBatch writes msgs (each followed by a newline) with one
	// non-blocking write. It reports false, having written nothing, when it
	// cannot take them (a message holds a newline, or they do not fit its
	// buffer); errFlushPending when some bytes wait in its buffer for the
	// writer's next Flush.
	tryWriteBatch(msgs [][]byte) (bool, error)
}

// holdTarget makes t hold its writes until c's burst ends, if c's read
// loop is in a burst. Any goroutine may call it.
func (c *Conn) holdTarget(t *Conn) {
	if !c.inBurst.Load() {
		return
	}
	if c.heldLast.Load() == t {
		// Held already for this burst: the common case, a burst of calls
		// to one backend, or of its responses to one client. (Were the
		// holds being released meanwhile, t writes as usual.)
		return
	}
	c.burstMu.Lock()
	defer c.burstMu.Unlock()
	if !c.inBurst.Load() {
		return // ended meanwhile: t writes as usual
	}
	for _, h := range c.held {
		if h == t {
			return
		}
	}
	t.wmu.Lock()
	t.holds++
	t.wmu.Unlock()
	c.held = append(c.held, t)
	c.heldLast.Store(t)
}

// endBurst ends the read loop's burst and releases what it held. Called
// by the read loop only.
func (c *Conn) endBurst() {
	c.inBurst.Store(false)
	c.releaseHeld()
}

// releaseHeld releases the connections held for c's burst (which may go
// on and hold them again).
func (c *Conn) releaseHeld() {
	c.burstMu.Lock()
	held := c.held
	c.held = nil
	c.heldLast.Store(nil)
	c.burstMu.Unlock()
	for _, t := range held {
		t.release()
	}
}

// release drops one hold; the last one writes what was queued meanwhile:
// in one non-blocking write on this goroutine when the stream can, else
// through the writer goroutine.
func (c *Conn) release() {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.holds--
	if c.holds > 0 {
		return
	}
	bw, _ := c.tw.(batchWriter)
	if len(c.queue) == 0 || bw == nil || c.writing || c.flush || c.wclosed || c.werr != nil {
		// The writer waited for the holds to end: wake it, whatever it has
		// to do (a queue, bytes left to flush by a partial write, a close).
		c.wcond.Signal()
		return
	}
	batch := c.queue
	c.queue = c.spareBuf[:0]
	c.spareBuf = nil
	c.writing = true
	c.wmu.Unlock()
	ok, err := bw.tryWriteBatch(batch)
	c.wmu.Lock()
	c.writing = false
	switch {
	case !ok && err == nil:
		// Not taken: the writer writes it, ahead of what was queued meanwhile.
		c.queue = append(batch, c.queue...)
		c.wcond.Signal()
		return
	case err == errFlushPending:
		c.flush = true
	case err != nil:
		if c.werr == nil {
			c.werr = err
		}
	}
	for _, b := range batch {
		c.queued -= len(b)
	}
	clear(batch)
	c.spareBuf = batch[:0]
	c.reuseArena()
	c.wakeSenders()
	c.wakeWriterAfterInline()
}

// bursting is every connection whose read loop may hold others' writes.
var bursting = burstSet{conns: map[*Conn]struct{}{}}

type burstSet struct {
	mu    sync.Mutex
	conns map[*Conn]struct{} // guarded by mu
}

func (s *burstSet) add(c *Conn) {
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.mu.Unlock()
}

func (s *burstSet) remove(c *Conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
}

// releaseAll releases every hold of every burst in progress. It runs
// before a send waits for room in a full queue (rare), so that no write
// held for a burst waits behind it.
func (s *burstSet) releaseAll() {
	s.mu.Lock()
	list := make([]*Conn, 0, len(s.conns))
	for c := range s.conns {
		list = append(list, c)
	}
	s.mu.Unlock()
	for _, c := range list {
		c.releaseHeld()
	}
}

// more reports whether a whole non-blank line is buffered, so that the
// next Read returns without waiting for input.
func (s *lineStream) more() bool {
	n := s.r.Buffered()
	if n == 0 {
		return false
	}
	p, _ := s.r.Peek(n)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			return false
		}
		if !blankLine(p[:i]) {
			return true
		}
		p = p[i+1:]
	}
	return false
}

// tryWriteBatch implements batchWriter for a non-blocking pipe: the frame
// (every message and its newline) is written with one write(2); what the
// pipe does not take waits in the stream's buffer, which it fits (the
// frame is at most the buffer's size), for the writer's Flush.
func (s *lineStream) tryWriteBatch(msgs [][]byte) (bool, error) {
	if s.raw == nil || s.w.Buffered() > 0 {
		return false, nil
	}
	size := 0
	for _, m := range msgs {
		size += len(m) + 1
	}
	if size > s.w.Available() {
		return false, nil
	}
	for _, m := range msgs {
		if bytes.IndexByte(m, '\n') >= 0 {
			return false, nil
		}
	}
	s.frame = s.frame[:0]
	for _, m := range msgs {
		s.frame = append(append(s.frame, m...), '\n')
	}
	written, n, err := s.raw.try(s.frame)
	if err != nil {
		return false, s.writeErr(err)
	}
	if !written {
		n = 0
	}
	if n < len(s.frame) {
		s.w.Write(s.frame[n:]) // fits: the buffer was empty and the frame is at most its size
		return true, errFlushPending
	}
	return true, nil
}
