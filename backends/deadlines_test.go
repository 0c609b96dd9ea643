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
