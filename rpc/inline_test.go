package rpc

import (
	"bufio"
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestInlineWritesKeepOrder sends messages of mixed sizes over a real OS
// pipe, so that small ones are written inline and large ones (over
// PIPE_BUF) by the writer goroutine, while the reader first stalls (the pipe
// fills, inline writes find no room and queue) and then drains. Every
// sender's messages must arrive complete and in order.
func TestInlineWritesKeepOrder(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	c := NewConn(NewLineStream(strings.NewReader(""), w, w, 0), ConnOptions{})
	if runtime.GOOS == "linux" && c.tw == nil {
		t.Fatal("a line stream over an OS pipe should write inline")
	}
	if ls := c.s.(*lineStream); runtime.GOOS == "linux" && ls.raw == nil {
		t.Fatal("os.Pipe's write end was not recognised as a non-blocking pipe")
	}

	const senders, perSender = 4, 3000
	stall := make(chan struct{})
	var wg sync.WaitGroup
	for s := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perSender {
				pad := strings.Repeat("x", 40)
				if i%7 == 0 {
					pad = strings.Repeat("y", 6000) // over PIPE_BUF: never inline
				}
				p, _ := json.Marshal(map[string]any{"s": s, "i": i, "pad": pad})
				if err := c.Notify("n", p); err != nil {
					t.Errorf("sender %d message %d: %v", s, i, err)
					return
				}
				if s == 0 && i == perSender/3 {
					close(stall) // the pipe has had time to fill
				}
			}
		}()
	}
	<-stall
	next := make([]int, senders)
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for got := 0; got < senders*perSender && sc.Scan(); got++ {
		m, err := Decode(sc.Bytes())
		if err != nil {
			t.Fatalf("message %d: %v: %.80s", got, err, sc.Text())
		}
		var p struct{ S, I int }
		if err := json.Unmarshal(m.Params, &p); err != nil {
			t.Fatal(err)
		}
		if p.I != next[p.S] {
			t.Fatalf("sender %d: got message %d, want %d", p.S, p.I, next[p.S])
		}
		next[p.S]++
	}
	wg.Wait()
	for s, n := range next {
		if n != perSender {
			t.Errorf("sender %d: %d of %d messages arrived", s, n, perSender)
		}
	}
	c.Close()
}

// TestInlineWriteNotForBlockingWriters: a writer that is not a
// non-blocking pipe (a file, a buffer) is only written by the writer
// goroutine.
func TestInlineWriteNotForBlockingWriters(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, w := range []any{f, &strings.Builder{}} {
		ls := NewLineStream(strings.NewReader(""), w.(interface{ Write([]byte) (int, error) }), nil, 0).(*lineStream)
		if ls.raw != nil {
			t.Errorf("%T: treated as a non-blocking pipe", w)
		}
		if ok, err := ls.tryWrite([]byte(`{}`)); ok || err != nil {
			t.Errorf("%T: tryWrite = %v, %v; want false, nil", w, ok, err)
		}
	}
}
