package planner

import "strings"

// backgroundWeight is the weight of a word of the situation a chatty task
// states before its request (requestStart). Less than a word of the
// request, whose verb and object name the operation, but more than a hint
// (hintWeight): the request's pronouns refer to the situation's nouns
// ("there's a to-do block on my page ... and I'd like it checked off":
// "it" is the block), so they keep most of their weight. A product named
// there keeps all of it (Search): "our org in sentry is growing and the
// payments folks need a team" is still a task for Sentry. The situation's
// words set no intent: "I went through PR 142 and it looks good, so I'd
// like to approve it" reads nothing.
const backgroundWeight = 0.7

// requestStart returns the index of the field where the request clause of
// a chatty task begins when a statement of the situation comes before it,
// or 0 when there is none ("I've got the browser open already, could you
// point it at <url>", "the report ended up in /tmp/x but it belongs in
// /home/me/x, could you put it there"). The request clause is a clause
// that opens with the frame of an English request — a modal question to
// the listener ("can you", "could someone"), "please", or the user's own
// need or wish ("I need", "we want", "I'd like") — right after the end of
// another clause or a coordinating conjunction (and, so, but). What comes
// before it, when it is a statement (no question mark: a question is a
// request of its own), tells the setting: what happened, what the user is
// doing, why. English puts that first in a chatty request and the
// operation after the frame.
func requestStart(fs []field) int {
	for i := 1; i+1 < len(fs); i++ {
		if fs[i].quoted || fs[i-1].quoted {
			continue
		}
		if strings.ContainsAny(fs[i-1].text, "?") {
			return 0
		}
		prev := strings.ToLower(fs[i-1].text)
		if prev == "so" && i >= 2 && endsClause(fs[i-2].text) && resultSubject(fs, i) {
			// ", so it should show as resolved", ", so the key can go from
			// redis": a clause of result after a comma states the
			// consequence the user asks for; what comes before is why.
			return i - 1
		}
		if !(endsClause(fs[i-1].text) || prev == "and" || prev == "so" || prev == "but") {
			continue
		}
		if requestFrameAt(fs, i) {
			return i
		}
	}
	return 0
}

// requestFrameAt reports whether fs[i] opens the frame of a request: a
// modal question to a listener ("can you", "could someone"), "please",
// "let's", the user's need or wish ("I need", "we want", "I'd like", "I
// would like"), or "just" before an imperative ("..., just accept it":
// "just" before a subject, a determiner or a copula is no request, "just
// the logs", "just is").
func requestFrameAt(fs []field, i int) bool {
	w := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?"))
	next := ""
	if i+1 < len(fs) && !fs[i+1].quoted {
		next = strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?"))
	}
	switch w {
	case "please", "pls", "plz", "kindly", "let's", "lets":
		return true
	case "just":
		return next != "" && !subjectPronoun[next] && !determiners[next] && !beVerbs[next]
	case "can", "could", "would", "will":
		return listener[next]
	case "i", "we":
		return needVerbs[next] || next == "wanna" || next == "would" && i+2 < len(fs) && strings.ToLower(fs[i+2].text) == "like"
	case "i'd", "we'd":
		return next == "like" || next == "love"
	}
	return false
}

// listener: who a modal question asks to do something ("can you", "could
// someone").
var listener = setOf("you", "u", "someone", "somebody", "anyone", "anybody")

// resultSubject reports whether fs[i] opens the subject of a clause: a
// subject pronoun or a determiner.
func resultSubject(fs []field, i int) bool {
	w := strings.ToLower(fs[i].text)
	return subjectPronoun[w] || determiners[w] || possessiveDet[w]
}

// possessiveDet: the possessive determiners of things ("its", "his",
// "her") that determiners leaves out.
var possessiveDet = setOf("its", "his", "her")
