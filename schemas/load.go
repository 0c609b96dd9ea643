package schemas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/joho/godotenv"
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
	// BaseDir resolves a relative envFile; empty means the directory of the
	// file given to [Load], else the current directory.
	BaseDir string
}

// MaxConfigBytes bounds the configuration file [Load] reads.
const MaxConfigBytes = 4 << 20

// Load reads, validates and normalizes the configuration file at path. It
// reads at most [MaxConfigBytes] (a device such as /dev/zero is an error,
// not a hang). Relative envFile paths are resolved against path's directory.
func Load(path string, opts *LoadOptions) (*Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxConfigBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read config %s: %w", path, err)
	}
	if len(data) > MaxConfigBytes {
		return nil, &ConfigError{Source: path, Errors: FieldErrors{{Message: fmt.Sprintf("file is larger than %d MiB; is it a configuration file?", MaxConfigBytes>>20)}}}
	}
	o := LoadOptions{}
	if opts != nil {
		o = *opts
	}
	if o.BaseDir == "" {
		o.BaseDir = filepath.Dir(path)
	}
	return Parse(data, path, &o)
}

// Parse validates and normalizes a configuration document: JSON with
// comments and trailing commas (JSONC, as VS Code reads mcp.json), with or
// without a UTF-8 byte order mark. source names it in errors. On success,
// every backend from "backends", "servers" and "mcpServers" is in
// cfg.Backends (in that order; map shapes sorted by id) with its id,
// normalized type, expanded variables and JSON pointer.
//
// Errors are of two kinds. A problem with the document as a whole (not
// JSON, an unknown top-level key, a bad planner setting, duplicate or
// missing backend ids, a dependency cycle) is a [*ConfigError]. A problem
// confined to one backend's entry (unset variable, missing command, unknown
// type, bad glob, bad url or cwd, unknown key) leaves that backend in
// cfg.Backends with [Backend.Invalid] set, so that the others can serve.
//
// Keys that IDEs and clients own (see [IDEKeys]) are accepted and ignored,
// listed in cfg.Ignored.
func Parse(data []byte, source string, opts *LoadOptions) (*Config, error) {
	return parse(data, source, opts, true)
}

// parse is Parse; checkDeps false leaves dependsOn unchecked, for
// initializationOptions whose backends may depend on the file's.
func parse(data []byte, source string, opts *LoadOptions, checkDeps bool) (*Config, error) {
	cerr := func(errs FieldErrors) error { return &ConfigError{Source: source, Errors: errs} }
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, cerr(FieldErrors{{Message: "empty document: want a JSON object"}})
	}
	data = stripJSONC(data)
	docAny, err := sjs.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, cerr(FieldErrors{{Message: "not valid JSON: " + syntaxHint(data, err)}})
	}
	var ignored []string
	if doc, ok := docAny.(map[string]any); ok {
		ignored = dropIDEKeys(doc)
		data, err = json.Marshal(doc)
		if err != nil {
			return nil, cerr(FieldErrors{{Message: err.Error()}})
		}
	}
	sch, err := configSchema()
	if err != nil {
		return nil, err
	}
	// Schema errors inside one backend's entry disable that backend;
	// any other is an error of the whole document.
	perBackend := map[string]FieldErrors{}
	verr := guard(func() error { return sch.Validate(docAny) })
	if errors.Is(verr, ErrValidatorFailed) {
		// A number the validator cannot represent (1e1000010): say so
		// rather than crash; encoding/json then reads the file as usual.
		return nil, cerr(FieldErrors{{Message: "the file could not be checked against the configuration schema (" + verr.Error() + "); is there a number with a huge exponent?"}})
	}
	if err := verr; err != nil {
		var top FieldErrors
		for _, fe := range fieldErrors(err) {
			if bp := backendPointer(fe.Pointer); bp != "" {
				perBackend[bp] = append(perBackend[bp], fe)
			} else {
				top = append(top, fe)
			}
		}
		if len(top) > 0 {
			for _, fes := range perBackend {
				top = append(top, fes...)
			}
			sort.SliceStable(top, func(i, j int) bool { return top[i].Pointer < top[j].Pointer })
			return nil, cerr(top)
		}
	}
	var raw struct {
		Config
		Backends   []json.RawMessage          `json:"backends"`
		Servers    map[string]json.RawMessage `json:"servers"`
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, cerr(FieldErrors{{Message: err.Error()}})
	}
	cfg := raw.Config
	cfg.Ignored = ignored
	all := decodeBackends(raw.Backends, raw.Servers, raw.MCPServers, perBackend)
	if errs := cfg.normalize(all, opts, checkDeps); len(errs) > 0 {
		return nil, cerr(errs)
	}
	for i := range cfg.Backends {
		cfg.Backends[i].Source = source
	}
	return &cfg, nil
}

