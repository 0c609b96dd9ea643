package backends

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// TokenRecord is what the gateway keeps, per backend identity (server URL
// plus configured client id), under the state directory: the discovered
// endpoints, the client registration and the tokens. The file is mode 0600
// and written atomically; every field but the endpoints is a secret.
type TokenRecord struct {
	Server        string        `json:"server"`
	Resource      string        `json:"resource,omitempty"`
	Issuer        string        `json:"issuer,omitempty"`
	AuthURL       string        `json:"authorizationEndpoint,omitempty"`
	TokenURL      string        `json:"tokenEndpoint,omitempty"`
	RevocationURL string        `json:"revocationEndpoint,omitempty"`
	ClientID      string        `json:"clientId,omitempty"`
	ClientSecret  string        `json:"clientSecret,omitempty"`
	AuthStyle     int           `json:"authStyle,omitempty"`
	Scopes        []string      `json:"scopes,omitempty"`
	Token         *oauth2.Token `json:"token,omitempty"`
	// RefreshError records why the last refresh failed (for auth status).
	RefreshError string `json:"refreshError,omitempty"`
	// Grant is the grant that obtained the token ("" for authorization_code
	// records written before grants were configurable).
	Grant string `json:"grant,omitempty"`
	// AuthMethod is how a non-interactive grant authenticates the client at
	// the token endpoint (RFC 8414 names). The credentials themselves stay
	// in the configuration.
	AuthMethod string `json:"tokenEndpointAuthMethod,omitempty"`
	// DPoPKey is the key the tokens are bound to (RFC 9449), PKCS#8 in
	// base64, when the authorization server supports DPoP. A secret.
	DPoPKey string `json:"dpopKey,omitempty"`

	registration *oauthex.AuthServerMeta // during an authorization only
}

// Secrets returns the record's secret values, for the redactor.
func (r *TokenRecord) Secrets() []string {
	var s []string
	if r.ClientSecret != "" {
		s = append(s, r.ClientSecret)
	}
	if r.DPoPKey != "" {
		s = append(s, r.DPoPKey)
	}
	if r.Token != nil {
		for _, v := range []string{r.Token.AccessToken, r.Token.RefreshToken} {
			if v != "" {
				s = append(s, v)
			}
		}
	}
	return s
}

// StateDir is where tokens are kept: $AGENTIFY_STATE_DIR, else
// os.UserConfigDir()/mcp-agentify.
func StateDir() (string, error) {
	if d := os.Getenv("AGENTIFY_STATE_DIR"); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the state directory (set AGENTIFY_STATE_DIR): %w", err)
	}
	return filepath.Join(d, "mcp-agentify"), nil
}

// tokenStore is the token file of one backend identity. Readers and writers
// in different processes serialise on a lock file next to it.
type tokenStore struct {
	path string
}

func newTokenStore(dir, serverURL, clientID string) *tokenStore {
	h := sha256.Sum256([]byte(serverURL + "\n" + clientID))
	return &tokenStore{path: filepath.Join(dir, "oauth-"+hex.EncodeToString(h[:12])+".json")}
}

// load reads the record; a missing file is (nil, nil).
func (s *tokenStore) load() (*TokenRecord, error) {
	b, err := os.ReadFile(s.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading token file: %w", err)
	}
	var r TokenRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("token file %s is corrupt (run auth logout): %w", s.path, err)
	}
	return &r, nil
}

// save writes the record atomically (temp file, then rename), mode 0600.
func (s *tokenStore) save(r *TokenRecord) error {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return fmt.Errorf("creating state directory: %w", err)
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding token file: %w", err)
	}
	f, err := os.CreateTemp(filepath.Dir(s.path), ".oauth-*.tmp")
	if err != nil {
		return fmt.Errorf("writing token file: %w", err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // no-op after the rename
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return fmt.Errorf("writing token file: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("writing token file: %w", err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return fmt.Errorf("writing token file: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing token file: %w", err)
	}
	if err := os.Rename(tmp, s.path); err != nil {
		return fmt.Errorf("writing token file: %w", err)
	}
	return nil
}

// remove deletes the record.
func (s *tokenStore) remove() error {
	if err := os.Remove(s.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing token file: %w", err)
	}
	return nil
}

// withLock runs fn holding an exclusive lock shared with other gateway
// processes (a lock file next to the token file), so that two processes
// never both spend the same refresh token.
func (s *tokenStore) withLock(fn func() error) error {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return fmt.Errorf("creating state directory: %w", err)
	}
	f, err := os.OpenFile(s.path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return fmt.Errorf("opening token lock: %w", err)
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return fmt.Errorf("locking token file: %w", err)
	}
	defer unlockFile(f)
	return fn()
}

// TokenStatus describes a stored token for auth status.
func (r *TokenRecord) TokenStatus(now time.Time) string {
	grant := r != nil && r.Grant != "" && r.Grant != "authorization_code"
	switch {
	case r != nil && r.RefreshError != "" && grant:
		return "grant failed: " + r.RefreshError
	case r != nil && r.RefreshError != "":
		return "refresh failed: " + r.RefreshError
	case r == nil || r.Token == nil || r.Token.AccessToken == "":
		return "no token"
	case r.Token.Expiry.IsZero():
		return "valid (no expiry)"
	case r.Token.Expiry.After(now):
		return "valid until " + r.Token.Expiry.UTC().Format(time.RFC3339)
	case grant:
		return "expired (the " + r.Grant + " grant runs again when needed)"
	case r.Token.RefreshToken != "":
		return "expired (will refresh)"
	}
	return "expired"
}
