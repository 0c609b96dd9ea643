package schemas

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const baseFile = `{
	"logLevel": "info",
	"debugPort": 1000,
	"planner": {"apiKey": "file-key", "model": "file-model", "maxTools": 32},
	"backends": [
		{"id": "fs", "command": "fs-server", "env": {"ROOT": "/tmp"}},
		{"id": "gh", "url": "https://gh.example/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}}
	]
}`

func ptr[T any](v T) *T { return &v }

// TestPrecedence runs the whole chain: file < initializationOptions <
// environment < flags.
func TestPrecedence(t *testing.T) {
	cfg := mustParse(t, baseFile)
	init := `{"logLevel":"debug","OPENAI_API_KEY":"init-key","DEBUG_PORT":"2000","planner":{"model":"init-model","provider":"openai"},"expose":"all"}`
	if err := cfg.MergeInitOptions(json.RawMessage(init), testEnv); err != nil {
		t.Fatal(err)
	}
	envO, err := EnvOverrides(env("OPENAI_API_KEY", "env-key", "AGENTIFY_LOG_LEVEL", "warn", "AGENTIFY_MODEL", " env-model ", "DEBUG_PORT", "3000"))
	if err != nil {
		t.Fatal(err)
	}
	flags := Overrides{LogLevel: "error", DebugPort: ptr(4000)}
	cfg.Apply(envO.Over(flags))

	if cfg.LogLevel != "error" {
		t.Errorf("logLevel = %q, want the flag's", cfg.LogLevel)
	}
	if *cfg.DebugPort != 4000 {
		t.Errorf("debugPort = %d, want the flag's", *cfg.DebugPort)
	}
	p := cfg.Planner
	if p.APIKey != "env-key" {
		t.Errorf("apiKey = %q: OPENAI_API_KEY from the environment must win over initializationOptions", p.APIKey)
	}
	if p.Model != "env-model" {
		t.Errorf("model = %q, want the environment's (trimmed)", p.Model)
	}
	if p.Provider != "openai" || cfg.Expose != "all" {
		t.Errorf("provider %q, expose %q: want initializationOptions' values", p.Provider, cfg.Expose)
	}
	if p.MaxTools != 32 {
		t.Errorf("maxTools = %d, want the file's", p.MaxTools)
	}
}

func TestOverridesOver(t *testing.T) {
	lo := Overrides{LogLevel: "info", Expose: "meta", DebugPort: ptr(1), Provider: "lexical", Model: "m", BaseURL: "u", APIKey: "k"}
	if got := lo.Over(Overrides{}); !reflect.DeepEqual(got, lo) {
		t.Errorf("empty hi changed lo: %+v", got)
	}
	hi := Overrides{LogLevel: "debug", Expose: "all", DebugPort: ptr(0), Provider: "openai", Model: "m2", BaseURL: "u2", APIKey: "k2"}
	if got := lo.Over(hi); !reflect.DeepEqual(got, hi) {
		t.Errorf("Over = %+v, want %+v", got, hi)
	}
	// Apply with nothing set leaves the config alone and adds no planner.
	var c Config
	c.Apply(Overrides{})
	if !reflect.DeepEqual(c, Config{}) {
		t.Errorf("Apply(zero) changed the config: %+v", c)
	}
	c.Apply(Overrides{BaseURL: "http://localhost:11434/v1"})
	if c.Planner == nil || c.Planner.BaseURL != "http://localhost:11434/v1" {
		t.Errorf("Apply(BaseURL): %+v", c.Planner)
	}
}

