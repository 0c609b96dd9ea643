package backends

import (
	"sync"
	"sync/atomic"
	"time"
)

// BreakerState is the state of a backend's circuit breaker.
type BreakerState string

const (
	BreakerClosed   BreakerState = "closed"    // calls go through
	BreakerOpen     BreakerState = "open"      // calls fail fast until the cool-down ends
	BreakerHalfOpen BreakerState = "half-open" // one trial call goes through; the others fail fast
)

// Defaults of the circuit breaker.
const (
	DefaultBreakerThreshold = 5
	DefaultBreakerCooldown  = 30 * time.Second
)

// breaker is a backend's circuit breaker. Health comes from use, not from
// pings: it counts consecutive failed calls (timeouts, lost connections,
// unreadable responses, internal errors), not tool failures (isError
// results) nor the backend's answers to bad requests. After threshold of
// them in a row calls fail fast for cooldown; then one trial call goes
// through: its success closes the circuit, its failure opens it again.
// It is safe for concurrent use.
type breaker struct {
	threshold int
	cooldown  time.Duration

	// healthy is state == BreakerClosed && failures == 0, written under mu
	// whenever either changes (settle) and read without it: on every
	// forwarded call allow and record then have nothing to change and
	// return without the lock. (A call admitted by a load that a
	// concurrent failure makes stale is as if it had come a moment
	// earlier.)
	healthy atomic.Bool

	mu       sync.Mutex
	state    BreakerState // guarded by mu
	failures int          // guarded by mu; consecutive failures
	openedAt time.Time    // guarded by mu
	trial    bool         // guarded by mu; the half-open trial call is in flight
}

func newBreaker(threshold int, cooldown time.Duration) *breaker {
	if threshold <= 0 {
		threshold = DefaultBreakerThreshold
	}
	if cooldown <= 0 {
		cooldown = DefaultBreakerCooldown
	}
	br := &breaker{threshold: threshold, cooldown: cooldown, state: BreakerClosed}
	br.healthy.Store(true)
	return br
}

// settle updates healthy after a change of state or failures; the caller
// holds mu.
func (br *breaker) settle() {
	br.healthy.Store(br.state == BreakerClosed && br.failures == 0)
}

// allow reports whether a call may go through now. When it may not, retryIn
// is how long until the next trial is allowed (0 while a trial is in
// flight). A true answer with trial set makes the call the half-open
// trial: its outcome must be reported with record or release.
//
// allow and record run on every forwarded call: while the breaker is
// healthy they return without the lock.
func (br *breaker) allow() (ok, trial bool, retryIn time.Duration, changed bool) {
	if br.healthy.Load() {
		return true, false, 0, false
	}
	br.mu.Lock()
	defer br.mu.Unlock()
	defer br.settle()
	switch br.state {
	case BreakerOpen:
		if left := br.cooldown - time.Since(br.openedAt); left > 0 {
			return false, false, left, false
		}
		br.state, br.trial = BreakerHalfOpen, true
		return true, true, 0, true
	case BreakerHalfOpen:
		if br.trial {
			return false, false, 0, false
		}
		br.trial = true
		return true, true, 0, false
	}
	return true, false, 0, false
}

// record reports a call's outcome and returns the new state and whether it
// changed.
func (br *breaker) record(failed, trial bool) (BreakerState, int, bool) {
	if !failed && !trial && br.healthy.Load() {
		return BreakerClosed, 0, false // nothing to change
	}
	br.mu.Lock()
	defer br.mu.Unlock()
	defer br.settle()
	before := br.state
	if trial {
		br.trial = false
	}
	if !failed {
		br.failures = 0
		br.state = BreakerClosed
		return br.state, 0, before != br.state
	}
	br.failures++
	switch {
	case br.state == BreakerHalfOpen && trial,
		br.state == BreakerClosed && br.failures >= br.threshold:
		br.state, br.openedAt = BreakerOpen, time.Now()
	}
	return br.state, br.failures, before != br.state
}

// release gives the trial slot back without an outcome (the caller
// cancelled the trial call).
func (br *breaker) release(trial bool) {
	if !trial {
		return
	}
	br.mu.Lock()
	br.trial = false
	br.mu.Unlock()
}

// snapshot returns the state, the consecutive failures and, when open,
// when the next trial is allowed.
func (br *breaker) snapshot() (BreakerState, int, time.Time) {
	br.mu.Lock()
	defer br.mu.Unlock()
	var until time.Time
	if br.state == BreakerOpen {
		until = br.openedAt.Add(br.cooldown)
	}
	return br.state, br.failures, until
}
