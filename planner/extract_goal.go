package planner

import (
	"slices"
	"strings"
)

// goalPrepositions end a description whose parameter is the goal of the
// action it describes: "The name of the entity to add the observations
// to", "Branch to push to", "The ID of the price to switch to".
var goalPrepositions = setOf("to", "into", "onto")

// descGoal reads a description that ends with a stranded preposition of
// direction after an infinitive ("<noun> to <verb> ... to"): English
// strands the preposition when the noun it governs is the head of the
// phrase, so the parameter is what the task writes after that preposition
// of that verb ("add an observation to Marta": Marta). It returns the
// verb's stem and the preposition, or "" when the description is of
// another shape.
func descGoal(desc string) (verb, prep string) {
	if t := strings.TrimRight(desc, ". "); !strings.HasSuffix(t, ")") && (len(t) < 2 || !strings.EqualFold(t[len(t)-2:], "to")) {
		// Not ending in "to", "into", "onto" nor in an aside: the common
		// case, decided without building a string (the search's re-rank
		// fills every near candidate).
		return "", ""
	}
	d := strings.TrimRight(strings.ToLower(desc), ". ")
	if strings.HasSuffix(d, ")") {
		// An aside in brackets at the end ("Namespace to fork to (full
		// path)") qualifies the value; the sentence ends before it.
		if o := strings.LastIndexByte(d, '('); o > 0 {
			d = strings.TrimRight(d[:o], ". ")
		}
	}
	last := strings.LastIndexByte(d, ' ')
	if last < 0 || !goalPrepositions[d[last+1:]] {
		return "", ""
	}
	f := strings.Fields(d[:last])
	for i := 0; i+1 < len(f); i++ {
		if f[i] == "to" && !stopWords[f[i+1]] {
			return stem(f[i+1]), d[last+1:]
		}
	}
	return "", ""
}

// goalValue returns the token the task writes right after the
// description's preposition, following its verb ("add ... to Marta"),
// when it is written as a value: capitalized as a name (not the first
// word), or shaped like an id or a slug. A plain lower-case word ("to the
// graph", "to memory") is a place or a thing, not the goal's name.
func goalValue(p argProp, v queryValues, args map[string]any, used map[int]bool) (int, bool) {
	verb, prep := descGoal(p.desc)
	if verb == "" {
		return 0, false
	}
	seen := false
	// Words inside a colon payload are its text ("post in C0123ABCD:
	// standup moves to 10am"), not the goal of the task's verb.
	payload := colonPayloadStart(v.toks)
	for i, t := range v.toks {
		if i+1 >= payload {
			break
		}
		if !t.quoted && stem(t.lower) == verb {
			seen = true
			continue
		}
		if !seen || t.quoted || t.lower != prep || i+1 >= len(v.toks) || used[i+1] {
			continue
		}
		x := v.toks[i+1]
		if x.quoted || stopWords[x.lower] || strings.Contains(x.text, ".") {
			// (A dotted word is a host, a file or a version: a value of
			// another kind, which its own reading places.)
			return 0, false
		}
		if valueTaken(args, x.text) || slices.ContainsFunc(v.refs, func(r repoRef) bool {
			return r.owner+"/"+r.repo == x.text && valueTaken(args, r.owner)
		}) {
			// A value another parameter took, a repository whose owner
			// went to owner ("push README.md to acme/web"), is no goal.
			return 0, false
		}
		if titleCase(x.text) || idLike(x) || strings.ContainsAny(x.text, "-_/") {
			return i + 1, true
		}
		return 0, false
	}
	return 0, false
}

// describedContents reports whether a parameter takes the contents of a
// file or document as text, whatever its name: its description opens "The
// contents of", "Content of" ("configFile": "The contents of the circleci
// config file").
func describedContents(p argProp) bool {
	d := strings.TrimSpace(p.desc)
	if len(d) > 4 && strings.EqualFold(d[:4], "the ") {
		d = d[4:]
	}
	return hasPrefixFold(d, "contents of ") || hasPrefixFold(d, "content of ")
}

