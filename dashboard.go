package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/debugui"
	"github.com/mcp-agentify/mcp-agentify/gateway"
	"github.com/mcp-agentify/mcp-agentify/integrity"
	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
	"github.com/rs/zerolog"
)

// dashboard holds the running debug dashboard, if any, so that main can
// close it on exit.
var dashboard struct {
	mu  sync.Mutex
	srv *debugui.Server
}

// startDashboard starts the debug dashboard when a port is configured
// (debugPort, DEBUG_PORT, --debug-port, or the client's
// initializationOptions) and turns message tracing on.
func startDashboard(ctx context.Context, g *gateway.Gateway, cfg *schemas.Config, hub *telemetry.Hub, log zerolog.Logger, configPath string) {
	if cfg.DebugPort == nil {
		return
	}
	g.SetTracing(true)
	srv, err := debugui.Start(ctx, debugui.Options{
		Addr:   fmt.Sprintf("127.0.0.1:%d", *cfg.DebugPort),
		Token:  cfg.DebugToken,
		Hub:    hub,
		Source: dashSource{g: g, configPath: configPath},
		Runner: dashRunner{g},
		// Restarter revives a backend that gave up, from its row.
		Restarter: dashRestarter{g},
		// Integrity shows held-back tools, their diff, and approves them.
		Integrity: dashIntegrity{g},
		Logger:    log,
		Version:   shortVersion(),
	})
	if err != nil {
		log.Error().Err(err).Int("port", *cfg.DebugPort).Msg("debug dashboard not started")
		return
	}
	dashboard.mu.Lock()
	dashboard.srv = srv
	dashboard.mu.Unlock()
	// The page URL carries the token in its fragment: without a configured
	// debugToken it is random for this run, and this line is the only place
	// it is shown. A configured token is a registered secret, so it shows
	// masked here and the user types the one they chose.
	log.Info().Str("url", srv.PageURL()).Msgf("debug dashboard on %s", srv.PageURL())
}

func closeDashboard() {
	dashboard.mu.Lock()
	defer dashboard.mu.Unlock()
	if dashboard.srv != nil {
		dashboard.srv.Close()
		dashboard.srv = nil
	}
}

// dashSource gives the dashboard read-only views of the gateway.
type dashSource struct {
	g          *gateway.Gateway
	configPath string
}

func (d dashSource) Status() debugui.StatusView {
	client, protocol := d.g.Client()
	st := debugui.StatusView{StartedAt: d.g.StartedAt(), Protocol: protocol, Client: client, Planner: d.g.PlannerName(), ConfigPath: d.configPath}
	if cfg := d.g.Config(); cfg != nil {
		st.Expose = cfg.Expose
		if st.Expose == "" {
			st.Expose = "meta"
		}
		if cfg.Planner != nil {
			st.Model = cfg.Planner.Model
		}
	}
	starting := 0
	if mgr := d.g.Backends(); mgr != nil {
		for _, b := range mgr.List() {
			if b.Config().Disabled {
				continue // off by configuration: neither ready nor a problem
			}
			st.Backends++
			switch s, _ := b.State(); s {
			case backends.Ready:
				st.BackendsReady++
			case backends.Starting, backends.Restarting:
				starting++
			}
		}
		st.Ready = st.Backends > 0 && st.BackendsReady == st.Backends
	}
	switch {
	case st.Ready:
		st.State = "ready"
	case st.BackendsReady > 0:
		st.State = "degraded" // some serve: yellow, not red
	case starting > 0:
		st.State = "starting"
	default:
		st.State = "not ready"
	}
	st.Tools = d.g.Catalog().Len()
	return st
}

