package gateway

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// The session benchmarks run an in-process IDE client over io.Pipe, a real
// session, and the echo backend (testdata/echobackend) as a child process.
// B/op and allocs/op are what this process allocates per call: the
// session's forwarding in both directions plus the bench client's own reads
// and writes (which reuse their buffers: a few bytes per call).
//
// Budget (DESIGN.md section 5): at most 20 KB allocated per forwarded small
// tools/call. Latency and throughput budgets are measured end to end by
// scripts/bench.sh, against the same backend called directly.

// echoBackend is testdata/echobackend, built once.
func echoBackend(b testing.TB) string { return buildTestdata(b, "echobackend") }

// benchClient is a minimal IDE: it writes requests and reads their
// responses, skipping notifications. It reuses its buffers.
type benchClient struct {
	w   *io.PipeWriter
	r   *bufio.Reader
	buf []byte
}

func (c *benchClient) send(b []byte) {
	if _, err := c.w.Write(b); err != nil {
		panic(err)
	}
}

// response reads lines until one carries an id (a response), and returns
// it; the slice is valid until the next read.
func (c *benchClient) response() []byte {
	for {
		line, err := c.r.ReadSlice('\n')
		if err != nil {
			panic(err)
		}
		if bytes.Contains(line, []byte(`"id":`)) && !bytes.Contains(line, []byte(`"method":`)) {
			return line
		}
	}
}

func (c *benchClient) call(id int, method, params string) []byte {
	c.buf = append(c.buf[:0], `{"jsonrpc":"2.0","id":`...)
	c.buf = strconv.AppendInt(c.buf, int64(id), 10)
	c.buf = append(c.buf, `,"method":"`...)
	c.buf = append(c.buf, method...)
	c.buf = append(c.buf, `","params":`...)
	c.buf = append(c.buf, params...)
	c.buf = append(c.buf, "}\n"...)
	c.send(c.buf)
	return c.response()
}

// startBenchSession starts a gateway session (expose "all") with the
// given backends' extra echobackend args, initializes it and waits until
// every backend's tools are listed. It returns the client and a stop func.
func startBenchSession(b *testing.B, backends ...[]string) (*benchClient, func()) {
	b.Helper()
	echo := echoBackend(b)
	cfg := &schemas.Config{Expose: "all"}
	for i, args := range backends {
		cfg.Backends = append(cfg.Backends, schemas.Backend{ID: fmt.Sprintf("echo%d", i), Type: schemas.TypeStdio, Command: echo, Args: args})
	}
	if len(backends) == 1 {
		cfg.Backends[0].ID = "echo"
	}
	g := New(Options{Config: cfg, Version: "bench"})
	inR, inW := io.Pipe()   // IDE -> session
	outR, outW := io.Pipe() // session -> IDE
	sess := newSession(g, rpc.NewLineStream(inR, outW, outW, 0))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	// Owned by the benchmark: ends when stop closes the IDE's input.
	go func() {
		defer close(done)
		sess.run(ctx)
		g.Stop()
	}()
	c := &benchClient{w: inW, r: bufio.NewReaderSize(outR, 1<<16)}
	c.call(0, "initialize", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}`)
	c.send([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
	deadline := time.Now().Add(30 * time.Second)
	for {
		list := c.call(0, "tools/list", `{}`)
		if bytes.Count(list, []byte(`__echo"`)) == len(backends) {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("backends not ready after 30s: %s", list)
		}
		time.Sleep(5 * time.Millisecond)
	}
	stop := func() {
		inW.Close()
		cancel()
		// Drain so that the session's writer never blocks on the pipe.
		go io.Copy(io.Discard, outR)
		<-done
	}
	return c, stop
}

