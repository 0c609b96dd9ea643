package schemas

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Config is the gateway's configuration file. Backends may be given in any
// of three shapes, so users can point the gateway at a file they already
// have: agentify's own "backends" array, VS Code's "servers" object, and
// Cursor's and Claude Desktop's "mcpServers" object. All three may be mixed;
// ids must be unique across them.
type Config struct {
	// Schema is ignored; it lets editors validate the file.
	Schema string `json:"$schema,omitempty"`
	// LogLevel is the minimum level logged to stderr.
	LogLevel string `json:"logLevel,omitempty" jsonschema:"enum=trace,enum=debug,enum=info,enum=warn,enum=error"`
	// DebugPort enables the debug dashboard on 127.0.0.1 at this port; 0 picks a free port. Absent: no dashboard.
	DebugPort *int `json:"debugPort,omitempty" jsonschema:"minimum=0,maximum=65535"`
	// DebugToken, if set, is required by the dashboard as a bearer token or ?token=.
	DebugToken string `json:"debugToken,omitempty"`
	// Expose selects the tools offered to the IDE: "meta" (orchestrate_task, search_tools, call_tool; the default), "all" (meta tools plus every backend tool as backend__tool) or "orchestrate" (orchestrate_task only).
	Expose string `json:"expose,omitempty" jsonschema:"enum=meta,enum=all,enum=orchestrate"`
	// Names selects how backend tools and prompts are named toward the client: "prefixed" (the default) names every one backend__name; "bare" keeps each one's own name, and when two backends offer the same name the later one in configuration order gets its backend__ prefix. backend__name and backend.name are accepted in both modes.
	Names string `json:"names,omitempty" jsonschema:"enum=prefixed,enum=bare"`
	// Planner configures orchestrate_task.
	Planner *PlannerConfig `json:"planner,omitempty"`
	// CallTimeout is the default per-call timeout for backends that set none (default 60s).
	CallTimeout *Duration `json:"callTimeout,omitempty"`
	// StartupTimeout is the default startup timeout for backends that set none (default 30s).
	StartupTimeout *Duration `json:"startupTimeout,omitempty"`
	// ReadyTimeout bounds how long an orchestration waits for backends that are still starting (default 10s).
	ReadyTimeout *Duration `json:"readyTimeout,omitempty"`
	// MaxMessageBytes bounds one JSON-RPC message from the IDE or a backend (default 64 MiB).
	MaxMessageBytes int `json:"maxMessageBytes,omitempty" jsonschema:"minimum=65536"`
	// Integrity guards against changed and poisoned tool definitions: "pin" (the default: definitions are pinned by hash on a backend's first start; changed, new and poisoned-looking tools and prompts are held back until approved with `mcp-agentify tools approve`), "pin-strict" (as pin, and a newly configured backend needs approval too), "warn" (nothing held back, changes and findings flagged) or "off".
	Integrity string `json:"integrity,omitempty" jsonschema:"enum=pin,enum=pin-strict,enum=warn,enum=off"`

	// Backends is agentify's own list of backend MCP servers.
	Backends []Backend `json:"backends,omitempty"`
	// Servers is VS Code's mcp.json shape: backend id to definition.
	Servers map[string]Backend `json:"servers,omitempty"`
	// MCPServers is the Cursor / Claude Desktop / Windsurf shape: backend id to definition.
	MCPServers map[string]Backend `json:"mcpServers,omitempty"`
	// Inputs is VS Code's prompt-for-input list; accepted and ignored (an ${input:id} takes its value from the environment variable named like the id).
	Inputs json.RawMessage `json:"inputs,omitempty"`

	// Ignored lists the JSON pointers of keys that IDEs own (Claude Desktop's globalShortcut, VS Code's dev, Cline's autoApprove, ...), accepted and ignored.
	Ignored []string `json:"-"`
}

