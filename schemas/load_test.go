package schemas

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"
)

// env is a fixed environment for ${VAR} expansion.
func env(kv ...string) func(string) (string, bool) {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

var testEnv = &LoadOptions{LookupEnv: env("TOKEN", "s3cret", "HOME", "/home/me", "EMPTY", ""), WorkspaceFolder: "/ws"}

func mustParse(t *testing.T, doc string) *Config {
	t.Helper()
	cfg, err := Parse([]byte(doc), "test.json", testEnv)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return cfg
}

// brief is what the tests compare of a backend.
type brief struct {
	ID, Type, Command, URL, Pointer string
	Args                            []string
	Env, Headers                    map[string]string
}

func briefs(c *Config) []brief {
	var out []brief
	for _, b := range c.Backends {
		out = append(out, brief{b.ID, b.Type, b.Command, b.URL, b.Pointer, b.Args, b.Env, b.Headers})
	}
	return out
}

func TestParseShapes(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []brief
	}{
		{"backends array", `{"backends":[{"id":"fs","command":"npx","args":["-y","@modelcontextprotocol/server-filesystem","/tmp"]},{"id":"gh","type":"http","url":"https://api.example.com/mcp","headers":{"Authorization":"Bearer ${TOKEN}"}}]}`,
			[]brief{
				{ID: "fs", Type: "stdio", Command: "npx", Pointer: "/backends/0", Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "/tmp"}},
				{ID: "gh", Type: "http", URL: "https://api.example.com/mcp", Pointer: "/backends/1", Headers: map[string]string{"Authorization": "Bearer s3cret"}},
			}},
		{"vscode servers", `{"inputs":[{"type":"promptString","id":"k","description":"key","password":true}],"servers":{"remote":{"type":"http","url":"http://localhost:3000/mcp"},"everything":{"type":"stdio","command":"npx","args":["-y","@modelcontextprotocol/server-everything"],"env":{"X":"${env:HOME}"},"envFile":"${workspaceFolder}/.env"}}}`,
			[]brief{
				{ID: "everything", Type: "stdio", Command: "npx", Pointer: "/servers/everything", Args: []string{"-y", "@modelcontextprotocol/server-everything"}, Env: map[string]string{"X": "/home/me"}},
				{ID: "remote", Type: "http", URL: "http://localhost:3000/mcp", Pointer: "/servers/remote"},
			}},
		{"cursor/claude mcpServers", `{"mcpServers":{"memory":{"command":"npx","args":["-y","@modelcontextprotocol/server-memory"],"env":{"MEMORY_FILE_PATH":"${HOME}/mem.json"}}}}`,
			[]brief{{ID: "memory", Type: "stdio", Command: "npx", Pointer: "/mcpServers/memory", Args: []string{"-y", "@modelcontextprotocol/server-memory"}, Env: map[string]string{"MEMORY_FILE_PATH": "/home/me/mem.json"}}}},
		{"windsurf serverUrl", `{"mcpServers":{"remote":{"serverUrl":"https://example.com/sse","type":"sse"},"plain":{"serverUrl":"https://example.com/mcp"}}}`,
			[]brief{
				{ID: "plain", Type: "http", URL: "https://example.com/mcp", Pointer: "/mcpServers/plain"},
				{ID: "remote", Type: "sse", URL: "https://example.com/sse", Pointer: "/mcpServers/remote"},
			}},
		{"mixed shapes, order backends then servers then mcpServers", `{"mcpServers":{"c":{"command":"c"}},"servers":{"b":{"command":"b"}},"backends":[{"id":"a","command":"a"}]}`,
			[]brief{
				{ID: "a", Type: "stdio", Command: "a", Pointer: "/backends/0"},
				{ID: "b", Type: "stdio", Command: "b", Pointer: "/servers/b"},
				{ID: "c", Type: "stdio", Command: "c", Pointer: "/mcpServers/c"},
			}},
		{"type inference", `{"backends":[
			{"id":"s","command":"x"},
			{"id":"h","url":"https://x/mcp"},
			{"id":"w","url":"ws://x/mcp"},
			{"id":"ws","url":"wss://x/mcp"},
			{"id":"sh","type":"streamable-http","url":"https://x/mcp"},
			{"id":"sh2","type":"streamableHttp","url":"https://x/mcp"},
			{"id":"wsalias","type":"ws","url":"wss://x/mcp"},
			{"id":"sse","type":"sse","url":"https://x/sse"}]}`,
			[]brief{
				{ID: "s", Type: "stdio", Command: "x", Pointer: "/backends/0"},
				{ID: "h", Type: "http", URL: "https://x/mcp", Pointer: "/backends/1"},
				{ID: "w", Type: "websocket", URL: "ws://x/mcp", Pointer: "/backends/2"},
				{ID: "ws", Type: "websocket", URL: "wss://x/mcp", Pointer: "/backends/3"},
				{ID: "sh", Type: "http", URL: "https://x/mcp", Pointer: "/backends/4"},
				{ID: "sh2", Type: "http", URL: "https://x/mcp", Pointer: "/backends/5"},
				{ID: "wsalias", Type: "websocket", URL: "wss://x/mcp", Pointer: "/backends/6"},
				{ID: "sse", Type: "sse", URL: "https://x/sse", Pointer: "/backends/7"},
			}},
		{"key with slash and tilde", `{"servers":{"a~b/c":{"id":"abc","command":"x"}}}`,
			[]brief{{ID: "abc", Type: "stdio", Command: "x", Pointer: "/servers/a~0b~1c"}}},
		{"expansion forms", `{"backends":[{"id":"x","command":"${HOME}/bin/srv","args":["${MISSING:-def}","${EMPTY:-fallback}","${EMPTY}","$$HOME","cost $5","${workspaceFolder}/src","${env:TOKEN}","${env:NOPE:-d2}","$","a$"]}]}`,
			[]brief{{ID: "x", Type: "stdio", Command: "/home/me/bin/srv", Pointer: "/backends/0",
				Args: []string{"def", "fallback", "", "$HOME", "cost $5", "/ws/src", "s3cret", "d2", "$", "a$"}}}},
		{"no backends", `{"logLevel":"debug"}`, nil},
		{"$schema accepted", `{"$schema":"https://github.com/mcp-agentify/mcp-agentify/schemas/config.schema.json"}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := mustParse(t, tt.doc)
			if got := briefs(cfg); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("backends:\n got %+v\nwant %+v", got, tt.want)
			}
			if cfg.Servers != nil || cfg.MCPServers != nil {
				t.Errorf("map shapes not merged into Backends")
			}
		})
	}
}

func TestParseDurations(t *testing.T) {
	cfg := mustParse(t, `{"callTimeout":"30s","startupTimeout":1500,"readyTimeout":"1m30s","planner":{"timeout":0.5},
		"backends":[{"id":"a","command":"x","callTimeout":"500ms","startupTimeout":"1h"}]}`)
	for _, c := range []struct {
		got, want time.Duration
	}{
		{cfg.CallTimeout.D(0), 30 * time.Second},
		{cfg.StartupTimeout.D(0), 1500 * time.Millisecond},
		{cfg.ReadyTimeout.D(0), 90 * time.Second},
		{cfg.Planner.Timeout.D(0), 500 * time.Microsecond},
		{cfg.Backends[0].CallTimeout.D(0), 500 * time.Millisecond},
		{cfg.Backends[0].StartupTimeout.D(0), time.Hour},
		{(*Duration)(nil).D(7 * time.Second), 7 * time.Second},
	} {
		if c.got != c.want {
			t.Errorf("duration %v, want %v", c.got, c.want)
		}
	}
	b, err := Duration(90 * time.Second).MarshalJSON()
	if err != nil || string(b) != `"1m30s"` {
		t.Errorf("MarshalJSON = %s, %v", b, err)
	}
	var d Duration
	for _, bad := range []string{`"bogus"`, `true`, `"5"`, `"`} {
		if err := d.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s) succeeded", bad)
		}
	}
}

