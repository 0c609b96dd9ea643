package rpc

import (
	"errors"
	"io"
	"runtime"
	"strconv"
	"strings"
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
// transport's sessions are; Read returns io.EOF once in is closed and
// drained.
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

// TestBurstStreamCoalescesWrites: what the read loop of a BurstStream
// sends while more messages are queued is held and written at once when
// the queue is used up, as for a line stream's buffered input.
func TestBurstStreamCoalescesWrites(t *testing.T) {
	target, rs := startTarget(t)
	const n = 10
	in := make(chan []byte, n)
	for i := range n {
		in <- []byte(`{"jsonrpc":"2.0","id":` + strconv.Itoa(i) + `,"method":"m","params":{"i":` + strconv.Itoa(i) + `}}`)
	}
	close(in)
	first := true
	src := NewConn(chanStream{in}, ConnOptions{
		Handler: func(m *Message) {
			if err := target.SendFor(m, &Message{Method: "fwd", Params: m.Params}); err != nil {
				t.Error(err)
			}
			if first {
				first = false
				// Give the target's writer every chance to write early.
				time.Sleep(20 * time.Millisecond)
				if msgs, _ := rs.snapshot(); len(msgs) != 0 {
					t.Errorf("the target wrote %d messages during the burst", len(msgs))
				}
			}
		},
	})
	if err := src.Run(); err == nil || !errors.Is(err, io.EOF) {
		t.Fatalf("Run: %v", err)
	}
	src.Close()
	waitFor(t, "all messages written", func() bool { m, _ := rs.snapshot(); return len(m) == n })
	msgs, flushed := rs.snapshot()
	if len(flushed) != 1 || flushed[0] != n {
		t.Errorf("flushes after %v messages, want one after %d", flushed, n)
	}
	for i, m := range msgs {
		if want := `"params":{"i":` + strconv.Itoa(i) + `}`; !strings.Contains(m, want) {
			t.Errorf("message %d = %s, want %s", i, m, want)
		}
	}
}
