package planner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/openai/openai-go/v3"
)

const testKey = "sk-test-SECRET-0123456789abcdef"

// fakeOpenAI is an OpenAI chat-completions server answering from a script,
// one handler per request, and recording every request body.
type fakeOpenAI struct {
	srv *httptest.Server

	mu       sync.Mutex
	script   []http.HandlerFunc // guarded by mu
	bodies   []map[string]any   // guarded by mu
	authHdrs []string           // guarded by mu
}

func newFakeOpenAI(t *testing.T, script ...http.HandlerFunc) *fakeOpenAI {
	t.Helper()
	f := &fakeOpenAI{script: script}
	f.srv = httptest.NewTLSServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeOpenAI) serve(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(b, &body)
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	f.authHdrs = append(f.authHdrs, r.Header.Get("Authorization"))
	var h http.HandlerFunc
	if len(f.script) > 0 {
		h, f.script = f.script[0], f.script[1:]
	}
	f.mu.Unlock()
	if r.URL.Path != "/chat/completions" {
		http.Error(w, `{"error":{"message":"wrong path `+r.URL.Path+`"}}`, http.StatusNotFound)
		return
	}
	if h == nil {
		http.Error(w, `{"error":{"message":"script exhausted"}}`, http.StatusTeapot)
		return
	}
	h(w, r)
}

func (f *fakeOpenAI) requests() []map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]map[string]any(nil), f.bodies...)
}

func (f *fakeOpenAI) options() OpenAIOptions {
	return OpenAIOptions{APIKey: testKey, BaseURL: f.srv.URL, HTTPClient: f.srv.Client(), MaxHTTPRetries: -1}
}

type wireCall struct {
	ID   string
	Name string
	Args string
}

func completion(w http.ResponseWriter, content *string, calls ...wireCall) {
	type fn struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	}
	type tc struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function fn     `json:"function"`
	}
	msg := map[string]any{"role": "assistant", "content": content}
	finish := "stop"
	if len(calls) > 0 {
		var tcs []tc
		for _, c := range calls {
			tcs = append(tcs, tc{ID: c.ID, Type: "function", Function: fn{c.Name, c.Args}})
		}
		msg["tool_calls"] = tcs
		finish = "tool_calls"
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1,
		"model":   "gpt-4.1-mini-2025-04-14",
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":   map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
	})
}

func callReply(id, name, args string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { completion(w, nil, wireCall{id, name, args}) }
}

func textReply(text string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { completion(w, &text) }
}

func errorReply(status int, message string, header map[string]string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for k, v := range header {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"error":{"message":%q,"type":"invalid_request_error","code":null,"param":null}}`, message)
	}
}

func testCatalog() *Catalog {
	return NewCatalog([]Tool{
		{Backend: "fs", Name: "read_file", Description: "Read the complete contents of a file.",
			InputSchema: json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"path":{"type":"string","description":"Absolute path"}},"required":["path"],"additionalProperties":false}`)},
		{Backend: "fs", Name: "write_file", Description: "Create or overwrite a file with new content.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}`)},
		{Backend: "github", Name: "create_issue", Description: "Open a new issue in a GitHub repository.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"repo":{"type":"string"},"title":{"type":"string"},"body":{"type":"string"},"labels":{"type":"array"}},"required":["repo","title"]}`)},
	})
}

func testTask() Task {
	return Task{Query: "show me main.go", Context: &TaskContext{
		ActiveDocumentURI:       "file:///work/app/README.md",
		CurrentWorkingDirectory: "/work/app",
		SelectionText:           "func main() {}",
	}}
}

// messages returns the "messages" of a recorded request.
func messages(t *testing.T, req map[string]any) []map[string]any {
	t.Helper()
	raw, _ := req["messages"].([]any)
	var out []map[string]any
	for _, m := range raw {
		out = append(out, m.(map[string]any))
	}
	return out
}

func functionNamesOf(req map[string]any) []string {
	var names []string
	tools, _ := req["tools"].([]any)
	for _, t := range tools {
		fn := t.(map[string]any)["function"].(map[string]any)
		names = append(names, fn["name"].(string))
	}
	return names
}

