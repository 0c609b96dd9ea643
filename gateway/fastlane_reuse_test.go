package gateway

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// TestFastLaneRecordReuseUnderChurn drives the fast lane, whose call
// records are reused (fastCalls), through everything that may still reach
// a record after its call: timeouts expired by the deadline list while
// responses arrive (the backend works 300 µs per call, one at a time, and
// calls time out after 10 ms, so with 64 in flight responses come after
// their deadline, with 4 before it), client cancellations racing responses,
// and plain answers. Every call must get its own outcome, once: an answer
// whose structured content echoes its own arguments, or a failure; a
// cancelled call at most one of these. A record reused while still
// reachable shows up as another call's answer, a duplicate, a lost call
// or (under -race) a data race.
func TestFastLaneRecordReuseUnderChurn(t *testing.T) {
	echo := echoBackend(t)
	timeout := schemas.Duration(10 * time.Millisecond)
	cfg := &schemas.Config{Expose: "all", Backends: []schemas.Backend{{
		ID: "echo", Type: schemas.TypeStdio, Command: echo, Args: []string{"-work", "300us"},
		CallTimeout:    &timeout,
		CircuitBreaker: &schemas.BreakerConfig{Failures: 1 << 30},
	}}}
	g := New(Options{Config: cfg, Version: "test"})
	p := startPipeSession(t, g)
	w, response := p.w, p.response
	send := func(s string) {
		w.WriteString(s + "\n")
	}

	const calls, window = 3000, 64
	state := make([]byte, calls+1) // 0 not sent, 's' sent, 'c' cancelled, 'a' answered
	open := 0                      // sent, neither answered nor cancelled
	sent := 0
	// The window alternates between 4 calls in flight (answered within
	// about 1 ms) and 64 (about 19 ms of queue at the backend: timeouts),
	// every 200 calls; the changes bring calls near their deadline.
	limit := func() int {
		if sent/200%2 == 0 {
			return 4
		}
		return window
	}
	var answers, failures, cancelled int
	call := func() {
		sent++
		id := sent
		send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo__echo","arguments":{"text":"c%d"}}}`, id, id))
		state[id] = 's'
		open++
		if id%7 == 0 && state[id-3] == 's' {
			send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d}}`, id-3))
			state[id-3] = 'c'
			open--
			cancelled++
		}
	}
	for sent < limit() {
		call()
	}
	w.Flush()
	for open > 0 {
		line := response()
		var m struct {
			ID     json.RawMessage
			Result *struct {
				IsError           bool
				StructuredContent json.RawMessage
			}
		}
		if err := json.Unmarshal(line, &m); err != nil || m.Result == nil {
			t.Fatalf("not a result: %s", line)
		}
		id, err := strconv.Atoi(string(m.ID))
		if err != nil || id < 1 || id > sent {
			t.Fatalf("response to a call never sent: %s", line)
		}
		switch state[id] {
		case 's':
			open--
		case 'c': // the answer beat the cancellation
		default:
			t.Fatalf("second response to call %d: %s", id, line)
		}
		state[id] = 'a'
		switch {
		case m.Result.IsError:
			failures++
		case string(m.Result.StructuredContent) == fmt.Sprintf(`{"text":"c%d"}`, id):
			answers++
		default:
			t.Fatalf("call %d got another call's answer: %s", id, line)
		}
		for sent < calls && open < limit() {
			call()
		}
		if p.r.Buffered() == 0 {
			w.Flush()
		}
	}
	t.Logf("%d answered, %d failed (timeouts), %d cancelled, %d on the fast lane", answers, failures, cancelled, g.fastCalls.Load())
	if answers == 0 || failures == 0 || g.fastCalls.Load() < calls/2 {
		t.Errorf("the run did not mix answers (%d), timeouts (%d) and the fast lane (%d calls)", answers, failures, g.fastCalls.Load())
	}
}
