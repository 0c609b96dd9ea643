package planner

import (
	"fmt"
	"testing"
)

// BenchmarkOpenAIRequest builds and serializes the first chat-completions
// request (candidate selection, function definitions, JSON body) for
// catalogs of 10, 100 and 1,000 tools, with the default pre-selection
// (MaxTools 64) and with every tool (MaxTools -1). "warm" reuses the
// planner's per-catalog function cache as the gateway does between tasks;
// "warmed" starts from Warm, as the gateway's planner does once a catalog
// change has settled; "cold" starts with an empty cache (a task that
// arrives before the warm-up is done). Budget (DESIGN.md section 5): 2 ms
// for 1,000 tools.
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
			for _, mode := range []string{"warm", "warmed", "cold"} {
				warm := mode != "cold"
				b.Run(fmt.Sprintf("tools=%d/%s/%s", n, sel, mode), func(b *testing.B) {
					p := NewOpenAI(OpenAIOptions{MaxTools: mt})
					switch mode {
					case "warm":
						p.buildRequest(Task{Query: qs[0].Query}, cat)
					case "warmed":
						p.Warm(cat)
					}
					b.ReportAllocs()
					i, size := 0, 0
					for b.Loop() {
						if !warm {
							p = NewOpenAI(OpenAIOptions{MaxTools: mt})
						}
						q := qs[i%len(qs)]
						req := p.buildRequest(Task{Query: q.Query, Context: q.Context}, cat)
						// As Plan sends it: json.Marshal would also
						// re-validate and compact the whole body.
						body, err := req.params.MarshalJSON()
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

// BenchmarkOpenAIWarm is the gateway's warm-up after a catalog change (off
// the request path): every tool's definition at the levels a capped request
// may send, the index and the directory already built.
func BenchmarkOpenAIWarm(b *testing.B) {
	skipWithoutEval(b)
	for _, n := range []int{100, 1000} {
		cat := NewCatalog(benchTools(b, n))
		cat.Index()
		b.Run(fmt.Sprintf("tools=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewOpenAI(OpenAIOptions{MaxPromptTokens: 8000}).Warm(cat)
			}
		})
	}
}

// BenchmarkJSONRequest builds the JSON-mode (and sampling) prompt for the
// default pre-selection: "warmed" after the catalog's Warm, as the gateway
// does after a change; "cold" with the catalog's prompt lines dropped
// before each request.
func BenchmarkJSONRequest(b *testing.B) {
	skipWithoutEval(b)
	qs := loadEvalQueries(b)
	for _, n := range []int{100, 1000} {
		cat := NewCatalog(benchTools(b, n))
		cat.warmPrompt()
		cat.warmLines()
		for _, mode := range []string{"warmed", "cold"} {
			b.Run(fmt.Sprintf("tools=%d/%s", n, mode), func(b *testing.B) {
				b.ReportAllocs()
				i, size := 0, 0
				for b.Loop() {
					if mode == "cold" {
						cat.lineMu.Lock()
						cat.lines = [2]map[*Tool]string{}
						cat.lineMu.Unlock()
					}
					q := qs[i%len(qs)]
					req := buildJSONRequest(Task{Query: q.Query, Context: q.Context}, cat, 0, 8000, 1)
					size += len(req.system) + len(req.user)
					i++
				}
				b.ReportMetric(float64(size)/float64(i), "bytes/request")
			})
		}
	}
}
