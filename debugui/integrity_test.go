package debugui

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

// pinApprover records approvals; the real one (integrity.Store) is tested
// in package integrity and through `tools approve`.
type pinApprover struct{ approved []string }

func (p *pinApprover) States() any {
	return []map[string]any{{"backend": "s", "name": "calc", "state": "changed", "quarantined": true}}
}
func (p *pinApprover) Diff(name string) (string, error) {
	if name != "s__calc" {
		return "", errors.New("nothing pending")
	}
	return "- old\n+ new\n", nil
}
func (p *pinApprover) Approve(name string) ([]string, error) {
	p.approved = append(p.approved, name)
	return []string{"tool:calc"}, nil
}

func TestIntegrityAPI(t *testing.T) {
	pa := &pinApprover{}
	e := startTest(t, func(o *Options) { o.Integrity = pa; o.Token = "tok" })
	auth := map[string]string{"Authorization": "Bearer tok"}
	if code, body, _ := e.do(t, "GET", "/api/integrity", "", auth); code != 200 || !strings.Contains(body, `"quarantined":true`) {
		t.Fatalf("states: %d %s", code, body)
	}
	if code, body, _ := e.do(t, "GET", "/api/integrity/diff?name=s__calc", "", auth); code != 200 || !strings.Contains(body, `+ new`) {
		t.Fatalf("diff: %d %s", code, body)
	}
	if code, _, _ := e.do(t, "GET", "/api/integrity/diff?name=x", "", auth); code != http.StatusNotFound {
		t.Fatalf("diff of nothing: %d", code)
	}
	body := `{"name":"s__calc"}`
	if code, _, _ := e.do(t, "POST", "/api/integrity/approve", body, map[string]string{"Authorization": "", "Content-Type": "application/json"}); code != http.StatusUnauthorized {
		t.Errorf("approve without token: %d", code)
	}
	if code, _, _ := e.do(t, "POST", "/api/integrity/approve", body, map[string]string{"Authorization": "Bearer tok", "Content-Type": "application/json", "Origin": "https://evil.example"}); code != http.StatusForbidden {
		t.Errorf("cross-origin approve: %d", code)
	}
	if code, _, _ := e.do(t, "POST", "/api/integrity/approve", body, map[string]string{"Authorization": "Bearer tok", "Content-Type": "text/plain"}); code != http.StatusUnsupportedMediaType {
		t.Errorf("form-encoded approve: %d", code)
	}
	if len(pa.approved) != 0 {
		t.Fatalf("refused requests approved %v", pa.approved)
	}
	code, resp, _ := e.do(t, "POST", "/api/integrity/approve", body, map[string]string{"Authorization": "Bearer tok", "Content-Type": "application/json", "Origin": e.srv.URL()})
	if code != 200 || !strings.Contains(resp, "tool:calc") || len(pa.approved) != 1 || pa.approved[0] != "s__calc" {
		t.Fatalf("approve: %d %s %v", code, resp, pa.approved)
	}
}
