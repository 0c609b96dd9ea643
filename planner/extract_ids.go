package planner

import (
	"strings"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// Identifiers written with their scheme as a word of their own.

// reArxivID is a new-style arXiv identifier, YYMM.NNNN or YYMM.NNNNN with
// an optional version ("2211.17192", "1706.03762v5"), as arXiv documents
// it (https://info.arxiv.org/help/arxiv_identifier.html).
var reArxivID = lazyregexp.New(`^\d{4}\.\d{4,5}(?:v\d+)?$`)

// schemeIDs joins an identifier to the scheme written before it as a word
// ("arXiv 2211.17192") into the canonical form "arXiv:2211.17192", the
// form with the colon that the planner already reads as an id: written
// with a space, the number is no quantity, and the tool's id parameter
// takes it like the joined form. The number is taken out of the task's
// numbers.
func schemeIDs(v *queryValues) {
	for i := 0; i+1 < len(v.toks); i++ {
		t, id := v.toks[i], v.toks[i+1]
		if t.quoted || id.quoted || t.lower != "arxiv" || !reArxivID().MatchString(id.text) {
			continue
		}
		if r := t.raw; r != "" && strings.ContainsAny(r[len(r)-1:], ",;.!?") {
			continue
		}
		joined := "arXiv:" + id.text
		v.toks[i+1] = qtok{raw: id.raw, text: joined, lower: strings.ToLower(joined), stem: strings.ToLower(joined)}
		for k, n := range v.numbers {
			if n.before == "arxiv" {
				v.numbers = append(v.numbers[:k], v.numbers[k+1:]...)
				break
			}
		}
	}
}
