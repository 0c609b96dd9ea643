package rpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// ErrClosed is returned for sends on a closed connection and delivered (as
// an *Error with code CodeBackendFailed) to requests pending when it closed.
var ErrClosed = errors.New("connection closed")

// ErrBackpressure is returned by a send of a notification dropped because
// the peer does not read its input and the writer's backlog is at
// ConnOptions.MaxQueueBytes, and (wrapped) by sends on a connection closed
// because a request or response waited longer than ConnOptions.FullTimeout.
var ErrBackpressure = errors.New("peer is not reading: write backlog full")

// ConnOptions configures a [Conn]. The zero value is usable: incoming
// requests are answered -32601 and bad input is dropped silently.
type ConnOptions struct {
	// Handler receives every request and notification from the peer, in the
	// order read, on the read loop's goroutine. It must not block: forward,
	// reply, or hand the work to a goroutine it owns. Nil answers requests
	// with -32601.
	Handler func(m *Message)

	// ReplyErrors makes the connection answer unreadable input with -32700
	// (not JSON, or over the size limit) or -32600 (JSON but not JSON-RPC),
	// as a server must. Off for connections toward backends, whose stray
	// stdout output deserves a log line, not an answer.
	ReplyErrors bool

	// OnBadInput, if set, is told about input that is not a JSON-RPC
	// message (line holds at most its first bytes).
	OnBadInput func(line []byte, err error)

	// OnUnknownResponse, if set, receives responses whose id is not pending
	// (late responses after a cancellation or timeout). They are dropped.
	OnUnknownResponse func(m *Message)

	// OnRead and OnWrite, if set, see every message read or written, with its
	// encoded size. They run on the hot path: keep them cheap.
	OnRead, OnWrite func(m *Message, size int)

	// CloseError, if set, builds the error delivered to requests still
	// pending when the read loop ends (readErr is what ended it). It runs
	// once. Nil delivers "connection closed" with CodeBackendFailed.
	CloseError func(readErr error) *Error

	// MaxQueueBytes bounds the bytes queued for a peer that does not read
	// (one message larger than the bound is accepted into an empty queue).
	// Zero means 16 MiB. What happens at the bound depends on the message:
	//
	//   - A request or response is never dropped. Its Send blocks the caller
	//     until the writer has made room or the connection closes. The
	//     caller is typically another connection's read loop (a backend's,
	//     forwarding a response): that peer is then not read either, so the
	//     pressure reaches the source instead of growing memory.
	//   - If a request or response has waited FullTimeout, the peer is taken
	//     as gone: OnOverflow is told why, the stream is closed, pending
	//     requests fail, and every Send fails with an error wrapping
	//     ErrBackpressure. The owner should then Close the connection.
	//   - A notification is dropped: Send returns ErrBackpressure,
	//     OnDropNotification is called and [Conn.Dropped] counts it.
	MaxQueueBytes int

	// FullTimeout bounds how long a request or response waits for room in
	// a full queue before the connection is closed. Zero means 30 s;
	// negative means no bound (wait until the connection closes).
	FullTimeout time.Duration

	// OnOverflow, if set, is called once when the connection is closed
	// because the peer stopped reading (see MaxQueueBytes). Log it.
	OnOverflow func(err error)

	// OnDropNotification, if set, is called (on the sender's goroutine)
	// for each notification dropped because the queue is full. Log it.
	OnDropNotification func(m *Message)

	// Fast, if set, sees every line read before it is decoded, on the read
	// loop, and reports whether it handled the line itself (the fast lane
	// of a forwarding gateway; see [Conn.GoRaw] and [Conn.SendRaw]). It
	// must not keep line, which is only valid during the call, and must
	// return false, having done nothing, for any line it is not sure of:
	// that line then takes the usual way (OnRead, Handler). A line it
	// handles is not seen by OnRead.
	Fast func(line []byte) bool
}