func TestOpenAIToolCall(t *testing.T) {
	f := newFakeOpenAI(t, callReply("call_1", "fs__read_file", `{"path": "/work/app/main.go"}`))
	p := NewOpenAI(f.options())
	plan, err := p.Plan(context.Background(), testTask(), testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.BackendID != "fs" || plan.Tool != "read_file" {
		t.Errorf("plan = %s %s, want fs read_file", plan.BackendID, plan.Tool)
	}
	if got, want := string(plan.Arguments), `{"path":"/work/app/main.go"}`; got != want {
		t.Errorf("Arguments = %s, want %s", got, want)
	}
	if plan.Planner != "openai" || plan.Model != "gpt-4.1-mini-2025-04-14" || plan.Attempts != 1 {
		t.Errorf("planner/model/attempts = %q %q %d", plan.Planner, plan.Model, plan.Attempts)
	}
	if plan.Usage != (Usage{100, 10, 110}) {
		t.Errorf("usage = %+v", plan.Usage)
	}
	if len(plan.Candidates) != 3 {
		t.Errorf("candidates = %+v, want 3", plan.Candidates)
	}
	if !plan.Executable() {
		t.Error("plan not executable")
	}

	reqs := f.requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	req := reqs[0]
	if f.authHdrs[0] != "Bearer "+testKey {
		t.Errorf("Authorization = %q", f.authHdrs[0])
	}
	if req["model"] != DefaultOpenAIModel {
		t.Errorf("model = %v", req["model"])
	}
	if req["tool_choice"] != "auto" || req["parallel_tool_calls"] != false {
		t.Errorf("tool_choice = %v, parallel_tool_calls = %v", req["tool_choice"], req["parallel_tool_calls"])
	}
	if req["temperature"] != 0.2 {
		t.Errorf("temperature = %v, want 0.2", req["temperature"])
	}
	names := functionNamesOf(req)
	want := map[string]bool{"fs__read_file": true, "fs__write_file": true, "github__create_issue": true}
	if len(names) != 3 {
		t.Errorf("functions = %v", names)
	}
	for _, n := range names {
		if !want[n] {
			t.Errorf("unexpected function %q", n)
		}
	}
	for _, tl := range req["tools"].([]any) {
		tm := tl.(map[string]any)
		fn := tm["function"].(map[string]any)
		if tm["type"] != "function" {
			t.Errorf("tool type = %v", tm["type"])
		}
		params := fn["parameters"].(map[string]any)
		if params["type"] != "object" || params["properties"] == nil {
			t.Errorf("%s parameters = %v", fn["name"], params)
		}
		if _, ok := params["$schema"]; ok {
			t.Errorf("%s parameters keep $schema", fn["name"])
		}
		desc := fn["description"].(string)
		switch fn["name"] {
		case "fs__read_file":
			if desc != "[fs] Read the complete contents of a file." {
				t.Errorf("description = %q", desc)
			}
			if fn["strict"] != true {
				t.Errorf("read_file strict = %v, want true (closed schema, all required)", fn["strict"])
			}
		case "github__create_issue":
			if _, ok := fn["strict"]; ok {
				t.Errorf("create_issue strict = %v, want absent (optional body)", fn["strict"])
			}
			labels := params["properties"].(map[string]any)["labels"].(map[string]any)
			if labels["items"] == nil {
				t.Errorf("array without items not fixed: %v", labels)
			}
		}
	}
	msgs := messages(t, req)
	if len(msgs) != 2 || msgs[0]["role"] != "system" || msgs[1]["role"] != "user" {
		t.Fatalf("messages = %v", msgs)
	}
	sys := msgs[0]["content"].(string)
	for _, s := range []string{"exactly one", "clarifying question", "relative paths"} {
		if !strings.Contains(sys, s) {
			t.Errorf("system prompt lacks %q", s)
		}
	}
	user := msgs[1]["content"].(string)
	for _, s := range []string{"show me main.go", "activeDocumentURI: file:///work/app/README.md", "currentWorkingDirectory: /work/app", "func main() {}"} {
		if !strings.Contains(user, s) {
			t.Errorf("user message lacks %q:\n%s", s, user)
		}
	}
}

func TestOpenAIRetry(t *testing.T) {
	good := callReply("call_2", "fs__write_file", `{"path":"/w/a.txt","content":"hi"}`)
	tests := []struct {
		name      string
		first     http.HandlerFunc
		feedback  []string // substrings of the second request's last message
		lastRole  string
		replyCall bool // the second request replays the first call
	}{
		{"invalid arguments", callReply("call_1", "fs__write_file", `{"path":"/w/a.txt"}`),
			[]string{"/content: missing property", "fs__write_file"}, "tool", true},
		{"wrong type", callReply("call_1", "fs__write_file", `{"path":"/w/a.txt","content":7}`),
			[]string{"/content:", "string"}, "tool", true},
		{"unknown function", callReply("call_1", "fs__delete_everything", `{}`),
			[]string{`no tool named "fs__delete_everything"`}, "tool", true},
		{"arguments not JSON", callReply("call_1", "fs__write_file", `{"path": "/w/a.txt", content`),
			[]string{"not a JSON object"}, "tool", true},
		{"empty answer", textReply(""),
			[]string{"neither a tool call nor text"}, "user", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeOpenAI(t, tt.first, good)
			plan, err := NewOpenAI(f.options()).Plan(context.Background(), Task{Query: "write hi to a.txt"}, testCatalog())
			if err != nil {
				t.Fatal(err)
			}
			if plan.Tool != "write_file" || plan.Attempts != 2 {
				t.Errorf("tool %q attempts %d, want write_file 2", plan.Tool, plan.Attempts)
			}
			if plan.Usage.TotalTokens != 220 {
				t.Errorf("usage not summed: %+v", plan.Usage)
			}
			reqs := f.requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests", len(reqs))
			}
			if reqs[1]["temperature"] != 0.1 {
				t.Errorf("second temperature = %v, want 0.1", reqs[1]["temperature"])
			}
			msgs := messages(t, reqs[1])
			last := msgs[len(msgs)-1]
			if last["role"] != tt.lastRole {
				t.Errorf("last role = %v, want %s", last["role"], tt.lastRole)
			}
			content, _ := last["content"].(string)
			for _, s := range tt.feedback {
				if !strings.Contains(content, s) {
					t.Errorf("feedback %q lacks %q", content, s)
				}
			}
			if tt.replyCall {
				if last["tool_call_id"] != "call_1" {
					t.Errorf("tool_call_id = %v", last["tool_call_id"])
				}
				asst := msgs[len(msgs)-2]
				calls, _ := asst["tool_calls"].([]any)
				if asst["role"] != "assistant" || len(calls) != 1 {
					t.Fatalf("assistant message = %v", asst)
				}
			}
		})
	}
}

