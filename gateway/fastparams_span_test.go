package gateway

import (
	"testing"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// readCallParams finds the one name's value, and the fast lane's splice
// there writes what rpc.AppendSetMemberString (the general path's edit)
// writes; with no name or two, it finds none and the edit takes a pass.
func TestReadCallParamsNameSpan(t *testing.T) {
	for _, tc := range []struct {
		params string
		one    bool
	}{
		{`{"name":"echo__echo","arguments":{"text":"hello"}}`, true},
		{` { "arguments" : {"name":"inner"} ,  "name" : "x"  , "z":[1,{"name":2}] } `, true},
		{`{"name":"a","arguments":{},"name":"b"}`, false},
		{`{"arguments":{}}`, false},
	} {
		p, ok := readCallParams([]byte(tc.params))
		if !ok {
			t.Fatalf("%s: not read", tc.params)
		}
		if got := p.nameEnd > 0; got != tc.one {
			t.Errorf("%s: span found = %v, want %v", tc.params, got, tc.one)
			continue
		}
		want, ok := rpc.AppendSetMemberString(nil, []byte(tc.params), "name", "tool_b")
		if !ok {
			t.Fatalf("%s: AppendSetMemberString failed", tc.params)
		}
		fc := &fastCall{t: &planner.Tool{Name: "tool_b"}, s: &session{fp: fastParams{params: []byte(tc.params), nameStart: p.nameStart, nameEnd: p.nameEnd}}}
		if got := fc.AppendCallParams([]byte("prefix")); string(got) != "prefix"+string(want) {
			t.Errorf("%s:\n got %s\nwant prefix%s", tc.params, got, want)
		}
		if tc.one && tc.params[p.nameStart:p.nameEnd] != `"`+string(p.name)+`"` {
			t.Errorf("%s: span holds %s, name %q", tc.params, tc.params[p.nameStart:p.nameEnd], p.name)
		}
	}
}
