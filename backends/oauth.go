package backends

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// ErrNeedsAuth is wrapped by errors of a remote backend that waits for the
// user to authorize it (see [AuthRequiredError]).
var ErrNeedsAuth = errors.New("authorization required")

// AuthRequiredError says a remote backend needs the user to open URL in a
// browser. The URL carries no secret (PKCE keeps the verifier local).
type AuthRequiredError struct {
	URL string
	// Done is closed when the authorization ended (tokens stored, or failed).
	Done <-chan struct{}
}

func (e *AuthRequiredError) Error() string {
	return "authorization required: open " + e.URL
}

func (e *AuthRequiredError) Unwrap() error { return ErrNeedsAuth }

// refreshMargin is how long before expiry a token is refreshed.
const refreshMargin = 30 * time.Second

// authWait bounds how long a started authorization waits for its callback.
const authWait = 10 * time.Minute

// OAuth runs the MCP authorization flow (protocol 2025-11-25) as a client
// for one remote backend, and keeps its tokens in a [tokenStore].
type OAuth struct {
	server string
	cfg    schemas.AuthConfig
	store  *tokenStore
	http   *http.Client // for discovery, registration and token requests
	// Secret registers a secret with the redactor; nil skips.
	Secret func(...string)
	// Open opens the authorization URL for the user; nil uses [OpenBrowser].
	Open func(url string) error

	mu        sync.Mutex
	rec       *TokenRecord // guarded by mu; cached copy of the file
	loaded    bool         // guarded by mu; the file was read once
	pending   *AuthRequiredError
	challenge *Challenge // guarded by mu; the last unanswered challenge
	attempts  int        // guarded by mu; authorizations answering the same challenge (lastKey)
	lastKey   string     // guarded by mu
	dpopMu    sync.Mutex
	asNonce   string // guarded by dpopMu; the authorization server's last DPoP nonce
	rsNonce   string // guarded by dpopMu; the resource server's last DPoP nonce
	// onChallenge, if set, is called (on its own goroutine) when a request
	// was refused for want of authorization: the backend ends its
	// connection so that its supervisor authorizes (step-up mid-session).
	onChallenge func()
}

// maxAuthAttempts bounds authorizations for the same challenge (a server
// that keeps refusing what it asked for); with `auth login` before, the
// user sees at most three.
const maxAuthAttempts = 2

// NewOAuth returns the client for a backend at serverURL. cfg may be nil
// (an http backend that answered with an MCP challenge).
func NewOAuth(serverURL string, cfg *schemas.AuthConfig, stateDir string) *OAuth {
	o := &OAuth{server: serverURL, http: &http.Client{Timeout: 30 * time.Second}}
	if cfg != nil {
		o.cfg = *cfg
	}
	o.store = newTokenStore(stateDir, serverURL, o.cfg.ClientID)
	return o
}

// Record returns the stored record (nil when none).
func (o *OAuth) Record() (*TokenRecord, error) {
	r, err := o.store.load()
	if r != nil {
		o.secret(r)
	}
	return r, err
}

func (o *OAuth) secret(r *TokenRecord) {
	if o.Secret != nil && r != nil {
		if s := r.Secrets(); len(s) > 0 {
			o.Secret(s...)
		}
	}
}

