package backends

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// The grants that need no browser: OAuth client credentials (RFC 6749
// §4.4, MCP extension SEP-1046), Enterprise-Managed Authorization
// (SEP-990: an ID token exchanged at the identity provider for an ID-JAG,
// RFC 8693, then the RFC 7523 JWT bearer grant at the server's
// authorization server) and workload identity federation (SEP-1933: the
// RFC 7523 JWT bearer grant with a JWT the platform issued the workload). Their tokens are not refreshed with refresh
// tokens: the grant runs again before expiry and when the server refuses
// the token.

const (
	grantTypeJWTBearer      = "urn:ietf:params:oauth:grant-type:jwt-bearer"
	clientAssertionTypeJWT  = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
	clientAssertionLifetime = 5 * time.Minute
)

// Token endpoint client authentication methods (RFC 8414 names).
const (
	authNone   = "none"
	authBasic  = "client_secret_basic"
	authPost   = "client_secret_post"
	authKeyJWT = "private_key_jwt"
)

// grant returns the configured grant.
func (o *OAuth) grant() string {
	if o.cfg.Grant == "" {
		return schemas.GrantAuthorizationCode
	}
	return o.cfg.Grant
}

// Interactive reports whether the backend's tokens need a user in a
// browser (the authorization code grant). The other grants run unattended.
func (o *OAuth) Interactive() bool { return o.grant() == schemas.GrantAuthorizationCode }

// usable reports whether r holds an access token that does not expire
// within refreshMargin.
func usable(r *TokenRecord) bool {
	return r != nil && r.Token != nil && r.Token.AccessToken != "" &&
		(r.Token.Expiry.IsZero() || time.Until(r.Token.Expiry) > refreshMargin)
}

// grantToken returns an access token from the configured non-interactive
// grant. A stored token is reused while it is usable, unless force is set
// or it is the token the server just refused (refused). Otherwise the grant
// runs: with the stored endpoints, or after discovery when ch is set (the
// server's challenge; the zero Challenge discovers from the well-known
// URIs) or the stored record is of no use. With no record and no challenge
// it returns "" and no error: the request goes without a token and its
// challenge starts the grant.
//
// It holds o.mu and, across processes, the token file's lock while the
// grant runs, so concurrent requests share one grant.
func (o *OAuth) grantToken(ctx context.Context, refused string, force bool, ch *Challenge) (string, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !force && refused == "" && ch == nil && o.loaded {
		r := o.rec
		if usable(r) {
			return r.Token.AccessToken, nil
		}
		if r == nil || r.Grant != o.grant() || r.TokenURL == "" {
			return "", nil
		}
	}
	o.loaded = true
	var tok string
	err := o.store.withLock(func() error {
		r, err := o.store.load()
		if err != nil {
			return err
		}
		if r != nil && r.Grant != o.grant() {
			r = nil // from another grant of the same client: start afresh
		}
		o.secret(r)
		o.rec = r
		if !force && usable(r) && r.Token.AccessToken != refused {
			tok = r.Token.AccessToken
			return nil
		}
		if ch == nil && (r == nil || r.TokenURL == "") {
			return nil
		}
		rec := r
		if ch != nil || rec == nil || rec.TokenURL == "" {
			c := Challenge{}
			if ch != nil {
				c = *ch
			}
			if rec, err = o.discover(ctx, c); err != nil {
				return err
			}
			rec.Grant, rec.ClientID = o.grant(), o.cfg.ClientID
			rec.AuthMethod = o.authMethod(rec.registration)
			rec.registration = nil
		}
		nt, err := o.runGrant(ctx, rec)
		if err != nil {
			if r != nil {
				// Kept for auth status. A token that has not expired and
				// was not refused still serves until it does.
				r.RefreshError = err.Error()
				still := !force && r.Token != nil && r.Token.AccessToken != "" && r.Token.AccessToken != refused && time.Now().Before(r.Token.Expiry)
				if !still {
					r.Token = nil
				}
				_ = o.store.save(r)
				o.rec = r
				if still {
					tok = r.Token.AccessToken
					return nil
				}
			}
			return err
		}
		rec.Token, rec.RefreshError = nt, ""
		o.secret(rec)
		o.rec, tok = rec, nt.AccessToken
		return o.store.save(rec)
	})
	if err != nil {
		return "", fmt.Errorf("authorization (%s grant): %w", o.grant(), err)
	}
	return tok, nil
}