// BenchmarkSessionToolsCall is one sequential tools/call through the
// session to the echo backend and back: rewrite of id (and progress token),
// validation of the arguments against the tool's schema, forwarding, and
// the response relayed to the IDE.
func BenchmarkSessionToolsCall(b *testing.B) {
	cases := []struct{ name, params string }{
		{"direct", `{"name":"echo__echo","arguments":{"text":"hello"}}`},
		{"call_tool", `{"name":"call_tool","arguments":{"name":"echo__echo","arguments":{"text":"hello"}}}`},
		{"progressToken", `{"name":"echo__echo","arguments":{"text":"hello"},"_meta":{"progressToken":"tok-1"}}`},
	}
	c, stop := startBenchSession(b, nil)
	defer stop()
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			id := 1
			for b.Loop() {
				resp := c.call(id, "tools/call", tc.params)
				if !bytes.Contains(resp, []byte(`"structuredContent"`)) {
					b.Fatalf("unexpected response: %s", resp)
				}
				id++
			}
		})
	}
}

// BenchmarkSessionToolsCallPipelined keeps 64 calls in flight through the
// session (one op = one call).
func BenchmarkSessionToolsCallPipelined(b *testing.B) {
	c, stop := startBenchSession(b, nil)
	defer stop()
	const window = 64
	params := `{"name":"echo__echo","arguments":{"text":"hello"}}`
	// The requests are built without fmt (its allocations were counted
	// against the gateway's per call).
	var lineBuf []byte
	line := func(id int) []byte {
		lineBuf = append(lineBuf[:0], `{"jsonrpc":"2.0","id":`...)
		lineBuf = strconv.AppendInt(lineBuf, int64(id), 10)
		lineBuf = append(lineBuf, `,"method":"tools/call","params":`...)
		lineBuf = append(lineBuf, params...)
		return append(lineBuf, "}\n"...)
	}
	b.ReportAllocs()
	b.ResetTimer()
	// The writer sends b.N requests, never more than window ahead of the
	// reader; both stop after b.N calls.
	credits := make(chan struct{}, window)
	for range window {
		credits <- struct{}{}
	}
	writeDone := make(chan struct{})
	// Owned by the benchmark: exits after sending b.N requests.
	go func() {
		defer close(writeDone)
		for i := range b.N {
			<-credits
			c.send(line(i + 1))
		}
	}()
	for range b.N {
		c.response()
		credits <- struct{}{}
	}
	<-writeDone
}

// BenchmarkSessionWindowOSPipes keeps 64 calls in flight through the
// session over OS pipes, the way scripts/benchdriver drives the binary (a
// sliding window; requests flushed when no response is buffered), so that
// bursts of input reach the session as they do over stdio. One op = one
// call. Profile the forwarding path with -cpuprofile.
func BenchmarkSessionWindowOSPipes(b *testing.B) {
	cfg := &schemas.Config{Expose: "all", Backends: []schemas.Backend{{ID: "echo", Type: schemas.TypeStdio, Command: echoBackend(b)}}}
	p := startPipeSession(b, New(Options{Config: cfg, Version: "bench"}))
	w, r := p.w, p.r
	var buf []byte
	request := func(id int, method, params string) {
		buf = append(buf[:0], `{"jsonrpc":"2.0","id":`...)
		buf = strconv.AppendInt(buf, int64(id), 10)
		buf = append(buf, `,"method":"`...)
		buf = append(buf, method...)
		buf = append(buf, `","params":`...)
		buf = append(buf, params...)
		buf = append(buf, "}\n"...)
		w.Write(buf)
	}
	const window = 64
	params := `{"name":"echo__echo","arguments":{"text":"hello"}}`
	b.ReportAllocs()
	b.ResetTimer()
	sent, recv := 0, 0
	for sent < window && sent < b.N {
		sent++
		request(sent, "tools/call", params)
	}
	w.Flush()
	for recv < b.N {
		if !bytes.Contains(p.response(), []byte(`"structuredContent"`)) {
			b.Fatal("unexpected response")
		}
		recv++
		if sent < b.N {
			sent++
			request(sent, "tools/call", params)
		}
		if r.Buffered() == 0 {
			w.Flush()
		}
	}
	b.StopTimer()
}

// pipeSession is a session of a gateway served over OS pipes, as the
// binary's stdio is, to an in-process client that writes through w and
// reads through r.
type pipeSession struct {
	tb testing.TB
	w  *bufio.Writer
	r  *bufio.Reader
}

