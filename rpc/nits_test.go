package rpc

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Issue 17 item 11: ids with invalid UTF-8, member names in other cases,
// nesting beyond the parser's depth limit.
func TestDecodeProtocolNits(t *testing.T) {
	deep := `{"jsonrpc":"2.0","id":"deep-1","method":"tools/call","params":` + strings.Repeat("[", 10050) + strings.Repeat("]", 10050) + `}`
	tests := []struct {
		name   string
		in     string
		method string // "" for an error
		id     string // wanted id (message or error); "" for none
		code   int64
	}{
		{"invalid UTF-8 in id", "{\"jsonrpc\":\"2.0\",\"id\":\"a\xff\xfeb\",\"method\":\"ping\"}", "", "", CodeInvalidRequest},
		{"invalid UTF-8 in a response id", "{\"jsonrpc\":\"2.0\",\"id\":\"\xc0\",\"result\":{}}", "", "", CodeInvalidRequest},
		{"escaped non-ASCII id is fine", `{"jsonrpc":"2.0","id":"\u00e9é","method":"ping"}`, "ping", `"\u00e9é"`, 0},
		{"ID is not id", `{"jsonrpc":"2.0","ID":1,"method":"ping"}`, "ping", "", 0},
		{"Method is not method", `{"jsonrpc":"2.0","id":1,"Method":"ping"}`, "", "1", CodeInvalidRequest},
		{"JSONRPC is not jsonrpc", `{"JSONRPC":"2.0","id":2,"method":"ping"}`, "", "2", CodeInvalidRequest},
		{"Result is not result", `{"jsonrpc":"2.0","id":3,"Result":{}}`, "", "3", CodeInvalidRequest},
		{"error members exact", `{"jsonrpc":"2.0","id":4,"error":{"Code":5,"message":"m"}}`, "", "4", 0},
		{"escaped key still matches", `{"jsonrpc":"2.0","\u0069d":6,"method":"ping"}`, "ping", "6", 0},
		{"nesting beyond 10,000 keeps the id", deep, "", `"deep-1"`, CodeParseError},
		{"nesting beyond 10,000, id after", `{"jsonrpc":"2.0","params":` + strings.Repeat("[", 10050) + strings.Repeat("]", 10050) + `,"id":1}`, "", "", CodeParseError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Decode([]byte(tt.in))
			if tt.code == 0 {
				if err != nil {
					t.Fatalf("Decode: %v", err)
				}
				if m.Method != tt.method || string(m.ID) != tt.id {
					t.Errorf("got method %q id %q, want %q %q", m.Method, m.ID, tt.method, tt.id)
				}
				if tt.name == "error members exact" && (m.Error == nil || m.Error.Code != 0 || m.Error.Message != "m") {
					t.Errorf("error %+v: Code must not be read as code", m.Error)
				}
				return
			}
			de, ok := err.(*DecodeError)
			if !ok {
				t.Fatalf("err = %v (%T), want *DecodeError", err, err)
			}
			if de.Code != tt.code || string(de.ID) != tt.id {
				t.Errorf("code %d id %q, want %d %q (%v)", de.Code, de.ID, tt.code, tt.id, err)
			}
		})
	}
}

// The reply to a request whose id is not valid UTF-8 is valid JSON with id
// null: nothing but JSON-RPC reaches the peer.
func TestConnInvalidUTF8IDAnsweredWithNull(t *testing.T) {
	r := newRawPeer(t, 0, ConnOptions{ReplyErrors: true})
	r.send(t, "{\"jsonrpc\":\"2.0\",\"id\":\"x\xff\",\"method\":\"ping\"}\n")
	line, err := r.out.ReadBytes('\n')
	if err != nil {
		t.Fatal(err)
	}
	if !utf8.Valid(line) {
		t.Fatalf("reply holds invalid UTF-8: %q", line)
	}
	m, err := Decode(line)
	if err != nil || string(m.ID) != "null" || m.Error == nil || m.Error.Code != CodeInvalidRequest {
		t.Fatalf("reply %q (%v), want -32600 with id null", line, err)
	}
	// Too deep: -32700 naming the id that came first.
	r.send(t, `{"jsonrpc":"2.0","id":42,"method":"x","params":`+strings.Repeat("[", 10001)+strings.Repeat("]", 10001)+"}\n")
	if m := r.recv(t); string(m.ID) != "42" || m.Error == nil || m.Error.Code != CodeParseError {
		t.Errorf("deep message: reply %s, want -32700 with id 42", m.AppendJSON(nil))
	}
}
