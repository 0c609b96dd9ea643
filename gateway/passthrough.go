package gateway

import (
	"encoding/base64"
	"encoding/json"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// This file forwards the parts of MCP the gateway does not interpret to the
// backend that owns them: prompts (offered as "backend__prompt"), resources
// and resource templates (routed by URI), subscriptions, completions, and
// the backend-to-IDE requests' cancellations.
//
// Merged lists are cut into pages with the gateway's own cursors (see
// cursor.go). The page size is DefaultPageSize, or AGENTIFY_PAGE_SIZE from
// the environment when it is a positive number.

// defaultPageSize is the number of items per page of a merged list.
const defaultPageSize = 100

// Merged list kinds, named by their result field.
const (
	kindPrompts   = "prompts"
	kindResources = "resources"
	kindTemplates = "resourceTemplates"
)

// snapshotsKept is how many recent versions of each merged list are kept
// so that a client walking pages while backends come up sees one
// consistent list.
const snapshotsKept = 4

// passthrough is a session's pass-through state. Its zero value is ready
// for use; the maps are made on first use.
type passthrough struct {
	once     sync.Once
	cursors  *cursorCodec
	pageSize int

	mu    sync.Mutex
	snaps map[string][]snapshot      // guarded by mu; kind -> recent versions, newest last
	subs  map[string]map[string]bool // guarded by mu; URI -> ids of backends the IDE subscribed through
	sigs  map[string]string          // guarded by mu; kind -> generation last announced to the IDE
	// subConn is, per backend id, the connection its subscriptions were
	// made on: after a restart (or a reload that replaced the backend) the
	// gateway subscribes again.
	subConn map[string]backendConn // guarded by mu
}

// backendConn names one connection of one backend.
type backendConn struct {
	b     *backends.Backend
	epoch uint64
}

type snapshot struct {
	gen   string
	items []json.RawMessage
}

func (p *passthrough) init() {
	p.once.Do(func() {
		p.cursors = newCursorCodec()
		p.pageSize = defaultPageSize
		if n, err := strconv.Atoi(os.Getenv("AGENTIFY_PAGE_SIZE")); err == nil && n > 0 {
			p.pageSize = n
		}
		p.snaps = map[string][]snapshot{}
		p.subs = map[string]map[string]bool{}
		p.sigs = map[string]string{}
		p.subConn = map[string]backendConn{}
	})
}

// offersPassthrough reports whether prompts, resources and completions are
// advertised. Backends start after initialize, so what they offer is not
// known when the gateway must declare its capabilities: they are declared
// whenever at least one enabled backend is configured (its lists may be
// empty; an unsupported completion gets the backend's own error).
func (s *session) offersPassthrough() bool {
	cfg := s.g.Config()
	if cfg == nil {
		return false
	}
	for _, b := range cfg.Backends {
		if !b.Disabled {
			return true
		}
	}
	return false
}

// merged builds the client's view of one list kind over every ready
// backend: prompts by their client names; resources and templates
// unchanged, a URI (or template) offered by two backends kept once, for
// the first backend in configuration order (the conflict logged once).
func (s *session) merged(kind string) []json.RawMessage {
	switch kind {
	case kindPrompts:
		var out []json.RawMessage
		for _, it := range s.g.nameTable().prompts {
			if r := renameTool(it.raw, it.name); r != nil {
				out = append(out, r)
			}
		}
		return out
	case kindResources:
		return s.g.offerings().resources
	}
	return s.g.offerings().templates
}

// conflict logs, once per URI and backend, that two backends offer one URI.
func (g *Gateway) conflict(uri, winner, loser string) {
	g.mu.Lock()
	if g.warnedURIs == nil {
		g.warnedURIs = map[string]bool{}
	}
	logged := g.warnedURIs[uri+"\x00"+loser]
	g.warnedURIs[uri+"\x00"+loser] = true
	g.mu.Unlock()
	if !logged {
		g.log.Warn().Str("uri", uri).Str("backend", winner).Str("ignored", loser).
			Msg("two backends offer the same resource; the first in configuration order serves it")
	}
}

func stringField(raw json.RawMessage, field string) string {
	var v string
	if f, ok := rpc.Member(raw, field); ok {
		_ = json.Unmarshal(f, &v)
	}
	return v
}

// generation names a version of a merged list.
func generation(items []json.RawMessage) string {
	h := fnv.New64a()
	for _, it := range items {
		h.Write(it)
		h.Write([]byte{0})
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// listMerged answers prompts/list, resources/list and
// resources/templates/list with one page of the merged list.
//
// A cursor walks the version of the list it was cut from while that
// version is among the last few kept; after that it continues at its
// offset in the current list (the client has been sent list_changed and
// should list again).
func (s *session) listMerged(m *rpc.Message, kind string) {
	var p struct {
		Cursor *string `json:"cursor"`
	}
	if len(m.Params) > 0 && json.Unmarshal(m.Params, &p) != nil {
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: %s expects an object", m.Method))
		return
	}
	s.whenReady(m, nil, func(starting []string) { s.listPage(m, kind, p.Cursor, starting) })
}

// listPage answers one page of a merged list.
func (s *session) listPage(m *rpc.Message, kind string, cursor *string, starting []string) {
	items := s.merged(kind)
	gen := generation(items)
	offset := 0
	s.pt.mu.Lock()
	s.pt.snaps[kind] = keepSnapshot(s.pt.snaps[kind], snapshot{gen, items})
	if cursor != nil {
		st, err := s.pt.cursors.decode(kind, *cursor)
		if err != nil {
			s.pt.mu.Unlock()
			s.conn.ReplyError(m.ID, err)
			return
		}
		offset = st.Offset
		for _, sn := range s.pt.snaps[kind] {
			if sn.gen == st.Gen {
				items, gen = sn.items, sn.gen
			}
		}
	}
	s.pt.mu.Unlock()
	offset = min(offset, len(items))
	end := min(offset+s.pt.pageSize, len(items))
	b := append([]byte(`{"`+kind+`":[`), joinRaw(items[offset:end])...)
	b = append(b, ']')
	if end < len(items) {
		b = append(b, `,"nextCursor":`...)
		b = rpc.AppendString(b, s.pt.cursors.encode(cursorState{Kind: kind, Offset: end, Gen: gen}))
	}
	s.conn.Reply(m.ID, startingMeta(append(b, '}'), starting))
}

func keepSnapshot(snaps []snapshot, sn snapshot) []snapshot {
	for i, old := range snaps {
		if old.gen == sn.gen {
			return append(append(snaps[:i:i], snaps[i+1:]...), sn)
		}
	}
	snaps = append(snaps, sn)
	if len(snaps) > snapshotsKept {
		snaps = snaps[len(snaps)-snapshotsKept:]
	}
	return snaps
}

func joinRaw(items []json.RawMessage) []byte {
	var b []byte
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, it...)
	}
	return b
}

// promptsGet forwards prompts/get for a prompt's client name (or
// "backend__prompt", "backend.prompt") with the backend's own prompt name;
// every other byte passes through unchanged.
func (s *session) promptsGet(m *rpc.Message) {
	name, err := stringParam(m.Params, "name")
	if err != nil {
		s.conn.ReplyError(m.ID, err)
		return
	}
	s.whenReady(m, s.g.backendOf(name), func(starting []string) {
		b, prompt, rerr := s.promptBackend(name, starting)
		if rerr != nil {
			s.conn.ReplyError(m.ID, rerr)
			return
		}
		params, _ := rpc.SetMember(m.Params, "name", rpc.AppendString(nil, prompt))
		s.forward(m.ID, b, m.Method, "", params, nil)
	})
}

// promptBackend resolves a prompt's client name (or qualified name).
func (s *session) promptBackend(name string, starting []string) (*backends.Backend, string, *rpc.Error) {
	bid, prompt, ok := "", "", false
	if it, found := s.g.nameTable().prompt[name]; found {
		bid, prompt, ok = it.backend, it.item, true
	} else {
		bid, prompt, ok = splitQualified(name)
	}
	if !ok {
		if len(starting) > 0 {
			return nil, "", wireError(s.g.notReady(starting))
		}
		return nil, "", rpc.Errorf(rpc.CodeInvalidParams, "invalid params: unknown prompt %q (prompts/list names them)", name)
	}
	mgr := s.g.Backends()
	var b *backends.Backend
	if mgr != nil {
		b, ok = mgr.Get(bid)
	}
	if b == nil || !ok {
		return nil, "", rpc.Errorf(rpc.CodeInvalidParams, "invalid params: unknown prompt %q: no backend %q", name, bid)
	}
	if contains(starting, bid) {
		return nil, "", wireError(s.g.notReady([]string{bid}))
	}
	return b, prompt, nil
}

// resourceRequest routes resources/read, subscribe and unsubscribe by URI.
// A URI no ready backend serves waits for backends on their first start.
func (s *session) resourceRequest(m *rpc.Message) {
	uri, err := stringParam(m.Params, "uri")
	if err != nil {
		s.conn.ReplyError(m.ID, err)
		return
	}
	if b := s.resourceOwner(uri); b != nil {
		s.routeResource(m, uri, b)
		return
	}
	s.whenReady(m, nil, func(starting []string) {
		b := s.resourceOwner(uri)
		switch {
		case b != nil:
			s.routeResource(m, uri, b)
		case len(starting) > 0:
			s.conn.ReplyError(m.ID, wireError(s.g.notReady(starting)))
		default:
			if b := s.g.offerings().lastOwner(uri); b != nil {
				// Its backend is away (restarting, failed): the request goes
				// to it and is answered with its state, naming it.
				s.routeResource(m, uri, b)
				return
			}
			s.conn.ReplyError(m.ID, resourceNotFound(uri))
		}
	})
}

func (s *session) routeResource(m *rpc.Message, uri string, b *backends.Backend) {
	var after func(*rpc.Message)
	switch m.Method {
	case "resources/subscribe":
		after = func(resp *rpc.Message) {
			if resp.Error == nil {
				s.subscribe(uri, b.ID(), true)
				s.pt.mu.Lock()
				if _, ok := s.pt.subConn[b.ID()]; !ok {
					s.pt.subConn[b.ID()] = backendConn{b, b.Epoch()}
				}
				s.pt.mu.Unlock()
			}
		}
	case "resources/unsubscribe":
		s.subscribe(uri, b.ID(), false)
	}
	s.forward(m.ID, b, m.Method, "", m.Params, after)
}

func resourceNotFound(uri string) *rpc.Error {
	return rpc.Errorf(rpc.CodeInvalidParams, "resource not found: no backend offers %q", uri).WithData(map[string]string{"uri": uri})
}

func (s *session) subscribe(uri, backend string, on bool) {
	s.pt.mu.Lock()
	defer s.pt.mu.Unlock()
	if on {
		if s.pt.subs[uri] == nil {
			s.pt.subs[uri] = map[string]bool{}
		}
		s.pt.subs[uri][backend] = true
		return
	}
	delete(s.pt.subs[uri], backend)
	if len(s.pt.subs[uri]) == 0 {
		delete(s.pt.subs, uri)
	}
}

// renewSubscriptions subscribes again, on a backend's new connection, to
// the resources the IDE subscribed to through its previous one: a restarted
// backend (or one a reload replaced) has forgotten them. It runs after
// backend changes settle.
func (s *session) renewSubscriptions() {
	mgr := s.g.Backends()
	if mgr == nil {
		return
	}
	s.pt.init()
	for _, b := range mgr.List() {
		if st, _ := b.State(); st != backends.Ready {
			continue
		}
		cur := backendConn{b, b.Epoch()}
		var uris []string
		s.pt.mu.Lock()
		if prev, ok := s.pt.subConn[b.ID()]; ok && prev != cur {
			for uri, bs := range s.pt.subs {
				if bs[b.ID()] {
					uris = append(uris, uri)
				}
			}
			s.pt.subConn[b.ID()] = cur
		}
		s.pt.mu.Unlock()
		for _, uri := range uris {
			params := rpc.AppendString([]byte(`{"uri":`), uri)
			_, err := b.Forward("resources/subscribe", append(params, '}'), func(resp *rpc.Message) {
				if resp.Error != nil {
					s.log.Warn().Str("backend", b.ID()).Str("uri", uri).Str("error", resp.Error.Message).Msg("subscribing again after a restart failed")
				}
			})
			if err != nil {
				s.log.Warn().Str("backend", b.ID()).Str("uri", uri).Err(err).Msg("subscribing again after a restart failed")
			}
		}
		if len(uris) > 0 {
			s.log.Info().Str("backend", b.ID()).Int("resources", len(uris)).Msg("subscribed again after the backend restarted")
		}
	}
}

// resourceUpdated relays notifications/resources/updated from b when the
// IDE subscribed to that URI through b; other updates are dropped.
func (s *session) resourceUpdated(b *backends.Backend, m *rpc.Message) {
	s.pt.init()
	uri := stringField(m.Params, "uri")
	s.pt.mu.Lock()
	ok := s.pt.subs[uri][b.ID()]
	s.pt.mu.Unlock()
	if ok {
		s.conn.Notify(m.Method, m.Params)
	}
}

// resourceOwner finds the backend serving uri (see [offerings.owner]);
// nil if none (the client then gets -32602).
func (s *session) resourceOwner(uri string) *backends.Backend { return s.g.offerings().owner(uri) }

// complete routes completion/complete: ref/prompt by prompt name
// (rewritten to the backend's), ref/resource by URI or template. Every
// other byte of the params passes through unchanged.
func (s *session) complete(m *rpc.Message) {
	ref, ok := rpc.Member(m.Params, "ref")
	if !ok || len(ref) == 0 || ref[0] != '{' {
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: ref: expected an object"))
		return
	}
	var r struct{ Type, Name, URI string }
	_ = json.Unmarshal(ref, &r)
	switch r.Type {
	case "ref/prompt":
		s.whenReady(m, s.g.backendOf(r.Name), func(starting []string) {
			b, prompt, err := s.promptBackend(r.Name, starting)
			if err != nil {
				s.conn.ReplyError(m.ID, err)
				return
			}
			ref, _ := rpc.SetMember(ref, "name", rpc.AppendString(nil, prompt))
			params, _ := rpc.SetMember(m.Params, "ref", ref)
			s.forward(m.ID, b, m.Method, "", params, nil)
		})
	case "ref/resource":
		if b := s.resourceOwner(r.URI); b != nil {
			s.forward(m.ID, b, m.Method, "", m.Params, nil)
			return
		}
		s.whenReady(m, nil, func(starting []string) {
			b := s.resourceOwner(r.URI)
			switch {
			case b != nil:
				s.forward(m.ID, b, m.Method, "", m.Params, nil)
			case len(starting) > 0:
				s.conn.ReplyError(m.ID, wireError(s.g.notReady(starting)))
			default:
				s.conn.ReplyError(m.ID, resourceNotFound(r.URI))
			}
		})
	default:
		s.conn.ReplyError(m.ID, rpc.Errorf(rpc.CodeInvalidParams, "invalid params: ref/type: must be \"ref/prompt\" or \"ref/resource\", got %q", r.Type))
	}
}

// stringParam reads one required string member of params.
func stringParam(raw json.RawMessage, field string) (string, *rpc.Error) {
	var v string
	if f, ok := rpc.Member(raw, field); !ok || json.Unmarshal(f, &v) != nil || v == "" {
		return "", rpc.Errorf(rpc.CodeInvalidParams, "invalid params: %s: required string", field)
	}
	return v, nil
}

// notifyPassthroughLists tells the IDE, once per change, that the merged
// prompts or resources (with templates) changed.
func (s *session) notifyPassthroughLists() {
	if !s.offersPassthrough() {
		return
	}
	s.pt.init()
	for _, k := range []struct {
		kinds  []string
		method string
	}{
		{[]string{kindPrompts}, "notifications/prompts/list_changed"},
		{[]string{kindResources, kindTemplates}, "notifications/resources/list_changed"},
	} {
		var sig string
		for _, kind := range k.kinds {
			sig += generation(s.merged(kind)) + "/"
		}
		s.pt.mu.Lock()
		old, seen := s.pt.sigs[k.method]
		s.pt.sigs[k.method] = sig
		s.pt.mu.Unlock()
		if (seen || sig != strings.Repeat(generation(nil)+"/", len(k.kinds))) && old != sig {
			s.conn.Notify(k.method, nil)
		}
	}
}
