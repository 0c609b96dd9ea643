package schemas

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// fastAgrees fails the test if the fast path accepts args that the
// general validator rejects.
func fastAgrees(t *testing.T, a *ArgSchema, args []byte) {
	t.Helper()
	if !a.fastValid(args) {
		return
	}
	v, err := decodeArgs(args)
	if err != nil {
		t.Fatalf("fast path accepted %q, which is not JSON: %v", args, err)
	}
	if err := a.s.Validate(v); err != nil {
		t.Fatalf("fast path accepted %q, the validator says: %v", args, err)
	}
}

var fastCases = []struct {
	schema  string
	fast    bool     // the schema is of the subset
	valid   []string // accepted by the fast path
	deferTo []string // left to the general validator (invalid, or undecided)
}{
	{
		schema:  `{"type":"object","properties":{"text":{"type":"string","description":"Text to echo."}},"required":["text"]}`,
		fast:    true,
		valid:   []string{`{"text":"hello"}`, ` {"text" : "a\"b" , "extra":[1,{"x":null}]} `},
		deferTo: []string{`{}`, `{"text":1}`, `[]`, `"text"`, `{"te\u0078t":"x"}`, `{"text":"a","text":"b"}`, `{"text":"x"} 1`},
	},
	{
		schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"n":{"type":"integer"},"x":{"type":["number","null"]},` +
			`"mode":{"type":"string","enum":["fast","slow"]},"tags":{"type":"array","items":{"type":"string"}},` +
			`"opt":{"type":"object","properties":{"deep":{"type":"boolean"}},"additionalProperties":false}},"required":["n"],"additionalProperties":false}`,
		fast:    true,
		valid:   []string{`{"n":3}`, `{"n":-7,"x":1.5e3,"mode":"slow","tags":["a","b"],"opt":{"deep":true}}`, `{"n":0,"x":null,"tags":[]}`},
		deferTo: []string{`{"n":1.0}`, `{"n":"1"}`, `{"n":1,"y":2}`, `{"n":1,"mode":"medium"}`, `{"n":1,"mode":"f\u0061st"}`, `{"n":1,"tags":[1]}`, `{"n":1,"opt":{"deep":1}}`, `{"n":1,"opt":{"other":1}}`},
	},
	{schema: `{}`, fast: true, valid: []string{`{}`, `{"anything":[1,2]}`, `7`}},
	{schema: `{"type":"object","properties":{"p":{"type":"string","format":"uri"}}}`, fast: false},
	{schema: `{"type":"object","properties":{"p":{"type":"string","minLength":3}}}`, fast: false},
	{schema: `{"type":"object","properties":{"p":{"$ref":"#/$defs/x"}},"$defs":{"x":{"type":"string"}}}`, fast: false},
	{schema: `{"type":"object","properties":{"p":{"enum":[1,2]}}}`, fast: false},
	{schema: `{"type":"object","additionalProperties":{"type":"number"}}`, fast: true, valid: []string{`{"a":1,"b":2.5}`}, deferTo: []string{`{"a":"x"}`}},
	{schema: `{"type":"object","required":["a","b"]}`, fast: true, valid: []string{`{"b":1,"a":2}`}, deferTo: []string{`{"a":1}`, `{"a":1,"a":2}`}},
	{schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object"}`, fast: false},
}

func TestFastSchema(t *testing.T) {
	for _, tc := range fastCases {
		a, err := CompileArgSchema(json.RawMessage(tc.schema))
		if err != nil {
			t.Fatalf("%s: %v", tc.schema, err)
		}
		if (a.fast != nil) != tc.fast {
			t.Errorf("%s: fast path %v, want %v", tc.schema, a.fast != nil, tc.fast)
			continue
		}
		for _, args := range tc.valid {
			if !a.fastValid(json.RawMessage(args)) {
				t.Errorf("%s: fast path did not accept %s", tc.schema, args)
			}
			if err := a.Validate(json.RawMessage(args)); err != nil {
				t.Errorf("%s: Validate(%s) = %v", tc.schema, args, err)
			}
			fastAgrees(t, a, []byte(args))
		}
		for _, args := range tc.deferTo {
			if a.fastValid(json.RawMessage(args)) {
				t.Errorf("%s: fast path accepted %s; the general validator must decide", tc.schema, args)
			}
		}
	}
}

