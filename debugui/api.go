package debugui

import (
	"bytes"
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/mcp-agentify/mcp-agentify/telemetry"
)

// StatusView is the gateway status the page shows (Source.Status).
type StatusView struct {
	Ready bool `json:"ready"` // every enabled backend is ready
	// State sums Ready up for the page: "ready", "degraded" (some backends
	// serve, others do not), "starting" (none ready yet, some starting) or
	// "not ready". Empty: the page derives it from the counts.
	State         string    `json:"state,omitempty"`
	StartedAt     time.Time `json:"startedAt"`
	Protocol      string    `json:"protocol,omitempty"`   // negotiated MCP version
	Client        string    `json:"client,omitempty"`     // IDE clientInfo "name version"
	Planner       string    `json:"planner,omitempty"`    // "openai", "lexical", ...
	Model         string    `json:"model,omitempty"`      // planner model
	Expose        string    `json:"expose,omitempty"`     // "meta", "all", "orchestrate"
	ConfigPath    string    `json:"configPath,omitempty"` // file the config came from
	Backends      int       `json:"backends"`
	BackendsReady int       `json:"backendsReady"`
	Tools         int       `json:"tools"`
}

// BackendView is one row of the backends table (Source.Backends).
type BackendView struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`             // stdio, http, sse, websocket
	State     string    `json:"state"`            // starting, ready, unavailable, restarting, stopped, skipped
	Target    string    `json:"target,omitempty"` // command line or URL (no secrets)
	PID       int       `json:"pid,omitempty"`
	Tools     int       `json:"tools"`
	Restarts  int       `json:"restarts"`
	Since     time.Time `json:"since"` // when it entered State
	LastError string    `json:"lastError,omitempty"`
	// StderrTail is the backend's last stderr lines (redacted), shown under
	// LastError: the server's own words on why it failed.
	StderrTail []string `json:"stderrTail,omitempty"`
	Server     string   `json:"server,omitempty"` // serverInfo "name version"
}

// ToolView is one entry of the tool catalog (Source.Tools).
type ToolView struct {
	Name        string          `json:"name"` // "backend__tool"
	Backend     string          `json:"backend"`
	Tool        string          `json:"tool"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema,omitempty"`
}

// writeJSON marshals v, masks it with the hub's Redactor (defence in depth:
// the gateway should never hand us a secret) and writes it.
func (s *Server) writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		s.opts.Logger.Error().Err(err).Msg("debugui: encode response")
		status = http.StatusInternalServerError
		b = []byte(`{"error":"cannot encode response"}`)
	}
	b = s.hub.Redactor.Redact(b)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b)
	w.Write([]byte("\n"))
}

func (s *Server) errorJSON(w http.ResponseWriter, status int, msg string) {
	s.writeJSON(w, status, map[string]string{"error": msg})
}

type statusResponse struct {
	Version          string      `json:"version"`
	DashboardStarted time.Time   `json:"dashboardStarted"`
	Console          bool        `json:"console"` // a Runner is set
	Restart          bool        `json:"restart"` // a Restarter is set
	Status           *StatusView `json:"status"`  // null without a Source
}

func (s *Server) handleStatus(w http.ResponseWriter, r *http.Request) {
	resp := statusResponse{Version: s.opts.Version, DashboardStarted: s.startedAt, Console: s.opts.Runner != nil, Restart: s.opts.Restarter != nil}
	if s.opts.Source != nil {
		st := s.opts.Source.Status()
		resp.Status = &st
	}
	s.writeJSON(w, http.StatusOK, resp)
}

// handleSource answers one list view of the source; none is [].
func handleSource[V any](s *Server, get func(Source) []V) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v := []V{}
		if s.opts.Source != nil {
			if got := get(s.opts.Source); got != nil {
				v = got
			}
		}
		s.writeJSON(w, http.StatusOK, v)
	}
}

// sensitiveKey matches configuration keys whose values are masked whatever
// they hold (env entries such as GITHUB_TOKEN, headers such as
// Authorization, fields such as apiKey).
var sensitiveKey = regexp.MustCompile(`(?i)(key|token|secret|passw|pwd|auth|credential|cookie|session|private)`)

func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	var v any = map[string]any{}
	if s.opts.Source != nil {
		if c := s.opts.Source.Config(); len(c) > 0 {
			masked, err := maskConfig(c)
			if err != nil {
				s.errorJSON(w, http.StatusInternalServerError, "cannot encode config")
				return
			}
			v = masked
		}
	}
	s.writeJSON(w, http.StatusOK, v)
}

// maskConfig round-trips v through JSON and replaces every scalar under a
// sensitive key with the mask.
func maskConfig(b json.RawMessage) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // keep big integers as written
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, err
	}
	return maskTree(tree, false), nil
}

