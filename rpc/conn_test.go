package rpc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// pair is a client and a server Conn joined by two in-memory pipes.
type pair struct {
	client, server *Conn
	clientRun      chan error // Run's result
	serverRun      chan error
}

// newPair connects two Conns in-process. serverHandler gets the server
// Conn so it can reply. Cleanup closes both and waits for both read loops.
func newPair(t testing.TB, copts ConnOptions, sopts ConnOptions, serverHandler func(srv *Conn, m *Message)) *pair {
	t.Helper()
	return newPairWrap(t, copts, sopts, serverHandler, nil)
}

// newPairWrap is newPair with the client's stream wrapped by wrap, if not nil.
func newPairWrap(t testing.TB, copts ConnOptions, sopts ConnOptions, serverHandler func(srv *Conn, m *Message), wrap func(Stream) Stream) *pair {
	t.Helper()
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()
	p := &pair{clientRun: make(chan error, 1), serverRun: make(chan error, 1)}
	if serverHandler != nil {
		sopts.Handler = func(m *Message) { serverHandler(p.server, m) }
	}
	cs := NewLineStream(s2cR, c2sW, c2sW, 0)
	if wrap != nil {
		cs = wrap(cs)
	}
	p.client = NewConn(cs, copts)
	p.server = NewConn(NewLineStream(c2sR, s2cW, s2cW, 0), sopts)
	// Both read loops are owned by the test; Cleanup waits for them.
	go func() { p.clientRun <- p.client.Run() }()
	go func() { p.serverRun <- p.server.Run() }()
	t.Cleanup(func() {
		p.client.Close()
		p.server.Close()
		<-p.client.Done()
		<-p.server.Done()
	})
	return p
}

func echoHandler(srv *Conn, m *Message) {
	if m.ID == nil {
		return
	}
	switch m.Method {
	case "echo":
		srv.Reply(m.ID, m.Params)
	case "fail":
		srv.ReplyError(m.ID, Errorf(CodeInvalidParams, "bad params").WithData(map[string]string{"path": "/x"}))
	default:
		srv.ReplyError(m.ID, Errorf(CodeMethodNotFound, "no %s", m.Method))
	}
}

func TestConnCallRoundTrip(t *testing.T) {
	p := newPair(t, ConnOptions{}, ConnOptions{}, echoHandler)
	ctx := context.Background()
	params := json.RawMessage(`{"big":9007199254740993,"s":"héllo\u2028","nested":{"_meta":{"x":[1,null]}},"zero":0}`)
	res, err := p.client.Call(ctx, "echo", params)
	if err != nil {
		t.Fatal(err)
	}
	if string(res) != string(params) {
		t.Errorf("result = %s, want %s (byte for byte)", res, params)
	}
	_, err = p.client.Call(ctx, "fail", nil)
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeInvalidParams || string(e.Data) != `{"path":"/x"}` {
		t.Errorf("err = %#v, want -32602 with data", err)
	}
	// The server's nil-params request still reaches the handler, the server
	// can call the client too (nil Handler answers -32601).
	_, err = p.server.Call(ctx, "anything", nil)
	if !errors.As(err, &e) || e.Code != CodeMethodNotFound {
		t.Errorf("call toward a Conn without handler: %v, want -32601", err)
	}
}

func TestConnConcurrentCalls(t *testing.T) {
	// The server answers out of order: each reply from its own goroutine.
	var replies sync.WaitGroup
	p := newPair(t, ConnOptions{}, ConnOptions{}, func(srv *Conn, m *Message) {
		replies.Add(1)
		// Reply goroutine: owned by the test, waited for below.
		go func() { defer replies.Done(); srv.Reply(m.ID, m.Params) }()
	})
	const workers, perWorker = 10, 100
	var wg sync.WaitGroup
	errs := make(chan error, workers*perWorker)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWorker {
				params := json.RawMessage(fmt.Sprintf(`{"w":%d,"i":%d}`, w, i))
				res, err := p.client.Call(context.Background(), "echo", params)
				if err != nil {
					errs <- err
				} else if string(res) != string(params) {
					errs <- fmt.Errorf("call %s got %s", params, res)
				}
			}
		}()
	}
	// All 1,000 in flight at once from the client's view: Go without waiting.
	var mu sync.Mutex
	got := map[string]string{}
	var inflight sync.WaitGroup
	for i := range 1000 {
		inflight.Add(1)
		params := json.RawMessage(fmt.Sprintf(`{"async":%d}`, i))
		if _, err := p.client.Go("echo", params, func(m *Message) {
			mu.Lock()
			got[string(params)] = string(m.Result)
			mu.Unlock()
			inflight.Done()
		}); err != nil {
			t.Fatal(err)
		}
	}
	wg.Wait()
	inflight.Wait()
	replies.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for k, v := range got {
		if k != v {
			t.Errorf("request %s matched response %s", k, v)
		}
	}
	if len(got) != 1000 {
		t.Errorf("%d async responses, want 1000", len(got))
	}
}

