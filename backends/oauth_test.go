package backends

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fakeAS is an httptest OAuth authorization server plus an MCP resource
// server speaking the real wire formats: RFC 9728 and RFC 8414 metadata,
// dynamic registration, authorization code with PKCE (approved at once),
// rotating refresh tokens, revocation.
type fakeAS struct {
	srv *httptest.Server

	mu         sync.Mutex
	n          int
	codes      map[string]string // code -> scope
	access     map[string]string // access token -> scope
	refresh    map[string]string // live refresh token -> scope
	refreshes  int               // refresh grants answered with a token
	revoked    []string
	authScopes []string // scope of each authorization request
	brokenPRM  bool
	resources  []string     // resource parameter of each token request
	needScope  string       // scope tools/call needs (step-up); "" none
	openInit   bool         // initialize and notifications need no token (a session is opened)
	dpop       *dpopCheck   // DPoP-bound tokens (see oauth_dpop_test.go); nil: bearer tokens
	deleted    []string     // session ids ended by DELETE
	mcp        http.Handler // serves authorized /mcp requests; nil answers "ok"
}

func newFakeAS(t *testing.T) *fakeAS {
	f := &fakeAS{codes: map[string]string{}, access: map[string]string{}, refresh: map[string]string{}}
	mux := http.NewServeMux()
	f.srv = httptest.NewServer(mux)
	t.Cleanup(f.srv.Close)
	base := f.srv.URL
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		f.mu.Lock()
		broken := f.brokenPRM
		f.mu.Unlock()
		if broken {
			fmt.Fprint(w, `{"resource": "`+base+`/mcp", "authorization_servers": [`)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"resource": base + "/mcp", "authorization_servers": []string{base}, "scopes_supported": []string{"read"}})
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		m := map[string]any{
			"issuer": base, "authorization_endpoint": base + "/authorize", "token_endpoint": base + "/token",
			"registration_endpoint": base + "/register", "revocation_endpoint": base + "/revoke",
			"response_types_supported": []string{"code"}, "code_challenge_methods_supported": []string{"S256"},
		}
		if f.dpop != nil {
			m["dpop_signing_alg_values_supported"] = []string{"ES256"}
		}
		json.NewEncoder(w).Encode(m)
	})
	mux.HandleFunc("/register", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(map[string]any{"client_id": "dyn-client", "token_endpoint_auth_method": "none"})
	})
	mux.HandleFunc("/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("resource") != base+"/mcp" {
			http.Error(w, "bad authorization request", http.StatusBadRequest)
			return
		}
		f.mu.Lock()
		f.n++
		code := fmt.Sprintf("code-%d", f.n)
		f.codes[code] = q.Get("scope")
		f.authScopes = append(f.authScopes, q.Get("scope"))
		f.mu.Unlock()
		u, _ := url.Parse(q.Get("redirect_uri"))
		u.RawQuery = url.Values{"code": {code}, "state": {q.Get("state")}}.Encode()
		http.Redirect(w, r, u.String(), http.StatusFound)
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		f.mu.Lock()
		defer f.mu.Unlock()
		jkt := ""
		if f.dpop != nil {
			var ok bool
			if jkt, ok = f.dpop.tokenRequest(w, r, base+"/token"); !ok {
				return
			}
		}
		f.resources = append(f.resources, r.Form.Get("resource"))
		var scope string
		switch r.Form.Get("grant_type") {
		case "authorization_code":
			s, ok := f.codes[r.Form.Get("code")]
			if !ok || r.Form.Get("code_verifier") == "" {
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprint(w, `{"error":"invalid_grant"}`)
				return
			}
			delete(f.codes, r.Form.Get("code"))
			scope = s
		case "refresh_token":
			s, ok := f.refresh[r.Form.Get("refresh_token")]
			if !ok {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusBadRequest)
				fmt.Fprint(w, `{"error":"invalid_grant","error_description":"refresh token `+r.Form.Get("refresh_token")+` is revoked"}`)
				return
			}
			delete(f.refresh, r.Form.Get("refresh_token")) // rotation: one use only
			f.refreshes++
			scope = s
		}
		f.n++
		at, rt := fmt.Sprintf("at-secret-%d", f.n), fmt.Sprintf("rt-secret-%d", f.n)
		f.access[at], f.refresh[rt] = scope, scope
		typ := "Bearer"
		if f.dpop != nil {
			f.dpop.bound[at], typ = jkt, "DPoP"
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"access_token": at, "refresh_token": rt, "token_type": typ, "expires_in": 3600, "scope": scope})
	})
	mux.HandleFunc("/revoke", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		f.mu.Lock()
		f.revoked = append(f.revoked, r.Form.Get("token"))
		delete(f.refresh, r.Form.Get("token"))
		delete(f.access, r.Form.Get("token"))
		f.mu.Unlock()
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		open := f.openInit
		if open && r.Method == http.MethodDelete {
			f.deleted = append(f.deleted, r.Header.Get("Mcp-Session-Id"))
			f.mu.Unlock()
			return
		}
		f.mu.Unlock()
		if open && r.Method == http.MethodPost {
			b, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(strings.NewReader(string(b)))
			var m struct{ Method string }
			json.Unmarshal(b, &m)
			switch {
			case m.Method == "initialize":
				w.Header().Set("Mcp-Session-Id", "probe-session")
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}`)
				return
			case strings.HasPrefix(m.Method, "notifications/"):
				w.WriteHeader(http.StatusAccepted)
				return
			}
		}
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		f.mu.Lock()
		if f.dpop != nil {
			var ok bool
			if tok, ok = f.dpop.resourceRequest(w, r, base+"/mcp", base); !ok {
				f.mu.Unlock()
				return
			}
		}
		scope, ok := f.access[tok]
		need := f.needScope
		f.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp", scope="read"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if need != "" && !strings.Contains(scope, need) {
			w.Header().Set("WWW-Authenticate", `Bearer error="insufficient_scope", scope="read `+need+`", resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp"`)
			w.WriteHeader(http.StatusForbidden)
			return
		}
		if f.mcp != nil {
			f.mcp.ServeHTTP(w, r)
			return
		}
		io.WriteString(w, "ok")
	})
	return f
}

