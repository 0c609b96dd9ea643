package planner

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The tool-selection development set lives next to the repository:
// ../../shared/eval/toolsel relative to this package. See its README.md.
var (
	evalOut     = flag.String("eval.out", "", "write dev-set predictions (plans and rankings, score.mjs format) to this file")
	evalVerbose = flag.Bool("eval.v", false, "log every dev query whose expected tool is not ranked first")
	evalDistr   = flag.Bool("eval.distractors", false, "with -eval.out: rank over tools.json plus tools_distractors.json")
)

const evalDir = "../../shared/eval/toolsel"

type evalTool struct {
	Server      string          `json:"server"`
	Name        string          `json:"name"`
	Title       string          `json:"title"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"inputSchema"`
	Annotations *Annotations    `json:"annotations"`
}

type evalRef struct {
	Server string `json:"server"`
	Tool   string `json:"tool"`
}

type evalQuery struct {
	ID             string          `json:"id"`
	Query          string          `json:"query"`
	Context        *TaskContext    `json:"context"`
	ExpectedServer *string         `json:"expected_server"`
	ExpectedTool   *string         `json:"expected_tool"`
	ExpectedArgs   json.RawMessage `json:"expected_args"`
	Difficulty     string          `json:"difficulty"`
	Acceptable     []evalRef       `json:"acceptable"`
}

