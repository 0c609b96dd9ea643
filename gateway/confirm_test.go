package gateway

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

const deleteTask = `{"name":"orchestrate_task","arguments":{"query":"delete the file /tmp/agentify-confirm.txt"}}`

// orchestrateAsync sends an orchestrate_task call and returns a function
// that waits for its result's text.
func orchestrateAsync(c *ide, id, params string) func() string {
	c.send(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":` + params + `}`)
	return func() string {
		c.t.Helper()
		m, _ := c.waitFor("the response to "+id, 0, func(m *rpc.Message) bool { return m.IsResponse() && string(m.ID) == id })
		if m.Error != nil {
			c.t.Fatalf("orchestrate_task: %v", m.Error)
		}
		var r struct {
			Content []struct{ Text string } `json:"content"`
		}
		json.Unmarshal(m.Result, &r)
		if len(r.Content) == 0 {
			c.t.Fatalf("orchestrate_task result without content: %s", m.Result)
		}
		return r.Content[0].Text
	}
}

// TestConfirmDestructive: orchestrate_task asks the client, through form
// elicitation, before it runs a tool its backend marks destructive, and
// runs it only on a yes.
func TestConfirmDestructive(t *testing.T) {
	for _, tc := range []struct {
		name, answer string
		runs         bool
		says         string
	}{
		{"yes", `{"action":"accept","content":{"confirm":true}}`, true, "not deleting /tmp/agentify-confirm.txt"},
		{"no in the form", `{"action":"accept","content":{"confirm":false}}`, false, "Not run: the user did not confirm it"},
		{"decline", `{"action":"decline"}`, false, "Not run: the user declined it"},
		{"cancel", `{"action":"cancel"}`, false, "Not run: the user dismissed the confirmation"},
		{"not a result", `{"action":7}`, false, "Not run: the client's answer to the confirmation is not an elicitation result"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := startSession(t, tbConfig(t, "tb"))
			c.initializeWith(`{"elicitation":{"form":{}}}`)
			c.waitBackend("tb")
			wait := orchestrateAsync(c, `"o"`, deleteTask)
			req, _ := c.waitFor("the confirmation", 0, func(m *rpc.Message) bool { return m.IsRequest() && m.Method == "elicitation/create" })
			var p struct {
				Mode, Message   string
				RequestedSchema struct {
					Properties map[string]struct {
						Type    string
						Default *bool
					}
					Required []string
				}
			}
			json.Unmarshal(req.Params, &p)
			prop := p.RequestedSchema.Properties["confirm"]
			if p.Mode != "form" || !strings.Contains(p.Message, "tb__delete_file") || !strings.Contains(p.Message, "/tmp/agentify-confirm.txt") ||
				!strings.Contains(p.Message, "destructive") || prop.Type != "boolean" || prop.Default == nil || *prop.Default || len(p.RequestedSchema.Required) != 1 {
				t.Errorf("elicitation params %s", req.Params)
			}
			c.send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":` + tc.answer + `}`)
			txt := wait()
			if ran := strings.Contains(txt, "not deleting"); ran != tc.runs || !strings.Contains(txt, tc.says) {
				t.Errorf("answer %s: result %q, want it to contain %q (ran %v)", tc.answer, txt, tc.says, tc.runs)
			}
			if !tc.runs && !strings.Contains(txt, `call tb__delete_file with arguments {"path":"/tmp/agentify-confirm.txt"}`) {
				t.Errorf("a declined plan is shown: %q", txt)
			}
		})
	}
}

