package schemas

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
)

const toolSchema07 = `{
	"$schema": "http://json-schema.org/draft-07/schema#",
	"type": "object",
	"properties": {
		"path": {"type": "string"},
		"mode": {"enum": ["read", "write"]},
		"options": {"type": "object", "properties": {"depth": {"type": "integer", "minimum": 0}}, "additionalProperties": false}
	},
	"required": ["path"],
	"additionalProperties": false
}`

const toolSchema2020 = `{
	"$schema": "https://json-schema.org/draft/2020-12/schema",
	"type": "object",
	"properties": {
		"path": {"type": "string"},
		"mode": {"enum": ["read", "write"]},
		"tags": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"type": "number"}},
		"options": {"$ref": "#/$defs/opts"}
	},
	"$defs": {"opts": {"type": "object", "properties": {"depth": {"type": "integer"}}, "additionalProperties": false}},
	"required": ["path"],
	"additionalProperties": false
}`

func TestArgSchemaValidate(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		args   string
		want   []string // FieldError.String(); "~" prefix: starts with
	}{
		{"07 valid", toolSchema07, `{"path":"/tmp","mode":"read","options":{"depth":2}}`, nil},
		{"07 missing required", toolSchema07, `{"mode":"read"}`, []string{"/path: missing property"}},
		{"07 wrong nested type", toolSchema07, `{"path":"/","options":{"depth":"deep"}}`, []string{"/options/depth: got string, want integer"}},
		{"07 nested minimum", toolSchema07, `{"path":"/","options":{"depth":-1}}`, []string{"~/options/depth: minimum"}},
		{"07 unknown property", toolSchema07, `{"path":"/","colour":"red"}`, []string{"/colour: unknown property"}},
		{"07 nested unknown property", toolSchema07, `{"path":"/","options":{"dpeth":1}}`, []string{"/options/dpeth: unknown property"}},
		{"07 enum", toolSchema07, `{"path":"/","mode":"exec"}`, []string{"~/mode: value must be one of"}},
		{"07 empty args are {}", toolSchema07, ``, []string{"/path: missing property"}},
		{"07 blank args are {}", toolSchema07, " \n", []string{"/path: missing property"}},
		{"07 several errors sorted", toolSchema07, `{"zz":1,"mode":"x"}`, []string{"~/mode: value must be one of", "/path: missing property", "/zz: unknown property"}},
		{"07 null args", toolSchema07, `null`, []string{"/: got null, want object"}},
		{"07 array args", toolSchema07, `[1]`, []string{"/: got array, want object"}},
		{"2020 valid", toolSchema2020, `{"path":"p","tags":["a",1,2.5]}`, nil},
		{"2020 missing required", toolSchema2020, `{}`, []string{"/path: missing property"}},
		{"2020 ref'd nested type", toolSchema2020, `{"path":"p","options":{"depth":1.5}}`, []string{"/options/depth: got number, want integer"}},
		{"2020 prefixItems", toolSchema2020, `{"path":"p","tags":[1,"b"]}`, []string{"/tags/0: got number, want string", "/tags/1: got string, want number"}},
		{"2020 unknown property", toolSchema2020, `{"path":"p","x":1}`, []string{"/x: unknown property"}},
		{"no $schema means 2020-12", `{"type":"object","properties":{"a":{"type":"array","prefixItems":[{"type":"string"}]}}}`, `{"a":[1]}`, []string{"/a/0: got number, want string"}},
		{"no type: anything goes", `{"properties":{"n":{"type":"number"}}}`, `{"n":1,"other":true}`, nil},
		{"no type, wrong property", `{"properties":{"n":{"type":"number"}}}`, `{"n":"1"}`, []string{"/n: got string, want number"}},
		{"empty schema", `{}`, `{"anything":[1,2,3]}`, nil},
		{"empty schema, empty args", ``, ``, nil},
		{"true schema", `true`, `{"a":1}`, nil},
		{"key needing escape", `{"type":"object","properties":{"a/b":{"type":"string"}}}`, `{"a/b":1}`, []string{"/a~1b: got number, want string"}},
		{"big integers", `{"type":"object","properties":{"n":{"type":"integer","maximum":18446744073709551615}}}`, `{"n":18446744073709551616}`, []string{"~/n: maximum"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := CompileArgSchema(json.RawMessage(tt.schema))
			if err != nil {
				t.Fatalf("CompileArgSchema: %v", err)
			}
			err = a.Validate(json.RawMessage(tt.args))
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var fes FieldErrors
			if !errors.As(err, &fes) {
				t.Fatalf("err = %v (%T), want FieldErrors", err, err)
			}
			if len(fes) != len(tt.want) {
				t.Fatalf("errors %v, want %q", fes, tt.want)
			}
			for i, w := range tt.want {
				got := fes[i].String()
				if c, ok := strings.CutPrefix(w, "~"); ok && !strings.HasPrefix(got, c) || !ok && got != w {
					t.Errorf("error %d = %q, want %q", i, got, w)
				}
			}
		})
	}
}

func TestArgSchemaNonJSONArgs(t *testing.T) {
	a, err := CompileArgSchema(json.RawMessage(toolSchema07))
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range []string{`{"path":`, `not json`, `{"a":1} {"b":2}`, "\xff"} {
		err := a.Validate(json.RawMessage(args))
		var fes FieldErrors
		if !errors.As(err, &fes) || len(fes) != 1 || fes[0].Pointer != "" || !strings.HasPrefix(fes[0].Message, "arguments are not valid JSON") {
			t.Errorf("Validate(%q) = %v", args, err)
		}
	}
}

func TestCompileArgSchemaRefusesExternalRefs(t *testing.T) {
	for _, schema := range []string{
		`{"$ref":"https://example.com/schema.json"}`,
		`{"type":"object","properties":{"a":{"$ref":"file:///etc/passwd"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"other.json#/defs/x"}}}`,
		`{"$schema":"https://example.com/my-metaschema","type":"object"}`,
	} {
		_, err := CompileArgSchema(json.RawMessage(schema))
		if err == nil {
			t.Errorf("CompileArgSchema(%s) succeeded", schema)
			continue
		}
		if !strings.HasPrefix(err.Error(), "input schema: ") {
			t.Errorf("error %q lacks context", err)
		}
	}
	for _, bad := range []string{`{"type":`, `{"type":"nonsense"}`, `{"minimum":"x"}`, `{"pattern":"(?<=x)"}`} {
		if _, err := CompileArgSchema(json.RawMessage(bad)); err == nil {
			t.Errorf("CompileArgSchema(%s) succeeded", bad)
		}
	}
}

func TestArgSchemaConcurrent(t *testing.T) {
	a, err := CompileArgSchema(json.RawMessage(toolSchema2020))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				good := a.Validate(json.RawMessage(`{"path":"p"}`))
				bad := a.Validate(json.RawMessage(`{}`))
				if good != nil || bad == nil {
					t.Errorf("worker %d: good %v, bad %v", i, good, bad)
					return
				}
			}
		}()
	}
	wg.Wait()
}
