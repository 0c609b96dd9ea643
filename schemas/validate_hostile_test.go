package schemas

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// nestedSchema nests n object schemas through "properties": the shape that
// took the library 25 s and gigabytes to compile at 59 KB.
func nestedSchema(n int) string {
	return strings.Repeat(`{"type":"object","properties":{"a":`, n) + `{}` + strings.Repeat(`}}`, n)
}

// oneOfChain is n definitions, each a oneOf of two references to the next:
// 2^n paths for the validator (n = 30 fits in 2 KB).
func oneOfChain(n int) string {
	var b strings.Builder
	b.WriteString(`{"$ref":"#/$defs/d0","$defs":{`)
	for i := range n {
		fmt.Fprintf(&b, `"d%d":{"oneOf":[{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"}]},`, i, i+1, i+1)
	}
	fmt.Fprintf(&b, `"d%d":{"type":"object"}}}`, n)
	return b.String()
}

// recursiveFanOut applies itself twice to the same member: 2^depth paths
// for an instance nested depth deep, whatever the schema's size.
const recursiveFanOut = `{"allOf":[{"properties":{"a":{"$ref":"#"}}},{"properties":{"a":{"$ref":"#"}}}]}`

func nestedArgs(depth int) string {
	return strings.Repeat(`{"a":`, depth) + `{}` + strings.Repeat(`}`, depth)
}

// allocs returns the bytes allocated by fn.
func allocs(fn func()) uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	fn()
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc - before
}

