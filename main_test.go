package main

import (
	"testing"

	"go.uber.org/goleak"
)

// The CLI starts goroutines (the HTTP server, the stdio session, the
// dashboard): none may outlive the test that started it.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }
