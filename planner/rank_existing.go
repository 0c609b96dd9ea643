package planner

import "strings"

// A change to a thing that exists.
//
// A tool named for making a new thing (create_project, create_customer:
// makesNew) adds a thing to what its server keeps; it takes what the new
// thing is to be, never which existing one to change. A request whose
// verb changes something ("move", "rename", "transfer", "update") and
// whose object is definite — a determiner that points at a thing the
// hearer knows ("the", "this", "my"), or the thing's own identifier
// written after its noun ("project checkout-web", "customer cus_8812") —
// asks about a thing that is there: a tool that makes a new one cannot do
// it, however many of the object's words it shares ("move sentry project
// checkout-web to team frontend" matched create_project by "project" and
// "team"). The verb must not be one of making: "create", "new" or a verb
// whose synonyms say so ("make"), and no particle may follow it (a
// phrasal verb is a lexeme of its own: "set up the project" makes one),
// nor may a resultative state a new thing as the change's outcome ("turn
// attachment att_7f3k into a customer need": "into" or "as" and an
// indefinite article, or "new").

// changesExisting reports whether the request's main verb changes a
// definite object (see above).
func changesExisting(q *parsedQuery, fs []field) bool {
	if q.verb == "" || !changeVerb(q.verbRaw) || makingVerb(q.verb) {
		return false
	}
	vi := requestVerb(fs)
	if vi < 0 || fs[vi].quoted || strings.ToLower(strings.Trim(fs[vi].text, ".,;:!?()[]{}<>")) != q.written {
		return false
	}
	for j := vi + 1; j+1 < len(fs); j++ {
		if lw := strings.ToLower(fs[j].text); (lw == "into" || lw == "as") && !fs[j].quoted && newThing[strings.ToLower(fs[j+1].text)] {
			return false // a new thing is the outcome
		}
	}
	for j := vi + 1; j < len(fs); j++ {
		f := fs[j]
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		switch {
		case f.quoted:
			return false // a payload: what to write, not which thing
		case j == vi+1 && phrasalParticles[lw]:
			return false
		case j == vi+1 && (lw == "the" || lw == "this" || lw == "that" || lw == "these" || lw == "those" || possessives[lw]):
			return true
		case j == vi+1 && (newThing[lw] || lw == "some"):
			return false
		case j > vi+1 && slugValue(lw):
			return true // the thing's identifier after its noun
		case objectEnd[lw] || lw == "":
			return false
		}
		if endsClause(f.text) {
			return false
		}
	}
	return false
}

// slugValue reports whether a word is an identifier: an id (digits among
// letters: "cus_8812", "ENG-12") or words joined by a hyphen or an
// underscore, the way slugs and keys are written ("checkout-web",
// "feature_flags").
func slugValue(lw string) bool {
	if idLike(qtok{text: lw}) {
		return true
	}
	if !strings.ContainsAny(lw, "-_") || strings.HasPrefix(lw, "-") || strings.HasSuffix(lw, "-") {
		return false
	}
	for _, r := range lw {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// makingVerb reports whether an analyzed verb is one of making: "create"
// or "new" themselves, or a verb the synonym table expands to one of them.
func makingVerb(v string) bool {
	c, n := stem("create"), stem("new")
	if v == c || v == n {
		return true
	}
	for _, e := range synonyms()[v] {
		if len(e.terms) == 1 && (e.terms[0] == c || e.terms[0] == n) {
			return true
		}
	}
	return false
}

// putVerbs are English's verbs of putting a thing somewhere (Levin's
// class 9, "put" verbs, as requests write them: add, attach, insert,
// append, put, link).
var putVerbs = stemSet("add", "attach", "insert", "append", "put", "link")

// putsExisting reports whether the request puts a thing that exists
// somewhere: a verb of putting whose object is a noun and its identifier
// ("add price price_1Pz to invoice in_1Q"), then a place after "to",
// "into", "onto" or "on". The thing is there already; the operation is
// on the place ("an invoice item"), in the words of whatever the place
// keeps, so a server without a tool named for making the object's kind
// may still do it.
func putsExisting(q *parsedQuery, fs []field) bool {
	if !putVerbs[q.verb] {
		return false
	}
	vi := requestVerb(fs)
	if vi < 0 || vi+2 >= len(fs) || fs[vi].quoted || strings.ToLower(strings.Trim(fs[vi].text, ".,;:!?()[]{}<>")) != q.verbRaw {
		return false
	}
	j := vi + 1
	if lw := strings.ToLower(fs[j].text); determiners[lw] || lw == "this" || lw == "that" {
		j++
	}
	if j+2 >= len(fs) || fs[j].quoted || fs[j+1].quoted || !plainWords(strings.ToLower(fs[j].text)) || !idLike(qtok{text: strings.ToLower(strings.Trim(fs[j+1].text, ".,;:!?()[]{}<>"))}) {
		return false
	}
	switch strings.ToLower(fs[j+2].text) {
	case "to", "into", "onto", "on":
		return true
	}
	return false
}
