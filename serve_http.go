package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/mcp-agentify/mcp-agentify/gateway"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/rs/zerolog"
)

// httpFlags are the flags of `serve --http`.
type httpFlags struct {
	addr      string
	token     string
	stateless bool
	stdio     bool
}

func addHTTPFlags(fset *flag.FlagSet, f *httpFlags) {
	fset.StringVar(&f.addr, "http", "", "serve MCP over Streamable HTTP on ADDR (e.g. 127.0.0.1:8080; :0 picks a port) instead of stdio; the endpoint is /mcp")
	fset.StringVar(&f.token, "http-token", "", "require \"Authorization: Bearer TOKEN\" on every HTTP request (default $AGENTIFY_HTTP_TOKEN); required for a non-loopback --http address")
	fset.BoolVar(&f.stateless, "http-stateless", false, "stateless HTTP: every POST is self-contained, for replicas behind a load balancer")
	fset.BoolVar(&f.stdio, "stdio", false, "with --http: also serve the client on stdin/stdout, sharing the backends; the gateway exits when that client closes stdin")
}

// secrets are the values of f that must never reach a log.
func (f *httpFlags) secrets() []string {
	if t := f.resolvedToken(); t != "" {
		return []string{t}
	}
	return nil
}

func (f *httpFlags) resolvedToken() string {
	if f.token != "" {
		return f.token
	}
	return os.Getenv("AGENTIFY_HTTP_TOKEN")
}

// serveSession serves one HTTP session of g; sessions share g's backends.
func serveSession(g *gateway.Gateway, log zerolog.Logger) func(context.Context, rpc.Stream) {
	return func(ctx context.Context, s rpc.Stream) {
		if err := g.Serve(ctx, s); err != nil && ctx.Err() == nil {
			log.Debug().Err(err).Msg("http session ended")
		}
	}
}

// serveHTTP runs `serve --http`: the Streamable HTTP endpoint at /mcp and
// a readiness probe at /healthz, until ctx ends. Every HTTP session is a
// client of the same gateway. When stdio is not nil (--stdio), its client
// is served too, as one more session of the same gateway, and the process
// ends when that client goes: the IDE that launched it owns it.
func serveHTTP(ctx context.Context, g *gateway.Gateway, f *httpFlags, cfgPath string, log zerolog.Logger, stdio rpc.Stream) int {
	token := f.resolvedToken()
	if err := gateway.CheckHTTPAddr(f.addr, token != ""); err != nil {
		log.Error().Err(err).Msg("cannot serve over HTTP")
		fmt.Fprintf(os.Stderr, "mcp-agentify: %v\n", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		log.Error().Err(err).Msg("cannot serve over HTTP")
		return exitFailure
	}
	h := gateway.NewHTTPHandler(gateway.HTTPOptions{
		Serve:     serveSession(g, log),
		Token:     token,
		Stateless: f.stateless,
		Logger:    log,
	})
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("ok\n"))
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	// Many clients share one set of backends, started now: there is no
	// single client initialize to wait for (see docs/design.md).
	g.Prespawn()
	if err := g.Start(ctx, gateway.Client{Shared: true}); err != nil {
		log.Error().Err(err).Msg("cannot start the backends")
		ln.Close()
		return exitUsage
	}
	if cfgPath != "" {
		if err := g.WatchConfig(ctx, cfgPath, 0, nil); err != nil {
			log.Warn().Err(err).Msg("cannot watch the configuration file; hot reload is off")
		}
	}
	log.Info().Str("url", "http://"+ln.Addr().String()+"/mcp").Bool("stateless", f.stateless).Bool("token", token != "").
		Str("version", shortVersion()).Msg("mcp-agentify serving MCP over HTTP")
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }() // owned by serveHTTP; ends at Shutdown
	var stdioDone chan error
	if stdio != nil {
		stdioDone = make(chan error, 1)
		// Owned by serveHTTP; a read of stdin cannot be interrupted, so on
		// a signal it is left to the process exit.
		go func() { stdioDone <- g.Serve(ctx, stdio) }()
		log.Info().Msg("mcp-agentify also serving MCP on stdio")
	}
	select {
	case err = <-served:
	case <-ctx.Done():
	case serr := <-stdioDone:
		if serr != nil && !errors.Is(serr, io.EOF) && ctx.Err() == nil {
			log.Error().Err(serr).Msg("stdio client connection failed")
		}
		log.Info().Msg("stdio client disconnected; stopping")
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h.Close() // ends SSE streams, which Shutdown would otherwise wait for
	srv.Shutdown(sctx)
	g.Stop()
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Error().Err(err).Msg("http server failed")
		return exitFailure
	}
	log.Info().Msg("http server stopped; backends stopped")
	return exitOK
}
