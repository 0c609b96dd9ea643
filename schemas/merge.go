package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Overrides are settings from the environment and the command line, applied
// over the file and initializationOptions. Empty or nil fields leave the
// configuration as it is.
type Overrides struct {
	LogLevel  string
	Expose    string
	DebugPort *int
	Provider  string
	Model     string
	BaseURL   string
	APIKey    string
}

// Over returns o with the non-empty fields of hi laid over it.
func (o Overrides) Over(hi Overrides) Overrides {
	setIf(&o.LogLevel, hi.LogLevel)
	setIf(&o.Expose, hi.Expose)
	setIf(&o.Provider, hi.Provider)
	setIf(&o.Model, hi.Model)
	setIf(&o.BaseURL, hi.BaseURL)
	setIf(&o.APIKey, hi.APIKey)
	setIf(&o.DebugPort, hi.DebugPort)
	return o
}

// setIf sets *dst to v unless v is the zero value (empty, 0, nil).
func setIf[T comparable](dst *T, v T) {
	var zero T
	if v != zero {
		*dst = v
	}
}

// EnvOverrides reads the environment variables the gateway honours:
// OPENAI_API_KEY, OPENAI_BASE_URL, AGENTIFY_MODEL, AGENTIFY_PLANNER,
// AGENTIFY_LOG_LEVEL, AGENTIFY_EXPOSE and DEBUG_PORT (or AGENTIFY_DEBUG_PORT).
// lookup nil means os.LookupEnv. A malformed port is an error naming it.
// The values of the enumerated settings, the same wherever they enter: the
// file and initializationOptions (the JSON Schema's enums), the
// environment and the command line.
var (
	ExposeModes = []string{"meta", "all", "orchestrate"}
	Providers   = []string{"auto", "openai", "sampling", "lexical"}
	LogLevels   = []string{"trace", "debug", "info", "warn", "error"}
)

// CheckEnum reports an error naming where value came from (an environment
// variable or a flag) unless it is empty or one of allowed.
func CheckEnum(where, value string, allowed []string) error {
	if value == "" || slices.Contains(allowed, value) {
		return nil
	}
	return fmt.Errorf("%s %q: want one of %s", where, value, strings.Join(allowed, ", "))
}

func EnvOverrides(lookup func(string) (string, bool)) (Overrides, error) {
	if lookup == nil {
		lookup = os.LookupEnv
	}
	get := func(k string) string { v, _ := lookup(k); return strings.TrimSpace(v) }
	o := Overrides{
		APIKey:   get("OPENAI_API_KEY"),
		BaseURL:  get("OPENAI_BASE_URL"),
		Model:    get("AGENTIFY_MODEL"),
		Provider: get("AGENTIFY_PLANNER"),
		LogLevel: get("AGENTIFY_LOG_LEVEL"),
		Expose:   get("AGENTIFY_EXPOSE"),
	}
	for _, c := range []struct {
		env, v  string
		allowed []string
	}{{"AGENTIFY_EXPOSE", o.Expose, ExposeModes}, {"AGENTIFY_PLANNER", o.Provider, Providers}, {"AGENTIFY_LOG_LEVEL", o.LogLevel, LogLevels}} {
		if err := CheckEnum("environment variable "+c.env, c.v, c.allowed); err != nil {
			return o, err
		}
	}
	for _, k := range []string{"DEBUG_PORT", "AGENTIFY_DEBUG_PORT"} {
		if v := get(k); v != "" {
			p, err := strconv.Atoi(v)
			if err != nil || p < 0 || p > 65535 {
				return o, fmt.Errorf("environment variable %s=%q: want a port number 0-65535", k, v)
			}
			o.DebugPort = &p
		}
	}
	return o, nil
}