// TestConfirmErrorNotRun: an error answer to the confirmation leaves the
// call unrun and says why.
func TestConfirmErrorNotRun(t *testing.T) {
	c := startSession(t, tbConfig(t, "tb"))
	c.initializeWith(`{"elicitation":{}}`) // {}: form only, as before 2025-11-25
	c.waitBackend("tb")
	wait := orchestrateAsync(c, `"o"`, deleteTask)
	req, _ := c.waitFor("the confirmation", 0, func(m *rpc.Message) bool { return m.IsRequest() && m.Method == "elicitation/create" })
	c.send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"error":{"code":-32603,"message":"no UI"}}`)
	if txt := wait(); strings.Contains(txt, "not deleting") || !strings.Contains(txt, "Not run: the client could not confirm it: no UI") {
		t.Errorf("result %q", txt)
	}
}

// TestConfirmPolicies: what is asked and what runs without a question,
// by planner.confirm and the client's capabilities.
func TestConfirmPolicies(t *testing.T) {
	for _, tc := range []struct {
		name, policy, caps, task string
		says                     string
	}{
		// A read-only tool is not asked about by default.
		{"default, not destructive", "", `{"elicitation":{"form":{}}}`, `{"name":"orchestrate_task","arguments":{"query":"echo the text \"hi there\""}}`, "hi there"},
		// A client that cannot be asked keeps the behaviour it had.
		{"default, no elicitation", "", `{}`, deleteTask, "not deleting"},
		{"default, URL elicitation only", "", `{"elicitation":{"url":{}}}`, deleteTask, "not deleting"},
		{"never", "never", `{"elicitation":{"form":{}}}`, deleteTask, "not deleting"},
		{"all, no elicitation", "all", `{}`, `{"name":"orchestrate_task","arguments":{"query":"echo the text \"hi there\""}}`, `Not run: planner.confirm is "all" and the client cannot be asked`},
		// A dry run never asks and never runs.
		{"dry run", "all", `{"elicitation":{"form":{}}}`, `{"name":"orchestrate_task","arguments":{"query":"delete the file /tmp/agentify-confirm.txt","dryRun":true}}`, "Plan (dry run, not executed): call tb__delete_file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tbConfig(t, "tb")
			cfg.Planner = &schemas.PlannerConfig{Confirm: tc.policy}
			c := startSession(t, cfg)
			c.initializeWith(tc.caps)
			c.waitBackend("tb")
			txt := orchestrateAsync(c, `"o"`, tc.task)()
			if !strings.Contains(txt, tc.says) {
				t.Errorf("result %q, want it to contain %q", txt, tc.says)
			}
			for _, m := range c.all() {
				if m.IsRequest() && m.Method == "elicitation/create" {
					t.Errorf("asked: %s", m.Params)
				}
			}
		})
	}
	// "all" asks even for a read-only tool.
	cfg := tbConfig(t, "tb")
	cfg.Planner = &schemas.PlannerConfig{Confirm: "all"}
	c := startSession(t, cfg)
	c.initializeWith(`{"elicitation":{"form":{}}}`)
	c.waitBackend("tb")
	wait := orchestrateAsync(c, `"o"`, `{"name":"orchestrate_task","arguments":{"query":"echo the text \"hi there\""}}`)
	req, _ := c.waitFor("the confirmation", 0, func(m *rpc.Message) bool { return m.IsRequest() && m.Method == "elicitation/create" })
	if strings.Contains(string(req.Params), "destructive") {
		t.Errorf("a read-only tool called destructive: %s", req.Params)
	}
	c.send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"action":"accept","content":{"confirm":true}}}`)
	if txt := wait(); txt != "hi there" {
		t.Errorf("confirmed echo: %q", txt)
	}
}

