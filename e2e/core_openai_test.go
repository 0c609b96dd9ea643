package e2e

import (
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// chatRequest is the part of a chat-completions request the fake reads.
type chatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
	ToolChoice        json.RawMessage `json:"tool_choice"`
	ParallelToolCalls *bool           `json:"parallel_tool_calls"`
	Raw               string          `json:"-"`
}

// userText is the text of the request's user messages.
func (r *chatRequest) userText() string {
	var b strings.Builder
	for _, m := range r.Messages {
		if m.Role != "user" {
			continue
		}
		var s string
		if json.Unmarshal(m.Content, &s) == nil {
			b.WriteString(s)
		} else {
			b.Write(m.Content)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// fakeOpenAI is an OpenAI-compatible chat-completions server over TLS,
// scripted by respond.
type fakeOpenAI struct {
	srv      *httptest.Server
	certFile string

	mu       sync.Mutex
	requests []*chatRequest // guarded by mu
	auth     []string       // guarded by mu; Authorization headers seen
	respond  func(*chatRequest) (int, any)
}

func newFakeOpenAI(t testing.TB, respond func(*chatRequest) (int, any)) *fakeOpenAI {
	f := &fakeOpenAI{respond: respond}
	f.srv = httptest.NewTLSServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	f.certFile = filepath.Join(t.TempDir(), "fake-openai.pem")
	pemBytes := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: f.srv.Certificate().Raw})
	if err := os.WriteFile(f.certFile, pemBytes, 0o600); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fakeOpenAI) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		http.Error(w, `{"error":{"message":"not found","type":"invalid_request_error"}}`, http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	req := &chatRequest{Raw: string(body)}
	if err := json.Unmarshal(body, req); err != nil {
		http.Error(w, `{"error":{"message":"bad json","type":"invalid_request_error"}}`, http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.requests = append(f.requests, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.mu.Unlock()
	status, resp := f.respond(req)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(resp)
}

func (f *fakeOpenAI) seen() ([]*chatRequest, []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*chatRequest(nil), f.requests...), append([]string(nil), f.auth...)
}

// env is what the gateway needs to use the fake: its URL, its certificate
// and a key.
func (f *fakeOpenAI) env(key string) []string {
	return []string{"OPENAI_API_KEY=" + key, "OPENAI_BASE_URL=" + f.srv.URL + "/v1", "SSL_CERT_FILE=" + f.certFile}
}

// toolCallCompletion is a chat completion that calls one function.
func toolCallCompletion(model, name string, args any) map[string]any {
	a, _ := json.Marshal(args)
	return map[string]any{
		"id": "chatcmpl-core", "object": "chat.completion", "created": 1767225600, "model": model,
		"choices": []any{map[string]any{
			"index": 0, "finish_reason": "tool_calls", "logprobs": nil,
			"message": map[string]any{"role": "assistant", "content": nil, "refusal": nil, "tool_calls": []any{
				map[string]any{"id": "call_core_1", "type": "function", "function": map[string]any{"name": name, "arguments": string(a)}},
			}},
		}},
		"usage": map[string]any{"prompt_tokens": 321, "completion_tokens": 12, "total_tokens": 333},
	}
}

// readFileModel answers every request with a call to the function named
// like fn, reading file (resolved against the directory found in the user
// message when it is relative).
func readFileModel(t testing.TB, fn, dir, file string) func(*chatRequest) (int, any) {
	return func(r *chatRequest) (int, any) {
		var name string
		for _, tl := range r.Tools {
			if tl.Function.Name == fn {
				name = tl.Function.Name
			}
		}
		if name == "" {
			t.Errorf("the request offers no function %q", fn)
			return 200, toolCallCompletion(r.Model, fn, map[string]any{})
		}
		if !strings.Contains(r.userText(), dir) {
			t.Errorf("the user message does not carry the working directory %s:\n%s", dir, r.userText())
		}
		return 200, toolCallCompletion(r.Model, name, map[string]any{"path": filepath.Join(dir, file)})
	}
}
