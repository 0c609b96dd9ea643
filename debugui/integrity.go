package debugui

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// Integrity gives the dashboard the tool integrity states (see package
// integrity) and approves held-back definitions. Names are qualified
// ("backend__tool", or "backend" for all of a backend's pending ones).
type Integrity interface {
	// States returns every tool and prompt with its state, JSON-encodable.
	States() any
	// Diff returns a readable diff of the approved and offered definitions.
	Diff(name string) (string, error)
	// Approve approves and returns what it approved.
	Approve(name string) ([]string, error)
}

// maxApproveBody bounds POST /api/integrity/approve bodies.
const maxApproveBody = 4 << 10

// handleIntegrity answers GET /api/integrity.
func (s *Server) handleIntegrity(w http.ResponseWriter, r *http.Request) {
	if s.opts.Integrity == nil {
		s.writeJSON(w, http.StatusOK, []any{})
		return
	}
	s.writeJSON(w, http.StatusOK, s.opts.Integrity.States())
}

// handleIntegrityDiff answers GET /api/integrity/diff?name=backend__tool.
func (s *Server) handleIntegrityDiff(w http.ResponseWriter, r *http.Request) {
	if s.opts.Integrity == nil {
		s.errorJSON(w, http.StatusNotImplemented, "tool integrity is off")
		return
	}
	d, err := s.opts.Integrity.Diff(r.URL.Query().Get("name"))
	if err != nil {
		s.errorJSON(w, http.StatusNotFound, err.Error())
		return
	}
	s.writeJSON(w, http.StatusOK, map[string]string{"diff": d})
}

// handleIntegrityApprove answers POST /api/integrity/approve {"name": ...}:
// a state-changing request, so same origin and a JSON body are required
// (and the token, by the router), as for the console.
func (s *Server) handleIntegrityApprove(w http.ResponseWriter, r *http.Request) {
	if !s.stateChangeAllowed(w, r) {
		return
	}
	if s.opts.Integrity == nil {
		s.errorJSON(w, http.StatusNotImplemented, "tool integrity is off")
		return
	}
	var req struct {
		Name string `json:"name"`
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxApproveBody+1))
	if err == nil && len(body) > maxApproveBody {
		err = errors.New("body too large")
	}
	if err == nil {
		err = json.Unmarshal(body, &req)
	}
	if err != nil || req.Name == "" {
		s.errorJSON(w, http.StatusBadRequest, `body must be {"name": "backend__tool"}`)
		return
	}
	got, err := s.opts.Integrity.Approve(req.Name)
	if err != nil {
		s.errorJSON(w, http.StatusBadRequest, err.Error())
		return
	}
	s.writeJSON(w, http.StatusOK, map[string]any{"approved": got})
}
