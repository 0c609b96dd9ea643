package planner

import (
	"fmt"
	"testing"
)

// benchTools returns n tools with a realistic vocabulary: the eval catalog
// (tools.json, then tools_distractors.json) repeated under numbered backend
// ids until there are n.
func benchTools(b *testing.B, n int) []Tool {
	b.Helper()
	skipWithoutEval(b)
	base := loadEvalTools(b, true)
	tools := make([]Tool, 0, n)
	for round := 0; len(tools) < n; round++ {
		for _, t := range base {
			if len(tools) == n {
				break
			}
			if round > 0 {
				t.Backend = fmt.Sprintf("%s%d", t.Backend, round)
			}
			tools = append(tools, t)
		}
	}
	return tools
}

// BenchmarkSearch ranks the catalog for the dev-set queries (one query per
// op, cycling). Budget (DESIGN.md section 5): one query over 5,000 tools in
// at most 1 ms.
func BenchmarkSearch(b *testing.B) {
	skipWithoutEval(b)
	qs := loadEvalQueries(b)
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			cat := NewCatalog(benchTools(b, n))
			cat.Index() // built once per catalog, outside the measured loop
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				q := qs[i%len(qs)]
				cat.Search(q.Query, q.Context, 10)
				i++
			}
		})
	}
}

// BenchmarkNewIndex builds the search index (done once per catalog change).
func BenchmarkNewIndex(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			tools := benchTools(b, n)
			b.ReportAllocs()
			for b.Loop() {
				NewIndex(tools)
			}
		})
	}
}
