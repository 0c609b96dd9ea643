package rpc

import (
	"maps"
	"slices"
)

// pendingTable is a connection's requests waiting for their responses, by
// id. A connection numbers its requests 1, 2, 3, ... and most are answered
// long before the id has come round a ring of pendingRing slots, so a
// request is kept in the slot of its id modulo the ring's size, and only
// one whose slot an older request still holds goes to a map. Added and
// taken on every forwarded call (by two goroutines: the sender and the
// read loop), a map assignment, lookup and deletion with their hashing
// were about 2 % of the gateway's CPU at 64 calls in flight. Not safe for
// concurrent use: the Conn guards it with mu.
type pendingTable struct {
	ring []pendingSlot         // nil until the first request
	over map[int64]pendingCall // requests whose ring slot was taken; nil when none ever was
}

// pendingRing is the size of the ring (a power of two): 16 KiB per
// connection that sends requests.
const pendingRing = 512

type pendingSlot struct {
	id int64 // 0: free (ids start at 1)
	p  pendingCall
}

// put records p as request id (id > 0, not already pending).
func (t *pendingTable) put(id int64, p pendingCall) {
	if t.ring == nil {
		t.ring = make([]pendingSlot, pendingRing)
	}
	s := &t.ring[id&(pendingRing-1)]
	if s.id == 0 {
		s.id, s.p = id, p
		return
	}
	if t.over == nil {
		t.over = map[int64]pendingCall{}
	}
	t.over[id] = p
}

// take removes request id and returns it (not set when it is not
// pending).
func (t *pendingTable) take(id int64) (pendingCall, bool) {
	if t.ring != nil {
		if s := &t.ring[id&(pendingRing-1)]; s.id == id && id != 0 {
			p := s.p
			*s = pendingSlot{}
			return p, true
		}
	}
	if len(t.over) > 0 {
		if p, ok := t.over[id]; ok {
			delete(t.over, id)
			return p, true
		}
	}
	return pendingCall{}, false
}

// peek returns request id without removing it.
func (t *pendingTable) peek(id int64) (pendingCall, bool) {
	if t.ring != nil {
		if s := &t.ring[id&(pendingRing-1)]; s.id == id && id != 0 {
			return s.p, true
		}
	}
	p, ok := t.over[id]
	return p, ok
}

// drain removes every request and returns their ids in increasing order
// (the order they were sent) with the requests.
func (t *pendingTable) drain() ([]int64, map[int64]pendingCall) {
	all := make(map[int64]pendingCall, len(t.over))
	maps.Copy(all, t.over)
	for i := range t.ring {
		if s := &t.ring[i]; s.id != 0 {
			all[s.id] = s.p
			*s = pendingSlot{}
		}
	}
	t.over = nil
	return slices.Sorted(maps.Keys(all)), all
}