func TestEnvOverrides(t *testing.T) {
	o, err := EnvOverrides(env("OPENAI_API_KEY", "k", "OPENAI_BASE_URL", "u", "AGENTIFY_MODEL", "m", "AGENTIFY_PLANNER", "lexical",
		"AGENTIFY_LOG_LEVEL", "debug", "AGENTIFY_EXPOSE", "all", "DEBUG_PORT", "0"))
	if err != nil {
		t.Fatal(err)
	}
	want := Overrides{APIKey: "k", BaseURL: "u", Model: "m", Provider: "lexical", LogLevel: "debug", Expose: "all", DebugPort: ptr(0)}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("EnvOverrides = %+v, want %+v", o, want)
	}
	if o, err := EnvOverrides(env("DEBUG_PORT", "1", "AGENTIFY_DEBUG_PORT", "2")); err != nil || *o.DebugPort != 2 {
		t.Errorf("AGENTIFY_DEBUG_PORT should win: %v, %v", o.DebugPort, err)
	}
	if o, err := EnvOverrides(env("DEBUG_PORT", "  ")); err != nil || o.DebugPort != nil {
		t.Errorf("blank DEBUG_PORT: %v, %v", o.DebugPort, err)
	}
	for _, bad := range []string{"abc", "-1", "65536", "80x", "1.5"} {
		_, err := EnvOverrides(env("DEBUG_PORT", bad))
		if err == nil || !strings.Contains(err.Error(), "DEBUG_PORT") || !strings.Contains(err.Error(), bad) {
			t.Errorf("DEBUG_PORT=%q: err = %v, want one naming the variable and value", bad, err)
		}
	}
	t.Setenv("AGENTIFY_MODEL", "process-model")
	if o, err := EnvOverrides(nil); err != nil || o.Model != "process-model" {
		t.Errorf("EnvOverrides(nil) does not read the process environment: %+v %v", o, err)
	}
}

