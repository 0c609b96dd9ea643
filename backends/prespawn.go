package backends

import (
	"context"
	"sync"
	"time"

	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/rs/zerolog"
)

// Prespawned holds stdio backend processes started before the gateway
// knows its client. Starting a process (node, python, npx) is most of a
// backend's start-up time; it does not depend on the client, while the MCP
// handshake does (the client's roots, sampling and elicitation capabilities
// are mirrored into it). So the gateway starts the processes of its
// configuration file at launch, and the handshake follows the client's
// initialize. A [Manager] started with Options.Prespawned adopts each process
// whose backend configuration is unchanged and stops the others.
//
// Its methods are safe for concurrent use.
type Prespawned struct {
	mu    sync.Mutex
	procs map[string]*prespawn // guarded by mu; by backend id; nil after Close

	closeOnce sync.Once
	closed    chan struct{} // closed when Close has stopped every process
}

type prespawn struct {
	cfg    schemas.Backend
	stream rpc.Stream
	proc   *process
}

// Prespawn starts the processes of the enabled stdio backends in cfgs that
// depend on no other backend. Failures are left to the normal start, which
// retries and reports them. environ nil means os.Environ().
func Prespawn(cfgs []schemas.Backend, environ []string, maxMsg int, log zerolog.Logger) *Prespawned {
	if environ == nil {
		environ = osEnviron()
	}
	p := &Prespawned{procs: map[string]*prespawn{}, closed: make(chan struct{})}
	// The processes start in parallel: a fork and exec takes a millisecond
	// or more, and started one after another the last backend of ten
	// would begin its own start-up ten of them late.
	var wg sync.WaitGroup
	for _, c := range cfgs {
		if c.Type != schemas.TypeStdio || c.Disabled || len(c.DependsOn) > 0 || len(c.Invalid) > 0 || SelfLaunch(&c) != "" {
			continue
		}
		wg.Go(func() {
			s, proc, err := dialStdio(context.Background(), &c, environ, maxMsg, log.With().Str("backend", c.ID).Logger())
			if err != nil {
				return
			}
			p.mu.Lock()
			p.procs[c.ID] = &prespawn{cfg: c, stream: s, proc: proc}
			p.mu.Unlock()
		})
	}
	wg.Wait()
	return p
}

// take hands over the process started for cfg's backend if its
// configuration is still the same.
func (p *Prespawned) take(cfg schemas.Backend) *prespawn {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	ps := p.procs[cfg.ID]
	if ps == nil || !sameConfig(ps.cfg, cfg) {
		return nil
	}
	delete(p.procs, cfg.ID)
	return ps
}

// Close stops every process nobody adopted, in parallel, and waits; a
// concurrent or later call waits for the first. take finds nothing
// afterwards.
func (p *Prespawned) Close() {
	if p == nil {
		return
	}
	p.closeOnce.Do(p.close)
	<-p.closed
}

func (p *Prespawned) close() {
	defer close(p.closed)
	p.mu.Lock()
	procs := p.procs
	p.procs = nil
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, ps := range procs {
		wg.Add(1)
		// Owned by Close, which waits for it.
		go func() {
			defer wg.Done()
			ps.stream.Close()
			ps.proc.stop(500 * time.Millisecond)
		}()
	}
	wg.Wait()
}
