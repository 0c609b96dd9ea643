package backends

import (
	"testing"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// TestManagerGetSeesEveryChange: Get reads a published copy of the set of
// backends without the mutex; every change (construction, reload, restart)
// must publish, and a published copy must never change under a reader.
func TestManagerGetSeesEveryChange(t *testing.T) {
	cfg := func(id string, args ...string) schemas.Backend {
		return schemas.Backend{ID: id, Type: "stdio", Command: "true", Args: args, Disabled: true}
	}
	m := NewManager([]schemas.Backend{cfg("a"), cfg("b")}, nil)
	a, ok := m.Get("a")
	if !ok || a == nil {
		t.Fatal("Get(a) after NewManager: not found")
	}
	if _, ok := m.Get("c"); ok {
		t.Fatal("Get(c) found a backend never configured")
	}
	before := m.byID.Load()

	res := m.Reload([]schemas.Backend{cfg("a"), cfg("c")})
	if len(res.Added) != 1 || len(res.Removed) != 1 {
		t.Fatalf("Reload: %+v", res)
	}
	if got, ok := m.Get("a"); !ok || got != a {
		t.Errorf("Get(a) after a reload that kept it: %p, %v; want %p", got, ok, a)
	}
	if _, ok := m.Get("b"); ok {
		t.Error("Get(b) after a reload that removed it: still found")
	}
	if _, ok := m.Get("c"); !ok {
		t.Error("Get(c) after a reload that added it: not found")
	}
	if _, ok := (*before)["b"]; !ok || len(*before) != 2 {
		t.Error("the copy published before the reload changed")
	}

	if err := m.Restart("c"); err == nil {
		t.Error("Restart of a disabled backend: no error")
	}
	m2 := NewManager([]schemas.Backend{{ID: "x", Type: "stdio", Command: "true"}}, nil)
	x, _ := m2.Get("x")
	if err := m2.Restart("x"); err != nil {
		t.Fatal(err)
	}
	if got, ok := m2.Get("x"); !ok || got == x {
		t.Errorf("Get(x) after Restart: %p, %v; want a new backend, not %p", got, ok, x)
	}
	m2.Stop()
}
