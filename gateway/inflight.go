package gateway

import "strconv"

// inflightTable is a session's client requests in flight, by the raw JSON
// of their ids (a cancellation names the request by that id). Keyed by
// the raw id as a string, every call cost a string allocation for the key
// and the hashing of it; most clients number their requests, so an id
// that is a plain integer (canonicalInt: digits only, no leading zero, at
// most 18 of them, the raw bytes strconv.AppendInt would write for it) is
// kept in a map keyed by its value, every other id by its raw bytes. The
// two key sets cannot meet: a raw id is in exactly one of the maps, and
// two raw ids share an entry only when their bytes are equal, as with one
// map of raw strings. Guarded by the session's mu.
type inflightTable struct {
	byInt map[int64]*inflight
	byRaw map[string]*inflight
}

func newInflightTable() inflightTable {
	return inflightTable{byInt: map[int64]*inflight{}, byRaw: map[string]*inflight{}}
}

// canonicalInt reads raw as a plain non-negative integer whose JSON is
// exactly raw, or reports false.
func canonicalInt[T string | []byte](raw T) (int64, bool) {
	if len(raw) == 0 || len(raw) > 18 || raw[0] == '0' && len(raw) > 1 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// get returns the request of raw id, or nil.
func (t *inflightTable) get(raw string) *inflight {
	if n, ok := canonicalInt(raw); ok {
		return t.byInt[n]
	}
	return t.byRaw[raw]
}

// put records in as the request of raw id, replacing any other.
func (t *inflightTable) put(raw string, in *inflight) {
	if n, ok := canonicalInt(raw); ok {
		t.byInt[n] = in
		return
	}
	t.byRaw[raw] = in
}

// remove forgets the request of raw id if it is in (a newer request
// under the same id is kept).
func (t *inflightTable) remove(raw string, in *inflight) {
	if n, ok := canonicalInt(raw); ok {
		if t.byInt[n] == in {
			delete(t.byInt, n)
		}
		return
	}
	if t.byRaw[raw] == in {
		delete(t.byRaw, raw)
	}
}

// removeAny forgets whatever request raw id names and returns it (nil
// when none).
func (t *inflightTable) removeAny(raw string) *inflight {
	in := t.get(raw)
	if in != nil {
		t.remove(raw, in)
	}
	return in
}

// len is the number of requests in flight.
func (t *inflightTable) len() int { return len(t.byInt) + len(t.byRaw) }

// each calls fn with every request in flight, in no order.
func (t *inflightTable) each(fn func(in *inflight)) {
	for _, in := range t.byInt {
		fn(in)
	}
	for _, in := range t.byRaw {
		fn(in)
	}
}

// any reports whether fn is true for some request in flight.
func (t *inflightTable) any(fn func(in *inflight) bool) bool {
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
	clear(t.byInt)
	clear(t.byRaw)
}

// fastKey is how a fast-lane call keeps its client's id: the value of a
// canonical integer id (raw empty), else the raw id.
type fastKey struct {
	n   int64
	raw string
}

// keyOf returns the fastKey of a raw id, a JSON value (never empty),
// allocating only for an id that is not a canonical integer.
func keyOf(raw []byte) fastKey {
	if n, ok := canonicalInt(raw); ok {
		return fastKey{n: n}
	}
	return fastKey{raw: string(raw)}
}

// putKey, removeKey: put and remove for a fastKey, without a string for
// an integer id.
func (t *inflightTable) putKey(k fastKey, in *inflight) {
	if k.raw == "" {
		t.byInt[k.n] = in
		return
	}
	t.byRaw[k.raw] = in
}

func (t *inflightTable) removeKey(k fastKey, in *inflight) {
	if k.raw == "" {
		if t.byInt[k.n] == in {
			delete(t.byInt, k.n)
		}
		return
	}
	if t.byRaw[k.raw] == in {
		delete(t.byRaw, k.raw)
	}
}

// appendID appends the raw id k stands for.
func (k fastKey) appendID(dst []byte) []byte {
	if k.raw == "" {
		return strconv.AppendInt(dst, k.n, 10)
	}
	return append(dst, k.raw...)
}

// idLen is the length of the raw id k stands for, at most.
func (k fastKey) idLen() int {
	if k.raw == "" {
		return 20
	}
	return len(k.raw)
}
