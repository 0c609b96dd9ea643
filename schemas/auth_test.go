package schemas

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestParseAuthGrants: what each grant needs is checked at load, each
// error naming its JSON pointer; a backend with a bad auth is disabled,
// the others serve.
func TestParseAuthGrants(t *testing.T) {
	const u = `"type":"http","url":"https://mcp.example.com/mcp"`
	tests := []struct {
		name, auth string
		want       string // "" valid; else the Invalid text (prefix with "~")
	}{
		{"authorization code default", `{"type":"oauth"}`, ""},
		{"client credentials secret", `{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"${TOKEN}"}`, ""},
		{"client credentials key file", `{"type":"oauth","grant":"client_credentials","clientId":"c","privateKeyFile":"key.pem","signingAlgorithm":"ES256"}`, ""},
		{"cross app access", `{"type":"oauth","grant":"cross_app_access","clientId":"c","clientSecret":"s","idp":{"issuer":"https://idp.example.com","clientId":"i","idTokenFile":"id.jwt"}}`, ""},
		{"client credentials without client id", `{"type":"oauth","grant":"client_credentials","clientSecret":"s"}`,
			"/backends/0/auth/clientId: the client_credentials grant needs the clientId registered with the authorization server"},
		{"client credentials without credentials", `{"type":"oauth","grant":"client_credentials","clientId":"c"}`,
			"/backends/0/auth/clientSecret: the client_credentials grant needs clientSecret, privateKeyFile or privateKey"},
		{"key and secret", `{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"s","privateKey":"k"}`,
			"/backends/0/auth/privateKey: set a private key or clientSecret, not both"},
		{"key file and inline key", `{"type":"oauth","grant":"client_credentials","clientId":"c","privateKey":"k","privateKeyFile":"f"}`,
			"/backends/0/auth/privateKey: set privateKey or privateKeyFile, not both"},
		{"private_key_jwt without key", `{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"s","tokenEndpointAuthMethod":"private_key_jwt"}`,
			"/backends/0/auth/tokenEndpointAuthMethod: private_key_jwt needs privateKeyFile or privateKey"},
		{"unknown grant", `{"type":"oauth","grant":"password","clientId":"c"}`, "~/backends/0/auth/grant: value must be one of"},
		{"unknown algorithm", `{"type":"oauth","grant":"client_credentials","clientId":"c","privateKeyFile":"f","signingAlgorithm":"HS256"}`, "~/backends/0/auth/signingAlgorithm: value must be one of"},
		{"key with authorization code", `{"type":"oauth","clientId":"c","privateKeyFile":"f"}`,
			"/backends/0/auth/privateKeyFile: a private key is used by the client_credentials and cross_app_access grants only"},
		{"redirect port with client credentials", `{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"s","redirectPort":8765}`,
			"/backends/0/auth/redirectPort: redirectPort is used by the authorization_code grant only"},
		{"cross app access without idp", `{"type":"oauth","grant":"cross_app_access","clientId":"c"}`,
			"/backends/0/auth/idp: the cross_app_access grant needs idp (the identity provider: issuer or tokenEndpoint, clientId, idTokenFile or idToken)"},
		{"idp without issuer or token", `{"type":"oauth","grant":"cross_app_access","clientId":"c","idp":{"clientId":"i"}}`,
			"/backends/0/auth/idp/idTokenFile: set idTokenFile or idToken (the user's ID token from the identity provider); /backends/0/auth/idp/issuer: set issuer or tokenEndpoint of the identity provider"},
		{"idp issuer not a URL", `{"type":"oauth","grant":"cross_app_access","clientId":"c","idp":{"issuer":"idp.example.com","clientId":"i","idToken":"t"}}`,
			`/backends/0/auth/idp/issuer: "idp.example.com" is not an http(s) URL`},
		{"idp without client id", `{"type":"oauth","grant":"cross_app_access","clientId":"c","idp":{"issuer":"https://idp","idToken":"t"}}`,
			"/backends/0/auth/idp/clientId: missing property"},
		{"jwt bearer", `{"type":"oauth","grant":"jwt_bearer","assertionFile":"/var/run/secrets/tokens/mcp"}`, ""},
		{"jwt bearer without assertion", `{"type":"oauth","grant":"jwt_bearer","clientId":"c"}`,
			"/backends/0/auth/assertionFile: the jwt_bearer grant needs assertionFile or assertion (the workload's JWT)"},
		{"assertion with client credentials", `{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"s","assertion":"j"}`,
			"/backends/0/auth/assertionFile: an assertion is used by the jwt_bearer grant only"},
		{"issuer not a URL", `{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"s","issuer":"as.example.com"}`,
			`/backends/0/auth/issuer: "as.example.com" is not an http(s) URL`},
		{"unset variable in the secret", `{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"${NOPE}"}`,
			"~/backends/0/auth/clientSecret: environment variable NOPE is not set"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := mustParse(t, `{"backends":[{"id":"r",`+u+`,"auth":`+tc.auth+`},{"id":"ok","command":"x"}]}`)
			got := cfg.Backends[0].Invalid.Error()
			if p, ok := strings.CutPrefix(tc.want, "~"); ok && strings.HasPrefix(got, p) || got == tc.want {
				if cfg.Backends[1].Invalid.Error() != "" {
					t.Errorf("the other backend became invalid: %v", cfg.Backends[1].Invalid)
				}
				return
			}
			t.Errorf("Invalid = %q\nwant      %q", got, tc.want)
		})
	}
}

