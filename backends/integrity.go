package backends

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// Definition is one tool or prompt a backend offers, as given to a
// [ToolChecker]: Kind is "tool" or "prompt", Raw the backend's own JSON.
type Definition struct {
	Kind string
	Name string
	Raw  json.RawMessage
}

// Verdict is a [ToolChecker]'s decision on one definition.
type Verdict struct {
	// State is "approved", "new", "changed", "flagged" or "unpinned".
	State string
	// Quarantined definitions are withheld from Tools, Info and every list.
	Quarantined bool
	// Flagged marks a usable definition that changed or that the scanner
	// flagged (mode warn), or that a person approved despite findings.
	Flagged bool
	// Reason says what changed or was found and how to approve it.
	Reason string
	// Findings are the poisoning scanner's hits, even on an approved
	// definition.
	Findings []Finding
}

// Finding is one poisoning rule's hit in one text of a definition.
type Finding struct {
	Rule   string `json:"rule"`   // the rule's name, "hidden-block", ...
	Where  string `json:"where"`  // "description", "inputSchema.properties.path.description", ...
	Detail string `json:"detail"` // what matched, quoted and shortened: backend text, never markup
}

// ToolChecker pins and scans a backend's definitions (package integrity,
// wired in by main). Check returns one verdict per definition, in order;
// mode is the backend's integrity mode ("pin", "pin-strict", "warn",
// "off"). It may do file I/O; it is never called with a backend's lock held.
type ToolChecker interface {
	Check(backendID, identity, mode string, defs []Definition) []Verdict
}

// IntegrityStatus is the integrity state of one definition of a backend.
type IntegrityStatus struct {
	Kind        string    `json:"kind"`
	Name        string    `json:"name"`
	State       string    `json:"state"`
	Quarantined bool      `json:"quarantined,omitempty"`
	Flagged     bool      `json:"flagged,omitempty"`
	Reason      string    `json:"reason,omitempty"`
	Findings    []Finding `json:"findings,omitempty"`
}

// integrityState is a backend's last discovered definitions, before
// screening, and the verdicts on them.
type integrityState struct {
	mu      sync.Mutex // serializes screening; taken before b.mu, never inside it
	tools   []Tool
	prompts []json.RawMessage
	status  map[string]IntegrityStatus // "tool:NAME" / "prompt:NAME"
	// listedTools and listedPrompts record that a discovery has screened
	// that kind at least once. Until one has, there is nothing to re-check:
	// a Check with no definitions would record the backend as seen, and
	// what its first discovery lists would then be held back as new.
	listedTools, listedPrompts bool
}

// discoveryKinds is what a refresh after kind's list_changed lists. Before
// the backend's first discovery has been screened, a refresh of tools or
// prompts lists both: whichever discovery reaches the checker first is
// the one that trusts the backend on first use, so it must carry all its
// definitions (a server may announce list_changed while the first
// discovery is still under way).
func (b *Backend) discoveryKinds(kind string) []string {
	if b.opts.Integrity == nil || kind != "tools" && kind != "prompts" {
		return []string{kind}
	}
	b.integ.mu.Lock()
	defer b.integ.mu.Unlock()
	if b.integ.listedTools || b.integ.listedPrompts {
		return []string{kind}
	}
	return []string{"tools", "prompts"}
}

// Identity is what a backend's pins are keyed by besides its id: its
// command and arguments, or its URL.
func Identity(cfg schemas.Backend) string {
	if cfg.Command != "" {
		b, _ := json.Marshal(append([]string{cfg.Command}, cfg.Args...))
		return string(b)
	}
	return cfg.URL
}

// identity is what a backend's pins are keyed by: its command and args (or
// URL), plus the client capabilities mirrored into its initialize when
// there are any. Servers offer different tools to clients with different
// capabilities (server-everything adds its sampling, elicitation and roots
// tools), so the same server seen through an IDE with other capabilities
// is pinned on its own instead of having those tools held back as new.
func (b *Backend) identity() string {
	id := Identity(b.cfg)
	var caps map[string]json.RawMessage
	if json.Unmarshal(b.opts.Capabilities, &caps) != nil || len(caps) == 0 {
		return id
	}
	names := make([]string, 0, len(caps))
	for k := range caps {
		names = append(names, k)
	}
	sort.Strings(names)
	return id + " caps=" + strings.Join(names, ",")
}

func (b *Backend) integrityMode() string {
	if b.cfg.Integrity != "" {
		return b.cfg.Integrity
	}
	return b.opts.IntegrityMode
}

// screen records what a discovery listed (tools if doTools, prompts if
// doPrompts) and returns the tools and prompts not quarantined. A
// discovery that lists both passes both in one call: the checker trusts a
// backend on first use only in the call that first records it.
func (b *Backend) screen(tools []Tool, prompts []json.RawMessage, doTools, doPrompts bool) ([]Tool, []json.RawMessage) {
	if b.opts.Integrity == nil || !doTools && !doPrompts {
		return tools, prompts
	}
	b.integ.mu.Lock()
	defer b.integ.mu.Unlock()
	if doTools {
		b.integ.tools, b.integ.listedTools = tools, true
	}
	if doPrompts {
		b.integ.prompts, b.integ.listedPrompts = prompts, true
	}
	outT, outP := b.screenLocked(doTools, doPrompts)
	if !doTools {
		outT = tools
	}
	if !doPrompts {
		outP = prompts
	}
	return outT, outP
}