func TestHostileSchemasRefusedCheaply(t *testing.T) {
	big := `{"type":"object","description":"` + strings.Repeat("x", 300<<10) + `"}`
	var many strings.Builder
	many.WriteString(`{"type":"object","properties":{`)
	for i := range 2500 {
		fmt.Fprintf(&many, `"p%d":{"type":"string"},`, i)
	}
	many.WriteString(`"z":{}}}`)
	var refs strings.Builder
	refs.WriteString(`{"$defs":{"s":{"type":"string"}},"properties":{`)
	for i := range 1200 {
		fmt.Fprintf(&refs, `"p%d":{"$ref":"#/$defs/s"},`, i)
	}
	refs.WriteString(`"z":{}}}`)
	tests := []struct{ name, schema, want string }{
		{"nested 59 KB", nestedSchema(1600), "nested"},
		{"nested just over the limit", nestedSchema(33), "nested"},
		{"oneOf $ref chain 2 KB", oneOfChain(30), "expanding its references"},
		{"oneOf chain through anchors", strings.NewReplacer(`"#/$defs/d`, `"#a`, `":{"oneOf"`, `":{"oneOf"`).Replace(anchorChain(30)), "expanding its references"},
		{"oversized", big, "bytes"},
		{"too many subschemas", many.String(), "subschemas"},
		{"too many references", refs.String(), "references"},
		{"in-place reference cycle", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`, "cycle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			n := allocs(func() { _, err = CompileArgSchemaLimits(json.RawMessage(tt.schema), DefaultArgSchemaLimits) })
			if !errors.Is(err, ErrSchemaTooComplex) {
				t.Fatalf("err = %v, want ErrSchemaTooComplex", err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %q, want it to say %q", err, tt.want)
			}
			// Refusing costs a scan, never the library's compile: bounded
			// allocations (the old compile of the nested schema allocated GBs).
			if n > 64<<20 {
				t.Errorf("refusing allocated %d MB", n>>20)
			}
		})
	}
}

// anchorChain is oneOfChain with the definitions reached by $anchor names,
// so the analysis must follow anchors, not only pointers.
func anchorChain(n int) string {
	var b strings.Builder
	b.WriteString(`{"$ref":"#a0","$defs":{`)
	for i := range n {
		fmt.Fprintf(&b, `"d%d":{"$anchor":"a%d","oneOf":[{"$ref":"#a%d"},{"$ref":"#a%d"}]},`, i, i, i+1, i+1)
	}
	fmt.Fprintf(&b, `"d%d":{"$anchor":"a%d","type":"object"}}}`, n, n)
	return b.String()
}

func TestSchemasWithinLimitsStillValidate(t *testing.T) {
	for _, tt := range []struct{ name, schema, good, bad string }{
		{"nested at the limit", nestedSchema(31), nestedArgs(5), `{"a":[]}`},
		{"short oneOf chain", oneOfChain(8), ``, ``},
		{"recursive tree", `{"$defs":{"n":{"type":"object","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#/$defs/n"}}},"additionalProperties":false}},"$ref":"#/$defs/n"}`,
			`{"v":1,"kids":[{"v":2,"kids":[{"v":3}]},{"v":4}]}`, `{"v":1,"kids":[{"v":"x"}]}`},
		{"any JSON value", `{"$defs":{"j":{"anyOf":[{"type":["string","number","boolean","null"]},{"type":"array","items":{"$ref":"#/$defs/j"}},{"type":"object","additionalProperties":{"$ref":"#/$defs/j"}}]}},"type":"object","additionalProperties":{"$ref":"#/$defs/j"}}`,
			`{"a":[1,{"b":[true,null,"x",{"c":{"d":[[[]]]}}]}]}`, ``},
		{"draft-07 definitions", toolSchema07, `{"path":"x"}`, `{}`},
		{"2020-12 $defs", toolSchema2020, `{"path":"x","options":{"depth":2}}`, `{"path":"x","options":{"x":1}}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, err := CompileArgSchemaLimits(json.RawMessage(tt.schema), DefaultArgSchemaLimits)
			if err != nil {
				t.Fatal(err)
			}
			if tt.good != "" {
				if err := s.Validate(json.RawMessage(tt.good)); err != nil {
					t.Errorf("good args: %v", err)
				}
			}
			if tt.bad != "" {
				var fe FieldErrors
				if err := s.Validate(json.RawMessage(tt.bad)); !errors.As(err, &fe) {
					t.Errorf("bad args: err = %v, want FieldErrors", err)
				}
			}
		})
	}
	// The short chain is within budget but not trivial: it still validates.
	s, err := CompileArgSchemaLimits(json.RawMessage(oneOfChain(8)), DefaultArgSchemaLimits)
	if err != nil {
		t.Fatal(err)
	}
	var fe FieldErrors
	if err := s.Validate(json.RawMessage(`{}`)); !errors.As(err, &fe) {
		t.Errorf("oneOf of two identical branches: err = %v, want FieldErrors (both match)", err)
	}
}

