package backends

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const (
	ccClient    = "cc-client"
	ccSecret    = "cc-secret-0123456789"
	idpClient   = "idp-client"
	idpUser     = "user@example.com"
	idJAGType   = "oauth-id-jag+jwt"
	tokenTypeID = "urn:ietf:params:oauth:token-type:id_token"
	tokenTypeJG = "urn:ietf:params:oauth:token-type:id-jag"
)

// grantAS is an httptest authorization server, enterprise identity
// provider and MCP resource server for the non-interactive grants, speaking
// the real wire formats: RFC 9728 and RFC 8414 metadata (without PKCE,
// which these grants do not use), the client credentials grant with
// client_secret_basic, client_secret_post or private_key_jwt (RFC 7523
// §2.2: it verifies the assertion's signature and claims), RFC 8693 token
// exchange at the identity provider issuing ID-JAGs, and the RFC 7523 JWT
// bearer grant verifying them. Every check it makes that fails is recorded
// in problems.
type grantAS struct {
	srv     *httptest.Server
	base    string
	methods []string         // token_endpoint_auth_methods_supported
	client  crypto.PublicKey // the client's key, for private_key_jwt
	idpKey  *ecdsa.PrivateKey
	idToken string // the ID token the identity provider accepts
	// workload, when set, signs the workload JWTs the jwt_bearer grant
	// presents; clients then authenticate with their client_id only.
	workload *ecdsa.PrivateKey

	mu         sync.Mutex
	grants     []url.Values // token requests at the authorization server
	authHdrs   []string     // their Authorization headers
	exchanges  []url.Values // token exchange requests at the identity provider
	jtis       []string
	issued     map[string]bool
	refusals   int    // 401s from /mcp
	failWith   string // the token endpoint answers invalid_client with this description
	problems   []string
	mcpHandler http.Handler
}

