package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
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
	set := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	set(&o.LogLevel, hi.LogLevel)
	set(&o.Expose, hi.Expose)
	set(&o.Provider, hi.Provider)
	set(&o.Model, hi.Model)
	set(&o.BaseURL, hi.BaseURL)
	set(&o.APIKey, hi.APIKey)
	if hi.DebugPort != nil {
		o.DebugPort = hi.DebugPort
	}
	return o
}

// EnvOverrides reads the environment variables the gateway honours:
// OPENAI_API_KEY, OPENAI_BASE_URL, AGENTIFY_MODEL, AGENTIFY_PLANNER,
// AGENTIFY_LOG_LEVEL, AGENTIFY_EXPOSE and DEBUG_PORT (or AGENTIFY_DEBUG_PORT).
// lookup nil means os.LookupEnv. A malformed port is an error naming it.
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
	if o.LogLevel != "" {
		c.LogLevel = o.LogLevel
	}
	if o.Expose != "" {
		c.Expose = o.Expose
	}
	if o.DebugPort != nil {
		c.DebugPort = o.DebugPort
	}
	if o.Provider != "" || o.Model != "" || o.BaseURL != "" || o.APIKey != "" {
		if c.Planner == nil {
			c.Planner = &PlannerConfig{}
		}
		p := c.Planner
		if o.Provider != "" {
			p.Provider = o.Provider
		}
		if o.Model != "" {
			p.Model = o.Model
		}
		if o.BaseURL != "" {
			p.BaseURL = o.BaseURL
		}
		if o.APIKey != "" {
			p.APIKey = o.APIKey
		}
	}
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
	merged.overlay(in, m)
	if errs := merged.checkDependencies(); len(errs) > 0 {
		// Pointers of backends from the options start with "initializationOptions".
		return &ConfigError{Source: "initializationOptions", Errors: errs}
	}
	*c = *merged
	return nil
}

// overlay copies the fields present in the init options over c.
func (c *Config) overlay(in *Config, present map[string]json.RawMessage) {
	if in.LogLevel != "" {
		c.LogLevel = in.LogLevel
	}
	if in.DebugPort != nil {
		c.DebugPort = in.DebugPort
	}
	if in.DebugToken != "" {
		c.DebugToken = in.DebugToken
	}
	if in.Expose != "" {
		c.Expose = in.Expose
	}
	if in.CallTimeout != nil {
		c.CallTimeout = in.CallTimeout
	}
	if in.StartupTimeout != nil {
		c.StartupTimeout = in.StartupTimeout
	}
	if in.ReadyTimeout != nil {
		c.ReadyTimeout = in.ReadyTimeout
	}
	if in.MaxMessageBytes != 0 {
		c.MaxMessageBytes = in.MaxMessageBytes
	}
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
	s := func(d *string, v string) {
		if v != "" {
			*d = v
		}
	}
	i := func(d *int, v int) {
		if v != 0 {
			*d = v
		}
	}
	s(&dst.Provider, src.Provider)
	s(&dst.Mode, src.Mode)
	s(&dst.Model, src.Model)
	s(&dst.BaseURL, src.BaseURL)
	s(&dst.APIKey, src.APIKey)
	i(&dst.MaxTools, src.MaxTools)
	i(&dst.MaxAttempts, src.MaxAttempts)
	i(&dst.MaxSteps, src.MaxSteps)
	i(&dst.MaxPromptTokens, src.MaxPromptTokens)
	if src.Temperature != nil {
		dst.Temperature = src.Temperature
	}
	if src.Timeout != nil {
		dst.Timeout = src.Timeout
	}
}

// Secrets returns every value that must never be logged: the API key, the
// dashboard token and every backend env and header value. Empty values are
// left out (a redactor must never replace "").
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
		for _, v := range b.Env {
			add(v)
		}
		for _, v := range b.Headers {
			add(v)
		}
	}
	return s
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
	}
	return d
}
