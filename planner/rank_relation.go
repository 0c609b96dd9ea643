package planner

import (
	"strings"
	"unicode"
)

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
// task that writes one between two names (betweenNames) is about a
// relation.
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

// betweenNames reports whether fs[i] stands between two terms of a
// relation: the field before it is no preposition, conjunction or
// relative word ("where expires_at < now()", "order by starts_at": a
// column of a query, not a relation), and the field after it is a word,
// not an operator or a function word ("she works_at Initech",
// "billing-service depends_on legacy-queue").
func betweenNames(fs []field, i int) bool {
	if i == 0 || i+1 >= len(fs) || fs[i-1].quoted || fs[i+1].quoted || endsClause(fs[i-1].text) || endsClause(fs[i].text) {
		return false
	}
	prev := strings.ToLower(fs[i-1].text)
	next := strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?()[]{}<>"))
	if objectEnd[prev] || sqlWords[prev] || next == "" || !unicode.IsLetter(rune(next[0])) {
		return false
	}
	return !stopWords[next] && !objectEnd[next]
}

// sqlWords are the SQL keywords that come before a column's name ("where
// expires_at ...", "set starts_at = ...", "select ends_at from ...").
var sqlWords = setOf("where", "set", "select", "by", "and", "or", "having", "on")