func newGrantAS(t *testing.T, methods ...string) *grantAS {
	t.Helper()
	g := &grantAS{methods: methods, issued: map[string]bool{}}
	idpKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	g.idpKey = idpKey
	mux := http.NewServeMux()
	g.srv = httptest.NewServer(mux)
	t.Cleanup(g.srv.Close)
	g.base = g.srv.URL
	g.idToken = testJWT(map[string]any{"iss": g.base + "/idp", "sub": idpUser, "aud": idpClient, "exp": time.Now().Add(time.Hour).Unix()})
	js := func(w http.ResponseWriter, code int, v any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		json.NewEncoder(w).Encode(v)
	}
	mux.HandleFunc("/.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, r *http.Request) {
		js(w, 200, map[string]any{"resource": g.base + "/mcp", "authorization_servers": []string{g.base}})
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		js(w, 200, map[string]any{
			"issuer": g.base, "token_endpoint": g.base + "/token",
			"grant_types_supported":                 []string{"client_credentials", grantTypeJWTBearer},
			"token_endpoint_auth_methods_supported": g.methods,
		})
	})
	mux.HandleFunc("/idp/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		js(w, 200, map[string]any{"issuer": g.base + "/idp", "token_endpoint": g.base + "/idp/token", "jwks_uri": g.base + "/idp/jwks"})
	})
	mux.HandleFunc("/idp/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		g.mu.Lock()
		defer g.mu.Unlock()
		g.exchanges = append(g.exchanges, r.PostForm)
		f := r.PostForm
		want := map[string]string{
			"grant_type": "urn:ietf:params:oauth:grant-type:token-exchange", "subject_token": g.idToken,
			"subject_token_type": tokenTypeID, "requested_token_type": tokenTypeJG,
			"audience": g.base, "resource": g.base + "/mcp", "client_id": idpClient,
		}
		for k, v := range want {
			if f.Get(k) != v {
				g.problems = append(g.problems, fmt.Sprintf("token exchange: %s = %q, want %q", k, f.Get(k), v))
				js(w, 400, map[string]string{"error": "invalid_request", "error_description": "bad " + k})
				return
			}
		}
		jag, err := signJWT(g.idpKey, "ES256", idJAGType, map[string]any{
			"iss": g.base + "/idp", "sub": idpUser, "aud": f.Get("audience"), "client_id": ccClient,
			"resource": f.Get("resource"), "exp": time.Now().Add(5 * time.Minute).Unix(), "jti": randomString(),
		})
		if err != nil {
			js(w, 500, map[string]string{"error": "server_error"})
			return
		}
		js(w, 200, map[string]any{"access_token": jag, "issued_token_type": tokenTypeJG, "token_type": "N_A", "expires_in": 300})
	})
	mux.HandleFunc("/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		g.mu.Lock()
		defer g.mu.Unlock()
		g.grants = append(g.grants, r.PostForm)
		g.authHdrs = append(g.authHdrs, r.Header.Get("Authorization"))
		if g.failWith != "" {
			js(w, 401, map[string]string{"error": "invalid_client", "error_description": g.failWith})
			return
		}
		client, problem := g.authenticate(r)
		if problem != "" {
			g.problems = append(g.problems, problem)
			js(w, 401, map[string]string{"error": "invalid_client", "error_description": problem})
			return
		}
		if res := r.PostForm.Get("resource"); res != g.base+"/mcp" {
			g.problems = append(g.problems, fmt.Sprintf("token request resource %q", res))
			js(w, 400, map[string]string{"error": "invalid_target"})
			return
		}
		switch gt := r.PostForm.Get("grant_type"); gt {
		case "client_credentials":
		case grantTypeJWTBearer:
			check := g.checkIDJAG
			if g.workload != nil {
				check = g.checkWorkloadJWT
			}
			if p := check(r.PostForm.Get("assertion"), client); p != "" {
				g.problems = append(g.problems, p)
				js(w, 400, map[string]string{"error": "invalid_grant", "error_description": p})
				return
			}
		default:
			g.problems = append(g.problems, "grant_type "+gt)
			js(w, 400, map[string]string{"error": "unsupported_grant_type"})
			return
		}
		at := fmt.Sprintf("grant-token-%d", len(g.grants))
		g.issued[at] = true
		js(w, 200, map[string]any{"access_token": at, "token_type": "Bearer", "expires_in": 3600})
	})
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		g.mu.Lock()
		ok := g.issued[tok]
		if !ok {
			g.refusals++
		}
		h := g.mcpHandler
		g.mu.Unlock()
		if !ok {
			w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+g.base+`/.well-known/oauth-protected-resource/mcp"`)
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if h != nil {
			h.ServeHTTP(w, r)
			return
		}
		io.WriteString(w, "ok")
	})
	return g
}

// authenticate checks the client's authentication at the token endpoint
// (called with g.mu held) and returns the client id.
func (g *grantAS) authenticate(r *http.Request) (string, string) {
	f := r.PostForm
	switch {
	case strings.HasPrefix(r.Header.Get("Authorization"), "Basic "):
		if f.Get("client_secret") != "" || f.Get("client_assertion") != "" {
			return "", "two client authentication methods at once"
		}
		id, secret, _ := r.BasicAuth()
		id, _ = url.QueryUnescape(id)
		secret, _ = url.QueryUnescape(secret)
		if id != ccClient || secret != ccSecret {
			return "", "basic: wrong client credentials"
		}
		return id, ""
	case f.Get("client_assertion") != "":
		if t := f.Get("client_assertion_type"); t != clientAssertionTypeJWT {
			return "", "client_assertion_type " + t
		}
		hdr, claims, err := verifyJWT(f.Get("client_assertion"), g.client)
		if err != nil {
			return "", "client assertion: " + err.Error()
		}
		if hdr["alg"] == "none" || hdr["alg"] == "" {
			return "", "client assertion without algorithm"
		}
		now := time.Now().Unix()
		exp, _ := claims["exp"].(float64)
		iat, _ := claims["iat"].(float64)
		jti, _ := claims["jti"].(string)
		switch {
		case claims["iss"] != ccClient || claims["sub"] != ccClient:
			return "", fmt.Sprintf("client assertion iss %v sub %v, want %s", claims["iss"], claims["sub"], ccClient)
		case claims["aud"] != g.base:
			return "", fmt.Sprintf("client assertion aud %v, want the issuer %s", claims["aud"], g.base)
		case int64(exp) <= now || int64(exp) > now+600:
			return "", fmt.Sprintf("client assertion exp %v is not within 10 minutes from now", exp)
		case int64(iat) > now+5:
			return "", "client assertion iat in the future"
		case jti == "" || slices.Contains(g.jtis, jti):
			return "", "client assertion jti missing or replayed"
		case f.Get("client_secret") != "":
			return "", "a secret next to the assertion"
		}
		g.jtis = append(g.jtis, jti)
		return ccClient, ""
	case f.Get("client_secret") != "":
		if f.Get("client_id") != ccClient || f.Get("client_secret") != ccSecret {
			return "", "post: wrong client credentials"
		}
		return ccClient, ""
	case g.workload != nil && f.Get("client_id") == ccClient:
		return ccClient, "" // a public client: the assertion is the credential
	}
	return "", "no client authentication"
}

