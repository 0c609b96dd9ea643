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
		if b.Auth != nil {
			add(b.Auth.ClientSecret)
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
