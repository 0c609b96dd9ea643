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
// An integer id is kept in the slot of its value modulo the ring's size
// (clients count 1, 2, 3, ..., so the ids in flight at once rarely share
// a slot), or in byInt when its slot holds another id: no hashing,
// assignment or deletion of a map per call. An id is in the ring or in
// byInt, never both (put looks in byInt first). Guarded by the session's
// mu.
type inflightTable struct {
	ring  []intSlot // nil until the first integer id
	nring int       // used slots
	byInt map[int64]*inflight
	byRaw map[string]*inflight
}

// inflightRing is the size of the ring (a power of two): 4 KiB per session.
const inflightRing = 256

type intSlot struct {
	id int64
	in *inflight // nil: free
}

func newInflightTable() inflightTable {
	return inflightTable{byInt: map[int64]*inflight{}, byRaw: map[string]*inflight{}}
}

// slot returns n's ring slot.
func (t *inflightTable) slot(n int64) *intSlot {
	if t.ring == nil {
		t.ring = make([]intSlot, inflightRing)
	}
	return &t.ring[n&(inflightRing-1)]
}

// getInt, putInt and removeInt are get, put and remove for an integer id.
func (t *inflightTable) getInt(n int64) *inflight {
	if s := t.slot(n); s.in != nil && s.id == n {
		return s.in
	}
	if len(t.byInt) == 0 {
		return nil
	}
	return t.byInt[n]
}

func (t *inflightTable) putInt(n int64, in *inflight) {
	if len(t.byInt) > 0 {
		if _, ok := t.byInt[n]; ok {
			t.byInt[n] = in
			return
		}
	}
	s := t.slot(n)
	switch {
	case s.in == nil:
		s.id, s.in = n, in
		t.nring++
	case s.id == n:
		s.in = in
	default:
		t.byInt[n] = in
	}
}

func (t *inflightTable) removeInt(n int64, in *inflight) {
	if s := t.slot(n); s.in != nil && s.id == n {
		if s.in == in {
			*s = intSlot{}
			t.nring--
		}
		return
	}
	if len(t.byInt) > 0 && t.byInt[n] == in {
		delete(t.byInt, n)
	}
}

// get returns the request of id k, or nil.
func (t *inflightTable) get(k idKey) *inflight {
	if k.raw == "" {
		return t.getInt(k.n)
	}
	return t.byRaw[k.raw]
}

// put records in as the request of id k, replacing any other.
func (t *inflightTable) put(k idKey, in *inflight) {
	if k.raw == "" {
		t.putInt(k.n, in)
		return
	}
	t.byRaw[k.raw] = in
}

// remove forgets the request of id k if it is in (a newer request under
// the same id is kept).
func (t *inflightTable) remove(k idKey, in *inflight) {
	if k.raw == "" {
		t.removeInt(k.n, in)
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
func (t *inflightTable) len() int { return t.nring + len(t.byInt) + len(t.byRaw) }

// each calls fn with every request in flight, in no order.
func (t *inflightTable) each(fn func(in *inflight)) {
	t.any(func(in *inflight) bool { fn(in); return false })
}

// any reports whether fn is true for some request in flight.
func (t *inflightTable) any(fn func(in *inflight) bool) bool {
	for i := range t.ring {
		if in := t.ring[i].in; in != nil && fn(in) {
			return true
		}
	}
	for _, in := range t.byInt {
		if fn(in) {
			return true
		}
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
	clear(t.ring)
	t.nring = 0
	clear(t.byInt)
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
