package backends

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

// multiFake serves several backends, one fakeServer each, by id.
type multiFake struct {
	mu     sync.Mutex
	fakes  map[string]*fakeServer
	events []string // guarded by mu; "dial a", ...
}

func (mf *multiFake) dial(ctx contextT, cfg schemas.Backend) (io.ReadWriteCloser, error) {
	mf.mu.Lock()
	f := mf.fakes[cfg.ID]
	if f == nil {
		f = newFake()
		mf.fakes[cfg.ID] = f
	}
	mf.events = append(mf.events, "dial "+cfg.ID)
	mf.mu.Unlock()
	return f.dial(ctx, cfg)
}

func (mf *multiFake) log() []string {
	mf.mu.Lock()
	defer mf.mu.Unlock()
	return slices.Clone(mf.events)
}

func TestDependsOnStartOrder(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mf := &multiFake{fakes: map[string]*fakeServer{}}
		slow := newFake()
		slow.onDial = func(int) { time.Sleep(3 * time.Second) } // a slow start
		mf.fakes["db"] = slow
		cfgs := []schemas.Backend{
			{ID: "app", Type: schemas.TypeStdio, DependsOn: []string{"db"}}, // listed before its dependency
			{ID: "db", Type: schemas.TypeStdio},
			{ID: "free", Type: schemas.TypeStdio},
		}
		m := NewManager(cfgs, &Options{Dial: mf.dial})
		defer m.Stop()
		m.Start()
		synctest.Wait()
		// The independent backends start at once; app waits for db.
		if got := mf.log(); !slices.Contains(got, "dial free") || slices.Contains(got, "dial app") {
			t.Fatalf("at start: %v", got)
		}
		m.WaitReady(t.Context())
		got := mf.log()
		if got[len(got)-1] != "dial app" {
			t.Fatalf("dial order %v: app must come last", got)
		}
		for _, b := range m.List() {
			if s, err := b.State(); s != Ready {
				t.Fatalf("%s: %s %v", b.ID(), s, err)
			}
		}
	})
}

func TestDependencyThatGivesUp(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mf := &multiFake{fakes: map[string]*fakeServer{}}
		bad := newFake()
		bad.dialErr = func(n int) error {
			if n < 3 {
				return errTest("not yet")
			}
			return nil
		}
		mf.fakes["flaky"] = bad
		dead := newFake()
		dead.dialErr = func(int) error { return errTest("gone") }
		mf.fakes["dead"] = dead
		cfgs := []schemas.Backend{
			{ID: "flaky", Type: schemas.TypeStdio},
			{ID: "dead", Type: schemas.TypeStdio, Restart: "never"},
			{ID: "a", Type: schemas.TypeStdio, DependsOn: []string{"flaky"}},
			{ID: "b", Type: schemas.TypeStdio, DependsOn: []string{"dead"}},
		}
		m := NewManager(cfgs, &Options{Dial: mf.dial})
		defer m.Stop()
		m.Start()
		m.WaitReady(t.Context())
		a, _ := m.Get("a")
		b, _ := m.Get("b")
		// a waited through flaky's restarts (unavailable, restarting) until it was ready.
		if s, err := a.State(); s != Ready {
			t.Fatalf("a: %s %v", s, err)
		}
		if s, err := b.State(); s != Unavailable || err == nil || err.Error() != `dependency "dead" is unavailable` {
			t.Fatalf("b: %s %v", s, err)
		}
	})
}

type errTest string

func (e errTest) Error() string { return string(e) }

