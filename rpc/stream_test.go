package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// readAll reads s until an error other than *TooLongError and returns the
// lines (copied) and over-long markers ("TOOLONG:<size>").
func readAll(t *testing.T, s Stream) ([]string, error) {
	t.Helper()
	var out []string
	for {
		b, err := s.Read()
		var tl *TooLongError
		switch {
		case errors.As(err, &tl):
			out = append(out, "TOOLONG:"+string(tl.PrefixID()))
			continue
		case err != nil:
			return out, err
		}
		out = append(out, string(b))
	}
}

func TestLineStreamRead(t *testing.T) {
	long := strings.Repeat("a", 100)
	tests := []struct {
		name  string
		in    string
		limit int
		want  []string
	}{
		{"lf", "a\nb\n", 0, []string{"a", "b"}},
		{"crlf", "a\r\nb\r\n", 0, []string{"a", "b"}},
		{"blank lines skipped", "\n\r\n  \n\ta\n\n\nb\n \t\r\n", 0, []string{"\ta", "b"}},
		{"last line without newline", "a\nb", 0, []string{"a", "b"}},
		{"last line without newline crlf", "a\r\nb\r", 0, []string{"a", "b"}},
		{"only newlines", "\n\n\n", 0, nil},
		{"empty", "", 0, nil},
		{"exactly at limit", long + "\n" + "b\n", 100, []string{long, "b"}},
		{"exactly at limit, no newline", long, 100, []string{long}},
		{"one over limit", long + "x\n" + "b\n", 100, []string{"TOOLONG:", "b"}},
		{"one over limit, last line", "a\n" + long + "x", 100, []string{"a", "TOOLONG:"}},
		{"over limit, id recovered", `{"jsonrpc":"2.0","id":42,"method":"m","params":"` + long + "\"}\n" + "b\n", 100, []string{"TOOLONG:42", "b"}},
		{"several over limit", long + long + "\n" + long + "x\n" + "ok\n", 100, []string{"TOOLONG:", "TOOLONG:", "ok"}},
		{"crlf counted in limit", long + "\r\n", 100, []string{"TOOLONG:"}},
		{"under limit with crlf", long[1:] + "\r\n", 100, []string{long[1:]}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := NewLineStream(strings.NewReader(tt.in), io.Discard, nil, tt.limit)
			got, err := readAll(t, s)
			if err != io.EOF {
				t.Errorf("final error = %v, want io.EOF", err)
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLineStreamLimitsAroundBuffer checks lines around bufio's 64 KiB buffer
// and a limit above it: messages of several MiB, and the limit exactly.
func TestLineStreamLimitsAroundBuffer(t *testing.T) {
	const limit = 5<<20 + 3
	sizes := []int{15, 64<<10 - 1, 64 << 10, 64<<10 + 1, 128 << 10, 5 << 20, limit, limit + 1, limit + 64<<10}
	var in bytes.Buffer
	for i, n := range sizes {
		in.WriteString(`{"id":` + string(rune('0'+i)) + `,"x":"`)
		in.WriteString(strings.Repeat("y", n-len(`{"id":0,"x":""}`)))
		in.WriteString("\"}\n")
	}
	in.WriteString("end")
	s := NewLineStream(&in, io.Discard, nil, limit)
	for i, n := range sizes {
		b, err := s.Read()
		if n > limit {
			var tl *TooLongError
			if !errors.As(err, &tl) {
				t.Fatalf("size %d: err = %v, want *TooLongError", n, err)
			}
			if tl.Limit != limit || tl.Size < n {
				t.Errorf("size %d: TooLongError{Size: %d, Limit: %d}", n, tl.Size, tl.Limit)
			}
			if id := string(tl.PrefixID()); id != string(rune('0'+i)) {
				t.Errorf("size %d: PrefixID = %q", n, id)
			}
			if !strings.Contains(tl.Error(), "5242883") {
				t.Errorf("message %q does not name the limit", tl.Error())
			}
			continue
		}
		if err != nil {
			t.Fatalf("size %d: %v", n, err)
		}
		if len(b) != n || !json.Valid(b) {
			t.Fatalf("size %d: got %d bytes (valid JSON: %v)", n, len(b), json.Valid(b))
		}
	}
	if b, err := s.Read(); err != nil || string(b) != "end" {
		t.Fatalf("after the long lines: %q, %v", b, err)
	}
	if _, err := s.Read(); err != io.EOF {
		t.Fatalf("want io.EOF, got %v", err)
	}
}

func TestLineStreamDefaultLimit(t *testing.T) {
	s := NewLineStream(strings.NewReader(""), io.Discard, nil, 0).(*lineStream)
	if s.limit != DefaultMaxMessageBytes {
		t.Errorf("limit = %d, want %d", s.limit, DefaultMaxMessageBytes)
	}
}

func TestLineStreamWrite(t *testing.T) {
	var out bytes.Buffer
	s := NewLineStream(strings.NewReader(""), &out, nil, 0)
	msgs := []string{
		`{"jsonrpc":"2.0","method":"a"}`,
		"{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {\"text\": \"line1\\nline2\"}\n}",
		"{\r\n\"jsonrpc\":\"2.0\",\r\n\"method\":\"b\"}",
	}
	for _, m := range msgs {
		if err := s.Write([]byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	if out.Len() != 0 {
		t.Errorf("Write did not buffer: %q", out.String())
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	want := `{"jsonrpc":"2.0","method":"a"}` + "\n" +
		`{"jsonrpc":"2.0","id":1,"result":{"text":"line1\nline2"}}` + "\n" +
		`{"jsonrpc":"2.0","method":"b"}` + "\n"
	if out.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", out.String(), want)
	}
	if err := s.Write([]byte("{\n broken")); err == nil {
		t.Errorf("Write of invalid JSON with a newline succeeded")
	}
}

type closeCounter struct{ n int }

func (c *closeCounter) Close() error { c.n++; return errors.New("closed once") }

func TestLineStreamCloseOnce(t *testing.T) {
	cc := &closeCounter{}
	s := NewLineStream(strings.NewReader(""), io.Discard, cc, 0)
	e1, e2 := s.Close(), s.Close()
	if cc.n != 1 || e1 == nil || e1 != e2 {
		t.Errorf("Close called %d times, errors %v, %v", cc.n, e1, e2)
	}
	if err := NewLineStream(strings.NewReader(""), io.Discard, nil, 0).Close(); err != nil {
		t.Errorf("Close without closer: %v", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func TestLineStreamReadError(t *testing.T) {
	boom := errors.New("boom")
	s := NewLineStream(io.MultiReader(strings.NewReader("a\n"), errReader{boom}), io.Discard, nil, 0)
	got, err := readAll(t, s)
	if !errors.Is(err, boom) || len(got) != 1 {
		t.Errorf("got %q, %v", got, err)
	}
	// A read error while skipping an over-long line ends the stream.
	s = NewLineStream(io.MultiReader(strings.NewReader(strings.Repeat("x", 200<<10)), errReader{boom}), io.Discard, nil, 100<<10)
	if _, err := s.Read(); !errors.Is(err, boom) {
		t.Errorf("err = %v, want boom", err)
	}
}

func TestPrefixID(t *testing.T) {
	tests := []struct {
		prefix string
		want   string
	}{
		{`{"jsonrpc":"2.0","id":42,"method":"x"`, `42`},
		{`{"jsonrpc":"2.0","id":-42,`, `-42`},
		{`{"jsonrpc":"2.0","id":9007199254740993,`, `9007199254740993`},
		{`{"jsonrpc":"2.0","id":"abc","method"`, `"abc"`},
		{`{"jsonrpc":"2.0","id" : "a\"b","method"`, `"a\"b"`},
		{`{"jsonrpc":"2.0", "id":  7 ,`, `7`},
		{`{"jsonrpc":"2.0","id":"a\"b","method"`, `"a\"b"`},
		{`{"id":"a\\","method":"m"`, `"a\\"`},
		{`{"jsonrpc":"2.0","method":"m","params":{"id":5,"x":"`, ``}, // nested id is not the message's
		{`{"jsonrpc":"2.0","method":"m","params":{"a":[{"id":5}]},"id":6,`, `6`},
		{`{"jsonrpc":"2.0","method":"m","params":{"text":"\"id\":5,"},"id":8}`, `8`},
		{`{"method":"id","id":3,`, `3`},
		{`{"jsonrpc":"2.0","id":42`, ``},       // may be cut off (420...)
		{`{"jsonrpc":"2.0","id":"ab`, ``},      // cut off
		{`{"jsonrpc":"2.0","id":null,`, ``},    // not a string or number
		{`{"jsonrpc":"2.0","id":{"a":1},`, ``}, // not a string or number
		{`{"jsonrpc":"2.0","id":1.5,`, `1.5`},
		{`{"jsonrpc":"2.0","id":1-2,`, ``},
		{`{"jsonrpc":"2.0","method":"m"`, ``},
		{``, ``},
		{`garbage "id":5,`, ``},
	}
	for _, tt := range tests {
		got := (&TooLongError{Prefix: []byte(tt.prefix)}).PrefixID()
		if string(got) != tt.want {
			t.Errorf("PrefixID(%s) = %q, want %q", tt.prefix, got, tt.want)
		}
		if got != nil && !json.Valid(got) {
			t.Errorf("PrefixID(%s) = %s is not valid JSON", tt.prefix, got)
		}
	}
}