func TestOpenAIAttemptsExhausted(t *testing.T) {
	bad := callReply("call_1", "fs__write_file", `{}`)
	f := newFakeOpenAI(t, bad, bad, bad)
	_, err := NewOpenAI(f.options()).Plan(context.Background(), Task{Query: "write"}, testCatalog())
	if !errors.Is(err, ErrNoAction) {
		t.Fatalf("err = %v, want ErrNoAction", err)
	}
	if !strings.Contains(err.Error(), "missing property") {
		t.Errorf("err = %v, want the last validation error", err)
	}
	reqs := f.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(reqs))
	}
	for i, want := range []float64{0.2, 0.1, 0} {
		if reqs[i]["temperature"] != want {
			t.Errorf("attempt %d temperature = %v, want %v", i, reqs[i]["temperature"], want)
		}
	}
}

func TestOpenAITemperatureOmitted(t *testing.T) {
	f := newFakeOpenAI(t, callReply("c", "fs__read_file", `{"path":"/a"}`))
	opts := f.options()
	neg := -1.0
	opts.Temperature = &neg
	opts.Model = "o4-mini"
	if _, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "read /a"}, testCatalog()); err != nil {
		t.Fatal(err)
	}
	req := f.requests()[0]
	if _, ok := req["temperature"]; ok {
		t.Errorf("temperature sent: %v", req["temperature"])
	}
	if req["model"] != "o4-mini" {
		t.Errorf("model = %v", req["model"])
	}
}

func TestOpenAITextAnswer(t *testing.T) {
	q := "Which repository should the issue go to?"
	f := newFakeOpenAI(t, textReply(q))
	plan, err := NewOpenAI(f.options()).Plan(context.Background(), Task{Query: "open an issue"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.BackendID != "" || plan.Executable() || plan.Text != q || plan.Arguments != nil {
		t.Errorf("plan = %+v, want text only", plan)
	}
	if plan.Attempts != 1 || len(plan.Candidates) != 3 {
		t.Errorf("attempts %d candidates %d", plan.Attempts, len(plan.Candidates))
	}
}

func TestOpenAINoToolCall(t *testing.T) {
	f := newFakeOpenAI(t, textReply(""))
	opts := f.options()
	opts.MaxAttempts = 1
	_, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "do it"}, testCatalog())
	if !errors.Is(err, ErrNoAction) {
		t.Fatalf("err = %v, want ErrNoAction", err)
	}
}