func TestMergeInitOptions(t *testing.T) {
	tests := []struct {
		name  string
		init  string
		check func(t *testing.T, c *Config)
	}{
		{"empty forms are no-ops", `  `, func(t *testing.T, c *Config) {
			if !reflect.DeepEqual(c, mustParse(t, baseFile)) {
				t.Errorf("config changed")
			}
		}},
		{"null", `null`, func(t *testing.T, c *Config) {}},
		{"empty object", `{}`, func(t *testing.T, c *Config) {}},
		{"legacy DEBUG_PORT number", `{"DEBUG_PORT":9229}`, func(t *testing.T, c *Config) {
			if *c.DebugPort != 9229 {
				t.Errorf("debugPort %d", *c.DebugPort)
			}
		}},
		{"legacy DEBUG_PORT string", `{"DEBUG_PORT":"9230"}`, func(t *testing.T, c *Config) {
			if *c.DebugPort != 9230 {
				t.Errorf("debugPort %d", *c.DebugPort)
			}
		}},
		{"debugPort wins over DEBUG_PORT", `{"DEBUG_PORT":1,"debugPort":2}`, func(t *testing.T, c *Config) {
			if *c.DebugPort != 2 {
				t.Errorf("debugPort %d", *c.DebugPort)
			}
		}},
		{"legacy OPENAI_API_KEY", `{"OPENAI_API_KEY":"init-key"}`, func(t *testing.T, c *Config) {
			if c.Planner.APIKey != "init-key" || c.Planner.Model != "file-model" {
				t.Errorf("planner %+v", c.Planner)
			}
		}},
		{"planner apiKey wins over OPENAI_API_KEY", `{"OPENAI_API_KEY":"legacy","planner":{"apiKey":"new"}}`, func(t *testing.T, c *Config) {
			if c.Planner.APIKey != "new" {
				t.Errorf("apiKey %q", c.Planner.APIKey)
			}
		}},
		{"logLevel", `{"logLevel":"trace"}`, func(t *testing.T, c *Config) {
			if c.LogLevel != "trace" {
				t.Errorf("logLevel %q", c.LogLevel)
			}
		}},
		{"scalars and planner fields", `{"debugToken":"tok","callTimeout":"5s","startupTimeout":100,"readyTimeout":"1s","maxMessageBytes":100000,
			"planner":{"mode":"json","baseURL":"b","maxAttempts":5,"maxSteps":2,"maxPromptTokens":900,"temperature":0,"timeout":"2s"}}`, func(t *testing.T, c *Config) {
			p := c.Planner
			if c.DebugToken != "tok" || c.CallTimeout.D(0).String() != "5s" || c.StartupTimeout.D(0).String() != "100ms" ||
				c.ReadyTimeout.D(0).String() != "1s" || c.MaxMessageBytes != 100000 {
				t.Errorf("scalars: %+v", c)
			}
			if p.Mode != "json" || p.BaseURL != "b" || p.MaxAttempts != 5 || p.MaxSteps != 2 || p.MaxPromptTokens != 900 ||
				p.Temperature == nil || *p.Temperature != 0 || p.Timeout.D(0).String() != "2s" || p.MaxTools != 32 || p.APIKey != "file-key" {
				t.Errorf("planner: %+v", p)
			}
		}},
		{"backends replace by id and add new", `{"backends":[{"id":"gh","url":"https://other/mcp"}],"mcpServers":{"new":{"command":"n","args":["${TOKEN}"]}}}`, func(t *testing.T, c *Config) {
			var ids []string
			for _, b := range c.Backends {
				ids = append(ids, b.ID)
			}
			if !slices.Equal(ids, []string{"fs", "gh", "new"}) {
				t.Fatalf("ids %v", ids)
			}
			if gh := c.Backends[1]; gh.URL != "https://other/mcp" || gh.Headers != nil || gh.Pointer != "initializationOptions/backends/0" {
				t.Errorf("gh not replaced: %+v", gh)
			}
			if n := c.Backends[2]; n.Type != "stdio" || n.Args[0] != "s3cret" || n.Pointer != "initializationOptions/mcpServers/new" {
				t.Errorf("new backend: %+v", n)
			}
		}},
		{"init backend may depend on a file backend", `{"backends":[{"id":"late","command":"x","dependsOn":["fs"]}]}`, func(t *testing.T, c *Config) {
			if len(c.Backends) != 3 || c.Backends[2].DependsOn[0] != "fs" {
				t.Errorf("backends %+v", briefs(c))
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustParse(t, baseFile)
			if err := c.MergeInitOptions(json.RawMessage(tt.init), testEnv); err != nil {
				t.Fatalf("MergeInitOptions: %v", err)
			}
			tt.check(t, c)
		})
	}
}

func TestMergeInitOptionsInvalid(t *testing.T) {
	tests := []struct {
		name, init string
		want       string // first FieldError
	}{
		{"not an object", `[1]`, "/: want a JSON object"},
		{"not JSON", `{`, "/: want a JSON object"},
		{"OPENAI_API_KEY not a string", `{"OPENAI_API_KEY":5}`, "/OPENAI_API_KEY: want a string"},
		{"DEBUG_PORT bad string", `{"DEBUG_PORT":"abc"}`, "/DEBUG_PORT: want a port number 0-65535"},
		{"DEBUG_PORT out of range", `{"DEBUG_PORT":70000}`, "/DEBUG_PORT: want a port number 0-65535"},
		{"DEBUG_PORT negative", `{"DEBUG_PORT":-1}`, "/DEBUG_PORT: want a port number 0-65535"},
		{"DEBUG_PORT bool", `{"DEBUG_PORT":true}`, "/DEBUG_PORT: want a port number 0-65535"},
		{"unknown option", `{"logLevel":"debug","bogus":1}`, "/bogus: unknown property"},
		{"bad backend", `{"backends":[{"id":"x"}]}`, `/backends/0: needs "command" (stdio) or "url" (http, sse, websocket)`},
		{"unset variable", `{"backends":[{"id":"x","command":"${NOPE}"}]}`, "/backends/0/command: environment variable NOPE is not set (use ${NOPE:-default} for a default)"},
		{"bad enum", `{"logLevel":"loud"}`, "~/logLevel: value must be one of"},
		{"unknown dependency", `{"backends":[{"id":"x","command":"x","dependsOn":["nope"]}]}`, `initializationOptions/backends/0/dependsOn/0: unknown backend "nope"`},
		{"cycle through the file", `{"backends":[{"id":"fs","command":"x","dependsOn":["b"]},{"id":"b","command":"x","dependsOn":["fs"]}]}`, "initializationOptions/backends/0/dependsOn: dependency cycle: fs -> b -> fs"},
		{"cycle with a file backend", `{"backends":[{"id":"b","command":"x","dependsOn":["c"]},{"id":"c","command":"x","dependsOn":["b"]}]}`, "initializationOptions/backends/0/dependsOn: dependency cycle: b -> c -> b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustParse(t, baseFile)
			before := c.Clone()
			before.Backends = slices.Clone(c.Backends)
			err := c.MergeInitOptions(json.RawMessage(tt.init), testEnv)
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want *ConfigError", err)
			}
			if ce.Source != "initializationOptions" {
				t.Errorf("source %q", ce.Source)
			}
			got := ce.Errors[0].String()
			if w, ok := strings.CutPrefix(tt.want, "~"); ok && !strings.HasPrefix(got, w) || !ok && got != tt.want {
				t.Errorf("first error %q, want %q (all: %v)", got, tt.want, ce.Errors)
			}
			if !reflect.DeepEqual(c, before) {
				t.Errorf("config changed by invalid init options")
			}
		})
	}
}

