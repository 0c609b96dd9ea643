package gateway

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/planner"
)

// Names toward the client. Under "prefixed" (the default) every backend
// tool and prompt is offered as backend__name. Under "bare" each keeps its
// own name; when two backends offer the same name, the later one in
// configuration order gets its prefix (and a warning is logged once), and
// a name that would shadow one of the gateway's own tools is prefixed too.
// Either way the names are unique by construction and backend__name and
// backend.name resolve as well.

// exposedItem is one backend tool or prompt as the client sees it.
type exposedItem struct {
	name    string // what the client sees
	backend string
	item    string // the backend's own name
	raw     []byte // the backend's definition
}

// nameTable maps client-facing names to backend items, for one
// generation of the backends.
type nameTable struct {
	tools   []exposedItem
	prompts []exposedItem
	byName  map[string]*exposedItem // client name -> tool
	byPair  map[[2]string]string    // {backend, tool} -> client name
	prompt  map[string]*exposedItem // client name -> prompt
}

func (nt *nameTable) exposedName(backend, tool string) string {
	if n, ok := nt.byPair[[2]string{backend, tool}]; ok {
		return n
	}
	return backend + planner.Separator + tool
}

// buildNames assigns client names for the ready backends' tools and
// prompts. reserved holds names that are never given bare (the gateway's
// own tools). warn is told about each collision.
func buildNames(bare bool, list []*backends.Backend, warn func(name, backend, owner string)) *nameTable {
	nt := &nameTable{byName: map[string]*exposedItem{}, byPair: map[[2]string]string{}, prompt: map[string]*exposedItem{}}
	assign := func(taken map[string]*exposedItem, backend, item string, reserved map[string]json_) string {
		prefixed := backend + planner.Separator + item
		name := prefixed
		if bare {
			if _, own := reserved[item]; !own {
				if owner, dup := taken[item]; !dup {
					name = item
				} else if warn != nil {
					warn(item, backend, owner.backend)
				}
			}
		}
		if _, dup := taken[name]; dup {
			// A bare name of one backend equal to the prefixed name of
			// another ("a__b" offered bare by x): disambiguate with a hash.
			sum := sha256.Sum256([]byte(backend + "\x00" + item))
			name = prefixed + "_" + hex.EncodeToString(sum[:3])
		}
		return name
	}
	for _, b := range list {
		for _, t := range b.Tools() {
			name := assign(nt.byName, b.ID(), t.Name, metaToolNames)
			nt.tools = append(nt.tools, exposedItem{name: name, backend: b.ID(), item: t.Name, raw: t.Raw})
			nt.byName[name] = &nt.tools[len(nt.tools)-1]
		}
	}
	// byName points into tools; rebuild after the slice stopped growing.
	for i := range nt.tools {
		it := &nt.tools[i]
		nt.byName[it.name] = it
		nt.byPair[[2]string{it.backend, it.item}] = it.name
	}
	for _, b := range list {
		in := b.Info()
		if in.State != backends.Ready {
			continue
		}
		for _, raw := range in.Prompts {
			pname := stringField(raw, "name")
			if pname == "" {
				continue
			}
			name := assign(nt.prompt, b.ID(), pname, nil)
			nt.prompts = append(nt.prompts, exposedItem{name: name, backend: b.ID(), item: pname, raw: raw})
			nt.prompt[name] = &nt.prompts[len(nt.prompts)-1]
		}
	}
	for i := range nt.prompts {
		nt.prompt[nt.prompts[i].name] = &nt.prompts[i]
	}
	return nt
}

// json_ is the value type of the reserved-name sets.
type json_ = struct{}

// metaToolNames are never given to a backend tool bare.
var metaToolNames = map[string]json_{toolOrchestrate: {}, toolSearch: {}, toolCall: {}}

// nameTable returns the current generation's name table.
func (g *Gateway) nameTable() *nameTable {
	mgr := g.Backends()
	if nt := g.namesNow.Load().current(mgr); nt != nil {
		return nt
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	var gen uint64
	if mgr != nil {
		gen = mgr.Generation()
	}
	if g.names != nil && gen == g.namesGen {
		return g.names
	}
	bare := g.cfg != nil && g.cfg.Names == "bare"
	var list []*backends.Backend
	if mgr != nil {
		list = mgr.List()
	}
	g.names = buildNames(bare, list, func(name, backend, owner string) {
		key := backend + "\x00" + name
		if g.warnedNames[key] {
			return
		}
		if g.warnedNames == nil {
			g.warnedNames = map[string]bool{}
		}
		g.warnedNames[key] = true
		g.log.Warn().Str("name", name).Str("backend", backend).Str("owner", owner).
			Msg("two backends offer the same name; the later one in configuration order keeps its backend__ prefix")
	})
	g.namesGen = gen
	g.namesNow.Store(&genSnapshot[nameTable]{mgr: mgr, gen: gen, val: g.names})
	return g.names
}

// exposedTools lists the backend tools with their client names, in
// configuration order.
func (g *Gateway) exposedTools() []exposedItem { return g.nameTable().tools }

// offersBackendTool reports whether name is a backend tool's client name.
func (g *Gateway) offersBackendTool(name string) bool {
	_, ok := g.nameTable().byName[name]
	return ok
}
