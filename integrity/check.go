package integrity

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// Modes, gateway-wide or per backend.
const (
	// ModePin pins on first sight of a backend and quarantines changed,
	// new and flagged definitions until approved. The default.
	ModePin = "pin"
	// ModePinStrict is ModePin, except that a backend seen for the first
	// time is quarantined as a whole until approved.
	ModePinStrict = "pin-strict"
	// ModeWarn pins and scans like ModePin but quarantines nothing:
	// changed, new and flagged definitions stay usable and are flagged.
	ModeWarn = "warn"
	// ModeOff neither pins nor scans.
	ModeOff = "off"
)

// States of a definition.
const (
	StateApproved = "approved" // matches its pin
	StateNew      = "new"      // not pinned, on a backend already approved (or pin-strict)
	StateChanged  = "changed"  // differs from its pin
	StateFlagged  = "flagged"  // the scanner found something and no person approved it
	StateUnpinned = "unpinned" // integrity is off for the backend
)

// Verdict is what the checker decided for one definition.
type Verdict struct {
	State string
	// Quarantined definitions are not offered until approved.
	Quarantined bool
	// Findings are the scanner's, even for an approved definition.
	Findings []Finding
	// Reason is one line for logs and error results: what changed or was
	// found, and how to approve it.
	Reason string
}

// Checker decides, for the definitions a backend offers, which are
// approved, and records what it saw in the pin file. It is safe for
// concurrent use.
type Checker struct {
	Store *Store
	// OnError, if set, receives pin file errors (the checker then treats
	// every definition as unapproved under pin, as usable under warn).
	OnError func(error)

	mu sync.Mutex // serializes updates from this process
}

// Check returns one verdict per definition, in order. mode is one of the
// Mode constants ("" is ModePin). It records first sightings and pending
// definitions for `tools diff` and `tools approve`.
//
// Trust on first use is decided per backend, not per kind: only the call
// that first records a backend (its id and identity) pins what it is
// given without asking, so the caller passes everything a backend's first
// discovery listed (tools and prompts) in one call. Once a backend is
// recorded, any definition not pinned yet, of whatever kind, is new and
// held back under pin: a backend that first listed no prompts does not get
// its first prompt trusted silently later. Under pin-strict a new backend
// is not trusted at all.
func (c *Checker) Check(backendID, identity, mode string, defs []Def) []Verdict {
	if mode == "" {
		mode = ModePin
	}
	verdicts := make([]Verdict, len(defs))
	if mode == ModeOff {
		for i := range verdicts {
			verdicts[i] = Verdict{State: StateUnpinned}
		}
		return verdicts
	}
	canon := make([][]byte, len(defs))
	hashes := make([]string, len(defs))
	for i, d := range defs {
		cj, err := Canonical(d.Kind, d.Raw)
		if err != nil {
			cj = d.Raw
		}
		canon[i], hashes[i] = cj, Hash(cj)
		verdicts[i].Findings = Scan(d.Kind, d.Raw)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now().UTC().Truncate(time.Second)
	err := c.Store.Update(func(f *File) (bool, error) {
		key := Key(backendID, identity)
		bp := f.Backends[key]
		changed := false
		first := bp == nil
		if first {
			bp = &BackendPins{ID: backendID, Identity: identity, Approved: mode != ModePinStrict,
				Pins: map[string]*Pin{}, Pending: map[string]*Pin{}}
			f.Backends[key] = bp
			changed = true
		}
		if bp.Pins == nil {
			bp.Pins = map[string]*Pin{}
		}
		if bp.Pending == nil {
			bp.Pending = map[string]*Pin{}
		}
		for i, d := range defs {
			pk := PinKey(d.Kind, d.Name)
			v := &verdicts[i]
			pin := bp.Pins[pk]
			switch {
			case pin != nil && pin.Hash == hashes[i]:
				// A person approved exactly this (findings or not).
				v.State = StateApproved
				if _, ok := bp.Pending[pk]; ok {
					delete(bp.Pending, pk)
					changed = true
				}
				continue
			case first && bp.Approved && len(v.Findings) == 0:
				// Trust on first use: this call recorded the backend.
				bp.Pins[pk] = &Pin{Hash: hashes[i], Def: canon[i], Seen: now}
				v.State = StateApproved
				continue
			case pin != nil:
				v.State = StateChanged
				v.Reason = fmt.Sprintf("%s %q changed since it was approved (%s)", d.Kind, d.Name, describeChange(pin.Def, canon[i]))
			case len(v.Findings) > 0:
				v.State = StateFlagged
				v.Reason = fmt.Sprintf("%s %q looks poisoned: %s", d.Kind, d.Name, FindingsText(v.Findings))
			case !bp.Approved:
				v.State = StateNew
				v.Reason = fmt.Sprintf("backend %q is new and integrity is pin-strict", backendID)
			default:
				v.State = StateNew
				v.Reason = fmt.Sprintf("%s %q is new on an approved backend", d.Kind, d.Name)
			}
			if len(v.Findings) > 0 && v.State != StateFlagged {
				v.Reason += "; " + FindingsText(v.Findings)
			}
			v.Quarantined = mode != ModeWarn
			if p := bp.Pending[pk]; p == nil || p.Hash != hashes[i] || p.Reason != v.Reason {
				bp.Pending[pk] = &Pin{Hash: hashes[i], Def: canon[i], Reason: v.Reason, Seen: now}
				changed = true
			}
		}
		if first {
			changed = true
		}
		if now.Sub(bp.LastSeen) >= lastSeenStep {
			bp.LastSeen = now.Truncate(lastSeenStep)
			changed = true
		}
		return changed, nil
	})
	if err != nil {
		if c.OnError != nil {
			c.OnError(err)
		}
		for i := range verdicts {
			if verdicts[i].State == "" || verdicts[i].State == StateApproved {
				verdicts[i].State = StateNew
				verdicts[i].Reason = fmt.Sprintf("pin file unavailable: %v", err)
			}
			verdicts[i].Quarantined = mode != ModeWarn
		}
	}
	for i := range verdicts {
		if verdicts[i].Reason != "" {
			verdicts[i].Reason += "; approve with `mcp-agentify tools approve " + backendID + "__" + defs[i].Name + "`"
		}
	}
	return verdicts
}

// describeChange names the pinned members that differ between two
// canonical definitions.
func describeChange(old, cur []byte) string {
	a, b := members(old), members(cur)
	var names []string
	for k, v := range a {
		if b[k] != v {
			names = append(names, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		return "changed: definition"
	}
	sort.Strings(names)
	return "changed: " + strings.Join(names, ", ")
}