func loadEvalJSON(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(evalDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func skipWithoutEval(t testing.TB) {
	t.Helper()
	if _, err := os.Stat(evalDir); err != nil {
		// scripts/test.sh requires it (AGENTIFY_REQUIRE_EVAL=1).
		if os.Getenv("AGENTIFY_REQUIRE_EVAL") == "1" {
			t.Fatalf("tool-selection eval set not found at %s: %v", evalDir, err)
		}
		t.Skipf("tool-selection eval set not found at %s (it lives outside the repository): %v", evalDir, err)
	}
}

// loadEvalTools reads tools.json, and tools_distractors.json after it when
// distractors is set, as planner tools (backend = the "server" field).
func loadEvalTools(t testing.TB, distractors bool) []Tool {
	t.Helper()
	var raw []evalTool
	loadEvalJSON(t, "tools.json", &raw)
	if distractors {
		var more []evalTool
		loadEvalJSON(t, "tools_distractors.json", &more)
		raw = append(raw, more...)
	}
	tools := make([]Tool, len(raw))
	for i, r := range raw {
		tools[i] = Tool{Backend: r.Server, Name: r.Name, Title: r.Title, Description: r.Description, InputSchema: r.InputSchema, Annotations: r.Annotations}
	}
	return tools
}

func loadEvalQueries(t testing.TB) []evalQuery {
	t.Helper()
	var qs []evalQuery
	loadEvalJSON(t, "queries.dev.json", &qs)
	if len(qs) == 0 {
		t.Fatal("queries.dev.json holds no queries")
	}
	return qs
}

func (q *evalQuery) answerable() bool { return q.ExpectedTool != nil && *q.ExpectedTool != "" }

func (q *evalQuery) accepts(t *Tool, lenient bool) bool {
	if t.Backend == *q.ExpectedServer && t.Name == *q.ExpectedTool {
		return true
	}
	if lenient {
		for _, a := range q.Acceptable {
			if t.Backend == a.Server && t.Name == a.Tool {
				return true
			}
		}
	}
	return false
}

type rankMetrics struct {
	n             int
	r1, r1Lenient int
	r5, r10       int
	mrr           float64
	misses        []string
}

func (m rankMetrics) rate(k int) float64 { return float64(k) / float64(max(m.n, 1)) }

func (m rankMetrics) String() string {
	return fmt.Sprintf("n=%d recall@1=%.3f (lenient %.3f) recall@5=%.3f recall@10=%.3f MRR=%.3f",
		m.n, m.rate(m.r1), m.rate(m.r1Lenient), m.rate(m.r5), m.rate(m.r10), m.mrr/float64(max(m.n, 1)))
}

// evalRanking ranks every answerable query. Recall@k counts the expected
// tool; recall@1 lenient also accepts the listed alternatives, as score.mjs
// does for top-1.
func evalRanking(cat *Catalog, qs []evalQuery) rankMetrics {
	var m rankMetrics
	for i := range qs {
		q := &qs[i]
		if !q.answerable() {
			continue
		}
		m.n++
		res := cat.Search(q.Query, q.Context, 10)
		pos := -1
		for j, r := range res {
			if q.accepts(r.Tool, false) {
				pos = j
				break
			}
		}
		if pos == 0 {
			m.r1++
		}
		if len(res) > 0 && q.accepts(res[0].Tool, true) {
			m.r1Lenient++
		}
		if pos >= 0 && pos < 5 {
			m.r5++
		}
		if pos >= 0 && pos < 10 {
			m.r10++
		}
		if pos >= 0 {
			m.mrr += 1 / float64(pos+1)
		}
		if pos != 0 {
			got := ""
			for j, r := range res[:min(3, len(res))] {
				got += fmt.Sprintf(" %d:%s(%.2f)", j+1, r.Tool.QualifiedName(), r.Score)
			}
			m.misses = append(m.misses, fmt.Sprintf("%s rank=%d want %s__%s %q:%s", q.ID, pos+1, *q.ExpectedServer, *q.ExpectedTool, q.Query, got))
		}
	}
	return m
}

// TestEvalDevSet is a regression guard for the ranker on the development
// set: recall@5 >= 0.94 and recall@1 >= 0.75 over tools.json, and the same
// with the distractor tools added. (The floor was 0.95 while the synonym
// list held words fitted to dev rows; without them dev scores 0.948 with
// distractors. TestEvalReport guards the fresh set too.)
func TestEvalDevSet(t *testing.T) {
	skipWithoutEval(t)
	qs := loadEvalQueries(t)
	for _, distr := range []bool{false, true} {
		name := "tools"
		if distr {
			name = "tools+distractors"
		}
		t.Run(name, func(t *testing.T) {
			cat := NewCatalog(loadEvalTools(t, distr))
			m := evalRanking(cat, qs)
			t.Logf("%d tools: %v", cat.Len(), m)
			if *evalVerbose {
				for _, s := range m.misses {
					t.Log(s)
				}
			}
			if r := m.rate(m.r5); r < 0.94 {
				t.Errorf("recall@5 = %.3f, want >= 0.94", r)
			}
			if r := m.rate(m.r1); r < 0.75 {
				t.Errorf("recall@1 = %.3f, want >= 0.75", r)
			}
		})
	}
}

// TestEvalLexicalPlans runs the lexical planner over the dev set, checks
// refusal and that plans name the top-ranked tool, and with -eval.out writes
// predictions for score.mjs.
func TestEvalLexicalPlans(t *testing.T) {
	skipWithoutEval(t)
	qs := loadEvalQueries(t)
	cat := NewCatalog(loadEvalTools(t, *evalDistr))
	preds := lexicalPredictions(t, cat, qs)
	refusals, refusedOK, falseRefusals, answerable := 0, 0, 0, 0
	for i := range qs {
		q, pr := &qs[i], &preds[i]
		if q.answerable() {
			answerable++
			if pr.Tool == nil {
				falseRefusals++
				if *evalVerbose {
					t.Logf("%s: refused an answerable query %q: %s", q.ID, q.Query, pr.text)
				}
			}
		} else {
			refusals++
			if pr.Tool == nil {
				refusedOK++
			} else if *evalVerbose {
				t.Logf("%s: planned %s__%s for a query that should be refused", q.ID, *pr.Server, *pr.Tool)
			}
		}
	}
	t.Logf("refusals %d/%d correct, false refusals %d/%d", refusedOK, refusals, falseRefusals, answerable)
	// The refusal floor is checked by TestEvalReport over the dev and the
	// fresh set together: dev holds only three unanswerable rows.
	if falseRefusals*10 > answerable {
		t.Errorf("refused %d of %d answerable queries, want at most 10%%", falseRefusals, answerable)
	}
	if *evalOut != "" {
		b, err := json.MarshalIndent(preds, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*evalOut, b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d predictions to %s", len(preds), *evalOut)
	}
}
