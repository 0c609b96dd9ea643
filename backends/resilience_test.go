package backends

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

func dur(d time.Duration) *schemas.Duration { v := schemas.Duration(d); return &v }
func intp(n int) *int                       { return &n }

// startFake starts one backend "a" served by f and waits until it is ready.
func startFake(t *testing.T, f *fakeServer, cfg schemas.Backend, opts *Options) (*Manager, *Backend) {
	t.Helper()
	if cfg.ID == "" {
		cfg.ID = "a"
	}
	cfg.Type = schemas.TypeStdio
	if opts == nil {
		opts = &Options{}
	}
	opts.Dial = f.dial
	m := NewManager([]schemas.Backend{cfg}, opts)
	m.Start()
	b, _ := m.Get(cfg.ID)
	if s := b.WaitReady(t.Context()); s != Ready {
		_, err := b.State()
		t.Fatalf("backend state %s (%v), want ready", s, err)
	}
	return m, b
}

// callAsync forwards tools/call name and returns a channel with its response.
func callAsync(t *testing.T, b *Backend, name string) (<-chan *rpc.Message, *Call) {
	t.Helper()
	ch := make(chan *rpc.Message, 1)
	c, err := b.Forward("tools/call", json.RawMessage(`{"name":"`+name+`"}`), func(m *rpc.Message) { ch <- m })
	if err != nil {
		t.Fatalf("Forward %s: %v", name, err)
	}
	return ch, c
}

func wantError(t *testing.T, m *rpc.Message, code int64, msg string) {
	t.Helper()
	if m.Error == nil {
		t.Fatalf("got result %s, want error %q", m.Result, msg)
	}
	if m.Error.Code != code || m.Error.Message != msg {
		t.Fatalf("got error %d %q, want %d %q", m.Error.Code, m.Error.Message, code, msg)
	}
}

func TestCrashFailsEveryPendingCallAndRestarts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		var mu sync.Mutex
		var states []State
		opts := &Options{OnChange: func(b *Backend) {
			s, _ := b.State()
			mu.Lock()
			if len(states) == 0 || states[len(states)-1] != s {
				states = append(states, s)
			}
			mu.Unlock()
		}}
		m, b := startFake(t, f, schemas.Backend{}, opts)
		defer m.Stop()

		var pending []<-chan *rpc.Message
		for range 3 {
			ch, _ := callAsync(t, b, "hang")
			pending = append(pending, ch)
		}
		crash, _ := callAsync(t, b, "crash")
		pending = append(pending, crash)
		for _, ch := range pending {
			wantError(t, <-ch, rpc.CodeBackendFailed, `backend "a": connection closed`)
		}
		synctest.Wait()
		if s, err := b.State(); s != Restarting || err == nil {
			t.Fatalf("after crash: state %s (%v), want restarting with an error", s, err)
		}
		if b.Tools() != nil {
			t.Fatal("tools of a crashed backend are still offered")
		}
		// A call while it is down fails at once, naming the backend.
		if _, err := b.Forward("tools/call", nil, func(*rpc.Message) {}); err == nil || !strings.HasPrefix(err.Error(), `backend "a" is restarting: connection ended`) {
			t.Fatalf("call while restarting: %v", err)
		}
		start := time.Now()
		if s := b.WaitReady(t.Context()); s != Ready {
			t.Fatalf("after restart: %s", s)
		}
		if d := time.Since(start); d != RestartBackoffMin {
			t.Fatalf("restarted after %s, want the first backoff %s", d, RestartBackoffMin)
		}
		if len(b.Tools()) == 0 || b.Info().Restarts != 1 || f.numDials() != 2 {
			t.Fatalf("after restart: %d tools, %d restarts, %d dials", len(b.Tools()), b.Info().Restarts, f.numDials())
		}
		synctest.Wait() // OnChange runs after waiters are woken
		mu.Lock()
		got := slices.Clone(states)
		mu.Unlock()
		want := []State{Starting, Ready, Unavailable, Restarting, Starting, Ready}
		if !slices.Equal(got, want) {
			t.Fatalf("states %v, want %v", got, want)
		}
	})
}

func TestRestartBackoffAndCap(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		var dialTimes []time.Duration
		start := time.Now()
		f.dialErr = func(int) error { return errors.New("exec: no such file") }
		f.onDial = func(int) { dialTimes = append(dialTimes, time.Since(start)) }
		m := NewManager([]schemas.Backend{{ID: "a", Type: schemas.TypeStdio, MaxRestarts: intp(6)}}, &Options{Dial: f.dial})
		defer m.Stop()
		m.Start()
		b, _ := m.Get("a")
		synctest.Wait()
		// Startup failures are retried with the same backoff: 1s, 2s, 4s, ... capped at 30s.
		time.Sleep(10 * time.Minute)
		synctest.Wait()
		want := []time.Duration{0, 1 * time.Second, 3 * time.Second, 7 * time.Second, 15 * time.Second, 31 * time.Second, 61 * time.Second}
		if !slices.Equal(dialTimes, want) {
			t.Fatalf("dial times %v, want %v", dialTimes, want)
		}
		s, err := b.State()
		if s != Unavailable || err == nil || err.Error() != "exec: no such file" {
			t.Fatalf("after giving up: %s %v", s, err)
		}
		if in := b.Info(); in.Restarts != 6 {
			t.Fatalf("restarts %d, want 6", in.Restarts)
		}
	})
}

