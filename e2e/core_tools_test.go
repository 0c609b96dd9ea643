package e2e

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestCoreExposeModes: tools/list under each expose mode.
func TestCoreExposeModes(t *testing.T) {
	_, tb := binaries(t)
	meta := []string{"call_tool", "orchestrate_task", "search_tools"}
	for _, tc := range []struct {
		expose string
		flag   bool // set by --expose instead of the file
		want   func(names []string) bool
		n      int
	}{
		{"", false, nil, 3},
		{"meta", false, nil, 3},
		{"orchestrate", false, nil, 1},
		{"all", false, nil, 3 + 16},
		{"all", true, nil, 3 + 16},
	} {
		name := tc.expose
		if name == "" {
			name = "default"
		}
		if tc.flag {
			name += "-flag"
		}
		t.Run(name, func(t *testing.T) {
			marker := newMarker()
			cfg := map[string]any{"backends": []any{tbBackend(tb, "tb", marker)}}
			var o gwOptions
			if tc.flag {
				o.args = []string{"--expose", tc.expose}
			} else if tc.expose != "" {
				cfg["expose"] = tc.expose
			}
			g := startGateway(t, writeConfig(t, cfg), marker, o)
			g.initialize("2025-11-25", nil)
			waitCallable(t, g, "tb")
			names := g.toolNames()
			if len(names) != tc.n {
				t.Fatalf("tools/list: %d tools %v, want %d", len(names), names, tc.n)
			}
			switch {
			case tc.n == 1:
				if names[0] != "orchestrate_task" {
					t.Errorf("orchestrate mode lists %v", names)
				}
			default:
				for _, m := range meta {
					if !slices.Contains(names, m) {
						t.Errorf("tools/list lacks %s: %v", m, names)
					}
				}
			}
			if tc.expose == "all" {
				for _, want := range []string{"tb__echo", "tb__sleep", "tb__progress", "tb__read_file", "tb__unknown_content"} {
					if !slices.Contains(names, want) {
						t.Errorf("expose all lacks %s: %v", want, names)
					}
				}
				for _, n := range names {
					if !slices.Contains(meta, n) && !strings.HasPrefix(n, "tb__") {
						t.Errorf("unexpected tool %q", n)
					}
				}
				// A backend tool offered directly is callable by that name.
				if r := g.callTool("tb__echo", map[string]any{"text": "direct"}); r.IsError || r.text() != "direct" {
					t.Errorf("tb__echo direct: %+v", r)
				}
			}
			g.closeAndWait(10 * time.Second)
		})
	}
}

// TestCoreListChanged: under expose "all" the IDE is told once backends
// come up, and tools/list then has their tools.
func TestCoreListChanged(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := map[string]any{"expose": "all", "backends": []any{
		tbBackend(tb, "a", marker, "-startup-delay", "200ms"), tbBackend(tb, "b", marker),
	}}
	g := startGateway(t, writeConfig(t, cfg), marker, gwOptions{})
	g.initialize("2025-11-25", nil)
	_, i := g.waitFor("notifications/tools/list_changed", 0, func(m *rpcMsg) bool { return m.Method == "notifications/tools/list_changed" })
	t.Logf("list_changed is message %d", i)
	waitCallable(t, g, "a")
	waitCallable(t, g, "b")
	names := g.waitTools(3 + 2*16)
	for _, want := range []string{"a__echo", "b__echo"} {
		if !slices.Contains(names, want) {
			t.Errorf("tools/list lacks %s", want)
		}
	}
	// Give coalescing time to settle, then count: a few notifications at
	// most (coalesced), never one per tool.
	time.Sleep(200 * time.Millisecond)
	n := 0
	for _, m := range g.messages() {
		if m.Method == "notifications/tools/list_changed" {
			n++
		}
	}
	if n < 1 || n > 2 {
		t.Errorf("%d tools/list_changed notifications for 2 backends coming up, want 1 or 2", n)
	}
	g.closeAndWait(10 * time.Second)
}