// startPipeSession serves g to a new pipeSession, initializes it and waits
// until tools/list shows an echo backend's tool; the session and g stop
// when the test ends.
func startPipeSession(tb testing.TB, g *Gateway) *pipeSession {
	tb.Helper()
	inR, inW, err := os.Pipe() // client -> session
	if err != nil {
		tb.Fatal(err)
	}
	outR, outW, err := os.Pipe() // session -> client
	if err != nil {
		tb.Fatal(err)
	}
	sess := newSession(g, rpc.NewLineStream(inR, outW, outW, 0))
	done := make(chan struct{})
	// Owned by the test: ends when the client's input closes (cleanup).
	go func() {
		defer close(done)
		sess.run(context.Background())
		g.Stop()
	}()
	tb.Cleanup(func() {
		inW.Close()
		go io.Copy(io.Discard, outR) // owned by the test: ends when the session closes outW
		<-done
		outR.Close()
	})
	p := &pipeSession{tb: tb, w: bufio.NewWriterSize(inW, 1<<16), r: bufio.NewReaderSize(outR, 1<<16)}
	p.w.WriteString(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")
	p.w.WriteString(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	p.response()
	for deadline := time.Now().Add(30 * time.Second); ; {
		p.w.WriteString(`{"jsonrpc":"2.0","id":0,"method":"tools/list","params":{}}` + "\n")
		if bytes.Contains(p.response(), []byte(`__echo"`)) {
			return p
		}
		if time.Now().After(deadline) {
			tb.Fatal("backend not ready after 30s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// response returns the next response line (notifications and requests
// skipped), valid until the next read. Before a read that would wait it
// sends what w holds: a notification read before the response would
// otherwise leave requests unsent and a window waiting forever.
func (p *pipeSession) response() []byte {
	for {
		if pk, _ := p.r.Peek(p.r.Buffered()); bytes.IndexByte(pk, '\n') < 0 {
			p.w.Flush()
		}
		line, err := p.r.ReadSlice('\n')
		if err != nil {
			p.tb.Fatalf("reading the session: %v", err)
		}
		if bytes.Contains(line, []byte(`"id":`)) && !bytes.Contains(line, []byte(`"method":`)) {
			return line
		}
	}
}

// BenchmarkProgressToken is the IDE-side progress-token rewrite of a
// forwarded call's _meta.
func BenchmarkProgressToken(b *testing.B) {
	meta := json.RawMessage(`{"progressToken":"tok-1","other":{"x":1}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := rpc.Member(meta, "progressToken"); !ok {
			b.Fatal("no token")
		}
		if _, ok := rpc.SetMember(meta, "progressToken", rpc.IntID(42)); !ok {
			b.Fatal("not rewritten")
		}
	}
}

// BenchmarkToolCallParams builds the params forwarded to the backend.
func BenchmarkToolCallParams(b *testing.B) {
	args := json.RawMessage(`{"path":"/tmp/example.txt","head":10}`)
	meta := json.RawMessage(`{"progressToken":42}`)
	b.ReportAllocs()
	for b.Loop() {
		toolCallParams("read_file", args, meta)
	}
}

// BenchmarkValidateArgs validates arguments against a compiled input
// schema, as every backend tools/call does.
func BenchmarkValidateArgs(b *testing.B) {
	schema := json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"head":{"type":"number"},"tail":{"type":"number"}},"required":["path"],"additionalProperties":false}`)
	cat := planner.NewCatalog([]planner.Tool{{Backend: "fs", Name: "read_file", InputSchema: schema}})
	t, _ := cat.Lookup("fs__read_file")
	g := New(Options{})
	for _, tc := range []struct{ name, args string }{
		{"valid", `{"path":"/tmp/example.txt","head":10}`},
		{"invalid", `{"head":"ten"}`},
	} {
		b.Run(tc.name, func(b *testing.B) {
			args := json.RawMessage(tc.args)
			b.ReportAllocs()
			for b.Loop() {
				g.validateArgs(cat, t, args)
			}
		})
	}
}