// Apply lays o over c.
func (c *Config) Apply(o Overrides) {
	in := &Config{LogLevel: o.LogLevel, Expose: o.Expose, DebugPort: o.DebugPort}
	if p := (PlannerConfig{Provider: o.Provider, Model: o.Model, BaseURL: o.BaseURL, APIKey: o.APIKey}); p != (PlannerConfig{}) {
		in.Planner = &p
	}
	c.overlay(in)
}

// Clone returns a deep enough copy of c for merging: backends are copied,
// their maps and slices shared (they are never modified after loading).
func (c *Config) Clone() *Config {
	d := *c
	d.Backends = append([]Backend(nil), c.Backends...)
	if c.Planner != nil {
		p := *c.Planner
		d.Planner = &p
	}
	return &d
}

// MergeInitOptions lays the client's initializationOptions over c, as the
// original specification allows: the configuration shape itself, plus the
// original option names OPENAI_API_KEY and DEBUG_PORT (logLevel and backends
// are already configuration names). Backends with an id already configured
// replace it; others are added. dependsOn is checked on the merged set, so
// these backends may depend on the file's. Invalid options are an error
// naming the field under "initializationOptions"; c is then unchanged.
func (c *Config) MergeInitOptions(raw json.RawMessage, opts *LoadOptions) error {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "{}" {
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return &ConfigError{Source: "initializationOptions", Errors: FieldErrors{{Message: "want a JSON object"}}}
	}
	var legacy struct {
		Key  string
		Port *int
	}
	if v, ok := m["OPENAI_API_KEY"]; ok {
		if err := json.Unmarshal(v, &legacy.Key); err != nil {
			return &ConfigError{Source: "initializationOptions", Errors: FieldErrors{{"/OPENAI_API_KEY", "want a string"}}}
		}
		delete(m, "OPENAI_API_KEY")
	}
	if v, ok := m["DEBUG_PORT"]; ok {
		var p json.Number
		if err := json.Unmarshal(v, &p); err != nil {
			var s string
			if json.Unmarshal(v, &s) == nil {
				p = json.Number(s)
			}
		}
		n, err := strconv.Atoi(string(p))
		if err != nil || n < 0 || n > 65535 {
			return &ConfigError{Source: "initializationOptions", Errors: FieldErrors{{"/DEBUG_PORT", "want a port number 0-65535"}}}
		}
		legacy.Port = &n
		delete(m, "DEBUG_PORT")
	}
	rest, _ := json.Marshal(m)
	in, err := parse(rest, "initializationOptions", opts, false)
	if err != nil {
		return err
	}
	// The client sent these backends just now: an invalid one is an error
	// of the options, not a backend to disable.
	var bad FieldErrors
	for _, b := range in.Backends {
		bad = append(bad, b.Invalid...)
	}
	if len(bad) > 0 {
		return &ConfigError{Source: "initializationOptions", Errors: bad}
	}
	if legacy.Key != "" {
		if in.Planner == nil {
			in.Planner = &PlannerConfig{}
		}
		if in.Planner.APIKey == "" {
			in.Planner.APIKey = legacy.Key
		}
	}
	if legacy.Port != nil && in.DebugPort == nil {
		in.DebugPort = legacy.Port
	}
	merged := c.Clone()
	merged.overlay(in)
	if errs := merged.checkDependencies(); len(errs) > 0 {
		// Pointers of backends from the options start with "initializationOptions".
		return &ConfigError{Source: "initializationOptions", Errors: errs}
	}
	*c = *merged
	return nil
}