// Token returns a valid access token, refreshing it when it expires within
// refreshMargin or force is set. It returns "" with no error when there is
// no usable token (the caller then authorizes). For the non-interactive
// grants, "refreshing" runs the grant again (see [OAuth.grantToken]).
func (o *OAuth) Token(ctx context.Context, force bool) (string, error) {
	if !o.Interactive() {
		return o.grantToken(ctx, "", force, nil)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if !force && o.loaded {
		if r := o.rec; r == nil || r.Token == nil || r.Token.AccessToken == "" {
			return "", nil
		} else if r.Token.Expiry.IsZero() || time.Until(r.Token.Expiry) > refreshMargin {
			return r.Token.AccessToken, nil
		}
	}
	o.loaded = true
	prev := o.rec
	var tok string
	err := o.store.withLock(func() error {
		// Re-read: another gateway process may have refreshed meanwhile.
		r, err := o.store.load()
		if err != nil {
			return err
		}
		o.secret(r)
		o.rec = r
		if r == nil || r.Token == nil || r.Token.AccessToken == "" {
			return nil
		}
		stale := force && (prev == nil || prev.Token == nil || prev.Token.AccessToken == r.Token.AccessToken)
		if !stale && (r.Token.Expiry.IsZero() || time.Until(r.Token.Expiry) > refreshMargin) {
			o.rec, tok = r, r.Token.AccessToken
			return nil
		}
		if r.Token.RefreshToken == "" || r.TokenURL == "" {
			return nil
		}
		ctx := context.WithValue(ctx, oauth2.HTTPClient, o.tokenHTTP(r))
		nt, err := o.oauthConfig(r).TokenSource(ctx, &oauth2.Token{RefreshToken: r.Token.RefreshToken}).Token()
		if err != nil {
			r.RefreshError = refreshErrorText(err)
			r.Token.AccessToken = ""
			o.rec = r
			return o.store.save(r)
		}
		if nt.RefreshToken == "" {
			nt.RefreshToken = r.Token.RefreshToken
		}
		r.Token, r.RefreshError = nt, ""
		o.secret(r)
		o.rec, tok = r, nt.AccessToken
		return o.store.save(r)
	})
	return tok, err
}

// refreshErrorText describes a refresh failure without the response body,
// which may echo credentials.
func refreshErrorText(err error) string {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		if re.ErrorCode != "" {
			return re.ErrorCode
		}
		if re.Response != nil {
			return "token endpoint answered " + re.Response.Status
		}
	}
	return "token request failed"
}

func (o *OAuth) oauthConfig(r *TokenRecord) *oauth2.Config {
	return &oauth2.Config{
		ClientID: r.ClientID, ClientSecret: r.ClientSecret,
		Endpoint: oauth2.Endpoint{AuthURL: r.AuthURL, TokenURL: r.TokenURL, AuthStyle: oauth2.AuthStyle(r.AuthStyle)},
		Scopes:   r.Scopes,
	}
}

// Challenge is what a 401 or 403 told the client.
type Challenge struct {
	ResourceMetadata string
	Scopes           []string
	Error            string
}

// ParseChallenge reads the Bearer challenge of a WWW-Authenticate header.
func ParseChallenge(h http.Header) Challenge {
	var c Challenge
	cs, err := oauthex.ParseWWWAuthenticate(h.Values("WWW-Authenticate"))
	if err != nil {
		return c
	}
	for _, ch := range cs {
		if ch.Scheme != "bearer" && ch.Scheme != "dpop" {
			continue
		}
		c.ResourceMetadata = ch.Params["resource_metadata"]
		c.Scopes = strings.Fields(ch.Params["scope"])
		c.Error = ch.Params["error"]
		break
	}
	return c
}

// Begin starts an authorization: discovery, client identification, a
// loopback listener for the callback. It returns the pending authorization
// (the same one while it is still waiting); its Done closes when tokens are
// stored or it failed. The listener's goroutine ends with the callback,
// authWait, or ctx.
func (o *OAuth) Begin(ctx context.Context, ch Challenge) (*AuthRequiredError, error) {
	o.mu.Lock()
	if p := o.pending; p != nil {
		select {
		case <-p.Done:
		default:
			o.mu.Unlock()
			return p, nil
		}
	}
	if key := ch.Error + " " + strings.Join(ch.Scopes, " "); key != o.lastKey {
		o.lastKey, o.attempts = key, 0
	}
	if o.attempts >= maxAuthAttempts {
		o.mu.Unlock()
		return nil, fmt.Errorf("the server still refuses after %d authorizations for the same challenge", maxAuthAttempts)
	}
	o.attempts++
	o.mu.Unlock()

	rec, err := o.discover(ctx, ch)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(o.cfg.RedirectPort)))
	if err != nil {
		return nil, fmt.Errorf("opening the loopback redirect listener: %w", err)
	}
	redirect := "http://127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port) + "/callback"
	if err := o.identify(ctx, rec, redirect); err != nil {
		ln.Close()
		return nil, err
	}
	state := randomString()
	verifier := oauth2.GenerateVerifier()
	oc := o.oauthConfig(rec)
	oc.RedirectURL = redirect
	opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(verifier)}
	if rec.Resource != "" {
		opts = append(opts, oauth2.SetAuthURLParam("resource", rec.Resource))
	}
	authURL := oc.AuthCodeURL(state, opts...)

	done := make(chan struct{})
	p := &AuthRequiredError{URL: authURL, Done: done}
	o.mu.Lock()
	o.pending = p
	o.mu.Unlock()

	codes := make(chan url.Values, 1)
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/callback" {
			http.NotFound(w, r)
			return
		}
		q := r.URL.Query()
		if q.Get("state") != state {
			http.Error(w, "This authorization response does not match the request (wrong state); it was ignored.", http.StatusBadRequest)
			return
		}
		select {
		case codes <- q:
			if q.Get("error") != "" {
				fmt.Fprintf(w, "<p>Authorization failed: %s. You can close this window.</p>", html.EscapeString(q.Get("error")))
				return
			}
			fmt.Fprint(w, "<p>mcp-agentify is authorized. You can close this window.</p>")
		default:
			fmt.Fprint(w, "<p>Already handled. You can close this window.</p>")
		}
	})}
	// The server goroutine is owned by the waiter below, which shuts it down.
	go srv.Serve(ln) //nolint:errcheck // ends with Shutdown
	// The waiter is owned by p: it ends with the callback, authWait or ctx.
	go func() {
		defer close(done)
		defer srv.Close()
		wctx, cancel := context.WithTimeout(ctx, authWait)
		defer cancel()
		select {
		case q := <-codes:
			if e := q.Get("error"); e != "" {
				return
			}
			if err := o.exchange(wctx, rec, oc, q.Get("code"), verifier); err != nil {
				_ = err // the next attempt starts a new authorization
			}
		case <-wctx.Done():
		}
	}()
	return p, nil
}

