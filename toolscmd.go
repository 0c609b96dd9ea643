package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/integrity"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// pinChecker adapts integrity.Checker to backends.ToolChecker.
type pinChecker struct{ c *integrity.Checker }

func (p pinChecker) Check(id, identity, mode string, defs []backends.Definition) []backends.Verdict {
	in := make([]integrity.Def, len(defs))
	for i, d := range defs {
		in[i] = integrity.Def{Kind: d.Kind, Name: d.Name, Raw: d.Raw}
	}
	vs := p.c.Check(id, identity, mode, in)
	out := make([]backends.Verdict, len(vs))
	for i, v := range vs {
		out[i] = backends.Verdict{State: v.State, Quarantined: v.Quarantined, Flagged: len(v.Findings) > 0, Reason: v.Reason}
		for _, f := range v.Findings {
			out[i].Findings = append(out[i].Findings, backends.Finding{Rule: f.Rule, Where: f.Where, Detail: f.Detail})
		}
	}
	return out
}

// newPinChecker returns the checker on the default pin file
// ($AGENTIFY_STATE_DIR/approved-tools.json), for the gateway's
// backends.Options.Integrity, and the file's path (for backends.WatchPins).
func newPinChecker(onErr func(error)) (backends.ToolChecker, string, error) {
	path, err := integrity.DefaultPath()
	if err != nil {
		return nil, "", err
	}
	return pinChecker{&integrity.Checker{Store: &integrity.Store{Path: path}, OnError: onErr}}, path, nil
}

// toolsCmd runs `tools` (start every backend, list each tool and prompt
// with its integrity state), `tools diff NAME…` and `tools approve
// BACKEND[__TOOL]…` (pin file only, no backend started). cfg is the
// effective configuration (file and overrides).
func toolsCmd(ctx context.Context, cfg *schemas.Config, sub string, args []string, stdout, stderr io.Writer) int {
	path, err := integrity.DefaultPath()
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify tools: %v\n", err)
		return exitFailure
	}
	store := &integrity.Store{Path: path}
	switch sub {
	case "diff":
		return toolsDiff(store, args, stdout, stderr)
	case "approve":
		return toolsApprove(store, args, stdout, stderr)
	}
	checker, _, _ := newPinChecker(func(err error) { fmt.Fprintf(stderr, "mcp-agentify tools: %v\n", err) })
	m := backends.NewManager(cfg.Backends, &backends.Options{
		ClientName: "mcp-agentify", ClientVersion: shortVersion(),
		StartupTimeout: cfg.StartupTimeout.D(0), CallTimeout: cfg.CallTimeout.D(0),
		Integrity: checker, IntegrityMode: cfg.Integrity,
	})
	m.Start()
	defer m.Stop()
	m.WaitReady(ctx)
	held := 0
	for _, b := range m.List() {
		in := b.Info()
		fmt.Fprintf(stdout, "%s (%s)\n", in.ID, in.State)
		if in.Error != "" {
			fmt.Fprintf(stdout, "  error: %s\n", in.Error)
		}
		for _, s := range b.Integrity() {
			mark := s.State
			if s.Quarantined {
				mark += ", quarantined"
				held++
			} else if s.Flagged {
				mark += ", flagged"
			}
			name := in.ID + "__" + s.Name
			if s.Kind == "prompt" {
				name += " (prompt)"
			}
			fmt.Fprintf(stdout, "  %-40s %s\n", name, mark)
			if s.Reason != "" {
				fmt.Fprintf(stdout, "      %s\n", s.Reason)
			}
		}
	}
	fmt.Fprintf(stdout, "\npin file: %s; %d held back\n", path, held)
	if held > 0 {
		return exitFailure
	}
	return exitOK
}

// splitQualified splits BACKEND__TOOL (or BACKEND.TOOL) at the first
// separator after which the prefix names a backend in the pin file.
func splitQualified(f *integrity.File, name string) (backend, tool string) {
	ids := map[string]bool{}
	for _, bp := range f.Backends {
		ids[bp.ID] = true
	}
	if ids[name] {
		return name, ""
	}
	for i := 0; i < len(name); i++ {
		for _, sep := range []string{"__", "."} {
			if strings.HasPrefix(name[i:], sep) && ids[name[:i]] {
				return name[:i], name[i+len(sep):]
			}
		}
	}
	if b, t, ok := strings.Cut(name, "__"); ok {
		return b, t
	}
	return name, ""
}