// Grant runs the configured non-interactive grant now and stores its token
// (`auth login`); ch is the server's challenge, if it answered with one.
func (o *OAuth) Grant(ctx context.Context, ch Challenge) error {
	if o.Interactive() {
		return errors.New("the authorization code grant needs a browser: use Login")
	}
	_, err := o.grantToken(ctx, "", true, &ch)
	return err
}

// authMethod chooses how the client authenticates at the token endpoint:
// the configured method; private_key_jwt with a key; none without a
// secret; else client_secret_basic unless the authorization server's
// metadata lists only client_secret_post (RFC 8414: basic is the default
// when the metadata says nothing).
func (o *OAuth) authMethod(asm *oauthex.AuthServerMeta) string {
	switch {
	case o.cfg.TokenEndpointAuthMethod != "":
		return o.cfg.TokenEndpointAuthMethod
	case o.cfg.PrivateKey != "" || o.cfg.PrivateKeyFile != "":
		return authKeyJWT
	case o.cfg.ClientSecret == "":
		return authNone
	case asm != nil && slices.Contains(asm.TokenEndpointAuthMethodsSupported, authPost) && !slices.Contains(asm.TokenEndpointAuthMethodsSupported, authBasic):
		return authPost
	}
	return authBasic
}

// runGrant obtains a token for rec by the configured grant.
func (o *OAuth) runGrant(ctx context.Context, rec *TokenRecord) (*oauth2.Token, error) {
	switch o.grant() {
	case schemas.GrantClientCredentials:
		return o.tokenRequest(ctx, rec, url.Values{"grant_type": {"client_credentials"}})
	case schemas.GrantJWTBearer:
		a, err := o.workloadAssertion()
		if err != nil {
			return nil, err
		}
		return o.tokenRequest(ctx, rec, url.Values{"grant_type": {grantTypeJWTBearer}, "assertion": {a}})
	case schemas.GrantCrossAppAccess:
		jag, err := o.idJAG(ctx, rec)
		if err != nil {
			return nil, err
		}
		return o.tokenRequest(ctx, rec, url.Values{"grant_type": {grantTypeJWTBearer}, "assertion": {jag}})
	}
	return nil, fmt.Errorf("grant %q is not supported", o.grant())
}

// tokenRequest posts a grant to the authorization server's token endpoint
// with the resource indicator (RFC 8707), the scopes and the client's
// authentication.
func (o *OAuth) tokenRequest(ctx context.Context, rec *TokenRecord, params url.Values) (*oauth2.Token, error) {
	if rec.TokenURL == "" {
		return nil, errors.New("the authorization server's metadata names no token endpoint")
	}
	if rec.Resource != "" {
		params.Set("resource", rec.Resource)
	}
	cc := &clientcredentials.Config{ClientID: rec.ClientID, TokenURL: rec.TokenURL, Scopes: rec.Scopes, EndpointParams: params, AuthStyle: oauth2.AuthStyleInParams}
	switch rec.AuthMethod {
	case authBasic:
		cc.ClientSecret, cc.AuthStyle = o.cfg.ClientSecret, oauth2.AuthStyleInHeader
	case authPost:
		cc.ClientSecret = o.cfg.ClientSecret
	case authKeyJWT:
		a, err := o.clientAssertion(rec)
		if err != nil {
			return nil, err
		}
		params.Set("client_assertion_type", clientAssertionTypeJWT)
		params.Set("client_assertion", a)
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, o.tokenHTTP(rec))
	tok, err := cc.Token(ctx)
	if err != nil {
		return nil, fmt.Errorf("token endpoint %s: %s", rec.TokenURL, o.scrub(grantErrorText(err), params.Get("assertion"), params.Get("client_assertion")))
	}
	return tok, nil
}

