// Package gateway is the MCP server the IDE talks to: the handshake, the
// gateway's own tools (orchestrate_task, search_tools, call_tool) and method
// (agentify/orchestrateTask), and the routing of requests to backends with
// their ids, progress tokens and cancellations remapped.
package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
	"github.com/rs/zerolog"
)

// Options configure a [Gateway]. Only Config is required in practice; the
// zero value of every other field is documented.
type Options struct {
	// Config is the loaded configuration file; nil means an empty one.
	Config *schemas.Config
	// Overrides (environment, then flags) are applied over the file and the
	// client's initializationOptions.
	Overrides schemas.Overrides
	// LoadOptions resolve ${VAR} in initializationOptions; nil: the process environment.
	LoadOptions *schemas.LoadOptions
	// Logger receives the gateway's logs; the zero Logger discards them.
	Logger zerolog.Logger
	// Version is reported in serverInfo and to backends.
	Version string
	// Environ is what backend children inherit from (filtered); nil: os.Environ().
	Environ []string
	// Hub, if set, receives traces, planner decisions and call metrics.
	Hub *telemetry.Hub
	// HTTPClient is used by the OpenAI planner; nil: http.DefaultClient.
	HTTPClient *http.Client
	// OnConfigured is called once, with the effective configuration, when
	// the gateway has merged the client's initializationOptions.
	OnConfigured func(g *Gateway, cfg *schemas.Config)
	// ConfigError, if set, is why the configuration file could not be used; the gateway serves with no backends and explains it in its tools' results until a reload succeeds.
	ConfigError error
}

// Gateway owns the effective configuration, the backends, the tool catalog
// and the planner. A [Session] serves it to an IDE; the CLI's ask and check
// drive it directly. It is safe for concurrent use.
type Gateway struct {
	opts Options
	log  zerolog.Logger

	mu          sync.Mutex
	cfg         *schemas.Config   // guarded by mu; effective configuration
	mgr         *backends.Manager // guarded by mu; nil until Configure
	catalog     *planner.Catalog  // guarded by mu
	catalogGen  uint64            // guarded by mu; the backends' generation the catalog reflects
	planner     planner.Planner   // guarded by mu
	plannerName string            // guarded by mu
	sampler     Sampler           // guarded by mu; the IDE's model, nil if it offers none
	onChange    func()            // guarded by mu; the session's list-change hook
	started     bool              // guarded by mu
	initOptions json.RawMessage   // guarded by mu; the client's, kept for reloads
	client      string            // guarded by mu; the IDE's "name version"
	protocol    string            // guarded by mu; negotiated protocol version
	startedAt   time.Time
	indexTimer  *time.Timer          // guarded by mu; builds the next catalog's index
	prespawned  *backends.Prespawned // guarded by mu; processes started before the client connected
	stopped     bool                 // guarded by mu

	configured chan struct{} // closed by Configure
	startedCh  chan struct{} // closed by Start
	tracing    atomic.Bool   // publish every message on the hub's trace bus
}

// SetTracing turns the recording of every MCP message on the hub's trace
// bus on or off (the dashboard turns it on). Off, the forwarding path pays
// one atomic load per message.
func (g *Gateway) SetTracing(on bool) { g.tracing.Store(on && g.opts.Hub != nil) }

func (g *Gateway) trace(dir telemetry.Dir, backend string, m *rpc.Message, size int) {
	if g.tracing.Load() {
		publishTrace(g.opts.Hub, dir, backend, m, size)
	}
}

// New returns a gateway; nothing starts until [Gateway.Configure] and [Gateway.Start].
func New(opts Options) *Gateway {
	if opts.Config == nil {
		opts.Config = &schemas.Config{}
	}
	return &Gateway{opts: opts, log: opts.Logger, configured: make(chan struct{}), startedCh: make(chan struct{}), startedAt: time.Now()}
}

// Client returns the connected IDE ("name version") and the negotiated
// protocol version, empty before initialize.
func (g *Gateway) Client() (client, protocol string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.client, g.protocol
}

// StartedAt is when the gateway was created.
func (g *Gateway) StartedAt() time.Time { return g.startedAt }

func (g *Gateway) setClient(client, protocol string) {
	g.mu.Lock()
	g.client, g.protocol = client, protocol
	g.mu.Unlock()
}

