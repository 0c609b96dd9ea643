package backends

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// dpopCheck is the DPoP side (RFC 9449) of fakeAS, called with its mu
// held: it verifies every proof (typ, the embedded public key's signature,
// htm, htu, iat, a fresh jti, ath at the resource, the nonce when one is
// required), binds tokens to the proof's key, and records what failed.
type dpopCheck struct {
	nonce    string            // required at both servers when set
	bound    map[string]string // access token -> key thumbprint
	jtis     []string
	problems []string
	asked    int // use_dpop_nonce answers given
	schemes  []string
}

func newDPoPCheck(nonce string) *dpopCheck {
	return &dpopCheck{nonce: nonce, bound: map[string]string{}}
}

// verify checks a proof for method and htu (and ath for token) and returns
// its key's thumbprint and nonce.
func (d *dpopCheck) verify(proof, method, htu, token string) (jkt, nonce string, err error) {
	parts := strings.Split(proof, ".")
	if len(parts) != 3 {
		return "", "", fmt.Errorf("proof is not a JWS")
	}
	hb, _ := base64.RawURLEncoding.DecodeString(parts[0])
	var h struct {
		Typ, Alg string
		JWK      struct{ Kty, Crv, X, Y, D string }
	}
	if err := json.Unmarshal(hb, &h); err != nil || h.Typ != "dpop+jwt" || h.Alg != "ES256" || h.JWK.Kty != "EC" || h.JWK.Crv != "P-256" || h.JWK.D != "" {
		return "", "", fmt.Errorf("proof header %s", hb)
	}
	x, _ := base64.RawURLEncoding.DecodeString(h.JWK.X)
	y, _ := base64.RawURLEncoding.DecodeString(h.JWK.Y)
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
	if err != nil {
		return "", "", fmt.Errorf("proof header's jwk: %v", err)
	}
	_, c, err := verifyJWT(proof, pub)
	if err != nil {
		return "", "", err
	}
	iat, _ := c["iat"].(float64)
	jti, _ := c["jti"].(string)
	switch {
	case c["htm"] != method || c["htu"] != htu:
		return "", "", fmt.Errorf("htm %v htu %v, want %s %s", c["htm"], c["htu"], method, htu)
	case time.Since(time.Unix(int64(iat), 0)).Abs() > time.Minute:
		return "", "", fmt.Errorf("iat %v", iat)
	case jti == "" || slices.Contains(d.jtis, jti):
		return "", "", fmt.Errorf("jti missing or replayed")
	}
	d.jtis = append(d.jtis, jti)
	if token != "" {
		sum := sha256.Sum256([]byte(token))
		if c["ath"] != base64.RawURLEncoding.EncodeToString(sum[:]) {
			return "", "", fmt.Errorf("ath %v does not hash the token", c["ath"])
		}
	}
	n, _ := c["nonce"].(string)
	return h.JWK.X + "." + h.JWK.Y, n, nil
}

func (d *dpopCheck) tokenRequest(w http.ResponseWriter, r *http.Request, htu string) (string, bool) {
	jkt, nonce, err := d.verify(r.Header.Get("DPoP"), http.MethodPost, htu, "")
	if err != nil {
		d.problems = append(d.problems, "token request: "+err.Error())
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":"invalid_dpop_proof"}`)
		return "", false
	}
	if d.nonce != "" && nonce != d.nonce {
		d.asked++
		w.Header().Set("DPoP-Nonce", d.nonce)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":"use_dpop_nonce","error_description":"use the nonce"}`)
		return "", false
	}
	return jkt, true
}

// resourceRequest checks the DPoP scheme and proof of an MCP request and
// returns the token, or answers the request itself.
func (d *dpopCheck) resourceRequest(w http.ResponseWriter, r *http.Request, htu, base string) (string, bool) {
	scheme, tok, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	if tok == "" {
		return "", true // the 401 challenge follows
	}
	d.schemes = append(d.schemes, scheme)
	jkt, nonce, err := d.verify(r.Header.Get("DPoP"), r.Method, htu, tok)
	if err != nil || scheme != "DPoP" || d.bound[tok] != jkt {
		d.problems = append(d.problems, fmt.Sprintf("resource request (%s): %v, bound to the proof's key %v", scheme, err, d.bound[tok] == jkt))
		w.WriteHeader(http.StatusUnauthorized)
		return "", false
	}
	if d.nonce != "" && nonce != d.nonce {
		d.asked++
		w.Header().Set("DPoP-Nonce", d.nonce)
		w.Header().Set("WWW-Authenticate", `DPoP error="use_dpop_nonce", resource_metadata="`+base+`/.well-known/oauth-protected-resource/mcp"`)
		w.WriteHeader(http.StatusUnauthorized)
		return "", false
	}
	return tok, true
}

// With an authorization server that supports DPoP, tokens are DPoP-bound:
// proofs at the token endpoint (code exchange and refresh) and on every
// request to the server, the DPoP scheme, and the servers' nonces answered
// by one retry.
func TestOAuthDPoP(t *testing.T) {
	for _, nonce := range []string{"", "server-nonce-1"} {
		t.Run("nonce="+nonce, func(t *testing.T) {
			f := newFakeAS(t)
			f.dpop = newDPoPCheck(nonce)
			o := newTestOAuth(t, f, t.TempDir())
			var secrets []string
			o.Secret = func(s ...string) { secrets = append(secrets, s...) }
			login(t, o)
			rec, _ := o.Record()
			if rec.DPoPKey == "" || !strings.EqualFold(rec.Token.TokenType, "DPoP") {
				t.Fatalf("record: DPoP key %v, token type %q", rec.DPoPKey != "", rec.Token.TokenType)
			}
			if !slices.Contains(secrets, rec.DPoPKey) {
				t.Error("the DPoP key was not registered with the redactor")
			}
			c := &http.Client{Transport: &authTransport{base: http.DefaultTransport, o: o}}
			for i := range 2 {
				resp, err := c.Post(f.srv.URL+"/mcp", "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("request %d: %s", i, resp.Status)
				}
			}
			setExpiry(t, o, time.Now().Add(5*time.Second))
			if tok, err := o.Token(context.Background(), false); err != nil || tok == rec.Token.AccessToken {
				t.Fatalf("DPoP refresh: %v", err)
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			for _, p := range f.dpop.problems {
				t.Errorf("server: %s", p)
			}
			if nonce != "" && f.dpop.asked != 2 {
				t.Errorf("%d use_dpop_nonce answers; want one from each server (the nonce is kept)", f.dpop.asked)
			}
			if len(f.dpop.schemes) < 2 || slices.ContainsFunc(f.dpop.schemes, func(s string) bool { return s != "DPoP" }) {
				t.Errorf("schemes %q; want DPoP on every request", f.dpop.schemes)
			}
		})
	}
}
