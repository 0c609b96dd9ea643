package rpc

import (
	"bytes"
	"cmp"
	"encoding/json"
)

// Fast envelope scanning.
//
// Decoding the envelope with encoding/json cost a third of the gateway's CPU
// per forwarded call (two messages per call, each validated, then decoded by
// reflection into RawMessage copies). scanWire does the same work in one
// validation pass plus one structural pass over the top-level keys, and
// one allocation (a copy of the message that the raw parts point into).
//
// It decodes every valid JSON object itself, with JSON-RPC's exact member
// names (encoding/json would take "ID" for "id"); encoding/json only
// classifies what is not a JSON object.

// scanWire fills w from b (a trimmed, non-empty message). It reports false,
// leaving the verdict to encoding/json, only when b is not a valid JSON
// object. Otherwise it decodes exactly what JSON-RPC specifies: member
// names match exactly ("ID" and "Method" are unknown members, ignored, not
// "id" and "method"), a repeated member's last value wins, and bad is set
// (with the message's fields still read, so the id can be named in the
// error) when "jsonrpc" or "method" is not a string or "error" is not an
// error object.
//
// With clone, the message's raw parts point into a copy of b; without, into
// b itself (a buffer the stream handed over, see lineStream.owned).
func scanWire(b []byte, w *wire, clone bool) (ok bool, bad string) {
	if b[0] != '{' || !validJSON(b) {
		return false, ""
	}
	if clone {
		b = bytes.Clone(b) // the message must not alias the caller's buffer
	}
	var badJSONRPC, badMethod, badError string // per member: the last value decides
	i := 1
	for {
		i = skipWS(b, i)
		if b[i] == '}' {
			return true, cmp.Or(badJSONRPC, badMethod, badError)
		}
		if b[i] == ',' {
			i = skipWS(b, i+1)
		}
		// b[i] == '"': json.Valid guarantees an object key here.
		kend := scanString(b, i)
		key := b[i+1 : kend-1]
		if bytes.IndexByte(key, '\\') >= 0 {
			var k string
			json.Unmarshal(b[i:kend], &k) // valid: cannot fail
			key = []byte(k)
		}
		i = skipWS(b, kend)
		i = skipWS(b, i+1) // ':'
		vend := scanValue(b, i)
		v := b[i:vend:vend]
		i = vend
		switch string(key) {
		case "jsonrpc":
			if string(v) == `"2.0"` {
				w.JSONRPC, badJSONRPC = "2.0", "" // every message: no allocation
				continue
			}
			s, ok := jsonString(v)
			badJSONRPC = ""
			if !ok {
				badJSONRPC = `invalid JSON-RPC message: "jsonrpc" must be a string`
			}
			w.JSONRPC = s
		case "id":
			w.ID = v
		case "method":
			badMethod = ""
			switch {
			case v[0] == 'n':
				w.Method = nil
			case v[0] != '"':
				badMethod = `invalid JSON-RPC message: "method" must be a string`
			case plainASCII(v):
				w.Method = methodPtr(v[1 : len(v)-1])
			default:
				m, _ := jsonString(v)
				w.Method = &m
			}
		case "params":
			w.Params = v
		case "result":
			w.Result = v
		case "error":
			badError = ""
			switch v[0] {
			case 'n':
				w.Error = nil
			case '{':
				e, ok := scanError(v)
				if !ok {
					badError = `invalid JSON-RPC message: "error" must have an integer "code" and a string "message"`
				}
				w.Error = e
			default:
				badError = `invalid JSON-RPC message: "error" must be an object`
			}
		}
	}
}

// jsonString decodes the JSON string token v (null reads as "").
func jsonString(v []byte) (string, bool) {
	if v[0] == 'n' {
		return "", true
	}
	if v[0] != '"' {
		return "", false
	}
	if plainASCII(v) {
		return string(v[1 : len(v)-1]), true
	}
	var s string
	return s, json.Unmarshal(v, &s) == nil
}

// scanError decodes a (valid) JSON error object with exact member names.
// Null code and message read as zero values; data is kept raw. A
// repeated member counts by its last occurrence, as in encoding/json.
func scanError(v []byte) (*Error, bool) {
	e := &Error{}
	codeOK, msgOK := true, true
	hasCode, hasMsg := false, false
	i := 1
	for {
		i = skipWS(v, i)
		if v[i] == '}' {
			// Relayed as read only when it is a complete, valid error object
			// (code 0 is rewritten, a missing member added, on the way out).
			if codeOK && msgOK && hasCode && hasMsg && e.Code != 0 {
				e.wire = &wireError{raw: v, code: e.Code, message: e.Message, data: e.Data}
			}
			return e, codeOK && msgOK
		}
		if v[i] == ',' {
			i = skipWS(v, i+1)
		}
		kend := scanString(v, i)
		var key string
		if k := v[i+1 : kend-1]; bytes.IndexByte(k, '\\') < 0 {
			key = string(k)
		} else {
			json.Unmarshal(v[i:kend], &key)
		}
		i = skipWS(v, kend)
		i = skipWS(v, i+1)
		vend := scanValue(v, i)
		val := v[i:vend:vend]
		i = vend
		switch key {
		case "code":
			e.Code, codeOK, hasCode = 0, true, val[0] != 'n'
			if val[0] != 'n' {
				codeOK = json.Unmarshal(val, &e.Code) == nil
			}
		case "message":
			e.Message, msgOK = jsonString(val)
			hasMsg = val[0] != 'n'
		case "data":
			e.Data = val
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
