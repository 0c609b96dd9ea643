package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestDecodeRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		in   string
		kind string // "request", "notification", "response"
		out  string // AppendJSON output; empty means in (byte for byte)
	}{
		{"request", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"x":1}}}`, "request", ""},
		{"request without params", `{"jsonrpc":"2.0","id":2,"method":"ping"}`, "request", ""},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, "notification", ""},
		{"notification with params", `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":0.5}}`, "notification", ""},
		{"string id", `{"jsonrpc":"2.0","id":"abc-1","method":"ping"}`, "request", ""},
		{"string id with escapes", `{"jsonrpc":"2.0","id":"a\"b\\c\u00e9","method":"ping"}`, "request", ""},
		{"empty string id", `{"jsonrpc":"2.0","id":"","method":"ping"}`, "request", ""},
		{"zero id", `{"jsonrpc":"2.0","id":0,"method":"ping"}`, "request", ""},
		{"negative id", `{"jsonrpc":"2.0","id":-7,"method":"ping"}`, "request", ""},
		{"id above 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`, "request", ""},
		{"id above 2^64", `{"jsonrpc":"2.0","id":123456789012345678901234567890,"result":{}}`, "response", ""},
		{"result", `{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}`, "response", ""},
		{"null result", `{"jsonrpc":"2.0","id":1,"result":null}`, "response", ""},
		{"error", `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found"}}`, "response", ""},
		{"error with data", `{"jsonrpc":"2.0","id":"x","error":{"code":-32602,"message":"bad","data":{"path":"/a","n":12345678901234567890}}}`, "response", ""},
		{"null id in error", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`, "response", ""},
		{"error code 0 becomes internal error", `{"jsonrpc":"2.0","id":1,"error":{"code":0,"message":"oops"}}`, "response",
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"oops"}}`},
		{"error object relayed as read", `{"jsonrpc":"2.0","id":1,"error":{ "message" : "caf\u00e9", "code":-32001,"x-vendor":{"b":1,"a":2},"data":{"b":1, "a":2} }}`, "response", ""},
		{"error without message completed", `{"jsonrpc":"2.0","id":1,"error":{"code":-32001}}`, "response",
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":""}}`},
		{"unicode params", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"q":"héllo 世界 \ud83d\ude00 😀","\u2028":"x"}}`, "request", ""},
		{"big numbers in params", `{"jsonrpc":"2.0","id":4,"method":"m","params":{"a":18446744073709551616,"b":1e400,"c":-0.0000000000000000001,"d":0,"e":1.0}}`, "request", ""},
		{"unknown fields in params kept", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"_meta":{"progressToken":7,"x-vendor":[1,{"y":null}]},"temperature":0,"priority":0,"zzz":{}}}`, "request", ""},
		{"whitespace inside params kept", `{"jsonrpc":"2.0","id":6,"method":"m","params":{ "a" : [ 1 , 2 ] }}`, "request", ""},
		{"params null", `{"jsonrpc":"2.0","id":7,"method":"m","params":null}`, "request", ""},
		{"params array", `{"jsonrpc":"2.0","id":8,"method":"m","params":[1,"two"]}`, "request", ""},
		{"field order normalized", `{"method":"ping","id":9,"jsonrpc":"2.0"}`, "request", `{"jsonrpc":"2.0","id":9,"method":"ping"}`},
		{"surrounding whitespace", " \t{\"jsonrpc\":\"2.0\",\"method\":\"n\"}\r\n", "notification", `{"jsonrpc":"2.0","method":"n"}`},
		{"method escaped", `{"jsonrpc":"2.0","method":"a\"b\u0001\u2028"}`, "notification", `{"jsonrpc":"2.0","method":"a\"b\u0001\u2028"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := []byte(tt.in)
			m, err := Decode(in)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			got := map[bool]string{true: "request"}[m.IsRequest()] +
				map[bool]string{true: "notification"}[m.IsNotification()] +
				map[bool]string{true: "response"}[m.IsResponse()]
			if got != tt.kind {
				t.Errorf("kind = %q, want %q", got, tt.kind)
			}
			want := tt.out
			if want == "" {
				want = tt.in
			}
			out := m.AppendJSON(nil)
			if string(out) != want {
				t.Errorf("AppendJSON:\n got %s\nwant %s", out, want)
			}
			if m.Error != nil {
				// A changed error is written from its fields again.
				m.Error.Message += "!"
				if re := m.AppendJSON(nil); !bytes.Contains(re, []byte(`,"message":`)) || bytes.Equal(re, out) {
					t.Errorf("an error changed after decoding was relayed as read: %s", re)
				}
				m.Error.Message = strings.TrimSuffix(m.Error.Message, "!")
			}
			if !json.Valid(out) {
				t.Errorf("AppendJSON output is not valid JSON: %s", out)
			}
			// The message must not alias the input.
			for i := range in {
				in[i] = 'X'
			}
			if out2 := m.AppendJSON(nil); !bytes.Equal(out, out2) {
				t.Errorf("message aliases its input: %s", out2)
			}
			// A second hop gives the same bytes.
			m2, err := Decode(out)
			if err != nil {
				t.Fatalf("Decode(AppendJSON): %v", err)
			}
			if out3 := m2.AppendJSON(nil); !bytes.Equal(out, out3) {
				t.Errorf("second hop changed bytes:\n got %s\nwant %s", out3, out)
			}
			// json.Marshal compacts what MarshalJSON returns.
			var compact bytes.Buffer
			json.Compact(&compact, out)
			if mj, _ := json.Marshal(m); !bytes.Equal(mj, compact.Bytes()) {
				t.Errorf("json.Marshal = %s, want %s", mj, compact.Bytes())
			}
		})
	}
}

func TestDecodeKeepsRawID(t *testing.T) {
	for _, id := range []string{`1`, `-1`, `9007199254740993`, `-9223372036854775809`, `"9007199254740993"`, `"x"`, `1.5`, `1e3`} {
		m, err := Decode([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"m"}`))
		if err != nil {
			t.Fatalf("id %s: %v", id, err)
		}
		if string(m.ID) != id {
			t.Errorf("ID = %s, want %s", m.ID, id)
		}
	}
}

