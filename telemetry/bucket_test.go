package telemetry

import (
	"sort"
	"testing"
	"time"
)

// bucketIndex puts every duration in the first bucket whose bound holds
// it, as a binary search over the bounds does: at, around and between
// every bound, and beyond the last.
func TestBucketIndex(t *testing.T) {
	ds := []time.Duration{-1, 0, 1, 90 * time.Minute}
	for _, b := range BucketBounds {
		ds = append(ds, b-1, b, b+1)
	}
	for _, d := range ds {
		want := sort.Search(len(BucketBounds), func(i int) bool { return d <= BucketBounds[i] })
		if got := bucketIndex(d); got != want {
			t.Errorf("bucketIndex(%v) = %d, want %d", d, got, want)
		}
	}
}
