package rpc

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPendingTableMatchesMap runs the pending table against a plain map
// through random sends (increasing ids, as a Conn numbers them) and
// responses in any order, with many requests left pending long enough
// that newer ids land on their ring slots: every take must find exactly
// what the map has, and drain must return the rest in id order.
func TestPendingTableMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var tab pendingTable
	ref := map[int64]pendingCall{}
	calls := map[int64]*int{} // identity of each request's callback
	next := int64(0)
	for step := 0; step < 200000; step++ {
		switch {
		case rng.IntN(2) == 0 || len(ref) == 0:
			next++
			n := new(int)
			*n = int(next)
			calls[next] = n
			p := pendingCall{f: func(*Message) { *n = -*n }}
			tab.Put(next, p)
			ref[next] = p
		default:
			// Mostly recent ids, sometimes old ones (kept past a ring's
			// turn), sometimes ids never sent or already taken.
			var id int64
			switch r := rng.IntN(10); {
			case r < 7:
				id = next - rng.Int64N(min(next, 64))
			case r < 9:
				id = 1 + rng.Int64N(next)
			default:
				id = next + 1 + rng.Int64N(3)
			}
			_, wok := ref[id]
			got, gok := tab.Take(id)
			if gok != wok || gok != got.set() {
				t.Fatalf("step %d: Take(%d) found %v, the map %v", step, id, gok, wok)
			}
			if wok {
				delete(ref, id)
				got.f(nil) // must be request id's own callback
				if *calls[id] != -int(id) {
					t.Fatalf("step %d: Take(%d) returned another request's callback", step, id)
				}
			}
		}
		if step%1000 == 0 {
			// peek agrees, for a pending and a taken id.
			for id := range ref {
				if p, ok := tab.Get(id); !ok || !p.set() {
					t.Fatalf("Get(%d) does not see a pending request", id)
				}
				break
			}
		}
	}
	if len(tab.over) == 0 {
		t.Fatal("no request outlived its ring slot: the overflow map was not exercised")
	}
	ids, all := tab.drain()
	if !slices.IsSorted(ids) || len(ids) != len(ref) || len(all) != len(ref) {
		t.Fatalf("drain: %d ids (sorted %v), %d calls; want %d", len(ids), slices.IsSorted(ids), len(all), len(ref))
	}
	for _, id := range ids {
		if _, ok := ref[id]; !ok {
			t.Fatalf("drain returned %d, not pending", id)
		}
	}
	if _, ok := tab.Take(ids[0]); ok {
		t.Fatal("a request left after drain")
	}
}