type searchHit struct {
	Name        string          `json:"name"`
	Backend     string          `json:"backend"`
	Tool        string          `json:"tool"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Score       float64         `json:"score"`
}

// TestCoreTools drives search_tools, call_tool and the error paths of tool
// calls through the real binary and the Go test backend.
func TestCoreTools(t *testing.T) {
	_, tb := binaries(t)
	marker := newMarker()
	cfg := map[string]any{"backends": []any{
		tbBackend(tb, "tb", marker),
		tbBackend(tb, "broken", marker, "-exit-at-start", "2"),
	}}
	g := startGateway(t, writeConfig(t, cfg), marker, gwOptions{})
	g.initialize("2025-11-25", nil)
	waitCallable(t, g, "tb")

	t.Run("search_tools", func(t *testing.T) {
		r := g.callTool("search_tools", map[string]any{"query": "echo the given text", "limit": 5})
		if r.IsError {
			t.Fatalf("search_tools: %s", r.text())
		}
		var sc struct {
			Tools []searchHit `json:"tools"`
		}
		if err := json.Unmarshal(r.StructuredContent, &sc); err != nil {
			t.Fatalf("structuredContent %s: %v", r.StructuredContent, err)
		}
		if len(sc.Tools) == 0 || len(sc.Tools) > 5 {
			t.Fatalf("search_tools returned %d tools, want 1..5", len(sc.Tools))
		}
		top := sc.Tools[0]
		if top.Name != "tb__echo" || top.Backend != "tb" || top.Tool != "echo" || top.Description == "" || top.Score <= 0 {
			t.Errorf("top hit = %+v, want tb__echo with backend, tool, description, score", top)
		}
		var schema struct {
			Required []string `json:"required"`
		}
		if json.Unmarshal(top.InputSchema, &schema) != nil || !slices.Equal(schema.Required, []string{"text"}) {
			t.Errorf("top hit inputSchema = %s", top.InputSchema)
		}
		for i := 1; i < len(sc.Tools); i++ {
			if sc.Tools[i].Score > sc.Tools[i-1].Score {
				t.Errorf("hits not best first: %v then %v", sc.Tools[i-1].Score, sc.Tools[i].Score)
			}
		}
		// The text content is the same JSON.
		var fromText struct {
			Tools []searchHit `json:"tools"`
		}
		if err := json.Unmarshal([]byte(r.text()), &fromText); err != nil {
			t.Fatalf("text content is not JSON: %v: %s", err, r.text())
		}
		a, _ := json.Marshal(fromText)
		b, _ := json.Marshal(sc)
		if string(a) != string(b) {
			t.Errorf("text and structuredContent differ:\n%s\n%s", a, b)
		}
		// Another query ranks another tool first.
		r = g.callTool("search_tools", map[string]any{"query": "read the contents of a file"})
		json.Unmarshal(r.StructuredContent, &sc)
		if len(sc.Tools) == 0 || sc.Tools[0].Name != "tb__read_file" {
			t.Errorf("\"read the contents of a file\" ranks %v first", sc.Tools)
		}
	})

	t.Run("call_tool", func(t *testing.T) {
		for _, name := range []string{"tb__echo", "tb.echo"} {
			r := g.callTool("call_tool", map[string]any{"name": name, "arguments": map[string]any{"text": "hello " + name}})
			if r.IsError || r.text() != "hello "+name {
				t.Errorf("call_tool %s: %+v", name, r)
			}
			if string(r.StructuredContent) != `{"text":"hello `+name+`"}` {
				t.Errorf("structuredContent not forwarded: %s", r.StructuredContent)
			}
		}
		// A backend tool by its qualified name through tools/call directly
		// (accepted under every expose mode), and the alias.
		for _, name := range []string{"tb__add", "tb.add"} {
			if r := g.callTool(name, map[string]any{"a": 2, "b": 40}); r.IsError || r.text() != "42" {
				t.Errorf("tools/call %s: %+v", name, r)
			}
		}
		// A tool failure stays a tool result.
		if r := g.callTool("call_tool", map[string]any{"name": "tb__fail", "arguments": map[string]any{"message": "boom"}}); !r.IsError || !strings.Contains(r.text(), "boom") {
			t.Errorf("tb__fail: %+v", r)
		}
		// Unknown content types and fields are forwarded unchanged.
		m := g.call("tools/call", map[string]any{"name": "call_tool", "arguments": map[string]any{"name": "tb__unknown_content", "arguments": map[string]any{}}})
		for _, want := range []string{`"x-top":true`, `"type":"video"`, `"x-extra":1`, `12345678901234567890`} {
			if !strings.Contains(string(m.Result), want) {
				t.Errorf("unknown_content result lacks %s: %s", want, m.Result)
			}
		}
	})

	t.Run("validation", func(t *testing.T) {
		for _, tc := range []struct {
			args any
			want []string
		}{
			{map[string]any{}, []string{"text", "tb__echo"}},
			{map[string]any{"text": 5}, []string{"text", "string"}},
			{map[string]any{"text": []any{"x"}}, []string{"text"}},
			{"not an object", []string{"object"}},
		} {
			r := g.callTool("call_tool", map[string]any{"name": "tb__echo", "arguments": tc.args})
			if !r.IsError {
				t.Errorf("echo %v: not an error: %s", tc.args, r.text())
				continue
			}
			for _, w := range tc.want {
				if !strings.Contains(r.text(), w) {
					t.Errorf("echo %v: %q does not name %q", tc.args, r.text(), w)
				}
			}
		}
		// add needs numbers.
		r := g.callTool("tb__add", map[string]any{"a": "two", "b": 1})
		if !r.IsError || !strings.Contains(r.text(), "/a") && !strings.Contains(r.text(), `"a"`) {
			t.Errorf("add with a string: %+v", r)
		}
		// call_tool without a name.
		r = g.callTool("call_tool", map[string]any{"arguments": map[string]any{}})
		if !r.IsError || !strings.Contains(r.text(), "name") {
			t.Errorf("call_tool without name: %+v", r)
		}
	})

	t.Run("unknown", func(t *testing.T) {
		for _, tc := range []struct {
			name string
			want []string
		}{
			{"tb__nope", []string{`"tb"`, `"nope"`}},
			{"tb.nope", []string{`"tb"`, `"nope"`}},
			{"ghost__echo", []string{"unknown backend", `"ghost"`}},
			{"broken__echo", []string{`backend "broken" is `, "exit status 2"}},
		} {
			r := g.callTool("call_tool", map[string]any{"name": tc.name, "arguments": map[string]any{"text": "x"}})
			if !r.IsError {
				t.Errorf("call_tool %s: not an error: %s", tc.name, r.text())
				continue
			}
			for _, w := range tc.want {
				if !strings.Contains(r.text(), w) {
					t.Errorf("call_tool %s: %q does not say %s", tc.name, r.text(), w)
				}
			}
		}
		// An unqualified unknown name through tools/call: an error naming it.
		m := g.call("tools/call", map[string]any{"name": "nosuchtool", "arguments": map[string]any{}})
		if m.Error != nil {
			if !strings.Contains(m.Error.Message, "nosuchtool") {
				t.Errorf("unknown tool error does not name it: %s", m.Raw)
			}
		} else {
			var r toolResult
			json.Unmarshal(m.Result, &r)
			if !r.IsError || !strings.Contains(r.text(), "nosuchtool") {
				t.Errorf("unknown tool: %s", m.Raw)
			}
		}
	})

	t.Run("ids", func(t *testing.T) {
		// Ids of every JSON type come back byte for byte, on local and
		// forwarded calls.
		ids := []string{`"str-id"`, `""`, `-7`, `0`, `9007199254740993`, `12345678901234567890`, `"9007199254740993"`}
		for _, id := range ids {
			g.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"call_tool","arguments":{"name":"tb__echo","arguments":{"text":"id ` + strings.ReplaceAll(id, `"`, `'`) + `"}}}}`)
		}
		for _, id := range ids {
			m := g.response(id)
			var r toolResult
			json.Unmarshal(m.Result, &r)
			if r.text() != "id "+strings.ReplaceAll(id, `"`, `'`) {
				t.Errorf("id %s got the answer %s", id, m.Raw)
			}
		}
		g.send(`{"jsonrpc":"2.0","id":-42,"method":"ping"}`)
		if m := g.response(`-42`); m.Error != nil {
			t.Errorf("ping -42: %s", m.Raw)
		}
	})

	t.Run("progress", func(t *testing.T) {
		for _, tok := range []string{`"tok-1"`, `77`} {
			n := len(g.messages())
			g.send(`{"jsonrpc":"2.0","id":"p-` + strings.Trim(tok, `"`) + `","method":"tools/call","params":{"name":"call_tool","arguments":{"name":"tb__progress","arguments":{"steps":5,"delayMs":2}},"_meta":{"progressToken":` + tok + `}}}`)
			resp, ri := g.waitFor("the progress call's response", n, func(m *rpcMsg) bool { return string(m.ID) == `"p-`+strings.Trim(tok, `"`)+`"` })
			var r toolResult
			json.Unmarshal(resp.Result, &r)
			if r.text() != "done" {
				t.Errorf("progress result: %s", resp.Raw)
			}
			var got []float64
			for _, m := range g.messages()[n:] {
				if m.Method != "notifications/progress" {
					continue
				}
				var p struct {
					Token    json.RawMessage `json:"progressToken"`
					Progress float64         `json:"progress"`
					Total    float64         `json:"total"`
				}
				json.Unmarshal(m.Params, &p)
				if string(p.Token) != tok {
					t.Errorf("progress token %s, want the client's %s", p.Token, tok)
				}
				got = append(got, p.Progress)
			}
			// Every notification precedes the response (the stream keeps
			// the backend's order).
			var before int
			for i, m := range g.messages()[n:] {
				if m.Method == "notifications/progress" && n+i < ri {
					before++
				}
			}
			if !slices.Equal(got, []float64{1, 2, 3, 4, 5}) || before != 5 {
				t.Errorf("progress %v (%d before the result), want 1..5 all before it", got, before)
			}
		}
	})
	g.closeAndWait(10 * time.Second)
}
