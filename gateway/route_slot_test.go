package gateway

import "testing"

// TestCallerSlot: the fast lane keeps a backend's caller slot and writes
// it without the lock; removing a session must clear only the slots it
// still holds, and a kept slot must be the one callerFor reads.
func TestCallerSlot(t *testing.T) {
	g := New(Options{})
	s1, s2 := &session{g: g}, &session{g: g}
	p := g.callerSlot("b")
	if g.callerSlot("b") != p {
		t.Fatal("callerSlot returned a new slot for the same backend")
	}
	noteCallerIn(p, s1)
	g.noteCaller("c", s1)
	g.noteCaller("b", s2) // through the map: the same slot
	if got := p.Load(); got != s2 {
		t.Fatalf("slot holds %p, want the later caller %p", got, s2)
	}
	g.removeSession(s1)
	if got := p.Load(); got != s2 {
		t.Errorf("removing s1 cleared b's slot, which held s2")
	}
	if got := g.callerSlot("c").Load(); got != nil {
		t.Errorf("removing s1 left it as c's caller")
	}
	g.removeSession(s2)
	if got := p.Load(); got != nil {
		t.Errorf("removing s2 left it as b's caller")
	}
}