// overlay copies the fields present in the init options over c.
func (c *Config) overlay(in *Config) {
	setIf(&c.LogLevel, in.LogLevel)
	setIf(&c.DebugPort, in.DebugPort)
	setIf(&c.DebugToken, in.DebugToken)
	setIf(&c.Expose, in.Expose)
	setIf(&c.Names, in.Names)
	setIf(&c.CallTimeout, in.CallTimeout)
	setIf(&c.StartupTimeout, in.StartupTimeout)
	setIf(&c.ReadyTimeout, in.ReadyTimeout)
	setIf(&c.MaxMessageBytes, in.MaxMessageBytes)
	if in.Planner != nil {
		if c.Planner == nil {
			c.Planner = &PlannerConfig{}
		}
		overlayPlanner(c.Planner, in.Planner)
	}
	for _, b := range in.Backends {
		b.Pointer = "initializationOptions" + b.Pointer
		replaced := false
		for i := range c.Backends {
			if c.Backends[i].ID == b.ID {
				c.Backends[i] = b
				replaced = true
			}
		}
		if !replaced {
			c.Backends = append(c.Backends, b)
		}
	}
}

func overlayPlanner(dst, src *PlannerConfig) {
	setIf(&dst.Provider, src.Provider)
	setIf(&dst.Mode, src.Mode)
	setIf(&dst.Model, src.Model)
	setIf(&dst.BaseURL, src.BaseURL)
	setIf(&dst.APIKey, src.APIKey)
	setIf(&dst.MaxTools, src.MaxTools)
	setIf(&dst.MaxAttempts, src.MaxAttempts)
	setIf(&dst.MaxSteps, src.MaxSteps)
	setIf(&dst.MaxPromptTokens, src.MaxPromptTokens)
	setIf(&dst.Temperature, src.Temperature)
	setIf(&dst.Timeout, src.Timeout)
}

// Secrets returns the values that must never be shown in any output: the
// API key, the dashboard token, every backend header value (and its
// credential after a scheme such as "Bearer "), backend env values whose
// names look sensitive (GITHUB_TOKEN, DB_PASSWORD, API_KEY, ...) or whose
// values look like credentials (token prefixes such as ghp_ or sk-, long
// high-entropy strings), the same for variables passed through inheritEnv
// (read from the process environment), the userinfo, credential query
// values and token-like path segments of remote backends' URLs, and args
// values after sensitive flags ("--api-key=X", "--token X"). Plain values
// ("true", "info", "production", paths, numbers under non-sensitive names)
// are left out, so masking them never corrupts unrelated output; so are
// empty values.
func (c *Config) Secrets() []string {
	var s []string
	add := func(v string) {
		if v != "" {
			s = append(s, v)
		}
	}
	if c.Planner != nil {
		add(c.Planner.APIKey)
	}
	add(c.DebugToken)
	for _, b := range c.Backends {
		for k, v := range b.Env {
			envSecrets(k, v, add)
		}
		for _, v := range b.Headers {
			add(v)
			if _, cred, ok := strings.Cut(strings.TrimSpace(v), " "); ok && len(strings.TrimSpace(cred)) >= 8 {
				add(strings.TrimSpace(cred))
			}
		}
		if len(b.InheritEnv) > 0 {
			for _, kv := range os.Environ() {
				k, v, _ := strings.Cut(kv, "=")
				if inherits(b.InheritEnv, k) {
					envSecrets(k, v, add)
				}
			}
		}
		urlSecrets(b.URL, add)
		urlSecrets(b.ServerURL, add)
		argSecrets(b.Args, add)
		if a := b.Auth; a != nil {
			add(a.ClientSecret)
			add(a.PrivateKey)
			add(a.Assertion)
			if a.IdP != nil {
				add(a.IdP.ClientSecret)
				add(a.IdP.IDToken)
			}
		}
	}
	return s
}

// envSecrets adds v when the variable k holds a secret.
func envSecrets(k, v string, add func(string)) {
	switch {
	case sensitiveName(k) && !plainValue(v):
		add(v)
	case looksLikeCredential(v):
		add(v)
	default:
		urlSecrets(v, add) // DATABASE_URL=postgres://u:pw@host/db
	}
}

func inherits(patterns []string, name string) bool {
	for _, p := range patterns {
		if pre, ok := strings.CutSuffix(p, "*"); ok && strings.HasPrefix(name, pre) || p == name {
			return true
		}
	}
	return false
}

