package backends

import (
	"errors"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// TestManagerRestartRevivesGivenUp: a backend that gave up (restart
// "never", its first start failed) serves again after Restart, with a new
// dial and a cleared error; unknown and disabled ids are refused.
func TestManagerRestartRevivesGivenUp(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		var failing atomic.Bool
		failing.Store(true)
		f.dialErr = func(int) error {
			if failing.Load() {
				return errors.New("exec: no such file")
			}
			return nil
		}
		m := NewManager([]schemas.Backend{
			{ID: "a", Type: schemas.TypeStdio, Restart: "never"},
			{ID: "off", Type: schemas.TypeStdio, Disabled: true},
		}, &Options{Dial: f.dial})
		defer m.Stop()
		m.Start()
		time.Sleep(time.Hour)
		synctest.Wait()
		old, _ := m.Get("a")
		if s, err := old.State(); s != Unavailable || err == nil {
			t.Fatalf("before: %s %v, want unavailable with an error", s, err)
		}
		failing.Store(false)
		if err := m.Restart("a"); err != nil {
			t.Fatalf("Restart: %v", err)
		}
		b, _ := m.Get("a")
		if b == old {
			t.Fatal("Restart kept the old backend")
		}
		if s := b.WaitReady(t.Context()); s != Ready {
			t.Fatalf("after Restart: %s", s)
		}
		if _, err := b.State(); err != nil || len(b.Tools()) == 0 || f.numDials() != 2 {
			t.Fatalf("after Restart: err %v, %d tools, %d dials", err, len(b.Tools()), f.numDials())
		}
		if err := m.Restart("nope"); !errors.Is(err, ErrNoBackend) {
			t.Errorf("Restart(unknown) = %v, want ErrNoBackend", err)
		}
		if err := m.Restart("off"); err == nil {
			t.Error("Restart(disabled) succeeded")
		}
	})
}
