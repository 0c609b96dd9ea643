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

// FuzzHostileArgSchema feeds arbitrary input schemas and arguments to the
// bounded compile and validation. Whatever the input: no panic, errors of
// the documented kinds only, and no validation allocating far beyond what
// the work budget allows (the attacks it starts from allocated gigabytes).
func FuzzHostileArgSchema(f *testing.F) {
	for _, s := range [][2]string{
		{nestedSchema(40), nestedArgs(3)},
		{oneOfChain(30), `{}`},
		{anchorChain(12), `{}`},
		{recursiveFanOut, nestedArgs(30)},
		{`{"$dynamicAnchor":"x","anyOf":[{"$dynamicRef":"#x"},{"properties":{"a":{"$dynamicRef":"#x"}}}]}`, `{"a":{"a":1}}`},
		{`{"$recursiveAnchor":true,"$schema":"https://json-schema.org/draft/2019-09/schema","items":{"$recursiveRef":"#"}}`, `[[[[]]]]`},
		{`{"$id":"https://x/a","$defs":{"b":{"$id":"b","allOf":[{"$ref":"a"}]}},"$ref":"b"}`, `{}`},
		{`{"type":"array","uniqueItems":true,"items":{"oneOf":[{"type":"array"},{"$ref":"#"}]}}`, `[[1],[2],[[3]]]`},
		{`{"patternProperties":{".*":{"$ref":"#"},"a":{"$ref":"#"}},"propertyNames":{"$ref":"#"}}`, `{"a":{"a":{"a":{}}}}`},
		{toolSchema2020, `{"path":"x"}`},
		{`{"$ref":"#/properties/a","properties":{"a":{"$ref":"#/properties/b"},"b":{"$ref":"#/properties/a"}}}`, `{}`},
	} {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	lim := DefaultArgSchemaLimits
	lim.MaxWork = 5000
	f.Fuzz(func(t *testing.T, schema, args []byte) {
		s, err := CompileArgSchemaLimits(schema, lim)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "input schema: ") {
				t.Fatalf("compile error %q lacks context", err)
			}
			return
		}
		var verr error
		n := allocs(func() { verr = s.Validate(args) })
		var fe FieldErrors
		if verr != nil && !errors.As(verr, &fe) && !errors.Is(verr, ErrSchemaTooComplex) {
			t.Fatalf("Validate error %T %v is neither FieldErrors nor ErrSchemaTooComplex", verr, verr)
		}
		if limit := uint64(64<<20) + 64*uint64(len(args)); n > limit {
			t.Fatalf("one validation allocated %d MB (budget %d steps)", n>>20, lim.MaxWork)
		}
	})
}