// sensitiveName reports whether a variable, header, flag or query
// parameter name says its value is a credential.
func sensitiveName(name string) bool {
	l := strings.ToLower(name)
	for _, sub := range []string{"token", "secret", "passw", "passphrase", "credential", "apikey", "api_key", "api-key", "private", "cookie", "session", "bearer", "signature"} {
		if strings.Contains(l, sub) {
			return true
		}
	}
	// AUTH, OAUTH, AUTHORIZATION, but not AUTHOR.
	if strings.Contains(l, "auth") && (!strings.Contains(l, "author") || strings.Contains(l, "authoriz")) {
		return true
	}
	for _, part := range nameParts(name) {
		switch part {
		case "key", "keys", "pat", "pass", "pwd", "pin", "jwt", "otp", "dsn", "sig":
			return true
		}
	}
	return false
}

// nameParts splits a name into lower-case words at non-alphanumerics and
// camelCase boundaries: "apiKey" and "API_KEY" both give "api", "key".
func nameParts(name string) []string {
	var parts []string
	var cur []rune
	prevLower := false
	flush := func() {
		if len(cur) > 0 {
			parts = append(parts, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			cur = append(cur, r)
			prevLower = true
		case r >= 'A' && r <= 'Z':
			if prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = false
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	return parts
}

// plainValue reports whether v is a value no credential looks like:
// a boolean word or a file path.
func plainValue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true", "false", "yes", "no", "on", "off", "null", "none", "enabled", "disabled":
		return true
	}
	for _, pre := range []string{"/", "~/", "./", "../"} {
		if strings.HasPrefix(v, pre) && !strings.ContainsAny(v, " \t") {
			return true
		}
	}
	return len(v) > 2 && v[1] == ':' && (v[2] == '\\' || v[2] == '/') // C:\path
}

// credentialPrefixes start well-known token formats.
var credentialPrefixes = []string{
	"sk-", "sk_live_", "sk_test_", "rk_live_", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
	"glpat-", "xoxb-", "xoxp-", "xoxa-", "xoxs-", "xoxr-", "xoxe-", "xapp-", "AKIA", "ASIA", "eyJ",
	"AIza", "hf_", "npm_", "pypi-", "shpat_", "dop_v1_", "lin_api_", "ntn_", "secret_", "SG.",
}

// looksLikeCredential reports whether v has the shape of a credential: a
// known token prefix, or a long string of token characters mixing letters
// and digits with high entropy. Paths, URLs, words and numbers do not.
func looksLikeCredential(v string) bool {
	if len(v) < 8 || strings.ContainsAny(v, " \t\r\n") || strings.Contains(v, "://") || plainValue(v) {
		return false
	}
	if hasCredentialPrefix(v) {
		return true
	}
	if len(v) < 20 {
		return false
	}
	var letters, digits int
	var freq [256]int
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letters++
		case c >= '0' && c <= '9':
			digits++
		case strings.IndexByte("-_+/=.~", c) >= 0:
		default:
			return false
		}
		freq[c]++
	}
	if letters == 0 || digits == 0 {
		return false
	}
	entropy := 0.0
	for _, n := range freq {
		if n > 0 {
			p := float64(n) / float64(len(v))
			entropy -= p * math.Log2(p)
		}
	}
	return entropy >= 3.5
}

// hasCredentialPrefix reports whether v starts with a known token prefix
// followed by at least 8 token characters.
func hasCredentialPrefix(v string) bool {
	if strings.ContainsAny(v, " \t\r\n") {
		return false
	}
	for _, p := range credentialPrefixes {
		if strings.HasPrefix(v, p) && len(v) >= len(p)+8 {
			return true
		}
	}
	return false
}