func TestOpenAIErrors(t *testing.T) {
	tests := []struct {
		name   string
		reply  http.HandlerFunc
		want   []string
		status int
	}{
		{"401", errorReply(401, "Incorrect API key provided: "+testKey, nil), []string{"401", "API key"}, 401},
		{"403", errorReply(403, "Project does not have access to model", nil), []string{"403", "denied"}, 403},
		{"404", errorReply(404, "The model `gpt-nope` does not exist", nil), []string{"404", "gpt-nope", "not found"}, 404},
		{"429", errorReply(429, "Rate limit reached", map[string]string{"Retry-After": "30"}), []string{"429", "retry after 30s", "rate limit"}, 429},
		{"500", errorReply(500, "boom", nil), []string{"500", "server error"}, 500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeOpenAI(t, tt.reply)
			opts := f.options()
			opts.Model = "gpt-nope"
			if tt.status == 429 {
				opts.MaxHTTPRetries = 3 // Retry-After above MaxRetryDelay: no retry
			}
			_, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "read a"}, testCatalog())
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			host := strings.TrimPrefix(f.srv.URL, "https://")
			for _, s := range append(tt.want, host) {
				if !strings.Contains(msg, s) {
					t.Errorf("error %q lacks %q", msg, s)
				}
			}
			if strings.Contains(msg, testKey) || strings.Contains(fmt.Sprintf("%+v %#v", err, err), testKey) {
				t.Errorf("error leaks the key: %q", msg)
			}
			var ae *openai.Error
			if !errors.As(err, &ae) || ae.StatusCode != tt.status {
				t.Errorf("errors.As(*openai.Error) failed or status wrong: %v", err)
			}
			if n := len(f.requests()); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
		})
	}
}

func TestOpenAIServerErrorRetried(t *testing.T) {
	f := newFakeOpenAI(t, errorReply(503, "overloaded", map[string]string{"Retry-After": "0"}), callReply("c", "fs__read_file", `{"path":"/a"}`))
	opts := f.options()
	opts.MaxHTTPRetries = 1
	plan, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "read /a"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Tool != "read_file" || len(f.requests()) != 2 {
		t.Errorf("tool %q after %d requests", plan.Tool, len(f.requests()))
	}
}

func TestOpenAIConnectionRefused(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close() // nothing listens there now
	p := NewOpenAI(OpenAIOptions{APIKey: testKey, BaseURL: base, MaxHTTPRetries: -1})
	_, err := p.Plan(context.Background(), Task{Query: "read a"}, testCatalog())
	if err == nil {
		t.Fatal("no error")
	}
	u, _ := url.Parse(base)
	if !strings.Contains(err.Error(), "refused") || !strings.Contains(err.Error(), u.Host) {
		t.Errorf("error = %q, want connection refused naming %s", err, u.Host)
	}
	if strings.Contains(err.Error(), testKey) {
		t.Errorf("error leaks the key: %q", err)
	}
}

