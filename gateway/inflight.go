package gateway

import (
	"strconv"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// inflightTable is a session's client requests in flight, by the raw JSON
// of their ids (a cancellation names the request by that id). Keyed by
// the raw id as a string, every call cost a string allocation for the key
// and the hashing of it; most clients number their requests, so an id
// that is a plain integer (rpc.CanonicalIntID: digits only, no leading zero, at
// most 18 of them, the raw bytes strconv.AppendInt would write for it) is
// kept by its value, every other id by its raw bytes. The two key sets
// cannot meet: a raw id is in exactly one place, and two raw ids share an
// entry only when their bytes are equal, as with one map of raw strings.
//
// Integer ids are kept in an [rpc.IDTable] (a ring with no map work per
// call), as the connection's pending requests are. Guarded by the
// session's mu.
type inflightTable struct {
	ints  rpc.IDTable[*inflight] // integer ids, by value
	byRaw map[string]*inflight   // every other id, by its raw bytes
}

func newInflightTable() inflightTable {
	return inflightTable{byRaw: map[string]*inflight{}}
}

// get returns the request of id k, or nil.
func (t *inflightTable) get(k idKey) *inflight {
	if k.raw == "" {
		in, _ := t.ints.Get(k.n)
		return in
	}
	return t.byRaw[k.raw]
}

// put records in as the request of id k, replacing any other.
func (t *inflightTable) put(k idKey, in *inflight) {
	if k.raw == "" {
		t.ints.Put(k.n, in)
		return
	}
	t.byRaw[k.raw] = in
}

// remove forgets the request of id k if it is in (a newer request under
// the same id is kept).
func (t *inflightTable) remove(k idKey, in *inflight) {
	if k.raw == "" {
		if cur, _ := t.ints.Get(k.n); cur == in {
			t.ints.Take(k.n)
		}
		return
	}
	if t.byRaw[k.raw] == in {
		delete(t.byRaw, k.raw)
	}
}

// removeAny forgets whatever request id k names and returns it (nil when
// none).
func (t *inflightTable) removeAny(k idKey) *inflight {
	in := t.get(k)
	if in != nil {
		t.remove(k, in)
	}
	return in
}

// len is the number of requests in flight.
func (t *inflightTable) len() int { return t.ints.Len() + len(t.byRaw) }

// each calls fn with every request in flight, in no order.
func (t *inflightTable) each(fn func(in *inflight)) {
	t.any(func(in *inflight) bool { fn(in); return false })
}

// any reports whether fn is true for some request in flight.
func (t *inflightTable) any(fn func(in *inflight) bool) bool {
	found := false
	t.ints.All(func(_ int64, in *inflight) bool {
		found = fn(in)
		return !found
	})
	if found {
		return true
	}
	for _, in := range t.byRaw {
		if fn(in) {
			return true
		}
	}
	return false
}

// clear forgets every request.
func (t *inflightTable) clear() {
	t.ints.Clear()
	clear(t.byRaw)
}

// idKey is a client request's id as the table keys it: the value of a
// canonical integer id (raw empty), else the raw id.
type idKey struct {
	n   int64
	raw string
}

// keyOf returns the idKey of a raw id, a JSON value (never empty); from
// bytes it allocates only for an id that is not a canonical integer.
func keyOf[T ~string | ~[]byte](raw T) idKey {
	if n, ok := rpc.CanonicalIntID(raw); ok {
		return idKey{n: n}
	}
	return idKey{raw: string(raw)}
}

// appendID appends the raw id k stands for.
func (k idKey) appendID(dst []byte) []byte {
	if k.raw == "" {
		return strconv.AppendInt(dst, k.n, 10)
	}
	return append(dst, k.raw...)
}

// idLen is the length of the raw id k stands for, at most.
func (k idKey) idLen() int {
	if k.raw == "" {
		return 20
	}
	return len(k.raw)
}
