package rpc

// IDTable maps request ids to values, for the tables a forwarded call
// passes through twice (added when the request is sent or read, taken when
// its response arrives): a connection's requests waiting for responses and
// a session's client requests in flight. Ids are mostly numbered 1, 2,
// 3, ... and answered long before the numbering comes round a ring of
// idRing slots, so an id is kept in the slot of its value modulo the
// ring's size, and only one whose slot another id holds goes to a map. A
// map assignment, lookup and deletion with their hashing per call were
// about 2 % of the gateway's CPU at 64 calls in flight. The zero value is
// an empty table; it is not safe for concurrent use.
type IDTable[V any] struct {
	ring []idSlot[V] // nil until the first Put
	n    int         // used ring slots
	over map[int64]V // ids whose slot another id held when they came; nil when none ever did
}

// idRing is the size of the ring (a power of two).
const idRing = 512

type idSlot[V any] struct {
	used bool
	id   int64
	v    V
}

func (t *IDTable[V]) slot(id int64) *idSlot[V] {
	if t.ring == nil {
		t.ring = make([]idSlot[V], idRing)
	}
	return &t.ring[id&(idRing-1)]
}

// Get returns the value of id.
func (t *IDTable[V]) Get(id int64) (V, bool) {
	if s := t.slot(id); s.used && s.id == id {
		return s.v, true
	}
	if len(t.over) == 0 {
		var zero V
		return zero, false
	}
	v, ok := t.over[id]
	return v, ok
}

// Put sets the value of id, replacing any.
func (t *IDTable[V]) Put(id int64, v V) {
	if len(t.over) > 0 {
		if _, ok := t.over[id]; ok {
			t.over[id] = v
			return
		}
	}
	switch s := t.slot(id); {
	case !s.used:
		*s = idSlot[V]{used: true, id: id, v: v}
		t.n++
	case s.id == id:
		s.v = v
	default:
		if t.over == nil {
			t.over = map[int64]V{}
		}
		t.over[id] = v
	}
}

// Take removes id and returns its value.
func (t *IDTable[V]) Take(id int64) (V, bool) {
	if s := t.slot(id); s.used && s.id == id {
		v := s.v
		*s = idSlot[V]{}
		t.n--
		return v, true
	}
	if len(t.over) == 0 {
		var zero V
		return zero, false
	}
	v, ok := t.over[id]
	if ok {
		delete(t.over, id)
	}
	return v, ok
}

// Len is the number of ids in the table.
func (t *IDTable[V]) Len() int { return t.n + len(t.over) }

// All yields every id and its value, in no order; yield must not change
// the table.
func (t *IDTable[V]) All(yield func(int64, V) bool) {
	for i := range t.ring {
		if s := &t.ring[i]; s.used && !yield(s.id, s.v) {
			return
		}
	}
	for id, v := range t.over {
		if !yield(id, v) {
			return
		}
	}
}

// Clear empties the table.
func (t *IDTable[V]) Clear() {
	clear(t.ring)
	t.n = 0
	t.over = nil
}