// checkIDJAG verifies an ID-JAG as the authorization server of SEP-990
// does: signed by the identity provider, typ oauth-id-jag+jwt, audience
// this server, for the authenticated client and this resource.
func (g *grantAS) checkIDJAG(jag, client string) string {
	hdr, c, err := verifyJWT(jag, &g.idpKey.PublicKey)
	switch {
	case err != nil:
		return "ID-JAG: " + err.Error()
	case hdr["typ"] != idJAGType:
		return fmt.Sprintf("ID-JAG typ %v", hdr["typ"])
	case c["aud"] != g.base:
		return fmt.Sprintf("ID-JAG aud %v", c["aud"])
	case c["client_id"] != client:
		return fmt.Sprintf("ID-JAG client_id %v, authenticated %s", c["client_id"], client)
	case c["resource"] != g.base+"/mcp":
		return fmt.Sprintf("ID-JAG resource %v", c["resource"])
	case c["sub"] != idpUser:
		return fmt.Sprintf("ID-JAG sub %v", c["sub"])
	}
	return ""
}

// checkWorkloadJWT verifies a workload identity JWT (SEP-1933): signed by
// the workload's platform, audience this authorization server, not expired.
func (g *grantAS) checkWorkloadJWT(a, _ string) string {
	_, c, err := verifyJWT(a, &g.workload.PublicKey)
	if err != nil {
		return "workload JWT: " + err.Error()
	}
	exp, _ := c["exp"].(float64)
	if c["aud"] != g.base || int64(exp) <= time.Now().Unix() {
		return fmt.Sprintf("workload JWT aud %v exp %v", c["aud"], c["exp"])
	}
	return ""
}

func (g *grantAS) checkProblems(t *testing.T) {
	t.Helper()
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, p := range g.problems {
		t.Errorf("authorization server: %s", p)
	}
}

func (g *grantAS) grantCount() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.grants)
}

// verifyJWT checks a compact JWS with pub (ES256, ES384 or RS256),
// independently of the client's signer, and returns header and claims.
func verifyJWT(tok string, pub crypto.PublicKey) (map[string]any, map[string]any, error) {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return nil, nil, errors.New("not a compact JWS")
	}
	var hdr, claims map[string]any
	for i, dst := range []*map[string]any{&hdr, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil {
			return nil, nil, err
		}
		if err := json.Unmarshal(b, dst); err != nil {
			return nil, nil, err
		}
	}
	sig, err := base64.RawURLEncoding.DecodeString(parts[2])
	if err != nil {
		return nil, nil, err
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		if hdr["alg"] != "ES256" || len(sig) != 64 {
			return nil, nil, fmt.Errorf("alg %v with a %d-byte signature, want ES256 R||S", hdr["alg"], len(sig))
		}
		if !ecdsa.Verify(k, digest[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
			return nil, nil, errors.New("bad ES256 signature")
		}
	case *rsa.PublicKey:
		if hdr["alg"] != "RS256" {
			return nil, nil, fmt.Errorf("alg %v, want RS256", hdr["alg"])
		}
		if err := rsa.VerifyPKCS1v15(k, crypto.SHA256, digest[:], sig); err != nil {
			return nil, nil, errors.New("bad RS256 signature")
		}
	default:
		return nil, nil, errors.New("no key to verify with")
	}
	return hdr, claims, nil
}