// Conn is one JSON-RPC connection: a read loop ([Conn.Run]), a writer
// goroutine that owns all writes, and the pending map of requests this side
// has sent. All methods are safe for concurrent use.
type Conn struct {
	s    Stream
	opts ConnOptions

	nextID atomic.Int64

	mu      sync.Mutex
	pending pendingTable // guarded by mu
	raws    atomic.Int64 // pending requests sent with GoRaw (their responses are scanned before decoding)
	closed  bool         // guarded by mu; no new requests once set
	failure *Error       // guarded by mu; delivered to requests pending at close

	wmu     sync.Mutex
	wcond   *sync.Cond
	queue   [][]byte      // guarded by wmu
	queued  int           // guarded by wmu; bytes in queue
	wclosed bool          // guarded by wmu
	werr    error         // guarded by wmu
	writing bool          // guarded by wmu; someone holds the write turn (the writer goroutine or an inline write)
	room    chan struct{} // guarded by wmu; closed (and replaced) when the queue shrinks or the writer stops, if waiters > 0
	waiters int           // guarded by wmu; Sends waiting on room
	dropped atomic.Int64  // notifications dropped because the queue was full
	flush   bool          // guarded by wmu; the stream holds bytes the writer must flush
	tw      inlineWriter  // nil when the stream cannot write without blocking
	ow      ownedReader   // nil when the stream never hands its read buffer over
	rc      readClocker   // nil when the stream does not note when it read (see ReadClock)

	// Write coalescing (see [Conn.SendFor]): while the read loop works
	// through input that is already buffered (a burst), the connections it
	// sends to hold their writes, and write them together when the burst
	// ends, in one write(2) per connection instead of one per message.
	br       burstReader          // nil when the stream cannot tell what is buffered
	inBurst  atomic.Bool          // written by the read loop only
	burstMu  sync.Mutex           // orders holdTarget against releaseHeld
	held     []*Conn              // guarded by burstMu; connections holding writes for this burst
	heldLast atomic.Pointer[Conn] // the last one added to held (nil when held is empty): holdTarget's fast path
	holds    int                  // guarded by wmu; bursts (of any connection's read loop) holding this connection's writes
	spareBuf [][]byte             // guarded by wmu; reused for batch writes

	// arena holds the bytes of raw messages built in place while held for
	// a burst (see SendAppend); the queue's entries for them are slices
	// of it. Guarded by wmu; reused from the start only when nothing
	// queued or being written can refer to it. nil when the stream may
	// keep a message after writing it (only a lineStream is known not to).
	arena    []byte
	useArena bool

	writerDone chan struct{}
	readDone   chan struct{}
	closeOnce  sync.Once
}

// NewConn starts the connection's writer. The caller must call [Conn.Run]
// to read, and [Conn.Close] to release the stream and the writer.
func NewConn(s Stream, opts ConnOptions) *Conn {
	if opts.MaxQueueBytes <= 0 {
		opts.MaxQueueBytes = 16 << 20
	}
	if opts.FullTimeout == 0 {
		opts.FullTimeout = 30 * time.Second
	}
	c := &Conn{
		s:          s,
		opts:       opts,
		writerDone: make(chan struct{}),
		readDone:   make(chan struct{}),
		room:       make(chan struct{}),
	}
	c.wcond = sync.NewCond(&c.wmu)
	c.tw, _ = s.(inlineWriter)
	if is, ok := s.(InlineStream); ok && c.tw == nil {
		c.tw = inlineStream{is}
	}
	c.ow, _ = s.(ownedReader)
	c.rc, _ = s.(readClocker)
	_, c.useArena = s.(*lineStream)
	c.br, _ = s.(burstReader)
	if bs, ok := s.(BurstStream); ok && c.br == nil {
		c.br = burstStream{bs}
	}
	if c.br != nil {
		bursting.add(c)
	}
	// The writer goroutine is owned by c; it exits when Close has been called
	// and the queue is drained, or when the stream fails.
	go c.writeLoop()
	return c
}

// Done is closed when the read loop has ended.
func (c *Conn) Done() <-chan struct{} { return c.readDone }