// PlannerConfig configures how orchestrate_task chooses a tool.
type PlannerConfig struct {
	// Provider: "auto" (OpenAI if a key is set, else the IDE's model through sampling if offered, else lexical), "openai", "sampling" or "lexical".
	Provider string `json:"provider,omitempty" jsonschema:"enum=auto,enum=openai,enum=sampling,enum=lexical"`
	// Mode: "tools" (native tool calling, the default) or "json" (tools described in the prompt, for models without tool calling).
	Mode string `json:"mode,omitempty" jsonschema:"enum=tools,enum=json"`
	// Model is the chat model (default from AGENTIFY_MODEL, else a current inexpensive OpenAI model).
	Model string `json:"model,omitempty"`
	// BaseURL of an OpenAI-compatible API (Ollama, vLLM, LM Studio, OpenRouter, ...). OPENAI_BASE_URL also sets it.
	BaseURL string `json:"baseURL,omitempty"`
	// APIKey for the OpenAI-compatible API; prefer "${OPENAI_API_KEY}" or the environment variable itself.
	APIKey string `json:"apiKey,omitempty"`
	// MaxTools is the most tools offered to the model; above it the ranker pre-selects (default 64, at most 128).
	MaxTools int `json:"maxTools,omitempty" jsonschema:"minimum=1,maximum=128"`
	// MaxAttempts bounds retries after invalid arguments (default 3).
	MaxAttempts int `json:"maxAttempts,omitempty" jsonschema:"minimum=1,maximum=10"`
	// MaxSteps lets the model call several tools in a row, the results fed back (default 1).
	MaxSteps int `json:"maxSteps,omitempty" jsonschema:"minimum=1,maximum=20"`
	// MaxPromptTokens caps the estimated prompt tokens spent on tool definitions (default 8000, about 30 tools); the lowest-ranked candidates are dropped first.
	MaxPromptTokens int `json:"maxPromptTokens,omitempty" jsonschema:"minimum=0"`
	// Temperature of the first attempt (default 0.2; lowered on each retry).
	Temperature *float64 `json:"temperature,omitempty" jsonschema:"minimum=0,maximum=2"`
	// Timeout bounds one planning request to the model (default 60s).
	Timeout *Duration `json:"timeout,omitempty"`
	// Confirm asks the calling client to confirm, through MCP elicitation, before orchestrate_task runs a tool: "destructive" (the default) asks for tools annotated destructiveHint: true and runs without asking when the client cannot be asked; "all" asks for every tool and runs nothing the client cannot confirm; "never" never asks.
	Confirm string `json:"confirm,omitempty" jsonschema:"enum=destructive,enum=all,enum=never"`
}

// Backend is one backend MCP server.
type Backend struct {
	// ID names the backend; it prefixes its tools ("github__create_issue"). Required in "backends"; the key in "servers"/"mcpServers".
	ID string `json:"id,omitempty" jsonschema:"pattern=^[a-zA-Z0-9_-]{1\\,64}$"`
	// Type is the transport: "stdio" (default when command is set), "http" (Streamable HTTP, default when url is set), "sse" (legacy HTTP+SSE) or "websocket".
	Type string `json:"type,omitempty" jsonschema:"enum=stdio,enum=http,enum=streamable-http,enum=streamableHttp,enum=sse,enum=websocket,enum=ws"`
	// Command starts a stdio backend.
	Command string `json:"command,omitempty"`
	// Args are the command's arguments.
	Args []string `json:"args,omitempty"`
	// Env adds variables to the child's minimal environment. Values are secrets: never logged.
	Env map[string]string `json:"env,omitempty"`
	// Cwd is the child's working directory (default: the gateway's).
	Cwd string `json:"cwd,omitempty"`
	// InheritEnv lists further variables copied from the gateway's environment (names, or prefixes ending in "*").
	InheritEnv []string `json:"inheritEnv,omitempty"`
	// URL of a remote backend (http, sse, websocket).
	URL string `json:"url,omitempty"`
	// ServerURL is Windsurf's name for url.
	ServerURL string `json:"serverUrl,omitempty"`
	// Headers sent to a remote backend. Values are secrets: never logged.
	Headers map[string]string `json:"headers,omitempty"`
	// Auth sets up OAuth (MCP authorization) for an http or sse backend. Without it, a backend that answers 401 with an MCP challenge starts the flow too.
	Auth *AuthConfig `json:"auth,omitempty"`
	// StartupTimeout bounds start and handshake (default 30s).
	StartupTimeout *Duration `json:"startupTimeout,omitempty"`
	// CallTimeout bounds one call (default 60s).
	CallTimeout *Duration `json:"callTimeout,omitempty"`
	// DependsOn names backends that must be ready before this one starts.
	DependsOn []string `json:"dependsOn,omitempty"`
	// Disabled backends are not started.
	Disabled bool `json:"disabled,omitempty"`
	// Tools filters the backend's tools.
	Tools *ToolFilter `json:"tools,omitempty"`
	// Restart policy: "on-failure" (default; exponential backoff 1s to 30s) or "never".
	Restart string `json:"restart,omitempty" jsonschema:"enum=on-failure,enum=never"`
	// MaxRestarts caps restarts after failures (default 10; the count resets after a minute of health).
	MaxRestarts *int `json:"maxRestarts,omitempty" jsonschema:"minimum=0"`
	// CircuitBreaker tunes when failing calls make the gateway fail fast for this backend.
	CircuitBreaker *BreakerConfig `json:"circuitBreaker,omitempty"`
	// Integrity overrides the gateway-wide integrity mode for this backend: "pin", "pin-strict", "warn" or "off".
	Integrity string `json:"integrity,omitempty" jsonschema:"enum=pin,enum=pin-strict,enum=warn,enum=off"`
	// EnvFile is a dotenv file (VS Code's field) read into env; a relative path is relative to the configuration file. Values in env win.
	EnvFile string `json:"envFile,omitempty"`

	// Pointer is the JSON pointer of this backend in the file, for error messages.
	Pointer string `json:"-"`
	// Source names where the entry came from (the file's path, or "initializationOptions"), for error messages.
	Source string `json:"-"`
	// Invalid, if not empty, is why this entry cannot be used: the backend is not started and is reported as failed with these errors, while the others serve.
	Invalid FieldErrors `json:"-"`
}

