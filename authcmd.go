package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// runAuth implements `mcp-agentify auth login|status|logout`: the MCP
// authorization flow for remote backends, from a terminal. Tokens are
// stored where a running gateway finds them ($AGENTIFY_STATE_DIR).
// Output never contains a token.
func runAuth(args []string, stdout, stderr io.Writer) int {
	sub := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub, args = args[0], args[1:]
	}
	fset := flag.NewFlagSet("mcp-agentify auth "+sub, flag.ContinueOnError)
	fset.SetOutput(stderr)
	configPath := fset.String("config", "", "configuration file (default $AGENTIFY_CONFIG, else ./mcp-agentify.json)")
	timeout := fset.Duration("timeout", 10*time.Minute, "login: how long to wait for the browser step")
	fset.Usage = func() {
		fmt.Fprint(stderr, `usage: mcp-agentify auth login|status|logout [--config FILE] [BACKEND]

  login BACKEND   authorize a remote backend (opens $BROWSER, else the system browser;
                  with auth.grant client_credentials, cross_app_access or jwt_bearer
                  it just runs the grant and stores the token)
  status          show each remote backend's authorization
  logout BACKEND  revoke (where supported) and forget a backend's tokens

Tokens are kept in $AGENTIFY_STATE_DIR (default: the user config directory's mcp-agentify/).
`)
		fset.PrintDefaults()
	}
	// Flags may follow the backend name.
	var pos []string
	for {
		if err := fset.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return exitOK
			}
			return exitUsage
		}
		if fset.NArg() == 0 {
			break
		}
		pos, args = append(pos, fset.Arg(0)), fset.Args()[1:]
	}
	if sub == "" || (sub != "status" && len(pos) != 1) || (sub == "status" && len(pos) > 0) {
		fset.Usage()
		return exitUsage
	}
	cfg, _, err := loadConfig(*configPath, "auth")
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify: %v\n", err)
		return exitUsage
	}
	dir, err := backends.StateDir()
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify: %v\n", err)
		return exitFailure
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	if sub == "status" {
		n := 0
		for i := range cfg.Backends {
			b := &cfg.Backends[i]
			if !isOAuthCapable(b) {
				continue
			}
			n++
			rec, err := backends.NewOAuth(b.URL, b.Auth, dir).Record()
			st := rec.TokenStatus(time.Now())
			if err != nil {
				st = err.Error()
			}
			if b.Auth != nil && b.Auth.Grant != "" && b.Auth.Grant != schemas.GrantAuthorizationCode {
				st += " [" + b.Auth.Grant + " grant]"
			}
			fmt.Fprintf(stdout, "%s\t%s\t%s\n", b.ID, b.URL, st)
		}
		if n == 0 {
			fmt.Fprintln(stdout, "no http or sse backends")
		}
		return exitOK
	}

	var b *schemas.Backend
	for i := range cfg.Backends {
		if cfg.Backends[i].ID == pos[0] {
			b = &cfg.Backends[i]
		}
	}
	if b == nil {
		fmt.Fprintf(stderr, "mcp-agentify: no backend %q in the configuration\n", pos[0])
		return exitUsage
	}
	if !isOAuthCapable(b) {
		fmt.Fprintf(stderr, "mcp-agentify: backend %q is not an http or sse backend\n", b.ID)
		return exitUsage
	}
	oa := backends.NewOAuth(b.URL, b.Auth, dir)
	switch sub {
	case "logout":
		if err := oa.Logout(ctx); err != nil {
			fmt.Fprintf(stderr, "mcp-agentify: %v\n", err)
			return exitFailure
		}
		fmt.Fprintf(stdout, "%s: logged out\n", b.ID)
		return exitOK
	case "login":
		ctx, cancel := context.WithTimeout(ctx, *timeout)
		defer cancel()
		ch, asked, err := oa.Probe(ctx)
		if err != nil {
			fmt.Fprintf(stderr, "mcp-agentify: %v\n", err)
			return exitFailure
		}
		if !asked && b.Auth == nil {
			fmt.Fprintf(stdout, "%s: the server does not ask for authorization\n", b.ID)
			return exitOK
		}
		if !oa.Interactive() {
			// No browser: the grant runs now and its token is stored.
			if err := oa.Grant(ctx, ch); err != nil {
				fmt.Fprintf(stderr, "mcp-agentify: %s: %v\n", b.ID, err)
				return exitFailure
			}
			rec, _ := oa.Record()
			fmt.Fprintf(stdout, "%s: token obtained by the %s grant (%s)\n", b.ID, b.Auth.Grant, rec.TokenStatus(time.Now()))
			return exitOK
		}
		oa.Open = func(u string) error {
			fmt.Fprintf(stderr, "Opening the browser to authorize %s; if it does not open, visit:\n%s\n", b.ID, u)
			return backends.OpenBrowser(u)
		}
		if err := oa.Login(ctx, ch); err != nil {
			fmt.Fprintf(stderr, "mcp-agentify: %s: %v\n", b.ID, err)
			return exitFailure
		}
		rec, _ := oa.Record()
		fmt.Fprintf(stdout, "%s: authorized (%s)\n", b.ID, rec.TokenStatus(time.Now()))
		return exitOK
	}
	fset.Usage()
	return exitUsage
}

func isOAuthCapable(b *schemas.Backend) bool {
	switch strings.ToLower(b.Type) {
	case schemas.TypeHTTP, "streamable-http", "streamablehttp", schemas.TypeSSE:
		return b.URL != ""
	}
	return false
}
