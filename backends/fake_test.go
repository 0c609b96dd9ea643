package backends

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// fakeServer is an in-memory MCP backend. Every dial starts a new instance
// (as a restart starts a new process); the knobs apply to all of them.
type fakeServer struct {
	mu        sync.Mutex
	dials     int                  // guarded by mu
	dialErr   func(n int) error    // guarded by mu; nil: dials succeed
	hangInit  bool                 // guarded by mu
	tools     []string             // guarded by mu
	cancelled []string             // guarded by mu; requestIds of notifications/cancelled
	conns     []*rpc.Conn          // guarded by mu; server side of every dial
	onDial    func(n int)          // guarded by mu
	bigResult int                  // guarded by mu; size of the "big" tool's text
	calls     map[string]*rpc.Conn // guarded by mu; hanging call ids
}

func newFake(tools ...string) *fakeServer {
	if len(tools) == 0 {
		tools = []string{"echo", "hang", "crash", "internal", "badparams", "fail", "big"}
	}
	return &fakeServer{tools: tools, calls: map[string]*rpc.Conn{}}
}

// pipeEnd joins the read side of one pipe and the write side of another.
type pipeEnd struct {
	r *io.PipeReader
	w *io.PipeWriter
}

func (p pipeEnd) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipeEnd) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipeEnd) Close() error                { p.w.Close(); return p.r.Close() }

// dial is a [DialFunc]: it returns the gateway side of a fresh in-memory
// connection and serves the other side.
func (f *fakeServer) dial(_ context.Context, _ schemas.Backend) (io.ReadWriteCloser, error) {
	f.mu.Lock()
	f.dials++
	n := f.dials
	dialErr, onDial := f.dialErr, f.onDial
	f.mu.Unlock()
	if onDial != nil {
		onDial(n)
	}
	if dialErr != nil {
		if err := dialErr(n); err != nil {
			return nil, err
		}
	}
	gr, sw := io.Pipe() // server writes, gateway reads
	sr, gw := io.Pipe() // gateway writes, server reads
	gside := pipeEnd{gr, gw}
	sside := pipeEnd{sr, sw}
	var conn *rpc.Conn
	conn = rpc.NewConn(rpc.NewLineStream(sr, sw, sside, 0), rpc.ConnOptions{Handler: func(m *rpc.Message) { f.handle(conn, sside, m) }})
	f.mu.Lock()
	f.conns = append(f.conns, conn)
	f.mu.Unlock()
	// Owned by the fake instance: ends when either side closes the pipes.
	go func() {
		conn.Run()
		conn.Close()
		sside.Close()
	}()
	return gside, nil
}

func (f *fakeServer) handle(conn *rpc.Conn, end pipeEnd, m *rpc.Message) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch m.Method {
	case "initialize":
		if f.hangInit {
			return
		}
		conn.Reply(m.ID, json.RawMessage(`{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}`))
	case "tools/list":
		var ts []string
		for _, t := range f.tools {
			ts = append(ts, `{"name":"`+t+`","inputSchema":{"type":"object"}}`)
		}
		conn.Reply(m.ID, json.RawMessage(`{"tools":[`+strings.Join(ts, ",")+`]}`))
	case "notifications/cancelled":
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
		}
		json.Unmarshal(m.Params, &p)
		f.cancelled = append(f.cancelled, string(p.RequestID))
	case "tools/call":
		var p struct {
			Name string `json:"name"`
		}
		json.Unmarshal(m.Params, &p)
		switch p.Name {
		case "echo":
			conn.Reply(m.ID, json.RawMessage(`{"content":[{"type":"text","text":"ok"}]}`))
		case "fail":
			conn.Reply(m.ID, json.RawMessage(`{"content":[{"type":"text","text":"failed"}],"isError":true}`))
		case "internal":
			conn.ReplyError(m.ID, &rpc.Error{Code: rpc.CodeInternalError, Message: "boom"})
		case "badparams":
			conn.ReplyError(m.ID, &rpc.Error{Code: rpc.CodeInvalidParams, Message: "bad params"})
		case "big":
			conn.Reply(m.ID, json.RawMessage(`{"content":[{"type":"text","text":"`+strings.Repeat("x", f.bigResult)+`"}]}`))
		case "crash":
			// The process "exits": both pipes close.
			go end.Close()
		case "hang":
			f.calls[string(m.ID)] = conn
		}
	default:
		if m.ID != nil {
			conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "method not found"))
		}
	}
}

func (f *fakeServer) numDials() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dials
}

func (f *fakeServer) cancels() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.cancelled...)
}

// respond answers every hanging call with a success.
func (f *fakeServer) respond() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for id, c := range f.calls {
		c.Reply(json.RawMessage(id), json.RawMessage(`{"content":[]}`))
		delete(f.calls, id)
	}
}

type contextT = context.Context

func errorsAs(err error, target any) bool { return errors.As(err, target) }
