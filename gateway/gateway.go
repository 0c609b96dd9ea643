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
	// OnStart is called once, with the effective configuration, when
	// [Gateway.Start] has merged the client's initializationOptions and
	// before the backends start (main starts the dashboard there). It runs
	// on Start's goroutine.
	OnStart func(g *Gateway, cfg *schemas.Config)
	// ConfigError, if set, is why the configuration file could not be used; the gateway serves with no backends and explains it in its tools' results until a reload succeeds.
	ConfigError error
	// Integrity, if set, pins and scans every backend's tools and prompts
	// (changed, new and poisoned-looking ones are held back per the
	// integrity mode); PinsPath is its pin file, watched so that an
	// approval takes effect in the running gateway.
	Integrity backends.ToolChecker
	PinsPath  string
	// NoBackends, set when this gateway runs as a backend of another one
	// (the self-launch marker), starts no backend from any source, the
	// client's initializationOptions and reloads included.
	NoBackends bool
	// Dial, if set, connects every backend in place of its process or
	// remote transport (see [backends.DialFunc]); Prespawn then starts
	// nothing. Nil, as main leaves it, runs the configured transports.
	// Tests serve sessions against in-memory backends with it (package
	// backends/backendstest).
	Dial backends.DialFunc
}

// Gateway owns the effective configuration, the backends, the tool catalog
// and the planner. [Gateway.Serve] serves it to each client, a session per
// connection; the CLI's ask and check drive it directly. It is safe for
// concurrent use.
type Gateway struct {
	opts Options
	log  zerolog.Logger

	mu          sync.Mutex
	cfg         *schemas.Config       // guarded by mu; effective configuration
	mgr         *backends.Manager     // guarded by mu; nil until Start
	catalog     *planner.Catalog      // guarded by mu
	catalogGen  uint64                // guarded by mu; the backends' generation the catalog reflects
	planner     planner.Planner       // guarded by mu
	plannerName string                // guarded by mu
	sampler     planner.Sampler       // guarded by mu; a client's model, nil if none offers one
	names       *nameTable            // guarded by mu; client names of backend tools and prompts
	namesGen    uint64                // guarded by mu; the backends' generation names reflects
	warnedNames map[string]bool       // guarded by mu; name collisions already logged
	warnedURIs  map[string]bool       // guarded by mu; resource conflicts already logged
	offered     *offerings            // guarded by mu; what ready backends offer, by generation
	sessions    map[*session]struct{} // guarded by mu; connected clients
	configErr   error                 // guarded by mu; why the configuration file is unusable, until a reload succeeds
	initOptions json.RawMessage       // guarded by mu; the client's, kept for reloads
	client      string                // guarded by mu; the IDE's "name version"
	protocol    string                // guarded by mu; negotiated protocol version
	startedAt   time.Time
	indexTimer  *time.Timer          // guarded by mu; builds the next catalog's index
	prespawned  *backends.Prespawned // guarded by mu; processes started before the client connected
	stopped     bool                 // guarded by mu
	confMu      sync.Mutex           // serializes Start
	watchStop   context.CancelFunc   // guarded by mu; ends the pin-file watch
	watchers    sync.WaitGroup

	startedCh chan struct{}               // closed by Start
	tracing   atomic.Bool                 // publish every message on the hub's trace bus
	starting  atomic.Pointer[startingSet] // backends on their first start, by generation (ready.go)

	// Lock-free reads for the read loops (every forwarded call reads the
	// backends, the catalog and the name table): the manager, and the
	// catalog and name table with the generation they reflect, published
	// under mu when they change.
	mgrNow   atomic.Pointer[backends.Manager]
	catNow   atomic.Pointer[genSnapshot[planner.Catalog]]
	namesNow atomic.Pointer[genSnapshot[nameTable]]
	// The fast lane's entries by tool (metrics series, argument schema),
	// for the current catalog.
	toolsNow atomic.Pointer[toolCache]

	// The fast lane (fastlane.go): fastOff, set by tests before any session
	// starts, sends every line the general way, so that the two can be
	// compared; fastCalls counts the calls it took.
	fastOff   bool
	fastCalls atomic.Int64

	// Routing of what backends send to the session it concerns (route.go).
	routeMu    sync.Mutex
	nextToken  int64                               // guarded by routeMu
	progress   map[int64]progressRoute             // guarded by routeMu; gateway progress token -> session and its token
	relayed    map[relayKey]relayRoute             // guarded by routeMu; backend request -> session and the id it got there
	lastCaller map[string]*atomic.Pointer[session] // guarded by routeMu (the map; see callerSlot); backend id -> session that last sent it a request
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

// New returns a gateway; nothing starts until [Gateway.Start]. Every hook
// in opts is set here, before the gateway serves.
func New(opts Options) *Gateway {
	if opts.Config == nil {
		opts.Config = &schemas.Config{}
	}
	g := &Gateway{
		opts: opts, log: opts.Logger, startedCh: make(chan struct{}), startedAt: time.Now(),
		sessions: map[*session]struct{}{}, progress: map[int64]progressRoute{}, relayed: map[relayKey]relayRoute{},
		lastCaller: map[string]*atomic.Pointer[session]{}, configErr: opts.ConfigError,
	}
	return g
}

// addSession and removeSession keep the set of connected clients.
func (g *Gateway) addSession(s *session) {
	g.mu.Lock()
	g.sessions[s] = struct{}{}
	g.mu.Unlock()
}

func (g *Gateway) removeSession(s *session) {
	g.mu.Lock()
	delete(g.sessions, s)
	g.mu.Unlock()
	g.routeMu.Lock()
	for _, p := range g.lastCaller {
		p.CompareAndSwap(s, nil) // a session that called later stays
	}
	for k, r := range g.relayed {
		if r.s == s {
			delete(g.relayed, k)
		}
	}
	g.routeMu.Unlock()
}

// sessionList returns the connected sessions.
func (g *Gateway) sessionList() []*session {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := make([]*session, 0, len(g.sessions))
	for s := range g.sessions {
		out = append(out, s)
	}
	return out
}

// eachSession calls f for every connected session.
func (g *Gateway) eachSession(f func(*session)) {
	for _, s := range g.sessionList() {
		f(s)
	}
}

// sessionWith returns a connected session that declared capability name, or nil.
func (g *Gateway) sessionWith(name string) *session {
	for _, s := range g.sessionList() {
		if s.hasCapability(name) {
			return s
		}
	}
	return nil
}

// minLogLevel is the most verbose log level any session asked for.
func (g *Gateway) minLogLevel() int {
	level := len(logLevels) - 1
	for _, s := range g.sessionList() {
		s.mu.Lock()
		level = min(level, s.logLevel)
		s.mu.Unlock()
	}
	return level
}

// configError is why the configuration file is unusable (nil when it is fine).
func (g *Gateway) configError() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.configErr
}

