package gateway

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/mcp-agentify/mcp-agentify/backends"
)

// offerings is what the ready backends offer beyond tools, parsed once per
// generation of the backends (every state or list change advances it) and
// then shared, read-only, by every session: the merged resource and
// template lists, the routing table from URI and URI template to backend,
// and the URI schemes each backend serves.
type offerings struct {
	gen       uint64
	ready     []*backends.Backend
	resources []json.RawMessage // merged, a URI kept once (first backend in configuration order)
	templates []json.RawMessage // merged likewise by uriTemplate
	byURI     map[string]*backends.Backend
	byTmpl    map[string]*backends.Backend // exact uriTemplate
	matchers  []templateMatcher            // in configuration order
	byScheme  map[string][]*backends.Backend
	conflicts [][3]string // {uri, winner, loser}
	// away maps the URIs that backends not ready now (restarting, failed,
	// awaiting authorization) listed when they last were, so a read of one
	// is answered with that backend's state instead of "not found".
	away map[string]*backends.Backend
}

type templateMatcher struct {
	b  *backends.Backend
	re *regexp.Regexp
}

// offerings returns the current generation's offerings.
func (g *Gateway) offerings() *offerings {
	mgr := g.Backends()
	var gen uint64
	if mgr != nil {
		gen = mgr.Generation()
	}
	g.mu.Lock()
	o := g.offered
	g.mu.Unlock()
	if o != nil && o.gen == gen {
		return o
	}
	o = buildOfferings(gen, mgr)
	g.mu.Lock()
	if g.offered == nil || g.offered.gen <= gen {
		g.offered = o
	}
	g.mu.Unlock()
	for _, c := range o.conflicts {
		g.conflict(c[0], c[1], c[2])
	}
	return o
}

func buildOfferings(gen uint64, mgr *backends.Manager) *offerings {
	o := &offerings{gen: gen, byURI: map[string]*backends.Backend{}, byTmpl: map[string]*backends.Backend{}, byScheme: map[string][]*backends.Backend{}, away: map[string]*backends.Backend{}}
	if mgr == nil {
		return o
	}
	for _, b := range mgr.List() {
		in := b.Info()
		if in.State != backends.Ready {
			for _, raw := range in.Resources {
				if uri := stringField(raw, "uri"); uri != "" && o.away[uri] == nil {
					o.away[uri] = b
				}
			}
			continue
		}
		o.ready = append(o.ready, b)
		schemes := map[string]bool{}
		for _, raw := range in.Resources {
			uri := stringField(raw, "uri")
			if uri == "" {
				continue
			}
			schemes[scheme(uri)] = true
			if owner, dup := o.byURI[uri]; dup {
				o.conflicts = append(o.conflicts, [3]string{uri, owner.ID(), b.ID()})
				continue
			}
			o.byURI[uri] = b
			o.resources = append(o.resources, raw)
		}
		for _, raw := range in.Templates {
			t := stringField(raw, "uriTemplate")
			if t == "" {
				continue
			}
			schemes[scheme(t)] = true
			if owner, dup := o.byTmpl[t]; dup {
				o.conflicts = append(o.conflicts, [3]string{t, owner.ID(), b.ID()})
				continue
			}
			o.byTmpl[t] = b
			o.templates = append(o.templates, raw)
			if re := templateRegexp(t); re != nil {
				o.matchers = append(o.matchers, templateMatcher{b, re})
			}
		}
		if declared(in.Capabilities, "resources") {
			for s := range schemes {
				o.byScheme[s] = append(o.byScheme[s], b)
			}
		}
	}
	return o
}

func scheme(uri string) string {
	s, _, _ := strings.Cut(uri, ":")
	return s
}

// lastOwner returns the backend, not ready now, that listed uri when it
// last was (see away), or nil.
func (o *offerings) lastOwner(uri string) *backends.Backend {
	if o.byURI[uri] != nil {
		return nil
	}
	return o.away[uri]
}

// owner finds the backend serving uri: the first backend (in
// configuration order) listing it, else the first whose template is uri
// itself or matches it, else the only backend whose resources or templates
// share uri's scheme. Nil if none.
func (o *offerings) owner(uri string) *backends.Backend {
	if b := o.byURI[uri]; b != nil {
		return b
	}
	if b := o.byTmpl[uri]; b != nil {
		return b
	}
	for _, m := range o.matchers {
		if m.re.MatchString(uri) {
			return m.b
		}
	}
	if bs := o.byScheme[scheme(uri)]; len(bs) == 1 {
		return bs[0]
	}
	return nil
}

// declared reports whether a capabilities object declares name: present
// and not null (some peers serialize every optional field as null).
func declared(caps json.RawMessage, name string) bool {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(caps, &m)
	v, ok := m[name]
	return ok && strings.TrimSpace(string(v)) != "null"
}

var templateExpr = regexp.MustCompile(`\{([+#./;?&]?)[^}]*\}`)

// templateRegexp compiles the RFC 6570 URI template t into a regexp that
// matches its expansions: each expression matches what its operator can
// expand to. Nil if t does not compile.
func templateRegexp(t string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	last := 0
	for _, loc := range templateExpr.FindAllStringSubmatchIndex(t, -1) {
		b.WriteString(regexp.QuoteMeta(t[last:loc[0]]))
		switch t[loc[2]:loc[3]] {
		case "":
			b.WriteString(`[^/?#]*`)
		case "+", "#":
			b.WriteString(`.*`)
		case "/":
			b.WriteString(`(?:/[^/?#]*)*`)
		case ".":
			b.WriteString(`(?:\.[^/?#.]*)*`)
		case ";":
			b.WriteString(`(?:;[^/?#]*)*`)
		case "?", "&":
			b.WriteString(`(?:[?&][^#]*)?`)
		}
		last = loc[1]
	}
	b.WriteString(regexp.QuoteMeta(t[last:]))
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil
	}
	return re
}
