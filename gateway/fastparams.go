package gateway

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// callParams reads the name, arguments and _meta of tools/call params
// (or of call_tool's arguments, without _meta) without encoding/json:
// decoding them into a struct was a tenth of the CPU of a forwarded call.
// ok is false whenever encoding/json could decide differently (not an
// object, an escaped or non-string name, a key matching only
// case-insensitively): the caller then decodes with encoding/json.
// args and meta alias params.
func callParams(params json.RawMessage) (name string, args, meta json.RawMessage, ok bool) {
	p, ok := readCallParams(params)
	return string(p.name), p.args, p.meta, ok
}

// callFields is what readCallParams reads of tools/call params.
type callFields struct {
	name       []byte          // unquoted (it needs no unescaping)
	args, meta json.RawMessage // alias params
	// nameStart and nameEnd bound the name's value in params when params
	// hold exactly one "name" member (else both are 0): the fast lane
	// sets the backend's name there without reading params again.
	nameStart, nameEnd int
}

// readCallParams is callParams, with where the name is.
func readCallParams(params json.RawMessage) (callFields, bool) {
	r := callReader{ok: true}
	scanned := rpc.MemberSpans(params, func(key []byte, start, end int) { r.member(params, key, start, end) })
	return r.done(scanned, 0)
}

// callReader reads tools/call params member by member, from
// rpc.MemberSpans or, in the same pass as the request's envelope, from
// rpc.ScanCall.
type callReader struct {
	p     callFields
	ok    bool
	names int
}

// member reads one member of the params: key, and its value at
// b[start:end].
func (r *callReader) member(b, key []byte, start, end int) {
	v := b[start:end:end]
	switch string(key) {
	case "name":
		if len(v) < 2 || v[0] != '"' || !plainString(v) {
			r.ok = false
			return
		}
		r.p.name = v[1 : len(v)-1]
		r.p.nameStart, r.p.nameEnd = start, end
		r.names++
	case "arguments":
		r.p.args = v
	case "_meta":
		r.p.meta = v
	default:
		if bytes.IndexByte(key, '\\') >= 0 {
			r.ok = false // as rpc.Members: an escaped key may spell one of the above
		} else if strings.EqualFold(string(key), "name") || strings.EqualFold(string(key), "arguments") || strings.EqualFold(string(key), "_meta") {
			r.ok = false // encoding/json matches keys case-insensitively
		}
	}
}

// done returns what was read; scanned is whether the reader read every
// member, at is where the params start in the bytes member was given (the
// name's offsets become relative to the params).
func (r *callReader) done(scanned bool, at int) (callFields, bool) {
	if r.names != 1 {
		r.p.nameStart, r.p.nameEnd = 0, 0
	} else {
		r.p.nameStart -= at
		r.p.nameEnd -= at
	}
	return r.p, r.ok && scanned
}

// plainString reports whether a JSON string token needs no unescaping and
// holds valid UTF-8 (encoding/json would rewrite invalid bytes).
func plainString(v []byte) bool {
	ascii := true
	for _, c := range v {
		if c == '\\' {
			return false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	return ascii || utf8.Valid(v)
}
