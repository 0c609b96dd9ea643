// Command mcp-agentify is an MCP gateway: one stdio MCP server that an IDE
// launches, with any number of backend MCP servers behind it, and a planner
// that turns a plain-language task into the right backend tool call.
//
//	mcp-agentify [--config F]                  serve MCP over stdio (what the IDE runs)
//	mcp-agentify ask [--dry-run] [--json] TASK run one orchestration from a terminal
//	mcp-agentify check                         start every backend, list what it offers, stop
//	mcp-agentify schema                        print the configuration JSON Schema
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/joho/godotenv"
	"github.com/mattn/go-isatty"
	"github.com/mcp-agentify/mcp-agentify/backends"
	"github.com/mcp-agentify/mcp-agentify/gateway"
	"github.com/mcp-agentify/mcp-agentify/integrity"
	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/rpc"
	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/mcp-agentify/mcp-agentify/telemetry"
	"github.com/rs/zerolog"
)

// Set by the release build (-ldflags "-X main.version=...").
var (
	version = ""
	commit  = ""
	date    = ""
)

// exit codes
const (
	exitOK      = 0
	exitFailure = 1 // the command ran and something failed
	exitUsage   = 2 // bad flags or configuration
)

func main() {
	stopProfile := startCPUProfile(os.Getenv("AGENTIFY_CPUPROFILE"), os.Stderr)
	code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stopProfile()
	// Stdio pipes the line stream polled go back to blocking: the flag is
	// the open file's, shared with whoever else holds it.
	rpc.RestoreBlocking()
	os.Exit(code)
}

// startCPUProfile writes a CPU profile of the whole process to path, for
// developers (AGENTIFY_CPUPROFILE=/tmp/cpu.pprof; see CONTRIBUTING.md),
// until the returned function is called: when run returns, on the
// client's EOF or on SIGTERM, SIGINT or SIGHUP. "%p" in path is replaced
// by the process id, so that several gateways (a benchmark run) write
// their own. An empty path profiles nothing. Problems go to stderr, never
// stdout.
func startCPUProfile(path string, stderr io.Writer) func() {
	if path == "" {
		return func() {}
	}
	path = strings.ReplaceAll(path, "%p", strconv.Itoa(os.Getpid()))
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify: AGENTIFY_CPUPROFILE: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(stderr, "mcp-agentify: AGENTIFY_CPUPROFILE: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "mcp-agentify: AGENTIFY_CPUPROFILE: %v\n", err)
		}
	}
}

type cli struct {
	configPath string
	logLevel   string
	expose     string
	debugPort  int
	planner    string
	model      string
	dryRun     bool
	jsonOut    bool
	showVer    bool
	envFile    string
	http       httpFlags
}

