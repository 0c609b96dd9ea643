package backends

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// DPoP (RFC 9449; MCP extension SEP-1932): when the authorization server
// advertises ES256 in dpop_signing_alg_values_supported, the client binds
// its tokens to a key of its own. Every token request and every request to
// the server carries a fresh proof JWT signed with that key (the latter with
// the token's hash, ath), and the token is presented with the DPoP scheme.
// A server's use_dpop_nonce challenge is answered by sending the request
// once more with its nonce. The key is kept in the token file (a secret like
// the tokens), so that every gateway process sharing the file can use the
// token.

// dpopAlgs reads the authorization server's DPoP algorithms from its
// metadata; errors mean no DPoP.
func (o *OAuth) dpopAlgs(ctx context.Context, issuer string) []string {
	m, err := o.serverMetadata(ctx, issuer)
	if err != nil || m == nil {
		return nil
	}
	return m.DPoPAlgs
}

// newDPoPKey returns a fresh P-256 key, PKCS#8 DER in base64, for a record.
func newDPoPKey() (string, error) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", err
	}
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(der), nil
}

// dpopKey parses a record's DPoP key; nil when it has none or it does not
// parse.
func dpopKey(enc string) *ecdsa.PrivateKey {
	if enc == "" {
		return nil
	}
	der, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		return nil
	}
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil
	}
	ek, _ := k.(*ecdsa.PrivateKey)
	return ek
}

// dpopProof signs a DPoP proof for a request (RFC 9449 §4.2): htu is the
// URL without query and fragment; ath binds the access token, when one is
// presented; nonce is the server's, when it asked for one.
func dpopProof(key *ecdsa.PrivateKey, method string, u *url.URL, token, nonce string) (string, error) {
	htu := *u
	htu.RawQuery, htu.Fragment, htu.RawFragment = "", "", ""
	claims := map[string]any{"jti": randomString(), "htm": method, "htu": htu.String(), "iat": time.Now().Unix()}
	if token != "" {
		h := sha256.Sum256([]byte(token))
		claims["ath"] = base64.RawURLEncoding.EncodeToString(h[:])
	}
	if nonce != "" {
		claims["nonce"] = nonce
	}
	// The uncompressed point is 0x04 || X || Y, each coordinate 32 bytes
	// on P-256 (SEC 1 §2.3.3); the JWK carries them apart (RFC 7518 §6.2.1).
	pt, err := key.PublicKey.Bytes()
	if err != nil || len(pt) != 65 {
		return "", errors.New("dpop: the proof key is not a P-256 key")
	}
	jwk := map[string]string{"kty": "EC", "crv": "P-256", "x": base64.RawURLEncoding.EncodeToString(pt[1:33]), "y": base64.RawURLEncoding.EncodeToString(pt[33:])}
	return signJWS(key, "ES256", map[string]any{"typ": "dpop+jwt", "alg": "ES256", "jwk": jwk}, claims)
}

// useNonce reports whether resp asks for a DPoP nonce (RFC 9449 §8 at the
// token endpoint: a 400 use_dpop_nonce error; §9 at the resource: a 401
// with a DPoP use_dpop_nonce challenge) and returns it. A body it read is
// put back.
func useNonce(resp *http.Response) (string, bool) {
	n := resp.Header.Get("DPoP-Nonce")
	if n == "" || (resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusUnauthorized) {
		return "", false
	}
	if strings.Contains(strings.Join(resp.Header.Values("WWW-Authenticate"), ","), "use_dpop_nonce") {
		return n, true
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(b))
	if err != nil {
		return "", false
	}
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(b, &e) == nil && e.Error == "use_dpop_nonce" {
		return n, true
	}
	return "", false
}

// sendDPoP sends r with a proof made by proof(nonce), and once more with
// the server's nonce when it asks for one (the request's body is rewound).
// nonce holds the last nonce of this server; it is updated.
func sendDPoP(base http.RoundTripper, r *http.Request, nonce *string, proof func(nonce string) (string, error)) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		p, err := proof(*nonce)
		if err != nil {
			return nil, err
		}
		r2 := r.Clone(r.Context())
		if attempt > 0 && r.Body != nil && r.Body != http.NoBody {
			if r.GetBody == nil {
				return nil, errNoRewind
			}
			if r2.Body, err = r.GetBody(); err != nil {
				return nil, err
			}
		}
		r2.Header.Set("DPoP", p)
		resp, err := base.RoundTrip(r2)
		if err != nil {
			return nil, err
		}
		n, ask := useNonce(resp)
		if !ask || attempt > 0 {
			return resp, nil
		}
		*nonce = n
		drain(resp)
	}
}

var errNoRewind = errors.New("the server asked for a DPoP nonce and the request cannot be sent again")

// dpopTokenTransport adds DPoP proofs to token endpoint requests.
type dpopTokenTransport struct {
	base http.RoundTripper
	o    *OAuth
	key  *ecdsa.PrivateKey
}

func (t *dpopTokenTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.o.dpopMu.Lock()
	nonce := t.o.asNonce
	t.o.dpopMu.Unlock()
	resp, err := sendDPoP(t.base, r, &nonce, func(n string) (string, error) { return dpopProof(t.key, r.Method, r.URL, "", n) })
	t.o.dpopMu.Lock()
	t.o.asNonce = nonce
	t.o.dpopMu.Unlock()
	return resp, err
}

// tokenHTTP is the HTTP client for rec's token requests: with DPoP proofs
// when rec has a DPoP key.
func (o *OAuth) tokenHTTP(rec *TokenRecord) *http.Client {
	k := dpopKey(rec.DPoPKey)
	if k == nil {
		return o.http
	}
	base := o.http.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	return &http.Client{Timeout: o.http.Timeout, Transport: &dpopTokenTransport{base: base, o: o, key: k}}
}

// dpopFor returns the DPoP key tok is bound to, or nil for a bearer token.
func (o *OAuth) dpopFor(tok string) *ecdsa.PrivateKey {
	o.mu.Lock()
	r := o.rec
	o.mu.Unlock()
	if r == nil || r.Token == nil || r.Token.AccessToken != tok || !strings.EqualFold(r.Token.TokenType, "DPoP") {
		return nil
	}
	return dpopKey(r.DPoPKey)
}

// supportsES256 reports whether algs offers the one DPoP algorithm the
// client signs with.
func supportsES256(algs []string) bool { return slices.Contains(algs, "ES256") }
