package main

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// releaseStartupMemory frees nothing before the backends have started
// (nor when its context ends first), and frees once after they have.
func TestReleaseStartupMemory(t *testing.T) {
	var freed atomic.Int32
	free := func() { freed.Add(1) }
	m := backends.NewManager([]schemas.Backend{{ID: "off", Type: schemas.TypeStdio, Command: "unused", Disabled: true}}, nil)
	t.Cleanup(m.Stop)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	releaseStartupMemory(ctx, m, 0, free)
	cancel()
	if n := freed.Load(); n != 0 {
		t.Fatalf("freed %d times before the backends were started", n)
	}

	m.Start()
	ctx, cancel = context.WithCancel(context.Background())
	cancel()
	releaseStartupMemory(ctx, m, time.Hour, free)
	if n := freed.Load(); n != 0 {
		t.Fatalf("freed %d times with its context ended", n)
	}

	releaseStartupMemory(context.Background(), m, time.Millisecond, free)
	if n := freed.Load(); n != 1 {
		t.Fatalf("freed %d times after the backends started, want 1", n)
	}
}
