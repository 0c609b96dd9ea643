package gateway

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzCallParams checks that whenever callParams accepts tools/call params,
// it reads them exactly as encoding/json does.
func FuzzCallParams(f *testing.F) {
	for _, s := range []string{
		`{"name":"echo__echo","arguments":{"text":"hi"},"_meta":{"progressToken":1}}`,
		`{"name":"a\"b","arguments":null}`,
		`{"Name":"x","name":"y"}`,
		`{"name":"x","name":"y","ARGUMENTS":{}}`,
		`{"name":5}`,
		`{"name":null,"arguments":[1,2]}`,
		`{"name":"\xff"}`,
		`{"name":"é","_meta":"x"}`,
		`["name"]`,
		` { "name" : "x" , "arguments" : { "a" : "}" } } `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return // callParams reads params of decoded messages: valid JSON
		}
		name, args, meta, ok := callParams(bytes.TrimSpace(b))
		if !ok {
			return
		}
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
			Meta      json.RawMessage `json:"_meta"`
		}
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatalf("callParams accepted %q, encoding/json: %v", b, err)
		}
		if name != p.Name || string(args) != string(p.Arguments) || string(meta) != string(p.Meta) || (args == nil) != (p.Arguments == nil) || (meta == nil) != (p.Meta == nil) {
			t.Fatalf("%q: fast (%q, %q, %q), encoding/json (%q, %q, %q)", b, name, args, meta, p.Name, p.Arguments, p.Meta)
		}
	})
}

// BenchmarkCallParams reads tools/call params (name, arguments, _meta).
func BenchmarkCallParams(b *testing.B) {
	params := json.RawMessage(`{"name":"fs__read_file","arguments":{"path":"/tmp/example.txt","head":10},"_meta":{"progressToken":7}}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, _, ok := callParams(params); !ok {
			b.Fatal("not ok")
		}
	}
}
