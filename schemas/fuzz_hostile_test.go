package schemas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// evalCounter is a vocabulary attached to every subschema object of an
// instrumented compile: it counts the subschemas the library compiles and
// the evaluations it performs while validating, and stops a validation
// (by panicking with errOverWork) once the evaluations pass limit. The
// counts are steps, not time: the fuzz target's bound holds on any machine.
type evalCounter struct {
	compiled int
	evals    int
	limit    int
}

var errOverWork = errors.New("over the work bound")

type countExt struct{ c *evalCounter }

func (e countExt) Validate(*jsonschema.ValidatorContext, any) {
	e.c.evals++
	if e.c.evals > e.c.limit {
		panic(errOverWork)
	}
}

// compileCounting compiles raw as [CompileArgSchemaLimits] does (2020-12 by
// default, no loader), with the counting vocabulary. It returns nil when
// the instrumented compile fails (registering a vocabulary changes the
// metaschema the library checks the document against).
func compileCounting(raw []byte, c *evalCounter) *jsonschema.Schema {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	comp := jsonschema.NewCompiler()
	comp.DefaultDraft(jsonschema.Draft2020)
	comp.UseLoader(noLoader{})
	comp.RegisterVocabulary(&jsonschema.Vocabulary{
		URL: "urn:agentify:fuzz-counter",
		Compile: func(*jsonschema.CompilerContext, map[string]any) (jsonschema.SchemaExt, error) {
			c.compiled++
			return countExt{c}, nil
		},
	})
	comp.AssertVocabs()
	const loc = "mcp:///inputSchema.json"
	if comp.AddResource(loc, doc) != nil {
		return nil
	}
	s, err := comp.Compile(loc)
	if err != nil {
		return nil
	}
	return s
}

