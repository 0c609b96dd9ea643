// Command echobackend is the fastest MCP server we can write, for
// mcp-agentify's benchmarks: raw JSON-RPC over stdio (no SDK, no
// encoding/json on the call path), one tool "echo" that answers at once.
// Calling it directly and through the gateway isolates what the gateway
// adds.
//
//	echobackend [-name N] [-tools K] [-startup-delay D] [-work D]
//
// The echo tool returns {"content":[{"type":"text","text":"ok"}],
// "structuredContent":<its arguments, byte for byte>}. -tools adds K
// synthetic tools (tool_0 ...) with varied descriptions and schemas, to
// measure the gateway's catalog and index. -startup-delay sleeps before
// reading stdin, like a server that takes time to start. -work spins the
// CPU for that long in every call, like a server doing real work.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"io"
	"os"
	"strconv"
	"time"
)

var (
	name         = flag.String("name", "echo", "server name")
	extraTools   = flag.Int("tools", 0, "add this many synthetic tools (tool_0 ...)")
	startupDelay = flag.Duration("startup-delay", 0, "sleep before reading stdin")
	work         = flag.Duration("work", 0, "spin the CPU this long in every tools/call, like a server doing real work")
)

const echoTool = `{"name":"echo","description":"Echo the arguments back as structured content.","inputSchema":{"type":"object","properties":{"text":{"type":"string","description":"Text to echo."}},"required":["text"]},"annotations":{"readOnlyHint":true}}`

// Words for the synthetic tools, so that the ranker indexes a realistic
// vocabulary rather than 1,000 copies of one description.
var (
	verbs   = []string{"list", "get", "create", "update", "delete", "search", "read", "write", "move", "copy", "merge", "close", "open", "export", "import", "sync", "archive", "restore", "tag", "comment"}
	objects = []string{"issue", "pull request", "file", "directory", "branch", "commit", "page", "database", "record", "message", "channel", "event", "calendar", "invoice", "customer", "ticket", "document", "image", "bucket", "deployment", "container", "secret", "user", "team", "project"}
	domains = []string{"GitHub", "GitLab", "Jira", "Slack", "Notion", "Postgres", "S3", "Kubernetes", "Stripe", "Google Drive", "Linear", "Sentry", "Docker", "the local disk", "Confluence"}
)

func main() {
	flag.Parse()
	if *startupDelay > 0 {
		time.Sleep(*startupDelay)
	}
	toolsResult := buildToolsResult(*extraTools)
	initResult := []byte(`{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":` + strconv.Quote(*name) + `,"version":"1.0.0"}}`)

	r := bufio.NewReaderSize(os.Stdin, 1<<16)
	w := bufio.NewWriterSize(os.Stdout, 1<<16)
	var big []byte // a line longer than the reader's buffer
	for {
		line, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			big = append(big[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = r.ReadSlice('\n')
				big = append(big, line...)
			}
			line = big
		}
		if len(line) == 0 && err != nil {
			w.Flush()
			if err == io.EOF {
				return
			}
			fmt.Fprintln(os.Stderr, "echobackend:", err)
			os.Exit(1)
		}
		handle(w, line, initResult, toolsResult)
		// Flush when no more input is waiting: one write per burst.
		if r.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return
			}
		}
	}
}

func handle(w *bufio.Writer, line, initResult, toolsResult []byte) {
	id := field(line, "id")
	method := field(line, "method")
	if id == nil || method == nil {
		return // a notification or a response: nothing to answer
	}
	var result []byte
	switch string(method) {
	case `"tools/call"`:
		if *work > 0 {
			for t0 := time.Now(); time.Since(t0) < *work; {
			}
		}
		args := field(field(line, "params"), "arguments")
		w.WriteString(`{"jsonrpc":"2.0","id":`)
		w.Write(id)
		w.WriteString(`,"result":{"content":[{"type":"text","text":"ok"}]`)
		if len(args) > 0 && args[0] == '{' {
			w.WriteString(`,"structuredContent":`)
			w.Write(args)
		}
		w.WriteString("}}\n")
		return
	case `"initialize"`:
		result = initResult
	case `"tools/list"`:
		result = toolsResult
	case `"ping"`:
		result = []byte(`{}`)
	default:
		w.WriteString(`{"jsonrpc":"2.0","id":`)
		w.Write(id)
		w.WriteString(`,"error":{"code":-32601,"message":"method not found"}}` + "\n")
		return
	}
	w.WriteString(`{"jsonrpc":"2.0","id":`)
	w.Write(id)
	w.WriteString(`,"result":`)
	w.Write(result)
	w.WriteString("}\n")
}

func buildToolsResult(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	b.WriteString(echoTool)
	for i := 0; i < n; i++ {
		v := verbs[i%len(verbs)]
		o := objects[(i/len(verbs))%len(objects)]
		d := domains[(i/7)%len(domains)]
		fmt.Fprintf(&b, `,{"name":"tool_%d","description":%q,"inputSchema":{"type":"object","properties":{"id":{"type":"string","description":"The %s id."},"query":{"type":"string","description":"Words to look for."},"limit":{"type":"integer","minimum":1,"maximum":100}},"required":["id"]}}`,
			i, fmt.Sprintf("%s a %s in %s (variant %d).", v, o, d, i), o)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// field returns the raw value of key in the top-level JSON object obj, or
// nil, with the gateway's own allocation-free scanner.
func field(obj []byte, key string) []byte {
	var v []byte
	rpc.Members(obj, func(k, val []byte) {
		if v == nil && string(k) == key {
			v = val
		}
	})
	return v
}