func TestDecodeInvalid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		code int64
		id   string // recovered id; "" means nil
	}{
		{"empty", ``, CodeParseError, ""},
		{"blank", " \r\n\t", CodeParseError, ""},
		{"not JSON", `hello`, CodeParseError, ""},
		{"truncated", `{"jsonrpc":"2.0","id":1,"method":"m"`, CodeParseError, ""},
		{"trailing garbage", `{"jsonrpc":"2.0","id":1,"method":"m"} x`, CodeParseError, ""},
		{"two messages", `{"jsonrpc":"2.0","method":"m"}{"jsonrpc":"2.0","method":"m"}`, CodeParseError, ""},
		{"broken array", `[{"jsonrpc":"2.0"`, CodeParseError, ""},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"m"}]`, CodeInvalidRequest, ""},
		{"empty batch", `[]`, CodeInvalidRequest, ""},
		{"null", `null`, CodeInvalidRequest, ""},
		{"number", `42`, CodeInvalidRequest, ""},
		{"string", `"x"`, CodeInvalidRequest, ""},
		{"empty object", `{}`, CodeInvalidRequest, ""},
		{"missing jsonrpc", `{"id":1,"method":"m"}`, CodeInvalidRequest, "1"},
		{"wrong version", `{"jsonrpc":"1.0","id":"a","method":"m"}`, CodeInvalidRequest, `"a"`},
		{"version as number", `{"jsonrpc":2.0,"id":3,"method":"m"}`, CodeInvalidRequest, "3"},
		{"id as object", `{"jsonrpc":"2.0","id":{"a":1},"method":"m"}`, CodeInvalidRequest, ""},
		{"id as array", `{"jsonrpc":"2.0","id":[1],"method":"m"}`, CodeInvalidRequest, ""},
		{"id as bool", `{"jsonrpc":"2.0","id":true,"method":"m"}`, CodeInvalidRequest, ""},
		{"request with null id", `{"jsonrpc":"2.0","id":null,"method":"m"}`, CodeInvalidRequest, ""},
		{"empty method", `{"jsonrpc":"2.0","id":4,"method":""}`, CodeInvalidRequest, "4"},
		{"method as number", `{"jsonrpc":"2.0","id":5,"method":1}`, CodeInvalidRequest, "5"},
		{"request with result", `{"jsonrpc":"2.0","id":6,"method":"m","result":{}}`, CodeInvalidRequest, "6"},
		{"neither method nor id", `{"jsonrpc":"2.0","result":{}}`, CodeInvalidRequest, ""},
		{"response with result and error", `{"jsonrpc":"2.0","id":7,"result":{},"error":{"code":1,"message":"x"}}`, CodeInvalidRequest, "7"},
		{"response with neither", `{"jsonrpc":"2.0","id":8}`, CodeInvalidRequest, "8"},
		{"error not an object", `{"jsonrpc":"2.0","id":9,"error":"boom"}`, CodeInvalidRequest, "9"},
		{"error code not integer", `{"jsonrpc":"2.0","id":"e","error":{"code":1.5,"message":"x"}}`, CodeInvalidRequest, `"e"`},
		{"id after bad field", `{"jsonrpc":"2.0","method":7,"id":-3}`, CodeInvalidRequest, "-3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Decode([]byte(tt.in))
			if err == nil {
				t.Fatalf("Decode succeeded: %s", m.AppendJSON(nil))
			}
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %T %v is not a *DecodeError", err, err)
			}
			if de.Code != tt.code {
				t.Errorf("code = %d, want %d (%v)", de.Code, tt.code, err)
			}
			if string(de.ID) != tt.id {
				t.Errorf("id = %q, want %q", de.ID, tt.id)
			}
			if de.Unwrap() == nil || err.Error() == "" {
				t.Errorf("error has no message")
			}
			if e := AsError(err); e.Code == 0 {
				t.Errorf("AsError gave code 0")
			}
		})
	}
}

func TestAsError(t *testing.T) {
	base := Errorf(CodeInvalidParams, "bad %s", "x")
	tests := []struct {
		name string
		err  error
		code int64
		msg  string
	}{
		{"plain error", errors.New("boom"), CodeInternalError, "boom"},
		{"rpc error kept", base, CodeInvalidParams, "bad x"},
		{"wrapped rpc error", fmt.Errorf("ctx: %w", base), CodeInvalidParams, "bad x"},
		{"code 0", &Error{Message: "zero"}, CodeInternalError, "zero"},
		{"wrapped code 0", fmt.Errorf("w: %w", &Error{Message: "zero"}), CodeInternalError, "zero"},
		{"decode error", &DecodeError{Code: CodeParseError, Err: errors.New("p")}, CodeInternalError, "p"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := AsError(tt.err)
			if e.Code != tt.code || e.Message != tt.msg {
				t.Errorf("AsError = {%d %q}, want {%d %q}", e.Code, e.Message, tt.code, tt.msg)
			}
		})
	}
	zero := &Error{Message: "z"}
	AsError(zero)
	if zero.Code != 0 {
		t.Errorf("AsError modified its argument")
	}
	if s := base.Error(); s != "bad x (code -32602)" {
		t.Errorf("Error() = %q", s)
	}
	d := base.WithData(map[string]string{"path": "/a"})
	if string(d.Data) != `{"path":"/a"}` || base.Data != nil {
		t.Errorf("WithData: got %s, original %s", d.Data, base.Data)
	}
	if u := base.WithData(func() {}); u != base {
		t.Errorf("WithData of unmarshalable data should return e unchanged")
	}
}

func TestAppendJSONNeverCodeZero(t *testing.T) {
	m := &Message{ID: json.RawMessage(`1`), Error: &Error{Message: "x"}}
	got := string(m.AppendJSON(nil))
	if want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"x"}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// A response with no result still carries one.
	m = &Message{ID: json.RawMessage(`2`)}
	if got, want := string(m.AppendJSON(nil)), `{"jsonrpc":"2.0","id":2,"result":{}}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// AppendJSON appends.
	if got := string((&Message{Method: "n"}).AppendJSON([]byte("prefix"))); !strings.HasPrefix(got, "prefix{") {
		t.Errorf("AppendJSON did not append: %s", got)
	}
}

