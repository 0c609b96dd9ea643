// Package backendstest provides in-memory MCP backends for tests: no
// process, no socket. A [Server] answers the gateway from a script whose
// replies are raw bytes, written exactly as the script spells them, so a
// test controls key order, whitespace, unknown fields and big integers and
// can check that they cross the gateway unchanged. Every line the gateway
// writes to the backend is recorded, byte for byte.
//
// Give the servers to the gateway (or to a [backends.Manager]) through the
// dial seam: gateway.Options.Dial or backends.Options.Dial, with
// [Servers.Dial]. Everything here works inside a testing/synctest bubble:
// connections are [net.Pipe] pairs and the only waits are channel
// operations and time.Sleep, so time in scripts is the bubble's fake time.
// Like net.Pipe, a connection is synchronous: a line written is delivered
// when the peer reads it (the gateway always does; a test reading the
// gateway's end itself must read while the server writes).
//
// # Scripts
//
// A script is a list of blocks. A block starts with a line "> METHOD" and
// holds the lines the server writes, in order, when it receives a message
// with that method (a request, or a notification such as
// notifications/cancelled):
//
//	> tools/call
//	{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":$TOKEN,"progress":1}}
//	{"jsonrpc":"2.0","id":$ID,"result":{"content":[],"z":1,"a":2}}
//
// In a line, $ID stands for the raw bytes of the received message's id (for
// a notification, its params.requestId) and $TOKEN for its
// params._meta.progressToken (null when it has none); nothing else is
// rewritten. Two directives may stand on their own lines in a block:
// "@sleep DURATION" pauses the server (it reads nothing meanwhile, like a
// busy single-threaded server) and "@close" closes the connection (the
// gateway sees the backend exit). Blank lines and lines starting with "#"
// outside blocks are ignored.
//
// A response the server receives (the answer to a request of its own, sent
// by a block or with [Server.Send]) plays the blocks of the pseudo-method
// "response", if the script has any; $ID is then the response's id.
//
// Blocks for one method are used in order, one per message; the last one is
// used again for every later message. A block with no lines leaves the
// request unanswered. Methods without a block get a default: initialize
// answers with every server capability (tools, prompts, resources with
// subscribe, completions, logging), the four list methods answer empty
// lists, ping and logging/setLevel answer {}, other requests get -32601,
// and notifications and responses get nothing.
package backendstest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

var (
	_ backends.DialFunc = (*Server)(nil).Dial
	_ backends.DialFunc = Servers(nil).Dial
)

// DefaultInitialize is the initialize result of a server whose script has
// no initialize block, as a whole response line.
const DefaultInitialize = `{"jsonrpc":"2.0","id":$ID,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{"listChanged":true},"prompts":{"listChanged":true},"resources":{"subscribe":true,"listChanged":true},"completions":{},"logging":{}},"serverInfo":{"name":"backendstest","version":"0"}}}`

// defaults are the replies to methods the script has no block for.
var defaults = map[string]string{
	"initialize":               DefaultInitialize,
	"ping":                     `{"jsonrpc":"2.0","id":$ID,"result":{}}`,
	"logging/setLevel":         `{"jsonrpc":"2.0","id":$ID,"result":{}}`,
	"tools/list":               `{"jsonrpc":"2.0","id":$ID,"result":{"tools":[]}}`,
	"prompts/list":             `{"jsonrpc":"2.0","id":$ID,"result":{"prompts":[]}}`,
	"resources/list":           `{"jsonrpc":"2.0","id":$ID,"result":{"resources":[]}}`,
	"resources/templates/list": `{"jsonrpc":"2.0","id":$ID,"result":{"resourceTemplates":[]}}`,
}

// methodNotFound answers a request the script has no block for.
const methodNotFound = `{"jsonrpc":"2.0","id":$ID,"error":{"code":-32601,"message":"method not found"}}`

// Script is a parsed script (see the package documentation). It is
// immutable; a [Server] keeps its own place in it.
type Script struct {
	blocks map[string][][]string
}

// ParseScript parses a script. It fails on lines outside a block and on
// malformed directives.
func ParseScript(text string) (*Script, error) {
	sc := &Script{blocks: map[string][][]string{}}
	var method string
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if m, ok := strings.CutPrefix(line, "> "); ok {
			method = strings.TrimSpace(m)
			if method == "" {
				return nil, fmt.Errorf("line %d: block without a method", i+1)
			}
			sc.blocks[method] = append(sc.blocks[method], []string{})
			continue
		}
		if method == "" {
			if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
				continue
			}
			return nil, fmt.Errorf("line %d: outside a block (start one with \"> METHOD\")", i+1)
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		if d, ok := strings.CutPrefix(line, "@sleep "); ok {
			if _, err := time.ParseDuration(strings.TrimSpace(d)); err != nil {
				return nil, fmt.Errorf("line %d: %v", i+1, err)
			}
		} else if strings.HasPrefix(line, "@") && line != "@close" {
			return nil, fmt.Errorf("line %d: unknown directive %q", i+1, line)
		}
		bs := sc.blocks[method]
		bs[len(bs)-1] = append(bs[len(bs)-1], line)
	}
	return sc, nil
}