// ToolFilter selects which of a backend's tools are offered. Patterns are
// globs ("*" and "?") on the backend's own tool names; deny wins over allow.
type ToolFilter struct {
	// Allow lists the tools offered (default: all).
	Allow []string `json:"allow,omitempty"`
	// Deny lists tools never offered.
	Deny []string `json:"deny,omitempty"`
	// DenyDestructive hides tools annotated destructiveHint: true.
	DenyDestructive bool `json:"denyDestructive,omitempty"`
}

// BreakerConfig tunes a backend's circuit breaker. Failures are calls that
// time out, lose the connection or get an internal error; a tool's own
// isError result is not a failure.
type BreakerConfig struct {
	// Failures is the number of consecutive failed calls that opens the circuit (default 5).
	Failures int `json:"failures,omitempty" jsonschema:"minimum=1"`
	// Cooldown is how long an open circuit fails calls fast before one trial call (default 30s).
	Cooldown *Duration `json:"cooldown,omitempty"`
}

// Transport types after normalization.
const (
	TypeStdio     = "stdio"
	TypeHTTP      = "http"
	TypeSSE       = "sse"
	TypeWebSocket = "websocket"
)

// Duration is a Go duration string ("30s", "500ms") or a number of
// milliseconds.
type Duration time.Duration

// D returns d as a time.Duration; a nil *Duration gives def.
func (d *Duration) D(def time.Duration) time.Duration {
	if d == nil {
		return def
	}
	return time.Duration(*d)
}

// UnmarshalJSON accepts "1m30s" or 90000.
func (d *Duration) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		v, err := time.ParseDuration(s)
		if err != nil {
			return fmt.Errorf("invalid duration %q (want e.g. \"30s\" or a number of milliseconds)", s)
		}
		*d = Duration(v)
		return nil
	}
	ms, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return errors.New("invalid duration: want a string like \"30s\" or a number of milliseconds")
	}
	if ms < 0 || ms > maxDurationMS {
		return fmt.Errorf("duration %s ms out of range (0 to %d)", b, int64(maxDurationMS))
	}
	*d = Duration(ms * float64(time.Millisecond))
	return nil
}

// MaxDurationMS is the longest duration in milliseconds that fits a
// time.Duration (the schema's maximum for a number of milliseconds).
const MaxDurationMS = math.MaxInt64 / int64(time.Millisecond)

// maxDurationMS is [MaxDurationMS] as the decoder compares it.
const maxDurationMS = float64(MaxDurationMS)

// MarshalJSON writes the Go duration string.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// normalizeType maps the accepted spellings to the Type* constants.
func normalizeType(b *Backend) {
	if b.URL == "" && b.ServerURL != "" {
		b.URL = b.ServerURL
	}
	switch strings.ToLower(b.Type) {
	case "":
		switch {
		case b.Command != "":
			b.Type = TypeStdio
		case strings.HasPrefix(b.URL, "ws://"), strings.HasPrefix(b.URL, "wss://"):
			b.Type = TypeWebSocket
		case strings.HasSuffix(strings.TrimRight(urlPath(b.URL), "/"), "/sse"):
			// The legacy HTTP+SSE transport's endpoint, by convention.
			b.Type = TypeSSE
		case b.URL != "":
			b.Type = TypeHTTP
		}
	case "streamable-http", "streamablehttp":
		b.Type = TypeHTTP
	case "ws":
		b.Type = TypeWebSocket
	}
}

// urlPath is the path of u, or "" if u does not parse.
func urlPath(u string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return pu.Path
}