// FuzzHostileSchema: a backend's input schema and a client's arguments,
// both hostile. Compiling under [DefaultArgSchemaLimits] and validating
// never panics, and whatever is accepted stays within the work bound
// counted in steps: the library compiles at most MaxSubschemas subschema
// objects, and a validation that is run (not refused as too complex)
// performs at most MaxWork evaluations, counted by a vocabulary hooked into
// every subschema of a second, instrumented compile of the same schema.
func FuzzHostileSchema(f *testing.F) {
	var hugeEnum strings.Builder
	hugeEnum.WriteString(`{"type":"object","properties":{"e":{"enum":[`)
	for i := range 5000 {
		fmt.Fprintf(&hugeEnum, `"v%d",`, i)
	}
	hugeEnum.WriteString(`{"deep":[[[1]]]}]}}}`)
	refChain := `{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/c"},"c":{"$ref":"#/$defs/d"},"d":{"type":"object","properties":{"x":{"$ref":"#/$defs/a"}}}}}`
	for _, s := range []struct{ schema, args string }{
		{nestedSchema(40), string(nestedArgs(30))},
		{nestedSchema(1600), `{}`},
		{oneOfChain(8), `{}`},
		{oneOfChain(30), `{}`},
		{anchorChain(12), `{"a":1}`},
		{recursiveFanOut, string(nestedArgs(12))},
		{recursiveFanOut, string(nestedArgs(40))},
		{`{"oneOf":[{"$ref":"#"},{"$ref":"#"}]}`, `{}`},
		{`{"anyOf":[{"properties":{"a":{"$ref":"#"}}},{"properties":{"a":{"$ref":"#"}}},{"properties":{"a":{"$ref":"#"}}}],"unevaluatedProperties":false}`, string(nestedArgs(10))},
		{`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`, `{}`},
		{`{"$dynamicAnchor":"m","properties":{"a":{"$dynamicRef":"#m"}},"allOf":[{"$dynamicRef":"#m"}]}`, `{"a":{"a":{}}}`},
		{refChain, `{"x":{"x":{"x":{}}}}`},
		{hugeEnum.String(), `{"e":{"deep":[[[1]]]}}`},
		{`{"type":"object","properties":{"n":{"type":"number","multipleOf":1e-300,"maximum":1e308},"i":{"const":123456789012345678901234567890}}}`, `{"n":1e308,"i":123456789012345678901234567890}`},
		{`{"type":"array","uniqueItems":true,"items":{"uniqueItems":true}}`, `[` + strings.TrimSuffix(strings.Repeat(`[1,2,3],`, 300), ",") + `]`},
		{`{"patternProperties":{"^(a+)+$":{"$ref":"#"}},"propertyNames":{"pattern":"^(a|a)*$"}}`, `{"aaaaaaaaaaaaaaaaaaaaaaaaaaaa!":{}}`},
		{`{"if":{"$ref":"#"},"then":{"$ref":"#"},"else":{"$ref":"#"}}`, `{}`},
		{`{"contains":{"$ref":"#"},"items":{"$ref":"#"},"prefixItems":[{"$ref":"#"}]}`, `[[[[[[[[]]]]]]]]`},
		{`{"dependentSchemas":{"a":{"$ref":"#"}},"additionalProperties":{"$ref":"#"}}`, `{"a":{"a":{"a":{}}}}`},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"x":{"oneOf":[{"$ref":"#/definitions/x"},{"type":"object"}]}},"$ref":"#/definitions/x"}`, `{}`},
		{`true`, `1`}, {`false`, `{}`}, {``, ``}, {`[]`, `{}`}, {`{"$ref":"#/$defs/missing"}`, `{}`},
		{"{\"type\":\"object\",\"properties\":{\"\xff\":{}}}", "{\"\xff\":1}"},
	} {
		f.Add([]byte(s.schema), []byte(s.args))
	}
	lim := DefaultArgSchemaLimits
	f.Fuzz(func(t *testing.T, schema, args []byte) {
		a, err := CompileArgSchemaLimits(json.RawMessage(schema), lim)
		if err != nil {
			return // refused or invalid: the call goes through unvalidated
		}
		verr := a.Validate(json.RawMessage(args))
		if errors.Is(verr, ErrSchemaTooComplex) {
			return // refused before the library ran
		}
		if errors.Is(verr, ErrValidatorFailed) {
			return // the library failed (a number it cannot represent) and Validate said so instead of crashing
		}
		var fe FieldErrors
		if verr != nil && !errors.As(verr, &fe) {
			t.Fatalf("Validate returned %T %v, want nil, FieldErrors, ErrSchemaTooComplex or ErrValidatorFailed", verr, verr)
		}
		if len(bytes.TrimSpace(schema)) == 0 {
			return // the default {"type":"object"}
		}
		c := &evalCounter{limit: lim.MaxWork}
		s := compileCounting(schema, c)
		if s == nil {
			return
		}
		if c.compiled > lim.MaxSubschemas {
			t.Fatalf("the library compiled %d subschemas; the limit is %d", c.compiled, lim.MaxSubschemas)
		}
		if len(bytes.TrimSpace(args)) == 0 {
			args = []byte(`{}`)
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
		if err != nil {
			return // Validate reported it as a field error
		}
		defer func() {
			if r := recover(); r != nil {
				if r == errOverWork {
					t.Fatalf("a validation the bound accepted took over %d evaluations", lim.MaxWork)
				}
				panic(r)
			}
		}()
		s.Validate(v)
	})
}

// TestEvalCounter shows that FuzzHostileSchema's instrument can fail: it
// counts the evaluations of a oneOf chain (2^(n+1)-1 subschema visits for
// n links) and stops the unbounded 30-link chain, which the library alone
// would validate for minutes, at the work bound.
func TestEvalCounter(t *testing.T) {
	c := &evalCounter{limit: DefaultArgSchemaLimits.MaxWork}
	s := compileCounting([]byte(oneOfChain(8)), c)
	if s == nil {
		t.Fatal("the instrumented compile failed")
	}
	if c.compiled < 9 {
		t.Errorf("compiled %d subschemas, want at least the 9 definitions", c.compiled)
	}
	s.Validate(map[string]any{})
	if c.evals < 1<<8 {
		t.Errorf("counted %d evaluations of an 8-link oneOf chain, want at least 2^8", c.evals)
	}
	c = &evalCounter{limit: 1000}
	s = compileCounting([]byte(oneOfChain(30)), c)
	if s == nil {
		t.Fatal("the instrumented compile failed")
	}
	defer func() {
		if r := recover(); r != errOverWork {
			t.Fatalf("recovered %v, want the work bound to stop the validation", r)
		}
		if c.evals != 1001 {
			t.Errorf("stopped after %d evaluations, want 1001", c.evals)
		}
	}()
	s.Validate(map[string]any{})
	t.Fatal("a 2^30 validation ran to its end")
}
