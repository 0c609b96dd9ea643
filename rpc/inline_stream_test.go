package rpc

import (
	"io"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"
)

// memStream is an InlineStream: Read waits for Close, writes are recorded
// with the goroutine that made them.
type memStream struct {
	mu      sync.Mutex
	inline  []string // messages written through WriteInline
	queued  []string // messages written by the writer goroutine (Write)
	done    chan struct{}
	closeMu sync.Once
}

func (m *memStream) Read() ([]byte, error) { <-m.done; return nil, io.EOF }
func (m *memStream) Flush() error          { return nil }
func (m *memStream) Close() error          { m.closeMu.Do(func() { close(m.done) }); return nil }

func (m *memStream) Write(msg []byte) error {
	m.mu.Lock()
	m.queued = append(m.queued, string(msg))
	m.mu.Unlock()
	return nil
}

func (m *memStream) WriteInline(msg []byte) error {
	m.mu.Lock()
	m.inline = append(m.inline, string(msg))
	m.mu.Unlock()
	return nil
}

// TestInlineStreamWritesFromSender checks that a stream of another package
// that declares InlineStream gets a message with nothing queued ahead of
// it from the sender's goroutine (WriteInline), not through the writer
// goroutine, and that every message arrives once, in order.
func TestInlineStreamWritesFromSender(t *testing.T) {
	ms := &memStream{done: make(chan struct{})}
	c := NewConn(ms, ConnOptions{})
	defer c.Close()
	if c.tw == nil {
		t.Fatal("an InlineStream should be written inline")
	}
	const n = 200
	for i := range n {
		if err := c.Notify("n", []byte(`{"i":`+strconv.Itoa(i)+`}`)); err != nil {
			t.Fatal(err)
		}
		runtime.Gosched()
	}
	c.Close()
	ms.mu.Lock()
	defer ms.mu.Unlock()
	if len(ms.inline) == 0 {
		t.Fatalf("no message was written inline (%d by the writer goroutine)", len(ms.queued))
	}
	if len(ms.queued) != 0 {
		// Sends from one goroutine, one at a time: nothing is ever queued
		// ahead of the next one.
		t.Fatalf("%d messages went through the writer goroutine", len(ms.queued))
	}
	for i, got := range ms.inline {
		if want := `{"jsonrpc":"2.0","method":"n","params":{"i":` + strconv.Itoa(i) + `}}`; got != want {
			t.Fatalf("message %d: %s, want %s", i, got, want)
		}
	}
	if len(ms.inline) != n {
		t.Fatalf("%d messages, want %d", len(ms.inline), n)
	}
}

// chanStream is a BurstStream over a channel of messages, as the HTTP
// transport's sessions are (TestBurstCoalescesWrites); Read returns io.EOF
// once in is closed and drained.
type chanStream struct{ in chan []byte }

func (s chanStream) Read() ([]byte, error) {
	if m, ok := <-s.in; ok {
		return m, nil
	}
	return nil, io.EOF
}
func (s chanStream) Write([]byte) error { return nil }
func (s chanStream) Flush() error       { return nil }
func (s chanStream) Close() error       { return nil }
func (s chanStream) More() bool         { return len(s.in) > 0 }

// slowInlineStream is an InlineStream whose WriteInline waits for release.
type slowInlineStream struct {
	memStream
	entered, release chan struct{}
}

func (s *slowInlineStream) WriteInline(msg []byte) error {
	close(s.entered)
	<-s.release
	return s.memStream.WriteInline(msg)
}

// TestCloseDuringInlineWrite: Close while a sender's inline write is out.
// The writer goroutine, woken by Close, sees the write still out and waits
// for it; the write's end must wake it again, or Close waits forever (a
// gateway that did not exit after its client's EOF when a backend's
// message was being written to stdout at that moment).
func TestCloseDuringInlineWrite(t *testing.T) {
	s := &slowInlineStream{memStream: memStream{done: make(chan struct{})}, entered: make(chan struct{}), release: make(chan struct{})}
	c := NewConn(s, ConnOptions{})
	sent := make(chan error, 1)
	go func() { sent <- c.Notify("n", []byte(`{}`)) }()
	<-s.entered
	closed := make(chan struct{})
	go func() { c.Close(); close(closed) }()
	// Let Close mark the connection closed and wake the writer, which
	// finds the inline write still out.
	for {
		c.wmu.Lock()
		wclosed := c.wclosed
		c.wmu.Unlock()
		if wclosed {
			break
		}
		runtime.Gosched()
	}
	close(s.release)
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return after the inline write ended")
	}
}
