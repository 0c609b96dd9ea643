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
	for _, n := range []int{10, 100, 1000} {
		cat := NewCatalog(benchTools(b, n))
		cat.Index()
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			p := NewOpenAI(OpenAIOptions{})
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
