package gateway

import (
	"strconv"
	"testing"
)

func TestCanonicalInt(t *testing.T) {
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
		n, ok := canonicalInt(tc.raw)
		if n != tc.n || ok != tc.ok {
			t.Errorf("canonicalInt(%q) = %d, %v; want %d, %v", tc.raw, n, ok, tc.n, tc.ok)
		}
		if ok && strconv.FormatInt(n, 10) != tc.raw {
			t.Errorf("canonicalInt(%q): %d is not written as the raw id", tc.raw, n)
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
		if id == "1" || id == `"abc"` {
			tab.putKey(keyOf([]byte(id)), in)
		} else {
			tab.put(id, in)
		}
	}
	if tab.len() != len(ids) {
		t.Fatalf("len = %d, want %d", tab.len(), len(ids))
	}
	for _, id := range ids {
		if got := tab.get(id); got != recs[id] {
			t.Errorf("get(%q) = %v, want its own record", id, got)
		}
	}
	// remove leaves a newer record under the same id.
	newer := &inflight{}
	tab.put("10", newer)
	tab.remove("10", recs["10"])
	if tab.get("10") != newer {
		t.Errorf("remove of a replaced record dropped the newer one")
	}
	tab.removeKey(keyOf([]byte("1")), recs["1"])
	if tab.get("1") != nil || tab.get(`"1"`) != recs[`"1"`] {
		t.Errorf("removeKey(1) touched the wrong entry")
	}
	if tab.removeAny(`"abc"`) != recs[`"abc"`] || tab.get(`"abc"`) != nil {
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
