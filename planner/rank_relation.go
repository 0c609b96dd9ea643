package planner

import "strings"

// relationPreps are the prepositions that close a relation's name.
var relationPreps = setOf("on", "at", "to", "of", "in", "for", "with", "by", "from", "into")

// relationName reports whether a word (lower case) is the name of a
// relation type written as an identifier: a verb in the third person
// singular and a preposition joined by an underscore ("depends_on",
// "works_at", "belongs_to", "reports_to"). A verb with its preposition
// is a predicate of two arguments, its subject and its prepositional
// object ("a depends on b"); written as one identifier, between two
// names, it is how graphs and schemas name the edge between them (RDF
// predicates, property-graph relationship types, foreign-key roles): a
// task that writes one is about a relation.
func relationName(lw string) bool {
	parts := strings.Split(lw, "_")
	if len(parts) < 2 || !relationPreps[parts[len(parts)-1]] {
		return false
	}
	v := parts[0]
	if len(v) < 4 || !strings.HasSuffix(v, "s") || strings.HasSuffix(v, "ss") || !plainWords(v) {
		return false
	}
	for _, p := range parts[1 : len(parts)-1] {
		if p == "" || !plainWords(p) {
			return false
		}
	}
	return isEnglish(strings.TrimSuffix(v, "s")) || isEnglish(strings.TrimSuffix(v, "es"))
}