// grantErrorText describes a failed token request by the server's error
// code and description, never by its raw body (which may echo
// credentials).
func grantErrorText(err error) string {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) {
		return err.Error()
	}
	if re.ErrorCode == "" {
		if re.Response != nil {
			return "answered " + re.Response.Status
		}
		return "token request failed"
	}
	s := re.ErrorCode
	if d := re.ErrorDescription; d != "" {
		if len(d) > 200 {
			d = d[:200] + "…"
		}
		s += " (" + d + ")"
	}
	return s
}

// scrub masks the configured secrets, and extra, in s: a server's error
// description may echo what it was sent.
func (o *OAuth) scrub(s string, extra ...string) string {
	secrets := append([]string{o.cfg.ClientSecret, strings.TrimSpace(o.cfg.PrivateKey), o.cfg.Assertion}, extra...)
	if idp := o.cfg.IdP; idp != nil {
		secrets = append(secrets, idp.ClientSecret, idp.IDToken)
	}
	for _, v := range secrets {
		if len(v) >= 4 {
			s = strings.ReplaceAll(s, v, "***")
		}
	}
	return s
}

// clientAssertion signs the private_key_jwt client assertion (RFC 7523
// §2.2 and §3): issuer and subject the client id, audience the
// authorization server's issuer (its token endpoint when it has none), a
// short lifetime and a unique jti.
func (o *OAuth) clientAssertion(rec *TokenRecord) (string, error) {
	key, alg, err := o.signingKey()
	if err != nil {
		return "", err
	}
	aud := rec.Issuer
	if aud == "" {
		aud = rec.TokenURL
	}
	now := time.Now()
	a, err := signJWT(key, alg, "JWT", map[string]any{
		"iss": rec.ClientID, "sub": rec.ClientID, "aud": aud,
		"iat": now.Unix(), "exp": now.Add(clientAssertionLifetime).Unix(), "jti": randomString(),
	})
	if err != nil {
		return "", err
	}
	if o.Secret != nil {
		o.Secret(a)
	}
	return a, nil
}

// signingKey reads the configured private key (the file each time, so a
// rotated key is taken) and its JWS algorithm.
func (o *OAuth) signingKey() (crypto.Signer, string, error) {
	text, where := []byte(o.cfg.PrivateKey), "auth.privateKey"
	if o.cfg.PrivateKeyFile != "" {
		b, err := os.ReadFile(o.cfg.PrivateKeyFile)
		if err != nil {
			return nil, "", fmt.Errorf("reading auth.privateKeyFile: %w", err)
		}
		text, where = b, "auth.privateKeyFile "+o.cfg.PrivateKeyFile
	}
	if o.Secret != nil && len(text) > 0 {
		o.Secret(strings.TrimSpace(string(text)))
	}
	key, err := parsePrivateKey(text)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", where, err)
	}
	alg, err := jwsAlgorithm(key, o.cfg.SigningAlgorithm)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", where, err)
	}
	return key, alg, nil
}

// parsePrivateKey reads a PEM private key: PKCS#8, SEC 1 (EC) or PKCS#1
// (RSA). Errors never quote the key.
func parsePrivateKey(text []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(text)
	if block == nil {
		return nil, errors.New("no PEM block found (want -----BEGIN PRIVATE KEY-----)")
	}
	var k any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		k, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		k, err = x509.ParseECPrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		k, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "ENCRYPTED PRIVATE KEY":
		return nil, errors.New("encrypted private keys are not supported; decrypt it (openssl pkcs8 -topk8 -nocrypt) and protect the file's mode instead")
	default:
		return nil, fmt.Errorf("PEM block %q is not a private key", block.Type)
	}
	if err != nil {
		return nil, errors.New("the private key does not parse")
	}
	switch k := k.(type) {
	case *ecdsa.PrivateKey:
		return k, nil
	case *rsa.PrivateKey:
		return k, nil
	}
	return nil, fmt.Errorf("a %T is not supported (want an EC P-256/P-384 or RSA key)", k)
}

