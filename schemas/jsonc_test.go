package schemas

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseJSONCAndBOM(t *testing.T) {
	doc := "\uFEFF" + `// VS Code reads mcp.json as JSONC
{
  /* block
     comment */
  "servers": {
    "a": {"command": "x", "args": ["//not a comment", "/* nor this */", "a,]"],}, // trailing comma
  },
  "inputs": [],
}`
	cfg := mustParse(t, doc)
	if len(cfg.Backends) != 1 || !reflect.DeepEqual(cfg.Backends[0].Args, []string{"//not a comment", "/* nor this */", "a,]"}) {
		t.Fatalf("backends = %+v", briefs(cfg))
	}
	// A syntax error after a comment still points at its line and column.
	_, err := Parse([]byte("// c\n{\"a\": 1 2}"), "x.json", testEnv)
	if err == nil || !strings.Contains(err.Error(), "line 2, column 9") || !strings.Contains(err.Error(), "x.json") {
		t.Errorf("error = %v, want line 2, column 9 in x.json", err)
	}
}

func TestStripJSONCKeepsOffsets(t *testing.T) {
	for _, in := range []string{`{"a":[1,2,],}`, "{/*x\ny*/\"a\":1}", `{"s":"\"//,}"}`} {
		out := stripJSONC([]byte(in))
		if len(out) != len(in) || strings.Count(string(out), "\n") != strings.Count(in, "\n") {
			t.Errorf("stripJSONC(%q) = %q: length or lines changed", in, out)
		}
	}
	if got := string(stripJSONC([]byte(`{"s":"\"//,}"}`))); got != `{"s":"\"//,}"}` {
		t.Errorf("string content changed: %q", got)
	}
}

func TestParseIgnoresIDEKeys(t *testing.T) {
	doc := `{
	  "globalShortcut": "Ctrl+Space", "preferences": {"x": 1},
	  "mcpServers": {
	    "cline": {"command": "x", "autoApprove": ["a"], "alwaysAllow": [], "disabledTools": ["b"], "timeout": 60, "transport": "stdio", "disabled": false},
	    "vsc": {"command": "y", "dev": {"watch": "src/**"}, "gallery": true, "version": "1.0.0"}
	  }
	}`
	cfg := mustParse(t, doc)
	want := []string{"/globalShortcut", "/mcpServers/cline/alwaysAllow", "/mcpServers/cline/autoApprove", "/mcpServers/cline/disabledTools", "/mcpServers/cline/timeout", "/mcpServers/cline/transport", "/mcpServers/vsc/dev", "/mcpServers/vsc/gallery", "/mcpServers/vsc/version", "/preferences"}
	if !reflect.DeepEqual(cfg.Ignored, want) {
		t.Errorf("Ignored = %q\nwant %q", cfg.Ignored, want)
	}
	for _, b := range cfg.Backends {
		if len(b.Invalid) > 0 {
			t.Errorf("%s invalid: %v", b.ID, b.Invalid)
		}
	}
	// "enabled": false switches a server off; true leaves it on.
	cfg = mustParse(t, `{"mcpServers":{"off":{"command":"x","enabled":false},"on":{"command":"x","enabled":true}}}`)
	if !cfg.Backends[0].Disabled || cfg.Backends[1].Disabled {
		t.Errorf("enabled: off disabled=%v, on disabled=%v", cfg.Backends[0].Disabled, cfg.Backends[1].Disabled)
	}
}

func TestParseInvalidBackendDisablesOnlyItself(t *testing.T) {
	doc := `{"mcpServers":{
	  "good": {"command": "x"},
	  "unset": {"command": "x", "env": {"K": "${NOPE}"}},
	  "input": {"command": "x", "env": {"K": "${input:gh-pat}"}},
	  "nocmd": {"args": ["x"]},
	  "badtype": {"type": "carrier-pigeon", "command": "x"},
	  "badargs": {"command": "x", "args": "not-an-array"}
	}}`
	cfg := mustParse(t, doc)
	got := map[string]string{}
	for _, b := range cfg.Backends {
		got[b.ID] = b.Invalid.Error()
	}
	want := map[string]string{
		"good":    "",
		"unset":   "/mcpServers/unset/env/K: environment variable NOPE is not set (use ${NOPE:-default} for a default)",
		"input":   "/mcpServers/input/env/K: ${input:gh-pat} has no value: VS Code prompts for inputs, the gateway cannot; set the environment variable GH_PAT",
		"nocmd":   `/mcpServers/nocmd: needs "command" (stdio) or "url" (http, sse, websocket)`,
		"badtype": "~/mcpServers/badtype/type: value must be one of",
		"badargs": "/mcpServers/badargs/args: got string, want array",
	}
	for id, w := range want {
		if p, ok := strings.CutPrefix(w, "~"); ok && strings.HasPrefix(got[id], p) || got[id] == w {
			continue
		}
		t.Errorf("%s: Invalid = %q, want %q", id, got[id], w)
	}
}

func TestParseSSEInference(t *testing.T) {
	cfg := mustParse(t, `{"mcpServers":{"a":{"url":"https://x.example/sse"},"b":{"url":"https://x.example/v1/sse/"},"c":{"url":"https://x.example/mcp"},"d":{"serverUrl":"https://x.example/sse?k=v"}}}`)
	want := map[string]string{"a": TypeSSE, "b": TypeSSE, "c": TypeHTTP, "d": TypeSSE}
	for _, b := range cfg.Backends {
		if b.Type != want[b.ID] {
			t.Errorf("%s: type %q, want %q", b.ID, b.Type, want[b.ID])
		}
	}
}

func TestLoadEnvFile(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ".env"), []byte("# comment\nA=from-file\nexport B=\"quoted value\"\nC=file\n"), 0o600)
	path := filepath.Join(dir, "mcp.json")
	os.WriteFile(path, []byte(`{"servers":{"s":{"command":"x","envFile":".env","env":{"C":"from-env"}},"w":{"command":"x","envFile":"${workspaceFolder}/.env"}}}`), 0o600)
	cfg, err := Load(path, &LoadOptions{WorkspaceFolder: dir, LookupEnv: env()})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"A": "from-file", "B": "quoted value", "C": "from-env"}
	if !reflect.DeepEqual(cfg.Backends[0].Env, want) {
		t.Errorf("env = %v, want %v", cfg.Backends[0].Env, want)
	}
	if cfg.Backends[1].Env["A"] != "from-file" || len(cfg.Backends[1].Invalid) > 0 {
		t.Errorf("${workspaceFolder} envFile: %v %v", cfg.Backends[1].Env, cfg.Backends[1].Invalid)
	}
}

func TestLoadBounded(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, err := Load("/dev/zero", nil)
	var ce *ConfigError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "larger than 4 MiB") {
		t.Fatalf("Load(/dev/zero) = %v", err)
	}
}

// BenchmarkParseIDEFile parses a JSONC file in VS Code's shape with 50
// servers, comments, trailing commas and IDE keys.
func BenchmarkParseIDEFile(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("// generated\n{\n  \"inputs\": [],\n  \"servers\": {\n")
	for i := range 50 {
		fmt.Fprintf(&sb, "    /* server %d */\n    \"s%d\": {\"command\": \"npx\", \"args\": [\"-y\", \"pkg-%d\", \"${workspaceFolder}\"], \"env\": {\"K\": \"${HOME:-/h}\"}, \"dev\": {}, \"autoApprove\": [],},\n", i, i, i)
	}
	sb.WriteString("  },\n}\n")
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Parse(data, "bench.json", testEnv); err != nil {
			b.Fatal(err)
		}
	}
}