// Login runs an authorization interactively: it opens the browser and
// waits for the callback. For the non-interactive grants it runs the grant
// (see [OAuth.Grant]).
func (o *OAuth) Login(ctx context.Context, ch Challenge) error {
	if !o.Interactive() {
		return o.Grant(ctx, ch)
	}
	p, err := o.Begin(ctx, ch)
	if err != nil {
		return err
	}
	open := o.Open
	if open == nil {
		open = OpenBrowser
	}
	if err := open(p.URL); err != nil {
		return fmt.Errorf("opening the browser (open the URL yourself: %s): %w", p.URL, err)
	}
	select {
	case <-p.Done:
	case <-ctx.Done():
		return ctx.Err()
	}
	r, err := o.store.load()
	if err != nil {
		return err
	}
	if r == nil || r.Token == nil || r.Token.AccessToken == "" {
		return errors.New("authorization did not complete")
	}
	return nil
}

func (o *OAuth) exchange(ctx context.Context, rec *TokenRecord, oc *oauth2.Config, code, verifier string) error {
	opts := []oauth2.AuthCodeOption{oauth2.VerifierOption(verifier)}
	if rec.Resource != "" {
		opts = append(opts, oauth2.SetAuthURLParam("resource", rec.Resource))
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, o.tokenHTTP(rec))
	tok, err := oc.Exchange(ctx, code, opts...)
	if err != nil {
		return fmt.Errorf("exchanging the authorization code: %s", refreshErrorText(err))
	}
	rec.Token = tok
	o.secret(rec)
	o.mu.Lock()
	defer o.mu.Unlock()
	o.rec = rec
	return o.store.withLock(func() error { return o.store.save(rec) })
}

