package planner

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text analysis shared by the index and the query side. Both sides must run
// the same pipeline: split identifiers, lower-case, drop stop words, stem.

// splitWords calls fn for every word of s, splitting on anything that is not a
// letter or digit and inside identifiers on case changes: "get_pull_request",
// "getPullRequest", "get-pull-request" and "HTTPServer" all come out as
// separate words. Words are passed in their original case.
func splitWords(s string, fn func(w string)) {
	start := -1 // byte offset of the current word, -1 when outside one
	var prev, prev2 rune
	for i, r := range s {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		if !alnum {
			if start >= 0 {
				fn(s[start:i])
				start = -1
			}
			prev, prev2 = 0, 0
			continue
		}
		if start < 0 {
			start = i
		} else if unicode.IsUpper(r) && unicode.IsLower(prev) {
			// camelCase boundary: "getPull" -> "get", "Pull".
			fn(s[start:i])
			start = i
		} else if r == 's' && unicode.IsUpper(prev) && i > start+1 && wordEndsAt(s, i+1) {
			// English plural of an acronym: "PRs", "URLs", "IDs" -> "PR",
			// "URLs" -> "URL" (the "s" is not a word of its own).
			fn(s[start:i])
			start = -1
			prev, prev2 = 0, 0
			continue
		} else if unicode.IsLower(r) && unicode.IsUpper(prev) && unicode.IsUpper(prev2) {
			// acronym followed by a word: "HTTPServer" -> "HTTP", "Server".
			j := i - utf8.RuneLen(prev)
			if j > start {
				fn(s[start:j])
				start = j
			}
		}
		prev2, prev = prev, r
	}
	if start >= 0 {
		fn(s[start:])
	}
}

// wordEndsAt reports whether no letter or digit starts at byte offset i.
func wordEndsAt(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// analyze splits s into normalized terms (lower-cased, stemmed, stop words
// and one-letter words dropped) and calls fn for each, in order. A word
// split at case changes is also passed whole, so "MongoDB" in a query meets
// "mongodb" in a backend name and "GitHub" meets "github".
func analyze(s string, fn func(term string)) {
	splitJoined(s, func(w string, joined bool) {
		t := normalizeWord(w)
		if t != "" {
			fn(t)
		}
	})
}

// splitJoined is splitWords that also reports, after the parts of a word
// split at case changes ("MongoDB" -> "Mongo", "DB"), the word whole with
// joined set.
func splitJoined(s string, fn func(w string, joined bool)) {
	start := -1
	flush := func(end int) {
		run := s[start:end]
		n := 0
		splitWords(run, func(w string) { n++; fn(w, false) })
		if n > 1 {
			fn(run, true)
		}
	}
	for i, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			flush(i)
			start = -1
		}
	}
	if start >= 0 {
		flush(len(s))
	}
}

// normalizeWord lower-cases and stems one word; it returns "" for stop words
// and words that carry no meaning on their own.
func normalizeWord(w string) string {
	if len(w) < 2 {
		return ""
	}
	lw := strings.ToLower(w)
	if stopWords[lw] {
		return ""
	}
	return stem(lw)
}

// stem is a deliberately light suffix stripper (plural, -ing, -ed, final e).
// It need not produce words, only map inflections of one word to one key:
// "creates", "created", "creating" and "create" all become "creat".
func stem(w string) string {
	if len(w) <= 3 || !isASCIILower(w) {
		return w
	}
	// British -ise spellings meet the -ize ones ("initialised",
	// "initialized"); applied to index and query alike, so a word that
	// only looks like one ("promise") is changed on both sides.
	for _, suf := range []string{"isations", "isation", "ising", "ised", "ises", "ise"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
			w = w[:len(w)-len(suf)] + "iz" + suf[2:]
			break
		}
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "zes") && !strings.HasSuffix(w, "izes"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
	case strings.HasSuffix(w, "s"):
		w = w[:len(w)-1]
	}
	switch {
	case strings.HasSuffix(w, "ing") && len(w) >= 7:
		w = undouble(w[:len(w)-3])
	case strings.HasSuffix(w, "ed") && len(w) >= 5 && !strings.HasSuffix(w, "eed"):
		w = undouble(w[:len(w)-2])
	}
	if strings.HasSuffix(w, "e") && len(w) >= 4 {
		w = w[:len(w)-1]
	}
	return w
}

// undouble turns "runn" into "run" and "stopp" into "stop", keeping the
// doubles that belong to the word ("call", "pass", "buzz").
func undouble(w string) string {
	n := len(w)
	if n >= 3 && w[n-1] == w[n-2] {
		switch w[n-1] {
		case 'l', 's', 'z', 'e', 'o':
			return w
		}
		if !isVowel(w[n-1]) {
			return w[:n-1]
		}
	}
	return w
}

func isVowel(b byte) bool { return strings.IndexByte("aeiouy", b) >= 0 }

func isASCIILower(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// stopWords are dropped on both sides. Kept short: BM25's idf already damps
// common words; this list only removes function words that would otherwise
// match tool descriptions by accident.
var stopWords = setOf(
	"a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "by", "for",
	"from", "with", "into", "onto", "as", "is", "are", "be", "been", "being",
	"was", "were", "it", "its", "it's", "this", "that", "these", "those",
	"me", "my", "we", "our", "us", "you", "your", "i", "i'm", "im", "he",
	"she", "they", "them", "their", "please", "can", "could", "would",
	"should", "will", "shall", "do", "does", "did", "done", "have", "has",
	"had", "so", "than", "then", "there", "here", "if", "but", "not", "no",
	"yes", "just", "also", "very", "too", "some", "any", "via", "using",
	"use", "used", "about", "up", "out", "over", "under", "again", "now",
	// the rest of English's simple prepositions (a closed class), less
	// those that are also content words in software ("down", "off",
	// "past", "round", "near", "since")
	"aboard", "above", "across", "against", "along", "amid", "among",
	"around", "behind", "below", "beneath", "beside", "besides", "beyond",
	"despite", "except", "inside", "outside", "opposite", "throughout",
	"till", "toward", "towards", "underneath", "unlike", "upon",
	// the other adverbs of time and aspect, function words like "again"
	// and "now": they say when, not what
	"still", "already", "yet", "currently",
	"right", "let", "lets", "let's", "want", "need", "like", "one", "ok",
	"okay", "hey", "hi", "thanks", "which", "what", "who", "whom", "whose",
	"where", "when", "how", "all", "each", "every", "only", "own",
	"same", "such", "other", "more", "most", "e", "g", "eg", "ie", "etc",
	"if", "else", "may", "might", "must", "whether", "while", "after",
	"before", "during", "until", "through", "within", "without", "between",
	"both", "either", "neither", "per", "otherwise", "don't", "doesn't",
	"should", "else",
	// contractions typed without the apostrophe, as in chat: the same
	// function words as "what's", "don't"
	"whats", "thats", "whos", "wheres", "hows", "theres", "heres", "dont",
	"doesnt", "didnt", "cant", "wont", "isnt", "arent", "ive", "youre",
	"theyre",
)

// unionOf returns a set of every word of sets (closed classes of English
// made of smaller ones: the words that open a noun phrase).
func unionOf(sets ...map[string]bool) map[string]bool {
	m := map[string]bool{}
	for _, s := range sets {
		for w := range s {
			m[w] = true
		}
	}
	return m
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