// commands are the subcommands that may also follow global flags
// ("mcp-agentify --config X check").
var commands = []string{"serve", "ask", "check", "tools", "auth", "schema", "version", "help"}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd, implied, orig := "serve", true, args
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		implied = false
		cmd, args = args[0], args[1:]
	} else if i := commandAfterFlags(args); i >= 0 {
		cmd, args, implied = args[i], append(slices.Clone(args[:i]), args[i+1:]...), false
	}
	if cmd == "auth" {
		return runAuth(args, stdout, stderr)
	}
	if cmd == "tools" && len(args) > 0 && args[0] == "prune" {
		return runToolsPrune(args[1:], time.Now(), stdout, stderr)
	}
	var sub string // tools diff | tools approve
	if cmd == "tools" && len(args) > 0 && (args[0] == "diff" || args[0] == "approve") {
		sub, args = args[0], args[1:]
	}
	var c cli
	fset := flag.NewFlagSet("mcp-agentify "+cmd, flag.ContinueOnError)
	fset.SetOutput(stderr)
	fset.StringVar(&c.configPath, "config", "", "configuration file (default $AGENTIFY_CONFIG, else ./mcp-agentify.json)")
	fset.StringVar(&c.logLevel, "log-level", "", "log level: trace, debug, info, warn, error (default info)")
	fset.StringVar(&c.expose, "expose", "", `tools offered to the IDE: "meta" (default), "all" or "orchestrate"`)
	fset.IntVar(&c.debugPort, "debug-port", -1, "serve the debug dashboard on 127.0.0.1:PORT (0 picks a free port)")
	fset.StringVar(&c.planner, "planner", "", "planner: auto, openai, sampling or lexical")
	fset.StringVar(&c.model, "model", "", "model for the OpenAI planner")
	fset.BoolVar(&c.showVer, "version", false, "print the version and exit")
	fset.StringVar(&c.envFile, "env-file", "", "read variables from this .env file first (the environment wins over it)")
	if cmd == "serve" {
		addHTTPFlags(fset, &c.http)
	}
	if cmd == "ask" {
		fset.BoolVar(&c.dryRun, "dry-run", false, "plan only; do not run the chosen tool")
		fset.BoolVar(&c.jsonOut, "json", false, "print one JSON object {plan, candidates, result}")
	}
	fset.Usage = func() { usage(stderr, fset) }
	positional, err := parseInterspersed(fset, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if implied && len(positional) > 0 && slices.Contains(commands, positional[0]) {
		// A command after flags commandAfterFlags could not classify (a
		// boolean flag it does not know): the flag set found it; run it.
		i := slices.Index(orig, positional[0])
		return run(append([]string{positional[0]}, append(slices.Clone(orig[:i]), orig[i+1:]...)...), stdin, stdout, stderr)
	}
	if cmd != "ask" && cmd != "tools" && len(positional) > 0 && cmd != "help" {
		fmt.Fprintf(stderr, "mcp-agentify %s: unexpected argument %q\n\n", cmd, positional[0])
		usage(stderr, fset)
		return exitUsage
	}
	if c.http.addr == "" && (c.http.stdio || c.http.stateless) {
		fmt.Fprintln(stderr, "mcp-agentify: --stdio and --http-stateless go with --http ADDR (stdio alone is the default)")
		return exitUsage
	}
	if c.showVer || cmd == "version" {
		fmt.Fprintln(stdout, versionString())
		return exitOK
	}
	switch cmd {
	case "schema":
		stdout.Write(schemas.ConfigSchema)
		return exitOK
	case "serve", "ask", "check", "tools":
	case "help":
		usage(stdout, fset)
		return exitOK
	default:
		fmt.Fprintf(stderr, "mcp-agentify: unknown command %q\n\n", cmd)
		usage(stderr, fset)
		return exitUsage
	}

	if c.envFile != "" {
		// godotenv.Load never overrides a variable already set.
		if err := godotenv.Load(c.envFile); err != nil {
			fmt.Fprintf(stderr, "mcp-agentify: --env-file: %v\n", err)
			return exitUsage
		}
	}
	cfg, cfgPath, cfgErr := loadConfig(c.configPath, cmd)
	nested := os.Getenv(backends.ParentEnv) != ""
	if parent := os.Getenv(backends.ParentEnv); parent != "" {
		// This copy is a backend of another gateway (its configuration
		// holds the gateway's own entry in a form the parent could not
		// recognize). Starting backends would nest without end.
		cfgErr = fmt.Errorf("this mcp-agentify was started as a backend of another mcp-agentify (process %s, %s is set); to prevent a loop it starts no backends: remove the gateway's own entry from the file its --config points at", parent, backends.ParentEnv)
		cfg, cfgPath = &schemas.Config{}, ""
	}
	if cfgErr != nil {
		if cmd != "serve" {
			fmt.Fprintf(stderr, "mcp-agentify: %v\n", cfgErr)
			return exitUsage
		}
		// The IDE must still get an answer to initialize: serve with no
		// backends; the gateway explains the error in its tools' results
		// and the watcher picks up the corrected file.
		fmt.Fprintf(stderr, "mcp-agentify: %v\n", cfgErr)
		cfg = &schemas.Config{}
	}
	ov, err := overrides(&c)
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify: %v\n", err)
		return exitUsage
	}
	eff := cfg.Clone()
	eff.Apply(ov)

	hub := telemetry.NewHub(&telemetry.HubOptions{Secrets: append(eff.Secrets(), c.http.secrets()...)})
	log := newLogger(stderr, hub, eff.LogLevel, cmd)
	if len(cfg.Ignored) > 0 {
		log.Debug().Strs("keys", cfg.Ignored).Str("file", cfgPath).Msg("ignored keys that IDEs own")
	}

	// SIGHUP (the terminal or the IDE's session went away) stops like
	// SIGTERM: backends and their process groups are stopped, not orphaned.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()

	// Tool integrity: pins under $AGENTIFY_STATE_DIR; without a usable
	// state directory the gateway runs without it and says so.
	checker, pinsPath, perr := newPinChecker(func(err error) { log.Error().Err(err).Msg("tool integrity") })
	if perr != nil {
		log.Warn().Err(perr).Msg("tool integrity is off: no state directory for the pin file")
		checker, pinsPath = nil, ""
	}
	var pins *integrity.Store // the checker's, read ahead while backends start
	if pc, ok := checker.(pinChecker); ok {
		pins = pc.c.Store
	}
	g := gateway.New(gateway.Options{
		Integrity:   checker,
		PinsPath:    pinsPath,
		Config:      cfg,
		Overrides:   ov,
		Logger:      log,
		Version:     shortVersion(),
		Hub:         hub,
		ConfigError: cfgErr,
		NoBackends:  nested,
		OnStart: func(g *gateway.Gateway, cfg *schemas.Config) {
			// initializationOptions may carry logLevel: the loggers handed
			// out before are copies, so the level is set globally.
			zerolog.SetGlobalLevel(parseLevel(cfg.LogLevel, cmd))
			startDashboard(ctx, g, cfg, hub, log, cfgPath)
			if cmd == "serve" {
				// Owned by run: ends after its one release, or with ctx.
				go releaseStartupMemory(ctx, g.Backends(), releaseDelay, func() {
					if pins != nil {
						pins.Forget() // a large pin file need not stay in memory
					}
					debug.FreeOSMemory()
				})
			}
		},
	})
	defer closeDashboard()
	switch cmd {
	case "ask":
		// What a person reads is masked like the logs (backend errors may echo secrets).
		return ask(ctx, g, &c, strings.Join(positional, " "), telemetry.NewRedactWriter(stdout, hub.Redactor), telemetry.NewRedactWriter(stderr, hub.Redactor))
	case "tools":
		return toolsCmd(ctx, eff, sub, positional, telemetry.NewRedactWriter(stdout, hub.Redactor), telemetry.NewRedactWriter(stderr, hub.Redactor))
	case "check":
		return check(ctx, g, telemetry.NewRedactWriter(stdout, hub.Redactor), telemetry.NewRedactWriter(stderr, hub.Redactor))
	}
	if c.http.addr != "" {
		var stdio rpc.Stream
		if c.http.stdio {
			stdio = rpc.NewLineStream(stdin, stdout, nil, eff.MaxMessageBytes)
		}
		return serveHTTP(ctx, g, &c.http, cfgPath, log, stdio)
	}
	log.Info().Str("version", shortVersion()).Msg("mcp-agentify serving MCP on stdio")
	g.Prespawn() // backend processes start while the client handshakes
	if pins != nil {
		// Owned by run: one read of the pin file, ahead of the backends'
		// first tool lists (each is checked against it).
		go pins.Warm()
	}
	if cfgPath != "" {
		// Hot reload: the watch lives as long as the session.
		wctx, wcancel := context.WithCancel(ctx)
		defer wcancel()
		if err := g.WatchConfig(wctx, cfgPath, 0, nil); err != nil {
			log.Warn().Err(err).Msg("cannot watch the configuration file; hot reload is off")
		}
	}
	// The session ends when the client closes stdin. On SIGTERM, SIGINT or SIGHUP a
	// read of stdin cannot be interrupted, so stop the backends here and
	// leave the blocked reader to the process exit.
	runErr := make(chan error, 1)
	// The client's initialize starts the gateway (its initializationOptions
	// and capabilities configure the backends).
	go func() { runErr <- g.Serve(ctx, rpc.NewLineStream(stdin, stdout, nil, eff.MaxMessageBytes)) }() // owned by run; abandoned only at exit
	var serr error
	select {
	case serr = <-runErr:
		g.Stop()
	case <-ctx.Done():
		g.Stop()
		log.Info().Msg("signalled; backends stopped")
		return exitOK
	}
	if serr != nil && !errors.Is(serr, io.EOF) && ctx.Err() == nil {
		log.Error().Err(serr).Msg("client connection failed")
		return exitFailure
	}
	log.Info().Msg("client disconnected; backends stopped")
	return exitOK
}