func TestOpenAICancel(t *testing.T) {
	arrived := make(chan struct{})
	f := newFakeOpenAI(t, func(w http.ResponseWriter, r *http.Request) {
		close(arrived)
		<-r.Context().Done() // the model "thinks" until the client gives up
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { // owned by the test; exits once the request has arrived
		<-arrived
		cancel()
	}()
	opts := f.options()
	opts.MaxHTTPRetries = 5
	_, err := NewOpenAI(opts).Plan(ctx, Task{Query: "read a"}, testCatalog())
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n := len(f.requests()); n != 1 {
		t.Errorf("%d requests after cancel, want 1", n)
	}
}

// bigCatalog has n generic tools plus one that only the right query finds.
func bigCatalog(n int) *Catalog {
	tools := make([]Tool, 0, n+1)
	for i := range n {
		tools = append(tools, Tool{
			Backend:     fmt.Sprintf("svc%d", i%7),
			Name:        fmt.Sprintf("operation_%d", i),
			Description: fmt.Sprintf("Performs generic operation number %d on a resource.", i),
			InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
		})
	}
	tools = append(tools, Tool{Backend: "notes", Name: "archive_transcript",
		Description: "Archive a meeting transcript into the notes vault.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}`)})
	return NewCatalog(tools)
}

func TestOpenAIPreselection(t *testing.T) {
	f := newFakeOpenAI(t, callReply("c", "notes__archive_transcript", `{"title":"standup"}`))
	opts := f.options()
	opts.MaxTools = 10
	cat := bigCatalog(200)
	plan, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "archive the meeting transcript of the standup"}, cat)
	if err != nil {
		t.Fatal(err)
	}
	names := functionNamesOf(f.requests()[0])
	if len(names) != 11 || names[10] != serverToolsFunction {
		t.Errorf("%d functions sent (%v), want 10 tools and the server directory", len(names), names)
	}
	found := false
	for _, n := range names {
		found = found || n == "notes__archive_transcript"
	}
	if !found {
		t.Errorf("target tool not among %v", names)
	}
	if len(plan.Candidates) != 10 || plan.Candidates[0].Tool != "archive_transcript" || plan.Candidates[0].Score <= 0 {
		t.Errorf("candidates = %+v", plan.Candidates[:1])
	}
}

// TestOpenAIServerDirectory: the model is given ten tools and the directory
// of the servers left out; it looks into one (second level), gets its tools
// declared, and calls one it was not first given.
func TestOpenAIServerDirectory(t *testing.T) {
	f := newFakeOpenAI(t,
		callReply("c1", serverToolsFunction, `{"server":"svc3"}`),
		callReply("c2", "svc3__operation_101", `{"id":"r-1"}`))
	opts := f.options()
	opts.MaxTools = 10
	cat := bigCatalog(200)
	plan, err := NewOpenAI(opts).Plan(context.Background(), Task{Query: "archive the meeting transcript of the standup"}, cat)
	if err != nil {
		t.Fatal(err)
	}
	if plan.BackendID != "svc3" || plan.Tool != "operation_101" || string(plan.Arguments) != `{"id":"r-1"}` {
		t.Fatalf("plan %s__%s %s, want svc3__operation_101", plan.BackendID, plan.Tool, plan.Arguments)
	}
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	first := functionNamesOf(reqs[0])
	if slices.Contains(first, "svc3__operation_101") {
		t.Fatal("the tool was in the first request already; the test needs one that is not")
	}
	desc := ""
	for _, tl := range reqs[0]["tools"].([]any) {
		fn := tl.(map[string]any)["function"].(map[string]any)
		if fn["name"] == serverToolsFunction {
			desc, _ = fn["description"].(string)
		}
	}
	if !strings.Contains(desc, "- svc3 (") {
		t.Errorf("directory does not list svc3: %q", desc)
	}
	if second := functionNamesOf(reqs[1]); !slices.Contains(second, "svc3__operation_101") {
		t.Errorf("svc3's tools not declared in the second request: %v", second)
	}
	msgs := messages(t, reqs[1])
	last := msgs[len(msgs)-1]
	if last["role"] != "tool" || !strings.Contains(fmt.Sprint(last["content"]), "svc3__operation_101") {
		t.Errorf("the directory call was not answered with svc3's tools: %v", last)
	}
	if plan.Attempts != 2 {
		t.Errorf("attempts %d, want 2 (the look into a server is a request, not a failed attempt)", plan.Attempts)
	}
}

func TestOpenAIPromptBudget(t *testing.T) {
	cat := bigCatalog(100)
	p := NewOpenAI(OpenAIOptions{MaxTools: 50})
	task := Task{Query: "archive the meeting transcript"}
	full := p.buildRequest(task, cat)
	if full.params.ntools != 50 {
		t.Fatalf("%d tools without budget, want 50", full.params.ntools)
	}
	p = NewOpenAI(OpenAIOptions{MaxTools: 50, MaxPromptTokens: full.estimate / 3})
	small := p.buildRequest(task, cat)
	if n := small.params.ntools; n == 0 || n >= 50 {
		t.Errorf("%d tools under budget %d, want fewer than 50", n, full.estimate/3)
	}
	if small.estimate > full.estimate/3 {
		t.Errorf("estimate %d over budget %d", small.estimate, full.estimate/3)
	}
	if small.candidates[0].Tool != "archive_transcript" || !strings.HasPrefix(string(small.params.tools), `[{"type":"function","function":{"name":"notes__archive_transcript"`) {
		t.Errorf("best tool dropped by the budget")
	}
	// Real request size agrees with the estimate within a factor of two.
	b, _ := json.Marshal(full.params)
	if e := estimateTokens(len(b)); full.estimate < e/2 || full.estimate > e*2 {
		t.Errorf("estimate %d vs %d from the marshalled request", full.estimate, e)
	}
}

var validFunctionName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

func TestFunctionNames(t *testing.T) {
	long := strings.Repeat("x", 80)
	tests := []struct {
		backend, tool string
		want          string // "" means only check validity
	}{
		{"github", "create_issue", "github__create_issue"},
		{"fs", "read-file", "fs__read-file"},
		{"srv", "tools.list", "srv__tools_list"},
		{"srv", "name with spaces/and:colons", "srv__name_with_spaces_and_colons"},
		{"srv", "écrire", "srv___crire"},
		{"srv", "日本", "srv____"},
		{"b", long, ""},
		{long[:60], "t", ""},
	}
	for _, tt := range tests {
		got := FunctionName(&Tool{Backend: tt.backend, Name: tt.tool})
		if !validFunctionName.MatchString(got) {
			t.Errorf("FunctionName(%s, %s) = %q, invalid", tt.backend, tt.tool, got)
		}
		if tt.want != "" && got != tt.want {
			t.Errorf("FunctionName(%s, %s) = %q, want %q", tt.backend, tt.tool, got, tt.want)
		}
	}
	// Collisions: distinct tools that sanitize or truncate alike get distinct names.
	tools := []*Tool{
		{Backend: "srv", Name: "a.b"},
		{Backend: "srv", Name: "a_b"},
		{Backend: "srv", Name: "a b"},
		{Backend: "b", Name: long + "1"},
		{Backend: "b", Name: long + "2"},
	}
	names, back := functionNames(tools)
	seen := map[string]bool{}
	for i, n := range names {
		if !validFunctionName.MatchString(n) {
			t.Errorf("name %q invalid", n)
		}
		if seen[n] {
			t.Errorf("duplicate name %q", n)
		}
		seen[n] = true
		if back[n] != tools[i] {
			t.Errorf("name %q maps back to %v, want %v", n, back[n], tools[i])
		}
	}
	if names[0] != "srv__a_b" {
		t.Errorf("first of the colliding names = %q, want srv__a_b unchanged", names[0])
	}
	// Deterministic.
	again, _ := functionNames(tools)
	for i := range names {
		if names[i] != again[i] {
			t.Errorf("names not deterministic: %q vs %q", names[i], again[i])
		}
	}
}

func TestOpenAISchema(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		want   string
		strict bool
	}{
		{"empty", ``, `{"properties":{},"type":"object"}`, false},
		{"not JSON", `{`, `{"properties":{},"type":"object"}`, false},
		{"no type", `{"properties":{"a":{"type":"string"}}}`,
			`{"properties":{"a":{"type":"string"}},"type":"object"}`, false},
		{"meta keywords dropped", `{"$schema":"x","$id":"y","$comment":"z","title":"T","examples":[1],"type":"object","properties":{"a":{"type":"string","examples":["q"],"readOnly":true}}}`,
			`{"properties":{"a":{"type":"string"}},"type":"object"}`, false},
		{"strict eligible", `{"type":"object","properties":{"a":{"type":"string","description":"d"},"n":{"type":["integer","null"]}},"required":["a","n"],"additionalProperties":false}`,
			`{"additionalProperties":false,"properties":{"a":{"description":"d","type":"string"},"n":{"type":["integer","null"]}},"required":["a","n"],"type":"object"}`, true},
		{"optional property not strict", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"],"additionalProperties":false}`,
			`{"additionalProperties":false,"properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"],"type":"object"}`, false},
		{"open object not strict", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`,
			`{"properties":{"a":{"type":"string"}},"required":["a"],"type":"object"}`, false},
		{"unsupported strict keyword", `{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],"additionalProperties":false}`,
			`{"additionalProperties":false,"properties":{"a":{"minLength":1,"type":"string"}},"required":["a"],"type":"object"}`, false},
		{"nested open object not strict", `{"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"number"}}}},"required":["o"],"additionalProperties":false}`,
			`{"additionalProperties":false,"properties":{"o":{"properties":{"x":{"type":"number"}},"type":"object"}},"required":["o"],"type":"object"}`, false},
		{"$defs ref inlined", `{"type":"object","properties":{"p":{"$ref":"#/$defs/P","description":"the point"}},"$defs":{"P":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"],"additionalProperties":false}},"required":["p"],"additionalProperties":false}`,
			`{"additionalProperties":false,"properties":{"p":{"additionalProperties":false,"description":"the point","properties":{"x":{"type":"number"}},"required":["x"],"type":"object"}},"required":["p"],"type":"object"}`, true},
		{"draft-07 definitions", `{"type":"object","properties":{"k":{"$ref":"#/definitions/Kind"}},"definitions":{"Kind":{"enum":["a","b"]}}}`,
			`{"properties":{"k":{"enum":["a","b"]}},"type":"object"}`, false},
		{"unresolvable ref", `{"type":"object","properties":{"k":{"$ref":"https://example.com/s.json","description":"remote"}}}`,
			`{"properties":{"k":{"description":"remote"}},"type":"object"}`, false},
		{"array without items", `{"type":"object","properties":{"l":{"type":"array"},"t":{"type":"array","items":[{"type":"string"}]}}}`,
			`{"properties":{"l":{"items":{},"type":"array"},"t":{"items":{},"type":"array"}},"type":"object"}`, false},
		{"required filtered", `{"type":"object","properties":{"a":{"type":"string"}},"required":["a","ghost",3]}`,
			`{"properties":{"a":{"type":"string"}},"required":["a"],"type":"object"}`, false},
		{"root combinators dropped", `{"anyOf":[{"type":"object"},{"type":"string"}],"properties":{"a":{"type":"boolean"}}}`,
			`{"properties":{"a":{"type":"boolean"}},"type":"object"}`, false},
		{"boolean schemas", `{"type":"object","properties":{"any":true},"additionalProperties":true}`,
			`{"additionalProperties":true,"properties":{"any":{}},"type":"object"}`, false},
		{"root not object", `[1,2]`, `{"properties":{},"type":"object"}`, false},
		{"root type string", `{"type":"string"}`, `{"properties":{},"type":"object"}`, false},
		{"anyOf property strict", `{"type":"object","properties":{"v":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":["v"],"additionalProperties":false}`,
			`{"additionalProperties":false,"properties":{"v":{"anyOf":[{"type":"string"},{"type":"number"}]}},"required":["v"],"type":"object"}`, true},
		{"unsupported format", `{"type":"object","properties":{"u":{"type":"string","format":"uri"}},"required":["u"],"additionalProperties":false}`,
			`{"additionalProperties":false,"properties":{"u":{"format":"uri","type":"string"}},"required":["u"],"type":"object"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, strict := openAISchema(json.RawMessage(tt.in))
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("schema\n got %s\nwant %s", b, tt.want)
			}
			if strict != tt.strict {
				t.Errorf("strict = %v, want %v", strict, tt.strict)
			}
		})
	}
}

func TestOpenAISchemaRecursiveRef(t *testing.T) {
	in := `{"type":"object","properties":{"tree":{"$ref":"#/$defs/Node"}},"$defs":{"Node":{"type":"object","properties":{"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}`
	got, _ := openAISchema(json.RawMessage(in))
	b, _ := json.Marshal(got)
	if strings.Contains(string(b), "$ref") || strings.Contains(string(b), "$defs") {
		t.Errorf("refs left: %s", b)
	}
	depth := strings.Count(string(b), `"children"`)
	if depth != maxRefDepth {
		t.Errorf("recursion expanded %d times, want %d", depth, maxRefDepth)
	}
}

func TestOpenAIEmptyInput(t *testing.T) {
	p := NewOpenAI(OpenAIOptions{BaseURL: "https://127.0.0.1:1"})
	if _, err := p.Plan(context.Background(), Task{Query: "  "}, testCatalog()); !errors.Is(err, ErrNoAction) {
		t.Errorf("empty query: err = %v", err)
	}
	if _, err := p.Plan(context.Background(), Task{Query: "read"}, NewCatalog(nil)); !errors.Is(err, ErrNoAction) {
		t.Errorf("empty catalog: err = %v", err)
	}
}
