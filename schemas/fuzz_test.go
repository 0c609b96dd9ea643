package schemas

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		baseFile,
		`{"servers":{"a":{"type":"stdio","command":"${X:-y}","args":["$$","${env:HOME}"]}},"inputs":[]}`,
		`{"mcpServers":{"a~/b":{"serverUrl":"ws://x","dependsOn":["a~/b"]}}}`,
		`{"backends":[{"id":"a","command":"x","dependsOn":["b"]},{"id":"b","command":"x","dependsOn":["a"]}]}`,
		`{"backends":[{"command":"x","dependsOn":[""]},{"id":"","url":"u"}]}`,
		`{"callTimeout":1e308,"startupTimeout":"9999999h","debugPort":1.0,"maxMessageBytes":1e30}`,
		`{"planner":{"temperature":0,"maxTools":1}}`,
		"{\n\"a\":,}", ``,
		"\uFEFF// c\n{\"mcpServers\":{\"a\":{\"command\":\"x\",/* c */\"autoApprove\":[],},},}",
		`{"servers":{"a__b":{"url":"file:///x","tools":{"allow":["[a-"]}},"c":{"url":"https://h/sse","env":{"K":"${input:k}"}}}}`,
		`{"mcpServers":{"a":{"command":"x","args":["${A:-${B:-${C}}}","${A:-${"]}}}`, `null`, `[]`, `"x"`, "\xff",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(data, "fuzz.json", &LoadOptions{LookupEnv: env("X", "1", "HOME", "/h"), WorkspaceFolder: "/ws"})
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) || len(ce.Errors) == 0 {
				t.Fatalf("error %T %v is not a *ConfigError with errors", err, err)
			}
			return
		}
		seen := map[string]bool{}
		for _, b := range cfg.Backends {
			if b.ID == "" || seen[b.ID] {
				t.Fatalf("accepted backend id %q", b.ID)
			}
			seen[b.ID] = true
			if len(b.Invalid) > 0 {
				continue // disabled with its reason
			}
			if !idPattern.MatchString(b.ID) || strings.Contains(b.ID, "__") {
				t.Fatalf("accepted backend id %q", b.ID)
			}
			switch b.Type {
			case TypeStdio, TypeHTTP, TypeSSE, TypeWebSocket:
			default:
				t.Fatalf("accepted backend type %q", b.Type)
			}
		}
		// Init options in the same shape merge without panicking.
		c2 := cfg.Clone()
		if err := c2.MergeInitOptions(data, nil); err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("MergeInitOptions error %T %v", err, err)
			}
		}
		cfg.Masked()
		cfg.Secrets()
	})
}

func FuzzArgValidate(f *testing.F) {
	f.Add([]byte(toolSchema07), []byte(`{"path":"/tmp","options":{"depth":2}}`))
	f.Add([]byte(toolSchema2020), []byte(`{"tags":[1,"x"],"zz":null}`))
	f.Add([]byte(`{"properties":{"n":{"type":"number"}}}`), []byte(`{"n":"1"}`))
	f.Add([]byte(`{"$ref":"#"}`), []byte(`{}`))
	f.Add([]byte(`{"$ref":"http://example.com/x"}`), []byte(``))
	f.Add([]byte(`{"type":"object","properties":{"a/b~":{"const":1}},"required":["x~/"]}`), []byte(`{"a/b~":2}`))
	f.Add([]byte(``), []byte(`not json`))
	f.Fuzz(func(t *testing.T, schema, args []byte) {
		a, err := CompileArgSchema(json.RawMessage(schema))
		if err != nil {
			return
		}
		if err := a.Validate(json.RawMessage(args)); err != nil {
			var fes FieldErrors
			if !errors.As(err, &fes) || len(fes) == 0 {
				t.Fatalf("Validate error %T %v", err, err)
			}
		}
	})
}