// browser follows the authorization URL's redirects to the callback.
func browser(u string) error {
	resp, err := http.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("callback answered %s", resp.Status)
	}
	return nil
}

func newTestOAuth(t *testing.T, f *fakeAS, dir string) *OAuth {
	o := NewOAuth(f.srv.URL+"/mcp", &schemas.AuthConfig{Type: "oauth"}, dir)
	o.Open = browser
	return o
}

func login(t *testing.T, o *OAuth) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ch, asked, err := o.Probe(ctx)
	if err != nil || !asked {
		t.Fatalf("probe: asked=%v err=%v", asked, err)
	}
	if err := o.Login(ctx, ch); err != nil {
		t.Fatalf("login: %v", err)
	}
}

func setExpiry(t *testing.T, o *OAuth, exp time.Time) {
	t.Helper()
	r, err := o.store.load()
	if err != nil || r == nil {
		t.Fatalf("load: %v", err)
	}
	r.Token.Expiry = exp
	if err := o.store.save(r); err != nil {
		t.Fatal(err)
	}
	o.mu.Lock()
	o.loaded = false
	o.mu.Unlock()
}

func TestOAuthLoginStoresTokenAndTransportUsesIt(t *testing.T) {
	f := newFakeAS(t)
	dir := t.TempDir()
	o := newTestOAuth(t, f, dir)
	var secrets []string
	o.Secret = func(s ...string) { secrets = append(secrets, s...) }
	login(t, o)

	st, err := os.Stat(o.store.path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("token file mode %v, want 0600", st.Mode().Perm())
	}
	rec, _ := o.Record()
	if rec.ClientID != "dyn-client" || rec.Token.AccessToken == "" {
		t.Fatalf("record: client %q token %v", rec.ClientID, rec.Token != nil)
	}
	if !containsStr(secrets, rec.Token.AccessToken) || !containsStr(secrets, rec.Token.RefreshToken) {
		t.Error("tokens were not registered with the redactor")
	}
	for _, res := range f.resources {
		if res != f.srv.URL+"/mcp" {
			t.Errorf("token request resource %q, want the server URL", res)
		}
	}
	c := &http.Client{Transport: &authTransport{base: http.DefaultTransport, o: o}}
	resp, err := c.Get(f.srv.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("authorized request: %s", resp.Status)
	}
}

