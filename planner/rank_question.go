package planner

import "strings"

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
	if prev != "is" && prev != "are" && prev != "was" && prev != "were" {
		return false
	}
	w := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?"))
	return len(w) > 4 && strings.HasSuffix(w, "ed") && plainWords(w) && opVerbs[stem(w)]
}

// questionEndVerb reports whether fs[i], the last field of a question opened
// by a wh-determiner and its noun ("which data sources can the knowledge
// base search?", "what branches does CI build?"), is a verb of a tool's
// operation: the question's subject does it to the things asked about,
// whose noun the wh-word fronts; the request is to name those things,
// not to do the operation. English moves the questioned object to the
// front, leaving its verb at the end.
func questionEndVerb(fs []field, i int) bool {
	if i != len(fs)-1 || i < 4 || fs[i].quoted || fs[0].quoted || fs[1].quoted || !strings.HasSuffix(fs[i].text, "?") {
		return false
	}
	first, second := strings.ToLower(fs[0].text), strings.ToLower(fs[1].text)
	if first != "which" && first != "what" || questionStart[second] || auxiliary[second] || requestModal[second] {
		return false
	}
	prev := strings.ToLower(fs[i-1].text)
	if determiners[prev] || articles[prev] || possessiveDet[prev] {
		return false // "... the search?": a noun
	}
	w := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?"))
	return plainWords(w) && (opVerbs[stem(w)] || readNameVerbs[w])
}
