package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// Confirmation before orchestrate_task runs a tool.
//
// A client that calls orchestrate_task approves a task in plain language,
// not the tool the planner picks for it: "clean up the old branch" may
// become a delete. MCP lets a server ask its client's user through
// elicitation (a form with one yes/no field), and MCP tool annotations let
// a backend say that a tool is destructive. planner.confirm chooses when
// the gateway asks:
//
//   - "destructive" (the default): for tools annotated destructiveHint:
//     true (and not readOnlyHint: true). A client that cannot be asked (no
//     form elicitation declared, a stateless HTTP request) gets today's
//     behaviour: the call runs, as the client approved orchestrate_task.
//   - "all": for every tool; a client that cannot be asked gets the plan
//     unexecuted, with the reason.
//   - "never": no question.
//
// Calls made with call_tool or a backend tool directly are the client's own
// choice and are never asked about. Intermediate steps of multi-step plans
// are asked about like the final call; a declined step ends the plan
// unexecuted. An orchestration with no client behind it (the ask command)
// asks a [Confirmer] in its context instead, when it has one.

// Values of planner.confirm.
const (
	confirmDestructive = "destructive"
	confirmAll         = "all"
	confirmNever       = "never"
)

// errDeclined is why a plan did not run: the user said no, or could not be
// asked when the configuration requires it.
type errDeclined struct{ reason string }

func (e *errDeclined) Error() string { return e.reason }

// A Confirmer asks a person whether a call may run, for orchestrations
// with no MCP client to ask (the ask command at a terminal). question is
// the text to show; the answer is yes or no.
type Confirmer func(ctx context.Context, question string) (bool, error)

type confirmerKey struct{}

// WithConfirmer returns a context under which [Gateway.Orchestrate] asks c,
// instead of a client, whenever planner.confirm calls for a question.
func WithConfirmer(ctx context.Context, c Confirmer) context.Context {
	return context.WithValue(ctx, confirmerKey{}, c)
}

// confirmKey marks an orchestration's context; its value, a
// *confirmState, records a multi-step plan's declined step.
type confirmKey struct{}

type confirmState struct{ declined string }

// confirmPolicy returns planner.confirm, defaulted.
func (g *Gateway) confirmPolicy() string {
	if cfg := g.Config(); cfg != nil && cfg.Planner != nil && cfg.Planner.Confirm != "" {
		return cfg.Planner.Confirm
	}
	return confirmDestructive
}

// destructive reports whether the backend says that tool t may destroy
// data: destructiveHint true and readOnlyHint not true. A tool without
// annotations is not counted: the specification's default (destructive
// unless read-only) would ask about nearly every tool of most servers,
// which teaches users to click yes.
func destructive(t *planner.Tool) bool {
	a := t.Annotations
	return a != nil && a.DestructiveHint != nil && *a.DestructiveHint && !(a.ReadOnlyHint != nil && *a.ReadOnlyHint)
}

// confirmRun asks the client whose request ctx serves whether plan p may
// run, when planner.confirm says to. It returns nil when the call may run
// and an *errDeclined when it may not; ctx's error when the request was
// cancelled while the question was open.
func (g *Gateway) confirmRun(ctx context.Context, p *planner.Plan) error {
	policy := g.confirmPolicy()
	if policy == confirmNever {
		return nil
	}
	name := p.BackendID + planner.Separator + p.Tool
	t, ok := g.Catalog().Lookup(name)
	isDestructive := ok && destructive(t)
	if policy != confirmAll && !isDestructive {
		return nil
	}
	c, _ := ctx.Value(confirmerKey{}).(Confirmer)
	s, _ := ctx.Value(sessionKey{}).(*session)
	if c == nil && (s == nil || !s.elicitsForm()) {
		switch {
		case policy != confirmAll:
		case s != nil:
			return &errDeclined{reason: `not run: planner.confirm is "all" and the client cannot be asked (it declared no form elicitation)`}
		default: // no client: the dashboard's console, ask without a terminal
			return &errDeclined{reason: `not run: planner.confirm is "all" and no one can be asked here (no MCP client, no terminal)`}
		}
		return nil
	}
	// The arguments as the call will send them (not re-encoded: a long
	// number must read as it will run), shortened for the dialog.
	args := strings.TrimSpace(string(p.Arguments))
	if args == "" {
		args = "{}"
	}
	if len(args) > 2000 {
		args = strings.ToValidUTF8(args[:2000], "") + "…"
	}
	msg := fmt.Sprintf("orchestrate_task is about to call %s with arguments %s.", name, args)
	if isDestructive {
		msg += " Its server marks this tool as destructive."
	}
	msg += " Run it?"
	if c != nil {
		yes, err := c(ctx, msg)
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case err != nil:
			return &errDeclined{reason: "not run: could not ask: " + err.Error()}
		case !yes:
			return &errDeclined{reason: "not run: the user declined it"}
		}
		return nil
	}
	params, _ := json.Marshal(confirmRequest(s.protocolVersion(), msg, name))
	res, err := s.conn.Call(ctx, "elicitation/create", params)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		var re *rpc.Error
		if errors.As(err, &re) {
			return &errDeclined{reason: "not run: the client could not confirm it: " + re.Message}
		}
		return &errDeclined{reason: "not run: the client could not confirm it: " + err.Error()}
	}
	var r struct {
		Action  string `json:"action"`
		Content struct {
			Confirm *bool `json:"confirm"`
		} `json:"content"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return &errDeclined{reason: "not run: the client's answer to the confirmation is not an elicitation result"}
	}
	switch {
	case r.Action == "accept" && r.Content.Confirm != nil && *r.Content.Confirm:
		return nil
	case r.Action == "accept":
		return &errDeclined{reason: "not run: the user did not confirm it"}
	case r.Action == "decline":
		return &errDeclined{reason: "not run: the user declined it"}
	case r.Action == "cancel":
		return &errDeclined{reason: "not run: the user dismissed the confirmation"}
	}
	return &errDeclined{reason: fmt.Sprintf("not run: the client answered the confirmation with action %q", r.Action)}
}

// confirmRequest is the elicitation/create params of the question: one
// required boolean, default false. "mode" exists from protocol 2025-11-25
// on; older clients get the form without it.
func confirmRequest(version, msg, name string) map[string]any {
	p := map[string]any{
		"message": msg,
		"requestedSchema": map[string]any{
			"type": "object",
			"properties": map[string]any{
				"confirm": map[string]any{
					"type":        "boolean",
					"title":       "Run " + name,
					"description": "Yes runs the call; no leaves it unrun.",
					"default":     false,
				},
			},
			"required": []string{"confirm"},
		},
	}
	if version >= "2025-11-25" {
		p["mode"] = "form"
	}
	return p
}

// elicitsForm reports whether the client declared form-mode elicitation:
// "elicitation": {} (form only, as before 2025-11-25) or with "form".
func (s *session) elicitsForm() bool {
	s.mu.Lock()
	raw := s.clientCaps["elicitation"]
	s.mu.Unlock()
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil || m == nil { // absent, null or not an object
		return false
	}
	return len(m) == 0 || declared(raw, "form")
}

// protocolVersion is the version negotiated at initialize.
func (s *session) protocolVersion() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version
}
