package planner

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// The frozen fresh evaluation sets (testdata/README.md): fresh.json was
// looked at while tuning before issue #18; fresh2.json was written before
// any change of issue #18 and is only reported, never tuned against.
const (
	freshSetPath  = "testdata/fresh.json"
	fresh2SetPath = "testdata/fresh2.json"
	fresh3SetPath = "testdata/fresh3.json"
	fresh4SetPath = "testdata/fresh4.json"
)

// evalSet is one query file scored by TestEvalReport.
type evalSet struct {
	name string
	qs   []evalQuery
}

func loadFreshQueries(t testing.TB) []evalQuery { return loadQueryFile(t, freshSetPath) }

func loadQueryFile(t testing.TB, path string) []evalQuery {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var qs []evalQuery
	if err := json.Unmarshal(b, &qs); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(qs) == 0 {
		t.Fatalf("%s holds no queries", path)
	}
	return qs
}

// setReport holds the figures docs/benchmarks.md quotes for one set.
type setReport struct {
	rank                      rankMetrics
	refused, unanswerable     int
	falseRefusals, answerable int
	argPlans, argMatch        int
	reach                     map[int]int // prompt-token cap -> answerable tasks whose tool is sent
	reach2                    map[int]int // ... whose tool is sent or whose server the directory lists
	named                     map[int]int // ... whose tool is sent or named in the directory
}

func (r setReport) String() string {
	s := fmt.Sprintf("%v | refusal %d/%d=%.3f false refusals %d/%d=%.3f | args %d/%d=%.3f | reachable",
		r.rank, r.refused, r.unanswerable, float64(r.refused)/float64(max(r.unanswerable, 1)),
		r.falseRefusals, r.answerable, float64(r.falseRefusals)/float64(max(r.answerable, 1)),
		r.argMatch, r.argPlans, float64(r.argMatch)/float64(max(r.argPlans, 1)))
	for _, c := range reachCaps {
		s += fmt.Sprintf(" %dk=%.3f", c/1000, float64(r.reach[c])/float64(max(r.answerable, 1)))
	}
	s += " | two rounds"
	for _, c := range reachCaps {
		s += fmt.Sprintf(" %dk=%.3f", c/1000, float64(r.reach2[c])/float64(max(r.answerable, 1)))
	}
	s += " | sent or named"
	for _, c := range reachCaps {
		s += fmt.Sprintf(" %dk=%.3f", c/1000, float64(r.named[c])/float64(max(r.answerable, 1)))
	}
	return s
}

// reachCaps are the prompt-token caps at which reachability is measured;
// 8000 is gateway.DefaultMaxPromptTokens.
var reachCaps = []int{2000, 8000, 16000}

// scoreSet ranks, plans (lexical planner) and pre-selects (OpenAI request
// builder) every query of qs over cat.
func scoreSet(t *testing.T, cat *Catalog, qs []evalQuery, verbose bool) setReport {
	t.Helper()
	r := setReport{rank: evalRanking(cat, qs), reach: map[int]int{}, reach2: map[int]int{}, named: map[int]int{}}
	lex := NewLexical(nil)
	for i := range qs {
		q := &qs[i]
		p, err := lex.Plan(context.Background(), Task{Query: q.Query, Context: q.Context}, cat)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		planned := p.Tool != "" && p.BackendID != ""
		if !q.answerable() {
			r.unanswerable++
			if !planned {
				r.refused++
			} else if verbose {
				t.Logf("%s: planned %s__%s, want refusal: %q", q.ID, p.BackendID, p.Tool, q.Query)
			}
			continue
		}
		r.answerable++
		if !planned {
			r.falseRefusals++
			if verbose {
				t.Logf("%s: refused %q", q.ID, q.Query)
			}
		} else if q.accepts(&Tool{Backend: p.BackendID, Name: p.Tool}, true) && hasExpectedArgs(q.ExpectedArgs) {
			r.argPlans++
			if argsMatch(q.ExpectedArgs, p.Arguments) {
				r.argMatch++
			} else if verbose {
				t.Logf("%s: args %s, want %s: %q", q.ID, p.Arguments, q.ExpectedArgs, q.Query)
			}
		}
		for _, c := range reachCaps {
			op := NewOpenAI(OpenAIOptions{MaxPromptTokens: c})
			req := op.buildRequest(Task{Query: q.Query, Context: q.Context}, cat)
			sent := slices.ContainsFunc(req.candidates, func(cand Candidate) bool {
				return q.accepts(&Tool{Backend: cand.Backend, Name: cand.Tool}, true)
			})
			if sent {
				r.reach[c]++
			}
			listed := slices.ContainsFunc(req.servers, func(s string) bool {
				if s == *q.ExpectedServer {
					return true
				}
				return slices.ContainsFunc(q.Acceptable, func(a evalRef) bool { return a.Server == s })
			})
			if sent || listed {
				r.reach2[c]++
			}
			if sent || directoryNames(req.directory, q) {
				r.named[c]++
			}
		}
	}
	return r
}