// releaseDelay is how long after the backends' first start the memory
// freed during start-up is returned: longer than the delay before the
// catalog's index is built (100 ms) and the bound on coalescing
// list_changed (250 ms), so that their garbage goes too.
const releaseDelay = 300 * time.Millisecond

// releaseStartupMemory returns the heap freed during start-up to the
// operating system, once: when every backend's first start has an outcome
// and delay has passed (free is debug.FreeOSMemory outside tests). Package
// initialization (the JSON Schema library compiles its meta-schemas), the
// configuration schema and the backends' first lists leave a heap of
// about 1 MB live in the 4 MB the runtime grows it to before its first
// collection, and the runtime keeps those pages while the gateway sits
// idle in an IDE. One forced collection (about a millisecond of CPU) gives
// back 1.0 to 1.5 MB; the heap grows again as the gateway works. It
// returns early, without freeing, when ctx ends.
func releaseStartupMemory(ctx context.Context, mgr *backends.Manager, delay time.Duration, free func()) {
	if !mgr.WaitStarted(ctx) {
		return
	}
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-t.C:
		free()
	case <-ctx.Done():
	}
}

func usage(w io.Writer, fset *flag.FlagSet) {
	fmt.Fprint(w, `mcp-agentify: one MCP server in front of many, with a planner that picks the right tool.

Usage:
  mcp-agentify [flags]                        serve MCP over stdio (register this in your IDE)
  mcp-agentify ask [flags] "task"             plan and run one task from a terminal (--dry-run, --json)
  mcp-agentify check [flags]                  start every backend, show what it offers, stop
  mcp-agentify tools [diff|approve] [NAME]    show tools held back by their pins; what changed; approve them
  mcp-agentify tools prune [--unused 90d]     forget the pins of backends unused that long (--dry-run lists them)
  mcp-agentify auth login|status|logout       authorize OAuth remote backends from a terminal (auth --help)
  mcp-agentify schema                         print the configuration JSON Schema
  mcp-agentify version                        print the version

Flags:
`)
	fset.SetOutput(w)
	fset.PrintDefaults()
}

