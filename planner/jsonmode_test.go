package planner

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestExtractJSONObject(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  string // "" with found false: no object
		found bool
	}{
		{"plain", `{"tool":"fs__read_file","arguments":{"path":"/a"}}`, `{"tool":"fs__read_file","arguments":{"path":"/a"}}`, true},
		{"fenced json", "Here you go:\n```json\n{\"tool\": \"x\", \"arguments\": {}}\n```\nDone.", `{"tool": "x", "arguments": {}}`, true},
		{"fenced no tag", "```\n{\"tool\": \"x\"}\n```", `{"tool": "x"}`, true},
		{"fence without object, object after", "```text\nhello\n```\nthen {\"a\":1}", `{"a":1}`, true},
		{"prose around", `I will call it: {"tool": "x", "arguments": {"n": 2}} and that's it {"other": 1}`, `{"tool": "x", "arguments": {"n": 2}}`, true},
		{"trailing commas", `{"tool": "x", "arguments": {"a": [1, 2,], "b": 3,},}`, `{"tool": "x", "arguments": {"a": [1, 2], "b": 3}}`, true},
		{"single quotes", `{'tool': 'x', 'arguments': {'q': 'say "hi"', 'r': 'it\'s'}}`, `{"tool": "x", "arguments": {"q": "say \"hi\"", "r": "it's"}}`, true},
		{"unquoted keys", `{tool: "x", arguments: {path: "/a", n: 1}}`, `{"tool": "x", "arguments": {"path": "/a", "n": 1}}`, true},
		{"literals not keys", `{"a": true, "b": null, "c": False, "d": None}`, `{"a": true, "b": null, "c": false, "d": null}`, true},
		{"nested braces in strings", `{"tool": "x", "arguments": {"code": "func() { return \"}\" }"}}`, `{"tool": "x", "arguments": {"code": "func() { return \"}\" }"}}`, true},
		{"truncated object", `{"tool": "x", "arguments": {"path": "/a"`, `{"tool": "x", "arguments": {"path": "/a"}}`, true},
		{"truncated in string", `{"tool": "x", "arguments": {"text": "hello wor`, `{"tool": "x", "arguments": {"text": "hello wor"}}`, true},
		{"truncated after colon", `{"tool": "x", "arguments": {"a": 1, "b":`, `{"tool": "x", "arguments": {"a": 1, "b":null}}`, true},
		{"truncated key", `{"tool": "x", "arguments": {"a": 1, "bb`, `{"tool": "x", "arguments": {"a": 1}}`, true},
		{"raw newline in string", "{\"a\": \"line1\nline2\"}", `{"a": "line1\nline2"}`, true},
		{"null", `null`, "", false},
		{"no JSON", `Which repository do you mean?`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found := extractJSONObject(tt.in)
			if found != tt.found || got != tt.want {
				t.Errorf("extractJSONObject(%q)\n got %q %v\nwant %q %v", tt.in, got, found, tt.want, tt.found)
			}
			if found && !json.Valid([]byte(got)) {
				t.Errorf("result is not valid JSON: %s", got)
			}
		})
	}
}

func TestParseJSONReply(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		wantText string
		wantName string
		wantArgs string
		wantBad  string
	}{
		{"call", `{"tool":"fs__read_file","arguments":{"path":"/a"}}`, "", "fs__read_file", `{"path":"/a"}`, ""},
		{"alias keys", `{"name":"fs.read_file","parameters":{"path":"/a"}}`, "", "fs.read_file", `{"path":"/a"}`, ""},
		{"no arguments", `{"tool":"x"}`, "", "x", "", ""},
		{"null", "```json\nnull\n```", "No available tool fits this request.", "", "", ""},
		{"tool null", `{"tool": null}`, "No available tool fits this request.", "", "", ""},
		{"question", "Which file do you mean?", "Which file do you mean?", "", "", ""},
		{"no tool field", `{"arguments":{}}`, "", "", "", `no "tool" field`},
		{"tool not string", `{"tool": 3}`, "", "", "", "must be a string"},
		{"broken", `{"tool": "x" "arguments": {}}`, "", "", "", "could not be parsed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, call := parseJSONReply(tt.in)
			if text != tt.wantText {
				t.Errorf("text = %q, want %q", text, tt.wantText)
			}
			switch {
			case tt.wantName == "" && tt.wantBad == "":
				if call != nil {
					t.Errorf("call = %+v, want none", call)
				}
			case call == nil:
				t.Fatalf("no call, want %q / %q", tt.wantName, tt.wantBad)
			case tt.wantBad != "":
				if !strings.Contains(call.bad, tt.wantBad) {
					t.Errorf("bad = %q, want %q", call.bad, tt.wantBad)
				}
			default:
				if call.name != tt.wantName || call.args != tt.wantArgs || call.bad != "" {
					t.Errorf("call = %+v, want %s %s", call, tt.wantName, tt.wantArgs)
				}
			}
		})
	}
}

func TestCompactParams(t *testing.T) {
	got := compactParams(json.RawMessage(`{"type":"object","properties":{"path":{"type":"string","description":"Absolute\n path"},"mode":{"enum":["r","w"]},"tags":{"type":"array","items":{"type":"string"}},"n":{"type":["integer","null"]}},"required":["path","mode"]}`), false)
	want := `mode: "r"|"w", path: string - Absolute path, n?: integer|null, tags?: array of string`
	if got != want {
		t.Errorf("compactParams\n got %s\nwant %s", got, want)
	}
	if got := compactParams(nil, false); got != "no parameters" {
		t.Errorf("nil schema: %q", got)
	}
}