func TestConnHandlerOrder(t *testing.T) {
	const n = 500
	seen := make(chan string, 2*n)
	p := newPair(t, ConnOptions{}, ConnOptions{}, func(srv *Conn, m *Message) {
		seen <- m.Method
		if m.ID != nil {
			srv.Reply(m.ID, nil)
		}
	})
	var want []string
	for i := range n {
		if i%3 == 0 {
			if _, err := p.client.Go(fmt.Sprint("req", i), nil, func(*Message) {}); err != nil {
				t.Fatal(err)
			}
		} else {
			if err := p.client.Notify(fmt.Sprint("req", i), json.RawMessage(`{}`)); err != nil {
				t.Fatal(err)
			}
		}
		want = append(want, fmt.Sprint("req", i))
	}
	for i := range n {
		if got := <-seen; got != want[i] {
			t.Fatalf("message %d: handler saw %q, want %q", i, got, want[i])
		}
	}
}

// rawPeer is a Conn whose peer is the test itself, writing and reading
// raw lines.
type rawPeer struct {
	conn *Conn
	in   *io.PipeWriter // the test writes the Conn's input here
	out  *bufio.Reader  // the Conn's output
	outR *io.PipeReader
	run  chan error
}

func newRawPeer(t *testing.T, limit int, opts ConnOptions) *rawPeer {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &rawPeer{in: inW, out: bufio.NewReader(outR), outR: outR, run: make(chan error, 1)}
	r.conn = NewConn(NewLineStream(inR, outW, outW, limit), opts)
	// The read loop is owned by the test; Cleanup waits for it.
	go func() { r.run <- r.conn.Run() }()
	t.Cleanup(func() {
		r.in.Close()
		drained := make(chan struct{})
		// Drain goroutine: ends when the Conn closes its output.
		go func() { io.Copy(io.Discard, outR); close(drained) }()
		r.conn.Close()
		<-r.conn.Done()
		<-drained
	})
	return r
}

func (r *rawPeer) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(r.in, line); err != nil {
		t.Fatal(err)
	}
}

func (r *rawPeer) recv(t *testing.T) *Message {
	t.Helper()
	line, err := r.out.ReadBytes('\n')
	if err != nil {
		t.Fatalf("read reply: %v", err)
	}
	m, err := Decode(line)
	if err != nil {
		t.Fatalf("reply %s is not JSON-RPC: %v", line, err)
	}
	return m
}

func TestConnReplyErrors(t *testing.T) {
	var bad atomic.Int32
	r := newRawPeer(t, 1024, ConnOptions{ReplyErrors: true, OnBadInput: func([]byte, error) { bad.Add(1) }})
	long := strings.Repeat("x", 2000)
	tests := []struct {
		name, line string
		id         string
		code       int64
	}{
		{"garbage", "this is not json\n", "null", CodeParseError},
		{"truncated JSON", `{"jsonrpc":"2.0","id":3,` + "\n", "null", CodeParseError},
		{"missing jsonrpc", `{"id":5,"method":"m"}` + "\n", "5", CodeInvalidRequest},
		{"wrong version with string id", `{"jsonrpc":"1.0","id":"s","method":"m"}` + "\n", `"s"`, CodeInvalidRequest},
		{"id as object", `{"jsonrpc":"2.0","id":{},"method":"m"}` + "\n", "null", CodeInvalidRequest},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"m"}]` + "\n", "null", CodeInvalidRequest},
		{"over-long line", `{"jsonrpc":"2.0","id":77,"method":"m","params":"` + long + "\"}\n", "77", CodeParseError},
		{"over-long garbage", long + "\n", "null", CodeParseError},
		{"unknown method, nil handler", `{"jsonrpc":"2.0","id":-9007199254740993,"method":"nope"}` + "\n", "-9007199254740993", CodeMethodNotFound},
	}
	for _, tt := range tests {
		r.send(t, tt.line)
		m := r.recv(t)
		if string(m.ID) != tt.id || m.Error == nil || m.Error.Code != tt.code {
			t.Errorf("%s: reply %s, want id %s code %d", tt.name, m.AppendJSON(nil), tt.id, tt.code)
		}
	}
	// Notifications to a nil handler are ignored; the session goes on.
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	r.send(t, `{"jsonrpc":"2.0","id":"last","method":"ping"}`+"\n")
	if m := r.recv(t); string(m.ID) != `"last"` || m.Error.Code != CodeMethodNotFound {
		t.Errorf("after errors: %s", m.AppendJSON(nil))
	}
	if got := bad.Load(); got != 8 {
		t.Errorf("OnBadInput called %d times, want 8", got)
	}
}

