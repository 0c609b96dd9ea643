package gateway

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// fakeProtected is a resource server whose MCP endpoint demands OAuth, with
// the metadata documents and registration endpoint a client discovers.
func fakeProtected(t *testing.T) *httptest.Server {
	var srv *httptest.Server
	mux := http.NewServeMux()
	write := func(w http.ResponseWriter, v any) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(v)
	}
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+srv.URL+`/.well-known/oauth-protected-resource"`)
		http.Error(w, "unauthorized", http.StatusUnauthorized)
	})
	mux.HandleFunc("/.well-known/oauth-protected-resource", func(w http.ResponseWriter, r *http.Request) {
		write(w, map[string]any{"resource": srv.URL + "/mcp", "authorization_servers": []string{srv.URL}})
	})
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		write(w, map[string]any{"issuer": srv.URL, "authorization_endpoint": srv.URL + "/authorize", "token_endpoint": srv.URL + "/token",
			"registration_endpoint": srv.URL + "/register", "code_challenge_methods_supported": []string{"S256"}, "response_types_supported": []string{"code"}})
	})
	mux.HandleFunc("/register", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		write(w, map[string]any{"client_id": "registered-client", "redirect_uris": []string{"http://127.0.0.1/callback"}})
	})
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestAuthRequiredAsksTheClient: a remote backend that needs OAuth waits
// in needs-auth without holding up the gateway; a client that declared
// URL-mode elicitation is asked to open the authorization URL, and a call
// to the backend explains where to sign in.
func TestAuthRequiredAsksTheClient(t *testing.T) {
	t.Setenv("AGENTIFY_STATE_DIR", t.TempDir())
	t.Setenv("BROWSER", "")
	srv := fakeProtected(t)
	cfg := tbConfig(t, "tb")
	cfg.Backends = append(cfg.Backends, schemas.Backend{ID: "remote", Type: schemas.TypeHTTP, URL: srv.URL + "/mcp"})
	c := startSession(t, cfg)
	c.initializeWith(`{"elicitation":{"form":{},"url":{}}}`)
	req, _ := c.waitFor("the authorization elicitation", 0, func(m *rpc.Message) bool {
		return m.IsRequest() && m.Method == "elicitation/create"
	})
	var p struct{ Mode, URL, Message string }
	json.Unmarshal(req.Params, &p)
	if p.Mode != "url" || !strings.HasPrefix(p.URL, srv.URL+"/authorize?") || !strings.Contains(p.URL, "code_challenge_method=S256") || !strings.Contains(p.Message, `"remote"`) {
		t.Errorf("elicitation %s", req.Params)
	}
	c.send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"action":"accept"}}`)
	c.waitBackend("tb") // the other backend serves meanwhile
	txt, isErr := c.toolText(`"r"`, `{"name":"remote__anything","arguments":{}}`)
	if !isErr || !strings.Contains(txt, srv.URL+"/authorize") {
		t.Errorf("call to the backend waiting for authorization: %v %q", isErr, txt)
	}
}