func TestOAuthRefreshBeforeExpiryAndOn401(t *testing.T) {
	f := newFakeAS(t)
	o := newTestOAuth(t, f, t.TempDir())
	login(t, o)
	first, _ := o.Token(context.Background(), false)

	setExpiry(t, o, time.Now().Add(5*time.Second)) // within refreshMargin
	second, err := o.Token(context.Background(), false)
	if err != nil || second == "" || second == first {
		t.Fatalf("refresh before expiry: %q (was %q), %v", second, first, err)
	}

	// The server forgets the access token: the transport refreshes on 401 and retries.
	f.mu.Lock()
	delete(f.access, second)
	f.mu.Unlock()
	c := &http.Client{Transport: &authTransport{base: http.DefaultTransport, o: o}}
	resp, err := c.Get(f.srv.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("after 401 refresh: %s", resp.Status)
	}
	if f.refreshes != 2 {
		t.Errorf("refresh grants = %d, want 2", f.refreshes)
	}
}

func TestOAuthRevokedRefreshToken(t *testing.T) {
	f := newFakeAS(t)
	o := newTestOAuth(t, f, t.TempDir())
	login(t, o)
	f.mu.Lock()
	clear(f.refresh)
	f.mu.Unlock()
	setExpiry(t, o, time.Now().Add(-time.Minute))
	tok, err := o.Token(context.Background(), false)
	if err != nil || tok != "" {
		t.Fatalf("revoked refresh: token %q err %v, want none", tok, err)
	}
	rec, _ := o.Record()
	if got := rec.TokenStatus(time.Now()); got != "no token" && !strings.Contains(got, "invalid_grant") {
		t.Errorf("status %q", got)
	}
	if strings.Contains(rec.RefreshError, "rt-secret") {
		t.Errorf("refresh error leaks the token: %q", rec.RefreshError)
	}
	// The transport reports the challenge; the supervisor will authorize again.
	c := &http.Client{Transport: &authTransport{base: http.DefaultTransport, o: o}}
	_, err = c.Get(f.srv.URL + "/mcp")
	if !errors.Is(err, ErrNeedsAuth) {
		t.Fatalf("err = %v, want ErrNeedsAuth", err)
	}
	if _, ok := o.takeChallenge(); !ok {
		t.Error("no challenge recorded")
	}
}

func TestOAuthBrokenMetadata(t *testing.T) {
	f := newFakeAS(t)
	f.brokenPRM = true
	o := newTestOAuth(t, f, t.TempDir())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ch, _, err := o.Probe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	err = o.Login(ctx, ch)
	if err == nil || !strings.Contains(err.Error(), "protected resource metadata") {
		t.Fatalf("err = %v, want a protected resource metadata error", err)
	}
}

func TestOAuthCallbackWrongState(t *testing.T) {
	f := newFakeAS(t)
	o := newTestOAuth(t, f, t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch, _, _ := o.Probe(ctx)
	p, err := o.Begin(ctx, ch)
	if err != nil {
		t.Fatal(err)
	}
	au, _ := url.Parse(p.URL)
	cb := au.Query().Get("redirect_uri") + "?code=forged&state=wrong"
	resp, err := http.Get(cb)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("wrong state answered %s, want 400", resp.Status)
	}
	select {
	case <-p.Done:
		t.Fatal("a callback with the wrong state ended the authorization")
	default:
	}
	// The genuine callback still completes it.
	if err := browser(p.URL); err != nil {
		t.Fatal(err)
	}
	<-p.Done
	if tok, _ := o.Token(ctx, false); tok == "" {
		t.Fatal("no token after the genuine callback")
	}
}

