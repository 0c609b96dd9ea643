package rpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"testing"
	"unicode/utf8"
)

var decodeSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"x":1}}}`,
	`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}`,
	`{"jsonrpc":"2.0","id":9007199254740993,"result":{"content":[]}}`,
	`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x","data":null}}`,
	`{"jsonrpc":"2.0","id":"a\"b","error":{"code":0,"message":""}}`,
	`{"jsonrpc":"2.0","id":-0,"method":"\ud800"}`,
	`{"JSONRPC":"2.0","ID":1,"Method":"m"}`,
	`{"jsonrpc":"2.0","id":1,"result":{},"error":null}`,
	`[{"jsonrpc":"2.0"}]`, `[`, `{}`, `null`, `"x"`, ``, "\xff", `{"id":{}}`,
}

func FuzzDecode(f *testing.F) {
	for _, s := range decodeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Decode(b)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || (de.Code != CodeParseError && de.Code != CodeInvalidRequest) {
				t.Fatalf("error %v (%T) is not a DecodeError with a standard code", err, err)
			}
			if de.ID != nil && (!json.Valid(de.ID) || !utf8.Valid(de.ID)) {
				t.Fatalf("recovered id %q is not JSON", de.ID)
			}
			return
		}
		out := m.AppendJSON(nil)
		if !json.Valid(out) {
			t.Fatalf("AppendJSON of %q gave invalid JSON %q", b, out)
		}
		m2, err := Decode(out)
		if err != nil {
			t.Fatalf("Decode(AppendJSON(%q)) = %v; out %q", b, err, out)
		}
		if m.Error != nil && m.Error.Code == 0 {
			m.Error.Code = CodeInternalError // AppendJSON never writes code 0
		}
		if out2 := m2.AppendJSON(nil); !bytes.Equal(out, out2) {
			t.Fatalf("second hop changed bytes: %q -> %q", out, out2)
		}
		for _, e := range []*Error{m.Error, m2.Error} {
			if e != nil {
				e.wire = nil // the bytes as read, compared as bytes above
			}
		}
		if !reflect.DeepEqual(m, m2) {
			t.Fatalf("round trip changed the message:\n in %q\nout %q", b, out)
		}
	})
}

// refLines is the line stream's specification: split on "\n"; a line of
// more than limit bytes (its "\r" included) is reported as too long; trailing
// "\r"s are dropped; blank lines are skipped.
func refLines(data []byte, limit int) []string {
	var out []string
	pieces := bytes.Split(data, []byte("\n"))
	if len(pieces[len(pieces)-1]) == 0 {
		pieces = pieces[:len(pieces)-1]
	}
	for _, p := range pieces {
		switch {
		case len(p) > limit:
			out = append(out, "\x00TOOLONG")
		case len(bytes.TrimSpace(bytes.TrimRight(p, "\r"))) == 0:
		default:
			out = append(out, string(bytes.TrimRight(p, "\r")))
		}
	}
	return out
}

func FuzzLineStream(f *testing.F) {
	f.Add([]byte("a\nb\r\n\n  \nc"), uint16(10), uint8(0))
	f.Add([]byte("0123456789\n01234567890\n"), uint16(10), uint8(0))
	f.Add([]byte("0123456789012345678901234567890123456789\nshort\n"), uint16(20), uint8(16))
	f.Add([]byte("\r\r\r\n\r\n"), uint16(1), uint8(16))
	f.Add([]byte(`{"jsonrpc":"2.0","id":5,"params":"xxxxxxxxxxxxxxxxxxxxxxxx"}`+"\n"), uint16(16), uint8(16))
	f.Fuzz(func(t *testing.T, data []byte, limit uint16, bufSize uint8) {
		lim := int(limit%4096) + 1
		s := NewLineStream(bytes.NewReader(data), io.Discard, nil, lim).(*lineStream)
		if bufSize > 0 {
			// A small bufio buffer exercises the path for lines longer than it.
			s.r = bufio.NewReaderSize(bytes.NewReader(data), int(bufSize))
		}
		var got []string
		for {
			line, err := s.Read()
			var tl *TooLongError
			if errors.As(err, &tl) {
				if tl.Size <= lim || len(tl.Prefix) > 512 {
					t.Fatalf("TooLongError{Size: %d, Prefix: %d bytes} with limit %d", tl.Size, len(tl.Prefix), lim)
				}
				if id := tl.PrefixID(); id != nil && !json.Valid(id) {
					t.Fatalf("PrefixID %q is not JSON", id)
				}
				got = append(got, "\x00TOOLONG")
				continue
			}
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if len(line) > lim || bytes.IndexByte(line, '\n') >= 0 {
				t.Fatalf("line of %d bytes (limit %d): %q", len(line), lim, line)
			}
			got = append(got, string(line))
		}
		if want := refLines(data, lim); !reflect.DeepEqual(got, want) {
			t.Fatalf("limit %d:\n got %q\nwant %q", lim, got, want)
		}
	})
}
