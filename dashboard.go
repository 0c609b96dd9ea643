package main

import (
	"context"

	"github.com/mcp-agentify/mcp-agentify/gateway"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
	"github.com/rs/zerolog"
)

// startDashboard starts the debug dashboard when a port is configured.
func startDashboard(ctx context.Context, g *gateway.Gateway, cfg *schemas.Config, hub *telemetry.Hub, log zerolog.Logger) {
	if cfg.DebugPort == nil {
		return
	}
	log.Warn().Msg("debug dashboard not wired yet")
}