// backendPointer returns the pointer of the backend entry that p lies in
// ("/backends/2", "/servers/fs"), or "" if p is outside every entry.
func backendPointer(p string) string {
	parts := strings.SplitN(p, "/", 4)
	if len(parts) < 3 || parts[0] != "" {
		return ""
	}
	switch parts[1] {
	case "backends", "servers", "mcpServers":
		return "/" + parts[1] + "/" + parts[2]
	}
	return ""
}

// decodeBackends decodes each entry on its own, in the order of
// [Config.Backends]: an entry that does not decode (or failed the schema,
// errs by pointer) is kept with Invalid set.
func decodeBackends(arr []json.RawMessage, servers, mcpServers map[string]json.RawMessage, errs map[string]FieldErrors) []Backend {
	var all []Backend
	one := func(ptr, key string, raw json.RawMessage) {
		var b Backend
		if err := json.Unmarshal(raw, &b); err != nil {
			if len(errs[ptr]) == 0 {
				errs[ptr] = FieldErrors{{ptr, err.Error()}}
			}
			// Keep the id (decoding may have stopped before it).
			var id struct {
				ID string `json:"id"`
			}
			_ = json.Unmarshal(raw, &id)
			b = Backend{ID: id.ID}
		}
		if b.ID == "" {
			b.ID = key
		}
		b.Pointer = ptr
		b.Invalid = errs[ptr]
		all = append(all, b)
	}
	for i, r := range arr {
		one("/backends/"+strconv.Itoa(i), "", r)
	}
	for _, shape := range []struct {
		name string
		m    map[string]json.RawMessage
	}{{"servers", servers}, {"mcpServers", mcpServers}} {
		for _, k := range slices.Sorted(maps.Keys(shape.m)) {
			one("/"+shape.name+"/"+escapePointer(k), k, shape.m[k])
		}
	}
	return all
}

// IDEKeys are the keys that IDEs and MCP clients keep in the files users
// point the gateway at. They are accepted and ignored (reported in
// [Config.Ignored]); any other unknown key is an error.
var IDEKeys = struct {
	// TopLevel: Claude Desktop's globalShortcut and preferences, VS Code's
	// inputs-adjacent settings, Claude Code's per-project state.
	TopLevel []string
	// Server: per-server keys of VS Code (dev, gallery, version), Cline and
	// Roo Code (autoApprove, alwaysAllow, disabledTools, timeout, transport,
	// watchPaths), Windsurf and Cursor (disabledTools), Claude Code and
	// others (description, name, enabled, networkTimeout).
	Server []string
}{
	TopLevel: []string{"globalShortcut", "preferences", "isUsingBuiltInNodeForMcp", "mcpServerDefaults", "projects", "numStartups", "autoUpdates", "theme", "userID"},
	Server:   []string{"dev", "gallery", "version", "autoApprove", "alwaysAllow", "disabledTools", "timeout", "transport", "watchPaths", "networkTimeout", "description", "name", "enabled", "icon", "metadata", "trust", "includeTools", "excludeTools"},
}

// dropIDEKeys removes IDE-owned keys from doc in place and returns their
// pointers, sorted.
func dropIDEKeys(doc map[string]any) []string {
	var out []string
	for _, k := range IDEKeys.TopLevel {
		if _, ok := doc[k]; ok {
			delete(doc, k)
			out = append(out, "/"+escapePointer(k))
		}
	}
	entry := func(ptr string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		// Some clients switch a server off with "enabled": false; honour it.
		if en, ok := m["enabled"].(bool); ok && !en {
			if _, set := m["disabled"]; !set {
				m["disabled"] = true
			}
		}
		for _, k := range IDEKeys.Server {
			if _, ok := m[k]; ok {
				delete(m, k)
				out = append(out, ptr+"/"+escapePointer(k))
			}
		}
	}
	if arr, ok := doc["backends"].([]any); ok {
		for i, v := range arr {
			entry("/backends/"+strconv.Itoa(i), v)
		}
	}
	for _, shape := range []string{"servers", "mcpServers"} {
		if m, ok := doc[shape].(map[string]any); ok {
			for k, v := range m {
				entry("/"+shape+"/"+escapePointer(k), v)
			}
		}
	}
	sort.Strings(out)
	return out
}