// jwsAlgorithm checks alg against the key, or picks the key's algorithm.
func jwsAlgorithm(key crypto.Signer, alg string) (string, error) {
	var want string
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		switch k.Curve {
		case elliptic.P256():
			want = "ES256"
		case elliptic.P384():
			want = "ES384"
		default:
			return "", fmt.Errorf("EC curve %s is not supported (want P-256 or P-384)", k.Curve.Params().Name)
		}
	case *rsa.PrivateKey:
		if k.N.BitLen() < 2048 {
			return "", fmt.Errorf("a %d-bit RSA key is too short (want at least 2048)", k.N.BitLen())
		}
		want = "RS256"
	}
	if alg != "" && alg != want {
		return "", fmt.Errorf("signingAlgorithm %s does not fit the key (%s)", alg, want)
	}
	return want, nil
}

// signJWT returns the compact JWS of claims, signed with key (RFC 7515,
// RFC 7518 §3.3 and §3.4: ECDSA signatures as fixed-size R||S).
func signJWT(key crypto.Signer, alg, typ string, claims map[string]any) (string, error) {
	return signJWS(key, alg, map[string]any{"alg": alg, "typ": typ}, claims)
}

// signJWS is [signJWT] with a header of the caller's (which names alg).
func signJWS(key crypto.Signer, alg string, header, claims map[string]any) (string, error) {
	h, err := json.Marshal(header)
	if err != nil {
		return "", err
	}
	c, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	input := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c)
	var sig []byte
	switch alg {
	case "ES256", "ES384":
		k := key.(*ecdsa.PrivateKey)
		var digest []byte
		if alg == "ES256" {
			d := sha256.Sum256([]byte(input))
			digest = d[:]
		} else {
			d := sha512.Sum384([]byte(input))
			digest = d[:]
		}
		r, s, err := ecdsa.Sign(rand.Reader, k, digest)
		if err != nil {
			return "", fmt.Errorf("signing the client assertion: %w", err)
		}
		size := (k.Curve.Params().BitSize + 7) / 8
		sig = make([]byte, 2*size)
		r.FillBytes(sig[:size])
		s.FillBytes(sig[size:])
	case "RS256":
		d := sha256.Sum256([]byte(input))
		sig, err = rsa.SignPKCS1v15(rand.Reader, key.(*rsa.PrivateKey), crypto.SHA256, d[:])
		if err != nil {
			return "", fmt.Errorf("signing the client assertion: %w", err)
		}
	default:
		return "", fmt.Errorf("signing algorithm %q is not supported", alg)
	}
	return input + "." + base64.RawURLEncoding.EncodeToString(sig), nil
}

// idJAG exchanges the user's ID token at the identity provider for an
// identity assertion JWT authorization grant (ID-JAG) for rec's
// authorization server and resource (RFC 8693; SEP-990).
func (o *OAuth) idJAG(ctx context.Context, rec *TokenRecord) (string, error) {
	idp := o.cfg.IdP
	if idp == nil {
		return "", errors.New("the cross_app_access grant needs auth.idp")
	}
	if rec.Issuer == "" {
		return "", errors.New("the authorization server has no issuer to name as the ID-JAG's audience")
	}
	idTok, err := o.idToken()
	if err != nil {
		return "", err
	}
	tokenURL := idp.TokenEndpoint
	if tokenURL == "" {
		m, err := o.serverMetadata(ctx, idp.Issuer)
		if err != nil {
			return "", fmt.Errorf("identity provider metadata: %w", err)
		}
		if m == nil {
			return "", fmt.Errorf("identity provider %s publishes no metadata; set auth.idp.tokenEndpoint", idp.Issuer)
		}
		tokenURL = m.TokenEndpoint
	}
	creds := &oauthex.ClientCredentials{ClientID: idp.ClientID}
	if idp.ClientSecret != "" {
		creds.ClientSecretAuth = &oauthex.ClientSecretAuth{ClientSecret: idp.ClientSecret}
	}
	t, err := oauthex.ExchangeToken(ctx, tokenURL, &oauthex.TokenExchangeRequest{
		RequestedTokenType: oauthex.TokenTypeIDJAG,
		Audience:           rec.Issuer,
		Resource:           rec.Resource,
		Scope:              rec.Scopes,
		SubjectToken:       idTok,
		SubjectTokenType:   oauthex.TokenTypeIDToken,
	}, creds, o.http)
	if err != nil {
		msg := o.scrub(grantErrorText(err), idTok)
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.ErrorCode == "invalid_grant" {
			msg += "; is the ID token current?"
		}
		return "", fmt.Errorf("token exchange at the identity provider %s: %s", tokenURL, msg)
	}
	if itt, _ := t.Extra("issued_token_type").(string); itt != oauthex.TokenTypeIDJAG {
		return "", fmt.Errorf("the identity provider issued a %q, not an ID-JAG", itt)
	}
	if o.Secret != nil {
		o.Secret(t.AccessToken)
	}
	return t.AccessToken, nil
}