// loadConfig finds and loads the configuration. A missing default file is
// fine for serve (the client may send backends in initializationOptions);
// a missing file named explicitly is an error.
func loadConfig(path, cmd string) (*schemas.Config, string, error) {
	explicit := path != ""
	if path == "" {
		path = os.Getenv("AGENTIFY_CONFIG")
		explicit = path != ""
	}
	if path == "" {
		path = "mcp-agentify.json"
	}
	cfg, err := schemas.Load(path, nil)
	if errors.Is(err, fs.ErrNotExist) {
		if explicit || cmd != "serve" {
			return nil, path, fmt.Errorf("configuration file %s not found (use --config FILE or set AGENTIFY_CONFIG)", path)
		}
		return &schemas.Config{}, "", nil
	}
	return cfg, path, err
}

// commandAfterFlags returns the index of the first argument that is a
// command and not a flag's value, or -1. Global flags may come first:
// "mcp-agentify --config X check".
func commandAfterFlags(args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return -1
		}
		if strings.HasPrefix(a, "-") {
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && !boolFlags[name] {
				i++ // the flag's value
			}
			continue
		}
		if slices.Contains(commands, a) {
			return i
		}
		return -1
	}
	return -1
}

// boolFlags are the flags that take no value.
var boolFlags = map[string]bool{"version": true, "dry-run": true, "json": true, "h": true, "help": true}