// hasPrefixFold is strings.HasPrefix ignoring case, without a copy.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// forwardPayload returns the text a task points forward to: after a
// question that refers to it with "this" ("is this circleci config valid?
// version: 2.1 ..."), or after the first colon when the words before it
// point forward ("validate this config: version: 2.1 ...", "the
// following:", "below:"). The text may hold colons of its own (YAML, a
// log line), which is why the first colon counts here, where the trailing
// colon reading takes the last. It needs two words or more.
func forwardPayload(q string) (string, bool) {
	cut := -1
	if i := strings.Index(q, "? "); i > 0 && pointsForward(q[:i]) {
		cut = i + 2
	} else if i := strings.Index(q, ": "); i > 0 && pointsForward(q[:i]) {
		cut = i + 2
	}
	if cut < 0 {
		return "", false
	}
	pl := strings.TrimSpace(q[cut:])
	if len(strings.Fields(pl)) < 2 {
		return "", false
	}
	return pl, true
}

// pointsForward: the words before a colon or question mark hold a
// determiner or adverb that refers to what follows ("this", "these", "the
// following", "below").
func pointsForward(s string) bool {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		switch strings.Trim(w, ",;.!") {
		case "this", "these", "following", "below":
			return true
		}
	}
	return false
}

// descObject reads a description that restates the parameter's name and
// names the verb that takes it: "Value to select", "The text to type",
// "Value to store". English's infinitival relative ("a value to select":
// a value one selects) makes the parameter the object of that verb. It
// returns the verb's stem, or "" for a description of another shape; it
// runs once per schema (argProp.objectVerb).
func descObject(p argProp) string {
	d := strings.TrimRight(p.desc, ". ")
	if d == "" || len(d) > 40 || strings.ContainsAny(d, "\n,;(") {
		return ""
	}
	f := strings.Fields(strings.ToLower(d))
	if len(f) == 4 && (f[0] == "the" || f[0] == "a" || f[0] == "an") {
		f = f[1:]
	}
	if len(f) != 3 || f[0] != p.lname || f[1] != "to" || stopWords[f[2]] {
		return ""
	}
	return stem(f[2])
}

// objectValue returns the token a task writes as the object of the verb
// its description names (descObject), or of a synonym of that verb the
// generated WordNet table keeps ("pick EUR in the currency dropdown" for
// "Value to select"), when it is written as a value, a name or a code
// with a capital or a digit (not a bare number), that closes its phrase (the end, punctuation
// or a function word follows). A plain lower-case word there is prose
// ("select all the text"), and so is a word another reading took.
func objectValue(p argProp, v queryValues, used map[int]bool) (int, bool) {
	if !p.required || p.typ != "string" || len(p.enum) > 0 {
		return 0, false
	}
	verb := p.objectVerb
	if verb == "" {
		return 0, false
	}
	payload := colonPayloadStart(v.toks)
	for i := 0; i+1 < len(v.toks) && i+1 < payload; i++ {
		t := v.toks[i]
		if t.quoted || t.stem != verb && !verbSynonym(t, verb) {
			continue
		}
		j := i + 1
		x := v.toks[j]
		if used[j] || x.quoted || stopWords[x.lower] || !slugWord(x.text) || !hasDigit(x.text) && strings.ToLower(x.text) == x.text || allDigits(x.text) {
			// (A number is the numeric readings' to place: "store 42
			// under rate_limit_max" is a key and its value.)
			continue
		}
		if j+1 < len(v.toks) && !stopWords[v.toks[j+1].lower] && !endsInAny(x.raw, ",;.!?") {
			continue
		}
		return j, true
	}
	return 0, false
}

// slugWord reports whether s is letters and digits, with "-" or "_"
// inside: a name or a code, not a selector, a path or a sentence.
func slugWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isLetterByte(c) && (c < '0' || c > '9') && (c != '-' && c != '_' || i == 0) {
			return false
		}
	}
	return s != ""
}

// verbSynonym reports whether the generated WordNet table lists the verb
// (its stem, or its noun in -ion: "pick" lists "selection") among a task
// word's synonyms, at any weight: the ranker weighs these loosely, the
// object reading asks for a value right after the word as well.
func verbSynonym(t qtok, verb string) bool {
	for _, e := range synonyms()[t.stem] {
		// (English names the act of a verb with -ion: "selection" is
		// the act of selecting.)
		if len(e.terms) == 1 && (e.terms[0] == verb || stem(e.terms[0]) == verb || strings.TrimSuffix(e.terms[0], "ion") == verb) {
			return true
		}
	}
	return false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