// Server is one scripted backend. Every dial opens a new connection, as a
// restart starts a new process; the place in the script and the record of
// received lines are the server's, across connections. Its methods are
// safe for concurrent use.
type Server struct {
	script *Script

	mu       sync.Mutex
	used     map[string]int // guarded by mu; blocks used per method
	conns    []*conn        // guarded by mu; open connections, newest last
	received []string       // guarded by mu; every line received, in order
	dials    int            // guarded by mu
	closed   bool           // guarded by mu

	serving sync.WaitGroup // the connections' serve goroutines
}

// New returns a server running script (see the package documentation).
func New(script string) (*Server, error) {
	sc, err := ParseScript(script)
	if err != nil {
		return nil, err
	}
	return &Server{script: sc, used: map[string]int{}}, nil
}

// conn is the server's end of one connection.
type conn struct {
	c   net.Conn
	wmu sync.Mutex // one line at a time: the script and Send both write
}

func (c *conn) writeLine(line []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.c.Write(append(line, '\n'))
	return err
}

// Dial is a [backends.DialFunc] for this server alone (any cfg).
func (s *Server) Dial(ctx context.Context, _ schemas.Backend) (io.ReadWriteCloser, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	gw, sv := net.Pipe()
	c := &conn{c: sv}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errors.New("backendstest: server closed")
	}
	s.dials++
	s.conns = append(s.conns, c)
	s.serving.Add(1)
	s.mu.Unlock()
	// Owned by the connection: ends when either end closes it; Close
	// waits for it.
	go func() {
		defer s.serving.Done()
		s.serve(c)
	}()
	return gw, nil
}

// serve reads the gateway's lines and plays the script's blocks.
func (s *Server) serve(c *conn) {
	defer func() {
		c.c.Close()
		s.mu.Lock()
		for i, x := range s.conns {
			if x == c {
				s.conns = append(s.conns[:i:i], s.conns[i+1:]...)
				break
			}
		}
		s.mu.Unlock()
	}()
	r := bufio.NewReader(c.c)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			line = bytes.TrimRight(line, "\r\n")
			s.mu.Lock()
			s.received = append(s.received, string(line))
			s.mu.Unlock()
			if !s.play(c, line) {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// message is what the server reads of a received line.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		Meta struct {
			ProgressToken json.RawMessage `json:"progressToken"`
		} `json:"_meta"`
		RequestID json.RawMessage `json:"requestId"`
	} `json:"params"`
}

// play runs the block for one received line; it reports false when the
// connection is done (closed by the script, or a write failed).
func (s *Server) play(c *conn, line []byte) bool {
	var m message
	if json.Unmarshal(line, &m) != nil {
		return true // not JSON: recorded only
	}
	if m.Method == "" {
		if len(s.script.blocks["response"]) == 0 {
			return true // a response to the backend's own request: recorded only
		}
		m.Method = "response"
	}
	id := m.ID
	if id == nil {
		id = m.Params.RequestID
	}
	token := m.Params.Meta.ProgressToken
	if token == nil {
		token = json.RawMessage("null")
	}
	for _, l := range s.block(m.Method, m.ID != nil && m.Method != "response") {
		switch {
		case l == "@close":
			return false
		case strings.HasPrefix(l, "@sleep "):
			d, _ := time.ParseDuration(strings.TrimSpace(strings.TrimPrefix(l, "@sleep ")))
			time.Sleep(d)
		default:
			out := strings.ReplaceAll(l, "$ID", string(id))
			out = strings.ReplaceAll(out, "$TOKEN", string(token))
			if c.writeLine([]byte(out)) != nil {
				return false
			}
		}
	}
	return true
}

// block returns the lines to play for method, taking the next block.
func (s *Server) block(method string, request bool) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	bs := s.script.blocks[method]
	if len(bs) == 0 {
		if d, ok := defaults[method]; ok && request {
			return []string{d}
		}
		if request {
			return []string{methodNotFound}
		}
		return nil
	}
	i := min(s.used[method], len(bs)-1)
	s.used[method]++
	return bs[i]
}

// Send writes line (a whole message, without its newline) on the newest
// open connection, exactly as given: a notification or a request of the
// backend's own, at a moment the test chooses.
func (s *Server) Send(line string) error {
	s.mu.Lock()
	var c *conn
	if n := len(s.conns); n > 0 {
		c = s.conns[n-1]
	}
	s.mu.Unlock()
	if c == nil {
		return errors.New("backendstest: no open connection")
	}
	return c.writeLine([]byte(line))
}

// Received returns every line the server has read, across connections,
// in order, without newlines.
func (s *Server) Received() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.received...)
}

// Dials counts the connections opened so far.
func (s *Server) Dials() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dials
}

// Close closes every open connection (the gateway sees the backend exit),
// refuses later dials, and returns when every connection's goroutine has
// ended: what a connection read before it closed is then in Received.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	conns := append([]*conn(nil), s.conns...)
	s.mu.Unlock()
	for _, c := range conns {
		c.c.Close()
	}
	s.serving.Wait()
	return nil
}

// Servers are in-memory backends by backend id.
type Servers map[string]*Server

// Dial is a [backends.DialFunc] connecting each backend to the server of
// its id; a backend without one fails to start.
func (ss Servers) Dial(ctx context.Context, cfg schemas.Backend) (io.ReadWriteCloser, error) {
	s, ok := ss[cfg.ID]
	if !ok {
		return nil, fmt.Errorf("backendstest: no in-memory server for backend %q", cfg.ID)
	}
	return s.Dial(ctx, cfg)
}
