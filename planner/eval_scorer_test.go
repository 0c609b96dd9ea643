package planner

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestScoreSetAgreesWithScoreMJS holds the figures TestEvalReport prints
// to the steering side's scorer: the lexical planner's plans and the
// ranker's top ten of the dev set and of a fresh set are written as
// score.mjs predictions, scored by score.mjs itself, and its counts must
// be scoreSet's: recall@1, refusals, false refusals and the argument
// matches (which score.mjs judges on plans of the expected tool only, not
// on acceptable alternatives). fresh11 is among the sets because some of
// its plans name an acceptable alternative with expected arguments.
func TestScoreSetAgreesWithScoreMJS(t *testing.T) {
	skipWithoutEval(t)
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("AGENTIFY_REQUIRE_EVAL") == "1" {
			t.Fatal("node is not on PATH; scripts/test.sh's tests need Node.js 18+")
		}
		t.Skip("node is not on PATH")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	for _, set := range []struct{ name, path string }{
		{"dev", filepath.Join(evalDir, "queries.dev.json")},
		{"fresh11", fresh11SetPath},
	} {
		t.Run(set.name, func(t *testing.T) {
			qs := loadQueryFile(t, set.path)
			r := scoreSet(t, cat, qs, false)
			preds, err := json.Marshal(lexicalPredictions(t, cat, qs))
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "predictions.json")
			if err := os.WriteFile(file, preds, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(node, filepath.Join(evalDir, "score.mjs"), file, set.path, "--json").Output()
			if err != nil {
				t.Fatalf("score.mjs: %v", err)
			}
			var got struct {
				Plan struct {
					Args         string `json:"argument_match_rate_all_keys"`
					Refusal      string `json:"refusal_accuracy"`
					FalseRefusal string `json:"false_refusal_rate"`
				} `json:"plan"`
				Ranking struct {
					R1 string `json:"recall@1"`
				} `json:"ranking"`
			}
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("score.mjs --json: %v\n%s", err, out)
			}
			check := func(what, field string, num, den int) {
				t.Helper()
				n, d, ok := countsOf(field)
				if !ok {
					t.Fatalf("%s: no count in score.mjs's %q", what, field)
				}
				if n != num || d != den {
					t.Errorf("%s: score.mjs %d/%d, scoreSet %d/%d", what, n, d, num, den)
				}
			}
			check("arguments", got.Plan.Args, r.argMatch, r.argPlans)
			check("refusals", got.Plan.Refusal, r.refused, r.unanswerable)
			check("false refusals", got.Plan.FalseRefusal, r.falseRefusals, r.answerable)
			// score.mjs gives recall@1 as a percentage to one decimal
			// (toFixed rounds half away from zero, Go's %.1f to even).
			pct, err := strconv.ParseFloat(strings.TrimSuffix(got.Ranking.R1, "%"), 64)
			if want := 100 * r.rank.rate(r.rank.r1); err != nil || math.Abs(pct-want) > 0.0501 {
				t.Errorf("recall@1: score.mjs %s, scoreSet %.3f%% (%d/%d)", got.Ranking.R1, want, r.rank.r1, r.rank.n)
			}
		})
	}
}

var countRE = regexp.MustCompile(`\((\d+)/(\d+)\b`)

// countsOf reads score.mjs's "(n/d ..." count.
func countsOf(s string) (n, d int, ok bool) {
	m := countRE.FindStringSubmatch(s)
	if m == nil {
		return 0, 0, false
	}
	n, _ = strconv.Atoi(m[1])
	d, _ = strconv.Atoi(m[2])
	return n, d, true
}

// evalPrediction is one row of score.mjs's predictions: the lexical
// planner's plan (a refusal as a null tool, with its text for logs) and the
// ranker's top ten.
type evalPrediction struct {
	ID         string          `json:"id"`
	Server     *string         `json:"server"`
	Tool       *string         `json:"tool"`
	Args       json.RawMessage `json:"args,omitempty"`
	Candidates []evalRef       `json:"candidates"`
	text       string
}

// lexicalPredictions plans and ranks every query of qs over cat, as
// score.mjs's predictions.
func lexicalPredictions(t *testing.T, cat *Catalog, qs []evalQuery) []evalPrediction {
	t.Helper()
	lex := NewLexical(nil)
	preds := make([]evalPrediction, 0, len(qs))
	for i := range qs {
		q := &qs[i]
		p, err := lex.Plan(context.Background(), Task{Query: q.Query, Context: q.Context}, cat)
		if err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
		pr := evalPrediction{ID: q.ID, text: p.Text}
		if p.Tool != "" && p.BackendID != "" {
			pr.Server, pr.Tool, pr.Args = &p.BackendID, &p.Tool, p.Arguments
		}
		for _, c := range cat.Search(q.Query, q.Context, 10) {
			pr.Candidates = append(pr.Candidates, evalRef{Server: c.Tool.Backend, Tool: c.Tool.Name})
		}
		preds = append(preds, pr)
	}
	return preds
}
