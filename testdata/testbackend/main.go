// Command testbackend is a small MCP server over stdio for mcp-agentify's
// tests, benchmarks and demo. It speaks raw JSON-RPC (no SDK) so that it can
// misbehave on purpose: crash mid-call, hang, write junk to stdout, flood
// stderr, send huge results, paginate its lists.
//
//	testbackend [-name N] [-tools K] [-page P] [-startup-delay D] [-catalog tools.json -server S]
//
// Hardening tests (issue 17) use flags that make it hostile:
//
//	-hostile-schema nested|oneof-chain|recursive|huge  add a tool "hostile" with that input schema
//	-list-changed-rate N                              after initialized, announce tools/list_changed N times a second
//	-ready-stamp FILE                                 write the time (Unix ns) of the first tools/list answer to FILE
//	-drop-tools D                                     after initialized, every D drop one of unknown_content, roots, sample
//	                                                  and announce it (with -ready-stamp FILE, "TOOL <Unix ns>" is appended
//	                                                  to FILE.dropped)
//	-serial-big -big-count-file FILE                  build and send "big" results one at a time, numbered, counting them in FILE
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	name         = flag.String("name", "testbackend", "server name")
	extraTools   = flag.Int("tools", 0, "add this many synthetic tools (tool_0 ...)")
	pageSize     = flag.Int("page", 0, "page size for list results (0: no pagination)")
	startupDelay = flag.Duration("startup-delay", 0, "sleep before reading stdin")
	catalog      = flag.String("catalog", "", "serve the tools of -server from this eval tools.json instead")
	catServer    = flag.String("server", "", "server name to pick from -catalog")
	exitAtStart  = flag.Int("exit-at-start", -1, "exit with this status before answering initialize")
	hangInit     = flag.Bool("hang-init", false, "never answer initialize")
	junkAtStart  = flag.Bool("junk-at-start", false, "write a non-JSON line to stdout before anything else")

	hostileSchema = flag.String("hostile-schema", "", "add a tool \"hostile\" whose input schema is hostile: nested, oneof-chain, recursive or huge")
	listRate      = flag.Int("list-changed-rate", 0, "after notifications/initialized, send notifications/tools/list_changed this many times a second until stdin closes")
	readyStamp    = flag.String("ready-stamp", "", "write the time (Unix nanoseconds) of the first tools/list answer to this file")
	dropTools     = flag.Duration("drop-tools", 0, "after notifications/initialized, drop one of unknown_content, roots and sample every this often and send tools/list_changed")
	serialBig     = flag.Bool("serial-big", false, "build and send \"big\" results one at a time, each text starting with its send sequence number (\"seq 00000001 \")")
	bigCountFile  = flag.String("big-count-file", "", "with -serial-big: write the number of big results sent so far to this file after each one")
)

type msg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   any             `json:"error,omitempty"`
}

var (
	outMu sync.Mutex
	out   = bufio.NewWriterSize(os.Stdout, 1<<16)

	mu        sync.Mutex
	cancelled = map[string]chan struct{}{} // request id -> closed on cancel
	nextID    = 0
	waiting   = map[string]chan json.RawMessage{} // our request id -> result
)

func send(m msg) {
	m.JSONRPC = "2.0"
	b, _ := json.Marshal(m)
	outMu.Lock()
	out.Write(b)
	out.WriteByte('\n')
	out.Flush()
	outMu.Unlock()
}

func writeRaw(s string) {
	outMu.Lock()
	out.WriteString(s)
	out.Flush()
	outMu.Unlock()
}

type tool struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	InputSchema any            `json:"inputSchema"` // an object, or json.RawMessage for hostile schemas
	Annotations map[string]any `json:"annotations,omitempty"`
}