// TestConfirmCancelled: the client cancels orchestrate_task while the
// question is open: nothing runs and no response is sent.
func TestConfirmCancelled(t *testing.T) {
	c := startSession(t, tbConfig(t, "tb"))
	c.initializeWith(`{"elicitation":{"form":{}}}`)
	c.waitBackend("tb")
	c.send(`{"jsonrpc":"2.0","id":"o","method":"tools/call","params":` + deleteTask + `}`)
	req, _ := c.waitFor("the confirmation", 0, func(m *rpc.Message) bool { return m.IsRequest() && m.Method == "elicitation/create" })
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"o"}}`)
	// The gateway withdraws its own question.
	c.waitFor("the question's cancellation", 0, func(m *rpc.Message) bool {
		return m.Method == "notifications/cancelled" && strings.Contains(string(m.Params), string(req.ID))
	})
	// A late yes must not run the call.
	c.send(`{"jsonrpc":"2.0","id":` + string(req.ID) + `,"result":{"action":"accept","content":{"confirm":true}}}`)
	if m := c.request(`"after"`, "ping", ""); m.Error != nil {
		t.Fatal(m.Error)
	}
	for _, m := range c.all() {
		if m.IsResponse() && string(m.ID) == `"o"` {
			t.Errorf("a cancelled orchestrate_task answered: %s", m.Result)
		}
	}
}

// TestConfirmWithConfirmer: an orchestration with no client behind it (the
// ask command) asks the Confirmer in its context, and runs the call only
// on a yes; a read-only tool is not asked about.
func TestConfirmWithConfirmer(t *testing.T) {
	g := New(Options{Config: tbConfig(t, "tb"), Version: "test", Logger: zerolog.New(&logBuffer{})})
	if err := g.Start(t.Context(), Client{}); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	var asked []string
	task := planner.Task{Query: "delete the file /tmp/agentify-confirm.txt"}
	for _, yes := range []bool{false, true} {
		ctx := WithConfirmer(t.Context(), func(_ context.Context, q string) (bool, error) {
			asked = append(asked, q)
			return yes, nil
		})
		out, err := g.Orchestrate(ctx, task, false)
		if err != nil {
			t.Fatal(err)
		}
		txt := string(out.ToolResult(0))
		if out.Executed != yes || yes != strings.Contains(txt, "not deleting") || !yes && out.Declined != "not run: the user declined it" {
			t.Errorf("answer %v: executed %v, declined %q, result %s", yes, out.Executed, out.Declined, txt)
		}
	}
	if len(asked) != 2 || !strings.Contains(asked[0], "tb__delete_file") || !strings.Contains(asked[0], "Run it?") {
		t.Errorf("questions %q", asked)
	}
	ctx := WithConfirmer(t.Context(), func(context.Context, string) (bool, error) {
		t.Error("asked about a read-only tool")
		return false, nil
	})
	if out, err := g.Orchestrate(ctx, planner.Task{Query: `echo the text "hi"`}, false); err != nil || !out.Executed {
		t.Errorf("echo: %+v %v", out, err)
	}
}

// TestConfirmAllWithoutAnyone: under "all", an orchestration with neither
// a client nor a Confirmer (the dashboard's console) runs nothing.
func TestConfirmAllWithoutAnyone(t *testing.T) {
	cfg := tbConfig(t, "tb")
	cfg.Planner = &schemas.PlannerConfig{Confirm: "all"}
	g := New(Options{Config: cfg, Version: "test", Logger: zerolog.New(&logBuffer{})})
	if err := g.Start(t.Context(), Client{}); err != nil {
		t.Fatal(err)
	}
	defer g.Stop()
	out, err := g.Orchestrate(t.Context(), planner.Task{Query: `echo the text "hi"`}, false)
	if err != nil {
		t.Fatal(err)
	}
	if out.Executed || !strings.Contains(out.Declined, "no one can be asked here") {
		t.Errorf("executed %v, declined %q", out.Executed, out.Declined)
	}
}

// TestElicitsForm: which elicitation capabilities can be asked a form.
func TestElicitsForm(t *testing.T) {
	for caps, want := range map[string]bool{
		`{}`: false, `{"elicitation":null}`: false, `{"elicitation":{}}`: true, `{"elicitation":{"form":{}}}`: true,
		`{"elicitation":{"url":{}}}`: false, `{"elicitation":{"form":{},"url":{}}}`: true, `{"elicitation":{"form":null}}`: false, `{"elicitation":7}`: false,
	} {
		var c map[string]json.RawMessage
		json.Unmarshal([]byte(caps), &c)
		s := &session{clientCaps: c}
		if got := s.elicitsForm(); got != want {
			t.Errorf("%s: %v, want %v", caps, got, want)
		}
	}
}