// stripJSONC turns JSONC into JSON of the same length: comments (// and
// /* */) and trailing commas become spaces, newlines are kept, so that
// syntax errors still point at the right line and column.
func stripJSONC(data []byte) []byte {
	if !bytes.ContainsAny(data, "/,") {
		return data
	}
	out := bytes.Clone(data)
	inStr := false
	lastComma := -1 // index of a comma that may be trailing
	for i := 0; i < len(out); i++ {
		c := out[i]
		if inStr {
			switch c {
			case '\\':
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch {
		case c == '"':
			inStr, lastComma = true, -1
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			j := i + 2
			for j < len(out) && !(out[j] == '*' && j+1 < len(out) && out[j+1] == '/') {
				j++
			}
			end := min(j+2, len(out))
			for k := i; k < end; k++ {
				if out[k] != '\n' {
					out[k] = ' '
				}
			}
			i = end - 1
		case c == ',' && lastComma >= 0:
			lastComma = -1 // ",," stays a syntax error
		case c == ',':
			lastComma = i
		case c == '}' || c == ']':
			if lastComma >= 0 {
				out[lastComma] = ' '
			}
			lastComma = -1
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		default:
			lastComma = -1
		}
	}
	return out
}

// syntaxHint turns a JSON syntax error into "line L, column C: ...".
func syntaxHint(data []byte, err error) string {
	var se *json.SyntaxError
	if jerr := json.Unmarshal(data, new(any)); errors.As(jerr, &se) {
		line, col := 1, 1
		// Offset counts the bytes read, the offending one included.
		for _, c := range data[:max(0, min(int(se.Offset)-1, len(data)))] {
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

// normalize puts all into c.Backends, expands variables and checks what
// the schema cannot. Problems of one backend go to its Invalid; the
// returned errors are the document's (ids, dependencies).
func (c *Config) normalize(all []Backend, opts *LoadOptions, checkDeps bool) FieldErrors {
	if opts == nil {
		opts = &LoadOptions{}
	}
	var errs FieldErrors
	c.Servers, c.MCPServers = nil, nil
	seen := map[string]string{}
	for i := range all {
		b := &all[i]
		if b.ID == "" {
			errs = append(errs, FieldError{b.Pointer + "/id", "missing property"})
			continue
		}
		if prev, dup := seen[b.ID]; dup {
			errs = append(errs, FieldError{b.Pointer + "/id", fmt.Sprintf("duplicate backend id %q (also at %s)", b.ID, prev)})
		}
		seen[b.ID] = b.Pointer
		if len(b.Invalid) > 0 {
			continue // the schema already said what is wrong
		}
		var bad FieldErrors
		switch {
		case !idPattern.MatchString(b.ID):
			bad = append(bad, FieldError{b.Pointer + "/id", fmt.Sprintf("backend id %q must match ^[a-zA-Z0-9_-]{1,64}$", b.ID)})
		case strings.Contains(b.ID, "__"):
			bad = append(bad, FieldError{b.Pointer + "/id", fmt.Sprintf("backend id %q must not contain \"__\" (it separates the backend from the tool in qualified names)", b.ID)})
		}
		bad = append(bad, b.expand(opts)...)
		bad = append(bad, b.readEnvFile(opts)...)
		normalizeType(b)
		bad = append(bad, b.checkAuth(opts)...)
		switch b.Type {
		case TypeStdio:
			if b.Command == "" {
				bad = append(bad, FieldError{b.Pointer + "/command", "missing property"})
			}
			if b.Cwd != "" {
				if fi, err := os.Stat(b.Cwd); err != nil {
					bad = append(bad, FieldError{b.Pointer + "/cwd", fmt.Sprintf("working directory %s does not exist", b.Cwd)})
				} else if !fi.IsDir() {
					bad = append(bad, FieldError{b.Pointer + "/cwd", fmt.Sprintf("working directory %s is not a directory", b.Cwd)})
				}
			}
		case TypeHTTP, TypeSSE, TypeWebSocket:
			if b.URL == "" {
				bad = append(bad, FieldError{b.Pointer + "/url", "missing property"})
			} else if msg := checkURL(b.URL, b.Type); msg != "" && len(bad) == 0 {
				field := "/url"
				if b.ServerURL != "" && b.URL == b.ServerURL {
					field = "/serverUrl"
				}
				bad = append(bad, FieldError{b.Pointer + field, msg})
			}
		default:
			bad = append(bad, FieldError{b.Pointer, "needs \"command\" (stdio) or \"url\" (http, sse, websocket)"})
		}
		if f := b.Tools; f != nil {
			for _, l := range []struct {
				name string
				pats []string
			}{{"allow", f.Allow}, {"deny", f.Deny}} {
				for j, p := range l.pats {
					if _, err := path.Match(p, ""); err != nil {
						bad = append(bad, FieldError{fmt.Sprintf("%s/tools/%s/%d", b.Pointer, l.name, j), fmt.Sprintf("invalid glob %q: %v", p, err)})
					}
				}
			}
		}
		sort.SliceStable(bad, func(i, j int) bool { return bad[i].Pointer < bad[j].Pointer })
		b.Invalid = bad
	}
	c.Backends = all
	if checkDeps && len(errs) == 0 {
		errs = append(errs, c.checkDependencies()...)
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Pointer < errs[j].Pointer })
	return errs
}

// checkURL returns why u cannot reach a remote backend of type typ, or "".
func checkURL(u, typ string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return fmt.Sprintf("invalid url: %v", err)
	}
	switch strings.ToLower(pu.Scheme) {
	case "http", "https":
		if typ == TypeWebSocket {
			return fmt.Sprintf("type websocket needs a ws:// or wss:// url, not %s://", pu.Scheme)
		}
	case "ws", "wss":
		if typ != TypeWebSocket {
			return fmt.Sprintf("a %s:// url needs type websocket", pu.Scheme)
		}
	default:
		return fmt.Sprintf("url scheme %q is not supported: want http, https, ws or wss", pu.Scheme)
	}
	if pu.Host == "" {
		return "url has no host"
	}
	return ""
}

// readEnvFile reads the backend's envFile (dotenv syntax; relative paths
// against opts.BaseDir) into Env; values in env win over the file's.
func (b *Backend) readEnvFile(opts *LoadOptions) FieldErrors {
	if b.EnvFile == "" {
		return nil
	}
	p := b.EnvFile
	if !filepath.IsAbs(p) && opts.BaseDir != "" {
		p = filepath.Join(opts.BaseDir, p)
	}
	f, err := os.Open(p)
	if err != nil {
		return FieldErrors{{b.Pointer + "/envFile", fmt.Sprintf("cannot read env file: %v", err)}}
	}
	defer f.Close()
	vars, err := godotenv.Parse(io.LimitReader(f, MaxConfigBytes))
	if err != nil {
		return FieldErrors{{b.Pointer + "/envFile", fmt.Sprintf("env file %s: %v", p, err)}}
	}
	env := make(map[string]string, len(vars)+len(b.Env))
	maps.Copy(env, vars)
	maps.Copy(env, b.Env)
	b.Env = env
	return nil
}

// checkAuth checks what each grant of b.Auth needs, and makes the paths of
// key and ID token files absolute (relative to opts.BaseDir). The files are
// read when a token is needed, so that a rotated key or a renewed ID token
// is taken without a reload.
func (b *Backend) checkAuth(opts *LoadOptions) FieldErrors {
	a := b.Auth
	if a == nil {
		return nil
	}
	p := b.Pointer + "/auth"
	var bad FieldErrors
	switch b.Type {
	case TypeHTTP, TypeSSE:
	default:
		bad = append(bad, FieldError{p, fmt.Sprintf("OAuth needs an http or sse backend, not %s", b.Type)})
	}
	abs := func(f *string) {
		if *f != "" && !filepath.IsAbs(*f) && opts.BaseDir != "" {
			*f = filepath.Join(opts.BaseDir, *f)
		}
	}
	if a.Issuer != "" {
		if u, err := url.Parse(a.Issuer); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			bad = append(bad, FieldError{p + "/issuer", fmt.Sprintf("%q is not an http(s) URL", a.Issuer)})
		}
	}
	abs(&a.PrivateKeyFile)
	abs(&a.AssertionFile)
	if a.IdP != nil {
		abs(&a.IdP.IDTokenFile)
	}
	grant := a.Grant
	if grant == "" {
		grant = GrantAuthorizationCode
	}
	hasKey := a.PrivateKey != "" || a.PrivateKeyFile != ""
	if a.PrivateKey != "" && a.PrivateKeyFile != "" {
		bad = append(bad, FieldError{p + "/privateKey", "set privateKey or privateKeyFile, not both"})
	}
	if hasKey && a.ClientSecret != "" {
		bad = append(bad, FieldError{p + "/privateKey", "set a private key or clientSecret, not both"})
	}
	switch a.TokenEndpointAuthMethod {
	case "private_key_jwt":
		if !hasKey {
			bad = append(bad, FieldError{p + "/tokenEndpointAuthMethod", "private_key_jwt needs privateKeyFile or privateKey"})
		}
	case "client_secret_basic", "client_secret_post":
		if a.ClientSecret == "" {
			bad = append(bad, FieldError{p + "/tokenEndpointAuthMethod", a.TokenEndpointAuthMethod + " needs clientSecret"})
		}
	}
	if a.SigningAlgorithm != "" && !hasKey {
		bad = append(bad, FieldError{p + "/signingAlgorithm", "signingAlgorithm needs privateKeyFile or privateKey"})
	}
	switch grant {
	case GrantAuthorizationCode:
		if hasKey {
			bad = append(bad, FieldError{p + "/privateKeyFile", "a private key is used by the client_credentials and cross_app_access grants only"})
		}
		if a.IdP != nil {
			bad = append(bad, FieldError{p + "/idp", "idp is used by the cross_app_access grant only"})
		}
	case GrantClientCredentials, GrantCrossAppAccess, GrantJWTBearer:
		if a.ClientID == "" && grant != GrantJWTBearer {
			bad = append(bad, FieldError{p + "/clientId", fmt.Sprintf("the %s grant needs the clientId registered with the authorization server", grant)})
		}
		if grant == GrantClientCredentials && !hasKey && a.ClientSecret == "" && a.TokenEndpointAuthMethod != "none" {
			bad = append(bad, FieldError{p + "/clientSecret", "the client_credentials grant needs clientSecret, privateKeyFile or privateKey"})
		}
		if a.RedirectPort != 0 {
			bad = append(bad, FieldError{p + "/redirectPort", "redirectPort is used by the authorization_code grant only"})
		}
		if grant != GrantCrossAppAccess && a.IdP != nil {
			bad = append(bad, FieldError{p + "/idp", "idp is used by the cross_app_access grant only"})
		}
	}
	hasAssertion := a.Assertion != "" || a.AssertionFile != ""
	switch {
	case grant == GrantJWTBearer && !hasAssertion:
		bad = append(bad, FieldError{p + "/assertionFile", "the jwt_bearer grant needs assertionFile or assertion (the workload's JWT)"})
	case grant == GrantJWTBearer && a.Assertion != "" && a.AssertionFile != "":
		bad = append(bad, FieldError{p + "/assertion", "set assertion or assertionFile, not both"})
	case grant != GrantJWTBearer && hasAssertion:
		bad = append(bad, FieldError{p + "/assertionFile", "an assertion is used by the jwt_bearer grant only"})
	}
	if grant == GrantCrossAppAccess {
		idp := a.IdP
		switch {
		case idp == nil:
			bad = append(bad, FieldError{p + "/idp", "the cross_app_access grant needs idp (the identity provider: issuer or tokenEndpoint, clientId, idTokenFile or idToken)"})
		default:
			if idp.Issuer == "" && idp.TokenEndpoint == "" {
				bad = append(bad, FieldError{p + "/idp/issuer", "set issuer or tokenEndpoint of the identity provider"})
			}
			for _, f := range []struct{ name, v string }{{"issuer", idp.Issuer}, {"tokenEndpoint", idp.TokenEndpoint}} {
				if f.v == "" {
					continue
				}
				if u, err := url.Parse(f.v); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
					bad = append(bad, FieldError{p + "/idp/" + f.name, fmt.Sprintf("%q is not an http(s) URL", f.v)})
				}
			}
			if idp.ClientID == "" {
				bad = append(bad, FieldError{p + "/idp/clientId", "missing property"})
			}
			switch {
			case idp.IDToken == "" && idp.IDTokenFile == "":
				bad = append(bad, FieldError{p + "/idp/idTokenFile", "set idTokenFile or idToken (the user's ID token from the identity provider)"})
			case idp.IDToken != "" && idp.IDTokenFile != "":
				bad = append(bad, FieldError{p + "/idp/idToken", "set idToken or idTokenFile, not both"})
			}
		}
	}
	return bad
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
	x(b.Pointer+"/envFile", &b.EnvFile)
	if a := b.Auth; a != nil {
		// A copy: the caller's AuthConfig (and a merged one) keeps its
		// unexpanded text.
		ac := *a
		b.Auth = &ac
		x(b.Pointer+"/auth/clientId", &ac.ClientID)
		x(b.Pointer+"/auth/clientSecret", &ac.ClientSecret)
		x(b.Pointer+"/auth/issuer", &ac.Issuer)
		x(b.Pointer+"/auth/privateKeyFile", &ac.PrivateKeyFile)
		x(b.Pointer+"/auth/privateKey", &ac.PrivateKey)
		x(b.Pointer+"/auth/assertionFile", &ac.AssertionFile)
		x(b.Pointer+"/auth/assertion", &ac.Assertion)
		ac.Scopes = slices.Clone(ac.Scopes)
		if ac.IdP != nil {
			idp := *ac.IdP
			ac.IdP = &idp
			x(b.Pointer+"/auth/idp/issuer", &idp.Issuer)
			x(b.Pointer+"/auth/idp/tokenEndpoint", &idp.TokenEndpoint)
			x(b.Pointer+"/auth/idp/clientId", &idp.ClientID)
			x(b.Pointer+"/auth/idp/clientSecret", &idp.ClientSecret)
			x(b.Pointer+"/auth/idp/idTokenFile", &idp.IDTokenFile)
			x(b.Pointer+"/auth/idp/idToken", &idp.IDToken)
		}
	}
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
			n := len(errs)
			x(b.Pointer+"/"+m.name+"/"+escapePointer(k), &v)
			if len(errs) > n {
				// The entry is invalid and never used: keep no unexpanded
				// reference where secrets are expected (a redactor would
				// mask its text everywhere).
				v = ""
			}
			out[k] = v
		}
		*m.m = out
	}
	return errs
}

