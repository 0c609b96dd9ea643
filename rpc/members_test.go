package rpc

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"unicode/utf8"
)

func TestSetMember(t *testing.T) {
	tests := []struct {
		name, obj, key, value, want string
	}{
		{"replace keeps order and spacing", `{"progressToken":5, "total":2,"progress":1,"message":"x"}`, "progressToken", `"ide"`, `{"progressToken":"ide", "total":2,"progress":1,"message":"x"}`},
		{"replace in the middle", "{\n  \"a\": 1,\n  \"b\": {\"c\": [1, 2]},\n  \"d\": true\n}", "b", `null`, "{\n  \"a\": 1,\n  \"b\": null,\n  \"d\": true\n}"},
		{"append", `{"a":1}`, "b", `{"x":12345678901234567890}`, `{"a":1,"b":{"x":12345678901234567890}}`},
		{"append keeps trailing space", "{\"a\":1 \n}", "b", `2`, "{\"a\":1,\"b\":2 \n}"},
		{"append to empty", `{}`, "k", `"v"`, `{"k":"v"}`},
		{"append to empty with space", `{ }`, "k", `1`, `{"k":1 }`},
		{"repeated key: every occurrence", `{"a":1,"a":2}`, "a", `3`, `{"a":3,"a":3}`},
		{"nested same key untouched", `{"x":{"a":1},"a":2}`, "a", `9`, `{"x":{"a":1},"a":9}`},
		{"key needing escapes on append", `{}`, "q\"k", `1`, `{"q\"k":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := SetMember([]byte(tt.obj), tt.key, []byte(tt.value))
			if !ok {
				t.Fatalf("SetMember(%s) not ok", tt.obj)
			}
			if string(got) != tt.want {
				t.Errorf("SetMember(%s, %q, %s)\n got %s\nwant %s", tt.obj, tt.key, tt.value, got, tt.want)
			}
			if !json.Valid(got) {
				t.Errorf("invalid JSON: %s", got)
			}
		})
	}
	for _, bad := range []string{`[1]`, `"s"`, `{"a\u0041":1}`, `{"a":`} {
		if _, ok := SetMember([]byte(bad), "a", []byte("1")); ok {
			t.Errorf("SetMember(%s) ok, want false", bad)
		}
	}
}

func TestMember(t *testing.T) {
	obj := []byte(`{"a":1,"b":{"a":2},"c":"x","a":3}`)
	if v, ok := Member(obj, "a"); !ok || string(v) != "3" {
		t.Errorf("Member(a) = %s, %v; want the last, 3", v, ok)
	}
	if v, ok := Member(obj, "b"); !ok || string(v) != `{"a":2}` {
		t.Errorf("Member(b) = %s, %v", v, ok)
	}
	if _, ok := Member(obj, "z"); ok {
		t.Error("Member(z) found")
	}
	if _, ok := Member([]byte(`[]`), "a"); ok {
		t.Error("Member on an array found something")
	}
}

// FuzzSetMember checks SetMember against encoding/json: the result is
// valid JSON whose members decode to the input's with key set to value.
func FuzzSetMember(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":1}`, `{"progressToken":"t","x":[1,{"y":2}]}`, "{ \"a\" : 1 , \"b\":\"\\u00e9\" }", `{"a":1,"a":2}`} {
		f.Add(s, "a", `"v"`)
	}
	f.Fuzz(func(t *testing.T, obj, key, value string) {
		if !json.Valid([]byte(obj)) || !json.Valid([]byte(value)) || !utf8.ValidString(key) {
			return
		}
		got, ok := SetMember([]byte(obj), key, []byte(value))
		if !ok {
			return
		}
		if !json.Valid(got) {
			t.Fatalf("SetMember(%s, %q, %s) = %s: invalid JSON", obj, key, value, got)
		}
		var in, out map[string]any
		if json.Unmarshal([]byte(obj), &in) != nil {
			return
		}
		if err := json.Unmarshal(got, &out); err != nil {
			t.Fatalf("result does not decode: %v", err)
		}
		var v any
		_ = json.Unmarshal([]byte(value), &v)
		in[key] = v
		// encoding/json matches keys case-insensitively only into structs;
		// into maps it is exact, as SetMember is.
		if !reflect.DeepEqual(in, out) {
			t.Fatalf("SetMember(%s, %q, %s) = %s\ndecodes to %v, want %v", obj, key, value, got, out, in)
		}
	})
}

func TestElements(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
		ok   bool
	}{
		{`[]`, nil, true},
		{` [ 1 , "a,]" ,{"b":[2,3]}, [ ] ,null] `, []string{`1`, `"a,]"`, `{"b":[2,3]}`, `[ ]`, `null`}, true},
		{`{"a":1}`, nil, false},
		{`"x"`, nil, false},
	} {
		var got []string
		ok := Elements([]byte(tt.in), func(v []byte) { got = append(got, string(v)) })
		if ok != tt.ok || !slices.Equal(got, tt.want) {
			t.Errorf("Elements(%s) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}
