package schemas

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// decodeArgs must build exactly the tree jsonschema.UnmarshalJSON builds,
// and fail exactly when it fails.
func checkDecodeArgs(t *testing.T, in []byte) {
	t.Helper()
	want, werr := jsonschema.UnmarshalJSON(bytes.NewReader(in))
	got, gerr := decodeArgs(in)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("decodeArgs(%q): error %v, UnmarshalJSON: %v", in, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("decodeArgs(%q) = %#v, want %#v", in, got, want)
	}
}

var decodeArgsCases = []string{
	`{}`, ` { } `, `[]`, `{"a":1,"b":[true,false,null,"x"],"c":{"d":-1.5e+10}}`,
	`{"a":1,"a":2}`, `{"s":"\u00e9\n\"q\"\\"}`, "{\"s\":\"\xff\xfe bad utf-8\"}", `{"big":123456789012345678901234567890}`,
	`"x"`, `12`, `null`, `{"a":[[],[{}],{"b":[1,[2,[3]]]}]}`, "{\n\t\"k\" :\r\n \"v\"\n}",
	`{} {}`, `{"a":}`, `{"a":1,}`, `[1,]`, `tru`, `{"a":"\x01"}`, ``, `   `, `{"a":1}x`, `{"\ud800":"lone surrogate \udc00"}`,
}

func TestDecodeArgsMatchesUnmarshalJSON(t *testing.T) {
	for _, in := range decodeArgsCases {
		checkDecodeArgs(t, []byte(in))
	}
}

func FuzzDecodeArgs(f *testing.F) {
	for _, in := range decodeArgsCases {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) { checkDecodeArgs(t, in) })
}
