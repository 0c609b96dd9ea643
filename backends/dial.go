package backends

import (
	"context"
	"io"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// A DialFunc connects to the backend cfg describes without starting its
// process or opening its remote transport, and returns the connection: a
// byte stream carrying MCP's stdio framing (one JSON-RPC message per line)
// both ways. Every start and restart of the backend dials again; Close ends
// the connection, and the backend reads it as the process's exit. The
// supervisor does everything else as for a process: handshake, discovery,
// calls, timeouts, the message size limit.
//
// It is the seam for backends that are not processes, such as the
// in-memory ones of package backendstest; production configurations leave
// it nil.
type DialFunc func(ctx context.Context, cfg schemas.Backend) (io.ReadWriteCloser, error)

// dialHook connects through [Options.Dial].
func (b *Backend) dialHook(ctx context.Context) (rpc.Stream, *process, error) {
	c, err := b.opts.Dial(ctx, b.cfg)
	if err != nil {
		return nil, nil, err
	}
	return rpc.NewLineStream(c, c, c, b.opts.MaxMessageBytes), nil, nil
}
