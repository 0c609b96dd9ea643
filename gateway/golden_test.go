package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

var update = flag.Bool("update", false, "rewrite the recv sections of testdata/golden/*.txtar")

// section is one "-- name --" part of a txtar file.
type section struct {
	name string
	body string
}

// parseTxtar reads the txtar format: a comment, then sections each
// introduced by a line "-- name --".
func parseTxtar(s string) (comment string, secs []section) {
	lines := strings.SplitAfter(s, "\n")
	cur := -1
	for _, l := range lines {
		t := strings.TrimRight(l, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			secs = append(secs, section{name: t[3 : len(t)-3]})
			cur = len(secs) - 1
			continue
		}
		if cur < 0 {
			comment += l
		} else {
			secs[cur].body += l
		}
	}
	return comment, secs
}

func formatTxtar(comment string, secs []section) string {
	var b strings.Builder
	b.WriteString(comment)
	for _, s := range secs {
		fmt.Fprintf(&b, "-- %s --\n%s", s.name, s.body)
	}
	return b.String()
}

// goldenIDE is the IDE end of an in-process session: it writes lines and
// reads the gateway's messages, skipping list changes and logs.
type goldenIDE struct {
	t   *testing.T
	w   io.Writer
	in  chan []byte
	ids int
}

func (c *goldenIDE) send(line string) {
	if _, err := io.WriteString(c.w, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

func (c *goldenIDE) next() []byte {
	for {
		select {
		case b, ok := <-c.in:
			if !ok {
				c.t.Fatal("the session ended")
			}
			var m struct {
				Method string `json:"method"`
			}
			json.Unmarshal(b, &m)
			if strings.HasSuffix(m.Method, "/list_changed") || m.Method == "notifications/message" {
				continue
			}
			return b
		case <-time.After(30 * time.Second):
			c.t.Fatal("no message from the gateway within 30s")
		}
	}
}

// call sends a request with a test-only id and returns its response.
func (c *goldenIDE) call(method, params string) []byte {
	c.ids++
	id := fmt.Sprintf(`"setup-%d"`, c.ids)
	c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"` + method + `","params":` + params + `}`)
	for {
		b := c.next()
		if strings.Contains(string(b), `"id":`+id) {
			return b
		}
	}
}

// startGolden serves a session over in-process pipes with the Go test
// backend as "tb" (paginating its own lists by 2, so the gateway follows
// its cursors), initializes it with sampling and roots, and waits for tb.
func startGolden(t *testing.T) *goldenIDE {
	t.Setenv("AGENTIFY_PAGE_SIZE", "2")
	cfg := &schemas.Config{Expose: "all", Backends: []schemas.Backend{
		{ID: "tb", Type: schemas.TypeStdio, Command: testBackend(t), Args: []string{"-name", "tb", "-page", "2"}},
	}}
	g := New(Options{Config: cfg, Version: "golden"})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	sess := newSession(g, rpc.NewLineStream(inR, outW, outW, 0))
	done := make(chan struct{})
	// Owned by the test: ends when the cleanup closes the IDE's input.
	go func() {
		defer close(done)
		sess.run(context.Background())
		g.Stop()
	}()
	c := &goldenIDE{t: t, w: inW, in: make(chan []byte, 64)}
	readerDone := make(chan struct{})
	// Owned by the test: ends when the session closes its output.
	go func() {
		defer close(readerDone)
		defer close(c.in)
		r := bufio.NewReader(outR)
		for {
			line, err := r.ReadBytes('\n')
			if err != nil {
				return
			}
			c.in <- line
		}
	}()
	t.Cleanup(func() {
		inW.Close()
		// Keep reading so that the session's last writes do not block.
		go func() {
			for range c.in {
			}
		}()
		<-done
		outR.Close()
		<-readerDone
	})
	c.call("initialize", `{"protocolVersion":"2025-11-25","capabilities":{"sampling":{},"roots":{}},"clientInfo":{"name":"golden","version":"1"}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(string(c.call("tools/list", `{}`)), `"tb__echo"`) {
		if time.Now().After(deadline) {
			t.Fatal("tb never became ready")
		}
		time.Sleep(5 * time.Millisecond) // tools/list_changed would also do; this bounds it simply
	}
	return c
}

// canonical re-encodes JSON with sorted keys, replacing nextCursor values
// with $CURSORn placeholders (recorded in cursors, n from 1).
func canonical(t *testing.T, b []byte, cursors *[]string) string {
	var v any
	d := json.NewDecoder(strings.NewReader(string(b)))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		t.Fatalf("not JSON: %s", b)
	}
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && k == "nextCursor" && cursors != nil {
					*cursors = append(*cursors, s)
					x[k] = fmt.Sprintf("$CURSOR%d", len(*cursors))
					continue
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	out, _ := json.Marshal(v)
	return string(out)
}

// TestGolden replays testdata/golden/*.txtar: "send" lines go to the
// gateway ($CURSORn replaced by the n-th cursor it issued), and the next
// messages it writes must equal the "recv" lines, compared as JSON.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			comment, secs := parseTxtar(string(data))
			c := startGolden(t)
			var cursors []string
			for i, s := range secs {
				lines := strings.Split(strings.TrimSpace(s.body), "\n")
				switch s.name {
				case "send":
					for _, l := range lines {
						for n := len(cursors); n >= 1; n-- {
							l = strings.ReplaceAll(l, fmt.Sprintf("$CURSOR%d", n), cursors[n-1])
						}
						c.send(l)
					}
				case "recv":
					var got []string
					for _, want := range lines {
						g := canonical(t, c.next(), &cursors)
						got = append(got, g)
						if w := canonical(t, []byte(want), nil); !*update && !reflect.DeepEqual(g, w) {
							t.Errorf("section %d:\nwant %s\ngot  %s", i, w, g)
						}
					}
					if *update {
						secs[i].body = strings.Join(got, "\n") + "\n"
					}
				default:
					t.Fatalf("unknown section %q", s.name)
				}
			}
			if *update {
				os.WriteFile(f, []byte(formatTxtar(comment, secs)), 0o644)
			}
		})
	}
}