// Run reads messages until the stream ends, dispatching requests and
// notifications to the Handler and responses to their pending callbacks. On
// return every pending request has been failed. It returns the error that
// ended the stream (io.EOF for a clean end).
func (c *Conn) Run() error {
	defer close(c.readDone)
	defer bursting.remove(c)
	defer c.endBurst()
	var err error
	// handled counts the messages of the current burst; its holds are
	// released early when it reaches release (see firstRelease).
	var handled, release int
	for {
		if c.inBurst.Load() {
			if !c.br.more() {
				// The burst is over: nothing more can be read without
				// waiting, so what it sent is written now, before the read
				// blocks.
				c.endBurst()
			} else if handled >= release {
				// Hand the peers what the burst has sent so far, so they
				// work on it while this loop handles the rest.
				c.releaseHeld()
				release *= 2
			}
		}
		var b []byte
		b, err = c.s.Read()
		if err != nil {
			var tl *TooLongError
			if errors.As(err, &tl) {
				c.tooLong(tl)
				continue
			}
			break
		}
		if c.br != nil && !c.inBurst.Load() && c.br.more() {
			c.inBurst.Store(true)
			handled, release = 0, firstRelease
		}
		handled++
		if c.opts.Fast != nil && c.opts.Fast(b) {
			continue
		}
		if c.raws.Load() > 0 && c.rawResponse(b) {
			continue
		}
		m, derr := decode(b, !(c.ow != nil && c.ow.owned()))
		if derr != nil {
			c.badInput(b, derr)
			continue
		}
		m.from = c
		if c.opts.OnRead != nil {
			c.opts.OnRead(m, len(b))
		}
		if m.Method == "" {
			c.deliver(m)
			continue
		}
		if c.opts.Handler != nil {
			c.opts.Handler(m)
		} else if m.ID != nil {
			c.ReplyError(m.ID, Errorf(CodeMethodNotFound, "method not found: %q", m.Method))
		}
	}
	failure := &Error{Code: CodeBackendFailed, Message: "connection closed", Err: ErrClosed}
	if c.opts.CloseError != nil {
		if e := c.opts.CloseError(err); e != nil {
			failure = AsError(e) // never code 0
		}
	}
	c.failPending(failure)
	return err
}