// serverMetadata reads the metadata of the authorization server (or
// identity provider) issuer at the URIs the MCP specification lists, in its
// order: RFC 8414 and OpenID Connect discovery, with path insertion for an
// issuer with a path, then OpenID Connect path appending. Unlike the
// authorization code flow's discovery it does not require PKCE, which the
// non-interactive grants do not use; it does require the issuer to match
// (RFC 8414 §3.3) and a token endpoint. No document is (nil, nil).
func (o *OAuth) serverMetadata(ctx context.Context, issuer string) (*asMeta, error) {
	u, err := url.Parse(issuer)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("issuer %q is not an http(s) URL", issuer)
	}
	var urls []string
	p := strings.Trim(u.Path, "/")
	m := *u
	m.RawQuery, m.Fragment = "", ""
	if p == "" {
		for _, wk := range []string{"/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"} {
			m.Path = wk
			urls = append(urls, m.String())
		}
	} else {
		for _, wk := range []string{"/.well-known/oauth-authorization-server/" + p, "/.well-known/openid-configuration/" + p, "/" + p + "/.well-known/openid-configuration"} {
			m.Path = wk
			urls = append(urls, m.String())
		}
	}
	for _, mu := range urls {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, mu, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "application/json")
		resp, err := o.http.Do(req)
		if err != nil {
			return nil, fmt.Errorf("fetching %s: %w", mu, err)
		}
		if resp.StatusCode >= 400 && resp.StatusCode < 500 {
			drain(resp)
			continue
		}
		if resp.StatusCode != http.StatusOK {
			drain(resp)
			return nil, fmt.Errorf("%s answered %s", mu, resp.Status)
		}
		var asm asMeta
		err = json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&asm)
		drain(resp)
		if err != nil {
			return nil, fmt.Errorf("decoding %s: %w", mu, err)
		}
		if strings.TrimSuffix(asm.Issuer, "/") != strings.TrimSuffix(issuer, "/") {
			return nil, fmt.Errorf("%s names issuer %q, not %q", mu, asm.Issuer, issuer)
		}
		if tu, err := url.Parse(asm.TokenEndpoint); asm.TokenEndpoint == "" || err != nil || (tu.Scheme != "https" && tu.Scheme != "http") {
			return nil, fmt.Errorf("%s has no http(s) token_endpoint", mu)
		}
		return &asm, nil
	}
	return nil, nil
}

// asMeta is authorization server metadata with the DPoP algorithms
// (RFC 9449 §5.1), which oauthex.AuthServerMeta lacks.
type asMeta struct {
	oauthex.AuthServerMeta
	DPoPAlgs []string `json:"dpop_signing_alg_values_supported,omitempty"`
}

