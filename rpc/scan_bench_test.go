package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// scanSeeds are envelopes where the fast path and encoding/json could
// disagree if scanWire were careless.
var scanSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,{"b":"}"}]}}}`,
	`{"jsonrpc":"2.0","id":"a\"b","result":{"content":[]}}`,
	`{"jsonrpc":"2.0","id":-7,"error":{"code":-32601,"message":"no","data":{"x":null}}}`,
	`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"a","data":5},"error":{"code":2,"message":"b"}}`,
	`{"jsonrpc":"2.0","ID":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"Method":"ping","method":"x"}`,
	`{"jsonrpc":"2.0","id":1,"method":"p\u0069ng"}`,
	`{"jsonrpc":"2\u002e0","id":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"method":null}`,
	`{"jsonrpc":"2.0","id":1,"method":5}`,
	`{"jsonrpc":2,"id":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping","params":null}`,
	` { "jsonrpc" : "2.0" , "id" : 12345678901234567890 , "result" : [ 1 , 2 ] } `,
	`{"jsonrpc":"2.0","id":1,"method":"ping","error":"x"}`,
	`{"jsonrpc":"2.0","id":1,"result":{},"result":{"a":1}}`,
	`{"jsonrpc":"2.0","id":1,"method":"\xff"}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping","x\u0069d":2}`,
	`{}`,
	`{"jsonrpc":"2.0","id":true,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"y"}}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping"`,
}

// FuzzScanWire checks that the fast path decodes every JSON object exactly
// as a reference built on encoding/json with exact member names does.
func FuzzScanWire(f *testing.F) {
	for _, s := range scanSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			return
		}
		var fast wire
		ok, fastBad := scanWire(b, &fast, true)
		slow, slowBad, err := refWire(b)
		if !ok {
			if err == nil {
				t.Fatalf("fast path refused the object %q", b)
			}
			return
		}
		if err != nil {
			t.Fatalf("fast path accepted %q, encoding/json: %v", b, err)
		}
		if (fastBad != "") != slowBad {
			t.Fatalf("%q: fast path bad=%q, reference bad=%v", b, fastBad, slowBad)
		}
		if fastBad != "" {
			if string(fast.ID) != string(slow.ID) {
				t.Fatalf("%q: id %q, want %q", b, fast.ID, slow.ID)
			}
			return
		}
		if !reflect.DeepEqual(norm(fast), norm(slow)) {
			t.Fatalf("%q:\nfast %+v\nslow %+v", b, norm(fast), norm(slow))
		}
	})
}

// refWire is the reference decoding: a JSON object's members by exact name
// (encoding/json's map decoding: names unescaped, last duplicate wins).
func refWire(b []byte) (w wire, bad bool, err error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil || m == nil {
		return w, false, errors.New("not an object")
	}
	str := func(v json.RawMessage) (string, bool) {
		var s *string
		if json.Unmarshal(v, &s) != nil {
			return "", false
		}
		if s == nil {
			return "", true
		}
		return *s, true
	}
	if v, ok := m["jsonrpc"]; ok {
		var good bool
		w.JSONRPC, good = str(v)
		bad = bad || !good
	}
	w.ID = m["id"]
	if v, ok := m["method"]; ok && string(v) != "null" {
		s, good := str(v)
		if v[0] != '"' || !good {
			bad = true
		}
		w.Method = &s
	}
	w.Params, w.Result = m["params"], m["result"]
	if v, ok := m["error"]; ok && string(v) != "null" {
		var em map[string]json.RawMessage
		if json.Unmarshal(v, &em) != nil {
			return w, true, nil
		}
		e := &Error{Data: em["data"]}
		if c, ok := em["code"]; ok && string(c) != "null" && json.Unmarshal(c, &e.Code) != nil {
			bad = true
		}
		if msg, ok := em["message"]; ok {
			var good bool
			e.Message, good = str(msg)
			bad = bad || !good
		}
		w.Error = e
	}
	return w, bad, nil
}

// norm makes wires comparable (nil vs empty raw messages, method pointers).
func norm(w wire) map[string]any {
	m := map[string]any{"jsonrpc": w.JSONRPC, "id": string(w.ID), "params": string(w.Params), "result": string(w.Result),
		"idNil": w.ID == nil, "paramsNil": w.Params == nil, "resultNil": w.Result == nil}
	if w.Method != nil {
		m["method"] = *w.Method
	}
	if w.Error != nil {
		e := *w.Error
		e.wire = nil // the fast path's record of the bytes read
		m["error"] = e
	}
	return m
}

// BenchmarkDecodeResponse decodes a small tools/call result, the other half
// of every forwarded call (BenchmarkDecode in bench_test.go is the request).
func BenchmarkDecodeResponse(b *testing.B) {
	resp := []byte(`{"jsonrpc":"2.0","id":42,"result":{"content":[{"type":"text","text":"ok"}],"structuredContent":{"text":"hello"}}}`)
	b.ReportAllocs()
	b.SetBytes(int64(len(resp)))
	for b.Loop() {
		if _, err := Decode(resp); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFastLaneScans is the validity scans of the fast lane on the
// lines of a forwarded call: the client's request (ScanCall, with the
// params' members) and the backend's response (scanResponse).
func BenchmarkFastLaneScans(b *testing.B) {
	req := []byte(`{"jsonrpc":"2.0","id":1234,"method":"tools/call","params":{"name":"echo__echo","arguments":{"text":"hello"}}}`)
	resp := []byte(`{"jsonrpc":"2.0","id":1234,"result":{"content":[{"type":"text","text":"ok"}],"structuredContent":{"text":"hello"}}}`)
	b.Run("request", func(b *testing.B) {
		b.SetBytes(int64(len(req)))
		n := 0
		for b.Loop() {
			if _, ok := ScanCall(req, func(key []byte, start, end int) { n++ }); !ok {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("response", func(b *testing.B) {
		b.SetBytes(int64(len(resp)))
		for b.Loop() {
			if _, _, ok := scanResponse(resp); !ok {
				b.Fatal("not taken")
			}
		}
	})
}