func TestJSONModePlan(t *testing.T) {
	f := newFakeOpenAI(t,
		textReply("Sure! Here is the call:\n```json\n{'tool': 'fs__write_file', 'arguments': {'path': '/w/a.txt',}}\n```"),
		textReply(`{"tool": "fs__write_file", "arguments": {"path": "/w/a.txt", "content": "hi"}}`),
	)
	plan, err := NewJSONMode(f.options()).Plan(context.Background(), Task{Query: "write hi to a.txt", Context: &TaskContext{CurrentWorkingDirectory: "/w"}}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Planner != "json" || plan.BackendID != "fs" || plan.Tool != "write_file" || plan.Attempts != 2 {
		t.Errorf("plan = %+v", plan)
	}
	if got, want := plan.Tool+" "+string(plan.Arguments), `write_file {"path":"/w/a.txt","content":"hi"}`; got != want {
		t.Errorf("tool and arguments = %s, want %s", got, want)
	}
	reqs := f.requests()
	for i, req := range reqs {
		if _, ok := req["tools"]; ok {
			t.Errorf("request %d sends tools", i)
		}
	}
	msgs := messages(t, reqs[0])
	sys := msgs[0]["content"].(string)
	for _, s := range []string{"- fs__read_file: [fs] Read the complete contents of a file. (path: string - Absolute path)", `{"tool": "<tool name>"`, "null", "clarifying question"} {
		if !strings.Contains(sys, s) {
			t.Errorf("system prompt lacks %q:\n%s", s, sys)
		}
	}
	if !strings.Contains(msgs[1]["content"].(string), "currentWorkingDirectory: /w") {
		t.Errorf("user message lacks context: %v", msgs[1]["content"])
	}
	second := messages(t, reqs[1])
	if len(second) != 4 || second[2]["role"] != "assistant" || second[3]["role"] != "user" {
		t.Fatalf("second request messages = %v", second)
	}
	if fb := second[3]["content"].(string); !strings.Contains(fb, "/content: missing property") {
		t.Errorf("feedback = %q", fb)
	}
	if reqs[1]["temperature"] != 0.1 {
		t.Errorf("second temperature = %v", reqs[1]["temperature"])
	}
}

func TestJSONModeText(t *testing.T) {
	f := newFakeOpenAI(t, textReply("Which repository?"))
	plan, err := NewJSONMode(f.options()).Plan(context.Background(), Task{Query: "open an issue"}, testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if plan.Executable() || plan.Text != "Which repository?" {
		t.Errorf("plan = %+v", plan)
	}
}

func TestJSONModeExhausted(t *testing.T) {
	bad := textReply(`{"tool": "nope__nothing", "arguments": {}}`)
	f := newFakeOpenAI(t, bad, bad)
	opts := f.options()
	opts.MaxAttempts = 2
	_, err := NewJSONMode(opts).Plan(context.Background(), Task{Query: "x"}, testCatalog())
	if !errors.Is(err, ErrNoAction) || !strings.Contains(err.Error(), "nope__nothing") {
		t.Errorf("err = %v", err)
	}
}

func TestJSONModeAPIError(t *testing.T) {
	f := newFakeOpenAI(t, errorReply(401, "bad key "+testKey, nil))
	_, err := NewJSONMode(f.options()).Plan(context.Background(), Task{Query: "x"}, testCatalog())
	if err == nil || !strings.Contains(err.Error(), "401") || strings.Contains(err.Error(), testKey) {
		t.Errorf("err = %v", err)
	}
}

func TestJSONPromptBudget(t *testing.T) {
	cat := bigCatalog(100)
	task := Task{Query: "archive the meeting transcript"}
	full := buildJSONRequest(task, cat, 50, 0, 1)
	if len(full.candidates) != 50 {
		t.Fatalf("%d candidates", len(full.candidates))
	}
	small := buildJSONRequest(task, cat, 50, full.estimate/3, 1)
	if n := len(small.candidates); n == 0 || n >= 50 || small.estimate > full.estimate/3 {
		t.Errorf("%d candidates, estimate %d, budget %d", n, small.estimate, full.estimate/3)
	}
	if small.candidates[0].Tool != "archive_transcript" {
		t.Errorf("best tool dropped")
	}
}

// TestJSONModeServerDirectory: JSON mode lists the directory as one more
// tool line; a look into a server answers with its tools, and the model
// calls one by name.
func TestJSONModeServerDirectory(t *testing.T) {
	f := newFakeOpenAI(t,
		textReply(`{"tool": "agentify__server_tools", "arguments": {"server": "svc3"}}`),
		textReply(`{"tool": "svc3__operation_101", "arguments": {"id": "r-1"}}`),
	)
	opts := f.options()
	opts.MaxTools = 10
	plan, err := NewJSONMode(opts).Plan(context.Background(), Task{Query: "archive the meeting transcript"}, bigCatalog(200))
	if err != nil {
		t.Fatal(err)
	}
	if plan.BackendID != "svc3" || plan.Tool != "operation_101" {
		t.Fatalf("plan %s__%s, want svc3__operation_101", plan.BackendID, plan.Tool)
	}
	reqs := f.requests()
	sys := messages(t, reqs[0])[0]["content"].(string)
	if !strings.Contains(sys, "- agentify__server_tools: ") || !strings.Contains(sys, "- svc3 (") || strings.Contains(sys, "svc3__operation_101") {
		t.Errorf("first prompt: want the directory listing svc3 and not operation_101:\n%s", sys)
	}
	second := messages(t, reqs[1])
	if got := second[len(second)-1]["content"].(string); !strings.Contains(got, "svc3__operation_101") {
		t.Errorf("directory answer lacks svc3's tools: %q", got)
	}
}