func (d dashSource) Backends() []debugui.BackendView {
	out := []debugui.BackendView{}
	mgr := d.g.Backends()
	if mgr == nil {
		return out
	}
	for _, b := range mgr.List() {
		in := b.Info()
		cfg := b.Config()
		target := cfg.URL
		if cfg.Type == schemas.TypeStdio {
			target = strings.TrimSpace(cfg.Command + " " + strings.Join(cfg.Args, " "))
		}
		var si struct{ Name, Version string }
		_ = json.Unmarshal(in.ServerInfo, &si)
		state, lastErr := string(in.State), in.Error
		if in.Skipped != "" {
			state, lastErr = "skipped", in.Skipped
		}
		out = append(out, debugui.BackendView{
			ID: in.ID, Type: in.Type, State: state, Target: target, PID: in.PID,
			Tools: len(in.Tools), Restarts: in.Restarts, Since: in.Since, LastError: lastErr,
			Server:     strings.TrimSpace(si.Name + " " + si.Version),
			StderrTail: in.StderrTail,
		})
	}
	return out
}

func (d dashSource) Tools() []debugui.ToolView {
	cat := d.g.Catalog()
	out := make([]debugui.ToolView, 0, cat.Len())
	for _, t := range cat.Tools {
		out = append(out, debugui.ToolView{Name: t.QualifiedName(), Backend: t.Backend, Tool: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema})
	}
	return out
}

func (d dashSource) Config() json.RawMessage {
	if cfg := d.g.Config(); cfg != nil {
		b, err := json.Marshal(cfg.Masked())
		if err == nil {
			return b
		}
	}
	return nil
}

// dashRestarter restarts backends for the dashboard's restart button.
type dashRestarter struct{ g *gateway.Gateway }

func (r dashRestarter) RestartBackend(id string) error {
	mgr := r.g.Backends()
	if mgr == nil {
		return fmt.Errorf("restart %q: %w", id, debugui.ErrUnknownBackend)
	}
	if err := mgr.Restart(id); err != nil {
		if errors.Is(err, backends.ErrNoBackend) {
			return fmt.Errorf("restart %q: %w", id, debugui.ErrUnknownBackend)
		}
		return err
	}
	return nil
}

// dashRunner runs the dashboard console's tasks through the real pipeline.
type dashRunner struct{ g *gateway.Gateway }

func (r dashRunner) RunTask(ctx context.Context, query string, dryRun bool) (any, error) {
	out, err := r.g.Orchestrate(ctx, planner.Task{Query: query}, dryRun)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// dashIntegrity gives the dashboard the tool integrity states of the
// running backends, and the pin file's diffs and approvals (the same as
// `tools diff` and `tools approve`; the running gateway picks approvals up
// through its pin-file watch).
type dashIntegrity struct{ g *gateway.Gateway }

func (d dashIntegrity) States() any {
	type row struct {
		Backend string `json:"backend"`
		backends.IntegrityStatus
	}
	out := []row{}
	if mgr := d.g.Backends(); mgr != nil {
		for _, b := range mgr.List() {
			for _, st := range b.Integrity() {
				out = append(out, row{b.ID(), st})
			}
		}
	}
	return out
}

func (d dashIntegrity) store() (*integrity.Store, error) {
	path, err := integrity.DefaultPath()
	if err != nil {
		return nil, err
	}
	return &integrity.Store{Path: path}, nil
}

func (d dashIntegrity) Diff(name string) (string, error) {
	st, err := d.store()
	if err != nil {
		return "", err
	}
	var out, errOut strings.Builder
	if toolsDiff(st, []string{name}, &out, &errOut) != exitOK {
		return "", errors.New(strings.TrimSpace(strings.TrimPrefix(errOut.String(), "mcp-agentify tools diff: ")))
	}
	return out.String(), nil
}

func (d dashIntegrity) Approve(name string) ([]string, error) {
	st, err := d.store()
	if err != nil {
		return nil, err
	}
	var out, errOut strings.Builder
	if toolsApprove(st, []string{name}, &out, &errOut) != exitOK {
		return nil, errors.New(strings.TrimSpace(strings.TrimPrefix(errOut.String(), "mcp-agentify tools approve: ")))
	}
	return strings.Split(strings.TrimSpace(out.String()), "\n"), nil
}
