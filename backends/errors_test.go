package backends

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// TestCallErrorKinds: every way a call can fail is told apart by
// errors.Is on its kind, never by its text, and names its backend.
func TestCallErrorKinds(t *testing.T) {
	tests := []struct {
		name     string
		kind     error
		code     int64
		provoke  func(t *testing.T, f *fakeServer, m *Manager, b *Backend) error
		settings schemas.Backend
		opts     *Options
	}{
		{name: "timeout", kind: ErrTimeout, code: rpc.CodeBackendFailed, settings: schemas.Backend{CallTimeout: dur(time.Second)},
			provoke: func(t *testing.T, f *fakeServer, m *Manager, b *Backend) error {
				ch, _ := callAsync(t, b, "hang")
				return (<-ch).Error
			}},
		{name: "exited", kind: ErrExited, code: rpc.CodeBackendFailed, settings: schemas.Backend{Restart: "never"},
			provoke: func(t *testing.T, f *fakeServer, m *Manager, b *Backend) error {
				ch, _ := callAsync(t, b, "crash")
				return (<-ch).Error
			}},
		{name: "too large", kind: ErrTooLarge, code: rpc.CodeBackendFailed, opts: &Options{MaxMessageBytes: 64 << 10},
			provoke: func(t *testing.T, f *fakeServer, m *Manager, b *Backend) error {
				f.bigResult = 100 << 10
				ch, _ := callAsync(t, b, "big")
				return (<-ch).Error
			}},
		{name: "stopped while pending", kind: ErrStopped, code: rpc.CodeBackendFailed,
			provoke: func(t *testing.T, f *fakeServer, m *Manager, b *Backend) error {
				ch, _ := callAsync(t, b, "hang")
				synctest.Wait()
				go m.Stop()
				return (<-ch).Error
			}},
		{name: "stopped before the call", kind: ErrUnavailable, code: rpc.CodeNotReady,
			provoke: func(t *testing.T, f *fakeServer, m *Manager, b *Backend) error {
				m.Stop()
				_, err := b.Call(context.Background(), "tools/call", json.RawMessage(`{"name":"echo"}`))
				return err
			}},
		{name: "circuit open", kind: ErrCircuitOpen, code: rpc.CodeBackendFailed, settings: schemas.Backend{CallTimeout: dur(time.Second)},
			opts: &Options{BreakerThreshold: 1, BreakerCooldown: time.Minute},
			provoke: func(t *testing.T, f *fakeServer, m *Manager, b *Backend) error {
				ch, _ := callAsync(t, b, "hang")
				<-ch // the timeout opens the circuit
				_, err := b.Call(context.Background(), "tools/call", json.RawMessage(`{"name":"echo"}`))
				return err
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				f := newFake()
				m, b := startFake(t, f, tt.settings, tt.opts)
				defer m.Stop()
				err := tt.provoke(t, f, m, b)
				if err == nil {
					t.Fatal("no error")
				}
				if !errors.Is(err, tt.kind) {
					t.Errorf("errors.Is(%v, %v) = false", err, tt.kind)
				}
				for _, other := range []error{ErrUnavailable, ErrCircuitOpen, ErrExited, ErrTimeout, ErrTooLarge, ErrStopped} {
					if other != tt.kind && errors.Is(err, other) {
						t.Errorf("error %v also matches %v", err, other)
					}
				}
				var ce *CallError
				if !errors.As(err, &ce) || ce.Backend != "a" {
					t.Errorf("errors.As(*CallError) = %v, backend %+v", err, ce)
				}
				var re *rpc.Error
				if !errors.As(err, &re) || re.Code != tt.code {
					t.Errorf("wire error %+v, want code %d", re, tt.code)
				}
			})
		})
	}
}