func toolsDiff(store *integrity.Store, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: mcp-agentify tools diff [--config F] BACKEND__TOOL…")
		return exitUsage
	}
	f, err := store.Load()
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify tools diff: %v\n", err)
		return exitFailure
	}
	rc := exitOK
	for _, a := range args {
		id, tool := splitQualified(f, a)
		found := false
		keys := []string{}
		for _, bp := range f.Backends {
			if bp.ID != id {
				continue
			}
			for k := range bp.Pending {
				// TOOL, or KIND:NAME ("prompt:greet") when a tool and a prompt share a name.
				if tool == "" || k == tool || k == integrity.PinKey(integrity.KindTool, tool) || k == integrity.PinKey(integrity.KindPrompt, tool) {
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range keys {
				found = true
				p := bp.Pending[k]
				var old []byte
				if pin := bp.Pins[k]; pin != nil {
					old = pin.Def
				}
				fmt.Fprintf(stdout, "%s %s\n  %s\n--- approved\n+++ offered now\n%s\n", id, k, p.Reason, integrity.Diff(old, p.Def))
			}
		}
		if !found {
			fmt.Fprintf(stderr, "mcp-agentify tools diff: %s: nothing pending\n", a)
			rc = exitFailure
		}
	}
	return rc
}

func toolsApprove(store *integrity.Store, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: mcp-agentify tools approve [--config F] BACKEND[__TOOL]…")
		return exitUsage
	}
	f, err := store.Load()
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify tools approve: %v\n", err)
		return exitFailure
	}
	rc := exitOK
	for _, a := range args {
		id, tool := splitQualified(f, a)
		var names []string
		if tool != "" {
			names = []string{tool}
		}
		got, err := store.Approve(id, names...)
		if err != nil {
			fmt.Fprintf(stderr, "mcp-agentify tools approve: %s: %v\n", a, err)
			rc = exitFailure
			continue
		}
		for _, k := range got {
			fmt.Fprintf(stdout, "approved %s %s\n", id, k)
		}
		if len(got) == 0 {
			fmt.Fprintf(stdout, "%s: nothing pending; backend approved\n", id)
		}
	}
	return rc
}

// runToolsPrune runs `tools prune [--config F] [--unused AGE] [--dry-run]`:
// it removes from the pin file the entries of backends no gateway has
// checked for AGE (default 90 days), except backends the configuration
// still names. The pin file keeps an entry per command line ever
// configured (a version bump in `npx -y pkg@1.2.3` is a new one), so it
// only grows otherwise.
func runToolsPrune(args []string, now time.Time, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("mcp-agentify tools prune", flag.ContinueOnError)
	fset.SetOutput(stderr)
	configPath := fset.String("config", "", "configuration file whose backends are kept (default $AGENTIFY_CONFIG, else ./mcp-agentify.json)")
	unusedFlag := fset.String("unused", "90d", "forget backends no gateway has checked for this long (days as 90d, or a Go duration)")
	dryRun := fset.Bool("dry-run", false, "list what would be forgotten; change nothing")
	fset.Usage = func() {
		fmt.Fprint(stderr, `usage: mcp-agentify tools prune [--config FILE] [--unused 90d] [--dry-run]

Forgets the pins of backends that no gateway has checked for --unused,
except the backends the configuration names. A forgotten backend that
comes back is new again: its definitions are trusted on first use under
integrity "pin" and held back under "pin-strict".
`)
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fset.NArg() > 0 {
		fset.Usage()
		return exitUsage
	}
	unused, err := parseAge(*unusedFlag)
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify tools prune: --unused: %v\n", err)
		return exitUsage
	}
	cfg, _, err := loadConfig(*configPath, "tools prune")
	if err != nil {
		// Without the configuration the backends in use cannot be told
		// apart; forgetting their approvals is not a guess to make.
		fmt.Fprintf(stderr, "mcp-agentify tools prune: %v\n", err)
		return exitFailure
	}
	keep := map[string]bool{}
	for _, b := range cfg.Backends {
		keep[b.ID] = true
	}
	path, err := integrity.DefaultPath()
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify tools prune: %v\n", err)
		return exitFailure
	}
	pruned, err := (&integrity.Store{Path: path}).Prune(now, unused, keep, *dryRun)
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify tools prune: %v\n", err)
		return exitFailure
	}
	verb := "forgot"
	if *dryRun {
		verb = "would forget"
	}
	for _, p := range pruned {
		fmt.Fprintf(stdout, "%s %s (%s): %d definitions, last used %s\n", verb, p.ID, p.Identity, p.Definitions, p.LastUse.Format("2006-01-02"))
	}
	fmt.Fprintf(stdout, "pin file: %s; %s %d backend entries unused for %s\n", path, verb, len(pruned), *unusedFlag)
	return exitOK
}

// parseAge reads a number of days ("90d") or a Go duration ("2160h").
func parseAge(s string) (time.Duration, error) {
	var d time.Duration
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil || days < 0 {
			return 0, fmt.Errorf("%q is not a number of days", s)
		}
		d = time.Duration(days) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, fmt.Errorf("%q: want days (90d) or a duration (2160h)", s)
		}
	}
	if d <= 0 {
		return 0, fmt.Errorf("%q must be more than zero", s)
	}
	return d, nil
}