func TestConnBadInputSilent(t *testing.T) {
	type bad struct {
		line string
		err  error
	}
	bads := make(chan bad, 10)
	seen := make(chan string, 10)
	r := newRawPeer(t, 1024, ConnOptions{
		OnBadInput: func(line []byte, err error) { bads <- bad{string(line), err} },
		Handler:    func(m *Message) { seen <- m.Method },
	})
	long := `{"jsonrpc":"2.0","id":1,"result":"` + strings.Repeat("x", 2000) + "\"}\n"
	r.send(t, "stray log line from a backend\n")
	r.send(t, `{"id":5,"method":"m"}`+"\n")
	r.send(t, long)
	r.send(t, `{"jsonrpc":"2.0","method":"after"}`+"\n")
	if m := <-seen; m != "after" {
		t.Errorf("handler saw %q", m)
	}
	b1, b2, b3 := <-bads, <-bads, <-bads
	var de *DecodeError
	var tl *TooLongError
	if b1.line != "stray log line from a backend" || !errors.As(b1.err, &de) || de.Code != CodeParseError {
		t.Errorf("first bad input: %q %v", b1.line, b1.err)
	}
	if !errors.As(b2.err, &de) || de.Code != CodeInvalidRequest {
		t.Errorf("second bad input: %v", b2.err)
	}
	if !errors.As(b3.err, &tl) || len(b3.line) > 512 {
		t.Errorf("third bad input: %d bytes, %v", len(b3.line), b3.err)
	}
	// Nothing was written: close and read the whole output.
	r.in.Close()
	<-r.conn.Done()
	r.conn.Close()
	if rest, _ := io.ReadAll(r.out); len(rest) != 0 {
		t.Errorf("Conn without ReplyErrors wrote %q", rest)
	}
}

func TestConnPendingFailedOnPeerClose(t *testing.T) {
	got := make(chan *Message, 1)
	p := newPair(t, ConnOptions{}, ConnOptions{}, func(srv *Conn, m *Message) { got <- m })
	done := make(chan error, 1)
	go func() {
		_, err := p.client.Call(context.Background(), "slow", nil)
		done <- err
	}()
	<-got // the server has the request and never answers
	p.server.Close()
	err := <-done
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeBackendFailed {
		t.Fatalf("err = %v, want code %d", err, CodeBackendFailed)
	}
	if runErr := <-p.clientRun; runErr != io.EOF {
		t.Errorf("Run = %v, want io.EOF", runErr)
	}
	// New requests fail at once with the same error.
	if _, err := p.client.Go("x", nil, func(*Message) { t.Error("callback of a failed Go") }); !errors.As(err, &e) || e.Code != CodeBackendFailed {
		t.Errorf("Go after close: %v", err)
	}
	if _, err := p.client.Call(context.Background(), "x", nil); err == nil {
		t.Errorf("Call after close succeeded")
	}
}

func TestConnCloseError(t *testing.T) {
	for _, tt := range []struct {
		name string
		hook func(error) *Error
		code int64
		msg  string
	}{
		{"custom", func(err error) *Error { return Errorf(CodeNotReady, "backend exited: %v", err) }, CodeNotReady, "backend exited: EOF"},
		{"nil means default", func(error) *Error { return nil }, CodeBackendFailed, "connection closed"},
		{"code 0 is never delivered", func(error) *Error { return &Error{Message: "zero"} }, CodeInternalError, "zero"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := make(chan struct{}, 1)
			p := newPair(t, ConnOptions{CloseError: tt.hook}, ConnOptions{}, func(*Conn, *Message) { got <- struct{}{} })
			done := make(chan error, 1)
			go func() { _, err := p.client.Call(context.Background(), "slow", nil); done <- err }()
			<-got
			p.server.Close()
			var e *Error
			if err := <-done; !errors.As(err, &e) || e.Code != tt.code || e.Message != tt.msg {
				t.Errorf("err = %v, want {%d %q}", err, tt.code, tt.msg)
			}
		})
	}
}

