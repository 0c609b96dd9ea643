package planner

import "strings"

// frontedPreps are the prepositions of place, instrument and means that
// open an adverbial English may front before the clause it modifies
// ("in mongo, wipe ...", "with puppeteer, run ...", "through the API,
// ...").
var frontedPreps = setOf("in", "on", "at", "with", "via", "using", "through", "inside", "within")

// maxFronted bounds a fronted adverbial: a preposition and a short noun
// phrase ("in chrome devtools page 2,").
const maxFronted = 6

// frontedAdverbial returns how many fields at the start of fs are a
// fronted adverbial rather than the request's verb, or 0. English may put
// a prepositional phrase of place or means before the clause, set off by a
// comma ("in the knowledge graph, delete the relation ...", "with
// puppeteer, run ..."); the request's verb is the first word after the
// comma. And "use X to <verb>" states the means the same way, with the
// operation as the infinitive of purpose ("use exa to search for papers",
// "use the everything server to add 3 and 4"): the verb after "to" is the
// request's. Without the comma or the "to" nothing is skipped: where the
// phrase ends is not known ("in supabase project x run: ...").
func frontedAdverbial(fs []field) int {
	if len(fs) < 3 || fs[0].quoted {
		return 0
	}
	first := strings.ToLower(fs[0].text)
	switch {
	case frontedPreps[first]:
		for i := 1; i < len(fs)-1 && i < maxFronted; i++ {
			if fs[i].quoted || endsSentence(fs[i].text) {
				return 0
			}
			if strings.HasSuffix(fs[i].text, ",") {
				return i + 1
			}
		}
	case first == "use":
		for i := 2; i < len(fs)-1 && i < maxFronted; i++ {
			if fs[i].quoted || endsClause(fs[i].text) {
				return 0
			}
			if strings.ToLower(fs[i].text) == "to" {
				return i + 1
			}
		}
	}
	return 0
}