// discover finds the protected resource metadata (the challenge's URL,
// then the well-known URIs at the endpoint's path and at the root) and the
// authorization server's metadata (RFC 8414, then OpenID Connect).
func (o *OAuth) discover(ctx context.Context, ch Challenge) (*TokenRecord, error) {
	rec := &TokenRecord{Server: o.server}
	var prm *oauthex.ProtectedResourceMetadata
	var lastErr error
	for _, u := range prmURLs(ch.ResourceMetadata, o.server) {
		m, err := oauthex.GetProtectedResourceMetadata(ctx, u[0], u[1], o.http)
		if err != nil {
			if lastErr == nil {
				lastErr = err // the challenge's document first: the most telling error
			}
			continue
		}
		if m != nil {
			prm = m
			break
		}
	}
	issuer := ""
	if prm != nil {
		if len(prm.AuthorizationServers) == 0 {
			return nil, errors.New("protected resource metadata names no authorization server")
		}
		issuer = prm.AuthorizationServers[0]
		rec.Resource = prm.Resource
	} else {
		if ch.ResourceMetadata != "" && lastErr != nil {
			return nil, fmt.Errorf("protected resource metadata: %w", lastErr)
		}
		u, err := url.Parse(o.server)
		if err != nil {
			return nil, fmt.Errorf("server url: %w", err)
		}
		u.Path, u.RawQuery = "", ""
		issuer = u.String()
		rec.Resource = o.server
	}
	var asm *oauthex.AuthServerMeta
	var dpopAlgs []string
	var err error
	switch {
	case prm != nil && !o.Interactive():
		var m *asMeta
		if m, err = o.serverMetadata(ctx, issuer); m != nil {
			asm, dpopAlgs = &m.AuthServerMeta, m.DPoPAlgs
		}
	case prm != nil:
		if asm, err = auth.GetAuthServerMetadata(ctx, issuer, o.http); asm != nil {
			dpopAlgs = o.dpopAlgs(ctx, issuer)
		}
	default:
		asm, err = o.legacyMetadata(ctx, issuer)
	}
	if err != nil {
		return nil, fmt.Errorf("authorization server metadata: %w", err)
	}
	if asm == nil {
		asm = &oauthex.AuthServerMeta{Issuer: issuer, AuthorizationEndpoint: issuer + "/authorize", TokenEndpoint: issuer + "/token", RegistrationEndpoint: issuer + "/register"}
	} else if o.Interactive() && !slices.Contains(asm.CodeChallengeMethodsSupported, "S256") {
		return nil, fmt.Errorf("authorization server %s does not support PKCE S256; refusing to authorize", asm.Issuer)
	}
	if want := o.cfg.Issuer; want != "" && strings.TrimSuffix(asm.Issuer, "/") != strings.TrimSuffix(want, "/") {
		// Pre-registered credentials belong to one authorization server
		// (SEP-2352): a server naming another must not receive them.
		return nil, fmt.Errorf("the server names authorization server %s, but auth.issuer is %s; refusing to send the client's credentials there", asm.Issuer, want)
	}
	rec.Issuer, rec.AuthURL, rec.TokenURL, rec.RevocationURL = asm.Issuer, asm.AuthorizationEndpoint, asm.TokenEndpoint, asm.RevocationEndpoint
	if supportsES256(dpopAlgs) {
		if rec.DPoPKey, err = newDPoPKey(); err != nil {
			return nil, fmt.Errorf("generating the DPoP key: %w", err)
		}
	}
	switch {
	case len(o.cfg.Scopes) > 0:
		rec.Scopes = o.cfg.Scopes
	case len(ch.Scopes) > 0:
		rec.Scopes = ch.Scopes
	case prm != nil && len(prm.ScopesSupported) > 0:
		rec.Scopes = prm.ScopesSupported
	}
	// Step-up keeps the scopes already granted.
	if old, _ := o.store.load(); old != nil && old.Issuer == rec.Issuer {
		for _, s := range old.Scopes {
			if !slices.Contains(rec.Scopes, s) {
				rec.Scopes = append(rec.Scopes, s)
			}
		}
		if o.cfg.ClientID == "" && old.ClientID != "" {
			rec.ClientID, rec.ClientSecret, rec.AuthStyle = old.ClientID, old.ClientSecret, old.AuthStyle
		}
	}
	rec.registration = asm
	return rec, nil
}

// prmURLs lists the protected resource metadata URLs to try with the
// resource each must name: the challenge's, then path-aware, then root.
func prmURLs(fromChallenge, server string) [][2]string {
	var out [][2]string
	if fromChallenge != "" {
		out = append(out, [2]string{fromChallenge, server})
	}
	u, err := url.Parse(server)
	if err != nil {
		return out
	}
	m := *u
	m.RawQuery = ""
	if p := strings.Trim(u.Path, "/"); p != "" {
		m.Path = "/.well-known/oauth-protected-resource/" + p
		out = append(out, [2]string{m.String(), server})
	}
	m.Path = "/.well-known/oauth-protected-resource"
	root := *u
	root.Path, root.RawQuery = "", ""
	out = append(out, [2]string{m.String(), root.String()})
	return out
}