// testJWT is a JWT-shaped token with claims (unsigned: the client only
// reads its exp).
func testJWT(claims map[string]any) string {
	h, _ := json.Marshal(map[string]string{"alg": "ES256", "typ": "JWT"})
	c, _ := json.Marshal(claims)
	return base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c) + ".c2ln"
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// grantClient is an OAuth client for g's /mcp with cfg, whose registered
// secrets are collected, and an HTTP client through its transport.
type grantClient struct {
	o       *OAuth
	c       *http.Client
	mu      sync.Mutex
	secrets []string
}

func newGrantClient(t *testing.T, g *grantAS, cfg *schemas.AuthConfig) *grantClient {
	gc := &grantClient{o: NewOAuth(g.base+"/mcp", cfg, t.TempDir())}
	gc.o.Secret = func(s ...string) { gc.mu.Lock(); gc.secrets = append(gc.secrets, s...); gc.mu.Unlock() }
	gc.o.Open = func(string) error {
		t.Error("a non-interactive grant opened a browser")
		return errors.New("no browser")
	}
	gc.c = &http.Client{Transport: &authTransport{base: http.DefaultTransport, o: gc.o}}
	return gc
}

// call posts a request body to /mcp (so a retry must resend it) and
// returns the status.
func (gc *grantClient) call(t *testing.T, u string) (int, error) {
	t.Helper()
	resp, err := gc.c.Post(u, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

func (gc *grantClient) registered(v string) bool {
	gc.mu.Lock()
	defer gc.mu.Unlock()
	return slices.Contains(gc.secrets, v)
}

func pkcs8PEM(t *testing.T, key any) string {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
}

// The client credentials grant, with each way of authenticating the
// client: the first request is refused, the grant runs, the request is
// sent again and succeeds; later requests reuse the token.
func TestGrantClientCredentials(t *testing.T) {
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	ecSEC1, err := x509.MarshalECPrivateKey(ecKey)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		methods  []string
		pub      crypto.PublicKey
		cfg      func(t *testing.T) *schemas.AuthConfig
		method   string // recorded token endpoint auth method
		wantHdr  bool   // an Authorization: Basic header
		wantPost bool   // client_secret in the form
	}{
		{"client_secret_basic", []string{"client_secret_basic"}, nil, func(*testing.T) *schemas.AuthConfig {
			return &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret}
		}, authBasic, true, false},
		{"metadata silent means basic", nil, nil, func(*testing.T) *schemas.AuthConfig {
			return &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret}
		}, authBasic, true, false},
		{"client_secret_post", []string{"client_secret_post"}, nil, func(*testing.T) *schemas.AuthConfig {
			return &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret}
		}, authPost, false, true},
		{"private_key_jwt ES256 PKCS#8 file", []string{"private_key_jwt"}, &ecKey.PublicKey, func(t *testing.T) *schemas.AuthConfig {
			return &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, PrivateKeyFile: writeFile(t, "key.pem", pkcs8PEM(t, ecKey)), SigningAlgorithm: "ES256"}
		}, authKeyJWT, false, false},
		{"private_key_jwt ES256 SEC 1 inline", []string{"private_key_jwt"}, &ecKey.PublicKey, func(t *testing.T) *schemas.AuthConfig {
			return &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, PrivateKey: string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: ecSEC1}))}
		}, authKeyJWT, false, false},
		{"private_key_jwt RS256 PKCS#1", []string{"private_key_jwt"}, &rsaKey.PublicKey, func(t *testing.T) *schemas.AuthConfig {
			p := string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(rsaKey)}))
			return &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, PrivateKeyFile: writeFile(t, "rsa.pem", p)}
		}, authKeyJWT, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newGrantAS(t, tc.methods...)
			g.client = tc.pub
			gc := newGrantClient(t, g, tc.cfg(t))
			for i := range 3 {
				code, err := gc.call(t, g.base+"/mcp")
				if err != nil || code != http.StatusOK {
					t.Fatalf("call %d: %d, %v", i, code, err)
				}
			}
			g.checkProblems(t)
			g.mu.Lock()
			grants, hdrs, refusals := g.grants, g.authHdrs, g.refusals
			g.mu.Unlock()
			if len(grants) != 1 || refusals != 1 {
				t.Fatalf("%d token requests and %d refusals for 3 calls, want 1 and 1 (the token is reused)", len(grants), refusals)
			}
			if gt := grants[0].Get("grant_type"); gt != "client_credentials" {
				t.Errorf("grant_type %q", gt)
			}
			if got := strings.HasPrefix(hdrs[0], "Basic "); got != tc.wantHdr {
				t.Errorf("Authorization header %v, want basic %v", got, tc.wantHdr)
			}
			if got := grants[0].Get("client_secret") != ""; got != tc.wantPost {
				t.Errorf("client_secret in the form %v, want %v", got, tc.wantPost)
			}
			rec, err := gc.o.Record()
			if err != nil || rec == nil || rec.Grant != schemas.GrantClientCredentials || rec.AuthMethod != tc.method || !usable(rec) {
				t.Fatalf("stored record %+v, %v", rec, err)
			}
			if st := rec.TokenStatus(time.Now()); !strings.HasPrefix(st, "valid until") {
				t.Errorf("status %q", st)
			}
			raw, _ := os.ReadFile(gc.o.store.path)
			if strings.Contains(string(raw), ccSecret) || strings.Contains(string(raw), "PRIVATE KEY") {
				t.Error("the token file holds the client's credentials; they belong in the configuration only")
			}
			if !gc.registered(rec.Token.AccessToken) {
				t.Error("the access token was not registered with the redactor")
			}
			if tc.method == authKeyJWT && !gc.registered(grants[0].Get("client_assertion")) {
				t.Error("the client assertion was not registered with the redactor")
			}
		})
	}
}

