package gateway

import (
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// publishTrace records one message on the trace bus. Only called when a
// hub is configured (the dashboard is on): it encodes the message again,
// which the forwarding path itself never does.
func publishTrace(hub *telemetry.Hub, dir telemetry.Dir, backend string, m *rpc.Message, size int) {
	ev := telemetry.TraceEvent{
		Time:    time.Now(),
		Dir:     dir,
		Backend: backend,
		Method:  m.Method,
		Size:    size,
		Payload: m.AppendJSON(nil),
	}
	if m.ID != nil {
		ev.ID = string(m.ID)
	}
	switch {
	case m.IsRequest():
		ev.Kind = telemetry.KindRequest
	case m.IsNotification():
		ev.Kind = telemetry.KindNotification
	case m.Error != nil:
		ev.Kind = telemetry.KindError
	default:
		ev.Kind = telemetry.KindResponse
	}
	hub.Trace.Publish(ev)
}
