package backendstest

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestParseScriptErrors(t *testing.T) {
	for _, tc := range []struct{ script, want string }{
		{`{"jsonrpc":"2.0"}`, `line 1: outside a block (start one with "> METHOD")`},
		{"> \n", "line 1: block without a method"},
		{"> ping\n@sleep soon", `line 2: time: invalid duration "soon"`},
		{"> ping\n@explode", `line 2: unknown directive "@explode"`},
	} {
		_, err := ParseScript(tc.script)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseScript(%q) = %v, want %q", tc.script, err, tc.want)
		}
	}
	if _, err := ParseScript("# a comment\n\n> ping\n"); err != nil {
		t.Errorf("comments and blank lines: %v", err)
	}
}

// peer is the gateway's end of a connection, read line by line.
type peer struct {
	t *testing.T
	c io.ReadWriteCloser
	r *bufio.Reader
}

func dial(t *testing.T, d func(context.Context, schemas.Backend) (io.ReadWriteCloser, error), id string) *peer {
	t.Helper()
	c, err := d(context.Background(), schemas.Backend{ID: id})
	if err != nil {
		t.Fatal(err)
	}
	return &peer{t, c, bufio.NewReader(c)}
}

func (p *peer) send(line string) {
	p.t.Helper()
	if _, err := io.WriteString(p.c, line+"\n"); err != nil {
		p.t.Fatal(err)
	}
}

func (p *peer) recv() string {
	p.t.Helper()
	line, err := p.r.ReadString('\n')
	if err != nil {
		p.t.Fatalf("read: %v", err)
	}
	return line
}

// TestServerPlaysScript: replies are the script's bytes with $ID and
// $TOKEN filled in; blocks are used in order, the last one again; methods
// without a block get the defaults; everything received is recorded.
func TestServerPlaysScript(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, err := New(`
> tools/call
{"jsonrpc":"2.0","method":"notifications/progress","params":{ "progressToken" : $TOKEN }}
{"result":{"b":1,"a":12345678901234567890},"id":$ID}
> tools/call
{"jsonrpc":"2.0","id":$ID,"result":{"n":2}}
> notifications/cancelled
{"late":$ID}
`)
		if err != nil {
			t.Fatal(err)
		}
		p := dial(t, s.Dial, "x")
		var got []string
		p.send(`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"_meta":{"progressToken":-1}}}`)
		got = append(got, p.recv(), p.recv())
		p.send(`{"jsonrpc":"2.0","id":7,"method":"tools/call"}`)
		got = append(got, p.recv())
		p.send(`{"jsonrpc":"2.0","id":8,"method":"tools/call"}`)
		got = append(got, p.recv())
		p.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}}`)
		got = append(got, p.recv())
		p.send(`{"jsonrpc":"2.0","id":9,"method":"ping"}`)
		got = append(got, p.recv())
		p.send(`{"jsonrpc":"2.0","id":10,"method":"nope"}`)
		got = append(got, p.recv())
		p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		p.send(`{"jsonrpc":"2.0","id":0,"result":{}}`)
		sent := make(chan error, 1)
		// The pipe is synchronous: Send returns once the peer has read.
		go func() {
			sent <- s.Send(`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}`)
		}()
		got = append(got, p.recv())
		if err := <-sent; err != nil {
			t.Fatal(err)
		}
		want := []string{
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{ "progressToken" : -1 }}` + "\n",
			`{"result":{"b":1,"a":12345678901234567890},"id":"a"}` + "\n",
			`{"jsonrpc":"2.0","id":7,"result":{"n":2}}` + "\n",
			`{"jsonrpc":"2.0","id":8,"result":{"n":2}}` + "\n",
			`{"late":8}` + "\n",
			`{"jsonrpc":"2.0","id":9,"result":{}}` + "\n",
			`{"jsonrpc":"2.0","id":10,"error":{"code":-32601,"message":"method not found"}}` + "\n",
			`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"hi"}}` + "\n",
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("replies (-want +got):\n%s", diff)
		}
		synctest.Wait() // the server has recorded all it read
		if n := len(s.Received()); n != 8 {
			t.Errorf("received %d lines, want 8: %q", n, s.Received())
		}
		if r := s.Received()[0]; !strings.HasPrefix(r, `{"jsonrpc":"2.0","id":"a"`) {
			t.Errorf("first received line %q", r)
		}
		p.c.Close()
		s.Close()
	})
}

// TestServerSleepAndClose: @sleep waits fake time; @close ends the
// connection, and the next dial is a new connection.
func TestServerSleepAndClose(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s, err := New("> slow\n@sleep 2s\n{\"id\":$ID}\n> bye\n@close\n")
		if err != nil {
			t.Fatal(err)
		}
		p := dial(t, Servers{"b": s}.Dial, "b")
		start := time.Now()
		p.send(`{"jsonrpc":"2.0","id":1,"method":"slow"}`)
		if got := p.recv(); got != "{\"id\":1}\n" {
			t.Errorf("slow: %q", got)
		}
		if d := time.Since(start); d != 2*time.Second {
			t.Errorf("slow answered after %v of fake time, want 2s", d)
		}
		p.send(`{"jsonrpc":"2.0","id":2,"method":"bye"}`)
		if _, err := p.r.ReadString('\n'); err != io.EOF {
			t.Errorf("after @close: %v, want EOF", err)
		}
		p.c.Close()
		if s.Dials() != 1 {
			t.Errorf("dials = %d", s.Dials())
		}
		q := dial(t, s.Dial, "b")
		q.send(`{"jsonrpc":"2.0","id":3,"method":"slow"}`)
		if got := q.recv(); got != "{\"id\":3}\n" {
			t.Errorf("second connection: %q", got)
		}
		s.Close()
		if _, err := q.r.ReadString('\n'); err != io.EOF {
			t.Errorf("after Close: %v, want EOF", err)
		}
		q.c.Close()
		if _, err := s.Dial(context.Background(), schemas.Backend{}); err == nil {
			t.Error("dial after Close succeeded")
		}
		if _, err := (Servers{}).Dial(context.Background(), schemas.Backend{ID: "zz"}); err == nil || !strings.Contains(err.Error(), `"zz"`) {
			t.Errorf("unknown id: %v", err)
		}
	})
}