func (c *Conn) badInput(b []byte, err error) {
	if c.opts.OnBadInput != nil {
		c.opts.OnBadInput(b[:min(len(b), 512)], err)
	}
	if !c.opts.ReplyErrors {
		return
	}
	var de *DecodeError
	code, id := int64(CodeParseError), json.RawMessage(nil)
	if errors.As(err, &de) {
		code, id = de.Code, de.ID
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	c.ReplyError(id, &Error{Code: code, Message: err.Error()})
}

func (c *Conn) tooLong(tl *TooLongError) {
	if c.opts.OnBadInput != nil {
		c.opts.OnBadInput(tl.Prefix, tl)
	}
	id := tl.PrefixID()
	if c.opts.ReplyErrors {
		if id == nil {
			id = json.RawMessage("null")
		}
		c.ReplyError(id, &Error{Code: CodeParseError, Message: tl.Error()})
		return
	}
	// A response we cannot read must still end the request it answers.
	if n, ok := ParseIntID(id); ok {
		if p := c.take(n); p.set() {
			p.respond(&Message{ID: id, Error: &Error{Code: CodeBackendFailed, Message: "response " + tl.Error(), Err: ErrResponseTooLarge}})
		}
	}
}

func (c *Conn) deliver(m *Message) {
	n, ok := ParseIntID(m.ID)
	var p pendingCall
	if ok {
		p = c.take(n)
	}
	if !p.set() {
		if c.opts.OnUnknownResponse != nil {
			c.opts.OnUnknownResponse(m)
		}
		return
	}
	p.respond(m)
}

// pendingCall is what receives the response of a pending request: a
// callback (Go, GoFor) or a Responder (GoRaw).
type pendingCall struct {
	f func(*Message)
	r Responder
}

func (p pendingCall) set() bool { return p.f != nil || p.r != nil }

func (p pendingCall) respond(m *Message) {
	if p.r != nil {
		p.r.Response(m)
		return
	}
	p.f(m)
}

// take removes and returns pending request id (not set if none).
func (c *Conn) take(id int64) pendingCall {
	c.mu.Lock()
	p, ok := c.pending.Take(id)
	if ok {
		if p.r != nil {
			c.raws.Add(-1)
		}
	}
	c.mu.Unlock()
	return p
}

// Fail stops accepting new requests and delivers err to every pending
// request. Use it when the peer is known to be gone (its process exited)
// before the stream notices.
func (c *Conn) Fail(err *Error) { c.failPending(err) }

func (c *Conn) failPending(err *Error) {
	if err == nil {
		err = &Error{Code: CodeBackendFailed, Message: ErrClosed.Error(), Err: ErrClosed}
	}
	err = AsError(err) // never code 0
	c.mu.Lock()
	c.closed = true
	if c.failure == nil {
		c.failure = err
	}
	err = c.failure
	ids, p := c.pending.drain()
	c.raws.Store(0)
	c.mu.Unlock()
	// In the order the requests were sent (ids increase): what the peer
	// leaves unanswered is failed in a defined order.
	for _, id := range ids {
		p[id].respond(&Message{ID: IntID(id), Error: err})
	}
}

// Go sends a request and arranges for onResp to receive its response (or a
// synthesized error response if the connection closes first). onResp runs
// on the read loop's goroutine, or on the goroutine that fails the
// connection, exactly once, unless [Conn.Forget] removes it first. It
// must not block.
func (c *Conn) Go(method string, params json.RawMessage, onResp func(*Message)) (int64, error) {
	return c.GoFor(nil, method, params, onResp)
}

// register gives a request its id and records p for its response; it
// fails when the connection is closed.
func (c *Conn) register(p pendingCall) (int64, error) {
	id := c.nextID.Add(1)
	c.mu.Lock()
	if c.closed {
		err := error(ErrClosed)
		if c.failure != nil {
			err = c.failure
		}
		c.mu.Unlock()
		return 0, err
	}
	c.pending.Put(id, p)
	if p.r != nil {
		c.raws.Add(1)
	}
	c.mu.Unlock() // not deferred: this runs for every request sent
	return id, nil
}

// GoFor is [Conn.Go] for a request sent because of cause, a message read
// by some connection's read loop: see [Conn.SendFor].
func (c *Conn) GoFor(cause *Message, method string, params json.RawMessage, onResp func(*Message)) (int64, error) {
	// Register before sending, otherwise we race the response.
	id, err := c.register(pendingCall{f: onResp})
	if err != nil {
		return 0, err
	}
	// The message and its id's digits in one allocation.
	req := &struct {
		m  Message
		id [20]byte
	}{m: Message{Method: method, Params: params}}
	req.m.ID = strconv.AppendInt(req.id[:0], id, 10)
	if err := c.SendFor(cause, &req.m); err != nil {
		if !c.take(id).set() {
			// failPending took onResp first and delivers the failure to it;
			// returning an error too would answer the request twice.
			return id, nil
		}
		return 0, err
	}
	return id, nil
}

// Forget removes pending request id and reports whether it was still
// pending. Its response, if it comes, goes to OnUnknownResponse.
func (c *Conn) Forget(id int64) bool { return c.take(id).set() }

// Call sends a request and waits for its response. When ctx ends first, the
// request is forgotten and the peer is sent notifications/cancelled.
func (c *Conn) Call(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	ch := make(chan *Message, 1)
	id, err := c.Go(method, params, func(m *Message) { ch <- m })
	if err != nil {
		return nil, err
	}
	return Await(ctx, ch, func(reason string) {
		if c.Forget(id) {
			c.Notify("notifications/cancelled", CancelParams(IntID(id), reason))
		}
	})
}

// Await waits for the response a request's callback delivers on ch and
// returns its result, or its error as an *Error. When ctx ends first, it
// calls cancel with the reason and returns ctx.Err().
func Await(ctx context.Context, ch <-chan *Message, cancel func(reason string)) (json.RawMessage, error) {
	select {
	case m := <-ch:
		if m.Error != nil {
			return nil, m.Error
		}
		return m.Result, nil
	case <-ctx.Done():
		cancel(context.Cause(ctx).Error())
		return nil, ctx.Err()
	}
}

// CancelParams builds the params of notifications/cancelled.
func CancelParams(id json.RawMessage, reason string) json.RawMessage {
	b := append([]byte(`{"requestId":`), id...)
	if reason != "" {
		b = append(b, `,"reason":`...)
		b = AppendString(b, reason)
	}
	return append(b, '}')
}

// Notify sends a notification.
func (c *Conn) Notify(method string, params json.RawMessage) error {
	return c.Send(&Message{Method: method, Params: params})
}

// Reply sends a successful response to request id.
func (c *Conn) Reply(id, result json.RawMessage) error {
	return c.Send(&Message{ID: id, Result: result})
}

// ReplyError sends an error response to request id.
func (c *Conn) ReplyError(id json.RawMessage, err *Error) error {
	return c.Send(&Message{ID: id, Error: err})
}

// Send queues m for writing. While the peer reads, it does not wait for the
// write. When the peer stops reading and the backlog reaches
// ConnOptions.MaxQueueBytes, a notification is dropped (ErrBackpressure)
// and a request or response waits for room, as documented there.
func (c *Conn) Send(m *Message) error {
	return c.SendFor(nil, m)
}

// SendFor is [Conn.Send] for a message sent because of cause, a message
// that some connection's read loop read and is handling (a request being
// forwarded, a response being relayed). While that read loop has more
// input already buffered, m is queued rather than written, and everything
// such a burst sent to c is written together when the burst ends: one
// write(2) and one wake-up of the peer for many messages. Nothing waits for
// more input: the burst ends as soon as what was buffered has been handled
// (before the read loop's next read can block), so a lone message is
// written at once. Order is kept: c's messages are written in the order
// they were sent, held or not. A nil cause (or one not read by a [Conn])
// is Send.
func (c *Conn) SendFor(cause *Message, m *Message) error {
	if cause != nil && cause.from != nil {
		cause.from.holdTarget(c)
	}
	b := m.AppendJSON(make([]byte, 0, 64+len(m.Params)+len(m.Result)))
	if c.opts.OnWrite != nil {
		c.opts.OnWrite(m, len(b))
	}
	err := c.enqueue(b, m.ID == nil)
	if errors.Is(err, errDropped) {
		c.dropped.Add(1)
		if c.opts.OnDropNotification != nil {
			c.opts.OnDropNotification(m)
		}
		return ErrBackpressure
	}
	return err
}

// Dropped returns the number of notifications dropped because the peer did
// not read (see ConnOptions.MaxQueueBytes).
func (c *Conn) Dropped() int64 { return c.dropped.Load() }

var errDropped = errors.New("notification dropped")

// ownedReader is implemented by streams that sometimes hand the buffer of
// the message just read over to the caller (a large one), so that the
// message can point into it instead of into a copy.
type ownedReader interface {
	owned() bool
}

// inlineWriter is implemented by streams that can sometimes write a message
// without blocking (a line stream over a non-blocking pipe).
type inlineWriter interface {
	tryWrite(msg []byte) (bool, error)
}

// InlineStream is implemented by streams of other packages whose Write
// never waits for a peer (it hands the message over in memory, as the HTTP
// server transport's sessions do). A message with nothing queued ahead of
// it is then written from the sending goroutine, as on a line stream over
// a non-blocking pipe, sparing the hand-off to the writer goroutine.
type InlineStream interface {
	Stream
	// WriteInline writes msg as Write does; it must not block on a peer.
	WriteInline(msg []byte) error
}

// BurstStream is implemented by streams of other packages that can tell
// whether another message can be Read without blocking (the HTTP server
// transport's sessions, whose POSTs queue in memory): their read loop then
// coalesces the writes it causes, as a line stream's does (burst.go).
type BurstStream interface {
	Stream
	// More reports whether Read would return a message without waiting.
	More() bool
}

// burstStream adapts a BurstStream to burstReader.
type burstStream struct{ s BurstStream }

func (b burstStream) more() bool { return b.s.More() }

// inlineStream adapts an InlineStream to inlineWriter.
type inlineStream struct{ s InlineStream }

func (i inlineStream) tryWrite(msg []byte) (bool, error) { return true, i.s.WriteInline(msg) }

func (c *Conn) enqueue(b []byte, droppable bool) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	var deadline <-chan time.Time
	released := false
	for {
		switch {
		case c.werr != nil:
			return c.werr
		case c.wclosed:
			return ErrClosed
		case c.queued+len(b) <= c.opts.MaxQueueBytes || c.queued == 0:
		case droppable:
			return errDropped
		case !released:
			// Full. Writes held for a burst must not wait behind this one
			// (this sender may be the read loop holding them, and another
			// session's messages may be among them): write them all first.
			released = true
			c.wmu.Unlock()
			bursting.releaseAll()
			c.wmu.Lock()
			continue
		default:
			// Full: wait for the writer to make room (the peer reads), the
			// connection to close, or the bound to pass.
			if deadline == nil && c.opts.FullTimeout > 0 {
				t := time.NewTimer(c.opts.FullTimeout)
				defer t.Stop()
				deadline = t.C
			}
			room := c.room
			c.waiters++
			c.wmu.Unlock()
			select {
			case <-room:
				c.wmu.Lock()
				c.waiters--
			case <-deadline:
				c.wmu.Lock()
				c.waiters--
				if err := c.overflow(); err != nil {
					// Not under wmu: closing may wait for the peer.
					c.wmu.Unlock()
					if c.opts.OnOverflow != nil {
						c.opts.OnOverflow(err)
					}
					c.s.Close() // unblocks the writer; the peer sees EOF
					c.failPending(&Error{Code: CodeBackendFailed, Message: err.Error()})
					c.wmu.Lock()
				}
			}
			continue
		}
		break
	}
	if c.holds > 0 && !c.wclosed {
		// Held for a burst: written when the burst ends (release).
		c.queue = append(c.queue, b)
		c.queued += len(b)
		return nil
	}
	if c.tw != nil && !c.writing && !c.flush && len(c.queue) == 0 {
		// Nothing is ahead of b: write it here if that cannot block, and
		// spare the hand-off to the writer goroutine (two scheduler
		// wake-ups on every forwarded call).
		c.writing = true
		c.wmu.Unlock()
		ok, err := c.tw.tryWrite(b)
		c.wmu.Lock()
		c.writing = false
		switch {
		case err == errFlushPending:
			c.flush = true
			c.wcond.Signal()
			return nil
		case err != nil:
			if c.werr == nil {
				c.werr = err
			}
			c.wcond.Signal()
			return err
		case ok:
			c.wakeWriterAfterInline()
			return nil
		}
		// No room in the pipe: queue b. What other senders queued while
		// this one tried was sent concurrently with b, in no defined order.
		c.queue = append(c.queue, b)
		c.queued += len(b)
		c.wcond.Signal()
		return nil
	}
	c.queue = append(c.queue, b)
	c.queued += len(b)
	c.wcond.Signal()
	return nil
}