func TestConnFail(t *testing.T) {
	got := make(chan struct{}, 2)
	p := newPair(t, ConnOptions{}, ConnOptions{}, func(*Conn, *Message) { got <- struct{}{} })
	results := make(chan *Message, 2)
	for range 2 {
		if _, err := p.client.Go("slow", nil, func(m *Message) { results <- m }); err != nil {
			t.Fatal(err)
		}
	}
	<-got
	<-got
	p.client.Fail(nil) // nil must not deliver a response without error
	for range 2 {
		m := <-results
		if m.Error == nil || m.Error.Code != CodeBackendFailed {
			t.Errorf("failed request got %s", m.AppendJSON(nil))
		}
	}
	p.client.Fail(Errorf(CodeNotReady, "later")) // the first failure sticks
	if _, err := p.client.Go("x", nil, nil); err == nil || AsError(err).Code != CodeBackendFailed {
		t.Errorf("Go after Fail: %v", err)
	}
}

func TestConnCallCancel(t *testing.T) {
	reqs := make(chan *Message, 4)
	late := make(chan *Message, 1)
	p := newPair(t, ConnOptions{OnUnknownResponse: func(m *Message) { late <- m }}, ConnOptions{},
		func(srv *Conn, m *Message) { reqs <- m })
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := p.client.Call(ctx, "slow", nil); done <- err }()
	req := <-reqs
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("Call = %v, want context.Canceled", err)
	}
	n := <-reqs
	if n.Method != "notifications/cancelled" || n.ID != nil {
		t.Fatalf("server got %s, want notifications/cancelled", n.AppendJSON(nil))
	}
	var cp struct {
		RequestID json.RawMessage `json:"requestId"`
		Reason    string          `json:"reason"`
	}
	if err := json.Unmarshal(n.Params, &cp); err != nil || string(cp.RequestID) != string(req.ID) || cp.Reason == "" {
		t.Errorf("cancel params %s, want requestId %s and a reason", n.Params, req.ID)
	}
	// The late response is dropped and reported.
	p.server.Reply(req.ID, json.RawMessage(`{"late":true}`))
	if m := <-late; string(m.ID) != string(req.ID) || string(m.Result) != `{"late":true}` {
		t.Errorf("OnUnknownResponse got %s", m.AppendJSON(nil))
	}
	// Already cancelled ctx: no request is left pending.
	if _, err := p.client.Call(ctx, "slow", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Call with cancelled ctx = %v", err)
	}
}

func TestConnForget(t *testing.T) {
	reqs := make(chan *Message, 1)
	late := make(chan *Message, 1)
	p := newPair(t, ConnOptions{OnUnknownResponse: func(m *Message) { late <- m }}, ConnOptions{},
		func(srv *Conn, m *Message) { reqs <- m })
	id, err := p.client.Go("m", nil, func(m *Message) { t.Errorf("forgotten callback ran: %s", m.AppendJSON(nil)) })
	if err != nil {
		t.Fatal(err)
	}
	req := <-reqs
	if n, ok := ParseIntID(req.ID); !ok || n != id {
		t.Fatalf("server saw id %s, Go returned %d", req.ID, id)
	}
	if !p.client.Forget(id) {
		t.Errorf("Forget = false for a pending request")
	}
	if p.client.Forget(id) {
		t.Errorf("second Forget = true")
	}
	p.server.Reply(req.ID, nil)
	if m := <-late; string(m.ID) != string(req.ID) {
		t.Errorf("late response %s", m.AppendJSON(nil))
	}
	// Peers may echo numeric ids as strings; unknown ids go to the hook.
	p.server.Reply(json.RawMessage(`"nope"`), nil)
	if m := <-late; string(m.ID) != `"nope"` {
		t.Errorf("unknown response %s", m.AppendJSON(nil))
	}
}

func TestConnStringEchoedID(t *testing.T) {
	r := newRawPeer(t, 0, ConnOptions{})
	res := make(chan *Message, 1)
	id, err := r.conn.Go("m", json.RawMessage(`{"a":1}`), func(m *Message) { res <- m })
	if err != nil {
		t.Fatal(err)
	}
	req := r.recv(t)
	if want := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"m","params":{"a":1}}`, id); string(req.AppendJSON(nil)) != want {
		t.Errorf("wire %s, want %s", req.AppendJSON(nil), want)
	}
	r.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":"%d","result":{"ok":1}}`+"\n", id))
	if m := <-res; string(m.Result) != `{"ok":1}` {
		t.Errorf("result %s", m.Result)
	}
}