func TestRestartNever(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		m, b := startFake(t, f, schemas.Backend{Restart: "never"}, nil)
		defer m.Stop()
		ch, _ := callAsync(t, b, "crash")
		wantError(t, <-ch, rpc.CodeBackendFailed, `backend "a": connection closed`)
		time.Sleep(time.Hour)
		synctest.Wait()
		if s, _ := b.State(); s != Unavailable || f.numDials() != 1 {
			t.Fatalf("state %s after %d dials, want unavailable after 1", s, f.numDials())
		}
	})
}

func TestCallTimeoutAndCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		m, b := startFake(t, f, schemas.Backend{CallTimeout: dur(2 * time.Second)}, nil)
		defer m.Stop()
		start := time.Now()
		ch, c := callAsync(t, b, "hang")
		wantError(t, <-ch, rpc.CodeBackendFailed, `backend "a": tools/call timed out after 2s`)
		if d := time.Since(start); d != 2*time.Second {
			t.Fatalf("timed out after %s", d)
		}
		if c.Cancel("late") {
			t.Fatal("Cancel after the timeout reported the call pending")
		}
		// Cancellation: the backend is told, the response is dropped.
		ch2, c2 := callAsync(t, b, "hang")
		if !c2.Cancel("user gave up") {
			t.Fatal("Cancel of a pending call reported false")
		}
		f.respond()
		time.Sleep(time.Minute)
		synctest.Wait()
		select {
		case m := <-ch2:
			t.Fatalf("cancelled call got a response: %+v", m)
		default:
		}
		want := []string{fmt.Sprint(c.ID()), fmt.Sprint(c2.ID())}
		if got := f.cancels(); !slices.Equal(got, want) {
			t.Fatalf("backend was sent cancellations for %v, want %v", got, want)
		}
		// Backend.Call: ctx cancellation ends the wait and cancels the call.
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		if _, err := b.Call(ctx, "tools/call", json.RawMessage(`{"name":"hang"}`)); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Call with an expiring ctx: %v", err)
		}
		synctest.Wait()
		if got := f.cancels(); len(got) != 3 {
			t.Fatalf("cancellations %v, want 3", got)
		}
	})
}

func TestStartupTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		f.hangInit = true
		m := NewManager([]schemas.Backend{{ID: "a", Type: schemas.TypeStdio, StartupTimeout: dur(5 * time.Second), Restart: "never"}}, &Options{Dial: f.dial})
		defer m.Stop()
		m.Start()
		b, _ := m.Get("a")
		start := time.Now()
		if s := b.WaitReady(t.Context()); s != Unavailable {
			t.Fatalf("state %s", s)
		}
		if d := time.Since(start); d != 5*time.Second {
			t.Fatalf("gave up after %s, want 5s", d)
		}
		if _, err := b.State(); err == nil || err.Error() != "no answer to initialize within 5s" {
			t.Fatalf("error %v", err)
		}
	})
}

func TestOverLimitResponseFailsTheCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		f.bigResult = 100 << 10
		m, b := startFake(t, f, schemas.Backend{}, &Options{MaxMessageBytes: 64 << 10})
		defer m.Stop()
		ch, _ := callAsync(t, b, "big")
		wantError(t, <-ch, rpc.CodeBackendFailed, `backend "a": response message exceeds 65536 bytes`)
		// The connection survives it.
		ch, _ = callAsync(t, b, "echo")
		if r := <-ch; r.Error != nil {
			t.Fatalf("echo after an over-limit response: %v", r.Error)
		}
	})
}

