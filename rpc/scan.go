package rpc

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Fast envelope scanning.
//
// Decoding the envelope with encoding/json cost a third of the gateway's CPU
// per forwarded call (two messages per call, each validated, then decoded by
// reflection into RawMessage copies). scanWire does the same work in one
// validation pass plus one structural pass over the top-level keys, and
// one allocation (a copy of the message that the raw parts point into).
//
// It accepts only the plain case and reports false for anything where
// encoding/json's behaviour is subtle (escaped keys or method strings, keys
// that match ours only case-insensitively, a null or non-string method, a
// non-object error): Decode then falls back to encoding/json, so the result
// is identical either way.

// scanWire fills w from b (a trimmed, non-empty message) and reports
// whether it could. It never reports true for input that json.Unmarshal
// would reject or decode differently.
func scanWire(b []byte, w *wire) bool {
	if b[0] != '{' || !json.Valid(b) {
		return false
	}
	b = bytes.Clone(b) // the message must not alias the caller's buffer
	sawError := false
	i := 1
	for {
		i = skipWS(b, i)
		if b[i] == '}' {
			return true
		}
		if b[i] == ',' {
			i = skipWS(b, i+1)
		}
		// b[i] == '"': json.Valid guarantees an object key here.
		kend := scanString(b, i)
		key := b[i+1 : kend-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			return false
		}
		i = skipWS(b, kend)
		i = skipWS(b, i+1) // ':'
		vend := scanValue(b, i)
		v := b[i:vend:vend]
		i = vend
		switch string(key) {
		case "jsonrpc":
			if v[0] != '"' || !plainASCII(v) {
				return false
			}
			if string(v) == `"2.0"` {
				w.JSONRPC = "2.0"
			} else {
				w.JSONRPC = string(v[1 : len(v)-1])
			}
		case "id":
			w.ID = v
		case "method":
			if v[0] != '"' || !plainASCII(v) {
				return false
			}
			w.Method = methodPtr(v[1 : len(v)-1])
		case "params":
			w.Params = v
		case "result":
			w.Result = v
		case "error":
			if sawError {
				return false // encoding/json would merge into the first one
			}
			sawError = true
			switch v[0] {
			case 'n':
				w.Error = nil
			case '{':
				var e Error
				if json.Unmarshal(v, &e) != nil {
					return false
				}
				w.Error = &e
			default:
				return false
			}
		default:
			for _, k := range [...]string{"jsonrpc", "id", "method", "params", "result", "error"} {
				if strings.EqualFold(string(key), k) {
					return false // encoding/json matches keys case-insensitively
				}
			}
		}
	}
}

// hotMethods are the methods on the forwarding path; methodPtr points
// into this array for them instead of allocating.
var hotMethods = [...]string{"tools/call", "notifications/progress", "notifications/message", "notifications/cancelled", "tools/list", "ping"}

// methodPtr returns a pointer to s as a string, without allocating for the
// methods on the hot path.
func methodPtr(s []byte) *string {
	for i := range hotMethods {
		if hotMethods[i] == string(s) {
			return &hotMethods[i]
		}
	}
	m := string(s)
	return &m
}

// plainASCII reports whether a string token has no escapes and no
// non-ASCII bytes (which encoding/json could rewrite: invalid UTF-8).
func plainASCII(v []byte) bool {
	for _, c := range v {
		if c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

func skipWS(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// scanString returns the index just past the (valid) string at b[i].
func scanString(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// scanValue returns the index just past the (valid) JSON value at b[i].
func scanValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return scanString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = scanString(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	default: // number, true, false, null
		j := i
		for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\t' && b[j] != '\r' && b[j] != '\n' {
			j++
		}
		return j
	}
}
