package planner

import (
	"slices"
	"strings"
)

// finiteBe are the finite forms of "be" that make a copula or a passive;
// whIs are the wh-words contracted with "is".
var (
	finiteBe = setOf("is", "are", "was", "were")
	whIs     = setOf("what's", "whats", "who's", "where's")
)

// stateParticiple reports whether fs[i] is a past participle after a
// copula in a question opened by a wh-word ("what edge functions are
// deployed on project x?", "which branches were merged last week?"): the
// passive of a state, what the things asked about are, not the operation
// asked for. English asks which things are in a state by the copula and
// the participle; the request is to read them. A participle after a
// modal's "be" ("should be deleted") is passiveOp's request, not this.
// The participle may be of a verb the synonym table gives an operation's
// verb for ("what value is stored under key x?": "stored", "write"). The
// wh-word and "is" may be one contracted word ("what's stored under key
// x?").
func stateParticiple(fs []field, i int) bool {
	if i < 1 || fs[i].quoted || fs[0].quoted || !strings.HasSuffix(fs[len(fs)-1].text, "?") {
		return false
	}
	if prev := strings.ToLower(fs[i-1].text); !(i >= 2 && whWords[strings.ToLower(fs[0].text)] && finiteBe[prev] || i == 1 && whIs[prev]) {
		return false
	}
	w := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?"))
	return len(w) > 4 && strings.HasSuffix(w, "ed") && plainWords(w) && (opVerbs[stem(w)] || slices.ContainsFunc(synonyms()[stem(w)], func(e expansion) bool {
		return len(e.terms) == 1 && opVerbs[e.terms[0]] && e.weight >= synonymWeight
	}))
}

// modifierParticiple reports whether fs[i] is a past participle of an
// operation used as a modifier: after a determiner or a degree word
// ("the deleted branches", "the most updated") or an adverb in -ly ("most
// recently updated first", "newly created issues"). English puts a
// participle there to describe what the things are or were made, an
// attribute to select or sort by, not the operation asked for; the verb
// of the request is elsewhere ("list closed issues, most recently updated
// first" lists). A participle after a noun ("get the file updated") may
// be a causative's object complement, a request; it is left alone.
func modifierParticiple(fs []field, i int) bool {
	if i < 1 || fs[i].quoted || fs[i-1].quoted || endsClause(fs[i-1].text) {
		return false
	}
	w := strings.Trim(fs[i].text, ".,;:!?")
	if len(w) <= 4 || !strings.HasSuffix(w, "ed") {
		return false // before lower-casing: most words end otherwise
	}
	if w = strings.ToLower(w); !plainWords(w) || !opVerbs[stem(w)] {
		return false
	}
	prev := strings.ToLower(fs[i-1].text)
	return participleModifiers[prev] || len(prev) > 4 && strings.HasSuffix(prev, "ly") && plainWords(prev)
}

// participleModifiers are the words before a participle that make it a
// modifier: articles, demonstratives and the degree words of a superlative
// or of a sort order (adverbs in -ly are read by their ending).
var participleModifiers = setOf("the", "a", "an", "this", "these", "those", "most", "least", "last", "first")

// doneParticiple returns the analyzed operation (opVerbs) fs[i] says the
// task's object has already undergone, or "": a past participle used as
// a modifier ("reopen the resolved comment": modifierParticiple,
// attributive); one after a form of "be" or "get" that states a state
// ("it was resolved too early", "it got paused", "it's been archived",
// "marked resolved"; not in a question, which asks whether it is); or a
// verb in the past tense of a statement told before the request ("I
// paused our staging project over the holidays.": toldOperations). Not
// after a modal's "be" ("should be deleted"), which asks (passiveOp).
// prev is the word before fs[i] as parseQuery reads it.
func doneParticiple(fs []field, i int, prev string, told []bool) string {
	if fs[i].quoted {
		return ""
	}
	w := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?()"))
	if len(w) <= 4 || !strings.HasSuffix(w, "ed") || !plainWords(w) || !opVerbs[stem(w)] {
		return ""
	}
	if told != nil && told[i] || modifierParticiple(fs, i) || attributive(fs, i, prev) {
		return stem(w)
	}
	if i > 0 && !fs[i-1].quoted && (finiteBe[prev] || stateBefore[prev]) && !inQuestion(fs, i) {
		return stem(w)
	}
	return ""
}

// inQuestion reports whether fs[i] is in a sentence that ends with a
// question mark: a question asks about a state ("was PR 12 merged?",
// "which branches were merged?"), it does not state it.
func inQuestion(fs []field, i int) bool {
	for ; i < len(fs); i++ {
		if t := fs[i].text; !fs[i].quoted && t != "" && strings.ContainsAny(t[len(t)-1:], ".!?") {
			return t[len(t)-1] == '?'
		}
	}
	return false
}

// stateBefore are the words besides the finite forms of "be" (finiteBe)
// before a participle that make it a state: "been", "it's", the forms of
// "get" of the passive ("got deleted"), a verb of marking ("marked
// resolved") and an adverb of time that stands between ("is already
// archived").
var stateBefore = setOf("been", "it's", "got", "gets", "marked", "already")

// quantifiedNoun returns the analyzed head noun a quantifier of all at
// fs[i] ("every", "all", "each") quantifies, after an article or "of the"
// ("every reply", "all the replies", "each of the comments"), or "". The
// head is the last of the plain words that follow one another ("every
// network request the page made": request). English quantifies things
// that are: the noun names them, not an operation, even when it is also
// a verb ("reply", "comment").
func quantifiedNoun(fs []field, i int) string {
	head := ""
	for j := i + 1; j < len(fs) && j <= i+4; j++ {
		if fs[j].quoted || endsClause(fs[j-1].text) {
			break
		}
		w := strings.ToLower(strings.Trim(fs[j].text, ".,;:!?()"))
		if head == "" && (w == "the" || w == "of" || possessives[w] || possessiveDet[w]) {
			continue
		}
		if !plainWords(w) || stopWords[w] {
			break
		}
		head = w
	}
	return normalizeWord(head)
}

// emojiShortcode reports whether text (a field as written, sentence
// punctuation after it allowed) is an emoji's shortcode: a name of lower
// case letters, digits, "_", "+" and "-" between two colons
// (":white_check_mark:", ":+1:", ":tada:").
func emojiShortcode(text string) bool {
	t := strings.TrimRight(text, ".,;!?)")
	if len(t) < 3 || t[0] != ':' || t[len(t)-1] != ':' {
		return false
	}
	for _, c := range t[1 : len(t)-1] {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '+' || c == '-') {
			return false
		}
	}
	return true
}

// modifierKeys are the modifier keys as the UI Events "key" values name
// them; keyNames maps the names written on keys to them ("ctrl",
// "cmd", "option").
var modifierKeys = setOf("Control", "Shift", "Alt", "Meta")

// keyChord reports whether text is a chord of keys: one or more
// modifiers, each followed by "+", then one key ("Control+Shift+R",
// "ctrl+c", "Cmd+K").
func keyChord(text string) bool {
	rest := strings.TrimRight(text, ".,;!?)")
	if strings.IndexByte(rest, '+') < 0 {
		return false
	}
	for {
		m, after, more := strings.Cut(rest, "+")
		if !more {
			return m != "" // the key
		}
		if !modifierKeys[keyNames[strings.ToLower(m)]] {
			return false
		}
		rest = after
	}
}
