package rpc

import (
	"bufio"
	"fmt"
	"os"
	"testing"
)

// Messages built with SendAppend while a connection holds its writes are
// built in the connection's arena and written intact and in order when
// the hold ends; the next burst builds in the same bytes again, and what
// it writes is its own (nothing of the first burst leaks into it).
func TestSendAppendArena(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	c := NewConn(NewLineStream(eofReader{}, pw, pw, 0), ConnOptions{})
	defer func() { c.Close(); <-c.Done() }()
	go c.Run() // ends at once: its input is empty
	if !c.useArena {
		t.Fatal("a line stream's connection does not build in an arena")
	}
	in := bufio.NewScanner(pr)
	var first *byte
	for round, word := range []string{"first-burst-longer-text", "second"} {
		c.wmu.Lock()
		c.holds++
		c.wmu.Unlock()
		for i := range 5 {
			if err := c.SendAppend(nil, 16, func(dst []byte) []byte {
				return fmt.Appendf(dst, `{"jsonrpc":"2.0","method":"m","params":{"i":%d,"w":%q}}`, i, word)
			}); err != nil {
				t.Fatal(err)
			}
		}
		c.wmu.Lock()
		n, arena := len(c.queue), c.arena
		c.wmu.Unlock()
		if n != 5 || len(arena) == 0 {
			t.Fatalf("round %d: %d queued, arena %d bytes; want 5 held in the arena", round, n, len(arena))
		}
		if round == 0 {
			first = &arena[0]
		} else if &arena[0] != first {
			t.Errorf("round %d: the arena was not reused", round)
		}
		c.release()
		for i := range 5 {
			if !in.Scan() {
				t.Fatalf("round %d: read: %v", round, in.Err())
			}
			want := fmt.Sprintf(`{"jsonrpc":"2.0","method":"m","params":{"i":%d,"w":%q}}`, i, word)
			if in.Text() != want {
				t.Fatalf("round %d message %d:\n got %s\nwant %s", round, i, in.Text(), want)
			}
		}
		waitFor(t, "the arena to be free", func() bool {
			c.wmu.Lock()
			defer c.wmu.Unlock()
			return len(c.arena) == 0
		})
	}
	// Not held: written at once, from a slice of its own.
	if err := c.SendAppend(nil, 8, func(dst []byte) []byte { return append(dst, `{"x":1}`...) }); err != nil {
		t.Fatal(err)
	}
	if !in.Scan() || in.Text() != `{"x":1}` {
		t.Fatalf("unheld message: %q, %v", in.Text(), in.Err())
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if len(c.arena) != 0 {
		t.Errorf("an unheld message went to the arena (%d bytes)", len(c.arena))
	}
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, os.ErrClosed }