// The grant runs again, without a browser, when the token is about to
// expire (before any refusal) and when the server refuses the token; a
// private_key_jwt assertion is new each time (jti).
func TestGrantRunsAgainBeforeExpiryAndOn401(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	g := newGrantAS(t, "private_key_jwt")
	g.client = &key.PublicKey
	gc := newGrantClient(t, g, &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, PrivateKeyFile: writeFile(t, "k.pem", pkcs8PEM(t, key))})
	if code, err := gc.call(t, g.base+"/mcp"); err != nil || code != 200 {
		t.Fatalf("first call: %d, %v", code, err)
	}
	setExpiry(t, gc.o, time.Now().Add(5*time.Second)) // within refreshMargin
	if code, err := gc.call(t, g.base+"/mcp"); err != nil || code != 200 {
		t.Fatalf("call near expiry: %d, %v", code, err)
	}
	g.mu.Lock()
	n, refusals := len(g.grants), g.refusals
	g.issued = map[string]bool{} // the server forgets every token
	g.mu.Unlock()
	if n != 2 || refusals != 1 {
		t.Fatalf("near expiry: %d grants, %d refusals; want the grant run again before the server refuses", n, refusals)
	}
	if code, err := gc.call(t, g.base+"/mcp"); err != nil || code != 200 {
		t.Fatalf("call after the server forgot the token: %d, %v", code, err)
	}
	g.mu.Lock()
	n, refusals, jtis := len(g.grants), g.refusals, len(g.jtis)
	g.mu.Unlock()
	if n != 3 || refusals != 2 || jtis != 3 {
		t.Fatalf("after a refusal: %d grants, %d refusals, %d distinct jti; want 3, 2, 3", n, refusals, jtis)
	}
	g.checkProblems(t)
}