// idToken returns the user's ID token (idp.idTokenFile, read each time, or
// idp.idToken), refusing one whose exp has passed with a clear error
// instead of the identity provider's.
func (o *OAuth) idToken() (string, error) {
	idp := o.cfg.IdP
	tok, where := idp.IDToken, "auth.idp.idToken"
	if idp.IDTokenFile != "" {
		b, err := os.ReadFile(idp.IDTokenFile)
		if err != nil {
			return "", fmt.Errorf("reading auth.idp.idTokenFile: %w", err)
		}
		tok, where = strings.TrimSpace(string(b)), "auth.idp.idTokenFile "+idp.IDTokenFile
	}
	if tok == "" {
		return "", fmt.Errorf("%s is empty", where)
	}
	if o.Secret != nil {
		o.Secret(tok)
	}
	if exp, ok := jwtExpiry(tok); ok && time.Now().After(exp) {
		return "", fmt.Errorf("the ID token in %s expired at %s; sign in to the identity provider again", where, exp.UTC().Format(time.RFC3339))
	}
	return tok, nil
}

// workloadAssertion returns the workload's JWT for the jwt_bearer grant
// (workload identity federation, SEP-1933: RFC 7523 §2.1 with a JWT the
// platform issued): auth.assertionFile, read each time (platforms rotate
// it), or auth.assertion; an expired one is refused with a clear error.
func (o *OAuth) workloadAssertion() (string, error) {
	a, where := o.cfg.Assertion, "auth.assertion"
	if o.cfg.AssertionFile != "" {
		b, err := os.ReadFile(o.cfg.AssertionFile)
		if err != nil {
			return "", fmt.Errorf("reading auth.assertionFile: %w", err)
		}
		a, where = strings.TrimSpace(string(b)), "auth.assertionFile "+o.cfg.AssertionFile
	}
	if a == "" {
		return "", fmt.Errorf("%s is empty", where)
	}
	if o.Secret != nil {
		o.Secret(a)
	}
	if exp, ok := jwtExpiry(a); ok && time.Now().After(exp) {
		return "", fmt.Errorf("the JWT in %s expired at %s", where, exp.UTC().Format(time.RFC3339))
	}
	return a, nil
}

// jwtExpiry reads the exp claim of a compact JWT without verifying it.
func jwtExpiry(tok string) (time.Time, bool) {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return time.Time{}, false
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return time.Time{}, false
	}
	var c struct {
		Exp *float64 `json:"exp"`
	}
	if json.Unmarshal(b, &c) != nil || c.Exp == nil {
		return time.Time{}, false
	}
	return time.Unix(int64(*c.Exp), 0), true
}

// roundTripGrant is [authTransport.RoundTrip] for the non-interactive
// grants: the token is sent; when the server refuses it (401, or 403 with
// insufficient_scope), the grant runs again (after discovery from the
// server's challenge) and the request is sent once more. A grant that fails
// fails the request with its reason; no browser is involved.
func (t *authTransport) roundTripGrant(r *http.Request) (*http.Response, error) {
	tok, err := t.o.grantToken(r.Context(), "", false, nil)
	if err != nil {
		return nil, err
	}
	resp, err := t.send(r, tok)
	if err != nil {
		return nil, err
	}
	if !refusal(resp) {
		return resp, nil
	}
	ch := ParseChallenge(resp.Header)
	drain(resp)
	nt, err := t.o.grantToken(r.Context(), tok, false, &ch)
	if err != nil {
		return nil, err
	}
	if nt == "" || nt == tok {
		return nil, fmt.Errorf("the server refused the access token of the %s grant", t.o.grant())
	}
	r2 := r
	if r.Body != nil && r.Body != http.NoBody {
		if r.GetBody == nil {
			return nil, errors.New("the server refused the token and the request cannot be sent again")
		}
		b, err := r.GetBody()
		if err != nil {
			return nil, err
		}
		r2 = r.Clone(r.Context())
		r2.Body = b
	}
	resp2, err := t.send(r2, nt)
	if err != nil {
		return nil, err
	}
	if refusal(resp2) {
		drain(resp2)
		return nil, fmt.Errorf("the server refused the access token of the %s grant (%s)", t.o.grant(), resp2.Status)
	}
	return resp2, nil
}

// refusal reports whether resp refuses the request's authorization.
func refusal(resp *http.Response) bool {
	switch resp.StatusCode {
	case http.StatusUnauthorized:
		return true
	case http.StatusForbidden:
		return ParseChallenge(resp.Header).Error == "insufficient_scope"
	}
	return false
}