var stringCorpus = []string{
	"", "plain", `"quoted"`, `back\slash`, "tab\there", "nl\nline", "cr\rx",
	"\x00\x01\x02\x07\x08\x0b\x0c\x0e\x1f\x7f", "\b\f", "héllo", "世界", "😀",
	"\u2028\u2029", "a\u2028b\u2029c", "\xff", "a\xffb", "\xc3", "\xc3\x28", "\xe2\x82", "\xed\xa0\x80", // surrogate half
	"\xf4\x90\x80\x80", // above U+10FFFF
	"\ufffd", "</script>&<>", "\u00a0\u200b\ufeff", strings.Repeat("x\"", 100),
}

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range stringCorpus {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := strings.TrimSuffix(buf.String(), "\n")
		got := string(AppendString(nil, s))
		if got != want {
			t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("AppendString(%q) is not valid JSON: %v", s, err)
		}
	}
}

func TestIDHelpers(t *testing.T) {
	if got := string(IntID(-42)); got != "-42" {
		t.Errorf("IntID = %s", got)
	}
	tests := []struct {
		id string
		n  int64
		ok bool
	}{
		{`7`, 7, true}, {`"7"`, 7, true}, {`-1`, -1, true}, {`"abc"`, 0, false}, {`1.5`, 0, false},
		{`9223372036854775808`, 0, false}, {`null`, 0, false}, {``, 0, false}, {`"`, 0, false},
	}
	for _, tt := range tests {
		n, ok := ParseIntID(json.RawMessage(tt.id))
		if ok != tt.ok || ok && n != tt.n {
			t.Errorf("ParseIntID(%s) = %d, %v; want %d, %v", tt.id, n, ok, tt.n, tt.ok)
		}
	}
	if got, want := string(CancelParams(json.RawMessage(`"a"`), "user \"stop\"")), `{"requestId":"a","reason":"user \"stop\""}`; got != want {
		t.Errorf("CancelParams = %s, want %s", got, want)
	}
	if got, want := string(CancelParams(IntID(3), "")), `{"requestId":3}`; got != want {
		t.Errorf("CancelParams = %s, want %s", got, want)
	}
}