func TestConnTooLongResponseFailsRequest(t *testing.T) {
	r := newRawPeer(t, 1024, ConnOptions{OnBadInput: func([]byte, error) {}})
	res := make(chan *Message, 1)
	id, err := r.conn.Go("m", nil, func(m *Message) { res <- m })
	if err != nil {
		t.Fatal(err)
	}
	r.recv(t)
	r.send(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":"%s"}`+"\n", id, strings.Repeat("x", 4096)))
	m := <-res
	if m.Error == nil || m.Error.Code != CodeBackendFailed || !strings.Contains(m.Error.Message, "exceeds") {
		t.Errorf("got %s", m.AppendJSON(nil))
	}
}

func TestConnHooks(t *testing.T) {
	var reads, writes atomic.Int64
	p := newPair(t, ConnOptions{
		OnRead:  func(m *Message, n int) { reads.Add(int64(n)) },
		OnWrite: func(m *Message, n int) { writes.Add(int64(n)) },
	}, ConnOptions{}, echoHandler)
	if _, err := p.client.Call(context.Background(), "echo", json.RawMessage(`{"x":1}`)); err != nil {
		t.Fatal(err)
	}
	req := `{"jsonrpc":"2.0","id":1,"method":"echo","params":{"x":1}}`
	resp := `{"jsonrpc":"2.0","id":1,"result":{"x":1}}`
	if writes.Load() != int64(len(req)) || reads.Load() != int64(len(resp)) {
		t.Errorf("OnWrite %d bytes, OnRead %d bytes; want %d, %d", writes.Load(), reads.Load(), len(req), len(resp))
	}
}

// blockingWriter never returns from Write until unblocked.
type blockingWriter struct {
	entered chan struct{}
	once    sync.Once
	release chan struct{}
}

func (w *blockingWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.entered) })
	<-w.release
	return 0, io.ErrClosedPipe
}

func (w *blockingWriter) Close() error { close(w.release); return nil }

func TestConnBackpressure(t *testing.T) {
	inR, inW := io.Pipe()
	w := &blockingWriter{entered: make(chan struct{}), release: make(chan struct{})}
	var dropLog atomic.Int32
	overflowed := make(chan error, 1)
	c := NewConn(NewLineStream(inR, w, w, 0), ConnOptions{
		MaxQueueBytes:      4096,
		FullTimeout:        200 * time.Millisecond,
		OnDropNotification: func(*Message) { dropLog.Add(1) },
		OnOverflow:         func(err error) { overflowed <- err },
	})
	// The read loop is owned by the test and ends when the overflow closes
	// the stream or inW closes.
	go c.Run()
	msg := json.RawMessage(`{"pad":"` + strings.Repeat("p", 1000) + `"}`)
	if err := c.Notify("first", msg); err != nil {
		t.Fatal(err)
	}
	<-w.entered // the writer is stuck in the peer's Write
	var sent int
	var err error
	for sent = 0; sent < 100; sent++ {
		if err = c.Notify("n", msg); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrBackpressure) {
		t.Fatalf("after %d sends: err = %v, want ErrBackpressure", sent, err)
	}
	if sent < 2 || sent > 4 {
		t.Errorf("%d messages of ~1 KB queued under a 4 KB limit", sent)
	}
	c.Notify("n", msg)
	if c.Dropped() != 2 || dropLog.Load() != 2 {
		t.Errorf("Dropped = %d, OnDropNotification called %d times; want 2, 2", c.Dropped(), dropLog.Load())
	}
	// A request is not dropped: it waits, then the connection is closed
	// with a reason and the request fails like every pending one.
	failed := make(chan *Message, 1)
	id, err := c.Go("req", msg, func(m *Message) { failed <- m })
	if err != nil && !errors.Is(err, ErrBackpressure) {
		t.Fatalf("Go: %v", err)
	}
	if err == nil {
		if m := <-failed; m.Error == nil || string(m.ID) != fmt.Sprint(id) {
			t.Errorf("request failed with %s", m.AppendJSON(nil))
		}
	}
	if oerr := <-overflowed; !errors.Is(oerr, ErrBackpressure) {
		t.Errorf("OnOverflow(%v), want ErrBackpressure", oerr)
	}
	if err := c.Reply(json.RawMessage("1"), nil); !errors.Is(err, ErrBackpressure) {
		t.Errorf("Reply after overflow: %v, want ErrBackpressure", err)
	}
	inW.Close()
	c.Close()
	<-c.Done()
}