func hasExpectedArgs(raw json.RawMessage) bool {
	var m map[string]any
	return json.Unmarshal(raw, &m) == nil && len(m) > 0
}

// argsMatch applies score.mjs's rules: every expected key (dotted keys reach
// nested values) must be present and equal; strings compare case- and
// space-insensitively and a string of 8+ characters also matches when
// contained; arrays compare order-free; {"$contains": x} and {"$oneOf": [...]}.
func argsMatch(wantRaw, gotRaw json.RawMessage) bool {
	var want, got map[string]any
	if json.Unmarshal(wantRaw, &want) != nil {
		return false
	}
	if len(gotRaw) == 0 || json.Unmarshal(gotRaw, &got) != nil {
		return len(want) == 0
	}
	for k, w := range want {
		g, ok := lookupDotted(got, k)
		if !ok || !valueMatches(w, g) {
			return false
		}
	}
	return true
}

func lookupDotted(m map[string]any, key string) (any, bool) {
	if v, ok := m[key]; ok {
		return v, true
	}
	head, rest, ok := strings.Cut(key, ".")
	if !ok {
		return nil, false
	}
	sub, ok := m[head].(map[string]any)
	if !ok {
		return nil, false
	}
	return lookupDotted(sub, rest)
}

func normText(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

func valueMatches(w, g any) bool {
	switch w := w.(type) {
	case map[string]any:
		if c, ok := w["$contains"]; ok {
			cs, _ := c.(string)
			gs, _ := g.(string)
			return cs != "" && strings.Contains(normText(gs), normText(cs))
		}
		if alts, ok := w["$oneOf"].([]any); ok {
			for _, a := range alts {
				if valueMatches(a, g) {
					return true
				}
			}
			return false
		}
		gm, ok := g.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range w {
			if !valueMatches(v, gm[k]) {
				return false
			}
		}
		return true
	case string:
		gs, ok := g.(string)
		if !ok {
			if f, isNum := g.(float64); isNum {
				gs = fmt.Sprint(f)
			} else {
				return false
			}
		}
		a, b := normText(w), normText(gs)
		return a == b || (len(a) >= 8 && strings.Contains(b, a))
	case float64:
		switch g := g.(type) {
		case float64:
			return g == w
		case string:
			return g == fmt.Sprint(w)
		}
		return false
	case bool:
		gb, ok := g.(bool)
		return ok && gb == w
	case []any:
		ga, ok := g.([]any)
		if !ok || len(ga) != len(w) {
			return false
		}
		used := make([]bool, len(ga))
	next:
		for _, x := range w {
			for j, y := range ga {
				if !used[j] && valueMatches(x, y) {
					used[j] = true
					continue next
				}
			}
			return false
		}
		return true
	case nil:
		return g == nil
	}
	return false
}

// TestEvalReport prints the figures of docs/benchmarks.md for the dev set
// and the frozen fresh sets (go test ./planner -run TestEvalReport -v, add
// -eval.v for every miss of dev and fresh). It guards floors on the fresh
// sets so a change that helps dev by hurting unseen phrasing fails.
//
// fresh2 and fresh4 are report-only: their misses are never printed (it must stay blind
// to tuning), and their floors are loose, only there to catch a collapse.
func TestEvalReport(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	// Floors sit slightly under the figures achieved (docs/benchmarks.md).
	type floors struct {
		r1, r5, falseRefusal, args, reach8k, named16k float64
		twoRounds8k                                   float64 // sent, or its server in the directory
		refusal                                       float64 // own floor on refusal accuracy (0: pooled into dev+fresh's)
		blind                                         bool    // report only: never print the misses
	}
	sets := []struct {
		evalSet
		floors
	}{
		{evalSet{"dev", loadEvalQueries(t)}, floors{r1: 0.90, r5: 0.94, falseRefusal: 0.03, args: 0.93, reach8k: 0.98, named16k: 0.99, twoRounds8k: 0.99}},
		{evalSet{"fresh", loadFreshQueries(t)}, floors{r1: 0.86, r5: 0.96, falseRefusal: 0.03, args: 0.95, reach8k: 0.98, named16k: 0.99, twoRounds8k: 0.99}},
		{evalSet{"fresh3", loadQueryFile(t, fresh3SetPath)}, floors{r1: 0.60, r5: 0.85, falseRefusal: 0.05, args: 0.94, reach8k: 0.95, named16k: 0.95, twoRounds8k: 0.99, refusal: 0.6}},
		{evalSet{"fresh2", loadQueryFile(t, fresh2SetPath)}, floors{r1: 0.60, r5: 0.85, falseRefusal: 0.05, args: 0.60, reach8k: 0.95, named16k: 0.95, blind: true}},
		{evalSet{"fresh4", loadQueryFile(t, fresh4SetPath)}, floors{r1: 0.60, r5: 0.85, falseRefusal: 0.05, args: 0.60, reach8k: 0.95, named16k: 0.95, blind: true}},
	}
	var refused, unanswerable int
	defer func() {
		// Pooled over dev and fresh (dev has three unanswerable rows). The
		// issue's target is 0.8; 16/18 = 0.89 achieved.
		if refused*20 < unanswerable*17 {
			t.Errorf("refused %d of %d unanswerable tasks (dev+fresh), want >= 0.85", refused, unanswerable)
		}
	}()
	for _, s := range sets {
		verbose := *evalVerbose && !s.blind
		r := scoreSet(t, cat, s.qs, verbose)
		switch {
		case s.refusal > 0:
			if v := float64(r.refused) / float64(max(r.unanswerable, 1)); v < s.refusal {
				t.Errorf("%s: refused %d of %d unanswerable tasks, want >= %.2f", s.name, r.refused, r.unanswerable, s.refusal)
			}
		case !s.blind:
			refused, unanswerable = refused+r.refused, unanswerable+r.unanswerable
		}
		if fr := float64(r.falseRefusals) / float64(max(r.answerable, 1)); fr > s.falseRefusal {
			t.Errorf("%s: false refusals %.3f, want <= %.2f", s.name, fr, s.falseRefusal)
		}
		t.Logf("%s: %v", s.name, r)
		if verbose {
			for _, m := range r.rank.misses {
				t.Log(m)
			}
		}
		if v := r.rank.rate(r.rank.r5); v < s.r5 {
			t.Errorf("%s recall@5 = %.3f, want >= %.2f", s.name, v, s.r5)
		}
		if v := r.rank.rate(r.rank.r1); v < s.r1 {
			t.Errorf("%s recall@1 = %.3f, want >= %.2f", s.name, v, s.r1)
		}
		if v := float64(r.argMatch) / float64(max(r.argPlans, 1)); v < s.args {
			t.Errorf("%s argument match = %.3f, want >= %.2f", s.name, v, s.args)
		}
		if v := float64(r.reach[8000]) / float64(max(r.answerable, 1)); v < s.reach8k {
			t.Errorf("%s reachable at 8k = %.3f, want >= %.2f", s.name, v, s.reach8k)
		}
		if v := float64(r.reach2[8000]) / float64(max(r.answerable, 1)); v < s.twoRounds8k {
			t.Errorf("%s reachable in two rounds at 8k = %.3f, want >= %.2f", s.name, v, s.twoRounds8k)
		}
		if v := float64(r.named[16000]) / float64(max(r.answerable, 1)); v < s.named16k {
			t.Errorf("%s sent or named at 16k = %.3f, want >= %.2f", s.name, v, s.named16k)
		}
	}
}

func TestArgsMatch(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{`{"path":"/a/b"}`, `{"path":"/A/B "}`, true},
		{`{"path":"/a/b"}`, `{"path":"/a/c"}`, false},
		{`{"n":5}`, `{"n":5}`, true},
		{`{"n":5}`, `{"n":6}`, false},
		{`{"q":{"$contains":"todo"}}`, `{"q":"find TODO here"}`, true},
		{`{"m":{"$oneOf":["a","b"]}}`, `{"m":"c"}`, false},
		{`{"xs":["a","b"]}`, `{"xs":["b","a"]}`, true},
		{`{"a.b":1}`, `{"a":{"b":1}}`, true},
		{`{"k":"v"}`, ``, false},
		{`{"k":true}`, `{"k":false}`, false},
	} {
		if got := argsMatch(json.RawMessage(c.want), json.RawMessage(c.got)); got != c.ok {
			t.Errorf("argsMatch(%s, %s) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
}

// directoryNames reports whether a directory text names the task's tool (or
// an accepted one) in its server's line ("- server (k of n tools): a, b").
func directoryNames(dir string, q *evalQuery) bool {
	for line := range strings.SplitSeq(dir, "\n") {
		server, rest, ok := strings.Cut(strings.TrimPrefix(line, "- "), " (")
		if !ok {
			continue
		}
		_, names, ok := strings.Cut(rest, "): ")
		if !ok {
			continue
		}
		for name := range strings.SplitSeq(names, ", ") {
			if q.accepts(&Tool{Backend: server, Name: name}, true) {
				return true
			}
		}
	}
	return false
}