// Enterprise-Managed Authorization: the ID token is exchanged at the
// identity provider (discovered from its issuer) for an ID-JAG, which the
// authorization server turns into an access token.
func TestGrantCrossAppAccess(t *testing.T) {
	g := newGrantAS(t, "client_secret_basic")
	gc := newGrantClient(t, g, &schemas.AuthConfig{
		Type: "oauth", Grant: schemas.GrantCrossAppAccess, ClientID: ccClient, ClientSecret: ccSecret,
		IdP: &schemas.IdPConfig{Issuer: g.base + "/idp", ClientID: idpClient, IDTokenFile: writeFile(t, "id.jwt", g.idToken+"\n")},
	})
	if code, err := gc.call(t, g.base+"/mcp"); err != nil || code != 200 {
		t.Fatalf("call: %d, %v", code, err)
	}
	g.checkProblems(t)
	g.mu.Lock()
	grants, exchanges, hdrs := g.grants, g.exchanges, g.authHdrs
	g.mu.Unlock()
	if len(exchanges) != 1 || len(grants) != 1 {
		t.Fatalf("%d token exchanges, %d grants; want 1 and 1", len(exchanges), len(grants))
	}
	if gt := grants[0].Get("grant_type"); gt != grantTypeJWTBearer || !strings.HasPrefix(hdrs[0], "Basic ") {
		t.Errorf("grant %q with Authorization %q; want the JWT bearer grant with client_secret_basic", gt, hdrs[0])
	}
	if !gc.registered(g.idToken) || !gc.registered(grants[0].Get("assertion")) {
		t.Error("the ID token and the ID-JAG must be registered with the redactor")
	}
	rec, _ := gc.o.Record()
	if rec == nil || rec.Grant != schemas.GrantCrossAppAccess || !usable(rec) {
		t.Fatalf("record %+v", rec)
	}
}

// An expired ID token is refused with a clear error before the identity
// provider is asked; the token never shows in it.
func TestGrantCrossAppAccessExpiredIDToken(t *testing.T) {
	g := newGrantAS(t, "client_secret_basic")
	old := testJWT(map[string]any{"sub": idpUser, "exp": time.Now().Add(-time.Hour).Unix()})
	gc := newGrantClient(t, g, &schemas.AuthConfig{
		Type: "oauth", Grant: schemas.GrantCrossAppAccess, ClientID: ccClient, ClientSecret: ccSecret,
		IdP: &schemas.IdPConfig{TokenEndpoint: g.base + "/idp/token", ClientID: idpClient, IDToken: old},
	})
	_, err := gc.call(t, g.base+"/mcp")
	if err == nil || !strings.Contains(err.Error(), "expired") || !strings.Contains(err.Error(), "cross_app_access grant") {
		t.Fatalf("error %v; want the expired ID token named", err)
	}
	if strings.Contains(err.Error(), old) {
		t.Error("the error holds the ID token")
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.exchanges) != 0 {
		t.Error("the identity provider was asked with an expired ID token")
	}
}

// A grant the authorization server refuses fails the request with the
// server's error code, no secret in it (even where the server echoes one),
// and auth status says the grant failed.
func TestGrantFailureIsClearAndSecretFree(t *testing.T) {
	g := newGrantAS(t, "client_secret_post")
	gc := newGrantClient(t, g, &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret})
	if code, err := gc.call(t, g.base+"/mcp"); err != nil || code != 200 {
		t.Fatalf("first call: %d, %v", code, err)
	}
	g.mu.Lock()
	g.issued = map[string]bool{}
	g.failWith = "client secret " + ccSecret + " was revoked"
	g.mu.Unlock()
	_, err := gc.call(t, g.base+"/mcp")
	if err == nil {
		t.Fatal("the call succeeded with a refused grant")
	}
	for _, want := range []string{"client_credentials grant", "invalid_client", "was revoked"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), ccSecret) {
		t.Errorf("error %q holds the client secret", err)
	}
	rec, _ := gc.o.Record()
	if st := rec.TokenStatus(time.Now()); !strings.HasPrefix(st, "grant failed: ") || strings.Contains(st, ccSecret) {
		t.Errorf("status %q; want grant failed, without the secret", st)
	}
}

// A key that does not fit its algorithm, or no key at all, is a clear
// error that never quotes the key.
func TestGrantPrivateKeyErrors(t *testing.T) {
	g := newGrantAS(t, "private_key_jwt")
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	keyPEM := pkcs8PEM(t, key)
	for _, tc := range []struct {
		name string
		cfg  schemas.AuthConfig
		want string
	}{
		{"algorithm mismatch", schemas.AuthConfig{PrivateKey: keyPEM, SigningAlgorithm: "RS256"}, "does not fit the key"},
		{"not PEM", schemas.AuthConfig{PrivateKey: "MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5oL"}, "no PEM block"},
		{"missing file", schemas.AuthConfig{PrivateKeyFile: filepath.Join(t.TempDir(), "absent.pem")}, "privateKeyFile"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Type, cfg.Grant, cfg.ClientID = "oauth", schemas.GrantClientCredentials, ccClient
			gc := newGrantClient(t, g, &cfg)
			_, err := gc.call(t, g.base+"/mcp")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
			if body := strings.Split(keyPEM, "\n")[1]; strings.Contains(err.Error(), "MHcCAQEEIBkg") || strings.Contains(err.Error(), body) {
				t.Errorf("error %q quotes the key", err)
			}
		})
	}
}

