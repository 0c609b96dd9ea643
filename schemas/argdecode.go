package schemas

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// decodeArgs decodes tool arguments into the value tree the validator
// takes (map[string]any, []any, json.Number, string, bool, nil), exactly
// as jsonschema.UnmarshalJSON does, without its json.Decoder: every
// forwarded tools/call is validated, and the decoder (a new json.Decoder
// with its buffer, values through reflection) was half of the
// validation's cost. Input that is not one valid JSON value goes to
// jsonschema.UnmarshalJSON, for the same error.
func decodeArgs(b []byte) (any, error) {
	if !json.Valid(b) {
		return jsonschema.UnmarshalJSON(bytes.NewReader(b))
	}
	v, _ := decodeValue(b, skipSpace(b, 0))
	return v, nil
}

// decodeValue decodes the (valid) JSON value at b[i] and returns it with
// the index just past it.
func decodeValue(b []byte, i int) (any, int) {
	switch b[i] {
	case '{':
		m := map[string]any{}
		i = skipSpace(b, i+1)
		if b[i] == '}' {
			return m, i + 1
		}
		for {
			k, j := decodeString(b, i)
			j = skipSpace(b, j)
			j = skipSpace(b, j+1) // ':'
			var v any
			v, j = decodeValue(b, j)
			m[k] = v // a repeated key: the last value wins, as in encoding/json
			j = skipSpace(b, j)
			if b[j] == '}' {
				return m, j + 1
			}
			i = skipSpace(b, j+1) // ','
		}
	case '[':
		a := []any{}
		i = skipSpace(b, i+1)
		if b[i] == ']' {
			return a, i + 1
		}
		for {
			var v any
			v, i = decodeValue(b, i)
			a = append(a, v)
			i = skipSpace(b, i)
			if b[i] == ']' {
				return a, i + 1
			}
			i = skipSpace(b, i+1) // ','
		}
	case '"':
		return decodeString(b, i)
	case 't':
		return true, i + 4
	case 'f':
		return false, i + 5
	case 'n':
		return nil, i + 4
	default: // a number
		j := i
		for j < len(b) && bytes.IndexByte([]byte("+-.0123456789eE"), b[j]) >= 0 {
			j++
		}
		return json.Number(b[i:j]), j
	}
}

// decodeString decodes the (valid) JSON string at b[i]: directly when it
// has no escapes and is valid UTF-8, else through encoding/json (which
// unescapes and replaces invalid bytes with U+FFFD).
func decodeString(b []byte, i int) (string, int) {
	plain := true
	j := i + 1
	for ; b[j] != '"'; j++ {
		if b[j] == '\\' {
			plain = false
			j++
		}
	}
	s := b[i+1 : j]
	if plain && utf8.Valid(s) {
		return string(s), j + 1
	}
	var out string
	json.Unmarshal(b[i:j+1], &out) // valid: cannot fail
	return out, j + 1
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}