// urlSecrets adds the credentials a URL carries: its userinfo password
// (and a user name that looks like a token), query values under sensitive
// names or that look like credentials, and token-like path segments. Each
// is added decoded and as written.
func urlSecrets(raw string, add func(string)) {
	if !strings.Contains(raw, "://") {
		return
	}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" {
		return
	}
	both := func(dec, esc string) {
		add(dec)
		if esc != dec {
			add(esc)
		}
	}
	if u.User != nil {
		name := u.User.Username()
		pw, hasPW := u.User.Password()
		if hasPW {
			both(pw, url.QueryEscape(pw))
		}
		if looksLikeCredential(name) || !hasPW && len(name) >= 8 {
			both(name, url.QueryEscape(name))
		}
	}
	for _, kv := range strings.Split(u.RawQuery, "&") {
		k, ev, _ := strings.Cut(kv, "=")
		k, _ = url.QueryUnescape(k)
		v, err := url.QueryUnescape(ev)
		if err != nil || v == "" {
			continue
		}
		if sensitiveName(k) && !plainValue(v) || looksLikeCredential(v) {
			both(v, ev)
		}
	}
	for _, seg := range strings.Split(u.EscapedPath(), "/") {
		if dec, err := url.PathUnescape(seg); err == nil && looksLikeCredential(dec) {
			both(dec, seg)
		}
	}
}

// argSecrets adds the values of sensitive flags ("--api-key=X", "--token
// X", "-e GITHUB_TOKEN=X"), credentials in URL arguments, and arguments
// with a known token prefix (not merely random-looking ones: ids, hashes
// and names are common arguments).
func argSecrets(args []string, add func(string)) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if name, ok := strings.CutPrefix(a, "-"); ok {
			name = strings.TrimLeft(name, "-")
			if n, v, hasVal := strings.Cut(name, "="); hasVal {
				if sensitiveName(n) && !plainValue(v) || looksLikeCredential(v) {
					add(v)
				}
				continue
			}
			if sensitiveName(name) && !flagTakesNoSecret(name) && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				if v := args[i+1]; !plainValue(v) {
					add(v)
				}
				i++
			}
			continue
		}
		if n, v, ok := strings.Cut(a, "="); ok && !strings.ContainsAny(n, " /:") {
			envSecrets(n, v, add)
			continue
		}
		// Positional arguments are names, paths, hashes and ids far more
		// often than secrets: only a known token prefix marks one.
		if hasCredentialPrefix(a) {
			add(a)
			continue
		}
		urlSecrets(a, add)
	}
}

// flagTakesNoSecret reports whether a sensitive-named flag is a switch or
// names a place rather than holding the secret (--password-stdin,
// --token-file, --auth-type).
func flagTakesNoSecret(name string) bool {
	for _, p := range nameParts(name) {
		switch p {
		case "stdin", "file", "path", "dir", "env", "type", "mode", "url", "header", "method":
			return true
		}
	}
	return false
}

// Masked returns a copy of c safe to show: secrets replaced by "***".
func (c *Config) Masked() *Config {
	d := c.Clone()
	if d.Planner != nil && d.Planner.APIKey != "" {
		d.Planner.APIKey = "***"
	}
	if d.DebugToken != "" {
		d.DebugToken = "***"
	}
	mask := func(m map[string]string) map[string]string {
		if m == nil {
			return nil
		}
		out := make(map[string]string, len(m))
		for k := range m {
			out[k] = "***"
		}
		return out
	}
	for i := range d.Backends {
		d.Backends[i].Env = mask(d.Backends[i].Env)
		d.Backends[i].Headers = mask(d.Backends[i].Headers)
		if a := d.Backends[i].Auth; a != nil {
			ac := *a
			star := func(v *string) {
				if *v != "" {
					*v = "***"
				}
			}
			star(&ac.ClientSecret)
			star(&ac.PrivateKey)
			star(&ac.Assertion)
			if ac.IdP != nil {
				idp := *ac.IdP
				star(&idp.ClientSecret)
				star(&idp.IDToken)
				ac.IdP = &idp
			}
			d.Backends[i].Auth = &ac
		}
	}
	return d
}