// auth login with a non-interactive grant: the probe's challenge leads to
// the grant, whose token is stored; no browser.
func TestGrantLogin(t *testing.T) {
	g := newGrantAS(t, "client_secret_basic")
	gc := newGrantClient(t, g, &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ch, asked, err := gc.o.Probe(ctx)
	if err != nil || !asked {
		t.Fatalf("probe: %v, %v", asked, err)
	}
	if err := gc.o.Login(ctx, ch); err != nil {
		t.Fatal(err)
	}
	if err := gc.o.Login(ctx, ch); err != nil { // again: a fresh token
		t.Fatal(err)
	}
	if n := g.grantCount(); n != 2 {
		t.Fatalf("%d grants for two logins", n)
	}
	// A second process (the gateway) uses the stored token without a grant.
	other := NewOAuth(g.base+"/mcp", &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret}, filepath.Dir(gc.o.store.path))
	c := &http.Client{Transport: &authTransport{base: http.DefaultTransport, o: other}}
	resp, err := c.Post(g.base+"/mcp", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || g.grantCount() != 2 {
		t.Fatalf("the gateway after login: %s, %d grants", resp.Status, g.grantCount())
	}
	g.checkProblems(t)
}

// A backend with the client credentials grant connects at start, never
// waits in needs-auth and asks nobody to open a URL.
func TestGrantBackendConnectsWithoutBrowser(t *testing.T) {
	g := newGrantAS(t, "client_secret_basic")
	srv := mcp.NewServer(&mcp.Implementation{Name: "m2m", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "report", Description: "behind client credentials"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
	})
	g.mcpHandler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: true})
	var mu sync.Mutex
	var asked []string
	m := NewManager([]schemas.Backend{{ID: "m2m", Type: schemas.TypeHTTP, URL: g.base + "/mcp",
		Auth: &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret}}}, &Options{
		StateDir:       t.TempDir(),
		OnAuthRequired: func(b *Backend, u string) { mu.Lock(); asked = append(asked, u); mu.Unlock() },
	})
	defer m.Stop()
	m.Start()
	b, _ := m.Get("m2m")
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		st, err := b.State()
		if st == Ready {
			break
		}
		if st == NeedsAuth {
			t.Fatalf("state needs-auth: %v", err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("state %s, %v", st, err)
		}
	}
	if tools := b.Tools(); len(tools) != 1 {
		t.Fatalf("tools = %d, want 1", len(tools))
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) > 0 {
		t.Errorf("OnAuthRequired called with %q", asked)
	}
	g.checkProblems(t)
}

// With auth.issuer, a server whose metadata names another authorization
// server never gets the client's credentials sent there.
func TestGrantIssuerBinding(t *testing.T) {
	g := newGrantAS(t, "client_secret_basic")
	gc := newGrantClient(t, g, &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret, Issuer: "https://as.example.com"})
	_, err := gc.call(t, g.base+"/mcp")
	if err == nil || !strings.Contains(err.Error(), "auth.issuer is https://as.example.com") {
		t.Fatalf("error %v; want the issuer mismatch named", err)
	}
	if n := g.grantCount(); n != 0 {
		t.Fatalf("%d token requests to an authorization server the client is not bound to", n)
	}
	gc = newGrantClient(t, g, &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials, ClientID: ccClient, ClientSecret: ccSecret, Issuer: g.base + "/"})
	if code, err := gc.call(t, g.base+"/mcp"); err != nil || code != 200 {
		t.Fatalf("with the right issuer: %d, %v", code, err)
	}
}

