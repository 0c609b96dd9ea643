package backends

import (
	"context"
	"fmt"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

// dialRemote connects to an http, sse or websocket backend.
func dialRemote(ctx context.Context, cfg *schemas.Backend, maxMsg int, log zerolog.Logger) (rpc.Stream, error) {
	return nil, fmt.Errorf("transport %q is not supported yet", cfg.Type)
}