func TestDependsOnCyclesAndUnknownAreRejected(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"backends":[{"id":"a","command":"x","dependsOn":["b"]},{"id":"b","command":"x","dependsOn":["a"]}]}`, "dependency cycle: a -> b -> a"},
		{`{"backends":[{"id":"a","command":"x","dependsOn":["nope"]}]}`, `unknown backend "nope"`},
		{`{"backends":[{"id":"a","command":"x","dependsOn":["a"]}]}`, "a backend cannot depend on itself"},
	} {
		_, err := schemas.Parse([]byte(tc.doc), "test.json", nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.doc, err, tc.want)
		}
	}
}

func TestReloadKeepsRestartsStopsStarts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		mf := &multiFake{fakes: map[string]*fakeServer{}}
		cfgs := []schemas.Backend{
			{ID: "same", Type: schemas.TypeStdio, Command: "x", Pointer: "/backends/0"},
			{ID: "changed", Type: schemas.TypeStdio, Command: "x"},
			{ID: "removed", Type: schemas.TypeStdio, Command: "x"},
		}
		m := NewManager(cfgs, &Options{Dial: mf.dial})
		defer m.Stop()
		m.Start()
		m.WaitReady(t.Context())
		same, _ := m.Get("same")
		oldChanged, _ := m.Get("changed")
		removed, _ := m.Get("removed")
		// Calls in flight on a changed and a removed backend.
		chChanged, _ := callAsync(t, oldChanged, "hang")
		chRemoved, _ := callAsync(t, removed, "hang")
		chSame, _ := callAsync(t, same, "hang")

		res := m.Reload([]schemas.Backend{
			{ID: "added", Type: schemas.TypeStdio, Command: "x"},
			{ID: "same", Type: schemas.TypeStdio, Command: "x", Pointer: "/backends/1"}, // moved in the file: still the same
			{ID: "changed", Type: schemas.TypeStdio, Command: "x", Args: []string{"-v"}},
		})
		want := ReloadResult{Added: []string{"added"}, Changed: []string{"changed"}, Removed: []string{"removed"}, Unchanged: []string{"same"}}
		if !slices.Equal(res.Added, want.Added) || !slices.Equal(res.Changed, want.Changed) || !slices.Equal(res.Removed, want.Removed) || !slices.Equal(res.Unchanged, want.Unchanged) {
			t.Fatalf("reload result %+v, want %+v", res, want)
		}
		wantError(t, <-chChanged, rpc.CodeBackendFailed, `backend "changed": stopped by the gateway`)
		wantError(t, <-chRemoved, rpc.CodeBackendFailed, `backend "removed": stopped by the gateway`)
		m.WaitReady(t.Context())
		var ids []string
		for _, b := range m.List() {
			ids = append(ids, b.ID())
			if s, _ := b.State(); s != Ready {
				t.Fatalf("%s is %s", b.ID(), s)
			}
		}
		if !slices.Equal(ids, []string{"added", "same", "changed"}) {
			t.Fatalf("backends after reload %v", ids)
		}
		if b, _ := m.Get("same"); b != same {
			t.Fatal("an unchanged backend was replaced")
		}
		if b, _ := m.Get("changed"); b == oldChanged || b.Config().Args[0] != "-v" {
			t.Fatal("a changed backend was not replaced")
		}
		if s, _ := removed.State(); s != Stopped {
			t.Fatalf("removed backend is %s", s)
		}
		// The unchanged backend's call is still pending and still answered
		// (once the fake has read it: the call was sent asynchronously).
		synctest.Wait()
		mf.fakes["same"].respond()
		if r := <-chSame; r.Error != nil {
			t.Fatalf("unchanged backend's call: %v", r.Error)
		}
		if n := mf.fakes["same"].numDials(); n != 1 {
			t.Fatalf("unchanged backend dialled %d times", n)
		}
		// Stopped managers start nothing on reload.
		m.Stop()
		m.Reload([]schemas.Backend{{ID: "late", Type: schemas.TypeStdio}})
		synctest.Wait()
		if late, _ := m.Get("late"); late.Info().State != Stopped {
			t.Fatal("reload after Stop started a backend")
		}
	})
}

func TestToolFilters(t *testing.T) {
	tool := func(name, ann string) *Tool { return &Tool{Name: name, Annotations: json.RawMessage(ann)} }
	tools := []*Tool{
		tool("read_file", `{"readOnlyHint":true}`),
		tool("write_file", `{"destructiveHint":false}`),
		tool("delete_file", `{"destructiveHint":true}`),
		tool("drop_table", `{"title":"Drop"}`), // destructive by the spec's default
		tool("list_dir", ``),                   // no annotations: not judged
		tool("git_push", `{"readOnlyHint":false}`),
	}
	for _, tc := range []struct {
		name   string
		filter *schemas.ToolFilter
		want   []string
	}{
		{"none", nil, []string{"delete_file", "drop_table", "git_push", "list_dir", "read_file", "write_file"}},
		{"allow glob", &schemas.ToolFilter{Allow: []string{"*_file"}}, []string{"delete_file", "read_file", "write_file"}},
		{"deny wins over allow", &schemas.ToolFilter{Allow: []string{"*_file"}, Deny: []string{"delete_*"}}, []string{"read_file", "write_file"}},
		{"deny ?", &schemas.ToolFilter{Deny: []string{"git_pus?", "list_dir"}}, []string{"delete_file", "drop_table", "read_file", "write_file"}},
		{"denyDestructive", &schemas.ToolFilter{DenyDestructive: true}, []string{"list_dir", "read_file", "write_file"}},
	} {
		b := newBackend(schemas.Backend{ID: "x", Tools: tc.filter}, &Options{})
		var got []string
		for _, tl := range tools {
			if b.allowed(tl) {
				got = append(got, tl.Name)
			}
		}
		sort.Strings(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestChildEnvIsMinimal(t *testing.T) {
	environ := []string{ParentEnv + "=1", "PATH=/bin", "HOME=/home/me", "OPENAI_API_KEY=sk-secret", "AWS_SECRET=x", "GITHUB_TOKEN=ghp_x", "MYAPP_A=1", "MYAPP_B=2", "LANG=C"}
	for _, tc := range []struct {
		name string
		cfg  schemas.Backend
		want []string
	}{
		{"base only", schemas.Backend{}, []string{"HOME=/home/me", "LANG=C", "PATH=/bin"}},
		{"inherit names and prefixes", schemas.Backend{InheritEnv: []string{"GITHUB_TOKEN", "MYAPP_*"}}, []string{"GITHUB_TOKEN=ghp_x", "HOME=/home/me", "LANG=C", "MYAPP_A=1", "MYAPP_B=2", "PATH=/bin"}},
		{"env overrides", schemas.Backend{Env: map[string]string{"PATH": "/opt/bin", "TOKEN": "t"}}, []string{"HOME=/home/me", "LANG=C", "PATH=/opt/bin", "TOKEN=t"}},
		{"marker never inherited or overridden", schemas.Backend{InheritEnv: []string{"MCP_*"}, Env: map[string]string{ParentEnv: "0"}}, []string{"HOME=/home/me", "LANG=C", "PATH=/bin"}},
		{"key only when asked", schemas.Backend{InheritEnv: []string{"OPENAI_API_KEY"}}, []string{"HOME=/home/me", "LANG=C", "OPENAI_API_KEY=sk-secret", "PATH=/bin"}},
	} {
		got := childEnv(environ, &tc.cfg)
		// Every child is marked as started by this gateway.
		marker := ParentEnv + "=" + strconv.Itoa(os.Getpid())
		if !slices.Contains(got, marker) {
			t.Errorf("%s: no %s in %v", tc.name, marker, got)
		}
		got = slices.DeleteFunc(got, func(kv string) bool { return kv == marker })
		sort.Strings(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestStderrFloodIsRateLimitedAndTruncated(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var in bytes.Buffer
		in.WriteString(strings.Repeat("y", 100<<10) + "\n") // one over-long line
		for i := range 100000 {
			in.WriteString("line ")
			in.WriteString(strings.Repeat("z", i%50))
			in.WriteByte('\n')
		}
		var out bytes.Buffer
		var tail stderrTail
		logStderr(&in, zerolog.New(&out), &tail) // returns: it never blocks on a flood
		if got := tail.lines(); len(got) != maxTailLines || got[maxTailLines-1] != "line "+strings.Repeat("z", 99999%50) || len(got[0]) > maxTailLine {
			t.Errorf("tail = %q, want the last %d lines", got, maxTailLines)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		// No time passes in the bubble: the burst of 200 lines, then one count of the rest.
		if len(lines) != 201 {
			t.Fatalf("%d log lines, want 201", len(lines))
		}
		var first, last struct {
			Message   string `json:"message"`
			Truncated bool   `json:"truncated"`
			Dropped   int    `json:"dropped"`
		}
		json.Unmarshal([]byte(lines[0]), &first)
		json.Unmarshal([]byte(lines[len(lines)-1]), &last)
		if !first.Truncated || len(first.Message) != maxLogLine {
			t.Fatalf("over-long line: truncated=%v, %d bytes", first.Truncated, len(first.Message))
		}
		if last.Dropped != 100001-200 {
			t.Fatalf("dropped %d, want %d", last.Dropped, 100001-200)
		}
	})
}

func TestStateErrorsAreRedacted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f := newFake()
		f.dialErr = func(int) error { return errTest("start: token=s3cr3t-value rejected") }
		redact := func(s string) string { return strings.ReplaceAll(s, "s3cr3t-value", "***") }
		m := NewManager([]schemas.Backend{{ID: "a", Type: schemas.TypeStdio, Restart: "never"}}, &Options{Dial: f.dial, Redact: redact})
		defer m.Stop()
		m.Start()
		b, _ := m.Get("a")
		b.WaitReady(t.Context())
		_, err := b.State()
		if err.Error() != "start: token=*** rejected" || b.Info().Error != "start: token=*** rejected" {
			t.Fatalf("state error %q, info %q", err, b.Info().Error)
		}
		var e errTest
		if !errorsAs(err, &e) {
			t.Fatal("the redacted error does not unwrap to the original")
		}
		if _, ferr := b.Forward("tools/call", nil, nil); ferr == nil || strings.Contains(ferr.Error(), "s3cr3t") {
			t.Fatalf("Forward error %v", ferr)
		}
	})
}