// TestParseErrors checks every error with its JSON pointer.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want []string // FieldError.String(), in order; a "~" prefix means "contains"
	}{
		{"empty file", ``, []string{"/: empty document: want a JSON object"}},
		{"whitespace only", " \n\t", []string{"/: empty document: want a JSON object"}},
		{"malformed JSON reports line and column", "{\n  \"backends\": [\n    {\"id\": \"a\",, }\n  ]\n}", []string{"~/: not valid JSON: line 3, column 16: invalid character ','"}},
		{"truncated JSON", "{\"backends\": [", []string{"~/: not valid JSON:"}},
		{"not an object", `[]`, []string{"/: got array, want object"}},
		{"missing command with type stdio", `{"backends":[{"id":"a","command":"x"},{"id":"b","type":"stdio","args":["y"]}]}`, []string{"/backends/1/command: missing property"}},
		{"missing url with type http", `{"servers":{"r":{"type":"http"}}}`, []string{"/servers/r/url: missing property"}},
		{"neither command nor url", `{"backends":[{"id":"a"}]}`, []string{`/backends/0: needs "command" (stdio) or "url" (http, sse, websocket)`}},
		{"missing id in backends", `{"backends":[{"command":"x"}]}`, []string{"/backends/0/id: missing property"}},
		{"bad id pattern", `{"backends":[{"id":"a b","command":"x"}]}`, []string{"~/backends/0/id: 'a b' does not match pattern"}},
		{"id too long", `{"backends":[{"id":"` + strings.Repeat("a", 65) + `","command":"x"}]}`, []string{"~/backends/0/id: "}},
		{"bad key in servers", `{"servers":{"a.b":{"command":"x"}}}`, []string{`/servers/a.b/id: backend id "a.b" must match ^[a-zA-Z0-9_-]{1,64}$`}},
		{"duplicate ids across shapes", `{"backends":[{"id":"a","command":"x"}],"servers":{"a":{"command":"y"}},"mcpServers":{"a":{"command":"z"}}}`,
			[]string{`/mcpServers/a/id: duplicate backend id "a" (also at /servers/a)`, `/servers/a/id: duplicate backend id "a" (also at /backends/0)`}},
		{"duplicate ids in backends", `{"backends":[{"id":"a","command":"x"},{"id":"a","command":"y"}]}`, []string{`/backends/1/id: duplicate backend id "a" (also at /backends/0)`}},
		{"unknown property (typo)", `{"backends":[{"id":"a","comand":"x"}]}`, []string{"/backends/0/comand: unknown property"}},
		{"unknown top-level property", `{"backend":[]}`, []string{"/backend: unknown property"}},
		{"unknown property in mcpServers", `{"mcpServers":{"m":{"command":"x","enviroment":{}}}}`, []string{"/mcpServers/m/enviroment: unknown property"}},
		{"unknown planner property", `{"planner":{"modle":"x"}}`, []string{"/planner/modle: unknown property"}},
		{"wrong type args", `{"servers":{"a":{"command":"x","args":"-y"}}}`, []string{"/servers/a/args: got string, want array"}},
		{"wrong type arg item", `{"servers":{"a":{"command":"x","args":[1]}}}`, []string{"/servers/a/args/0: got number, want string"}},
		{"wrong type env value", `{"backends":[{"id":"a","command":"x","env":{"K":1}}]}`, []string{"/backends/0/env/K: got number, want string"}},
		{"wrong type disabled", `{"backends":[{"id":"a","command":"x","disabled":"yes"}]}`, []string{"/backends/0/disabled: got string, want boolean"}},
		{"enums", `{"logLevel":"verbose","expose":"x","backends":[{"id":"a","command":"x","restart":"always","type":"tcp"}]}`,
			[]string{"~/backends/0/restart: value must be one of", "~/backends/0/type: value must be one of", "~/expose: value must be one of", "~/logLevel: value must be one of"}},
		{"ranges", `{"debugPort":70000,"maxMessageBytes":10,"planner":{"maxTools":500,"temperature":-1}}`,
			[]string{"/debugPort: maximum: got 70,000, want 65,535", "/maxMessageBytes: minimum: got 10, want 65,536", "/planner/maxTools: maximum: got 500, want 128", "/planner/temperature: minimum: got -1, want 0"}},
		{"bogus duration", `{"backends":[{"id":"a","command":"x","callTimeout":"bogus"}]}`, []string{"~/backends/0/callTimeout: 'bogus' does not match pattern", "/backends/0/callTimeout: got string, want number"}},
		{"negative duration", `{"callTimeout":-5}`, []string{"/callTimeout: got number, want string", "/callTimeout: minimum: got -5, want 0"}},
		{"unknown dependsOn", `{"backends":[{"id":"a","command":"x","dependsOn":["a2"]}]}`, []string{`/backends/0/dependsOn/0: unknown backend "a2"`}},
		{"self-dependency", `{"servers":{"a":{"command":"x","dependsOn":["a"]}}}`, []string{"/servers/a/dependsOn/0: a backend cannot depend on itself"}},
		{"cycle of two", `{"backends":[{"id":"a","command":"x","dependsOn":["b"]},{"id":"b","command":"x","dependsOn":["a"]}]}`, []string{"/backends/0/dependsOn: dependency cycle: a -> b -> a"}},
		{"cycle of three across shapes", `{"backends":[{"id":"z","command":"x"},{"id":"a","command":"x","dependsOn":["z","b"]}],"servers":{"b":{"command":"x","dependsOn":["c"]}},"mcpServers":{"c":{"command":"x","dependsOn":["a"]}}}`,
			[]string{"/backends/1/dependsOn: dependency cycle: a -> b -> c -> a"}},
		{"unset variable names field and variable", `{"backends":[{"id":"a","command":"x","env":{"KEY":"${NOPE}"}}]}`, []string{"/backends/0/env/KEY: environment variable NOPE is not set (use ${NOPE:-default} for a default)"}},
		{"unset variable in args", `{"mcpServers":{"m":{"command":"x","args":["ok","${env:GONE}"]}}}`, []string{"~/mcpServers/m/args/1: environment variable GONE is not set"}},
		{"unset variable in header", `{"backends":[{"id":"a","url":"https://x","headers":{"Authorization":"Bearer ${GH_TOKEN}"}}]}`, []string{"~/backends/0/headers/Authorization: environment variable GH_TOKEN is not set"}},
		{"unset variable in url", `{"backends":[{"id":"a","url":"${BASE}/mcp"}]}`, []string{"~/backends/0/url: environment variable BASE is not set"}},
		{"input variable without a value", `{"servers":{"s":{"command":"x","env":{"K":"${input:api-key}"}}}}`, []string{"/servers/s/env/K: ${input:api-key} has no value: VS Code prompts for inputs, the gateway cannot; set the environment variable API_KEY"}},
		{"id with __", `{"mcpServers":{"a__b":{"command":"x"}}}`, []string{`/mcpServers/a__b/id: backend id "a__b" must not contain "__" (it separates the backend from the tool in qualified names)`}},
		{"invalid glob in tools.allow", `{"backends":[{"id":"a","command":"x","tools":{"allow":["read_*","[a-"],"deny":["ok"]}}]}`, []string{`/backends/0/tools/allow/1: invalid glob "[a-": syntax error in pattern`}},
		{"startupTimeout overflow", `{"backends":[{"id":"a","command":"x","startupTimeout":1e300}]}`, []string{"/backends/0/startupTimeout: got number, want string", "~/backends/0/startupTimeout: maximum: got 1×10³⁰⁰"}},
		{"top-level startupTimeout overflow", `{"startupTimeout":1e300}`, []string{"/startupTimeout: got number, want string", "~/startupTimeout: maximum: got 1×10³⁰⁰"}},
		{"missing cwd", `{"backends":[{"id":"a","command":"sh","cwd":"/nonexistent/agentify-test"}]}`, []string{"/backends/0/cwd: working directory /nonexistent/agentify-test does not exist"}},
		{"file url", `{"mcpServers":{"f":{"url":"file:///etc/passwd"}}}`, []string{`/mcpServers/f/url: url scheme "file" is not supported: want http, https, ws or wss`}},
		{"javascript url", `{"mcpServers":{"j":{"serverUrl":"javascript:alert(1)"}}}`, []string{`/mcpServers/j/serverUrl: url scheme "javascript" is not supported: want http, https, ws or wss`}},
		{"ws url with type http", `{"mcpServers":{"j":{"type":"http","url":"ws://x/mcp"}}}`, []string{`/mcpServers/j/url: a ws:// url needs type websocket`}},
		{"missing envFile", `{"servers":{"s":{"command":"x","envFile":"/nonexistent/.env"}}}`, []string{"~/servers/s/envFile: cannot read env file: open /nonexistent/.env: no such file"}},
		{"unknown key in an IDE file is still an error", `{"mcpServers":{"m":{"command":"x","autoApprove":[],"comand":"y"}}}`, []string{"/mcpServers/m/comand: unknown property"}},
		{"unterminated", `{"backends":[{"id":"a","command":"${HOME"}]}`, []string{"~/backends/0/command: unterminated ${"}},
		{"invalid variable name", `{"backends":[{"id":"a","command":"${1X}"}]}`, []string{"/backends/0/command: invalid variable reference ${1X}"}},
		{"several errors sorted by pointer", `{"backends":[{"id":"b","command":"${NOPE}"},{"id":"a"}]}`,
			[]string{`/backends/0/command: environment variable NOPE is not set (use ${NOPE:-default} for a default)`, `/backends/1: needs "command" (stdio) or "url" (http, sse, websocket)`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := Parse([]byte(tt.doc), "test.json", testEnv)
			var got []string
			if err == nil {
				// Errors confined to backends' entries disable those backends.
				for _, b := range cfg.Backends {
					for _, fe := range b.Invalid {
						got = append(got, fe.String())
					}
				}
				if len(got) == 0 {
					t.Fatalf("Parse succeeded: %+v", briefs(cfg))
				}
				sort.Strings(got)
			} else {
				var ce *ConfigError
				if !errors.As(err, &ce) {
					t.Fatalf("error %T is not a *ConfigError: %v", err, err)
				}
				if ce.Source != "test.json" || !strings.HasPrefix(err.Error(), "invalid configuration in test.json:\n  ") {
					t.Errorf("source %q, message %q", ce.Source, err.Error())
				}
				for _, fe := range ce.Errors {
					got = append(got, fe.String())
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("errors:\n%s\nwant %d: %q", strings.Join(got, "\n"), len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				if c, ok := strings.CutPrefix(w, "~"); ok {
					if !strings.HasPrefix(got[i], c) {
						t.Errorf("error %d = %q, want prefix %q", i, got[i], c)
					}
				} else if got[i] != w {
					t.Errorf("error %d = %q, want %q", i, got[i], w)
				}
			}
		})
	}
}

func TestExpand(t *testing.T) {
	tests := []struct{ in, want, err string }{
		{"plain", "plain", ""},
		{"${TOKEN}", "s3cret", ""},
		{"a${TOKEN}b${TOKEN}", "as3cretbs3cret", ""},
		{"${env:TOKEN}", "s3cret", ""},
		{"${NOPE:-x y}", "x y", ""},
		{"${NOPE:-}", "", ""},
		{"${EMPTY:-d}", "d", ""},
		{"${EMPTY}", "", ""},
		{"$$", "$", ""},
		{"$${TOKEN}", "${TOKEN}", ""},
		{"$$$$", "$$", ""},
		{"$", "$", ""},
		{"${workspaceFolder}", "/ws", ""},
		{"${NOPE}", "", "environment variable NOPE is not set (use ${NOPE:-default} for a default)"},
		{"${input:x}", "", "${input:x} has no value: VS Code prompts for inputs, the gateway cannot; set the environment variable X"},
		{"${input:TOKEN}", "s3cret", ""},
		{"${input:home}", "/home/me", ""},
		{"${NOPE:-${TOKEN}}", "s3cret", ""},
		{"${NOPE:-a${NOPE2:-${HOME}}b}", "a/home/meb", ""},
		{"${NOPE:-${NOPE2}}", "", "environment variable NOPE2 is not set (use ${NOPE2:-default} for a default)"},
		{"${NOPE:-{x}}", "{x}", ""},
		{"${}", "", "invalid variable reference ${}"},
		{"${A-B}", "", "invalid variable reference ${A-B}"},
		{"${", "", `unterminated ${ in "${"`},
	}
	for _, tt := range tests {
		got, err := Expand(tt.in, testEnv)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("Expand(%q) error = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Expand(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	// Defaults: the process environment and the working directory.
	t.Setenv("AGENTIFY_TEST_EXPAND", "from-env")
	wd, _ := os.Getwd()
	if got, err := Expand("${AGENTIFY_TEST_EXPAND}|${workspaceFolder}", nil); err != nil || got != "from-env|"+wd {
		t.Errorf("Expand with nil options = %q, %v", got, err)
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mcp.json")
	if err := os.WriteFile(path, []byte(`{"mcpServers":{"a":{"command":"x"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(path, nil)
	if err != nil || len(cfg.Backends) != 1 || cfg.Backends[0].ID != "a" {
		t.Fatalf("Load = %+v, %v", cfg, err)
	}
	if _, err := Load(filepath.Join(dir, "missing.json"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing file: %v", err)
	}
	os.WriteFile(path, []byte(`{"bad":1}`), 0o600)
	var ce *ConfigError
	if _, err := Load(path, nil); !errors.As(err, &ce) || ce.Source != path {
		t.Errorf("Load of an invalid file: %v", err)
	}
}

func TestFieldErrors(t *testing.T) {
	es := FieldErrors{{"", "root"}, {"/a", "x"}}
	if got := es.Error(); got != "/: root; /a: x" {
		t.Errorf("Error() = %q", got)
	}
	if escapePointer("a/b~c") != "a~1b~0c" || escapePointer("plain") != "plain" {
		t.Errorf("escapePointer")
	}
}

// A number the schema validator cannot represent is a clear error of the
// file, not a crash (the library panicked on 1e1000010).
func TestParseHugeExponent(t *testing.T) {
	_, err := Parse([]byte(`{"backends":[{"id":"x","command":"echo","startupTimeout":1e1000010}]}`), "huge.json", nil)
	var ce *ConfigError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "huge.json") || !strings.Contains(err.Error(), "huge exponent") {
		t.Fatalf("Parse = %v, want a ConfigError naming the file and the number", err)
	}
}
