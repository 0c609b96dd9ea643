package rpc

import (
	"encoding/json"
	"strings"
	"testing"
)

var validJSONCases = []string{
	``, ` `, `{}`, `[]`, `""`, `0`, `-0`, `01`, `-`, `1.`, `1.5`, `1e`, `1e+`, `1E-7`, `-12.5e10`, `.5`, `+1`,
	`true`, `tru`, `truex`, `false`, `null`, `nul`, `[true,false,null]`, `[1,]`, `[,1]`, `{"a":1,}`, `{"a" 1}`, `{a:1}`,
	`{"a":{"b":[1,{"c":"d"}]}}`, ` {"a" : 1 } `, "{\"a\":1}\n", `{} {}`, `"\u00e9\n\"\\\/\b\f\r\t"`, `"\x"`, `"\u12"`, `"\u12G4"`,
	"\"\x01\"", "\"\x7f\"", "\"\xff\xfe\"", `"unterminated`, `"\`, `[1 2]`, `{"a":1 "b":2}`, `[`, `{`, `{"a"`, `{"a":`,
	"\t[\r\n1\t]\r\n", "\u00a0{}", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"n":-1.5e-3}}}`,
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000), strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000), strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001),
}

func TestValidJSONMatchesEncodingJSON(t *testing.T) {
	for _, in := range validJSONCases {
		if got, want := validJSON([]byte(in)), json.Valid([]byte(in)); got != want {
			t.Errorf("validJSON(%.60q) = %v, json.Valid says %v", in, got, want)
		}
	}
}

func FuzzValidJSON(f *testing.F) {
	for _, in := range validJSONCases {
		if len(in) < 1000 {
			f.Add([]byte(in))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if got, want := validJSON(in), json.Valid(in); got != want {
			t.Fatalf("validJSON(%q) = %v, json.Valid says %v", in, got, want)
		}
	})
}

func BenchmarkValidJSON(b *testing.B) {
	b.Run("rpc", func(b *testing.B) {
		b.SetBytes(int64(len(benchCall)))
		for b.Loop() {
			validJSON(benchCall)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.SetBytes(int64(len(benchCall)))
		for b.Loop() {
			json.Valid(benchCall)
		}
	})
}
