package gateway

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

func TestCanonicalIntID(t *testing.T) {
	for _, tc := range []struct {
		raw string
		n   int64
		ok  bool
	}{
		{"0", 0, true},
		{"7", 7, true},
		{"1234567890", 1234567890, true},
		{"999999999999999999", 999999999999999999, true},
		{"1000000000000000000", 0, false}, // 19 digits
		{"01", 0, false},
		{"-1", 0, false},
		{"1.0", 0, false},
		{"1e2", 0, false},
		{`"1"`, 0, false},
		{"", 0, false},
		{" 1", 0, false},
	} {
		n, ok := rpc.CanonicalIntID(tc.raw)
		if n != tc.n || ok != tc.ok {
			t.Errorf("rpc.CanonicalIntID(%q) = %d, %v; want %d, %v", tc.raw, n, ok, tc.n, tc.ok)
		}
		if ok && strconv.FormatInt(n, 10) != tc.raw {
			t.Errorf("rpc.CanonicalIntID(%q): %d is not written as the raw id", tc.raw, n)
		}
		if tc.raw == "" {
			continue // not a JSON value: never an id
		}
		if k := keyOf([]byte(tc.raw)); string(k.appendID(nil)) != tc.raw || k.idLen() < len(tc.raw) {
			t.Errorf("keyOf(%q) writes %q (at most %d bytes)", tc.raw, k.appendID(nil), k.idLen())
		}
	}
}

// TestInflightTableKeysAreRawIDs: ids that differ in their raw bytes are
// different requests, whichever map holds them; equal bytes are one.
func TestInflightTableKeysAreRawIDs(t *testing.T) {
	tab := newInflightTable()
	ids := []string{"1", `"1"`, "1.0", "-1", "10", `"abc"`, "1e0"}
	recs := map[string]*inflight{}
	for _, id := range ids {
		in := &inflight{backend: id}
		recs[id] = in
		tab.put(keyOf([]byte(id)), in)
	}
	if tab.len() != len(ids) {
		t.Fatalf("len = %d, want %d", tab.len(), len(ids))
	}
	for _, id := range ids {
		if got := tab.get(keyOf(id)); got != recs[id] {
			t.Errorf("get(%q) = %v, want its own record", id, got)
		}
	}
	// remove leaves a newer record under the same id.
	newer := &inflight{}
	tab.put(keyOf("10"), newer)
	tab.remove(keyOf("10"), recs["10"])
	if tab.get(keyOf("10")) != newer {
		t.Errorf("remove of a replaced record dropped the newer one")
	}
	tab.remove(keyOf("1"), recs["1"])
	if tab.get(keyOf("1")) != nil || tab.get(keyOf(`"1"`)) != recs[`"1"`] {
		t.Errorf("remove(1) touched the wrong entry")
	}
	if tab.removeAny(keyOf(`"abc"`)) != recs[`"abc"`] || tab.get(keyOf(`"abc"`)) != nil {
		t.Errorf("removeAny(\"abc\") did not take its record")
	}
	if !tab.any(func(in *inflight) bool { return in == recs["-1"] }) || tab.any(func(in *inflight) bool { return in == recs["1"] }) {
		t.Errorf("any does not see what is in the table")
	}
	n := 0
	tab.each(func(*inflight) { n++ })
	if n != tab.len() {
		t.Errorf("each saw %d records, len is %d", n, tab.len())
	}
	tab.clear()
	if tab.len() != 0 {
		t.Errorf("clear left %d", tab.len())
	}
}

// TestInflightTableMatchesMap runs the table against one map of raw ids
// through random puts (new requests and ids reused), removals of the
// right and of a stale record, and cancellations, with integer ids far
// enough apart to share ring slots and string ids among them.
func TestInflightTableMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tab := newInflightTable()
	ref := map[string]*inflight{}
	id := func() string {
		switch r := rng.IntN(10); {
		case r < 6:
			return strconv.Itoa(rng.IntN(40)) // many share nothing
		case r < 9:
			return strconv.Itoa(rng.IntN(8) * 4096) // one ring slot for any ring of up to 4096
		default:
			return `"s` + strconv.Itoa(rng.IntN(5)) + `"`
		}
	}
	for step := 0; step < 100000; step++ {
		raw := id()
		switch rng.IntN(4) {
		case 0:
			in := &inflight{}
			tab.put(keyOf(raw), in)
			ref[raw] = in
		case 1:
			// A stale record (replaced, or never put) is not removed.
			stale := &inflight{}
			tab.remove(keyOf(raw), stale)
			if in := ref[raw]; in != nil {
				tab.remove(keyOf(raw), in)
				delete(ref, raw)
			}
		case 2:
			if got, want := tab.removeAny(keyOf(raw)), ref[raw]; got != want {
				t.Fatalf("step %d: removeAny(%s) = %p, want %p", step, raw, got, want)
			}
			delete(ref, raw)
		}
		if got, want := tab.get(keyOf(raw)), ref[raw]; got != want {
			t.Fatalf("step %d: get(%s) = %p, want %p", step, raw, got, want)
		}
		if tab.len() != len(ref) {
			t.Fatalf("step %d: len %d, want %d", step, tab.len(), len(ref))
		}
	}
	if tab.ints.Len() == 0 || len(tab.byRaw) == 0 {
		t.Fatal("integer and raw ids were not both left in the table")
	}
	seen := map[*inflight]bool{}
	tab.each(func(in *inflight) { seen[in] = true })
	for raw, in := range ref {
		if !seen[in] {
			t.Errorf("each missed %s", raw)
		}
	}
	if len(seen) != len(ref) {
		t.Errorf("each saw %d records, want %d", len(seen), len(ref))
	}
}
