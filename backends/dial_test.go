package backends_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/backends/backendstest"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// TestDialSeam: a backend connected through Options.Dial is supervised as
// a process would be: handshake and discovery, calls answered byte for
// byte, the message size limit, the call timeout, and a restart (a new
// dial) after its connection closes.
func TestDialSeam(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		big := strings.Repeat("x", 70_000)
		srv, err := backendstest.New(`
> tools/list
{"jsonrpc":"2.0","id":$ID,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}}
> tools/call
{"jsonrpc":"2.0","id":$ID,"result":{ "z":1,"a":12345678901234567890 }}
> tools/call
{"jsonrpc":"2.0","id":$ID,"result":{"text":"` + big + `"}}
> tools/call
> tools/call
@close
`)
		if err != nil {
			t.Fatal(err)
		}
		m := backends.NewManager([]schemas.Backend{{ID: "mem", Type: schemas.TypeStdio, CallTimeout: dur(t, "2s")}},
			&backends.Options{Dial: backendstest.Servers{"mem": srv}.Dial, MaxMessageBytes: 65536})
		defer func() {
			m.Stop()
			srv.Close()
		}()
		m.Start()
		m.WaitReady(t.Context())
		b, _ := m.Get("mem")
		if st, err := b.State(); st != backends.Ready {
			t.Fatalf("state %s: %v", st, err)
		}
		if tools := b.Tools(); len(tools) != 1 || tools[0].Name != "t" {
			t.Fatalf("tools %+v", tools)
		}
		ctx := context.Background()
		res, err := b.Call(ctx, "tools/call", []byte(`{"name":"t"}`))
		if err != nil || string(res) != `{ "z":1,"a":12345678901234567890 }` {
			t.Errorf("call: %s, %v", res, err)
		}
		if _, err := b.Call(ctx, "tools/call", []byte(`{"name":"t"}`)); !errors.Is(err, backends.ErrTooLarge) {
			t.Errorf("over the size limit: %v, want ErrTooLarge", err)
		}
		if _, err := b.Call(ctx, "tools/call", []byte(`{"name":"t"}`)); !errors.Is(err, backends.ErrTimeout) {
			t.Errorf("unanswered: %v, want ErrTimeout", err)
		}
		if _, err := b.Call(ctx, "tools/call", []byte(`{"name":"t"}`)); !errors.Is(err, backends.ErrExited) {
			t.Errorf("connection closed: %v, want ErrExited", err)
		}
		synctest.Wait()  // the supervisor has seen the connection end
		b.WaitReady(ctx) // through the restart backoff, in fake time
		if st, _ := b.State(); st != backends.Ready || srv.Dials() != 2 {
			t.Errorf("after the restart: state %s, dials %d; want ready after a second dial", st, srv.Dials())
		}
	})
}

func dur(t *testing.T, s string) *schemas.Duration {
	t.Helper()
	var d schemas.Duration
	if err := d.UnmarshalJSON([]byte(`"` + s + `"`)); err != nil {
		t.Fatal(err)
	}
	return &d
}