// identify sets the client id: the configured one (a URL there is a Client
// ID Metadata Document, used when the server supports those), one kept
// from an earlier registration, else Dynamic Client Registration.
func (o *OAuth) identify(ctx context.Context, rec *TokenRecord, redirect string) error {
	asm := rec.registration
	rec.registration = nil
	if o.cfg.ClientID != "" {
		if strings.HasPrefix(o.cfg.ClientID, "https://") && asm != nil && !asm.ClientIDMetadataDocumentSupported {
			return fmt.Errorf("clientId %s is a metadata document URL but the authorization server does not support those", o.cfg.ClientID)
		}
		rec.ClientID, rec.ClientSecret = o.cfg.ClientID, o.cfg.ClientSecret
		rec.AuthStyle = int(authStyleFor(asm, rec.ClientSecret != ""))
		return nil
	}
	if rec.ClientID != "" && o.cfg.RedirectPort != 0 {
		return nil // registered before for this fixed redirect URI
	}
	if asm == nil || asm.RegistrationEndpoint == "" {
		return errors.New("the authorization server offers no dynamic client registration; set auth.clientId in the config")
	}
	resp, err := oauthex.RegisterClient(ctx, asm.RegistrationEndpoint, &oauthex.ClientRegistrationMetadata{
		ClientName:              "mcp-agentify",
		RedirectURIs:            []string{redirect},
		GrantTypes:              []string{"authorization_code", "refresh_token"},
		ResponseTypes:           []string{"code"},
		TokenEndpointAuthMethod: "none",
		Scope:                   strings.Join(rec.Scopes, " "),
	}, o.http)
	if err != nil {
		return fmt.Errorf("dynamic client registration: %w", err)
	}
	rec.ClientID, rec.ClientSecret = resp.ClientID, resp.ClientSecret
	switch resp.TokenEndpointAuthMethod {
	case "client_secret_post", "none":
		rec.AuthStyle = int(oauth2.AuthStyleInParams)
	case "client_secret_basic":
		rec.AuthStyle = int(oauth2.AuthStyleInHeader)
	default:
		rec.AuthStyle = int(authStyleFor(asm, rec.ClientSecret != ""))
	}
	o.secret(rec)
	return nil
}

func authStyleFor(asm *oauthex.AuthServerMeta, hasSecret bool) oauth2.AuthStyle {
	if !hasSecret {
		return oauth2.AuthStyleInParams
	}
	if asm != nil && slices.Contains(asm.TokenEndpointAuthMethodsSupported, "client_secret_post") && !slices.Contains(asm.TokenEndpointAuthMethodsSupported, "client_secret_basic") {
		return oauth2.AuthStyleInParams
	}
	return oauth2.AuthStyleInHeader
}

// Logout revokes the stored tokens where the server supports revocation
// (RFC 7009) and forgets them.
func (o *OAuth) Logout(ctx context.Context) error {
	r, err := o.store.load()
	if err != nil {
		return err
	}
	if r != nil && r.Token != nil && r.RevocationURL != "" {
		for _, t := range [][2]string{{r.Token.RefreshToken, "refresh_token"}, {r.Token.AccessToken, "access_token"}} {
			if t[0] == "" {
				continue
			}
			v := url.Values{"token": {t[0]}, "token_type_hint": {t[1]}, "client_id": {r.ClientID}}
			if r.ClientSecret != "" {
				v.Set("client_secret", r.ClientSecret)
			}
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.RevocationURL, strings.NewReader(v.Encode()))
			if err != nil {
				continue
			}
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if resp, err := o.http.Do(req); err == nil {
				resp.Body.Close()
			}
		}
	}
	o.mu.Lock()
	o.rec = nil
	o.mu.Unlock()
	return o.store.withLock(o.store.remove)
}

func randomString() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// OpenBrowser opens url with $BROWSER (a command receiving the URL as its
// argument) or the platform's opener. It does not wait for the browser.
func OpenBrowser(u string) error {
	var cmd *exec.Cmd
	if b := strings.TrimSpace(os.Getenv("BROWSER")); b != "" {
		f := strings.Fields(b)
		cmd = exec.Command(f[0], append(f[1:], u)...)
	} else {
		switch runtime.GOOS {
		case "darwin":
			cmd = exec.Command("open", u)
		case "windows":
			cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", u)
		default:
			cmd = exec.Command("xdg-open", u)
		}
	}
	cmd.Stdout, cmd.Stderr = nil, nil
	if err := cmd.Start(); err != nil {
		return err
	}
	// The reaper goroutine ends when the opener exits.
	go cmd.Wait() //nolint:errcheck
	return nil
}