// wakeWriterAfterInline wakes the writer goroutine at the end of an inline
// write (writing set, wmu released meanwhile) if it has something to do:
// it waits while a write is out, so what was queued or left to flush
// meanwhile, an error, or a Close it saw during the write (then it ends)
// needs this wake-up. The caller holds wmu and has cleared writing.
func (c *Conn) wakeWriterAfterInline() {
	if len(c.queue) > 0 || c.flush || c.werr != nil || c.wclosed {
		c.wcond.Signal()
	}
}

// wakeSenders wakes every Send waiting for room. The caller holds wmu.
func (c *Conn) wakeSenders() {
	if c.waiters > 0 {
		close(c.room)
		c.room = make(chan struct{})
	}
}

// overflow fails the writer of a peer that has not read for FullTimeout and
// returns the reason, or nil if the writer had already failed. The caller
// holds wmu and then closes the stream.
func (c *Conn) overflow() error {
	if c.werr != nil {
		return nil
	}
	c.werr = fmt.Errorf("closing the connection: %w (%d bytes queued for over %v)", ErrBackpressure, c.queued, c.opts.FullTimeout)
	c.wakeSenders()
	c.wcond.Signal()
	return c.werr
}

func (c *Conn) writeLoop() {
	defer close(c.writerDone)
	defer func() {
		c.wmu.Lock()
		c.wakeSenders()
		c.wmu.Unlock()
	}()
	var batch [][]byte
	for {
		c.wmu.Lock()
		for c.werr == nil && (c.writing || c.holds > 0 && !c.wclosed || len(c.queue) == 0 && !c.flush && !c.wclosed) {
			c.wcond.Wait()
		}
		if c.werr != nil || len(c.queue) == 0 && !c.flush {
			c.wmu.Unlock()
			return
		}
		batch, c.queue = c.queue, batch[:0]
		c.flush = false
		c.writing = true
		c.wmu.Unlock()

		var err error
		n := 0
		for _, b := range batch {
			if err == nil {
				err = c.s.Write(b)
			}
			n += len(b)
		}
		if err == nil {
			err = c.s.Flush()
		}
		clear(batch)
		c.wmu.Lock()
		c.writing = false
		c.queued -= n
		if err != nil && c.werr == nil {
			c.werr = err
		}
		c.reuseArena()
		c.wakeSenders()
		c.wmu.Unlock()
	}
}

// Close stops the writer after it has written what is queued (waiting at
// most a second for a peer that does not read), then closes the stream.
// Requests still pending are failed when the read loop ends. Close is
// idempotent.
func (c *Conn) Close() error {
	var err error
	c.closeOnce.Do(func() {
		bursting.remove(c)
		c.wmu.Lock()
		c.wclosed = true
		c.wcond.Signal()
		c.wakeSenders()
		c.wmu.Unlock()
		select {
		case <-c.writerDone:
		case <-time.After(time.Second):
		}
		err = c.s.Close()
		<-c.writerDone
	})
	return err
}
