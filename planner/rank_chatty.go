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
var backgroundWeight = 0.525 // 0.7 by hand until round 20's fit (rank.go)

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
// would like"), or "just" before an imperative ("..., just accept it").
// "just" before a subject, a determiner or a copula is no request ("just
// the logs", "just is"), nor after a subject ("I just merged it", "the
// job just failed").
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
		// Only where a clause begins: after a subject ("I just pushed
		// it", "the watcher just spams diffs") it is an adverb of a
		// statement's verb.
		if i > 0 && !endsClause(fs[i-1].text) {
			if p := strings.ToLower(fs[i-1].text); subjectPronoun[p] || !requestFrame[p] {
				return false
			}
		}
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

// toldOperations marks the fields of fs that name an operation (opVerbs:
// merge, rename, move, approve, delete, ...) inside a statement told
// before the request: a sentence that is not the task's last, ends with a
// full stop or an exclamation mark (a statement, not a question), opens
// with a subject or a clause of circumstance (a subject pronoun, an
// article or a possessive, "before", "after", ...) and holds no request
// frame (requestFrameAt: "can you", "please", "I need"). English tells
// the setting first and asks in a sentence of its own ("I tried to merge
// our dev branch and it complains its migrations are behind. Bring it up
// to date with prod's migrations."): the statement's verbs say what
// happened or what the user does, and the request has a verb of its own.
// Its nouns may still be what the request's pronouns refer to ("it" is
// the branch), so they keep the situation's weight; its operations are no
// words of the request (parseQuery drops them; at a hint's weight, as a
// negated verb has, "merge" still named merge_branch for the rebase asked:
// docs/benchmarks.md, round 17). Nil when there is no such sentence.
func toldOperations(fs []field) []bool {
	var told []bool
	start := 0
	for i := range fs {
		t := fs[i].text
		if fs[i].quoted || t == "" || !strings.ContainsAny(t[len(t)-1:], ".!?") {
			continue
		}
		s, e := start, i
		start = i + 1
		if e == len(fs)-1 || strings.HasSuffix(t, "?") || !statementOpener(fs[s]) {
			continue
		}
		framed := false
		for j := s; j <= e && !framed; j++ {
			// A need or wish anywhere in it, its subject given once for
			// coordinated verbs ("I'm writing a proposal and need real
			// background"), makes it a request too.
			framed = !fs[j].quoted && (requestFrameAt(fs, j) || needVerbs[strings.ToLower(fs[j].text)])
		}
		if framed {
			continue
		}
		for j := s; j <= e; j++ {
			if j > s && strings.ToLower(fs[j].text) == "so" && resultSubject(fs, j+1) {
				// A clause of result ("..., so I run it on the dev
				// box") states the consequence, which requestStart
				// reads as what is asked: the statement ends before it.
				break
			}
			w := strings.ToLower(strings.Trim(fs[j].text, ".,;:!?()[]{}<>"))
			if !fs[j].quoted && plainWords(w) && opVerbs[stem(w)] {
				if told == nil {
					told = make([]bool, len(fs))
				}
				told[j] = true
			}
		}
	}
	return told
}

// statementOpener reports whether f can open a statement of the setting:
// a subject pronoun, an article or a possessive determiner, or the
// subordinator of a clause of circumstance ("before I merge ...").
func statementOpener(f field) bool {
	if f.quoted {
		return false
	}
	w := strings.ToLower(strings.Trim(f.text, ".,;:!?"))
	return subjectPronoun[w] || determiners[w] || w == "a" || w == "an" || possessiveDet[w] || subordinators[w] && w != "so"
}