// noteChallenge records a challenge the server answered with; the backend's
// supervisor takes it and starts an authorization.
func (o *OAuth) noteChallenge(ch Challenge) {
	o.mu.Lock()
	o.challenge = &ch
	f := o.onChallenge
	o.mu.Unlock()
	if f != nil {
		go f() // short-lived: ends the connection the request ran on
	}
}

// takeChallenge returns and clears the recorded challenge.
func (o *OAuth) takeChallenge() (Challenge, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	ch := o.challenge
	o.challenge = nil
	if ch == nil {
		return Challenge{}, false
	}
	return *ch, true
}

// Probe sends an unauthenticated initialize to the server and returns its
// challenge; ok is false when the server did not ask for authorization.
// A server may leave initialize open and protect only what follows
// (protocol 2025-11-25 allows either); then the probe goes on in that
// session with notifications/initialized and tools/list, and ends the
// session.
func (o *OAuth) Probe(ctx context.Context) (ch Challenge, ok bool, err error) {
	const (
		initialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"mcp-agentify","version":"auth-probe"}}}`
		initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
		toolsList   = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
	)
	sid := ""
	for i, body := range []string{initialize, initialized, toolsList} {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.server, strings.NewReader(body))
		if err != nil {
			return ch, false, fmt.Errorf("probing %s: %w", o.server, err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if i > 0 {
			req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		}
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		resp, err := o.http.Do(req)
		if err != nil {
			return ch, false, fmt.Errorf("probing %s: %w", o.server, err)
		}
		drain(resp)
		if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
			o.endProbe(ctx, sid)
			return ParseChallenge(resp.Header), true, nil
		}
		if resp.StatusCode >= 300 {
			break // not an MCP endpoint that lets the probe go on
		}
		if i == 0 {
			sid = resp.Header.Get("Mcp-Session-Id")
		}
	}
	o.endProbe(ctx, sid)
	return ch, false, nil
}

// endProbe ends the probe's session, if the server opened one.
func (o *OAuth) endProbe(ctx context.Context, sid string) {
	if sid == "" {
		return
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, o.server, nil)
	if err != nil {
		return
	}
	req.Header.Set("Mcp-Session-Id", sid)
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	if resp, err := o.http.Do(req); err == nil {
		drain(resp)
	}
}

// errAuthChallenge is what the transport returns for a request the server
// refused for want of (sufficient) authorization.
var errAuthChallenge = fmt.Errorf("the server requires authorization: %w", ErrNeedsAuth)

// authTransport adds the backend's bearer token to each request; on 401 it
// refreshes once and retries, and when that fails (or on 403
// insufficient_scope) it records the challenge for the supervisor.
type authTransport struct {
	base http.RoundTripper
	o    *OAuth
}

func (t *authTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if !t.o.Interactive() {
		return t.roundTripGrant(r)
	}
	tok, err := t.o.Token(r.Context(), false)
	if err != nil {
		return nil, err
	}
	resp, err := t.send(r, tok)
	if err != nil {
		return nil, err
	}
	ch := ParseChallenge(resp.Header)
	switch {
	case resp.StatusCode == http.StatusUnauthorized:
		if tok != "" {
			if nt, err := t.o.Token(r.Context(), true); err == nil && nt != "" && nt != tok && (r.Body == nil || r.GetBody != nil) {
				r2 := r
				if r.GetBody != nil {
					b, err := r.GetBody()
					if err == nil {
						r2 = r.Clone(r.Context())
						r2.Body = b
					}
				}
				resp2, err := t.send(r2, nt)
				if err != nil {
					drain(resp)
					return nil, err
				}
				if resp2.StatusCode != http.StatusUnauthorized {
					drain(resp)
					return resp2, nil
				}
				drain(resp2)
			}
		}
	case resp.StatusCode == http.StatusForbidden && ch.Error == "insufficient_scope":
	default:
		return resp, nil
	}
	drain(resp)
	t.o.noteChallenge(ch)
	return nil, errAuthChallenge
}

func (t *authTransport) send(r *http.Request, tok string) (*http.Response, error) {
	if key := t.o.dpopFor(tok); tok != "" && key != nil {
		// A DPoP-bound token: the DPoP scheme and a proof bound to it.
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "DPoP "+tok)
		t.o.dpopMu.Lock()
		nonce := t.o.rsNonce
		t.o.dpopMu.Unlock()
		resp, err := sendDPoP(t.base, r, &nonce, func(n string) (string, error) { return dpopProof(key, r.Method, r.URL, tok, n) })
		t.o.dpopMu.Lock()
		t.o.rsNonce = nonce
		t.o.dpopMu.Unlock()
		return resp, err
	}
	if tok != "" {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+tok)
	}
	return t.base.RoundTrip(r)
}

func drain(resp *http.Response) {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16)) //nolint:errcheck
	resp.Body.Close()
}

// oauthClient returns the backend's OAuth client, for http and sse
// backends (a backend without "auth" still answers a 401 challenge).
// Called by the supervisor goroutine only.
func (b *Backend) oauthClient() *OAuth {
	switch strings.ToLower(b.cfg.Type) {
	case schemas.TypeHTTP, "streamable-http", "streamablehttp", schemas.TypeSSE:
	default:
		return nil
	}
	if b.oauth == nil {
		dir := b.opts.StateDir
		if dir == "" {
			d, err := StateDir()
			if err != nil {
				b.log.Warn().Err(err).Msg("no state directory for OAuth tokens")
				return nil
			}
			dir = d
		}
		b.oauth = NewOAuth(b.cfg.URL, b.cfg.Auth, dir)
		b.oauth.Secret = b.opts.AddSecret
		b.oauth.onChallenge = func() {
			b.mu.Lock()
			c := b.conn
			b.mu.Unlock()
			if c != nil {
				c.Close()
			}
		}
	}
	return b.oauth
}

var errNoChallenge = errors.New("no authorization challenge")

// awaitAuth runs after a failed connection: when the server asked for
// authorization, it starts one, puts the backend in state NeedsAuth with
// the URL, tells OnAuthRequired, and waits for it to end (nil: try to
// connect again). It returns errNoChallenge when none was asked, and the
// authorization's error when it cannot start.
func (b *Backend) awaitAuth(ctx context.Context) error {
	if b.oauth == nil {
		return errNoChallenge
	}
	ch, ok := b.oauth.takeChallenge()
	if !ok {
		return errNoChallenge
	}
	p, err := b.oauth.Begin(ctx, ch)
	if err != nil {
		return fmt.Errorf("authorization: %w", err)
	}
	b.log.Warn().Str("url", p.URL).Msg("backend needs authorization: open the URL, or run `mcp-agentify auth login`")
	b.setState(NeedsAuth, p)
	if b.opts.OnAuthRequired != nil {
		b.opts.OnAuthRequired(b, p.URL)
	}
	// An explicit $BROWSER is the user's choice of opener for the gateway too.
	if os.Getenv("BROWSER") != "" {
		if err := OpenBrowser(p.URL); err != nil {
			b.log.Warn().Err(err).Msg("could not run $BROWSER")
		}
	}
	// `auth login` in a terminal (another process) may store a token first.
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-p.Done:
			b.setState(Starting, nil)
			return nil
		case <-tick.C:
			if b.oauth.storedElsewhere() {
				b.setState(Starting, nil)
				return nil
			}
		}
	}
}

// storedElsewhere reports whether the token file holds an access token
// other than the one in use (another process authorized); the next request
// then reads it.
func (o *OAuth) storedElsewhere() bool {
	r, err := o.store.load()
	if err != nil || r == nil || r.Token == nil || r.Token.AccessToken == "" {
		return false
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.rec != nil && o.rec.Token != nil && o.rec.Token.AccessToken == r.Token.AccessToken {
		return false
	}
	o.loaded = false
	return true
}

// legacyMetadata reads the authorization server metadata of a 2025-03-26
// server (no Protected Resource Metadata; the server's origin is the
// authorization server). Such servers may name an issuer with a path, so
// the issuer is not compared with the origin. A 404 is (nil, nil).
func (o *OAuth) legacyMetadata(ctx context.Context, origin string) (*oauthex.AuthServerMeta, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, origin+"/.well-known/oauth-authorization-server", nil)
	if err != nil {
		return nil, err
	}
	resp, err := o.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return nil, nil
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s answered %s", req.URL, resp.Status)
	}
	var m oauthex.AuthServerMeta
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&m); err != nil {
		return nil, fmt.Errorf("decoding %s: %w", req.URL, err)
	}
	if m.AuthorizationEndpoint == "" || m.TokenEndpoint == "" {
		return nil, fmt.Errorf("%s lacks authorization or token endpoint", req.URL)
	}
	return &m, nil
}
