package planner

import "strings"

// finiteBe are the finite forms of "be" that make a copula or a passive.
var finiteBe = setOf("is", "are", "was", "were")

// stateParticiple reports whether fs[i] is a past participle after a
// copula in a question opened by a wh-word ("what edge functions are
// deployed on project x?", "which branches were merged last week?"): the
// passive of a state, what the things asked about are, not the operation
// asked for. English asks which things are in a state by the copula and
// the participle; the request is to read them. A participle after a
// modal's "be" ("should be deleted") is passiveOp's request, not this.
func stateParticiple(fs []field, i int) bool {
	if i < 2 || fs[i].quoted || fs[0].quoted || !whWords[strings.ToLower(fs[0].text)] || !strings.HasSuffix(fs[len(fs)-1].text, "?") {
		return false
	}
	prev := strings.ToLower(fs[i-1].text)
	if !finiteBe[prev] {
		return false
	}
	w := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?"))
	return len(w) > 4 && strings.HasSuffix(w, "ed") && plainWords(w) && opVerbs[stem(w)]
}
