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
	ok = true
	scanned := rpc.Members(params, func(key, v []byte) {
		switch string(key) {
		case "name":
			if len(v) < 2 || v[0] != '"' || !plainString(v) {
				ok = false
				return
			}
			name = string(v[1 : len(v)-1])
		case "arguments":
			args = v
		case "_meta":
			meta = v
		default:
			if strings.EqualFold(string(key), "name") || strings.EqualFold(string(key), "arguments") || strings.EqualFold(string(key), "_meta") {
				ok = false // encoding/json matches keys case-insensitively
			}
		}
	})
	return name, args, meta, ok && scanned
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
