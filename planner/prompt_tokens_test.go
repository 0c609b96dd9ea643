package planner

import (
	"encoding/json"
	"testing"
)

// TestPromptTokenEstimates reports the estimated prompt size (bytes/4 of the
// marshalled first request) for 10 tools and for the 385-tool eval catalog,
// sending every tool and with pre-selection, and how often the expected tool
// of a dev query survives pre-selection. Run with -v to see the numbers.
func TestPromptTokenEstimates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 400 requests over the eval catalog")
	}
	skipWithoutEval(t)
	tools := loadEvalTools(t, false)
	qs := loadEvalQueries(t)
	measure := func(cat *Catalog, opts OpenAIOptions) (avgTokens float64, recall float64, funcs float64) {
		p := NewOpenAI(opts)
		var sum, nfn, hit, answerable int
		for _, q := range qs {
			req := p.buildRequest(Task{Query: q.Query, Context: q.Context}, cat)
			b, err := json.Marshal(req.params)
			if err != nil {
				t.Fatal(err)
			}
			sum += estimateTokens(len(b))
			nfn += req.params.ntools
			if q.answerable() {
				answerable++
				for _, c := range req.candidates {
					if c.Backend == *q.ExpectedServer && c.Tool == *q.ExpectedTool {
						hit++
						break
					}
				}
			}
		}
		return float64(sum) / float64(len(qs)), float64(hit) / float64(max(answerable, 1)), float64(nfn) / float64(len(qs))
	}

	ten, _, _ := measure(NewCatalog(tools[:10]), OpenAIOptions{})
	all, allRecall, allFns := measure(NewCatalog(tools), OpenAIOptions{MaxTools: -1})
	pre64, recall64, fns64 := measure(NewCatalog(tools), OpenAIOptions{})
	pre16, recall16, fns16 := measure(NewCatalog(tools), OpenAIOptions{MaxTools: 16})
	budget, recallB, fnsB := measure(NewCatalog(tools), OpenAIOptions{MaxPromptTokens: int(all / 10)})
	// The gateway's default cap (gateway.DefaultMaxPromptTokens).
	dflt, recallD, fnsD := measure(NewCatalog(tools), OpenAIOptions{MaxPromptTokens: 8000})
	t.Logf("10 tools: %.0f tokens", ten)
	t.Logf("%d tools, all sent: %.0f tokens (%.0f functions, recall %.3f)", len(tools), all, allFns, allRecall)
	t.Logf("%d tools, MaxTools 64: %.0f tokens = %.1f%% (%.0f functions, recall %.3f)", len(tools), pre64, 100*pre64/all, fns64, recall64)
	t.Logf("%d tools, MaxTools 16: %.0f tokens = %.1f%% (%.0f functions, recall %.3f)", len(tools), pre16, 100*pre16/all, fns16, recall16)
	t.Logf("%d tools, MaxPromptTokens %d: %.0f tokens = %.1f%% (%.1f functions, recall %.3f)", len(tools), int(all/10), budget, 100*budget/all, fnsB, recallB)

	t.Logf("%d tools, gateway default MaxPromptTokens 8000: %.0f tokens = %.1f%% (%.1f functions, recall %.3f)", len(tools), dflt, 100*dflt/all, fnsD, recallD)
	// DESIGN budget: at most 10 % of sending every tool, recall kept.
	if dflt > all/10 || recallD < 0.95 {
		t.Errorf("gateway default: %.1f%% of all tools' tokens with recall %.3f; want <= 10%% and recall >= 0.95", 100*dflt/all, recallD)
	}
	if !(ten < pre16 && pre16 < pre64 && pre64 < all) {
		t.Errorf("estimates not ordered: 10 tools %.0f, top16 %.0f, top64 %.0f, all %.0f", ten, pre16, pre64, all)
	}
	if allRecall != 1 {
		t.Errorf("recall with every tool sent = %.3f, want 1", allRecall)
	}
	if budget > all/10*1.05 { // the estimate counts the request slightly differently than buildRequest
		t.Errorf("MaxPromptTokens %d not kept: %.0f", int(all/10), budget)
	}
}