func (g *Gateway) isStarted() bool {
	select {
	case <-g.startedCh:
		return true
	default:
		return false
	}
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

// Client is what the gateway learns of its clients before it starts the
// backends: over stdio, the one IDE's initialize request; over HTTP, that
// many clients will share the backends.
type Client struct {
	// InitializationOptions are merged over the configuration file (the
	// overrides still win); nil means none.
	InitializationOptions json.RawMessage
	// Capabilities are the client's: roots, sampling and elicitation are
	// mirrored into each backend's initialize, so that backends behave as
	// they would for the client itself, and sampling lets the planner use
	// the client's model. Nil declares none (ask, check).
	Capabilities json.RawMessage
	// Shared marks a gateway that serves many clients (HTTP): Capabilities
	// are ignored, the gateway declares what it can route to the client
	// whose call caused a request (see sharedCapabilities), and the planner
	// uses a client's model only when planner.provider is "sampling".
	Shared bool
}

// Start merges c's initializationOptions and the overrides over the file
// configuration, picks the planner and starts the backends without waiting
// for them. Every enabled backend is marked starting before Start returns,
// so a request read after it waits for them (ready.go). The gateway's
// background work (the pin-file watch) lasts until ctx ends or [Gateway.Stop].
//
// Only the first successful Start takes effect: later calls (a second
// client's initialize) return nil and change nothing. An error (invalid
// initializationOptions) starts nothing, and a later Start may succeed.
func (g *Gateway) Start(ctx context.Context, c Client) error {
	_, err := g.start(ctx, c, nil)
	return err
}

// start is [Gateway.Start]; it reports whether this call started the
// gateway. beforeBackends, if set, runs once the configuration is in force
// and before any backend starts: a session answers initialize there, so
// that nothing a backend sends can reach the client before the answer.
func (g *Gateway) start(ctx context.Context, c Client, beforeBackends func()) (bool, error) {
	g.confMu.Lock()
	defer g.confMu.Unlock()
	if g.isStarted() {
		return false, nil
	}
	g.mu.Lock()
	cfg := g.opts.Config.Clone() // reload may replace opts.Config until started
	g.mu.Unlock()
	if err := cfg.MergeInitOptions(c.InitializationOptions, g.opts.LoadOptions); err != nil {
		return false, err
	}
	cfg.Apply(g.opts.Overrides)
	if g.opts.NoBackends {
		cfg.Backends = nil
	}
	caps := c.Capabilities
	var sampler planner.Sampler
	switch {
	case c.Shared:
		caps = sharedCapabilities
		// "auto" must not pick sampling for clients that may not offer it.
		if cfg.Planner != nil && cfg.Planner.Provider == "sampling" {
			sampler = sessionSampler{g}
		}
	case declared(caps, "sampling"):
		sampler = sessionSampler{g}
	}
	if g.opts.Hub != nil {
		g.opts.Hub.Redactor.Add(secretsOf(cfg)...)
	}
	bopts := &backends.Options{
		Logger:          g.log,
		ClientName:      "mcp-agentify",
		ClientVersion:   g.opts.Version,
		Capabilities:    mirrorCapabilities(caps),
		OnMessage:       g.backendMessage,
		Environ:         g.opts.Environ,
		StartupTimeout:  cfg.StartupTimeout.D(0),
		CallTimeout:     cfg.CallTimeout.D(0),
		MaxMessageBytes: cfg.MaxMessageBytes,
		OnChange:        func(*backends.Backend) { g.changed() },
		OnAuthRequired:  g.authRequired,
		Integrity:       g.opts.Integrity,
		IntegrityMode:   cfg.Integrity,
		Dial:            g.opts.Dial,
	}
	if g.opts.Hub != nil {
		bopts.Redact = g.opts.Hub.Redactor.RedactString
		bopts.AddSecret = g.opts.Hub.Redactor.Add // OAuth tokens and client secrets
		bopts.OnTrace = func(b *backends.Backend, out bool, m *rpc.Message, size int) {
			dir := telemetry.DirBackendToGateway
			if out {
				dir = telemetry.DirGatewayToBackend
			}
			g.trace(dir, b.ID(), m, size)
		}
	}
	g.mu.Lock()
	bopts.Prespawned = g.prespawned
	g.cfg = cfg
	g.initOptions = c.InitializationOptions
	g.mgr = backends.NewManager(cfg.Backends, bopts)
	g.mgrNow.Store(g.mgr)
	g.sampler = sampler
	g.planner, g.plannerName = g.newPlanner(cfg, sampler)
	mgr := g.mgr
	wctx, cancel := context.WithCancel(ctx)
	g.watchStop = cancel
	g.mu.Unlock()
	if g.opts.Integrity != nil && g.opts.PinsPath != "" {
		g.watchers.Add(1)
		// Owned by the gateway: ends when ctx ends or Stop cancels wctx.
		go func() {
			defer g.watchers.Done()
			if err := backends.WatchPins(wctx, g.opts.PinsPath, mgr); err != nil && wctx.Err() == nil {
				g.log.Warn().Err(err).Msg("cannot watch the pin file; approvals apply at the next start")
			}
		}()
	}
	if g.opts.OnStart != nil {
		g.opts.OnStart(g, cfg)
	}
	close(g.startedCh)
	if beforeBackends != nil {
		beforeBackends()
	}
	g.log.Info().Str("planner", g.PlannerName()).Int("backends", len(mgr.List())).Msg("starting backends")
	mgr.Start()
	return true, nil
}

// Config returns the effective configuration (nil before Start).
func (g *Gateway) Config() *schemas.Config {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.cfg
}

// Backends returns the backend manager (nil before Start).
func (g *Gateway) Backends() *backends.Manager { return g.mgrNow.Load() }

// genSnapshot is a value built for one generation of one manager's
// backends.
type genSnapshot[T any] struct {
	mgr *backends.Manager
	gen uint64
	val *T
}

// current returns the snapshot's value if it reflects mgr's current
// generation, else nil.
func (s *genSnapshot[T]) current(mgr *backends.Manager) *T {
	if s == nil || mgr == nil || s.mgr != mgr || s.gen != mgr.Generation() {
		return nil
	}
	return s.val
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
	stopWatch := g.watchStop
	g.mu.Unlock()
	pre.Close()
	if stopWatch != nil {
		stopWatch()
	}
	g.watchers.Wait()
}

// Prespawn starts the processes of the configuration file's stdio backends
// now, before a client connects: process start-up (node, python, npx) then
// overlaps the client's handshake, while the MCP handshake with each backend
// still waits for the client's capabilities. Processes whose configuration
// the client's initializationOptions change are stopped at Start. Call it
// once, before Start.
func (g *Gateway) Prespawn() {
	if g.opts.Dial != nil {
		return // backends are dialled, not started
	}
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
	stopped, pl := g.stopped, g.planner
	g.mu.Unlock()
	if !stopped {
		cat := g.Catalog()
		cat.Index()
		// Compile the argument schemas here, off every read loop, before
		// the calls that need them (bounded per schema; cached by content).
		for i := range cat.Tools {
			cat.ArgSchema(&cat.Tools[i])
		}
		// And the model planner's prompt material, so that the first
		// orchestration after a change costs what later ones do.
		if w, ok := pl.(planner.Warmer); ok {
			g.warmPlanner(w, cat)
		}
	}
}

// mirrorCapabilities keeps the client capabilities a backend may use
// through the gateway: roots, sampling and elicitation.
func mirrorCapabilities(ide json.RawMessage) json.RawMessage {
	out := map[string]json.RawMessage{}
	for _, k := range []string{"roots", "sampling", "elicitation"} {
		if declared(ide, k) {
			out[k], _ = rpc.Member(ide, k)
		}
	}
	b, _ := json.Marshal(out)
	return b
}

func (g *Gateway) changed() {
	g.mu.Lock()
	// Build the new catalog's search index ahead of the first search (it
	// takes about 0.15 s per 1,000 tools), once the changes settle.
	if g.indexTimer == nil {
		g.indexTimer = time.AfterFunc(indexDelay, g.warmIndex)
	} else {
		g.indexTimer.Reset(indexDelay)
	}
	g.mu.Unlock()
	g.eachSession((*session).listsChanged)
}

// Catalog returns the current tool catalog of ready backends, rebuilt only
// after a backend's state or lists changed.
func (g *Gateway) Catalog() *planner.Catalog {
	if cat := g.catNow.Load().current(g.mgrNow.Load()); cat != nil {
		return cat
	}
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
	g.catNow.Store(&genSnapshot[planner.Catalog]{mgr: g.mgr, gen: gen, val: g.catalog})
	return g.catalog
}

// PlannerName names the planner in use ("" before Start).
func (g *Gateway) PlannerName() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.plannerName
}