func TestValidationOverBudgetIsSkipped(t *testing.T) {
	s, err := CompileArgSchemaLimits(json.RawMessage(recursiveFanOut), DefaultArgSchemaLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(json.RawMessage(nestedArgs(4))); err != nil {
		t.Fatalf("shallow args: %v", err)
	}
	// 2^40 paths: the library would not finish. The bound refuses at once.
	var verr error
	n := allocs(func() { verr = s.Validate(json.RawMessage(nestedArgs(40))) })
	if !errors.Is(verr, ErrSchemaTooComplex) {
		t.Fatalf("deep args: err = %v, want ErrSchemaTooComplex", verr)
	}
	var fe FieldErrors
	if errors.As(verr, &fe) {
		t.Fatalf("an over-budget validation must not look like invalid arguments: %v", verr)
	}
	if n > 16<<20 {
		t.Errorf("refusing allocated %d MB", n>>20)
	}
	// Large flat arguments against a simple schema stay within budget.
	items := strings.TrimSuffix(strings.Repeat(`{"v":1},`, 2000), ",")
	s2, err := CompileArgSchemaLimits(json.RawMessage(`{"type":"object","properties":{"xs":{"type":"array","items":{"type":"object","properties":{"v":{"type":"integer"}}}}}}`), DefaultArgSchemaLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := s2.Validate(json.RawMessage(`{"xs":[` + items + `]}`)); err != nil {
		t.Errorf("2,000 items: %v", err)
	}
	if err := s2.Validate(json.RawMessage(`{"xs":[` + items + `,{"v":"x"}]}`)); !errors.As(err, &fe) {
		t.Errorf("2,000 items and a bad one: %v", err)
	}
}

func TestArgSchemaCache(t *testing.T) {
	c := NewArgSchemaCache(DefaultArgSchemaLimits, 2, 1<<20)
	a1, err := c.Compile(json.RawMessage(toolSchema07))
	if err != nil {
		t.Fatal(err)
	}
	a2, _ := c.Compile(json.RawMessage(" " + toolSchema07 + "\n"))
	if a1 != a2 {
		t.Error("the same schema was compiled twice")
	}
	_, e1 := c.Compile(json.RawMessage(oneOfChain(30)))
	_, e2 := c.Compile(json.RawMessage(oneOfChain(30)))
	if !errors.Is(e1, ErrSchemaTooComplex) || e1 != e2 {
		t.Errorf("failure not cached: %v, %v", e1, e2)
	}
	c.Compile(json.RawMessage(toolSchema2020))
	if c.Len() != 2 {
		t.Errorf("Len = %d, want 2 (bounded)", c.Len())
	}
	if a3, _ := c.Compile(json.RawMessage(toolSchema07)); a3 == a1 {
		t.Error("evicted entry returned")
	}
	// Concurrent compiles of one schema share one result.
	c = NewArgSchemaCache(DefaultArgSchemaLimits, 10, 1<<20)
	var wg sync.WaitGroup
	got := make([]*ArgSchema, 8)
	for i := range got {
		wg.Go(func() { got[i], _ = c.Compile(json.RawMessage(toolSchema2020)) })
	}
	wg.Wait()
	for _, g := range got {
		if g == nil || g != got[0] {
			t.Fatal("concurrent compiles of one schema did not share the result")
		}
	}
	// Byte bound.
	c = NewArgSchemaCache(DefaultArgSchemaLimits, 10, len(toolSchema07)+10)
	c.Compile(json.RawMessage(toolSchema07))
	c.Compile(json.RawMessage(toolSchema2020))
	if c.Len() != 1 {
		t.Errorf("Len = %d, want 1 (byte bound)", c.Len())
	}
}

// Before/after figures for docs/benchmarks.md: go test -bench Hostile -benchmem ./schemas
func BenchmarkHostileCompileNested59KB(b *testing.B) {
	raw := json.RawMessage(nestedSchema(1600))
	for b.Loop() {
		if _, err := CompileArgSchemaLimits(raw, DefaultArgSchemaLimits); !errors.Is(err, ErrSchemaTooComplex) {
			b.Fatal(err)
		}
	}
}

func BenchmarkHostileCompileOneOfChain(b *testing.B) {
	raw := json.RawMessage(oneOfChain(30))
	for b.Loop() {
		if _, err := CompileArgSchemaLimits(raw, DefaultArgSchemaLimits); !errors.Is(err, ErrSchemaTooComplex) {
			b.Fatal(err)
		}
	}
}

func BenchmarkHostileValidateRecursiveFanOut(b *testing.B) {
	s, err := CompileArgSchemaLimits(json.RawMessage(recursiveFanOut), DefaultArgSchemaLimits)
	if err != nil {
		b.Fatal(err)
	}
	args := json.RawMessage(nestedArgs(40))
	for b.Loop() {
		if err := s.Validate(args); !errors.Is(err, ErrSchemaTooComplex) {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateTypical(b *testing.B) {
	s, err := CompileArgSchemaLimits(json.RawMessage(toolSchema2020), DefaultArgSchemaLimits)
	if err != nil {
		b.Fatal(err)
	}
	args := json.RawMessage(`{"path":"/tmp/x","mode":"read","tags":["a",1,2],"options":{"depth":3}}`)
	for b.Loop() {
		if err := s.Validate(args); err != nil {
			b.Fatal(err)
		}
	}
}
