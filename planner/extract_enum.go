package planner

import (
	"slices"
	"strings"
)

// enumByMeaning finds the enum member a task implies without writing it:
// an order said the English way ("newest first" for an order parameter
// with "desc"), a member written out in full ("descending" for "desc"), or
// a member of a required parameter named through a synonym of the
// generated WordNet table.
func enumByMeaning(p argProp, v queryValues) (string, bool) {
	if e, ok := orderIdiom(p, v); ok {
		return e, true
	}
	for _, e := range p.enum {
		le := strings.ToLower(e)
		if len(le) < 3 || !allLetters(le) {
			continue
		}
		for _, w := range v.words {
			if stopWords[w] {
				continue
			}
			// "descending" writes out "desc"; "asc", "desc", "prev" are
			// the usual clipped forms in APIs.
			if len(w) > len(le)+1 && strings.HasPrefix(w, le) && allLetters(w) {
				return e, true
			}
			// A synonym only for a required parameter: an optional one
			// has a default, and a loose synonym must not override it.
			if p.required && anchors(qtok{lower: w}, normalizeWord(le)) && normalizeWord(w) != normalizeWord(le) {
				return e, true
			}
		}
	}
	return "", false
}

// orderIdiom reads "newest first", "latest first", "most recent first"
// (descending by time) and "oldest first", "earliest first" (ascending)
// for a parameter about order whose enum has the two directions. The
// parameter's name or description must say it is about order or sorting.
func orderIdiom(p argProp, v queryValues) (string, bool) {
	if !hasAny(p.lname, "order", "sort", "direction", "dir") && !p.descTerms["order"] && !p.descTerms["sort"] {
		return "", false
	}
	find := func(names ...string) string {
		for _, e := range p.enum {
			if slices.Contains(names, strings.ToLower(e)) {
				return e
			}
		}
		return ""
	}
	desc, asc := find("desc", "descending"), find("asc", "ascending")
	if desc == "" || asc == "" {
		return "", false
	}
	for i := 0; i+1 < len(v.toks); i++ {
		if v.toks[i+1].lower != "first" {
			continue
		}
		switch v.toks[i].lower {
		case "newest", "latest", "recent", "largest", "biggest", "highest", "most":
			return desc, true
		case "oldest", "earliest", "smallest", "lowest", "least":
			return asc, true
		}
	}
	return "", false
}
