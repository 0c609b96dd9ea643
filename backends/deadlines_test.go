package backends

import (
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// Calls share one timer: each still times out exactly CallTimeout after it
// was sent, in order, and a call that ends first (here cancelled, from the
// middle of the list) is not timed out.
func TestCallTimeoutsShareOneTimer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		m, b := startFake(t, f, schemas.Backend{CallTimeout: dur(2 * time.Second)}, nil)
		defer m.Stop()
		start := time.Now()
		var chs []<-chan *rpc.Message
		var calls []*Call
		for range 4 {
			ch, c := callAsync(t, b, "hang")
			chs, calls = append(chs, ch), append(calls, c)
			time.Sleep(500 * time.Millisecond)
		}
		if !calls[1].Cancel("not needed") {
			t.Fatal("Cancel of a pending call reported false")
		}
		for i, ch := range chs {
			if i == 1 {
				continue
			}
			resp := <-ch
			wantError(t, resp, rpc.CodeBackendFailed, `backend "a": tools/call timed out after 2s`)
			if d, want := time.Since(start), 2*time.Second+time.Duration(i)*500*time.Millisecond; d != want {
				t.Errorf("call %d timed out %s after the first was sent, want %s", i, d, want)
			}
		}
		time.Sleep(time.Minute)
		synctest.Wait()
		select {
		case m := <-chs[1]:
			t.Fatalf("the cancelled call got %+v", m)
		default:
		}
		b.dl.mu.Lock()
		empty := b.dl.head == nil && b.dl.tail == nil
		b.dl.mu.Unlock()
		if !empty {
			t.Error("calls left in the deadline list")
		}
	})
}

// Reusable is true only for a call that ended with nothing of the
// package still holding it: not for one the expiry walk took first (it
// calls expire after releasing the list), nor one with its own timer.
func TestCallReusable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &Backend{}
		defer func() {
			b.dl.mu.Lock()
			if b.dl.timer != nil {
				b.dl.timer.Stop()
			}
			b.dl.mu.Unlock()
		}()
		listed := func(deadline time.Duration) *Call {
			c := &Call{b: b, deadline: deadline}
			if !b.dl.add(c) {
				t.Fatal("add refused a call in deadline order")
			}
			return c
		}

		// Answered while listed: unlinked by end, nothing holds it.
		c := listed(time.Hour)
		if !c.end() || !c.Reusable() {
			t.Error("a call ended while listed is not reusable")
		}
		if c.end() {
			t.Error("second end reported true")
		}

		// Taken by the expiry walk, then ended by its response before
		// the walk expires it: the walk still holds it.
		c = listed(2 * time.Hour)
		if got := b.dl.takeExpired(3 * time.Hour); len(got) != 1 || got[0] != c {
			t.Fatalf("takeExpired = %v, want the call", got)
		}
		if !c.end() || c.Reusable() {
			t.Error("a call the expiry walk took is reusable")
		}

		// Ended before it was armed (the response came back before
		// ForwardRaw armed it): never listed, reusable; arming it later
		// does nothing.
		c = &Call{b: b}
		if !c.end() || !c.Reusable() {
			t.Error("a call ended before it was armed is not reusable")
		}

		// With a timer of its own: the timer may be running expire.
		c = &Call{b: b, timer: time.AfterFunc(time.Hour, func() {})}
		if !c.end() || c.Reusable() {
			t.Error("a call with its own timer is reusable")
		}
	})
}
