package planner

import (
	"fmt"
	"testing"
)

// BenchmarkOpenAIBuildRequest measures the planner's real send path: select
// candidates, build the request and encode the body exactly as it is sent
// (chatRequest.MarshalJSON, without the extra compaction pass that
// json.Marshal applies to a Marshaler's output, which BenchmarkOpenAIRequest
// includes). Warm: the per-catalog function cache is filled, as between two
// tasks on an unchanged catalog.
func BenchmarkOpenAIBuildRequest(b *testing.B) {
	skipWithoutEval(b)
	qs := loadEvalQueries(b)
	for _, c := range []struct{ n, cap int }{{10, 0}, {100, 0}, {1000, 0}, {1000, 8000}} {
		n := c.n
		cat := NewCatalog(benchTools(b, n))
		cat.Index()
		name := fmt.Sprintf("tools=%d", n)
		if c.cap > 0 { // the gateway's default cap: the directory's reserve and fitting
			name += fmt.Sprintf(",cap=%d", c.cap)
		}
		b.Run(name, func(b *testing.B) {
			p := NewOpenAI(OpenAIOptions{MaxPromptTokens: c.cap})
			p.buildRequest(Task{Query: qs[0].Query}, cat)
			b.ReportAllocs()
			i, size := 0, 0
			for b.Loop() {
				q := qs[i%len(qs)]
				req := p.buildRequest(Task{Query: q.Query, Context: q.Context}, cat)
				body, err := req.params.MarshalJSON()
				if err != nil {
					b.Fatal(err)
				}
				size += len(body)
				i++
			}
			b.ReportMetric(float64(size)/float64(i), "bytes/request")
			b.ReportMetric(float64(estimateTokens(size/i)), "est-tokens/request")
		})
	}
}
