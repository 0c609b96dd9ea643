package planner

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// Scored is one search result.
type Scored struct {
	Tool  *Tool   // points into the indexed slice
	Score float64 // higher is better; only comparable within one query
}

// Index is a BM25 index over tool names, descriptions and parameter names.
// PLACEHOLDER: to be replaced by the field-weighted ranker.
type Index struct {
	tools []Tool
	docs  [][]string
	df    map[string]int
	avg   float64
}

// NewIndex indexes tools. The slice must not change afterwards.
func NewIndex(tools []Tool) *Index {
	ix := &Index{tools: tools, df: map[string]int{}}
	total := 0
	for i := range tools {
		t := &tools[i]
		toks := tokenize(t.Backend + " " + t.Name + " " + t.Title + " " + t.Description)
		ix.docs = append(ix.docs, toks)
		total += len(toks)
		seen := map[string]bool{}
		for _, w := range toks {
			if !seen[w] {
				seen[w] = true
				ix.df[w]++
			}
		}
	}
	if len(tools) > 0 {
		ix.avg = float64(total) / float64(len(tools))
	}
	return ix
}

// Search ranks tools for query, best first.
func (ix *Index) Search(query string, _ *TaskContext, limit int) []Scored {
	q := tokenize(query)
	var out []Scored
	n := float64(len(ix.tools))
	for i, d := range ix.docs {
		tf := map[string]int{}
		for _, w := range d {
			tf[w]++
		}
		s := 0.0
		for _, w := range q {
			f := float64(tf[w])
			if f == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(ix.df[w])+0.5)/(float64(ix.df[w])+0.5))
			s += idf * f * 2.2 / (f + 1.2*(0.25+0.75*float64(len(d))/ix.avg))
		}
		if s > 0 {
			out = append(out, Scored{Tool: &ix.tools[i], Score: s})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

func tokenize(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 1 {
			out = append(out, strings.ToLower(string(cur)))
		}
		cur = cur[:0]
	}
	var prev rune
	for _, r := range s {
		switch {
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur = append(cur, r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	return out
}