// Expand resolves ${VAR}, ${VAR:-default} (the default itself may hold
// references: ${A:-${B}}), ${env:VAR} (VS Code's form), ${workspaceFolder}
// and VS Code's ${input:id} in s. "$$" is a literal "$". An input has no
// prompt here: its value comes from the environment, the variable named
// like the id (as is, then upper-cased with every character outside
// [A-Za-z0-9_] turned into "_": ${input:github-token} reads GITHUB_TOKEN).
// An unset variable without a default is an error naming it.
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
	return expand(s, opts, lookup, 0)
}

// maxExpandDepth bounds nested defaults.
const maxExpandDepth = 8

func expand(s string, opts *LoadOptions, lookup func(string) (string, bool), depth int) (string, error) {
	if depth > maxExpandDepth {
		return "", fmt.Errorf("variable defaults nested deeper than %d in %q", maxExpandDepth, s)
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
		// Find the matching brace: defaults may nest ${...}.
		end, open := -1, 0
		for j := i + 1; j < len(s); j++ {
			if s[j] == '{' {
				open++
			} else if s[j] == '}' {
				open--
				if open == 0 {
					end = j
					break
				}
			}
		}
		if end < 0 {
			return "", fmt.Errorf("unterminated ${ in %q", s)
		}
		expr := s[i+2 : end]
		i = end + 1
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
			id := strings.TrimPrefix(name, "input:")
			v, ok := lookup(id)
			if !ok {
				v, ok = lookup(inputEnvName(id))
			}
			if !ok {
				return "", fmt.Errorf("${input:%s} has no value: VS Code prompts for inputs, the gateway cannot; set the environment variable %s", id, inputEnvName(id))
			}
			b.WriteString(v)
			continue
		case !validVarName(name):
			return "", fmt.Errorf("invalid variable reference ${%s}", expr)
		}
		if v, ok := lookup(name); ok && (v != "" || !hasDef) {
			b.WriteString(v)
		} else if hasDef {
			d, err := expand(def, opts, lookup, depth+1)
			if err != nil {
				return "", err
			}
			b.WriteString(d)
		} else {
			return "", fmt.Errorf("environment variable %s is not set (use ${%s:-default} for a default)", name, name)
		}
	}
	return b.String(), nil
}

// inputEnvName is the environment variable that supplies VS Code's
// ${input:id}: id upper-cased, characters outside [A-Z0-9_] as "_".
func inputEnvName(id string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_':
			return r
		}
		return '_'
	}, id)
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