// parseInterspersed parses flags anywhere among the arguments ("ask
// "task" --json") and returns the others in order. "--" ends the flags.
func parseInterspersed(fset *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fset.Parse(args); err != nil {
			return nil, err
		}
		rest := fset.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// overrides are the environment, then the flags over it.
func overrides(c *cli) (schemas.Overrides, error) {
	env, err := schemas.EnvOverrides(nil)
	if err != nil {
		return env, err
	}
	fl := schemas.Overrides{LogLevel: c.logLevel, Expose: c.expose, Provider: c.planner, Model: c.model}
	if c.debugPort >= 0 {
		p := c.debugPort
		fl.DebugPort = &p
	}
	for _, c := range []struct {
		flag, v string
		allowed []string
	}{{"--expose", fl.Expose, schemas.ExposeModes}, {"--planner", fl.Provider, schemas.Providers}, {"--log-level", fl.LogLevel, schemas.LogLevels}} {
		if err := schemas.CheckEnum(c.flag, c.v, c.allowed); err != nil {
			return env, err
		}
	}
	return env.Over(fl), nil
}

// newLogger logs to stderr through the redacting hub: JSON, or console
// format when stderr is a terminal (and always for ask and check).
func newLogger(stderr io.Writer, hub *telemetry.Hub, level, cmd string) zerolog.Logger {
	out := stderr
	if f, ok := stderr.(*os.File); ok && isatty.IsTerminal(f.Fd()) || cmd == "ask" || cmd == "check" {
		out = zerolog.ConsoleWriter{Out: stderr, TimeFormat: "15:04:05.000", NoColor: !isTerminal(stderr)}
	}
	// The effective level is zerolog's global level, so that the client's
	// initializationOptions can still change it (see OnStart).
	zerolog.SetGlobalLevel(parseLevel(level, cmd))
	return zerolog.New(hub.LogWriter(out)).Level(zerolog.TraceLevel).With().Timestamp().Logger()
}

// parseLevel maps a configured log level to zerolog's; empty or unknown
// means info (warn for ask and check).
func parseLevel(level, cmd string) zerolog.Level {
	lvl, err := zerolog.ParseLevel(strings.ToLower(level))
	if level == "" || err != nil {
		lvl = zerolog.InfoLevel
		if cmd == "ask" || cmd == "check" {
			lvl = zerolog.WarnLevel
		}
	}
	if level == "warning" {
		lvl = zerolog.WarnLevel
	}
	return lvl
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isatty.IsTerminal(f.Fd())
}

// terminalConfirmer asks on w and reads the answer, a line, from r: yes
// only for "y" or "yes" (any case); an empty line or anything else is no.
func terminalConfirmer(r io.Reader, w io.Writer) gateway.Confirmer {
	br := bufio.NewReader(r)
	return func(ctx context.Context, question string) (bool, error) {
		fmt.Fprintf(w, "%s [y/N] ", question)
		type answer struct {
			line string
			err  error
		}
		ch := make(chan answer, 1)
		// Ends with the line, or with the process when the context ends
		// first (Ctrl-C); nothing else reads the terminal meanwhile.
		go func() {
			line, err := br.ReadString('\n')
			ch <- answer{line, err}
		}()
		select {
		case <-ctx.Done():
			fmt.Fprintln(w)
			return false, ctx.Err()
		case a := <-ch:
			if a.err != nil && a.line == "" {
				fmt.Fprintln(w)
				return false, nil // end of input: no
			}
			switch strings.ToLower(strings.TrimSpace(a.line)) {
			case "y", "yes":
				return true, nil
			}
			return false, nil
		}
	}
}

// ask runs one orchestration from the terminal.
func ask(ctx context.Context, g *gateway.Gateway, c *cli, query string, stdout, stderr io.Writer) int {
	if strings.TrimSpace(query) == "" {
		fmt.Fprintln(stderr, `mcp-agentify ask: give the task as an argument, e.g. mcp-agentify ask "list the files in ."`)
		return exitUsage
	}
	if err := g.Start(ctx, gateway.Client{}); err != nil {
		fmt.Fprintf(stderr, "mcp-agentify: %v\n", err)
		return exitUsage
	}
	defer g.Stop()
	stopProgress := progress(g.Backends(), stderr, "ask")
	defer stopProgress()
	cwd, _ := os.Getwd()
	task := planner.Task{Query: query, Context: &planner.TaskContext{CurrentWorkingDirectory: cwd}}
	if isTerminal(os.Stdin) {
		// A person at a terminal answers planner.confirm's questions.
		ctx = gateway.WithConfirmer(ctx, terminalConfirmer(os.Stdin, stderr))
	}
	start := time.Now()
	out, err := g.Orchestrate(ctx, task, c.dryRun)
	if err != nil {
		fmt.Fprintf(stderr, "mcp-agentify ask: %s\n", errorMessage(err))
		printBackendProblems(g, stderr)
		return exitFailure
	}
	res := out.ToolResult(time.Since(start))
	if c.jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(map[string]any{"plan": out.Plan, "candidates": out.Plan.Candidates, "result": json.RawMessage(res)})
		return exitCodeFor(res)
	}
	printPlan(stdout, out)
	printResult(stdout, res)
	return exitCodeFor(res)
}