// A cycle that only exists once the options are laid over the file.
func TestMergeInitOptionsCycleAcrossSources(t *testing.T) {
	c := mustParse(t, `{"backends":[{"id":"fs","command":"x","dependsOn":["gh"]},{"id":"gh","command":"y"}]}`)
	before := c.Clone()
	err := c.MergeInitOptions(json.RawMessage(`{"backends":[{"id":"gh","command":"y","dependsOn":["fs"]}]}`), testEnv)
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Errors[0].String() != "/backends/0/dependsOn: dependency cycle: fs -> gh -> fs" {
		t.Fatalf("err = %v", err)
	}
	if !reflect.DeepEqual(c, before) {
		t.Errorf("config changed by invalid init options")
	}
}

func TestSecretsAndMasked(t *testing.T) {
	c := mustParse(t, `{"debugToken":"dash-token","planner":{"apiKey":"sk-1"},
		"backends":[{"id":"a","command":"x","env":{"API_KEY":"env-a","DB_PASSWORD":"env-b","EMPTY":"","DEBUG":"true","LOG_LEVEL":"info"},"args":["--flag"]}],
		"servers":{"r":{"url":"https://r","headers":{"Authorization":"Bearer ${TOKEN}","X-Key":"hk"}}}}`)
	got := c.Secrets()
	slices.Sort(got)
	want := []string{"Bearer s3cret", "dash-token", "env-a", "env-b", "hk", "sk-1"}
	if !slices.Equal(got, want) {
		t.Errorf("Secrets = %q, want %q", got, want)
	}
	m := c.Masked()
	b, _ := json.Marshal(m)
	for _, s := range want {
		if strings.Contains(string(b), s) {
			t.Errorf("Masked config still contains %q: %s", s, b)
		}
	}
	if m.Backends[0].Env["API_KEY"] != "***" || m.Backends[1].Headers["X-Key"] != "***" || m.Planner.APIKey != "***" || m.DebugToken != "***" {
		t.Errorf("Masked: %+v", m)
	}
	if m.Backends[0].Args[0] != "--flag" || m.Backends[0].Env["EMPTY"] != "***" {
		t.Errorf("Masked changed non-secret fields: %+v", m.Backends[0])
	}
	// The original is untouched.
	if c.Planner.APIKey != "sk-1" || c.Backends[0].Env["API_KEY"] != "env-a" || c.DebugToken != "dash-token" {
		t.Errorf("Masked modified the original")
	}
	// A config without secrets.
	var empty Config
	if s := empty.Secrets(); len(s) != 0 {
		t.Errorf("Secrets of an empty config: %q", s)
	}
	if m := empty.Masked(); m.Planner != nil || m.DebugToken != "" {
		t.Errorf("Masked of an empty config: %+v", m)
	}
}

func TestEnvOverridesRejectUnknownValues(t *testing.T) {
	for _, kv := range [][2]string{{"AGENTIFY_EXPOSE", "everything"}, {"AGENTIFY_PLANNER", "gpt"}, {"AGENTIFY_LOG_LEVEL", "verbose"}} {
		_, err := EnvOverrides(only(kv[0], kv[1]))
		if err == nil || !strings.Contains(err.Error(), kv[0]) {
			t.Errorf("%s=%s: %v, want an error naming the variable", kv[0], kv[1], err)
		}
	}
	if _, err := EnvOverrides(only("AGENTIFY_EXPOSE", "all")); err != nil {
		t.Errorf("AGENTIFY_EXPOSE=all: %v", err)
	}
}

// only is an environment holding one variable.
func only(name, value string) func(string) (string, bool) {
	return func(k string) (string, bool) {
		if k == name {
			return value, true
		}
		return "", false
	}
}
