package backends

import (
	"errors"
	"fmt"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// Causes of a failed call, matched with errors.Is. Every error a call to a
// backend fails with (the *rpc.Error given to [Backend.Forward]'s onResp,
// or returned by Forward and [Backend.Call]) wraps a [*CallError] whose
// Kind is one of these.
var (
	// ErrUnavailable: the backend is not ready (starting, restarting,
	// failed, or stopped); the call was not sent.
	ErrUnavailable = errors.New("backend unavailable")
	// ErrCircuitOpen: repeated failures opened the backend's circuit; the
	// call was not sent.
	ErrCircuitOpen = errors.New("circuit open")
	// ErrExited: the backend's process exited, or its connection broke,
	// while the call was pending.
	ErrExited = errors.New("backend exited")
	// ErrTimeout: no response within the backend's callTimeout.
	ErrTimeout = errors.New("call timed out")
	// ErrTooLarge: the response exceeded maxMessageBytes.
	ErrTooLarge = errors.New("response too large")
	// ErrStopped: the gateway stopped the backend (shutdown or reload).
	ErrStopped = errors.New("stopped by the gateway")
)

// CallError is a call the backend could not answer. Kind is one of the
// sentinel errors above; Err, if set, is the underlying cause.
type CallError struct {
	Backend string
	Kind    error
	Err     error
	msg     string // the whole message, naming the backend
}

func (e *CallError) Error() string { return e.msg }

// Unwrap makes errors.Is see both the kind and the cause.
func (e *CallError) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Kind, e.Err}
	}
	return []error{e.Kind}
}

// failure builds the wire error of a call the backend could not answer:
// CodeNotReady when the call was not sent because the backend is not
// ready, CodeBackendFailed otherwise, always wrapping a *CallError.
func (b *Backend) failure(kind, cause error, format string, args ...any) *rpc.Error {
	ce := &CallError{Backend: b.cfg.ID, Kind: kind, Err: cause, msg: fmt.Sprintf("backend %q: ", b.cfg.ID) + fmt.Sprintf(format, args...)}
	code := int64(rpc.CodeBackendFailed)
	if kind == ErrUnavailable {
		code = rpc.CodeNotReady
	}
	return &rpc.Error{Code: code, Message: ce.Error(), Err: ce}
}

// callError is the error for calls pending when the backend's connection
// ends (see endReason): stopped by the gateway, or exited.
func (b *Backend) callError(format string, args ...any) *rpc.Error {
	b.mu.Lock()
	kind := ErrExited
	if b.stopping {
		kind = ErrStopped
	}
	b.mu.Unlock()
	return b.failure(kind, nil, format, args...)
}
