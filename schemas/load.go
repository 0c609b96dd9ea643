package schemas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

// ConfigError reports an unusable configuration: the source it came from and
// every problem found, each with its JSON pointer.
type ConfigError struct {
	Source string // a file path, "initializationOptions", ...
	Errors FieldErrors
}

func (e *ConfigError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "invalid configuration in %s:", e.Source)
	for _, fe := range e.Errors {
		b.WriteString("\n  ")
		b.WriteString(fe.String())
	}
	return b.String()
}

// LoadOptions tune [Load] and [Parse]. The zero value reads the process
// environment.
type LoadOptions struct {
	// LookupEnv resolves ${VAR}; nil means os.LookupEnv.
	LookupEnv func(string) (string, bool)
	// WorkspaceFolder resolves VS Code's ${workspaceFolder}; empty means the
	// current directory.
	WorkspaceFolder string
}

// Load reads, validates and normalizes the configuration file at path.
func Load(path string, opts *LoadOptions) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	return Parse(data, path, opts)
}

// Parse validates and normalizes a configuration document. source names it
// in errors. On success, every backend from "backends", "servers" and
// "mcpServers" is in cfg.Backends (in that order; map shapes sorted by id)
// with its id, normalized type, expanded variables and JSON pointer.
func Parse(data []byte, source string, opts *LoadOptions) (*Config, error) {
	return parse(data, source, opts, true)
}

// parse is Parse; checkDeps false leaves dependsOn unchecked, for
// initializationOptions whose backends may depend on the file's.
func parse(data []byte, source string, opts *LoadOptions, checkDeps bool) (*Config, error) {
	cerr := func(errs FieldErrors) error { return &ConfigError{Source: source, Errors: errs} }
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, cerr(FieldErrors{{Message: "empty document: want a JSON object"}})
	}
	doc, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, cerr(FieldErrors{{Message: "not valid JSON: " + syntaxHint(data, err)}})
	}
	sch, err := configSchema()
	if err != nil {
		return nil, err
	}
	if err := sch.Validate(doc); err != nil {
		return nil, cerr(fieldErrors(err))
	}
	var cfg Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, cerr(FieldErrors{{Message: err.Error()}})
	}
	if errs := cfg.normalize(opts, checkDeps); len(errs) > 0 {
		return nil, cerr(errs)
	}
	return &cfg, nil
}

// syntaxHint turns a JSON syntax error into "line L, column C: ...".
func syntaxHint(data []byte, err error) string {
	var se *json.SyntaxError
	if jerr := json.Unmarshal(data, new(any)); errors.As(jerr, &se) {
		line, col := 1, 1
		for _, c := range data[:min(int(se.Offset), len(data))] {
			if c == '\n' {
				line++
				col = 1
			} else {
				col++
			}
		}
		return fmt.Sprintf("line %d, column %d: %v", line, col, se)
	}
	return err.Error()
}

var idPattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// normalize merges the three backend shapes into c.Backends, expands
// variables and checks what the schema cannot.
func (c *Config) normalize(opts *LoadOptions, checkDeps bool) FieldErrors {
	if opts == nil {
		opts = &LoadOptions{}
	}
	var errs FieldErrors
	var all []Backend
	for i, b := range c.Backends {
		b.Pointer = "/backends/" + strconv.Itoa(i)
		all = append(all, b)
	}
	for _, shape := range []struct {
		name string
		m    map[string]Backend
	}{{"servers", c.Servers}, {"mcpServers", c.MCPServers}} {
		keys := make([]string, 0, len(shape.m))
		for k := range shape.m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			b := shape.m[k]
			b.Pointer = "/" + shape.name + "/" + escapePointer(k)
			if b.ID == "" {
				b.ID = k
			}
			all = append(all, b)
		}
	}
	c.Servers, c.MCPServers = nil, nil

	seen := map[string]string{}
	for i := range all {
		b := &all[i]
		if b.ID == "" {
			errs = append(errs, FieldError{b.Pointer + "/id", "missing property"})
			continue
		}
		if !idPattern.MatchString(b.ID) {
			errs = append(errs, FieldError{b.Pointer + "/id", fmt.Sprintf("backend id %q must match ^[a-zA-Z0-9_-]{1,64}$", b.ID)})
		}
		if prev, dup := seen[b.ID]; dup {
			errs = append(errs, FieldError{b.Pointer + "/id", fmt.Sprintf("duplicate backend id %q (also at %s)", b.ID, prev)})
		}
		seen[b.ID] = b.Pointer
		errs = append(errs, b.expand(opts)...)
		normalizeType(b)
		switch b.Type {
		case TypeStdio:
			if b.Command == "" {
				errs = append(errs, FieldError{b.Pointer + "/command", "missing property"})
			}
		case TypeHTTP, TypeSSE, TypeWebSocket:
			if b.URL == "" {
				errs = append(errs, FieldError{b.Pointer + "/url", "missing property"})
			}
		default:
			errs = append(errs, FieldError{b.Pointer, "needs \"command\" (stdio) or \"url\" (http, sse, websocket)"})
		}
	}
	c.Backends = all
	if checkDeps {
		errs = append(errs, c.checkDependencies()...)
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Pointer < errs[j].Pointer })
	return errs
}