func TestBreakerOpensFailsFastAndRecovers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		logs := &syncWriter{w: &strings.Builder{}}
		opts := &Options{}
		opts.Logger = opts.Logger.Output(logs)
		m, b := startFake(t, f, schemas.Backend{CallTimeout: dur(time.Second)}, opts)
		defer m.Stop()

		call := func(name string) (*rpc.Message, error) {
			ch := make(chan *rpc.Message, 1)
			_, err := b.Forward("tools/call", json.RawMessage(`{"name":"`+name+`"}`), func(m *rpc.Message) { ch <- m })
			if err != nil {
				return nil, err
			}
			return <-ch, nil
		}
		// Tool failures and answers to bad requests are not backend failures.
		for _, name := range []string{"fail", "badparams", "fail", "badparams", "fail", "badparams"} {
			if _, err := call(name); err != nil {
				t.Fatal(err)
			}
		}
		if in := b.Info(); in.Breaker != BreakerClosed || in.BreakerFailures != 0 {
			t.Fatalf("after tool failures: breaker %s, %d failures", in.Breaker, in.BreakerFailures)
		}
		// Four timeouts and an internal error open it; a success in between resets the count.
		for _, name := range []string{"hang", "hang", "internal", "hang", "echo", "hang", "hang", "internal", "hang"} {
			if _, err := call(name); err != nil {
				t.Fatal(err)
			}
		}
		if in := b.Info(); in.Breaker != BreakerClosed || in.BreakerFailures != 4 {
			t.Fatalf("before the fifth failure: breaker %s, %d failures", in.Breaker, in.BreakerFailures)
		}
		if _, err := call("hang"); err != nil {
			t.Fatal(err)
		}
		in := b.Info()
		if in.Breaker != BreakerOpen || in.BreakerFailures != 5 || in.BreakerRetryAt == nil || !in.BreakerRetryAt.Equal(time.Now().Add(DefaultBreakerCooldown)) {
			t.Fatalf("after five failures: %+v", in)
		}
		dialsBefore := f.numDials()
		// Open: calls fail fast, the backend is not asked.
		time.Sleep(10 * time.Second)
		_, err := call("echo")
		wantErrText(t, err, `backend "a": circuit open after repeated failures; calls fail fast for 20s (code -32002)`)
		// After the cool-down, one trial goes through; others fail fast meanwhile.
		time.Sleep(20 * time.Second)
		trial, _ := callAsync(t, b, "hang")
		_, err = call("echo")
		wantErrText(t, err, `backend "a": circuit half-open: waiting for the outcome of a trial call (code -32002)`)
		if in := b.Info(); in.Breaker != BreakerHalfOpen {
			t.Fatalf("during the trial: %s", in.Breaker)
		}
		<-trial // times out: open again for a full cool-down
		if in := b.Info(); in.Breaker != BreakerOpen {
			t.Fatalf("after a failed trial: %s", in.Breaker)
		}
		_, err = call("echo")
		wantErrText(t, err, `backend "a": circuit open after repeated failures; calls fail fast for 30s (code -32002)`)
		time.Sleep(DefaultBreakerCooldown)
		if r, err := call("echo"); err != nil || r.Error != nil {
			t.Fatalf("trial call: %v %v", err, r)
		}
		if in := b.Info(); in.Breaker != BreakerClosed || in.BreakerFailures != 0 || in.BreakerRetryAt != nil {
			t.Fatalf("after a good trial: %+v", in)
		}
		if f.numDials() != dialsBefore {
			t.Fatal("the breaker restarted the backend")
		}
		for _, want := range []string{"circuit breaker open: calls fail fast", "circuit breaker half-open: trying one call", "circuit breaker closed"} {
			if !strings.Contains(logs.String(), want) {
				t.Errorf("logs lack %q", want)
			}
		}
	})
}

func TestBreakerCancelledTrialFreesTheSlot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		m, b := startFake(t, f, schemas.Backend{CallTimeout: dur(time.Second)}, &Options{BreakerThreshold: 1, BreakerCooldown: time.Minute})
		defer m.Stop()
		ch, _ := callAsync(t, b, "hang")
		<-ch
		if in := b.Info(); in.Breaker != BreakerOpen {
			t.Fatalf("threshold 1: %s", in.Breaker)
		}
		time.Sleep(time.Minute)
		_, trial := callAsync(t, b, "hang")
		trial.Cancel("no longer needed")
		ch, _ = callAsync(t, b, "echo") // the slot is free again
		if r := <-ch; r.Error != nil {
			t.Fatal(r.Error)
		}
		if in := b.Info(); in.Breaker != BreakerClosed {
			t.Fatalf("after a good trial: %s", in.Breaker)
		}
	})
}

func wantErrText(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil || err.Error() != want {
		t.Fatalf("got error %v, want %q", err, want)
	}
}

type syncWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}

// TestWaitReadyDoesNotWaitThroughRestarts: a backend that fails to start
// settles the manager's wait at its first failure, without the restart
// backoff; a healthy one is waited for until it is ready.
func TestWaitReadyDoesNotWaitThroughRestarts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		bad, good := newFake(), newFake()
		bad.dialErr = func(int) error { return errors.New("exec: no such file") }
		dial := func(ctx contextT, cfg schemas.Backend) (io.ReadWriteCloser, error) {
			if cfg.ID == "bad" {
				return bad.dial(ctx, cfg)
			}
			return good.dial(ctx, cfg)
		}
		m := NewManager([]schemas.Backend{{ID: "bad", Type: schemas.TypeStdio}, {ID: "good", Type: schemas.TypeStdio}}, &Options{Dial: dial})
		defer m.Stop()
		m.Start()
		start := time.Now()
		m.WaitReady(t.Context())
		if d := time.Since(start); d >= RestartBackoffMin {
			t.Fatalf("WaitReady took %s: it waited through the failing backend's restart backoff", d)
		}
		if b, _ := m.Get("good"); b.Info().State != Ready {
			t.Fatalf("good backend is %s after WaitReady", b.Info().State)
		}
		if b, _ := m.Get("bad"); b.Info().State == Ready || b.Info().Error == "" {
			t.Fatalf("failing backend: %+v", b.Info())
		}
	})
}