func maskTree(v any, masked bool) any {
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			t[k] = maskTree(child, masked || sensitiveKey.MatchString(k))
		}
		return t
	case []any:
		for i, child := range t {
			t[i] = maskTree(child, masked)
		}
		return t
	case nil:
		return nil
	default:
		if masked {
			return telemetry.Mask
		}
		return v
	}
}

func queryLimit(r *http.Request, def, max int) int {
	n, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || n <= 0 {
		return def
	}
	return min(n, max)
}

func logFilter(r *http.Request) telemetry.LogFilter {
	q := r.URL.Query()
	return telemetry.LogFilter{MinLevel: q.Get("level"), Backend: q.Get("backend"), Text: q.Get("q"), Limit: queryLimit(r, 500, 100000)}
}

func traceFilter(r *http.Request) telemetry.TraceFilter {
	q := r.URL.Query()
	return telemetry.TraceFilter{Backend: q.Get("backend"), Method: q.Get("method"), Kind: q.Get("kind"), Limit: queryLimit(r, 500, 100000)}
}

func (s *Server) handleLogs(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, http.StatusOK, nonNil(s.hub.Logs.Recent(logFilter(r))))
}

func (s *Server) handleTrace(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, http.StatusOK, nonNil(s.hub.Trace.Recent(traceFilter(r))))
}

func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	s.writeJSON(w, http.StatusOK, s.hub.Metrics.Snapshot())
}

func (s *Server) handlePrometheus(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	if err := s.hub.Metrics.WritePrometheus(&buf); err != nil {
		http.Error(w, "metrics unavailable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(s.hub.Redactor.Redact(buf.Bytes()))
}

// handleRestart serves POST /api/backends/{id}/restart. Like the console it
// changes the gateway's state, so it takes the same guards: the token, our
// own origin, and a JSON content type a cross-site form cannot send.
func (s *Server) handleRestart(w http.ResponseWriter, r *http.Request) {
	if !s.stateChangeAllowed(w, r) {
		return
	}
	if s.opts.Restarter == nil {
		s.errorJSON(w, http.StatusNotImplemented, "restart disabled")
		return
	}
	id := r.PathValue("id")
	if err := s.opts.Restarter.RestartBackend(id); err != nil {
		status := http.StatusConflict
		if errors.Is(err, ErrUnknownBackend) {
			status = http.StatusNotFound
		}
		s.errorJSON(w, status, err.Error())
		return
	}
	s.writeJSON(w, http.StatusAccepted, map[string]string{"restarting": id})
}

// stateChangeAllowed guards the requests that change the gateway's state
// (restart, console run, integrity approval): our own origin and a JSON
// content type. A cross-site page can POST to a loopback port (its Host is
// ours), but a cross-site form cannot send that content type without a
// CORS preflight we never answer. The token is checked by the router. It
// answers the refusal itself and reports whether the request may go on.
func (s *Server) stateChangeAllowed(w http.ResponseWriter, r *http.Request) bool {
	if !s.sameOrigin(r) {
		s.errorJSON(w, http.StatusForbidden, "cross-origin request refused")
		return false
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		s.errorJSON(w, http.StatusUnsupportedMediaType, "body must be application/json")
		return false
	}
	return true
}

// RunRequest is the body of POST /api/run.
type RunRequest struct {
	Query  string `json:"query"`
	DryRun bool   `json:"dryRun"`
}

// RunResponse is the answer of POST /api/run: the Runner's result, or its
// error as text. Both are redacted.
type RunResponse struct {
	Result    any     `json:"result,omitempty"`
	Error     string  `json:"error,omitempty"`
	ElapsedMs float64 `json:"elapsedMs"`
}

// maxRunBody bounds POST /api/run bodies.
const maxRunBody = 64 << 10

func (s *Server) handleRun(w http.ResponseWriter, r *http.Request) {
	if !s.stateChangeAllowed(w, r) {
		return
	}
	if s.opts.Runner == nil {
		s.errorJSON(w, http.StatusNotImplemented, "console disabled: no runner")
		return
	}
	var req RunRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxRunBody))
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			s.errorJSON(w, http.StatusRequestEntityTooLarge, "body too large")
			return
		}
		s.errorJSON(w, http.StatusBadRequest, "invalid JSON body: "+err.Error())
		return
	}
	if req.Query == "" {
		s.errorJSON(w, http.StatusBadRequest, "query: required")
		return
	}
	start := time.Now()
	res, err := s.opts.Runner.RunTask(r.Context(), req.Query, req.DryRun)
	resp := RunResponse{Result: res, ElapsedMs: float64(time.Since(start).Microseconds()) / 1000}
	if err != nil {
		resp.Error = err.Error()
	}
	s.writeJSON(w, http.StatusOK, resp)
}
