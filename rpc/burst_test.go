package rpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// recStream is a Stream that records what its Conn writes, and which
// messages each Flush completed; Read blocks until Close.
type recStream struct {
	mu      sync.Mutex
	msgs    []string
	flushed []int // messages written before each Flush
	closed  chan struct{}
	once    sync.Once
}

func newRecStream() *recStream { return &recStream{closed: make(chan struct{})} }

func (s *recStream) Read() ([]byte, error) { <-s.closed; return nil, io.EOF }
func (s *recStream) Write(m []byte) error {
	s.mu.Lock()
	s.msgs = append(s.msgs, string(m))
	s.mu.Unlock()
	return nil
}
func (s *recStream) Flush() error {
	s.mu.Lock()
	s.flushed = append(s.flushed, len(s.msgs))
	s.mu.Unlock()
	return nil
}
func (s *recStream) Close() error { s.once.Do(func() { close(s.closed) }); return nil }

func (s *recStream) snapshot() ([]string, []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.msgs...), append([]int(nil), s.flushed...)
}

// waitFor polls cond until it holds or 5 s pass.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// lines returns n requests, one per line.
func lines(n int, pad string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"jsonrpc":"2.0","id":%d,"method":"m","params":{"i":%d,"pad":%q}}`+"\n", i, i, pad)
	}
	return b.String()
}

// startTarget returns a Conn over a recording stream, closed at cleanup.
func startTarget(t *testing.T) (*Conn, *recStream) {
	rs := newRecStream()
	c := NewConn(rs, ConnOptions{})
	go c.Run() // owned by the test: ends when Close closes rs
	t.Cleanup(func() { c.Close(); <-c.Done() })
	return c, rs
}

// What a read loop sends while more of its input is already buffered is
// held and written in parts that double: after firstRelease messages of
// the burst, after twice as many, and so on, and the rest when the input
// is used up; in order. A line stream knows its buffered input; a
// BurstStream (the HTTP transport's sessions) says through More whether
// messages are queued.
func TestBurstCoalescesWrites(t *testing.T) {
	const n = 5 * firstRelease
	// The burst's n messages are written in four parts.
	wantFlushed := []int{firstRelease, 2 * firstRelease, 4 * firstRelease, n}
	streams := map[string]func() Stream{
		"line stream": func() Stream { return NewLineStream(strings.NewReader(lines(n, "")), io.Discard, nil, 0) },
		"BurstStream": func() Stream {
			in := make(chan []byte, n)
			for l := range strings.Lines(lines(n, "")) {
				in <- []byte(strings.TrimSuffix(l, "\n"))
			}
			close(in)
			return chanStream{in}
		},
	}
	for name, stream := range streams {
		t.Run(name, func(t *testing.T) {
			target, rs := startTarget(t)
			i := 0 // messages handled before this one
			src := NewConn(stream(), ConnOptions{
				Handler: func(m *Message) {
					defer func() { i++ }()
					switch {
					case slices.Contains(wantFlushed[:len(wantFlushed)-1], i):
						// A part ended with the message before this one.
						waitFor(t, fmt.Sprintf("the first %d messages flushed", i), func() bool {
							_, f := rs.snapshot()
							return len(f) > 0 && f[len(f)-1] == i
						})
					case i == 1 || i == firstRelease+1:
						// Give the target's writer every chance to write early.
						time.Sleep(20 * time.Millisecond)
						want := i - 1
						if msgs, _ := rs.snapshot(); len(msgs) != want {
							t.Errorf("before message %d the target wrote %d messages, want %d", i, len(msgs), want)
						}
					}
					if err := target.SendFor(m, &Message{Method: "fwd", Params: m.Params}); err != nil {
						t.Error(err)
					}
				},
			})
			if err := src.Run(); !errors.Is(err, io.EOF) {
				t.Fatalf("Run: %v", err)
			}
			src.Close()
			// The writer writes the last message, then flushes: wait for
			// the flush of all n, not for the n-th write alone.
			waitFor(t, "all messages written and flushed", func() bool {
				m, f := rs.snapshot()
				return len(m) == n && len(f) > 0 && f[len(f)-1] == n
			})
			msgs, flushed := rs.snapshot()
			if !slices.Equal(flushed, wantFlushed) {
				t.Errorf("flushes after %v messages, want after %v", flushed, wantFlushed)
			}
			for i, m := range msgs {
				if want := fmt.Sprintf(`"params":{"i":%d,`, i); !strings.Contains(m, want) {
					t.Errorf("message %d = %s, want %s", i, m, want)
				}
			}
		})
	}
}

// A lone message, with nothing more buffered behind it, is not held
// waiting for input that has not come.
func TestBurstLoneMessageNotDelayed(t *testing.T) {
	target, rs := startTarget(t)
	inR, inW := io.Pipe()
	src := NewConn(NewLineStream(inR, io.Discard, nil, 0), ConnOptions{
		Handler: func(m *Message) { target.SendFor(m, &Message{Method: "fwd", Params: m.Params}) },
	})
	done := make(chan error, 1)
	go func() { done <- src.Run() }() // owned by the test: ends when inW closes
	for i := range 3 {
		io.WriteString(inW, fmt.Sprintf(`{"jsonrpc":"2.0","method":"m","params":{"i":%d}}`+"\n", i))
		waitFor(t, fmt.Sprintf("message %d written", i), func() bool { m, _ := rs.snapshot(); return len(m) == i+1 })
	}
	// Blank lines after a message are not a burst either.
	io.WriteString(inW, `{"jsonrpc":"2.0","method":"m","params":{"i":3}}`+"\n\n \n")
	waitFor(t, "message 3 written", func() bool { m, _ := rs.snapshot(); return len(m) == 4 })
	inW.Close()
	<-done
	src.Close()
}

// A burst's held writes do not wait behind backpressure: when the read
// loop must wait for room toward a peer that does not read, what it held
// for other peers is written first.
func TestBurstReleasedBeforeWaitingForRoom(t *testing.T) {
	held, rs := startTarget(t)
	inR, inW := io.Pipe()
	w := &blockingWriter{entered: make(chan struct{}), release: make(chan struct{})}
	full := NewConn(NewLineStream(inR, w, w, 0), ConnOptions{MaxQueueBytes: 4096, FullTimeout: -1})
	go full.Run() // owned by the test: ends when inW closes
	pad := json.RawMessage(`{"pad":"` + strings.Repeat("p", 1000) + `"}`)
	full.Notify("first", pad)
	<-w.entered // its writer is stuck
	for full.Notify("n", pad) == nil {
	}
	src := NewConn(NewLineStream(strings.NewReader(lines(2, "")), io.Discard, nil, 0), ConnOptions{
		Handler: func(m *Message) {
			if string(m.ID) == "0" {
				held.SendFor(m, &Message{Method: "fwd", Params: m.Params})
				return
			}
			full.SendFor(m, &Message{ID: m.ID, Result: pad}) // waits for room
		},
	})
	srcDone := make(chan error, 1)
	go func() { srcDone <- src.Run() }() // owned by the test: ends when full closes
	waitFor(t, "the held message written while the read loop waits", func() bool { m, _ := rs.snapshot(); return len(m) == 1 })
	inW.Close()
	full.Close() // fails the waiting send
	<-srcDone
	src.Close()
	<-full.Done()
}

// Over a real non-blocking pipe, a burst is written with one write; what
// the pipe cannot take at once follows, and every byte arrives in order,
// held and unheld sends interleaved as they were sent.
func TestBurstBatchWriteOverPipe(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	ls := NewLineStream(strings.NewReader(""), pw, pw, 0).(*lineStream)
	if ls.raw == nil {
		t.Fatal("os.Pipe's write end is not seen as a non-blocking pipe")
	}
	target := NewConn(ls, ConnOptions{})
	go target.Run() // owned by the test: its input is empty, it ends at once
	// 40 KB already in the pipe: the burst's frame (about 50 KB) does not fit whole.
	filler := strings.Repeat("f", 40<<10) + "\n"
	if _, err := pw.WriteString(filler); err != nil {
		t.Fatal(err)
	}
	const n = 40
	pad := strings.Repeat("x", 1200)
	var want []string
	src := NewConn(NewLineStream(strings.NewReader(lines(n, pad)), io.Discard, nil, 0), ConnOptions{
		Handler: func(m *Message) {
			out := &Message{Method: "fwd", Params: m.Params}
			want = append(want, string(out.AppendJSON(nil)))
			if string(m.ID) == "7" { // an unheld send in the middle keeps its place
				target.Send(out)
				return
			}
			target.SendFor(m, out)
		},
	})
	got := make(chan []string, 1)
	// The reader is owned by the test: it ends at EOF, when target closes.
	go func() {
		r := bufio.NewReaderSize(pr, 1<<20)
		var ls []string
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				got <- ls
				return
			}
			ls = append(ls, strings.TrimSuffix(line, "\n"))
		}
	}()
	if err := src.Run(); !errors.Is(err, io.EOF) {
		t.Fatalf("Run: %v", err)
	}
	src.Close()
	target.Close()
	<-target.Done()
	lines := <-got
	if len(lines) != n+1 || lines[0] != strings.TrimSuffix(filler, "\n") {
		t.Fatalf("read %d lines, want the filler and %d messages", len(lines), n)
	}
	for i, l := range lines[1:] {
		if !bytes.Equal([]byte(l), []byte(want[i])) {
			t.Fatalf("line %d = %.80s..., want %.80s...", i+1, l, want[i])
		}
	}
}

// The end of the last hold wakes the writer whatever it waits to do: here
// bytes a partial write left in the stream's buffer, with nothing queued.
func TestBurstReleaseWakesWriterForPendingFlush(t *testing.T) {
	c, rs := startTarget(t)
	c.wmu.Lock()
	c.holds++      // held for a burst...
	c.flush = true // ...while a partial write left bytes to flush
	c.wcond.Signal()
	c.wmu.Unlock()
	time.Sleep(10 * time.Millisecond) // the writer sees the hold and waits
	if _, flushed := rs.snapshot(); len(flushed) != 0 {
		t.Fatalf("the writer flushed during the hold")
	}
	c.release()
	waitFor(t, "the pending flush", func() bool { _, f := rs.snapshot(); return len(f) == 1 })
}

// A burst holds a target once however many messages it sends there (the
// repeat takes holdTarget's lock-free path), and the next burst holds it
// again: the fast path does not outlive the burst.
func TestHoldTargetOncePerBurst(t *testing.T) {
	// The test plays src's read loop (inBurst is the read loop's alone), so
	// src has none: a running one could see the burst set here before its
	// first read, with no input to ask whether more is buffered.
	src := NewConn(newRecStream(), ConnOptions{})
	t.Cleanup(func() { src.Close() })
	dst, _ := startTarget(t)
	holds := func() int {
		dst.wmu.Lock()
		defer dst.wmu.Unlock()
		return dst.holds
	}
	for burst := range 2 {
		src.inBurst.Store(true)
		for range 3 {
			src.holdTarget(dst)
		}
		src.burstMu.Lock()
		n := len(src.held)
		src.burstMu.Unlock()
		if n != 1 || holds() != 1 {
			t.Fatalf("burst %d: held %d times, target holds %d; want 1, 1", burst, n, holds())
		}
		src.endBurst()
		if holds() != 0 || src.heldLast.Load() != nil {
			t.Fatalf("burst %d: after its end the target holds %d", burst, holds())
		}
	}
}
