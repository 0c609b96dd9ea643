package debugui

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// BenchmarkFanout measures what dashboard watchers cost the forwarding
// path: calls/s (a request and its response published to the trace bus, as
// the gateway does for each tools/call) with 0, 100 and 500 WebSocket
// subscribers on /ws/mcptrace reading as fast as they can, on the same
// cores. Publishing must stay about as fast with 500 watchers as with none.
func BenchmarkFanout(b *testing.B) {
	for _, n := range []int{0, DefaultMaxWatchers, 100, 500} {
		b.Run(fmt.Sprintf("subscribers=%d", n), func(b *testing.B) {
			hub := telemetry.NewHub(&telemetry.HubOptions{Secrets: []string{"bench-secret-value-1234"}})
			srv, err := Start(context.Background(), Options{Hub: hub, MaxWatchers: 1000}) // above the cap, to measure the path itself
			if err != nil {
				b.Fatal(err)
			}
			defer srv.Close()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			conns := make([]*websocket.Conn, 0, n)
			done := make(chan struct{}, n)
			for range n {
				c, _, err := websocket.Dial(ctx, wsURL(srv, "/ws/mcptrace"), nil)
				if err != nil {
					b.Fatalf("dial: %v", err)
				}
				c.SetReadLimit(-1)
				conns = append(conns, c)
				go func() { // reads until the connection closes
					defer func() { done <- struct{}{} }()
					for {
						if _, _, err := c.Read(ctx); err != nil {
							return
						}
					}
				}()
			}
			req := json.RawMessage(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"fs__read_file","arguments":{"path":"/home/me/project/README.md"}}}`)
			resp := json.RawMessage(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"# mcp-agentify\nOne MCP server in front of many, with a planner that picks the right tool."}]}}`)
			b.ResetTimer()
			start := time.Now()
			for b.Loop() {
				hub.Trace.Publish(telemetry.TraceEvent{Dir: telemetry.DirIDEToGateway, Kind: telemetry.KindRequest, ID: "7", Method: "tools/call", Payload: req})
				hub.Trace.Publish(telemetry.TraceEvent{Dir: telemetry.DirGatewayToIDE, Kind: telemetry.KindResponse, ID: "7", Payload: resp})
			}
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "calls/s")
			b.StopTimer()
			for _, c := range conns {
				c.CloseNow()
			}
			for range n {
				<-done
			}
		})
	}
}