// Workload identity federation: the platform's JWT (re-read from its file
// each time, as platforms rotate it) is the grant; the client
// authenticates with its client_id only. An expired JWT is a clear error
// before the authorization server is asked.
func TestGrantJWTBearerWorkload(t *testing.T) {
	g := newGrantAS(t, "none")
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	g.workload = key
	workloadJWT := func(exp time.Time) string {
		j, err := signJWT(key, "ES256", "JWT", map[string]any{"iss": "https://k8s.example", "sub": "system:serviceaccount:ci:agent", "aud": g.base, "exp": exp.Unix()})
		if err != nil {
			t.Fatal(err)
		}
		return j
	}
	file := writeFile(t, "token", workloadJWT(time.Now().Add(time.Hour)))
	gc := newGrantClient(t, g, &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantJWTBearer, ClientID: ccClient, AssertionFile: file})
	if code, err := gc.call(t, g.base+"/mcp"); err != nil || code != 200 {
		t.Fatalf("call: %d, %v", code, err)
	}
	g.checkProblems(t)
	g.mu.Lock()
	grants := g.grants
	g.mu.Unlock()
	if len(grants) != 1 || grants[0].Get("grant_type") != grantTypeJWTBearer || grants[0].Get("client_id") != ccClient {
		t.Fatalf("token requests %v", grants)
	}
	if !gc.registered(grants[0].Get("assertion")) {
		t.Error("the workload JWT was not registered with the redactor")
	}

	// The platform rotated the file to an expired JWT (a stuck rotation):
	// the next grant says so, naming the file, without quoting the JWT.
	old := workloadJWT(time.Now().Add(-time.Minute))
	if err := os.WriteFile(file, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	g.mu.Lock()
	g.issued = map[string]bool{}
	g.mu.Unlock()
	_, err = gc.call(t, g.base+"/mcp")
	if err == nil || !strings.Contains(err.Error(), "expired") || !strings.Contains(err.Error(), file) || strings.Contains(err.Error(), old) {
		t.Fatalf("error %v; want the expired JWT's file named, not the JWT", err)
	}
	if n := g.grantCount(); n != 1 {
		t.Errorf("%d token requests; an expired JWT must not be sent", n)
	}
}

// The grants' metadata discovery: the OpenID Connect document appended to
// an issuer with a path, no PKCE needed, the issuer must match, a token
// endpoint must be named, and no document at all is (nil, nil).
func TestGrantServerMetadata(t *testing.T) {
	var doc map[string]any
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	defer srv.Close()
	mux.HandleFunc("/tenant/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(doc)
	})
	o := NewOAuth(srv.URL+"/mcp", &schemas.AuthConfig{Type: "oauth", Grant: schemas.GrantClientCredentials}, t.TempDir())
	issuer := srv.URL + "/tenant"
	for _, tc := range []struct {
		name    string
		doc     map[string]any
		issuer  string
		wantErr string
		wantTok string
	}{
		{"found by path appending", map[string]any{"issuer": issuer, "token_endpoint": issuer + "/token"}, issuer, "", issuer + "/token"},
		{"issuer with a trailing slash", map[string]any{"issuer": issuer + "/", "token_endpoint": issuer + "/token"}, issuer, "", issuer + "/token"},
		{"another issuer", map[string]any{"issuer": "https://evil.example", "token_endpoint": "https://evil.example/token"}, issuer, `names issuer "https://evil.example"`, ""},
		{"no token endpoint", map[string]any{"issuer": issuer}, issuer, "has no http(s) token_endpoint", ""},
		{"a javascript token endpoint", map[string]any{"issuer": issuer, "token_endpoint": "javascript:alert(1)"}, issuer, "has no http(s) token_endpoint", ""},
		{"no document", nil, srv.URL + "/elsewhere", "", ""},
		{"not a URL", nil, "ftp://x", "is not an http(s) URL", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc = tc.doc
			m, err := o.serverMetadata(context.Background(), tc.issuer)
			switch {
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
			case err != nil:
				t.Fatal(err)
			case tc.wantTok == "" && m != nil:
				t.Fatalf("metadata %+v, want none", m)
			case tc.wantTok != "" && (m == nil || m.TokenEndpoint != tc.wantTok):
				t.Fatalf("metadata %+v, want token endpoint %s", m, tc.wantTok)
			}
		})
	}
}
