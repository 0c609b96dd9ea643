package planner

import "testing"

// BenchmarkExtractArgs reads the values of a dev-set task and fills its
// expected tool's arguments (one task per op, cycling): the argument
// extraction alone, without ranking or schema validation.
func BenchmarkExtractArgs(b *testing.B) {
	skipWithoutEval(b)
	byID := map[string]Tool{}
	for _, tl := range loadEvalTools(b, false) {
		byID[tl.Backend+"__"+tl.Name] = tl
	}
	type job struct {
		query    string
		props    []argProp
		readOnly bool
	}
	var jobs []job
	for _, q := range loadEvalQueries(b) {
		if !q.answerable() {
			continue
		}
		tl, ok := byID[*q.ExpectedServer+"__"+*q.ExpectedTool]
		if !ok {
			b.Fatalf("%s: no tool %s__%s", q.ID, *q.ExpectedServer, *q.ExpectedTool)
		}
		jobs = append(jobs, job{q.Query, toolProps(tl.InputSchema), toolReadOnly(&tl)})
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		j := jobs[i%len(jobs)]
		fillArgs(j.props, extractValues(j.query, ""), j.query, nil, j.readOnly)
		i++
	}
}
