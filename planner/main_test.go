package planner

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package's tests when any test leaves a goroutine behind
// (a planner request still in flight, an HTTP connection not closed).
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