// resolve finds the backend and tool for a qualified name
// ("backend__tool", or the alias "backend.tool").
func (g *Gateway) resolve(name string) (*backends.Backend, *planner.Tool, *planner.Catalog, error) {
	cat := g.Catalog()
	if it, ok := g.nameTable().byName[name]; ok && !isQualified(name, it.backend, it.item) {
		name = it.backend + planner.Separator + it.item
	}
	t, ok := cat.Lookup(name)
	if !ok {
		return nil, nil, cat, g.unknownTool(name)
	}
	b, ok := g.Backends().Get(t.Backend)
	if !ok {
		return nil, nil, cat, &toolError{Message: fmt.Sprintf("unknown backend %q", t.Backend)}
	}
	return b, t, cat, nil
}

// resolveIn is resolve for the fast lane, in catalog cat and name table
// nt, from the name's bytes as read and without the error: t is nil when
// the name does not resolve (the general path then explains why). The name is not copied to the heap.
func (g *Gateway) resolveIn(cat *planner.Catalog, nt *nameTable, nb []byte) (*backends.Backend, *planner.Tool) {
	name := string(nb)
	if it, ok := nt.byName[name]; ok && !isQualified(name, it.backend, it.item) {
		name = it.backend + planner.Separator + it.item
	}
	t, ok := cat.Lookup(name)
	if !ok {
		return nil, nil
	}
	b, ok := g.Backends().Get(t.Backend)
	if !ok {
		return nil, nil
	}
	return b, t
}