// Configure merges the client's initializationOptions (may be nil) and the
// overrides over the file configuration, and prepares the backends. It must
// be called once, before Start.
func (g *Gateway) Configure(initOptions json.RawMessage) error {
	g.mu.Lock()
	cfg := g.opts.Config.Clone() // Reload may replace opts.Config until configured
	g.mu.Unlock()
	if err := cfg.MergeInitOptions(initOptions, g.opts.LoadOptions); err != nil {
		return err
	}
	cfg.Apply(g.opts.Overrides)
	if g.opts.Hub != nil {
		g.opts.Hub.Redactor.Add(secretsOf(cfg)...)
	}
	bopts := &backends.Options{
		Logger:          g.log,
		ClientName:      "mcp-agentify",
		ClientVersion:   g.opts.Version,
		Environ:         g.opts.Environ,
		StartupTimeout:  cfg.StartupTimeout.D(0),
		CallTimeout:     cfg.CallTimeout.D(0),
		MaxMessageBytes: cfg.MaxMessageBytes,
		OnChange:        func(*backends.Backend) { g.changed() },
	}
	g.mu.Lock()
	bopts.Prespawned = g.prespawned
	g.mu.Unlock()
	if g.opts.Hub != nil {
		bopts.Redact = g.opts.Hub.Redactor.RedactString
	}
	if g.opts.Hub != nil {
		bopts.OnTrace = func(b *backends.Backend, out bool, m *rpc.Message, size int) {
			dir := telemetry.DirBackendToGateway
			if out {
				dir = telemetry.DirGatewayToBackend
			}
			g.trace(dir, b.ID(), m, size)
		}
	}
	g.mu.Lock()
	g.cfg = cfg
	g.initOptions = initOptions
	g.mgr = backends.NewManager(cfg.Backends, bopts)
	g.mu.Unlock()
	close(g.configured)
	if g.opts.OnConfigured != nil {
		g.opts.OnConfigured(g, cfg)
	}
	return nil
}

// Config returns the effective configuration (nil before Configure).
func (g *Gateway) Config() *schemas.Config {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.cfg
}

// Backends returns the backend manager (nil before Configure).
func (g *Gateway) Backends() *backends.Manager {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.mgr
}

// Start starts the backends without waiting for them. ideCaps are the
// IDE's client capabilities: roots, sampling and elicitation are mirrored
// into each backend's initialize. sampler (may be nil) lets the planner use
// the IDE's model.
func (g *Gateway) Start(ideCaps json.RawMessage, backendMessages func(*backends.Backend, *rpc.Conn, *rpc.Message), sampler Sampler) {
	g.mu.Lock()
	if g.started || g.mgr == nil {
		g.mu.Unlock()
		return
	}
	g.started = true
	close(g.startedCh)
	mgr := g.mgr
	opts := mgr.Options()
	opts.Capabilities = mirrorCapabilities(ideCaps)
	opts.OnMessage = backendMessages
	g.sampler = sampler
	g.planner, g.plannerName = g.newPlanner(g.cfg, sampler)
	g.mu.Unlock()
	g.log.Info().Str("planner", g.plannerName).Int("backends", len(mgr.List())).Msg("starting backends")
	mgr.Start()
}

// Stop stops every backend and waits for them.
func (g *Gateway) Stop() {
	if mgr := g.Backends(); mgr != nil {
		mgr.Stop()
	}
	g.mu.Lock()
	g.stopped = true
	if g.indexTimer != nil {
		g.indexTimer.Stop()
	}
	pre := g.prespawned
	g.mu.Unlock()
	pre.Close()
}

// Prespawn starts the processes of the configuration file's stdio backends
// now, before a client connects: process start-up (node, python, npx) then
// overlaps the client's handshake, while the MCP handshake with each backend
// still waits for the client's capabilities. Processes whose configuration
// the client's initializationOptions change are stopped at Start. Call it
// once, before Configure.
func (g *Gateway) Prespawn() {
	pre := backends.Prespawn(g.opts.Config.Backends, g.opts.Environ, g.opts.Config.MaxMessageBytes, g.log)
	g.mu.Lock()
	g.prespawned = pre
	g.mu.Unlock()
}

// indexDelay is how long backend changes must settle before the catalog's
// index is built in the background.
const indexDelay = 100 * time.Millisecond

// warmIndex runs on the index timer's goroutine, which it owns until it
// returns: it builds the current catalog's index unless the gateway stopped.
func (g *Gateway) warmIndex() {
	g.mu.Lock()
	stopped := g.stopped
	g.mu.Unlock()
	if !stopped {
		g.Catalog().Index()
	}
}

// mirrorCapabilities keeps the client capabilities a backend may use
// through the gateway: roots, sampling and elicitation.
func mirrorCapabilities(ide json.RawMessage) json.RawMessage {
	var in map[string]json.RawMessage
	_ = json.Unmarshal(ide, &in)
	out := map[string]json.RawMessage{}
	for _, k := range []string{"roots", "sampling", "elicitation"} {
		if v, ok := in[k]; ok && string(v) != "null" {
			out[k] = v
		}
	}
	b, _ := json.Marshal(out)
	return b
}

func (g *Gateway) changed() {
	g.mu.Lock()
	f := g.onChange
	// Build the new catalog's search index ahead of the first search (it
	// takes about 0.15 s per 1,000 tools), once the changes settle.
	if g.indexTimer == nil {
		g.indexTimer = time.AfterFunc(indexDelay, g.warmIndex)
	} else {
		g.indexTimer.Reset(indexDelay)
	}
	g.mu.Unlock()
	if f != nil {
		f()
	}
}

