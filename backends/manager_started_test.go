package backends

import (
	"context"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// WaitStarted does not return before Start (backends are "stopped" then,
// which WaitReady alone would take as settled), nor while a backend is
// still on its first start; it returns true once every backend has an
// outcome, and false when its context ends first.
func TestManagerWaitStarted(t *testing.T) {
	f := newFake("echo")
	release := make(chan struct{})
	f.onDial = func(int) { <-release }
	m := NewManager([]schemas.Backend{
		{ID: "a", Type: schemas.TypeStdio, Command: "unused"},
		{ID: "off", Type: schemas.TypeStdio, Command: "unused", Disabled: true},
	}, &Options{Dial: f.dial})
	t.Cleanup(m.Stop)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	if m.WaitStarted(ctx) {
		t.Fatal("WaitStarted reported true before Start")
	}
	cancel()

	done := make(chan bool, 1)
	wctx, wcancel := context.WithCancel(context.Background())
	defer wcancel()
	// Owned by the test: ends when the backend settles or wctx is cancelled.
	go func() { done <- m.WaitStarted(wctx) }()
	m.Start()
	select {
	case ok := <-done:
		t.Fatalf("WaitStarted returned %v while backend a was still connecting", ok)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if !<-done {
		t.Fatal("WaitStarted reported false after every backend settled")
	}
	b, _ := m.Get("a")
	if s, _ := b.State(); s != Ready {
		t.Errorf("after WaitStarted, backend a is %s, want ready", s)
	}
}