func obj(props map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

var str = map[string]any{"type": "string"}
var integer = map[string]any{"type": "integer"}

func builtinTools() []tool {
	return []tool{
		{"echo", "Echo the given text back.", obj(map[string]any{"text": str}, "text"), map[string]any{"readOnlyHint": true}},
		{"add", "Add two numbers and return the sum.", obj(map[string]any{"a": map[string]any{"type": "number"}, "b": map[string]any{"type": "number"}}, "a", "b"), nil},
		{"sleep", "Sleep for ms milliseconds, then answer. Honours cancellation.", obj(map[string]any{"ms": integer}, "ms"), nil},
		{"progress", "Send steps progress notifications, then answer.", obj(map[string]any{"steps": integer, "delayMs": integer}, "steps"), nil},
		{"fail", "Return a tool error (isError) with the given message.", obj(map[string]any{"message": str}), nil},
		{"crash", "Exit the server process in the middle of the call.", obj(map[string]any{"status": integer}), nil},
		{"junk", "Write a line that is not JSON-RPC to stdout, then answer.", obj(map[string]any{}), nil},
		{"big", "Answer with a text result of the given size in bytes.", obj(map[string]any{"bytes": integer, "seed": map[string]any{"type": "integer", "description": "letters from a generator with this seed instead of x"}}, "bytes"), nil},
		{"stderr", "Write lines to stderr, then answer.", obj(map[string]any{"lines": integer, "text": str}, "lines"), nil},
		{"env", "Return the value of an environment variable of the server process.", obj(map[string]any{"name": str}, "name"), map[string]any{"readOnlyHint": true}},
		{"read_file", "Read the complete contents of a text file and return them.", obj(map[string]any{"path": map[string]any{"type": "string", "description": "path of the file to read"}}, "path"), map[string]any{"readOnlyHint": true}},
		{"list_directory", "List the files and directories in a directory.", obj(map[string]any{"path": map[string]any{"type": "string", "description": "directory to list"}}, "path"), map[string]any{"readOnlyHint": true}},
		{"delete_file", "Delete a file.", obj(map[string]any{"path": str}, "path"), map[string]any{"destructiveHint": true}},
		{"sample", "Ask the client's model (sampling/createMessage) and return its answer.", obj(map[string]any{"prompt": str}, "prompt"), nil},
		{"roots", "Ask the client for its roots (roots/list) and return them.", obj(map[string]any{}), nil},
		{"unknown_content", "Answer with a content block of a type this server invents, plus extra fields.", obj(map[string]any{}), nil},
	}
}

func loadTools() []tool {
	var ts []tool
	if *catalog != "" {
		b, err := os.ReadFile(*catalog)
		if err != nil {
			fmt.Fprintln(os.Stderr, "catalog:", err)
			os.Exit(2)
		}
		var all []struct {
			Server string `json:"server"`
			tool
		}
		if err := json.Unmarshal(b, &all); err != nil {
			fmt.Fprintln(os.Stderr, "catalog:", err)
			os.Exit(2)
		}
		for _, t := range all {
			if *catServer == "" || t.Server == *catServer {
				ts = append(ts, t.tool)
			}
		}
	} else {
		ts = builtinTools()
	}
	for i := 0; i < *extraTools; i++ {
		ts = append(ts, tool{fmt.Sprintf("tool_%d", i), fmt.Sprintf("Synthetic tool number %d.", i), obj(map[string]any{"x": str}), nil})
	}
	if *hostileSchema != "" {
		s, ok := hostileSchemas[*hostileSchema]
		if !ok {
			fmt.Fprintln(os.Stderr, "unknown -hostile-schema", *hostileSchema)
			os.Exit(2)
		}
		ts = append(ts, tool{"hostile", "Frobnicate the quux widgets (this tool's input schema is hostile).", json.RawMessage(s()), nil})
	}
	return ts
}

// hostileSchemas are the input schemas of issue 17 item 1, which froze the
// gateway before its schema work was bounded.
var hostileSchemas = map[string]func() string{
	// 1,600 objects nested through "properties" (59 KB): the library's
	// compile took 25 s and gigabytes.
	"nested": func() string {
		const n = 1600
		return strings.Repeat(`{"type":"object","properties":{"a":`, n) + `{}` + strings.Repeat(`}}`, n)
	},
	// 30 definitions, each a oneOf of two references to the next (2 KB):
	// 2^30 paths for the validator, for any arguments.
	"oneof-chain": func() string {
		const n = 30
		var b strings.Builder
		b.WriteString(`{"type":"object","$ref":"#/$defs/d0","$defs":{`)
		for i := range n {
			fmt.Fprintf(&b, `"d%d":{"oneOf":[{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"}]},`, i, i+1, i+1)
		}
		fmt.Fprintf(&b, `"d%d":{"type":"object"}}}`, n)
		return b.String()
	},
	// A schema that applies itself twice to the same member: 2^depth
	// evaluations for arguments nested depth deep (call it with 40).
	"recursive": func() string {
		return `{"type":"object","allOf":[{"properties":{"a":{"$ref":"#"}}},{"properties":{"a":{"$ref":"#"}}}]}`
	},
	// 3,000 properties, each with a 20-value enum (about 600 KB).
	"huge": func() string {
		var b strings.Builder
		b.WriteString(`{"type":"object","properties":{`)
		for i := range 3000 {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"p%d":{"type":"string","description":"property number %d","enum":[`, i, i)
			for j := range 20 {
				if j > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `"value-%d-%d"`, i, j)
			}
			b.WriteString(`]}`)
		}
		b.WriteString(`}}`)
		return b.String()
	},
}

func main() {
	flag.Parse()
	if *startupDelay > 0 {
		time.Sleep(*startupDelay)
	}
	if *junkAtStart {
		writeRaw("this is not json\n")
	}
	tools := loadTools()
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	for sc.Scan() {
		var m msg
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			send(msg{ID: json.RawMessage("null"), Error: map[string]any{"code": -32700, "message": "parse error"}})
			continue
		}
		if m.Method == "" { // a response to our request
			mu.Lock()
			ch := waiting[string(m.ID)]
			delete(waiting, string(m.ID))
			mu.Unlock()
			if ch != nil {
				var r struct {
					Result json.RawMessage `json:"result"`
					Error  json.RawMessage `json:"error"`
				}
				json.Unmarshal(sc.Bytes(), &r)
				if r.Error != nil {
					ch <- r.Error
				} else {
					ch <- r.Result
				}
			}
			continue
		}
		handle(m, tools)
	}
}

func handle(m msg, tools []tool) {
	switch m.Method {
	case "initialize":
		if *exitAtStart >= 0 {
			fmt.Fprintln(os.Stderr, "exiting at start as asked")
			os.Exit(*exitAtStart)
		}
		if *hangInit {
			return
		}
		var p struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		json.Unmarshal(m.Params, &p)
		send(msg{ID: m.ID, Result: map[string]any{
			"protocolVersion": p.ProtocolVersion,
			"capabilities":    map[string]any{"tools": map[string]any{"listChanged": true}, "prompts": map[string]any{}, "resources": map[string]any{"subscribe": true}, "logging": map[string]any{}},
			"serverInfo":      map[string]any{"name": *name, "version": "1.0.0"},
		}})
	case "notifications/initialized":
		if *listRate > 0 {
			go announceChanges(*listRate)
		}
		if *dropTools > 0 {
			go drop(*dropTools)
		}
	case "notifications/cancelled":
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
		}
		json.Unmarshal(m.Params, &p)
		mu.Lock()
		if ch, ok := cancelled[string(p.RequestID)]; ok {
			close(ch)
			delete(cancelled, string(p.RequestID))
		}
		mu.Unlock()
	case "ping":
		send(msg{ID: m.ID, Result: map[string]any{}})
	case "tools/list":
		items := make([]any, len(tools))
		for i := range tools {
			items[i] = tools[i]
		}
		mu.Lock()
		items = slices.DeleteFunc(items, func(t any) bool { return dropped[t.(tool).Name] })
		mu.Unlock()
		send(msg{ID: m.ID, Result: page(m.Params, "tools", items)})
		if *readyStamp != "" {
			stampOnce.Do(func() {
				os.WriteFile(*readyStamp, []byte(strconv.FormatInt(time.Now().UnixNano(), 10)), 0o644)
			})
		}
	case "prompts/list":
		items := []any{map[string]any{"name": "greet", "description": "Greet someone", "arguments": []any{map[string]any{"name": "who", "required": true}}}}
		send(msg{ID: m.ID, Result: page(m.Params, "prompts", items)})
	case "prompts/get":
		var p struct {
			Name      string            `json:"name"`
			Arguments map[string]string `json:"arguments"`
		}
		json.Unmarshal(m.Params, &p)
		send(msg{ID: m.ID, Result: map[string]any{"messages": []any{map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": "Hello, " + p.Arguments["who"] + "!"}}}}})
	case "resources/list":
		items := []any{}
		for i := 0; i < 3; i++ {
			items = append(items, map[string]any{"uri": fmt.Sprintf("test://%s/%d", *name, i), "name": fmt.Sprintf("item %d", i)})
		}
		send(msg{ID: m.ID, Result: page(m.Params, "resources", items)})
	case "resources/subscribe", "resources/unsubscribe":
		var p struct {
			URI string `json:"uri"`
		}
		json.Unmarshal(m.Params, &p)
		fmt.Fprintf(os.Stderr, "%s %s\n", strings.TrimPrefix(m.Method, "resources/"), p.URI)
		send(msg{ID: m.ID, Result: map[string]any{}})
	case "resources/templates/list":
		send(msg{ID: m.ID, Result: map[string]any{"resourceTemplates": []any{map[string]any{"uriTemplate": "test://" + *name + "/{id}", "name": "item"}}}})
	case "resources/read":
		var p struct {
			URI string `json:"uri"`
		}
		json.Unmarshal(m.Params, &p)
		send(msg{ID: m.ID, Result: map[string]any{"contents": []any{map[string]any{"uri": p.URI, "text": "contents of " + p.URI}}}})
	case "tools/call":
		// Register for cancellation here, in read order: a
		// notifications/cancelled read right after the call must find it.
		ch := make(chan struct{})
		mu.Lock()
		cancelled[string(m.ID)] = ch
		mu.Unlock()
		go call(m, ch)
	default:
		if m.ID != nil {
			send(msg{ID: m.ID, Error: map[string]any{"code": -32601, "message": "method not found: " + m.Method}})
		}
	}
}

var (
	stampOnce sync.Once
	dropped   = map[string]bool{} // guarded by mu; tools removed by -drop-tools
)

// drop removes a tool every d (three in all), appends its name and the
// time to the stamp file's .dropped companion, and announces the change.
// Removing, not adding: a tool added to an approved backend would be held
// back by tool integrity, a removed one just goes.
func drop(d time.Duration) {
	for _, name := range []string{"unknown_content", "roots", "sample"} {
		time.Sleep(d)
		mu.Lock()
		dropped[name] = true
		mu.Unlock()
		if *readyStamp != "" {
			if f, err := os.OpenFile(*readyStamp+".dropped", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
				fmt.Fprintf(f, "%s %d\n", name, time.Now().UnixNano())
				f.Close()
			}
		}
		send(msg{Method: "notifications/tools/list_changed"})
	}
}

// announceChanges sends tools/list_changed rate times a second for as long
// as the process runs (it ends with stdin's EOF).
func announceChanges(rate int) {
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	for range tick.C {
		send(msg{Method: "notifications/tools/list_changed"})
	}
}

func page(params json.RawMessage, field string, items []any) map[string]any {
	if *pageSize <= 0 {
		return map[string]any{field: items}
	}
	var p struct {
		Cursor string `json:"cursor"`
	}
	json.Unmarshal(params, &p)
	start, _ := strconv.Atoi(strings.TrimPrefix(p.Cursor, "page-"))
	end := min(start+*pageSize, len(items))
	r := map[string]any{field: items[min(start, len(items)):end]}
	if end < len(items) {
		r["nextCursor"] = fmt.Sprintf("page-%d", end)
	}
	return r
}

func text(s string) map[string]any {
	return map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}}
}

// request sends a request to the client and waits for its answer.
func request(method string, params any) json.RawMessage {
	mu.Lock()
	nextID++
	id := strconv.Itoa(nextID - 1) // like real servers, start at 0
	ch := make(chan json.RawMessage, 1)
	waiting[id] = ch
	mu.Unlock()
	p, _ := json.Marshal(params)
	send(msg{ID: json.RawMessage(id), Method: method, Params: p})
	return <-ch
}

func call(m msg, cancel chan struct{}) {
	defer func() {
		mu.Lock()
		if cancelled[string(m.ID)] == cancel {
			delete(cancelled, string(m.ID))
		}
		mu.Unlock()
	}()
	var p struct {
		Name      string         `json:"name"`
		Arguments map[string]any `json:"arguments"`
		Meta      struct {
			ProgressToken json.RawMessage `json:"progressToken"`
		} `json:"_meta"`
	}
	json.Unmarshal(m.Params, &p)
	a := p.Arguments
	num := func(k string) int {
		f, _ := a[k].(float64)
		return int(f)
	}
	s := func(k string) string { v, _ := a[k].(string); return v }
	reply := func(r any) { send(msg{ID: m.ID, Result: r}) }
	if *catalog != "" {
		b, _ := json.Marshal(a)
		reply(text(fmt.Sprintf("%s called with %s", p.Name, b)))
		return
	}
	switch p.Name {
	case "echo":
		r := text(s("text"))
		r["structuredContent"] = map[string]any{"text": s("text")}
		reply(r)
	case "add":
		f := func(k string) float64 { v, _ := a[k].(float64); return v }
		reply(text(strconv.FormatFloat(f("a")+f("b"), 'f', -1, 64)))
	case "sleep":
		select {
		case <-time.After(time.Duration(num("ms")) * time.Millisecond):
			reply(text("slept"))
		case <-cancel:
			fmt.Fprintln(os.Stderr, "sleep cancelled")
		}
	case "progress":
		for i := 1; i <= num("steps"); i++ {
			if p.Meta.ProgressToken != nil {
				send(msg{Method: "notifications/progress", Params: mustJSON(map[string]any{"progressToken": p.Meta.ProgressToken, "progress": i, "total": num("steps")})})
			}
			if d := num("delayMs"); d > 0 {
				time.Sleep(time.Duration(d) * time.Millisecond)
			}
		}
		reply(text("done"))
	case "fail":
		r := text("failed: " + s("message"))
		r["isError"] = true
		reply(r)
	case "crash":
		fmt.Fprintln(os.Stderr, "crashing as asked")
		os.Exit(max(num("status"), 3))
	case "junk":
		writeRaw("junk line that is not JSON\n")
		reply(text("after junk"))
	case "big":
		if *serialBig {
			// One big result in memory at a time: a gateway that stops
			// reading holds the backend here, not in 300 finished replies.
			bigMu.Lock()
			defer bigMu.Unlock()
			bigSent++
			body := fmt.Sprintf("seq %08d ", bigSent)
			reply(text(body + bigText(max(num("bytes")-len(body), 0), a["seed"])))
			if *bigCountFile != "" {
				os.WriteFile(*bigCountFile, []byte(strconv.Itoa(bigSent)), 0o644)
			}
			return
		}
		reply(text(bigText(num("bytes"), a["seed"])))
	case "stderr":
		line := s("text")
		if line == "" {
			line = "stderr line"
		}
		w := bufio.NewWriter(os.Stderr)
		for i := 0; i < num("lines"); i++ {
			fmt.Fprintln(w, line, i)
		}
		w.Flush()
		reply(text("wrote " + strconv.Itoa(num("lines")) + " lines"))
	case "env":
		v, ok := os.LookupEnv(s("name"))
		if !ok {
			v = "<unset>"
		}
		reply(text(v))
	case "read_file":
		b, err := os.ReadFile(s("path"))
		if err != nil {
			r := text(err.Error())
			r["isError"] = true
			reply(r)
			return
		}
		reply(text(string(b)))
	case "list_directory":
		es, err := os.ReadDir(s("path"))
		if err != nil {
			r := text(err.Error())
			r["isError"] = true
			reply(r)
			return
		}
		var names []string
		for _, e := range es {
			n := e.Name()
			if e.IsDir() {
				n = "[DIR] " + n
			} else {
				n = "[FILE] " + n
			}
			names = append(names, n)
		}
		sort.Strings(names)
		reply(text(strings.Join(names, "\n")))
	case "delete_file":
		reply(text("not deleting " + filepath.Clean(s("path")) + " in a test backend"))
	case "sample":
		res := request("sampling/createMessage", map[string]any{"messages": []any{map[string]any{"role": "user", "content": map[string]any{"type": "text", "text": s("prompt")}}}, "maxTokens": 100})
		reply(text("sampled: " + string(res)))
	case "roots":
		res := request("roots/list", map[string]any{})
		reply(text("roots: " + string(res)))
	case "hostile":
		b, _ := json.Marshal(a)
		reply(text(fmt.Sprintf("hostile called with %d bytes of arguments", len(b))))
	case "unknown_content":
		reply(map[string]any{"content": []any{map[string]any{"type": "video", "url": "https://example.com/v.mp4", "x-extra": 1}}, "x-top": true, "structuredContent": json.RawMessage(`{"big":12345678901234567890,"f":1.0}`)})
	default:
		send(msg{ID: m.ID, Error: map[string]any{"code": -32602, "message": "unknown tool: " + p.Name}})
	}
}

var (
	bigMu   sync.Mutex
	bigSent int // guarded by bigMu
)

// bigText returns n bytes: "x" repeated, or with a numeric seed letters
// from a xorshift generator that tests reproduce (BigText in e2e).
func bigText(n int, seed any) string {
	f, ok := seed.(float64)
	if !ok {
		return strings.Repeat("x", n)
	}
	b := make([]byte, n)
	x := uint64(f) | 1
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = 'a' + byte(x%26)
	}
	return string(b)
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
