package rpc

import (
	"testing"

	"go.uber.org/goleak"
)

// Every Conn test closes both ends and waits for both read loops; a
// goroutine left behind (writer, read loop, test helper) fails the package.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