// screenLocked checks the recorded tools and/or prompts; b.integ.mu is held.
func (b *Backend) screenLocked(doTools, doPrompts bool) ([]Tool, []json.RawMessage) {
	var defs []Definition
	if doTools {
		for _, t := range b.integ.tools {
			defs = append(defs, Definition{Kind: "tool", Name: t.Name, Raw: t.Raw})
		}
	}
	nTools := len(defs)
	if doPrompts {
		for _, p := range b.integ.prompts {
			var n struct{ Name string }
			_ = json.Unmarshal(p, &n)
			defs = append(defs, Definition{Kind: "prompt", Name: n.Name, Raw: p})
		}
	}
	verdicts := b.opts.Integrity.Check(b.cfg.ID, b.identity(), b.integrityMode(), defs)
	status := map[string]IntegrityStatus{}
	for k, s := range b.integ.status {
		if doTools && s.Kind == "tool" || doPrompts && s.Kind == "prompt" {
			continue
		}
		status[k] = s
	}
	var tools []Tool
	var prompts []json.RawMessage
	for i, d := range defs {
		var v Verdict
		if i < len(verdicts) {
			v = verdicts[i]
		} else {
			v = Verdict{State: "new", Quarantined: true, Reason: "no integrity verdict"}
		}
		st := IntegrityStatus{Kind: d.Kind, Name: d.Name, State: v.State, Quarantined: v.Quarantined,
			Flagged: v.Flagged || !v.Quarantined && v.Reason != "", Reason: v.Reason, Findings: v.Findings}
		status[d.Kind+":"+d.Name] = st
		switch {
		case v.Quarantined:
			b.log.Warn().Str(d.Kind, d.Name).Str("integrity", v.State).Str("reason", v.Reason).Msg("quarantined")
			continue
		case st.Flagged:
			b.log.Warn().Str(d.Kind, d.Name).Str("integrity", v.State).Str("reason", v.Reason).Msg("flagged")
		}
		if d.Kind == "tool" {
			tools = append(tools, b.integ.tools[i])
		} else {
			prompts = append(prompts, b.integ.prompts[i-nTools])
		}
	}
	b.integ.status = status
	return tools, prompts
}

// Quarantined reports whether the backend's tool name (its own name) is
// held back, and why: what changed or was found, and the approve command.
func (b *Backend) Quarantined(name string) (reason string, ok bool) {
	b.integ.mu.Lock()
	defer b.integ.mu.Unlock()
	s, ok := b.integ.status["tool:"+name]
	if !ok || !s.Quarantined {
		return "", false
	}
	return s.Reason, true
}

// Integrity returns the integrity state of every discovered tool and
// prompt, quarantined ones included, sorted by kind and name. It is empty
// when no checker is configured.
func (b *Backend) Integrity() []IntegrityStatus {
	b.integ.mu.Lock()
	defer b.integ.mu.Unlock()
	out := make([]IntegrityStatus, 0, len(b.integ.status))
	for _, s := range b.integ.status {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind > out[j].Kind // tools first
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// Recheck screens every backend's last discovered definitions again (after
// an approval) and, where what is offered changed, advances the generation
// and calls OnChange so the IDE gets list_changed.
func (m *Manager) Recheck() {
	if m.opts.Integrity == nil {
		return
	}
	for _, b := range m.List() {
		b.recheck()
	}
}

func (b *Backend) recheck() {
	b.integ.mu.Lock()
	doTools, doPrompts := b.integ.listedTools, b.integ.listedPrompts
	if !doTools && !doPrompts {
		// Not discovered yet: its first discovery will screen it.
		b.integ.mu.Unlock()
		return
	}
	tools, prompts := b.screenLocked(doTools, doPrompts)
	b.mu.Lock()
	if !doTools {
		tools = b.tools
	}
	if !doPrompts {
		prompts = b.prompts
	}
	// Compare what is offered, not only how much: an approval and a new
	// quarantine in one pin-file change keep the counts.
	changed := !sameTools(tools, b.tools) || !slices.EqualFunc(prompts, b.prompts, func(x, y json.RawMessage) bool { return string(x) == string(y) })
	b.tools, b.prompts = tools, prompts
	b.bump()
	b.mu.Unlock()
	b.integ.mu.Unlock()
	if changed && b.opts.OnChange != nil {
		b.opts.OnChange(b)
	}
}

func sameTools(a, b []Tool) bool {
	return slices.EqualFunc(a, b, func(x, y Tool) bool { return x.Name == y.Name && string(x.Raw) == string(y.Raw) })
}

// WatchPins re-checks the manager's backends whenever the pin file at path
// changes (an approval by `tools approve`, the dashboard or another
// gateway), until ctx ends. It watches the file's directory, since the
// file is replaced by rename. The caller owns the goroutine that runs it.
func WatchPins(ctx context.Context, path string, m *Manager) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	dir := filepath.Dir(path)
	// On a first run the state directory may not exist yet (the first
	// pin creates it); watch it from the start, or approvals made in this
	// run would wait for the next one.
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if err := w.Add(dir); err != nil {
		return err
	}
	var timer *time.Timer
	fire := make(chan struct{}, 1)
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if filepath.Clean(ev.Name) != filepath.Clean(path) || ev.Has(fsnotify.Chmod) {
				continue
			}
			// Coalesce a burst (write, rename) into one recheck.
			if timer == nil {
				timer = time.AfterFunc(50*time.Millisecond, func() {
					select {
					case fire <- struct{}{}:
					default:
					}
				})
			} else {
				timer.Reset(50 * time.Millisecond)
			}
		case <-fire:
			m.Recheck()
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			m.opts.Logger.Warn().Err(err).Msg("watching the pin file")
		}
	}
}