// Catalog returns the current tool catalog of ready backends, rebuilt only
// after a backend's state or lists changed.
func (g *Gateway) Catalog() *planner.Catalog {
	g.mu.Lock()
	defer g.mu.Unlock()
	var gen uint64
	if g.mgr != nil {
		// Read before building: a change during the build makes the next
		// call build again.
		gen = g.mgr.Generation()
	}
	if g.catalog != nil && gen == g.catalogGen {
		return g.catalog
	}
	var tools []planner.Tool
	if g.mgr != nil {
		for _, b := range g.mgr.List() {
			for _, t := range b.Tools() {
				pt := planner.Tool{Backend: b.ID(), Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema}
				if len(t.Annotations) > 0 {
					var a planner.Annotations
					if json.Unmarshal(t.Annotations, &a) == nil {
						pt.Annotations = &a
					}
				}
				if pt.Title == "" && pt.Annotations != nil {
					pt.Title = pt.Annotations.Title
				}
				tools = append(tools, pt)
			}
		}
	}
	g.catalog = planner.NewCatalog(tools)
	g.catalogGen = gen
	return g.catalog
}

// PlannerName names the planner in use ("" before Start).
func (g *Gateway) PlannerName() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.plannerName
}

// WaitReady waits until no backend is starting, bounded by the configured
// readyTimeout (default 10s) and ctx.
func (g *Gateway) WaitReady(ctx context.Context) {
	mgr := g.Backends()
	if mgr == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, g.Config().ReadyTimeout.D(10*time.Second))
	defer cancel()
	// The session answers initialize before it starts the backends: a
	// request right behind initialize must not find them not yet started.
	select {
	case <-g.startedCh:
	case <-ctx.Done():
		return
	}
	mgr.WaitReady(ctx)
}

// ToolError is a tool-level failure: the IDE gets an isError result
// carrying Message, not a protocol error.
type ToolError struct{ Message string }

func (e *ToolError) Error() string { return e.Message }

// Resolve finds the backend and tool for a qualified name
// ("backend__tool", or the alias "backend.tool").
func (g *Gateway) Resolve(name string) (*backends.Backend, *planner.Tool, *planner.Catalog, error) {
	cat := g.Catalog()
	t, ok := cat.Lookup(name)
	if !ok {
		return nil, nil, cat, g.unknownTool(name)
	}
	b, ok := g.Backends().Get(t.Backend)
	if !ok {
		return nil, nil, cat, &ToolError{Message: fmt.Sprintf("unknown backend %q", t.Backend)}
	}
	return b, t, cat, nil
}

// unknownTool explains why a name did not resolve: no such backend, a
// backend that is not ready, or no such tool on it.
func (g *Gateway) unknownTool(name string) error {
	bid, tool, ok := splitQualified(name)
	if !ok {
		return &ToolError{Message: fmt.Sprintf("unknown tool %q: use a qualified name \"backend__tool\" (see search_tools)", name)}
	}
	mgr := g.Backends()
	if mgr == nil {
		return &ToolError{Message: "the gateway is not initialized yet"}
	}
	b, ok := mgr.Get(bid)
	if !ok {
		return &ToolError{Message: fmt.Sprintf("unknown backend %q in tool name %q", bid, name)}
	}
	if st, err := b.State(); st != backends.Ready {
		msg := fmt.Sprintf("backend %q is %s", bid, st)
		if err != nil {
			msg += ": " + err.Error()
		}
		return &ToolError{Message: msg}
	}
	return &ToolError{Message: fmt.Sprintf("backend %q has no tool %q", bid, tool)}
}

// splitQualified splits "backend__tool" or "backend.tool".
func splitQualified(name string) (backend, tool string, ok bool) {
	for i := 0; i+1 < len(name); i++ {
		if name[i] == '_' && name[i+1] == '_' {
			return name[:i], name[i+2:], i > 0 && i+2 < len(name)
		}
		if name[i] == '.' {
			return name[:i], name[i+1:], i > 0
		}
	}
	return "", "", false
}

// ValidateArgs checks arguments against the tool's input schema. A schema
// that does not compile is logged once and the call goes through.
func (g *Gateway) ValidateArgs(cat *planner.Catalog, t *planner.Tool, args json.RawMessage) error {
	s, err := cat.ArgSchema(t)
	if err != nil {
		g.log.Debug().Str("tool", t.QualifiedName()).Err(err).Msg("input schema does not compile; arguments not validated")
		return nil
	}
	if err := s.Validate(args); err != nil {
		var fe schemas.FieldErrors
		if errors.As(err, &fe) {
			return &ToolError{Message: fmt.Sprintf("invalid arguments for %s: %s", t.QualifiedName(), fe.Error())}
		}
		return &ToolError{Message: fmt.Sprintf("invalid arguments for %s: %v", t.QualifiedName(), err)}
	}
	return nil
}

// toolCallParams builds tools/call params for a backend tool.
func toolCallParams(tool string, args, meta json.RawMessage) json.RawMessage {
	b := append([]byte(`{"name":`), rpc.AppendString(nil, tool)...)
	if len(args) > 0 {
		b = append(b, `,"arguments":`...)
		b = append(b, args...)
	}
	if len(meta) > 0 {
		b = append(b, `,"_meta":`...)
		b = append(b, meta...)
	}
	return append(b, '}')
}
