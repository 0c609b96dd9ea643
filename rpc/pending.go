package rpc

import (
	"maps"
	"slices"
)

// pendingTable is a connection's requests waiting for their responses, by
// the ids the connection gave them (1, 2, 3, ...). Not safe for concurrent
// use: the Conn guards it with mu.
type pendingTable struct{ IDTable[pendingCall] }

// drain removes every request and returns their ids in increasing order
// (the order they were sent) with the requests.
func (t *pendingTable) drain() ([]int64, map[int64]pendingCall) {
	all := maps.Collect(t.All)
	t.Clear()
	return slices.Sorted(maps.Keys(all)), all
}