// stallReader is a peer that stops reading until released.
type stallReader struct {
	r       io.Reader
	release chan struct{}
}

func (s *stallReader) Read(p []byte) (int, error) {
	<-s.release
	return s.r.Read(p)
}

// A peer that stops reading loses no response: senders wait (here, the
// goroutine standing in for a backend's read loop), the queue stays within
// its bound, and everything arrives once the peer reads again.
func TestConnSlowPeerLosesNoResponse(t *testing.T) {
	outR, outW := io.Pipe()
	inR, inW := io.Pipe()
	const limit = 64 << 10
	c := NewConn(NewLineStream(inR, outW, outW, 0), ConnOptions{MaxQueueBytes: limit, FullTimeout: -1})
	runDone := make(chan error, 1)
	go func() { runDone <- c.Run() }()
	peer := &stallReader{r: outR, release: make(chan struct{})}
	const n = 2000
	result := json.RawMessage(`{"content":[{"type":"text","text":"` + strings.Repeat("r", 500) + `"}]}`)
	sendErr := make(chan error, 1)
	// The sender goroutine ends when all n replies are queued.
	go func() {
		for i := range n {
			if err := c.Reply(IntID(int64(i)), result); err != nil {
				sendErr <- err
				return
			}
		}
		sendErr <- nil
	}()
	// While the peer does not read, the backlog stays bounded and the
	// sender is held back (n replies are ~1 MB, far over the bound).
	deadline := time.Now().Add(5 * time.Second)
	var maxQueued int
	for time.Now().Before(deadline) {
		c.wmu.Lock()
		q, waiting := c.queued, c.waiters
		c.wmu.Unlock()
		maxQueued = max(maxQueued, q)
		if waiting > 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case err := <-sendErr:
		t.Fatalf("sender finished while the peer did not read: %v", err)
	default:
	}
	close(peer.release)
	sc := bufio.NewScanner(peer)
	sc.Buffer(nil, 1<<20)
	for i := range n {
		if !sc.Scan() {
			t.Fatalf("response %d missing: %v", i, sc.Err())
		}
		m, err := Decode(sc.Bytes())
		if err != nil || string(m.ID) != fmt.Sprint(i) {
			t.Fatalf("response %d: %q (%v)", i, sc.Bytes(), err)
		}
		c.wmu.Lock()
		maxQueued = max(maxQueued, c.queued)
		c.wmu.Unlock()
	}
	if err := <-sendErr; err != nil {
		t.Fatal(err)
	}
	if maxQueued > limit+len(result)+64 {
		t.Errorf("queue reached %d bytes, bound %d", maxQueued, limit)
	}
	if c.Dropped() != 0 {
		t.Errorf("Dropped = %d", c.Dropped())
	}
	inW.Close()
	go io.Copy(io.Discard, outR) // drains until Close closes outW
	c.Close()
	<-runDone
}

func TestConnCloseDrainsAndIsIdempotent(t *testing.T) {
	const n = 1000
	seen := make(chan string, n)
	p := newPair(t, ConnOptions{}, ConnOptions{}, func(srv *Conn, m *Message) { seen <- m.Method })
	for i := range n {
		if err := p.client.Notify(fmt.Sprint(i), json.RawMessage(`{"x":"`+strings.Repeat("y", 100)+`"}`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.client.Close(); err != nil {
		t.Fatal(err)
	}
	if err := p.client.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := <-p.serverRun; err != io.EOF {
		t.Errorf("server Run = %v, want io.EOF", err)
	}
	close(seen)
	i := 0
	for m := range seen {
		if m != fmt.Sprint(i) {
			t.Fatalf("message %d is %q", i, m)
		}
		i++
	}
	if i != n {
		t.Errorf("server got %d of %d messages queued before Close", i, n)
	}
	if err := p.client.Notify("late", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("Notify after Close = %v, want ErrClosed", err)
	}
	if _, err := p.client.Go("late", nil, func(*Message) { t.Error("callback ran") }); !errors.Is(err, ErrClosed) {
		t.Errorf("Go after Close = %v, want ErrClosed", err)
	}
}
