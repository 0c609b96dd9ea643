// Package backends runs the gateway's backend MCP servers: one supervisor
// per backend owns its process or remote connection, the MCP handshake,
// discovery of tools, prompts and resources, its state, calls with timeouts,
// and restarts.
package backends

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

// State is a backend's place in its life cycle.
type State string

const (
	Starting    State = "starting"    // being started or handshaking
	Ready       State = "ready"       // serving
	Unavailable State = "unavailable" // failed; calls fail at once
	Restarting  State = "restarting"  // waiting out the backoff before a restart
	Stopped     State = "stopped"     // stopped by the gateway, or disabled
	NeedsAuth   State = "needs-auth"  // remote backend waiting for the user to authorize it (OAuth)
)

// ProtocolVersion is what the gateway asks its backends for.
const ProtocolVersion = "2025-11-25"

// Defaults for the per-backend options.
const (
	DefaultStartupTimeout = 30 * time.Second
	DefaultCallTimeout    = 60 * time.Second
	DefaultMaxRestarts    = 10
)

// Tool is a backend tool as discovered. Raw is the backend's own JSON for
// the tool, kept to re-list it unchanged (under a qualified name).
type Tool struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
	Annotations json.RawMessage `json:"annotations,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

// Info is a snapshot of a backend for status pages and the catalog.
type Info struct {
	ID              string            `json:"id"`
	Type            string            `json:"type"`
	State           State             `json:"state"`
	Error           string            `json:"error,omitempty"`
	PID             int               `json:"pid,omitempty"`
	Restarts        int               `json:"restarts"`
	ProtocolVersion string            `json:"protocolVersion,omitempty"`
	ServerInfo      json.RawMessage   `json:"serverInfo,omitempty"`
	Capabilities    json.RawMessage   `json:"capabilities,omitempty"`
	Instructions    string            `json:"instructions,omitempty"`
	Tools           []Tool            `json:"tools"`
	Prompts         []json.RawMessage `json:"prompts,omitempty"`
	Resources       []json.RawMessage `json:"resources,omitempty"`
	Templates       []json.RawMessage `json:"resourceTemplates,omitempty"`
	Since           time.Time         `json:"since"`
	// Skipped, if set, is why the backend is not started although enabled
	// (its entry would start this gateway again); State is then stopped.
	Skipped string `json:"skipped,omitempty"`
	// StderrTail holds the last lines the backend's process wrote to
	// stderr (bounded, secrets masked), from its current or last run.
	StderrTail []string `json:"stderrTail,omitempty"`
	// Breaker is the circuit breaker's state; BreakerFailures counts the
	// consecutive failed calls; BreakerRetryAt, while open, is when the next
	// trial call is allowed.
	Breaker         BreakerState `json:"breaker"`
	BreakerFailures int          `json:"breakerFailures,omitempty"`
	BreakerRetryAt  *time.Time   `json:"breakerRetryAt,omitempty"`
}

// Options are shared by all backends of a [Manager]. Nil hooks are skipped.
type Options struct {
	Logger zerolog.Logger

	// ClientName and ClientVersion identify the gateway in its initialize requests.
	ClientName, ClientVersion string

	// Capabilities are the client capabilities sent in each backend's
	// initialize: the IDE's roots, sampling and elicitation, mirrored, so
	// that backends behave as they would for the IDE itself. Nil sends {}.
	Capabilities json.RawMessage

	// OnMessage receives the requests and notifications a backend sends that
	// the supervisor does not handle itself (it answers ping and refreshes
	// its lists on list_changed, then passes those on too). It runs on the
	// backend's read loop and must not block; replies go through conn.
	OnMessage func(b *Backend, conn *rpc.Conn, m *rpc.Message)

	// OnChange is called after a backend's state or lists changed. It may be
	// called from any goroutine and must not block.
	OnChange func(b *Backend)

	// OnTrace sees every message to (out=true) and from a backend.
	OnTrace func(b *Backend, out bool, m *rpc.Message, size int)

	// Environ is the environment children inherit from (filtered); nil
	// means os.Environ().
	Environ []string

	// StartupTimeout and CallTimeout are the defaults for backends that set
	// none; zero means DefaultStartupTimeout and DefaultCallTimeout.
	StartupTimeout, CallTimeout time.Duration

	// StopGrace is how long to wait for a child at each shutdown step
	// (stdin closed, then SIGTERM) before the next; zero means 500ms.
	StopGrace time.Duration

	// MaxMessageBytes bounds one message from a backend (0: rpc default).
	MaxMessageBytes int

	// BreakerThreshold is the number of consecutive failed calls that opens
	// a backend's circuit; zero means DefaultBreakerThreshold.
	BreakerThreshold int
	// BreakerCooldown is how long an open circuit fails calls fast before
	// one trial call; zero means DefaultBreakerCooldown.
	BreakerCooldown time.Duration

	// OnAuthRequired is called when a remote backend needs the user to
	// open authURL (OAuth authorization); the backend waits in state
	// NeedsAuth, its state error carrying the URL, until the loopback
	// callback arrives, then connects. It must not block.
	OnAuthRequired func(b *Backend, authURL string)
	// AddSecret registers secrets (OAuth tokens, client secrets) with the
	// redactor as they are obtained.
	AddSecret func(secrets ...string)
	// StateDir is where OAuth tokens are kept; empty means [StateDir].
	StateDir string

	// Redact, if set, masks secrets in the errors a backend reports (its
	// state error, as shown to the IDE, by check and on status pages).
	Redact func(string) string

	// Prespawned, if set, holds processes started before the client
	// connected; Start adopts those whose configuration is unchanged and
	// stops the others.
	Prespawned *Prespawned

	// Integrity, if set, pins and scans each backend's tools and prompts;
	// quarantined ones are withheld (see backends/integrity.go).
	// IntegrityMode is the default mode for backends that set none.
	Integrity     ToolChecker
	IntegrityMode string

	// Dial, if set, connects every backend in place of its process or
	// remote transport (see [DialFunc]); nil means the configured
	// transport. Tests use it for in-memory backends.
	Dial DialFunc
}

// Backend supervises one backend MCP server. Its methods are safe for
// concurrent use.
type Backend struct {
	cfg  schemas.Backend
	opts *Options
	log  zerolog.Logger

	mu          sync.Mutex
	state       State         // guarded by mu
	lastErr     error         // guarded by mu
	since       time.Time     // guarded by mu
	stateCh     chan struct{} // guarded by mu; closed and replaced on every state change
	conn        *rpc.Conn     // guarded by mu; nil unless connected
	proc        *process      // guarded by mu
	restarts    int           // guarded by mu
	epoch       uint64        // guarded by mu; connections that reached ready
	initResult  initResult    // guarded by mu
	tools       []Tool        // guarded by mu
	prompts     []json.RawMessage
	resources   []json.RawMessage
	templates   []json.RawMessage
	refreshing  map[string]bool // guarded by mu; list kind -> refresh running
	refreshMore map[string]bool // guarded by mu; list kind -> changed again meanwhile
	stopping    bool            // guarded by mu; stop was called
	gaveUp      bool            // guarded by mu; the supervisor gave up (restart policy)
	skipped     string          // guarded by mu; why the backend is not started (self-launch)
	lastTail    []string        // guarded by mu; stderr tail of the last process that ended

	br *breaker  // call outcomes decide whether calls go through
	dl deadlines // forwarded calls' timeouts (call.go)

	integ integrityState // discovered definitions and their integrity verdicts

	pre    *prespawn          // a process started before the client connected; only the supervisor uses it
	gen    *atomic.Uint64     // the manager's generation, advanced on every state or list change
	cancel context.CancelFunc // ends the supervisor loop
	oauth  *OAuth             // http/sse backends: MCP authorization; set once by the supervisor
	done   chan struct{}      // closed when the supervisor loop has returned
}

type initResult struct {
	ProtocolVersion string          `json:"protocolVersion"`
	Capabilities    json.RawMessage `json:"capabilities"`
	ServerInfo      json.RawMessage `json:"serverInfo"`
	Instructions    string          `json:"instructions,omitempty"`
}

func newBackend(cfg schemas.Backend, opts *Options) *Backend {
	b := &Backend{
		cfg:         cfg,
		opts:        opts,
		log:         opts.Logger.With().Str("backend", cfg.ID).Logger(),
		state:       Stopped,
		since:       time.Now(),
		stateCh:     make(chan struct{}),
		refreshing:  map[string]bool{},
		refreshMore: map[string]bool{},
		br:          newBreaker(breakerSettings(&cfg, opts)),
	}
	return b
}

// breakerSettings takes the backend's own circuitBreaker settings over the
// shared defaults.
func breakerSettings(cfg *schemas.Backend, opts *Options) (int, time.Duration) {
	threshold, cooldown := opts.BreakerThreshold, opts.BreakerCooldown
	if bc := cfg.CircuitBreaker; bc != nil {
		if bc.Failures > 0 {
			threshold = bc.Failures
		}
		cooldown = bc.Cooldown.D(cooldown)
	}
	return threshold, cooldown
}

// ID returns the backend's id.
func (b *Backend) ID() string { return b.cfg.ID }

// Config returns the backend's configuration.
func (b *Backend) Config() schemas.Backend { return b.cfg }

// State returns the current state and, when not ready, why.
func (b *Backend) State() (State, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.state, b.lastErr
}

func (b *Backend) setState(s State, err error) {
	if err != nil && b.opts.Redact != nil {
		err = &redactedError{err: err, msg: b.opts.Redact(err.Error())}
	}
	b.mu.Lock()
	changed := b.state != s || !errors.Is(err, b.lastErr)
	b.state, b.lastErr, b.since = s, err, time.Now()
	if s == Ready {
		b.epoch++
	}
	b.bump() // before waking waiters: they may read the catalog next
	close(b.stateCh)
	b.stateCh = make(chan struct{})
	b.mu.Unlock()
	if changed {
		ev := b.log.Info()
		if err != nil && s != Stopped { // stopped with a reason: skipped, logged by skip
			ev = b.log.Warn().Str("error", err.Error())
		} else if err != nil {
			ev = ev.Str("error", err.Error())
		}
		ev.Str("state", string(s)).Msg("backend state")
	}
	if b.opts.OnChange != nil {
		b.opts.OnChange(b)
	}
}

// Epoch counts the backend's connections that reached ready: it changes
// when the backend restarted, and subscriptions made on an earlier
// connection are gone.
func (b *Backend) Epoch() uint64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.epoch
}

// bump advances the manager's generation: what the backend offers changed.
func (b *Backend) bump() {
	if b.gen != nil {
		b.gen.Add(1)
	}
}

// WaitSettled blocks until the backend's first start has an outcome: it
// is ready, or it failed (unavailable, stopped, or restarting after a
// failure), or ctx ends. Unlike [Backend.WaitReady] it does not wait
// through restarts: a backend that keeps failing must not hold up `check`
// or every orchestration. (A waiter may miss the brief unavailable state
// between a failure and the restart; the restart count tells.)
func (b *Backend) WaitSettled(ctx context.Context) State {
	for {
		b.mu.Lock()
		s, failed, ch := b.state, b.restarts > 0, b.stateCh
		b.mu.Unlock()
		if s != Starting && s != Restarting || failed {
			return s
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return s
		}
	}
}

// WaitReady blocks until the backend is no longer starting or restarting,
// or ctx ends, and returns its state.
func (b *Backend) WaitReady(ctx context.Context) State {
	for {
		b.mu.Lock()
		s, ch := b.state, b.stateCh
		b.mu.Unlock()
		if s != Starting && s != Restarting {
			return s
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return s
		}
	}
}

// Info returns a snapshot of the backend.
func (b *Backend) Info() Info {
	b.mu.Lock()
	defer b.mu.Unlock()
	in := Info{
		ID: b.cfg.ID, Type: b.cfg.Type, State: b.state, Restarts: b.restarts,
		ProtocolVersion: b.initResult.ProtocolVersion, ServerInfo: b.initResult.ServerInfo,
		Capabilities: b.initResult.Capabilities, Instructions: b.initResult.Instructions,
		Tools: b.tools, Prompts: b.prompts, Resources: b.resources, Templates: b.templates,
		Since: b.since,
	}
	if b.lastErr != nil {
		in.Error = b.lastErr.Error()
	}
	in.Skipped = b.skipped
	tail := b.lastTail
	if b.proc != nil && b.proc.cmd.Process != nil {
		in.PID = b.proc.cmd.Process.Pid
		if t := b.proc.tail.lines(); len(t) > 0 {
			tail = t
		}
	}
	in.StderrTail = b.redactLines(tail)
	var until time.Time
	in.Breaker, in.BreakerFailures, until = b.br.snapshot()
	if !until.IsZero() {
		in.BreakerRetryAt = &until
	}
	return in
}

// redactLines masks secrets in each line (a new slice).
func (b *Backend) redactLines(lines []string) []string {
	if len(lines) == 0 {
		return nil
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if b.opts.Redact != nil {
			l = b.opts.Redact(l)
		}
		out[i] = l
	}
	return out
}

// Tools returns the backend's filtered tools (nil unless ready).
func (b *Backend) Tools() []Tool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.state != Ready {
		return nil
	}
	return b.tools
}

func (b *Backend) startupTimeout() time.Duration {
	return b.cfg.StartupTimeout.D(orDefault(b.opts.StartupTimeout, DefaultStartupTimeout))
}

// CallTimeout is the per-call timeout of this backend.
func (b *Backend) CallTimeout() time.Duration {
	return b.cfg.CallTimeout.D(orDefault(b.opts.CallTimeout, DefaultCallTimeout))
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// start launches the supervisor loop. deps are waited for first.
func (b *Backend) start(deps []*Backend) {
	ctx, cancel := context.WithCancel(context.Background())
	b.cancel = cancel
	b.done = make(chan struct{})
	b.setState(Starting, nil)
	// The supervisor goroutine is owned by b; stop() cancels it and waits.
	go func() {
		defer close(b.done)
		b.supervise(ctx, deps)
	}()
}

// Restart backoff: exponential from RestartBackoffMin, doubling to
// RestartBackoffMax; the count of failures resets after HealthyAfter of
// service.
const (
	RestartBackoffMin = time.Second
	RestartBackoffMax = 30 * time.Second
	HealthyAfter      = time.Minute
)

// supervise waits for its dependencies, connects, serves until the
// connection ends, and restarts per the restart policy ("on-failure" by
// default, with exponential backoff from 1s to 30s, at most MaxRestarts
// times in a row; "never"). A failure to start is retried the same way.
func (b *Backend) supervise(ctx context.Context, deps []*Backend) {
	for _, d := range deps {
		if s := d.waitDependency(ctx); s != Ready {
			if ctx.Err() != nil {
				return
			}
			b.giveUp(fmt.Errorf("dependency %q is %s", d.ID(), s))
			return
		}
	}
	backoff := RestartBackoffMin
	failures := 0
	for {
		started := time.Now()
		err := b.runOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		if errors.Is(err, ErrSelfLaunch) {
			b.skip(err.Error())
			return
		}
		if aerr := b.awaitAuth(ctx); aerr == nil {
			backoff, failures = RestartBackoffMin, 0
			continue
		} else if !errors.Is(aerr, errNoChallenge) {
			err = aerr
		}
		if time.Since(started) > HealthyAfter {
			backoff, failures = RestartBackoffMin, 0 // it was healthy for a while
		}
		failures++
		maxRestarts := DefaultMaxRestarts
		if b.cfg.MaxRestarts != nil {
			maxRestarts = *b.cfg.MaxRestarts
		}
		if b.cfg.Restart == "never" || failures > maxRestarts {
			if b.cfg.Restart != "never" {
				b.log.Error().Int("attempts", failures).Msg("backend keeps failing; giving up until the configuration changes")
			}
			b.giveUp(err)
			return
		}
		b.setState(Unavailable, err)
		b.mu.Lock()
		b.restarts++
		b.mu.Unlock()
		b.setState(Restarting, err)
		b.log.Info().Dur("backoff", backoff).Msg("restarting backend")
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, RestartBackoffMax)
		// The last failure stays while the backend starts again: the IDE
		// and the dashboard must see why, not just "starting".
		b.setState(Starting, err)
	}
}

// ErrSelfLaunch is wrapped by the reason a backend is skipped: its entry
// would start this gateway again.
var ErrSelfLaunch = errors.New("this entry starts mcp-agentify itself")

// skip marks the backend stopped and not started, for reason.
func (b *Backend) skip(reason string) {
	b.log.Warn().Str("reason", reason).Msg("backend skipped")
	// Warn: the entry is in the file the gateway reads, and tools would
	// appear twice if the IDE also starts the servers listed there.
	b.mu.Lock()
	b.skipped, b.gaveUp = reason, true
	b.mu.Unlock()
	b.setState(Stopped, fmt.Errorf("skipped: %s", reason))
}

// giveUp marks the backend unavailable for good (until a reload).
func (b *Backend) giveUp(err error) {
	b.mu.Lock()
	b.gaveUp = true
	b.mu.Unlock()
	b.setState(Unavailable, err)
}

// waitDependency waits until b (a dependency of another backend) is ready,
// has given up, is stopped, or ctx ends, and returns its state. Unlike
// WaitReady it waits through the unavailable state that precedes a restart.
func (b *Backend) waitDependency(ctx context.Context) State {
	for {
		b.mu.Lock()
		s, ch, final := b.state, b.stateCh, b.gaveUp
		b.mu.Unlock()
		if s == Ready || s == Stopped || s == Unavailable && final {
			return s
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return s
		}
	}
}

// runOnce starts the backend, handshakes, discovers and serves until the
// connection ends. It returns why it ended.
func (b *Backend) runOnce(ctx context.Context) error {
	stream, proc, err := b.dial(ctx)
	if err != nil {
		return err
	}
	conn := b.newConn(stream)
	b.mu.Lock()
	b.conn, b.proc = conn, proc
	b.mu.Unlock()

	readErr := make(chan error, 1)
	// The read loop is owned by this runOnce call, which waits for it below.
	go func() { readErr <- conn.Run() }()

	defer func() {
		b.mu.Lock()
		b.conn = nil
		b.mu.Unlock()
		conn.Close()
		if proc != nil {
			proc.stop(orDefault(b.opts.StopGrace, 500*time.Millisecond))
		}
		b.mu.Lock()
		b.proc = nil
		if proc != nil {
			b.lastTail = proc.tail.lines()
		}
		b.mu.Unlock()
	}()

	hctx, cancel := context.WithTimeout(ctx, b.startupTimeout())
	err = b.handshake(hctx, conn)
	cancel()
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("no answer to initialize within %s", b.startupTimeout())
		}
		if proc != nil && !errors.Is(err, ErrSelfLaunch) {
			// A closed connection usually means the process exited; its
			// status may take a moment to be collected.
			exited := false
			select {
			case <-conn.Done():
				select {
				case <-proc.exited:
					exited = true
				case <-time.After(time.Second):
				}
			case <-proc.exited:
				exited = true
			case <-time.After(200 * time.Millisecond):
				// Alive (no answer in time), or the close is still under way.
				select {
				case <-proc.exited:
					exited = true
				default:
				}
			}
			if exited {
				err = &startError{
					msg:  fmt.Sprintf("process %s before the handshake completed", proc.exitError()),
					tail: proc.tail.lines(),
					hint: b.envHint(proc),
				}
			} else {
				err = &startError{msg: err.Error(), err: err, tail: proc.tail.lines()}
			}
		}
		return err
	}
	b.setState(Ready, nil)

	select {
	case <-ctx.Done():
		return ctx.Err()
	case err := <-readErr:
		if proc != nil {
			select {
			case <-proc.exited:
			case <-time.After(time.Second):
			}
			return &startError{msg: "process " + proc.exitError(), tail: proc.tail.lines()}
		}
		if err == nil {
			err = errors.New("connection closed")
		}
		return fmt.Errorf("connection ended: %w", err)
	}
}

type connRef struct {
	b    *Backend
	conn *rpc.Conn
}

// endReason says why the connection ended, for the errors of the calls it
// leaves pending: the process's exit status when it exited.
func (b *Backend) endReason() string {
	b.mu.Lock()
	p, stopping := b.proc, b.stopping
	b.mu.Unlock()
	if stopping {
		return "stopped by the gateway"
	}
	if p != nil {
		select {
		case <-p.exited:
			return "process " + p.exitError()
		case <-time.After(200 * time.Millisecond):
			// The pipe closed but the process lives on (or has not been reaped yet).
		}
	}
	return "connection closed"
}

func (b *Backend) newConn(stream rpc.Stream) *rpc.Conn {
	var conn *rpc.Conn
	opts := rpc.ConnOptions{
		Handler: func(m *rpc.Message) { b.handle(connRef{b, conn}, m) },
		OnBadInput: func(line []byte, err error) {
			b.log.Warn().Str("error", err.Error()).Str("line", string(line[:min(len(line), 200)])).Msg("backend wrote a line that is not a JSON-RPC message")
		},
		CloseError: func(error) *rpc.Error { return b.callError("%s", b.endReason()) },
		OnUnknownResponse: func(m *rpc.Message) {
			b.log.Debug().RawJSON("id", m.ID).Msg("dropped late response")
		},
	}
	if t := b.opts.OnTrace; t != nil {
		opts.OnRead = func(m *rpc.Message, n int) { t(b, false, m, n) }
		opts.OnWrite = func(m *rpc.Message, n int) { t(b, true, m, n) }
	}
	conn = rpc.NewConn(stream, opts)
	return conn
}

func (b *Backend) dial(ctx context.Context) (rpc.Stream, *process, error) {
	if pre := b.pre; pre != nil {
		b.pre = nil // adopted once; a restart starts a new process
		return pre.stream, pre.proc, nil
	}
	if b.opts.Dial != nil {
		return b.dialHook(ctx)
	}
	switch b.cfg.Type {
	case schemas.TypeStdio:
		env := b.opts.Environ
		if env == nil {
			env = osEnviron()
		}
		return dialStdio(ctx, &b.cfg, env, b.opts.MaxMessageBytes, b.log)
	default:
		s, err := dialRemote(ctx, &b.cfg, b.oauthClient(), b.opts.MaxMessageBytes, b.log)
		return s, nil, err
	}
}

// handle deals with a request or notification from the backend.
func (b *Backend) handle(ref connRef, m *rpc.Message) {
	switch m.Method {
	case "ping":
		if m.ID != nil {
			ref.conn.Reply(m.ID, json.RawMessage(`{}`))
		}
		return
	case "notifications/tools/list_changed":
		b.refresh("tools")
	case "notifications/prompts/list_changed":
		b.refresh("prompts")
	case "notifications/resources/list_changed":
		b.refresh("resources")
	}
	if b.opts.OnMessage != nil {
		b.opts.OnMessage(b, ref.conn, m)
	} else if m.ID != nil {
		ref.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeMethodNotFound, "method not found: %q", m.Method))
	}
}

// handshake runs initialize and the first discovery.
func (b *Backend) handshake(ctx context.Context, conn *rpc.Conn) error {
	caps := b.opts.Capabilities
	if len(caps) == 0 {
		caps = json.RawMessage(`{}`)
	}
	params, _ := json.Marshal(map[string]any{
		"protocolVersion": ProtocolVersion,
		"capabilities":    caps,
		"clientInfo":      map[string]string{"name": orStr(b.opts.ClientName, "mcp-agentify"), "version": orStr(b.opts.ClientVersion, "dev")},
	})
	res, err := conn.Call(ctx, "initialize", params)
	if err != nil {
		return fmt.Errorf("initialize: %w", err)
	}
	var ir initResult
	if err := json.Unmarshal(res, &ir); err != nil {
		return fmt.Errorf("initialize: malformed result: %w", err)
	}
	if ir.ProtocolVersion == "" {
		return errors.New("initialize: result has no protocolVersion")
	}
	var si struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(ir.ServerInfo, &si)
	// Only a child process can nest gateways without end: a remote
	// mcp-agentify (another machine's, or one serving HTTP here) is a
	// legitimate backend, as gateways may be chained.
	if si.Name == SelfName && b.cfg.Type == schemas.TypeStdio {
		return fmt.Errorf("%w (its serverInfo.name is %q); register the other servers here, not the gateway", ErrSelfLaunch, si.Name)
	}
	b.mu.Lock()
	b.initResult = ir
	b.mu.Unlock()
	if err := conn.Notify("notifications/initialized", nil); err != nil {
		return err
	}
	return b.discover(ctx, conn, "tools", "prompts", "resources")
}

// HasCapability reports whether the backend declared a server capability.
func (b *Backend) HasCapability(name string) bool {
	b.mu.Lock()
	caps := b.initResult.Capabilities
	b.mu.Unlock()
	var m map[string]json.RawMessage
	_ = json.Unmarshal(caps, &m)
	v, ok := m[name]
	return ok && string(v) != "null"
}

// discover lists the given kinds ("tools", "prompts", "resources"),
// following pagination, and stores them. Tools and prompts listed by one
// discovery are screened by tool integrity together (see [Backend.screen]).
func (b *Backend) discover(ctx context.Context, conn *rpc.Conn, kinds ...string) error {
	var (
		tools               []Tool
		prompts             []json.RawMessage
		gotTools, gotPrompt bool
	)
	for _, kind := range kinds {
		if !b.HasCapability(kind) {
			continue
		}
		switch kind {
		case "tools":
			items, err := listAll(ctx, conn, "tools/list", "tools")
			if err != nil {
				return err
			}
			tools = make([]Tool, 0, len(items))
			seen := make(map[string]bool, len(items))
			for _, raw := range items {
				var t Tool
				if err := json.Unmarshal(raw, &t); err != nil || t.Name == "" {
					b.log.Warn().Msg("skipping a malformed tool in tools/list")
					continue
				}
				if !validName(t.Name) {
					b.log.Warn().Str("tool", clip(t.Name)).Msg("skipping a tool whose name is not ^[a-zA-Z0-9_.-]{1,128}$")
					continue
				}
				if seen[t.Name] {
					b.log.Warn().Str("tool", t.Name).Msg("skipping a duplicate tool name in tools/list")
					continue
				}
				seen[t.Name] = true
				t.Raw = raw
				if b.allowed(&t) {
					tools = append(tools, t)
				}
			}
			gotTools = true
		case "prompts":
			items, err := listAll(ctx, conn, "prompts/list", "prompts")
			if err != nil {
				b.log.Warn().Err(err).Msg("prompts/list failed")
			}
			prompts, gotPrompt = b.validPrompts(items), true
		case "resources":
			items, err := listAll(ctx, conn, "resources/list", "resources")
			if err != nil {
				b.log.Warn().Err(err).Msg("resources/list failed")
			}
			tmpls, err := listAll(ctx, conn, "resources/templates/list", "resourceTemplates")
			if err != nil {
				b.log.Debug().Err(err).Msg("resources/templates/list failed")
			}
			b.mu.Lock()
			b.resources, b.templates = items, tmpls
			b.bump()
			b.mu.Unlock()
		}
	}
	if gotTools || gotPrompt {
		tools, prompts = b.screen(tools, prompts, gotTools, gotPrompt)
		b.mu.Lock()
		if gotTools {
			b.tools = tools
		}
		if gotPrompt {
			b.prompts = prompts
		}
		b.bump()
		b.mu.Unlock()
	}
	return nil
}

// maxPages bounds pagination against a backend that always returns a cursor.
const maxPages = 1000

// listAll calls a list method until it returns no nextCursor.
func listAll(ctx context.Context, conn *rpc.Conn, method, field string) ([]json.RawMessage, error) {
	var all []json.RawMessage
	var cursor string
	for page := 0; page < maxPages; page++ {
		params := json.RawMessage(`{}`)
		if cursor != "" {
			params = rpc.AppendString([]byte(`{"cursor":`), cursor)
			params = append(params, '}')
		}
		res, err := conn.Call(ctx, method, params)
		if err != nil {
			return all, fmt.Errorf("%s: %w", method, err)
		}
		var r map[string]json.RawMessage
		if err := json.Unmarshal(res, &r); err != nil {
			return all, fmt.Errorf("%s: malformed result: %w", method, err)
		}
		var items []json.RawMessage
		if raw, ok := r[field]; ok {
			if err := json.Unmarshal(raw, &items); err != nil {
				return all, fmt.Errorf("%s: %q is not an array", method, field)
			}
		}
		all = append(all, items...)
		cursor = ""
		if raw, ok := r["nextCursor"]; ok {
			_ = json.Unmarshal(raw, &cursor)
		}
		if cursor == "" {
			return all, nil
		}
	}
	return all, fmt.Errorf("%s: more than %d pages", method, maxPages)
}

// allowed applies the backend's tool filter.
func (b *Backend) allowed(t *Tool) bool {
	f := b.cfg.Tools
	if f == nil {
		return true
	}
	match := func(pats []string) bool {
		for _, p := range pats {
			if ok, _ := path.Match(p, t.Name); ok {
				return true
			}
		}
		return false
	}
	if len(f.Allow) > 0 && !match(f.Allow) {
		return false
	}
	if match(f.Deny) {
		return false
	}
	if f.DenyDestructive {
		var a struct {
			Destructive *bool `json:"destructiveHint"`
			ReadOnly    *bool `json:"readOnlyHint"`
		}
		_ = json.Unmarshal(t.Annotations, &a)
		// The spec's default for destructiveHint is true unless readOnlyHint is.
		destructive := a.Destructive == nil && (a.ReadOnly == nil || !*a.ReadOnly) || a.Destructive != nil && *a.Destructive
		if destructive && len(t.Annotations) > 0 {
			return false
		}
	}
	return true
}

// refresh re-lists one kind after a list_changed notification, coalescing
// bursts: at most one refresh per kind runs, and one more follows if the
// list changed again meanwhile.
func (b *Backend) refresh(kind string) {
	b.mu.Lock()
	if b.refreshing[kind] {
		b.refreshMore[kind] = true
		b.mu.Unlock()
		return
	}
	b.refreshing[kind] = true
	b.mu.Unlock()
	// Owned by b: one per kind at a time; ends when no change is pending.
	go func() {
		for {
			b.mu.Lock()
			conn := b.conn
			b.mu.Unlock()
			if conn != nil {
				ctx, cancel := context.WithTimeout(context.Background(), b.CallTimeout())
				if err := b.discover(ctx, conn, b.discoveryKinds(kind)...); err != nil {
					b.log.Warn().Err(err).Str("list", kind).Msg("refresh after list_changed failed")
				}
				cancel()
				if b.opts.OnChange != nil {
					b.opts.OnChange(b)
				}
			}
			b.mu.Lock()
			if !b.refreshMore[kind] {
				b.refreshing[kind] = false
				b.mu.Unlock()
				return
			}
			b.refreshMore[kind] = false
			b.mu.Unlock()
		}
	}()
}

// stop ends the supervisor and the backend (connection closed, process
// stopped) and waits for it.
func (b *Backend) stop() {
	if b.cancel == nil {
		return
	}
	b.mu.Lock()
	b.stopping = true
	b.mu.Unlock()
	b.cancel()
	<-b.done
	b.setState(Stopped, nil)
}

// redactedError is a backend's error with secrets masked in its text; it
// unwraps to the original for errors.Is and errors.As.
type redactedError struct {
	err error
	msg string
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

func orStr(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

// SelfName is the serverInfo.name of this gateway: a backend announcing it
// is another copy of the gateway and is skipped.
const SelfName = "mcp-agentify"

// validName reports whether a tool or prompt name is one the gateway passes
// on: ^[a-zA-Z0-9_.-]{1,128}$, the MCP specification's recommendation. It
// keeps qualified names unambiguous and safe to show.
func validName(s string) bool {
	if len(s) == 0 || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// clip shortens a name for a log line.
func clip(s string) string {
	if len(s) > 80 {
		return fmt.Sprintf("%q... (%d bytes)", s[:80], len(s))
	}
	return fmt.Sprintf("%q", s)
}

// validPrompts drops prompts with an invalid or duplicate name, with a warning.
func (b *Backend) validPrompts(items []json.RawMessage) []json.RawMessage {
	out := items[:0:0]
	seen := make(map[string]bool, len(items))
	for _, raw := range items {
		var p struct {
			Name string `json:"name"`
		}
		_ = json.Unmarshal(raw, &p)
		switch {
		case !validName(p.Name):
			b.log.Warn().Str("prompt", clip(p.Name)).Msg("skipping a prompt whose name is not ^[a-zA-Z0-9_.-]{1,128}$")
		case seen[p.Name]:
			b.log.Warn().Str("prompt", p.Name).Msg("skipping a duplicate prompt name in prompts/list")
		default:
			seen[p.Name] = true
			out = append(out, raw)
		}
	}
	return out
}

// startError is a failure to start or serve that carries the last lines
// of the process's stderr and, for an exit before the handshake, a hint
// about the child's environment. Its text shows both, so that every
// surface (check, the dashboard, isError texts) shows why.
type startError struct {
	msg  string
	err  error // wrapped, if any
	tail []string
	hint string
}

// tailInError is how many stderr lines an error quotes.
const tailInError = 5

func (e *startError) Error() string {
	var b strings.Builder
	b.WriteString(e.msg)
	if len(e.tail) > 0 {
		b.WriteString("; stderr:")
		for _, l := range e.tail[max(0, len(e.tail)-tailInError):] {
			b.WriteString("\n  | ")
			b.WriteString(l)
		}
	}
	if e.hint != "" {
		b.WriteString("\n  hint: ")
		b.WriteString(e.hint)
	}
	return b.String()
}

func (e *startError) Unwrap() error { return e.err }

// envHint explains the minimal child environment after a child exited
// before its handshake, naming variables the user has set that the child
// did not get (names only, never values).
//
// Which names: the gateway's environment holds many variables the child
// rightly does not get, so naming all of them would bury the relevant
// ones. A name is relevant if (1) the child's stderr tail mentions it
// (servers usually name the variable they miss: "GITHUB_TOKEN required"),
// or else (2) it shares a word of three or more letters with the backend's
// id, command or arguments ("github" in the id or in
// @modelcontextprotocol/server-github relates to GITHUB_TOKEN). At most
// five names are given.
func (b *Backend) envHint(p *process) string {
	environ := b.opts.Environ
	if environ == nil {
		environ = osEnviron()
	}
	given := map[string]bool{}
	for _, kv := range p.cmd.Env {
		k, _, _ := strings.Cut(kv, "=")
		given[k] = true
	}
	var missing []string
	for _, kv := range environ {
		k, _, ok := strings.Cut(kv, "=")
		if ok && k != "" && !given[k] && k != ParentEnv {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	tail := strings.Join(p.tail.lines(), "\n")
	var names []string
	for _, k := range missing {
		if mentions(tail, k) {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		words := map[string]bool{}
		for _, s := range append([]string{b.cfg.ID, b.cfg.Command}, b.cfg.Args...) {
			for _, w := range strings.FieldsFunc(strings.ToUpper(s), func(r rune) bool { return !(r >= 'A' && r <= 'Z') }) {
				if len(w) >= 3 && !commonWords[w] {
					words[w] = true
				}
			}
		}
		for _, k := range missing {
			for _, w := range strings.FieldsFunc(k, func(r rune) bool { return r == '_' }) {
				if words[w] {
					names = append(names, k)
					break
				}
			}
		}
	}
	const hint = "backends get a minimal environment (PATH, HOME and a few more); set variables in its \"env\" or list them in \"inheritEnv\""
	if len(names) == 0 {
		return hint
	}
	if len(names) > 5 {
		names = names[:5]
	}
	return fmt.Sprintf("%s; set in the gateway's environment but not passed to this backend: %s", hint, strings.Join(names, ", "))
}

// commonWords are words of commands and package names that relate to no
// particular variable.
var commonWords = map[string]bool{"NPX": true, "NODE": true, "SERVER": true, "MCP": true, "MODELCONTEXTPROTOCOL": true, "PYTHON": true, "UVX": true, "LATEST": true, "BIN": true, "USR": true, "LOCAL": true, "HOME": true, "PATH": true, "RUN": true}

// mentions reports whether text contains name as a whole word.
func mentions(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(name)
		if (j == 0 || !isWordByte(text[j-1])) && (end == len(text) || !isWordByte(text[end])) {
			return true
		}
		i = j + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}
