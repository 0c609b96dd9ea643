package gateway

import (
	"errors"
	"fmt"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// Errors leave the gateway at two edges, each through one function:
// wireError for JSON-RPC methods (agentify/orchestrateTask, prompts/get,
// resources/*, completion/complete) and toolFailure for the isError result
// of a tool call. Nothing else decides between the two.

// toolError is a tool-level failure: the client gets an isError result
// carrying Message, not a protocol error.
type toolError struct{ Message string }

func (e *toolError) Error() string { return e.Message }

// notReadyError says which backends were still on their first start when
// the readiness bound expired.
type notReadyError struct {
	Starting []string
	Waited   string
}

func (e *notReadyError) Error() string {
	return fmt.Sprintf("gateway not ready: backends still starting after %s: %s; retry in a moment, they will be offered once ready",
		e.Waited, quoteList(e.Starting))
}

var errNoSampler = errors.New("no connected client declared the sampling capability")

// isCallFailure reports whether err is a backend call failure (exited,
// timed out, unavailable, ...) rather than the backend's own answer.
//
// The remote transports report a failed POST as an injected error response
// with the gateway's own code -32002 (it crosses their byte stream, so it
// carries no Go cause): that code counts as a call failure too.
func isCallFailure(err error) bool {
	var ce *backends.CallError
	if errors.As(err, &ce) {
		return true
	}
	var re *rpc.Error
	return errors.As(err, &re) && (re.Code == rpc.CodeBackendFailed || re.Code == rpc.CodeNotReady)
}

// wireError turns any error into its JSON-RPC form. An *rpc.Error keeps
// its code; a backend call failure keeps the code the backend layer gave
// it (-32001 not ready, -32002 failed); a tool error is invalid params; a
// readiness timeout is -32001 with the backends still starting as data;
// anything else is an internal error. Never code 0.
func wireError(err error) *rpc.Error {
	var nr *notReadyError
	if errors.As(err, &nr) {
		return (&rpc.Error{Code: rpc.CodeNotReady, Message: nr.Error()}).WithData(map[string]any{"starting": nr.Starting})
	}
	var te *toolError
	if errors.As(err, &te) {
		return &rpc.Error{Code: rpc.CodeInvalidParams, Message: te.Message}
	}
	return rpc.AsError(err)
}

// toolFailure turns an error into an isError tool result the model can
// read and act on: the message names the backend and what happened.
func toolFailure(err error) []byte { return errorResult(errorText(err)) }

// errorText is the message of an error without the code suffix of *rpc.Error.
func errorText(err error) string {
	var re *rpc.Error
	if errors.As(err, &re) {
		return re.Message
	}
	return err.Error()
}

func quoteList(ids []string) string {
	out := ""
	for i, id := range ids {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprintf("%q", id)
	}
	return out
}