// checkDependencies rejects unknown names in dependsOn and cycles.
func (c *Config) checkDependencies() FieldErrors {
	var errs FieldErrors
	byID := map[string]*Backend{}
	for i := range c.Backends {
		byID[c.Backends[i].ID] = &c.Backends[i]
	}
	for _, b := range c.Backends {
		for j, d := range b.DependsOn {
			if _, ok := byID[d]; !ok {
				errs = append(errs, FieldError{fmt.Sprintf("%s/dependsOn/%d", b.Pointer, j), fmt.Sprintf("unknown backend %q", d)})
			} else if d == b.ID {
				errs = append(errs, FieldError{fmt.Sprintf("%s/dependsOn/%d", b.Pointer, j), "a backend cannot depend on itself"})
			}
		}
	}
	if len(errs) > 0 {
		return errs
	}
	// Depth-first search for a cycle, reported once with its path.
	const (
		white = iota
		grey
		black
	)
	color := map[string]int{}
	var stack []string
	var visit func(id string) []string
	visit = func(id string) []string {
		color[id] = grey
		stack = append(stack, id)
		for _, d := range byID[id].DependsOn {
			switch color[d] {
			case grey:
				i := slices.Index(stack, d)
				return append(slices.Clone(stack[i:]), d)
			case white:
				if cyc := visit(d); cyc != nil {
					return cyc
				}
			}
		}
		stack = stack[:len(stack)-1]
		color[id] = black
		return nil
	}
	for _, b := range c.Backends {
		if color[b.ID] == white {
			if cyc := visit(b.ID); cyc != nil {
				return FieldErrors{{byID[cyc[0]].Pointer + "/dependsOn", "dependency cycle: " + strings.Join(cyc, " -> ")}}
			}
		}
	}
	return nil
}

// expand resolves ${VAR}, ${VAR:-default}, ${env:VAR} and
// ${workspaceFolder} in command, args, env, cwd, url and headers.
func (b *Backend) expand(opts *LoadOptions) FieldErrors {
	var errs FieldErrors
	x := func(ptr string, s *string) {
		v, err := Expand(*s, opts)
		if err != nil {
			errs = append(errs, FieldError{ptr, err.Error()})
			return
		}
		*s = v
	}
	x(b.Pointer+"/command", &b.Command)
	x(b.Pointer+"/cwd", &b.Cwd)
	x(b.Pointer+"/url", &b.URL)
	x(b.Pointer+"/serverUrl", &b.ServerURL)
	b.Args = slices.Clone(b.Args)
	for i := range b.Args {
		x(fmt.Sprintf("%s/args/%d", b.Pointer, i), &b.Args[i])
	}
	for _, m := range []struct {
		name string
		m    *map[string]string
	}{{"env", &b.Env}, {"headers", &b.Headers}} {
		if *m.m == nil {
			continue
		}
		out := make(map[string]string, len(*m.m))
		for k, v := range *m.m {
			x(b.Pointer+"/"+m.name+"/"+escapePointer(k), &v)
			out[k] = v
		}
		*m.m = out
	}
	return errs
}

// Expand resolves ${VAR}, ${VAR:-default}, ${env:VAR} (VS Code's form) and
// ${workspaceFolder} in s. "$$" is a literal "$". An unset variable without
// a default is an error naming it.
func Expand(s string, opts *LoadOptions) (string, error) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	if opts == nil {
		opts = &LoadOptions{}
	}
	lookup := opts.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c != '$' || i+1 >= len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		if s[i+1] == '$' {
			b.WriteByte('$')
			i += 2
			continue
		}
		if s[i+1] != '{' {
			b.WriteByte(c)
			i++
			continue
		}
		end := strings.IndexByte(s[i:], '}')
		if end < 0 {
			return "", fmt.Errorf("unterminated ${ in %q", s)
		}
		expr := s[i+2 : i+end]
		i += end + 1
		name, def, hasDef := strings.Cut(expr, ":-")
		name = strings.TrimPrefix(name, "env:")
		switch {
		case name == "workspaceFolder":
			wf := opts.WorkspaceFolder
			if wf == "" {
				wf, _ = os.Getwd()
			}
			b.WriteString(wf)
			continue
		case strings.HasPrefix(name, "input:"):
			return "", fmt.Errorf("${%s}: VS Code input variables are not supported; use ${VAR} from the environment", name)
		case !validVarName(name):
			return "", fmt.Errorf("invalid variable reference ${%s}", expr)
		}
		if v, ok := lookup(name); ok && (v != "" || !hasDef) {
			b.WriteString(v)
		} else if hasDef {
			b.WriteString(def)
		} else {
			return "", fmt.Errorf("environment variable %s is not set (use ${%s:-default} for a default)", name, name)
		}
	}
	return b.String(), nil
}

func validVarName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
