package gateway

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/google/go-cmp/cmp"
	"github.com/mcp-agentify/mcp-agentify/backends/backendstest"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// The fast lane (fastlane.go) must write, for every input, exactly the
// bytes the general path writes: to the client and to the backend. These
// tests replay the same client lines and the same backend replies with
// the lane on and off and compare everything both sides received (TestWire
// does the same for every wire golden).

// fastLaneTools is the tools/list of the backend the tests call.
const fastLaneTools = `> tools/list
{"jsonrpc":"2.0","id":$ID,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}},{"name":"strict","inputSchema":{"type":"object","properties":{"s":{"type":"string"},"n":{"type":"integer"}},"required":["s"],"additionalProperties":false}}]}}
`

var fastLaneHandshake = []string{
	`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fast","version":"1"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
}

// replayFastLane serves one session against backend tb scripted with
// script, sends lines (after the handshake) and returns what the client
// received (each step's output after a marker), what tb received besides
// its handshake, and how many calls took the fast lane. It runs in a
// synctest bubble of its own.
func replayFastLane(t *testing.T, script string, lines []string, fastOff bool) (client, backend []string, fast []bool) {
	t.Helper()
	synctest.Test(t, func(t *testing.T) {
		s, err := backendstest.New(script)
		if err != nil {
			t.Fatalf("script: %v", err)
		}
		servers := backendstest.Servers{"tb": s}
		cfg := &schemas.Config{Expose: "all", Backends: []schemas.Backend{{ID: "tb", Type: schemas.TypeStdio}}}
		w := newWire(t, cfg, servers)
		w.g.fastOff = fastOff
		w.connect()
		for _, l := range fastLaneHandshake {
			w.send(l)
		}
		w.take()
		for i, l := range lines {
			before := w.g.fastCalls.Load()
			w.send(l)
			fast = append(fast, w.g.fastCalls.Load() > before)
			client = append(client, fmt.Sprintf("## line %d\n", i))
			client = append(client, w.take()...)
		}
		// Disconnect, and let what that sets off (cancellations of the
		// calls left) reach the backend before it stops.
		w.disconnect()
		synctest.Wait()
		w.g.Stop()
		s.Close()
		client = append(client, w.take()...)
		backend = w.forwarded("tb")
	})
	return client, backend, fast
}

// compareLanes replays lines with the fast lane on and off and fails on
// any difference. It reports which lines the fast lane took.
func compareLanes(t *testing.T, script string, lines []string) []bool {
	t.Helper()
	fc, fb, fast := replayFastLane(t, script, lines, false)
	gc, gb, general := replayFastLane(t, script, lines, true)
	for i, took := range general {
		if took {
			t.Fatalf("line %d took the fast lane in the general run", i)
		}
	}
	if diff := cmp.Diff(gc, fc); diff != "" {
		t.Errorf("client received (-general +fast):\n%s", diff)
	}
	if diff := cmp.Diff(gb, fb); diff != "" {
		t.Errorf("backend received (-general +fast):\n%s", diff)
	}
	return fast
}

// checkLanes fails unless the lines marked fast, and only those, took the
// fast lane: a lane that stepped aside for everything would pass the
// comparison by comparing the general path with itself.
func checkLanes(t *testing.T, script string, lines []laneLine) {
	t.Helper()
	var raw []string
	for _, l := range lines {
		raw = append(raw, l.line)
	}
	took := compareLanes(t, script, raw)
	for i, l := range lines {
		if took[i] != l.fast {
			t.Errorf("line %d: fast lane %v, want %v: %s", i, took[i], l.fast, l.line)
		}
	}
}

type laneLine struct {
	fast bool
	line string
}

func TestFastLaneSameBytes(t *testing.T) {
	// The backend answers calls in turn with these replies (the last one
	// again for every later call): plain, an unusual envelope, a quoted id,
	// an unknown member, an error, a result with error null, progress
	// first, a duplicated result, invalid JSON, an escaped key.
	replies := []string{
		`{"jsonrpc":"2.0","id":$ID,"result":{"content":[{"type":"text","text":"a"}]}}`,
		`{ "result" : { "structuredContent" : {"n":12345678901234567890,"f":-0.0,"e":1E+2,"s":"\u2028\ud83d\ude00"} } , "id" : $ID , "jsonrpc" : "2.0" }`,
		`{"jsonrpc":"2.0","id":"$ID","result":{}}`,
		`{"jsonrpc":"2.0","id":$ID,"x-vendor":[1,2],"result":{"isError":true,"content":[]}}`,
		`{"jsonrpc":"2.0","id":$ID,"error":{"code":-32602,"message":"bad","data":{"z":1}}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":{"a":1},"error":null}`,
		"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":$TOKEN,\"progress\":1}}\n" +
			`{"jsonrpc":"2.0","id":$ID,"result":{"after":"progress"}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":{"first":1},"result":{"second":2}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":{"broken":}`,
		`{"jsonrpc":"2.0","\u0069d":$ID,"result":{"escaped":"key"}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":"not an object","error":{"code":0,"message":""}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":{"text":"invalid UTF-8 ` + "\xff\xfe" + `"}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":{"content":[{"type":"text","text":"last"}]}}`,
	}
	script := fastLaneTools
	for _, r := range replies {
		script += "> tools/call\n" + r + "\n"
	}
	lines := []laneLine{
		// The first lines are the fast lane's: plain, negative, huge, string
		// and exponent ids, an unusual envelope, params with members the
		// gateway does not know, and backend replies of every shape.
		{true, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tb__echo","arguments":{"x":1}}}`},
		{true, `{"jsonrpc":"2.0","id":-7,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":12345678901234567890,"method":"tools/call","params":{"arguments":{ "n" : 12345678901234567890 },"name":"tb__echo","x-client":{"k":1}}}`},
		{true, `{"jsonrpc":"2.0","id":"str id","method":"tools/call","params":{"name":"tb__echo"}}`},
		{true, `  {"method":"tools/call", "params" : {"name":"tb__strict","arguments":{"s":"x","n":3}} , "id":1e3,"jsonrpc":"2.0", "x-extra":true}  `},
		{true, `{"jsonrpc":"2.0","id":-0,"method":"tools/call","params":{"name":"tb__echo","arguments":{},"_meta":{"other":1}}}`},
		{false, `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"tb__echo","arguments":{"s":"invalid UTF-8 ` + "\xff" + `"}}}`},
		{true, `{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		// Then mostly lines left to the general path, which answers or
		// forwards them; a few the fast lane takes whole (progress tokens,
		// repeated _meta and progressToken members, an escaped _meta key
		// that is no progress token, a repeated name, an unknown "Method"
		// member, deep arguments, a trailing CR).
		{false, `{"jsonrpc":"2.0","id":"caf\u00e9","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":"é","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":"` + "\xff" + `","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":true,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"tb__ech\u006f","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"tb__echo` + "\xff" + `","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"call_tool","arguments":{"name":"tb__echo","arguments":{}}}}`},
		{false, `{"jsonrpc":"2.0","id":23,"method":"tools/call","params":{"name":"tb__nope","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":24,"method":"tools/call","params":{"name":7,"arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":25,"method":"tools/call","params":{"name":"tb__strict","arguments":{"s":1}}}`},
		{false, `{"jsonrpc":"2.0","id":26,"method":"tools/call","params":{"name":"tb__echo","arguments":null}}`},
		{false, `{"jsonrpc":"2.0","id":27,"method":"tools/call","params":{"name":"tb__echo","arguments":[1]}}`},
		{true, `{"jsonrpc":"2.0","id":28,"method":"tools/call","params":{"name":"tb__echo","arguments":{},"_meta":{"progressToken":"p-1"}}}`},
		{true, `{"jsonrpc":"2.0","id":29,"method":"tools/call","params":{"name":"tb__echo","arguments":{},"_meta":{"progressToken":12345678901234567890}}}`},
		{true, `{"jsonrpc":"2.0","id":47,"method":"tools/call","params":{"_meta":{"a":1,"progressToken":{"o":[1]},"progressToken":"dup"},"name":"tb__echo","_meta":{"progressToken":5},"arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":48,"method":"tools/call","params":{"_meta":{"progressToken":-1.5e3, "x":"y"},"arguments":{"a":[]},"name":"tb__echo"}}`},
		{false, `{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"tb__echo","arguments":{},"_meta":"no"}}`},
		{true, `{"jsonrpc":"2.0","id":31,"method":"tools/call","params":{"name":"tb__echo","arguments":{},"_meta":{"progress\u0054oken":"p"}}}`},
		{false, `{"jsonrpc":"2\u002e0","id":32,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"id":33,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":34,"id":35,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":36,"method":"tools/call","params":{"name":"tb__echo","name":"tb__strict","arguments":{"s":"x"}}}`},
		{true, `{"jsonrpc":"2.0","id":37,"Method":"tools/call","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":38,"method":"tools/call","params":{"Name":"tb__strict","name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":39,"method":"tools\/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":40,"method":"tools/call","params":[]}`},
		{false, `{"jsonrpc":"2.0","id":41,"method":"tools/call"}`},
		{false, `{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"tb__echo","arguments":{}},"result":{}}`},
		{false, `{"jsonrpc":"2.0","id":43,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}`},
		{false, `{"jsonrpc":"2.0","id":44,"method":"tools/list","params":{}}`},
		{true, `{"jsonrpc":"2.0","id":45,"method":"tools/call","params":{"name":"tb__echo","arguments":{"deep":` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}}}`},
		{true, "{\"jsonrpc\":\"2.0\",\"id\":46,\"method\":\"tools/call\",\"params\":{\"name\":\"tb__echo\",\"arguments\":{}}}\r"},
		{false, `{"jsonrpc":"2.0","id":"` + strings.Repeat("x", 70) + `","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
	}
	checkLanes(t, script, lines)
}

// TestFastLaneProgress checks that progress reaches the client under its
// own token, before the result, for a call on the fast lane.
func TestFastLaneProgress(t *testing.T) {
	script := fastLaneTools + `> tools/call
{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":$TOKEN,"progress":1,"total":2}}
{"jsonrpc":"2.0","method":"notifications/progress","params":{ "progress" : 2 , "progressToken" : $TOKEN }}
{"jsonrpc":"2.0","id":$ID,"result":{"done":true}}
`
	lines := []laneLine{
		{true, `{"jsonrpc":"2.0","id":"p","method":"tools/call","params":{"name":"tb__echo","arguments":{},"_meta":{"progressToken":"client-token"}}}`},
		{true, `{"jsonrpc":"2.0","id":"q","method":"tools/call","params":{"name":"tb__echo","arguments":{},"_meta":{"progressToken":77}}}`},
	}
	checkLanes(t, script, lines)
	client, _, _ := replayFastLane(t, script, []string{lines[0].line}, false)
	want := []string{
		"## line 0\n",
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"client-token","progress":1,"total":2}}` + "\n",
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{ "progress" : 2 , "progressToken" : "client-token" }}` + "\n",
		`{"jsonrpc":"2.0","id":"p","result":{"done":true}}` + "\n",
	}
	if diff := cmp.Diff(want, client); diff != "" {
		t.Errorf("client received (-want +got):\n%s", diff)
	}
}

// TestFastLaneCancelAndExit checks the bookkeeping the fast lane keeps:
// a client's cancellation, a backend that never answers and then exits,
// and a session that disconnects with calls in flight.
func TestFastLaneCancelAndExit(t *testing.T) {
	script := fastLaneTools + `> tools/call
> tools/call
> tools/call
{"jsonrpc":"2.0","id":$ID,"result":{"late":true}}
> notifications/cancelled
`
	checkLanes(t, script, []laneLine{
		{true, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"no longer needed"}}`},
		{true, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
	})
	// The backend exits with calls 1..3 unanswered: each fails, in order.
	exit := fastLaneTools + "> tools/call\n> tools/call\n> tools/call\n@close\n"
	checkLanes(t, exit, []laneLine{
		{true, `{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
	})
}

// FuzzFastLane compares the fast lane with the general path for any
// client line and any backend reply.
func FuzzFastLane(f *testing.F) {
	f.Add(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":{"content":[]}}`)
	f.Add(`{"method":"tools/call","id":"x","params":{"arguments":{"s":"v"},"name":"tb__strict","x":[]},"jsonrpc":"2.0"}`,
		`{"result":{"a":[1,2]},"id":"$ID","jsonrpc":"2.0","extra":null}`)
	f.Add(`{"jsonrpc":"2.0","id":-1.5e3,"method":"tools/call","params":{"name":"tb__echo","arguments":{"n":123456789012345678901234}}}`,
		`{"jsonrpc":"2.0","id":$ID,"error":{"code":-1,"message":"no"}}`)
	f.Add(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tb__echo","_meta":{"progressToken":1}}}`,
		`{"jsonrpc":"2.0","id":$ID,"result":{}} `)
	f.Fuzz(func(t *testing.T, line, reply string) {
		if strings.ContainsAny(line, "\n") || strings.ContainsAny(reply, "\n") || strings.HasPrefix(strings.TrimSpace(reply), "@") || strings.TrimSpace(line) == "" {
			return // one line each; "@" lines are script directives
		}
		compareLanes(t, fastLaneTools+"> tools/call\n"+reply+"\n", []string{line})
	})
}

// TestFastLaneNameCacheFollowsCatalog: the fast lane keeps the last name
// it resolved (session.last) while the catalog and name table are the
// ones it was resolved in. When the backend's tools change, the same name
// must be resolved again: here the tool is gone, so the second call must
// leave the lane and get the general path's unknown-tool answer.
func TestFastLaneNameCacheFollowsCatalog(t *testing.T) {
	script := fastLaneTools + `> tools/call
{"jsonrpc":"2.0","id":$ID,"result":{"first":true}}
{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}
> tools/list
{"jsonrpc":"2.0","id":$ID,"result":{"tools":[{"name":"other","inputSchema":{"type":"object"}}]}}
> tools/call
{"jsonrpc":"2.0","id":$ID,"result":{"third":true}}
`
	lines := []laneLine{
		{true, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{false, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"tb__echo","arguments":{}}}`},
		{true, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"tb__other","arguments":{}}}`},
	}
	checkLanes(t, script, lines)
	client, _, _ := replayFastLane(t, script, []string{lines[0].line, lines[1].line}, false)
	got := strings.Join(client, "")
	if !strings.Contains(got, `"id":2`) || !strings.Contains(got, "echo") || strings.Count(got, `"first":true`) != 1 {
		t.Errorf("client received:\n%s", got)
	}
	i := strings.Index(got, "## line 1")
	if i < 0 || !strings.Contains(got[i:], `"isError":true`) && !strings.Contains(got[i:], `"error"`) {
		t.Errorf("the call of the removed tool was not refused:\n%s", got)
	}
}