func errorMessage(err error) string {
	var re *rpc.Error
	if errors.As(err, &re) {
		s := re.Message
		if len(re.Data) > 0 {
			s += "\n  " + string(re.Data)
		}
		return s
	}
	return err.Error()
}

func exitCodeFor(result json.RawMessage) int {
	var r struct {
		IsError bool `json:"isError"`
	}
	json.Unmarshal(result, &r)
	if r.IsError {
		return exitFailure
	}
	return exitOK
}

func printPlan(w io.Writer, o *gateway.Outcome) {
	p := o.Plan
	fmt.Fprintf(w, "Plan (%s planner", p.Planner)
	if p.Model != "" {
		fmt.Fprintf(w, ", %s", p.Model)
	}
	fmt.Fprintf(w, ", %.1f ms", float64(time.Duration(p.Latency).Microseconds())/1000)
	if p.Usage.TotalTokens > 0 {
		fmt.Fprintf(w, ", %d tokens", p.Usage.TotalTokens)
	}
	fmt.Fprintln(w, "):")
	if p.BackendID != "" {
		args := string(p.Arguments)
		if args == "" {
			args = "{}"
		}
		state := "not run (dry run)"
		if o.Executed {
			state = "ran"
		} else if o.Declined != "" {
			state = o.Declined
		} else if len(p.Missing) > 0 {
			state = "not run: missing " + strings.Join(p.Missing, ", ")
		}
		fmt.Fprintf(w, "  tool:      %s%s%s\n  arguments: %s\n  status:    %s\n", p.BackendID, planner.Separator, p.Tool, args, state)
	} else {
		fmt.Fprintln(w, "  no tool chosen")
	}
	fmt.Fprintln(w)
}

// printResult prints a CallToolResult's content for a person.
func printResult(w io.Writer, res json.RawMessage) {
	var r struct {
		Content []struct {
			Type     string `json:"type"`
			Text     string `json:"text"`
			MimeType string `json:"mimeType"`
			URI      string `json:"uri"`
		} `json:"content"`
		IsError bool `json:"isError"`
	}
	json.Unmarshal(res, &r)
	if r.IsError {
		fmt.Fprintln(w, "Result (error):")
	} else {
		fmt.Fprintln(w, "Result:")
	}
	for _, c := range r.Content {
		switch c.Type {
		case "text":
			fmt.Fprintln(w, c.Text)
		default:
			fmt.Fprintf(w, "[%s content %s%s]\n", c.Type, c.MimeType, c.URI)
		}
	}
}