// AuthConfig is a remote backend's authorization (MCP authorization,
// protocol 2025-11-25). The default grant is OAuth 2.1 authorization code
// with PKCE (a user approves in a browser); "client_credentials" and
// "cross_app_access" need no browser. Tokens are kept under
// $AGENTIFY_STATE_DIR (default: the user config directory's
// mcp-agentify/), never in the config.
type AuthConfig struct {
	// Type is "oauth".
	Type string `json:"type" jsonschema:"enum=oauth"`
	// Grant is how tokens are obtained: "authorization_code" (default: the user approves in a browser), "client_credentials" (machine to machine, OAuth client credentials with clientSecret or a private key), "cross_app_access" (Enterprise-Managed Authorization: an ID token from the identity provider in idp is exchanged there for an identity assertion grant, then for an access token at the server's authorization server) or "jwt_bearer" (workload identity federation: a JWT the platform issued to this workload, assertionFile, is the grant).
	Grant string `json:"grant,omitempty" jsonschema:"enum=authorization_code,enum=client_credentials,enum=cross_app_access,enum=jwt_bearer"`
	// ClientID of a client registered with the authorization server beforehand (default: Client ID Metadata Document or dynamic registration). An https URL is used as a Client ID Metadata Document. Required by the client_credentials and cross_app_access grants.
	ClientID string `json:"clientId,omitempty"`
	// Issuer binds the configured client to one authorization server (its issuer URL): credentials are never sent to another one that a server's metadata names (default: any).
	Issuer string `json:"issuer,omitempty"`
	// ClientSecret of that client (confidential clients only). A secret: never logged; prefer "${VAR}".
	ClientSecret string `json:"clientSecret,omitempty"`
	// PrivateKeyFile is a PEM file (PKCS#8, SEC 1 EC or PKCS#1 RSA private key) with which the client authenticates by a signed JWT assertion (private_key_jwt, RFC 7523) instead of a secret; a relative path is relative to the configuration file.
	PrivateKeyFile string `json:"privateKeyFile,omitempty"`
	// PrivateKey is the same PEM key inline (prefer privateKeyFile or "${VAR}"). A secret: never logged.
	PrivateKey string `json:"privateKey,omitempty"`
	// SigningAlgorithm of the private_key_jwt assertion (default: ES256 for a P-256 key, ES384 for P-384, RS256 for RSA).
	SigningAlgorithm string `json:"signingAlgorithm,omitempty" jsonschema:"enum=ES256,enum=ES384,enum=RS256"`
	// TokenEndpointAuthMethod forces how the client authenticates at the token endpoint (default: private_key_jwt with a key, else the authorization server's metadata decides between client_secret_basic and client_secret_post).
	TokenEndpointAuthMethod string `json:"tokenEndpointAuthMethod,omitempty" jsonschema:"enum=client_secret_basic,enum=client_secret_post,enum=private_key_jwt,enum=none"`
	// Scopes to request (default: those of the server's challenge, else its metadata's scopes_supported).
	Scopes []string `json:"scopes,omitempty"`
	// RedirectPort fixes the loopback callback port (default: an ephemeral port), for clients registered with a fixed redirect URI http://127.0.0.1:PORT/callback. Authorization code grant only.
	RedirectPort int `json:"redirectPort,omitempty" jsonschema:"minimum=0,maximum=65535"`
	// AssertionFile holds the workload's JWT for the jwt_bearer grant (a Kubernetes service account token, a CI job's OIDC token, ...), with the authorization server as its audience; it is read again each time a token is needed. A relative path is relative to the configuration file.
	AssertionFile string `json:"assertionFile,omitempty"`
	// Assertion is that JWT inline (prefer assertionFile or "${VAR}"). A secret: never logged.
	Assertion string `json:"assertion,omitempty"`
	// IdP is the enterprise identity provider of the cross_app_access grant.
	IdP *IdPConfig `json:"idp,omitempty"`
}

// Grants of [AuthConfig.Grant].
const (
	GrantAuthorizationCode = "authorization_code"
	GrantClientCredentials = "client_credentials"
	GrantCrossAppAccess    = "cross_app_access"
	GrantJWTBearer         = "jwt_bearer"
)

// IdPConfig is the enterprise identity provider (IdP) of the
// cross_app_access grant (MCP extension SEP-990, Enterprise-Managed
// Authorization): the user's ID token from it is exchanged there (RFC 8693)
// for an identity assertion JWT authorization grant (ID-JAG), which the
// server's authorization server turns into an access token (RFC 7523).
type IdPConfig struct {
	// Issuer URL of the identity provider; its token endpoint is discovered from its metadata (RFC 8414 or OpenID Connect).
	Issuer string `json:"issuer,omitempty"`
	// TokenEndpoint of the identity provider, when it publishes no metadata (default: discovered from issuer).
	TokenEndpoint string `json:"tokenEndpoint,omitempty"`
	// ClientID of this client at the identity provider.
	ClientID string `json:"clientId"`
	// ClientSecret of this client at the identity provider (confidential clients only). A secret: never logged.
	ClientSecret string `json:"clientSecret,omitempty"`
	// IDTokenFile holds the user's OpenID Connect ID token from the identity provider (as an SSO tool writes it); it is read again each time a token is needed. A relative path is relative to the configuration file.
	IDTokenFile string `json:"idTokenFile,omitempty"`
	// IDToken is the ID token inline (prefer idTokenFile or "${VAR}"). A secret: never logged.
	IDToken string `json:"idToken,omitempty"`
}