func TestOAuthStepUpKeepsScopes(t *testing.T) {
	f := newFakeAS(t)
	o := newTestOAuth(t, f, t.TempDir())
	login(t, o)
	f.mu.Lock()
	f.needScope = "write"
	f.mu.Unlock()
	c := &http.Client{Transport: &authTransport{base: http.DefaultTransport, o: o}}
	if _, err := c.Get(f.srv.URL + "/mcp"); !errors.Is(err, ErrNeedsAuth) {
		t.Fatalf("403 insufficient_scope: err = %v", err)
	}
	ch, ok := o.takeChallenge()
	if !ok || ch.Error != "insufficient_scope" {
		t.Fatalf("challenge %+v", ch)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := o.Login(ctx, ch); err != nil {
		t.Fatal(err)
	}
	if got := f.authScopes[len(f.authScopes)-1]; !strings.Contains(got, "read") || !strings.Contains(got, "write") {
		t.Errorf("step-up requested scope %q, want read and write", got)
	}
	resp, err := c.Get(f.srv.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("after step-up: %s", resp.Status)
	}
}

// Two gateway processes share the token file: with a rotating refresh
// token, only one may refresh; the other must pick up its result.
func TestOAuthSharedTokenFile(t *testing.T) {
	f := newFakeAS(t)
	dir := t.TempDir()
	a := newTestOAuth(t, f, dir)
	login(t, a)
	b := newTestOAuth(t, f, dir)
	if tb, _ := b.Token(context.Background(), false); tb == "" {
		t.Fatal("second process does not see the stored token")
	}
	setExpiry(t, a, time.Now().Add(-time.Minute))
	b.mu.Lock()
	b.loaded = false
	b.mu.Unlock()
	var wg sync.WaitGroup
	toks := make([]string, 2)
	for i, o := range []*OAuth{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			toks[i], _ = o.Token(context.Background(), false)
		}()
	}
	wg.Wait()
	if toks[0] == "" || toks[0] != toks[1] {
		t.Fatalf("tokens after concurrent refresh: %q %q, want one shared token", toks[0], toks[1])
	}
	if f.refreshes != 1 {
		t.Errorf("refresh grants = %d, want 1", f.refreshes)
	}
}

func TestOAuthLogoutRevokes(t *testing.T) {
	f := newFakeAS(t)
	o := newTestOAuth(t, f, t.TempDir())
	login(t, o)
	rec, _ := o.Record()
	if err := o.Logout(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !containsStr(f.revoked, rec.Token.RefreshToken) {
		t.Errorf("refresh token not revoked: %v", len(f.revoked))
	}
	if r, _ := o.Record(); r != nil {
		t.Error("token file still there")
	}
}

func containsStr(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// A backend behind OAuth waits in needs-auth with the authorization URL,
// tells OnAuthRequired, and connects once the callback arrives; the
// token never shows in its state error.
func TestOAuthBackendNeedsAuthThenConnects(t *testing.T) {
	f := newFakeAS(t)
	srv := mcp.NewServer(&mcp.Implementation{Name: "protected", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "secret_tool", Description: "behind OAuth"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	f.mcp = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: true})

	urls := make(chan string, 1)
	var mu sync.Mutex
	var secrets []string
	m := NewManager([]schemas.Backend{{ID: "p", Type: schemas.TypeHTTP, URL: f.srv.URL + "/mcp"}}, &Options{
		StateDir:       t.TempDir(),
		OnAuthRequired: func(b *Backend, u string) { urls <- u },
		AddSecret:      func(s ...string) { mu.Lock(); secrets = append(secrets, s...); mu.Unlock() },
	})
	defer m.Stop()
	m.Start()
	b, _ := m.Get("p")
	var u string
	select {
	case u = <-urls:
	case <-time.After(10 * time.Second):
		t.Fatal("OnAuthRequired was not called")
	}
	st, err := b.State()
	if st != NeedsAuth || err == nil || !strings.Contains(err.Error(), u) {
		t.Fatalf("state %s, %v; want needs-auth carrying the URL", st, err)
	}
	if err := browser(u); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if st, _ := b.State(); st == Ready {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("after the callback: %s", st)
		}
	}
	if tools := b.Tools(); len(tools) != 1 {
		t.Fatalf("tools = %d, want 1", len(tools))
	}
	mu.Lock()
	defer mu.Unlock()
	if len(secrets) == 0 {
		t.Error("no token registered with the redactor")
	}
}

// A server that leaves initialize open and protects what follows: the
// probe goes on in the session until it is challenged, so that login asks
// for the challenge's scope, then ends the session.
func TestOAuthProbeBeyondOpenInitialize(t *testing.T) {
	f := newFakeAS(t)
	f.openInit = true
	o := newTestOAuth(t, f, t.TempDir())
	ch, asked, err := o.Probe(context.Background())
	if err != nil || !asked {
		t.Fatalf("probe: asked=%v err=%v", asked, err)
	}
	if len(ch.Scopes) != 1 || ch.Scopes[0] != "read" || ch.ResourceMetadata == "" {
		t.Fatalf("challenge %+v; want tools/list's", ch)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.deleted) != 1 || f.deleted[0] != "probe-session" {
		t.Errorf("sessions ended: %q; want the probe's", f.deleted)
	}
}