// Secrets of auth are expanded, registered for the redactor and masked;
// key and ID token files are made absolute against the config's directory.
func TestAuthSecretsExpandedMaskedAndPathsAbsolute(t *testing.T) {
	opts := *testEnv
	opts.BaseDir = "/etc/agentify"
	cfg, err := Parse([]byte(`{"backends":[
	  {"id":"m2m","url":"https://a.example.com/mcp","auth":{"type":"oauth","grant":"client_credentials","clientId":"c","clientSecret":"${TOKEN}"}},
	  {"id":"key","url":"https://b.example.com/mcp","auth":{"type":"oauth","grant":"client_credentials","clientId":"c","privateKeyFile":"keys/k.pem"}},
	  {"id":"inline","url":"https://b.example.com/mcp","auth":{"type":"oauth","grant":"client_credentials","clientId":"c","privateKey":"-----BEGIN PRIVATE KEY-----inline"}},
	  {"id":"xaa","url":"https://c.example.com/mcp","auth":{"type":"oauth","grant":"cross_app_access","clientId":"c","clientSecret":"xaa-secret",
	     "idp":{"issuer":"https://idp.example.com","clientId":"i","clientSecret":"idp-secret","idToken":"eyJ.id-token.sig"}}},
	  {"id":"wif","url":"https://d.example.com/mcp","auth":{"type":"oauth","grant":"jwt_bearer","assertion":"eyJ.workload-jwt.sig"}},
	  {"id":"xaf","url":"https://c.example.com/mcp","auth":{"type":"oauth","grant":"cross_app_access","clientId":"c",
	     "idp":{"tokenEndpoint":"https://idp.example.com/token","clientId":"i","idTokenFile":"id.jwt"}}}
	]}`), "test.json", &opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range cfg.Backends {
		if len(b.Invalid) > 0 {
			t.Fatalf("%s: %v", b.ID, b.Invalid)
		}
	}
	if got := cfg.Backends[0].Auth.ClientSecret; got != "s3cret" {
		t.Errorf("clientSecret expanded to %q", got)
	}
	if got := cfg.Backends[1].Auth.PrivateKeyFile; got != filepath.Join("/etc/agentify", "keys/k.pem") {
		t.Errorf("privateKeyFile = %q, want it relative to the config", got)
	}
	if got := cfg.Backends[5].Auth.IdP.IDTokenFile; got != filepath.Join("/etc/agentify", "id.jwt") {
		t.Errorf("idTokenFile = %q", got)
	}
	secrets := cfg.Secrets()
	for _, s := range []string{"s3cret", "-----BEGIN PRIVATE KEY-----inline", "xaa-secret", "idp-secret", "eyJ.id-token.sig", "eyJ.workload-jwt.sig"} {
		if !slices.Contains(secrets, s) {
			t.Errorf("Secrets misses %q", s)
		}
	}
	b, _ := json.Marshal(cfg.Masked())
	for _, s := range []string{"s3cret", "BEGIN PRIVATE KEY", "xaa-secret", "idp-secret", "id-token", "workload-jwt"} {
		if strings.Contains(string(b), s) {
			t.Errorf("the masked config holds %q", s)
		}
	}
	if cfg.Backends[3].Auth.ClientSecret != "xaa-secret" {
		t.Error("Masked changed the original")
	}
}