// The fast path never accepts what the general validator rejects.
func FuzzFastSchema(f *testing.F) {
	for _, tc := range fastCases {
		for _, args := range append(append([]string{}, tc.valid...), tc.deferTo...) {
			f.Add([]byte(tc.schema), []byte(args))
		}
	}
	f.Fuzz(func(t *testing.T, schema, args []byte) {
		a, err := CompileArgSchema(json.RawMessage(schema))
		if err != nil || a.fast == nil {
			return
		}
		fastAgrees(t, a, args)
	})
}

// scannedAgrees fails the test if ValidateScanned, given valid JSON,
// answers other than Validate (verdict and message).
func scannedAgrees(t *testing.T, a *ArgSchema, args []byte) {
	t.Helper()
	if !json.Valid(args) {
		return
	}
	want, got := a.Validate(args), a.ValidateScanned(args)
	if (want == nil) != (got == nil) || want != nil && want.Error() != got.Error() {
		t.Fatalf("%s: ValidateScanned = %v, Validate = %v", args, got, want)
	}
}

func TestValidateScanned(t *testing.T) {
	for _, tc := range fastCases {
		a, err := CompileArgSchema(json.RawMessage(tc.schema))
		if err != nil {
			t.Fatalf("%s: %v", tc.schema, err)
		}
		for _, args := range append(append([]string{"", " "}, tc.valid...), tc.deferTo...) {
			scannedAgrees(t, a, []byte(args))
		}
		for _, args := range tc.valid {
			if err := a.ValidateScanned(json.RawMessage(args)); err != nil {
				t.Errorf("%s: ValidateScanned(%s) = %v", tc.schema, args, err)
			}
		}
	}
	// Empty arguments are {} for both, and an error when {} is invalid.
	a, err := CompileArgSchema(json.RawMessage(fastCases[0].schema))
	if err != nil {
		t.Fatal(err)
	}
	if a.ValidateScanned(nil) == nil {
		t.Error(`ValidateScanned(nil) accepted {} against a schema requiring "text"`)
	}
}

func FuzzValidateScanned(f *testing.F) {
	for _, tc := range fastCases {
		for _, args := range append(append([]string{}, tc.valid...), tc.deferTo...) {
			f.Add([]byte(tc.schema), []byte(args))
		}
	}
	f.Fuzz(func(t *testing.T, schema, args []byte) {
		a, err := CompileArgSchema(json.RawMessage(schema))
		if err != nil {
			return
		}
		scannedAgrees(t, a, args)
	})
}

// BenchmarkValidateFlat: the echo tool's arguments, as the fast lane
// validates them.
func BenchmarkValidateFlat(b *testing.B) {
	a, err := CompileArgSchema(json.RawMessage(fastCases[0].schema))
	if err != nil {
		b.Fatal(err)
	}
	args := json.RawMessage(`{"text":"hello"}`)
	b.Run("Validate", func(b *testing.B) {
		for b.Loop() {
			if a.Validate(args) != nil {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("ValidateScanned", func(b *testing.B) {
		for b.Loop() {
			if a.ValidateScanned(args) != nil {
				b.Fatal("invalid")
			}
		}
	})
}

// trimSpace and validUTF8 skip a call in the common case; they must agree
// with bytes.TrimSpace and utf8.Valid on everything.
func TestTrimSpaceAndValidUTF8(t *testing.T) {
	for _, in := range []string{
		"", " ", "{}", " {} ", "{}\n", "\t[1]", "\u00a0{}", "{}\u00a0", "\u0085", "\v{}", "{}\f", "x", "\x7f",
		"\xc2\xa0", "\xff", `{"é":1}`, "é", "a\xffb", "\xed\xa0\x80",
	} {
		if got, want := trimSpace([]byte(in)), bytes.TrimSpace([]byte(in)); !bytes.Equal(got, want) {
			t.Errorf("trimSpace(%q) = %q, bytes.TrimSpace says %q", in, got, want)
		}
		if got, want := validUTF8([]byte(in)), utf8.Valid([]byte(in)); got != want {
			t.Errorf("validUTF8(%q) = %v, utf8.Valid says %v", in, got, want)
		}
	}
}
