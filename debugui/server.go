// Package debugui serves the gateway's debug dashboard: a read-only REST and
// WebSocket API over [telemetry.Hub] and a [Source] of gateway state, a
// console that runs tasks through a [Runner], and one embedded page.
//
// The server binds 127.0.0.1 only. Because any web page the developer opens
// can make the browser send requests to a loopback port, every request must
// carry a loopback Host header with the server's port (defeating DNS
// rebinding), WebSocket upgrades and POSTs must come from the dashboard's own
// origin, and an optional token can be required on top. No CORS headers are
// ever sent.
package debugui

import (
	"context"
	"crypto/subtle"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// Source gives the dashboard read-only views of the gateway. Each method is
// called once per request, concurrently with the gateway's own work, and
// must return a value encoding/json can marshal, built fresh or immutable
// (the dashboard never modifies it). The page understands [StatusView],
// [BackendView] and [ToolView] (or anything encoding to the same JSON);
// Config is shown as a JSON tree after masking.
type Source interface {
	Status() any   // gateway status, e.g. StatusView
	Backends() any // []BackendView
	Tools() any    // []ToolView
	Config() any   // the effective configuration
}

// Runner runs one task through the real pipeline for the console: plan it
// and, unless dryRun, execute it. The result is shown as JSON. ctx ends when
// the browser gives up or the server closes. A nil Runner disables the
// console (POST /api/run answers 501).
type Runner interface {
	RunTask(ctx context.Context, query string, dryRun bool) (any, error)
}

// Options configures [Start].
type Options struct {
	// Addr is host:port to listen on. The host must be a loopback address
	// or "localhost" (the server binds 127.0.0.1 whatever loopback name is
	// given); "" means 127.0.0.1:0, and port 0 picks a free port.
	Addr string
	// Token, when set, is required on every API and WebSocket request as
	// "Authorization: Bearer <token>" or "?token=<token>". The page itself
	// is served without it and passes on the token from its own URL.
	Token string
	// Hub is the telemetry to show; nil shows empty logs, traces and
	// metrics. Its Redactor masks every JSON response.
	Hub *telemetry.Hub
	// Source gives gateway state; nil answers empty values.
	Source Source
	// Runner runs console tasks; nil disables the console.
	Runner Runner
	// Integrity shows tool integrity states and approves; nil shows none.
	Integrity Integrity
	// Logger receives the server's own errors; the zero Logger discards.
	Logger zerolog.Logger
	// Version is shown on the page.
	Version string
}

// Server is a running dashboard. Close stops it.
type Server struct {
	opts      Options
	hub       *telemetry.Hub
	ln        net.Listener
	srv       *http.Server
	port      string
	startedAt time.Time

	ctx    context.Context // canceled by Close; parent of every request
	cancel context.CancelFunc
	wg     sync.WaitGroup // the serve goroutine and the ctx watcher
	once   sync.Once

	// WebSocket handlers run on hijacked connections, which http.Server's
	// Shutdown does not wait for. They join ws under wsMu, and only while
	// the server is not closed, so that Close's Wait never races an Add.
	wsMu     sync.Mutex
	wsClosed bool // guarded by wsMu
	ws       sync.WaitGroup
	closeErr error // set inside once
}

//go:embed web
var webFS embed.FS

// ErrNotLoopback is returned by [Start] for an Addr whose host is not a
// loopback name.
var ErrNotLoopback = errors.New("debugui: address is not loopback")

// Start listens on opts.Addr and serves the dashboard until ctx ends or
// Close is called.
func Start(ctx context.Context, opts Options) (*Server, error) {
	addr, err := loopbackAddr(opts.Addr)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp4", addr)
	if err != nil {
		return nil, fmt.Errorf("debugui: listen %s: %w", addr, err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	s := &Server{opts: opts, hub: opts.Hub, ln: ln, port: port, startedAt: time.Now()}
	if s.hub == nil {
		s.hub = telemetry.NewHub(nil)
	}
	s.ctx, s.cancel = context.WithCancel(context.WithoutCancel(ctx))
	s.srv = &http.Server{
		Handler:           s.handler(),
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return s.ctx },
	}
	s.wg.Add(2)
	go func() { // serves until Close; owned by s
		defer s.wg.Done()
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.opts.Logger.Error().Err(err).Msg("debugui: serve")
		}
	}()
	go func() { // ties the server to ctx; exits on Close
		defer s.wg.Done()
		select {
		case <-ctx.Done():
			s.shutdown()
		case <-s.ctx.Done():
		}
	}()
	return s, nil
}

// loopbackAddr validates addr and returns the 127.0.0.1 address to bind.
func loopbackAddr(addr string) (string, error) {
	if addr == "" {
		return "127.0.0.1:0", nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		// A bare port ("8090" or ":8090").
		if _, perr := strconv.Atoi(strings.TrimPrefix(addr, ":")); perr == nil {
			return "127.0.0.1:" + strings.TrimPrefix(addr, ":"), nil
		}
		return "", fmt.Errorf("debugui: address %q: %w", addr, err)
	}
	if host != "" && !isLoopbackHost(host) {
		return "", fmt.Errorf("%w: %q (the dashboard binds 127.0.0.1 only)", ErrNotLoopback, addr)
	}
	return net.JoinHostPort("127.0.0.1", port), nil
}

func isLoopbackHost(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// URL is the dashboard's address, "http://127.0.0.1:PORT". It carries no
// token; see [Server.PageURL].
func (s *Server) URL() string { return "http://127.0.0.1:" + s.port }

// PageURL is URL with the token as a query parameter, for the developer to
// open (do not log it where others can read it).
func (s *Server) PageURL() string {
	if s.opts.Token == "" {
		return s.URL() + "/"
	}
	return s.URL() + "/?token=" + url.QueryEscape(s.opts.Token)
}

// Close stops the server, ends every WebSocket stream and waits for the
// server's goroutines. It is safe to call more than once and concurrently.
func (s *Server) Close() error {
	err := s.shutdown()
	s.wsMu.Lock()
	s.wsClosed = true
	s.wsMu.Unlock()
	s.ws.Wait()
	s.wg.Wait()
	return err
}

// joinWS registers a WebSocket handler; false means the server is closing.
func (s *Server) joinWS() bool {
	s.wsMu.Lock()
	defer s.wsMu.Unlock()
	if s.wsClosed {
		return false
	}
	s.ws.Add(1)
	return true
}

// shutdown stops accepting, cancels every request context (ending the
// WebSocket handlers) and waits briefly for plain requests to finish.
func (s *Server) shutdown() error {
	s.once.Do(func() {
		s.cancel()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := s.srv.Shutdown(ctx); err != nil {
			s.closeErr = s.srv.Close()
		}
	})
	return s.closeErr
}

// handler is the dashboard's HTTP handler with every check applied.
func (s *Server) handler() http.Handler {
	mux := http.NewServeMux()
	api := func(pattern string, h http.HandlerFunc) { mux.Handle(pattern, s.requireToken(h)) }
	api("GET /api/status", s.handleStatus)
	api("GET /api/backends", s.handleSource(func(src Source) any { return src.Backends() }, []any{}))
	api("GET /api/tools", s.handleSource(func(src Source) any { return src.Tools() }, []any{}))
	api("GET /api/config", s.handleConfig)
	api("GET /api/logs", s.handleLogs)
	api("GET /api/mcptrace", s.handleTrace)
	api("GET /api/metrics", s.handleMetrics)
	api("GET /metrics", s.handlePrometheus)
	api("POST /api/run", s.handleRun)
	api("GET /api/integrity", s.handleIntegrity)
	api("GET /api/integrity/diff", s.handleIntegrityDiff)
	api("POST /api/integrity/approve", s.handleIntegrityApprove)
	api("GET /ws/logs", s.handleWSLogs)
	api("GET /ws/mcptrace", s.handleWSTrace)

	sub, _ := fs.Sub(webFS, "web") // "web" is embedded: cannot fail
	files := http.FileServerFS(sub)
	static := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
	mux.Handle("GET /{$}", static)
	mux.Handle("GET /app.js", static)
	mux.Handle("GET /style.css", static)
	return s.checkHost(mux)
}

// checkHost rejects requests whose Host is not this server's loopback
// address (DNS rebinding: a foreign name resolving to 127.0.0.1 keeps its
// own name in Host) and sets the security headers every answer carries.
func (s *Server) checkHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.ownHost(r.Host) {
			http.Error(w, "forbidden host", http.StatusForbidden)
			return
		}
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
		next.ServeHTTP(w, r)
	})
}

func (s *Server) ownHost(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil || port != s.port {
		return false
	}
	return host == "127.0.0.1" || host == "::1" || strings.EqualFold(host, "localhost")
}

// sameOrigin reports whether a browser Origin header names this dashboard:
// http, a loopback host and our port, and the same host the request was
// sent to. An absent Origin (a non-browser client) passes: browsers always
// send it on WebSocket upgrades and POSTs.
func (s *Server) sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || u.Scheme != "http" || u.Path != "" && u.Path != "/" {
		return false
	}
	return s.ownHost(u.Host) && strings.EqualFold(u.Host, r.Host)
}

func (s *Server) requireToken(next http.Handler) http.Handler {
	if s.opts.Token == "" {
		return next
	}
	want := []byte(s.opts.Token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := r.URL.Query().Get("token")
		if a := r.Header.Get("Authorization"); a != "" {
			if tok, ok := strings.CutPrefix(a, "Bearer "); ok {
				got = tok
			}
		}
		if subtle.ConstantTimeCompare([]byte(got), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="mcp-agentify"`)
			s.writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "missing or wrong token"})
			return
		}
		next.ServeHTTP(w, r)
	})
}