// check starts every backend, reports what each offers, and stops them.
func check(ctx context.Context, g *gateway.Gateway, stdout, stderr io.Writer) int {
	start := time.Now()
	if err := g.Start(ctx, gateway.Client{}); err != nil {
		fmt.Fprintf(stderr, "mcp-agentify: %v\n", err)
		return exitUsage
	}
	defer g.Stop()
	cfg := g.Config()
	if len(cfg.Backends) == 0 {
		fmt.Fprintln(stderr, "mcp-agentify check: the configuration has no backends")
		return exitFailure
	}
	stopProgress := progress(g.Backends(), stderr, "check")
	g.Backends().WaitReady(ctx)
	stopProgress()
	ready := time.Since(start)
	failed := 0
	for _, b := range g.Backends().List() {
		in := b.Info()
		cfgB := b.Config()
		mark := "ok  "
		switch {
		case cfgB.Disabled:
			mark = "off "
		case in.Skipped != "":
			mark = "skip"
		case in.State != backends.Ready:
			mark = "FAIL"
			failed++
		}
		var server struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		}
		json.Unmarshal(in.ServerInfo, &server)
		fmt.Fprintf(stdout, "%s %-20s %-9s %-11s", mark, in.ID, in.Type, in.State)
		if server.Name != "" {
			fmt.Fprintf(stdout, " %s %s", server.Name, server.Version)
		}
		fmt.Fprintln(stdout)
		if in.Error != "" {
			fmt.Fprintf(stdout, "     error: %s\n", strings.ReplaceAll(in.Error, "\n", "\n     "))
		}
		if in.Breaker != "" && in.Breaker != backends.BreakerClosed {
			fmt.Fprintf(stdout, "     circuit breaker: %s after %d consecutive failures\n", in.Breaker, in.BreakerFailures)
		}
		if in.State == backends.Ready {
			names := make([]string, len(in.Tools))
			for i, t := range in.Tools {
				names[i] = t.Name
			}
			sort.Strings(names)
			fmt.Fprintf(stdout, "     %d tools: %s\n", len(names), strings.Join(names, ", "))
			if len(in.Prompts)+len(in.Resources)+len(in.Templates) > 0 {
				fmt.Fprintf(stdout, "     %d prompts, %d resources, %d resource templates\n", len(in.Prompts), len(in.Resources), len(in.Templates))
			}
		}
		// Tool integrity: what is held back or flagged, and why.
		for _, st := range b.Integrity() {
			switch {
			case st.Quarantined:
				fmt.Fprintf(stdout, "     held back %s %s: %s\n", st.Kind, st.Name, st.Reason)
			case st.Flagged:
				fmt.Fprintf(stdout, "     flagged %s %s: %s\n", st.Kind, st.Name, st.Reason)
			}
		}
	}
	fmt.Fprintf(stdout, "\n%d backends, %d failed, ready in %s\n", len(g.Backends().List()), failed, ready.Round(time.Millisecond))
	if failed > 0 {
		return exitFailure
	}
	return exitOK
}

// progress reports on w, while backends start, each backend whose first
// start has an outcome ("fs ready in 1.2s", "gh failed"), so that a person
// at the terminal sees what is being waited for. It returns a function that
// stops the reports and waits for the reporting goroutine.
func progress(mgr *backends.Manager, w io.Writer, cmd string) (stop func()) {
	if mgr == nil {
		return func() {}
	}
	done, exited := make(chan struct{}), make(chan struct{})
	start := time.Now()
	// Owned by the returned stop, which ends it and waits.
	go func() {
		defer close(exited)
		list := mgr.List()
		reported := map[string]bool{}
		pending := 0
		for _, b := range list {
			if !b.Config().Disabled {
				pending++
			}
		}
		if pending == 0 {
			return
		}
		fmt.Fprintf(w, "mcp-agentify %s: starting %d backends...\n", cmd, pending)
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		stopping := false
		for {
			for _, b := range list {
				if reported[b.ID()] || b.Config().Disabled {
					continue
				}
				in := b.Info()
				var line string
				switch {
				case in.State == backends.Ready:
					line = fmt.Sprintf("  %s ready in %s (%d tools)", in.ID, time.Since(start).Round(time.Millisecond), len(in.Tools))
				case in.Skipped != "":
					line = fmt.Sprintf("  %s skipped: %s", in.ID, in.Skipped)
				case in.State == backends.Unavailable || in.Restarts > 0 || in.State == backends.Stopped:
					line = fmt.Sprintf("  %s failed after %s", in.ID, time.Since(start).Round(time.Millisecond))
				default:
					continue
				}
				reported[b.ID()] = true
				pending--
				fmt.Fprintln(w, line)
			}
			if pending == 0 || stopping {
				return
			}
			select {
			case <-done:
				stopping = true // one last pass reports what settled meanwhile
			case <-tick.C:
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(done) })
		<-exited
	}
}

func printBackendProblems(g *gateway.Gateway, w io.Writer) {
	mgr := g.Backends()
	if mgr == nil {
		return
	}
	for _, b := range mgr.List() {
		if st, err := b.State(); st != backends.Ready && err != nil {
			fmt.Fprintf(w, "  backend %s is %s: %v\n", b.ID(), st, err)
		}
	}
}

func shortVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

func versionString() string {
	v := "mcp-agentify " + shortVersion()
	c, d := commit, date
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if c == "" {
					c = s.Value
				}
			case "vcs.time":
				if d == "" {
					d = s.Value
				}
			}
		}
		v += " (" + bi.GoVersion
	} else {
		v += " ("
	}
	if c != "" {
		v += ", commit " + c[:min(len(c), 12)]
	}
	if d != "" {
		v += ", built " + d
	}
	return v + ")"
}
