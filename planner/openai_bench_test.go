package planner

import (
	"encoding/json"
	"fmt"
	"testing"
)

// BenchmarkOpenAIRequest builds and serializes the first chat-completions
// request (candidate selection, function definitions, JSON body) for
// catalogs of 10, 100 and 1,000 tools, with the default pre-selection
// (MaxTools 64) and with every tool (MaxTools -1). "warm" reuses the
// planner's per-catalog function cache as the gateway does between tasks;
// "cold" starts with an empty cache (the first task after a catalog
// change). Budget (DESIGN.md section 5): 2 ms for 1,000 tools.
func BenchmarkOpenAIRequest(b *testing.B) {
	skipWithoutEval(b)
	qs := loadEvalQueries(b)
	for _, n := range []int{10, 100, 1000} {
		cat := NewCatalog(benchTools(b, n))
		cat.Index()
		for _, mt := range []int{0, -1} {
			sel := "preselect64"
			if mt < 0 {
				sel = "all"
			}
			for _, warm := range []bool{true, false} {
				mode := "cold"
				if warm {
					mode = "warm"
				}
				b.Run(fmt.Sprintf("tools=%d/%s/%s", n, sel, mode), func(b *testing.B) {
					p := NewOpenAI(OpenAIOptions{MaxTools: mt})
					if warm {
						p.buildRequest(Task{Query: qs[0].Query}, cat)
					}
					b.ReportAllocs()
					i, size := 0, 0
					for b.Loop() {
						if !warm {
							p = NewOpenAI(OpenAIOptions{MaxTools: mt})
						}
						q := qs[i%len(qs)]
						req := p.buildRequest(Task{Query: q.Query, Context: q.Context}, cat)
						body, err := json.Marshal(req.params)
						if err != nil {
							b.Fatal(err)
						}
						size += len(body)
						i++
					}
					b.ReportMetric(float64(size)/float64(i), "bytes/request")
				})
			}
		}
	}
}
