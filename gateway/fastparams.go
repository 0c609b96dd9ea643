package gateway

import (
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
func readCallParams(params json.RawMessage) (p callFields, ok bool) {
	ok = true
	names := 0
	scanned := rpc.MemberSpans(params, func(key []byte, start, end int) {
		v := params[start:end:end]
		switch string(key) {
		case "name":
			if len(v) < 2 || v[0] != '"' || !plainString(v) {
				ok = false
				return
			}
			p.name = v[1 : len(v)-1]
			p.nameStart, p.nameEnd = start, end
			names++
		case "arguments":
			p.args = v
		case "_meta":
			p.meta = v
		default:
			if strings.EqualFold(string(key), "name") || strings.EqualFold(string(key), "arguments") || strings.EqualFold(string(key), "_meta") {
				ok = false // encoding/json matches keys case-insensitively
			}
		}
	})
	if names != 1 {
		p.nameStart, p.nameEnd = 0, 0
	}
	return p, ok && scanned
}

// plainString reports whether a JSON string token needs no unescaping and
// holds valid UTF-8 (encoding/json would rewrite invalid bytes).
func plainString(v []byte) bool {
	for _, c := range v {
		if c == '\\' {
			return false
		}
	}
	return utf8.Valid(v)
}