// unknownTool explains why a name did not resolve: no such backend, a
// backend that is not ready, or no such tool on it; a bare name gets the
// client names of tools so named, or the closest matches.
func (g *Gateway) unknownTool(name string) error {
	bid, tool, ok := splitQualified(name)
	if !ok {
		var same []string
		for _, it := range g.exposedTools() {
			if it.item == name {
				same = append(same, it.name)
			}
		}
		if len(same) == 0 {
			rs, _ := g.search(g.Catalog(), name, 3) // suggestions only: none after a panic
			for _, r := range rs {
				same = append(same, g.nameTable().exposedName(r.Tool.Backend, r.Tool.Name))
			}
		}
		msg := fmt.Sprintf("unknown tool %q", name)
		if len(same) > 0 {
			msg += "; did you mean " + quoteList(same) + "?"
		} else {
			msg += ": use a name search_tools gives (backend__tool)"
		}
		return &toolError{Message: msg}
	}
	mgr := g.Backends()
	if mgr == nil {
		return &toolError{Message: "the gateway is not initialized yet"}
	}
	b, ok := mgr.Get(bid)
	if !ok {
		return &toolError{Message: fmt.Sprintf("unknown backend %q in tool name %q", bid, name)}
	}
	if st, err := b.State(); st != backends.Ready {
		msg := fmt.Sprintf("backend %q is %s", bid, st)
		if err != nil {
			msg += ": " + err.Error()
		}
		return &toolError{Message: msg}
	}
	if reason, held := b.Quarantined(tool); held {
		return &toolError{Message: fmt.Sprintf("%s%s%s is held back by tool integrity: %s", bid, planner.Separator, tool, reason)}
	}
	return &toolError{Message: fmt.Sprintf("backend %q has no tool %q", bid, tool)}
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

// validateArgs checks arguments against the tool's input schema. A schema
// that does not compile is logged once and the call goes through.
func (g *Gateway) validateArgs(cat *planner.Catalog, t *planner.Tool, args json.RawMessage) error {
	s, err := cat.ArgSchema(t)
	if err != nil {
		ev := g.log.Debug()
		if schemas.Undecided(err) {
			ev = g.log.Warn()
		}
		ev.Str("tool", t.QualifiedName()).Err(err).Msg("input schema not usable; arguments not validated")
		return nil
	}
	if err := s.Validate(args); err != nil {
		if schemas.Undecided(err) {
			// Over the validation work bound for these arguments, or not
			// representable by the validator: the backend validates them
			// itself.
			g.log.Warn().Str("tool", t.QualifiedName()).Err(err).Msg("arguments not validated")
			return nil
		}
		var fe schemas.FieldErrors
		if errors.As(err, &fe) {
			return &toolError{Message: fmt.Sprintf("invalid arguments for %s: %s", t.QualifiedName(), fe.Error())}
		}
		return &toolError{Message: fmt.Sprintf("invalid arguments for %s: %v", t.QualifiedName(), err)}
	}
	return nil
}

// isQualified reports whether name is backend__item, without building
// that string (Resolve runs on every forwarded call).
func isQualified(name, backend, item string) bool {
	n := len(backend)
	return len(name) == n+len(planner.Separator)+len(item) && name[:n] == backend &&
		name[n:n+len(planner.Separator)] == planner.Separator && name[n+len(planner.Separator):] == item
}

// toolCallParams builds tools/call params for a backend tool, in one
// allocation.
func toolCallParams(tool string, args, meta json.RawMessage) json.RawMessage {
	b := make([]byte, 0, len(`{"name":,"arguments":,"_meta":}`)+len(tool)+8+len(args)+len(meta))
	b = append(b, `{"name":`...)
	b = rpc.AppendString(b, tool)
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

// sharedCapabilities are the client capabilities mirrored into backends
// when the gateway serves several clients (HTTP): backends start before any
// client connects, so the gateway declares what it can route to the client
// whose call caused a request (sampling, elicitation), and refuses cleanly
// when that client did not declare it. roots are not declared: a shared
// gateway's backends keep the directories their configuration gives them
// instead of one client's workspace.
var sharedCapabilities = json.RawMessage(`{"sampling":{},"elicitation":{"form":{},"url":{}}}`)

// Serve runs one client session over stream until the client goes or ctx
// ends. Sessions share the gateway's backends; the gateway is not stopped
// when a session ends.
func (g *Gateway) Serve(ctx context.Context, stream rpc.Stream) error {
	return newSession(g, stream).run(ctx)
}

// authRequired runs when a remote backend waits for the user to authorize
// it (state needs-auth). The authorization URL is logged and in the
// backend's state error (so check, the dashboard and the isError text of
// calls to it show it); a connected client that declared URL-mode
// elicitation is also asked to open it. It must not block: the request's
// answer only says whether the user agreed; the backend connects when the
// authorization server calls back.
func (g *Gateway) authRequired(b *backends.Backend, authURL string) {
	g.log.Warn().Str("backend", b.ID()).Str("url", authURL).Msg("backend needs authorization: open the URL to sign in")
	for _, s := range g.sessionList() {
		if !s.elicitsURL() {
			continue
		}
		params, _ := json.Marshal(map[string]any{
			"mode":          "url",
			"message":       fmt.Sprintf("The MCP server %q behind mcp-agentify needs you to sign in.", b.ID()),
			"url":           authURL,
			"elicitationId": fmt.Sprintf("agentify-auth-%s-%d", b.ID(), time.Now().UnixNano()),
		})
		if _, err := s.conn.Go("elicitation/create", params, func(resp *rpc.Message) {
			if resp.Error != nil {
				g.log.Debug().Str("backend", b.ID()).Str("error", resp.Error.Message).Msg("authorization elicitation refused")
			}
		}); err == nil {
			return // one client is asked, not every one
		}
	}
}
