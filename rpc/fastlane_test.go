package rpc

import (
	"bytes"
	"slices"
	"testing"
)

// The fast lane's scans must read exactly what Decode reads, or step
// aside: an envelope they accept decodes to the same message.

func TestScanRequest(t *testing.T) {
	for _, tc := range []struct {
		line   string
		ok     bool
		id     string
		params string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`, true, `1`, `{"name":"x"}`},
		{` {"params" : {} , "method":"m","id":"a b","jsonrpc":"2.0","x":[1]} `, true, `"a b"`, `{}`},
		{`{"jsonrpc":"2.0","id":-1.5e3,"method":"m","params":{}}`, true, `-1.5e3`, `{}`},
		{`{"jsonrpc":"2.0","id":1,"method":"m"}`, false, "", ""},                        // no params
		{`{"jsonrpc":"2.0","id":1,"method":"m","params":[]}`, false, "", ""},            // not an object
		{`{"jsonrpc":"2.0","method":"m","params":{}}`, false, "", ""},                   // a notification
		{`{"jsonrpc":"2.0","id":null,"method":"m","params":{}}`, false, "", ""},         // null id
		{`{"jsonrpc":"2.0","id":"\u0041","method":"m","params":{}}`, false, "", ""},     // escaped id
		{`{"jsonrpc":"2.0","id":"é","method":"m","params":{}}`, false, "", ""},          // non-ASCII id
		{`{"jsonrpc":"2.0","\u0069d":1,"method":"m","params":{}}`, false, "", ""},       // escaped key
		{`{"jsonrpc":"2.0","id":1,"id":2,"method":"m","params":{}}`, false, "", ""},     // repeated id
		{`{"jsonrpc":"2.0","id":1,"method":"m","params":{},"result":1}`, false, "", ""}, // result
		{`{"jsonrpc":"2.00","id":1,"method":"m","params":{}}`, false, "", ""},           // version
		{`{"jsonrpc":"2.0","id":1,"method":"m\/n","params":{}}`, false, "", ""},         // escaped method
		{`{"jsonrpc":"2.0","id":1,"method":"m","params":{}`, false, "", ""},             // invalid JSON
		{`{"jsonrpc":"2.0","id":1,"method":"","params":{}}`, false, "", ""},             // empty method
	} {
		env, ok := ScanRequest([]byte(tc.line))
		if ok != tc.ok {
			t.Errorf("%s: ok %v, want %v", tc.line, ok, tc.ok)
			continue
		}
		if ok && (string(env.ID) != tc.id || string(env.Params) != tc.params || tc.line[env.ParamsAt:env.ParamsAt+len(env.Params)] != tc.params) {
			t.Errorf("%s: id %s params %s at %d", tc.line, env.ID, env.Params, env.ParamsAt)
		}
	}
}

func TestScanResponse(t *testing.T) {
	for _, tc := range []struct {
		line   string
		ok     bool
		id     int64
		result string
	}{
		{`{"jsonrpc":"2.0","id":7,"result":{"a":1}}`, true, 7, `{"a":1}`},
		{` { "result" : [] , "id" : "7" , "jsonrpc" : "2.0" , "x":1 } `, true, 7, `[]`},
		{`{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"m"}}`, false, 0, ""},
		{`{"jsonrpc":"2.0","id":7,"result":1,"error":null}`, false, 0, ""},
		{`{"jsonrpc":"2.0","id":7,"result":1,"result":2}`, false, 0, ""},
		{`{"jsonrpc":"2.0","id":-7,"result":1}`, false, 0, ""},
		{`{"jsonrpc":"2.0","id":7.0,"result":1}`, false, 0, ""},
		{`{"jsonrpc":"2.0","id":7,"method":"m","result":1}`, false, 0, ""},
		{`{"id":7,"result":1}`, false, 0, ""},
		{`{"jsonrpc":"2.0","id":7,"result":}`, false, 0, ""},
		{`{"jsonrpc":"2.0","id":1234567890123456789,"result":1}`, false, 0, ""},
	} {
		id, result, ok := scanResponse([]byte(tc.line))
		if ok != tc.ok || ok && (id != tc.id || string(result) != tc.result) {
			t.Errorf("%s: %d %s %v, want %d %s %v", tc.line, id, result, ok, tc.id, tc.result, tc.ok)
		}
	}
}

// FuzzFastLaneScan checks that whatever ScanRequest or scanResponse
// accepts, Decode reads the same way.
func FuzzFastLaneScan(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`))
	f.Add([]byte(`{"result":{"a":[1]},"id":"12","jsonrpc":"2.0"}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"m","params":{},"error":null}`))
	f.Add([]byte(` {"jsonrpc":"2.0","id":"x","Method":"a","method":"b","params":{"p":"\u00e9"}} `))
	f.Fuzz(func(t *testing.T, line []byte) {
		i := skipWS(line, 0)
		isObject := validJSON(line) && i < len(line) && line[i] == '{'
		if got := validObject(line, func([]byte, int, int) {}); got != isObject {
			t.Fatalf("validObject %v, validJSON of an object %v: %q", got, isObject, line)
		}
		// ScanCall decides as ScanRequest does, and reports the members
		// of the params that a separate pass over them reads.
		type span struct {
			key        string
			start, end int
		}
		var inPass []span
		env2, ok2 := ScanCall(line, func(key []byte, start, end int) { inPass = append(inPass, span{string(key), start, end}) })
		if env, ok := ScanRequest(line); ok != ok2 || ok && (!bytes.Equal(env.ID, env2.ID) || !bytes.Equal(env.Params, env2.Params) || env.ParamsAt != env2.ParamsAt) {
			t.Fatalf("ScanRequest %v, ScanCall %v: %q", ok, ok2, line)
		}
		if ok2 {
			var apart []span
			if MemberSpans(env2.Params, func(key []byte, start, end int) {
				apart = append(apart, span{string(key), env2.ParamsAt + start, env2.ParamsAt + end})
			}) && !slices.Equal(inPass, apart) {
				t.Fatalf("ScanCall's params members %v, a pass over them %v: %q", inPass, apart, line)
			}
		}
		if env, ok := ScanRequest(line); ok {
			m, err := Decode(line)
			if err != nil {
				t.Fatalf("ScanRequest took what Decode refuses (%v): %s", err, line)
			}
			if !m.IsRequest() || !bytes.Equal(m.ID, env.ID) || m.Method != string(env.Method) || !bytes.Equal(m.Params, env.Params) {
				t.Fatalf("ScanRequest read %s %s %s, Decode %s %s %s", env.ID, env.Method, env.Params, m.ID, m.Method, m.Params)
			}
		}
		if id, result, ok := scanResponse(line); ok {
			m, err := Decode(line)
			if err != nil {
				t.Fatalf("scanResponse took what Decode refuses (%v): %s", err, line)
			}
			n, idOK := ParseIntID(m.ID)
			if !m.IsResponse() || m.Error != nil || !idOK || n != id || !bytes.Equal(m.Result, result) {
				t.Fatalf("scanResponse read %d %s, Decode %s %s %v", id, result, m.ID, m.Result, m.Error)
			}
		}
	})
}
