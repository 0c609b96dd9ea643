package planner

import (
	"slices"
	"strings"
)

// Flags that turn something off ("ignoreCache", "skipTlsVerification",
// "ignoreCase"), set by any of the ways English says a thing is done
// without it.

// avoidFlagVerbs are the first words of a flag's name that make the flag
// mean "do without the rest of the name": ignoreCache, skipTlsVerification,
// bypassCache, noCache, excludeHidden, disableJavaScript, omitHeaders.
var avoidFlagVerbs = setOf("ignore", "skip", "bypass", "no", "without", "disable", "exclude", "omit", "disregard")

// avoidFlagPrefixes are avoidFlagVerbs as a list, for a quick test of a
// lower-cased name.
var avoidFlagPrefixes = []string{"ignore", "skip", "bypass", "no", "without", "disable", "exclude", "omit", "disregard"}

// avoidWords are the words that say an action goes without its object: the
// preposition "without", the determiner "no", and the verbs of avoiding and
// leaving out (WordNet's "ignore", "disregard", "bypass", "circumvent",
// "skip", "omit", "exclude", "leave out") in their inflected forms.
var avoidWords = setOf("without", "no",
	"ignore", "ignores", "ignoring", "ignored",
	"disregard", "disregards", "disregarding", "disregarded",
	"bypass", "bypasses", "bypassing", "bypassed",
	"circumvent", "circumventing", "circumvented",
	"skip", "skips", "skipping", "skipped",
	"omit", "omits", "omitting", "omitted",
	"exclude", "excludes", "excluding", "excluded",
	"disable", "disables", "disabling", "disabled")

// avoidedFlag reads a flag whose name starts with a verb of avoiding
// (avoidFlagVerbs) from the task's own way of saying it: a word of
// avoidWords followed, within the next four words, by every other word of
// the name ("reload bypassing the cache", "without TLS verification",
// "skip the tls verification"), or the name's object with "-insensitive"
// ("case-insensitive" for ignoreCase: insensitive to case is ignoring it;
// "case-sensitive" is the flag false). A negation right before the word of
// avoiding makes the flag false ("do not skip the cache"). It reports false
// when the task says none of these, so the flag keeps its default.
func avoidedFlag(p argProp, v queryValues) (bool, bool) {
	if !slices.ContainsFunc(avoidFlagPrefixes, func(pre string) bool { return strings.HasPrefix(p.lname, pre) }) {
		return false, false // (the cheap test first: most flags are not of this kind)
	}
	var first string
	var rest []string
	splitWords(p.name, func(w string) {
		if first == "" {
			first = strings.ToLower(w)
		} else if t := normalizeWord(w); t != "" {
			rest = append(rest, t)
		}
	})
	if len(rest) == 0 || !avoidFlagVerbs[first] {
		return false, false
	}
	toks := v.toks
	// has reports whether word w is among toks[from:to], in the same
	// clause as toks[from-1] (no ',', ';' or '.' between).
	has := func(from, to int, w string) bool {
		for k := from; k < min(to, len(toks)); k++ {
			if r := toks[k-1].raw; r != "" && strings.ContainsAny(r[len(r)-1:], ",;.!?") {
				return false
			}
			if !toks[k].quoted && stem(bareWord(toks[k].lower)) == w {
				return true
			}
		}
		return false
	}
	for i, t := range toks {
		if t.quoted {
			continue
		}
		lw := bareWord(t.lower)
		if len(rest) == 1 {
			// "case-insensitive", "case insensitive", "case-insensitively".
			base, sensitivity, found := strings.Cut(lw, "-")
			if !found {
				base, sensitivity = lw, ""
				if i+1 < len(toks) {
					sensitivity = bareWord(toks[i+1].lower)
				}
			}
			if stem(base) == rest[0] {
				switch strings.TrimSuffix(sensitivity, "ly") {
				case "insensitive":
					return true, true
				case "sensitive":
					return false, true
				}
			}
		}
		if !avoidWords[lw] {
			continue
		}
		if strings.HasSuffix(lw, "ed") && i >= len(rest) && !slices.ContainsFunc(rest, func(w string) bool { return !has(max(i-len(rest)-1, 1), i, w) }) && (i+1 >= len(toks) || endsInAny(t.raw, ",;.!?") || stopWords[bareWord(toks[i+1].lower)]) {
			// "with the cache bypassed", "the cache ignored": English's
			// participle after its noun, which it says of the noun (an
			// absolute construction), ending its phrase.
			return true, true
		}
		end := i + 1 + len(rest) + 3 // the name's words, and up to three others ("the", "http", ...)
		if !slices.ContainsFunc(rest, func(w string) bool { return !has(i+1, end, w) }) {
			negated := false
			for k := max(0, i-2); k < i; k++ {
				negated = negated || negator(bareWord(toks[k].lower)) // "do not skip the cache"
			}
			return !negated, true
		}
	}
	return false, false
}

// describedWith sets a flag whose description says it does something
// "with X" ("Initialize with README.md") when the task asks for it "with
// (a) X" ("make a repo ..., with a README"): English attaches what comes
// along with "with", and the description names the thing the flag adds.
// The word compares by stem, a file extension of the description's word
// left out; a determiner and one modifier may come before it.
func describedWith(p argProp, v queryValues) (any, bool) {
	i := strings.Index(p.desc, "with ")
	if i < 0 {
		return nil, false
	}
	w, _, _ := strings.Cut(strings.TrimSpace(p.desc[i+len("with "):]), " ")
	w = strings.ToLower(strings.TrimRight(w, ".,;:)"))
	if dot := strings.IndexByte(w, '.'); dot > 0 {
		w = w[:dot] // "README.md" -> "readme"
	}
	if len(w) < 3 || stopWords[w] {
		return nil, false
	}
	for k, t := range v.toks {
		if t.lower != "with" || t.quoted {
			continue
		}
		modifier := false
		for j := k + 1; j <= k+3 && j < len(v.toks); j++ {
			x := strings.TrimRight(v.toks[j].lower, ".,;:!?")
			if stem(x) == stem(w) || strings.HasPrefix(x, w+".") {
				return true, true
			}
			if stopWords[v.toks[j].lower] {
				continue
			}
			// One modifier may stand before the noun ("with an initial
			// README"), a plain word that ends no phrase.
			if modifier || x != v.toks[j].lower || !plainWords(x) {
				break
			}
			modifier = true
		}
	}
	return nil, false
}

// hyphenatedFlag sets a flag whose name joins two or more words
// (fullPage, doubleClick, dryRun) when the task writes those words as one
// hyphenated compound ("a full-page screenshot", "double-click the row",
// "a dry-run"): English joins the words of a compound modifier or verb
// with hyphens where a camelCase name joins them with capitals, so the
// compound is the name spelled the other way. The words compare by stem,
// in the name's order; a negation right before the compound makes the
// flag false ("not full-page").
//
// The compound may also be the one the flag's description says it is
// true for ("dblClick": "Set to true for double clicks"): a description
// names the case in full where the name abbreviates it.
func hyphenatedFlag(p argProp, v queryValues) (bool, bool) {
	if !strings.Contains(v.query, "-") {
		return false, false
	}
	if b, ok := hyphenated(p.nameStems, v); ok {
		return b, ok
	}
	return hyphenated(trueForCompound(p.desc), v)
}

// trueForCompound returns the stems of the two-word compound a flag's
// description says the flag is true for ("Set to true for double
// clicks": doubl, click), or nil.
func trueForCompound(desc string) []string {
	ld := strings.ToLower(desc)
	i := strings.Index(ld, "true for ")
	if i < 0 {
		return nil
	}
	var words []string
	for w := range strings.FieldsSeq(ld[i+len("true for "):]) {
		end := strings.ContainsAny(w, ",.;:()")
		w = strings.Trim(w, ",.;:()\"'`")
		if w == "" || stopWords[w] {
			break
		}
		words = append(words, stem(w))
		if end || len(words) > 2 {
			break
		}
	}
	if len(words) != 2 {
		return nil
	}
	return words
}

// hyphenated is hyphenatedFlag for the stems words of one compound.
func hyphenated(words []string, v queryValues) (bool, bool) {
	if len(words) < 2 {
		return false, false
	}
	for i, t := range v.toks {
		if t.quoted || strings.Count(t.lower, "-") != len(words)-1 {
			continue
		}
		parts := strings.Split(bareWord(t.lower), "-")
		if len(parts) != len(words) || slices.ContainsFunc(parts, func(s string) bool { return s == "" }) {
			continue
		}
		same := true
		for k, s := range parts {
			same = same && stem(s) == words[k]
		}
		if !same {
			continue
		}
		for k := max(0, i-2); k < i; k++ {
			if negator(bareWord(v.toks[k].lower)) || v.toks[k].lower == "no" {
				return false, true
			}
		}
		return true, true
	}
	return false, false
}

// flagAction returns the stems of the action a flag's description says
// the flag does when true (describedAction), read once per schema: the
// content words after a cue of flagActionCues up to the first punctuation
// (function words skipped); nil for fewer than three or more than six.
// The whole clause: cut at its first function word, the tool's own action
// would stand for the flag ("Whether to create the pull request as a
// draft" would read as "create pull request", which every task to that
// tool says).
func flagAction(desc string) []string {
	ld := strings.ToLower(desc)
	at := -1
	for _, c := range flagActionCues {
		if i := strings.Index(ld, c); i >= 0 && (at < 0 || i < at) {
			at = i + len(c)
		}
	}
	if at < 0 {
		return nil
	}
	var words []string
	for w := range strings.FieldsSeq(ld[at:]) {
		end := strings.ContainsAny(w, ",.;:()")
		w = strings.Trim(w, ",.;:()\"'`")
		if w != "" && !stopWords[w] {
			words = append(words, stem(w))
		}
		if end || len(words) > 6 {
			break
		}
	}
	if len(words) < 3 || len(words) > 6 {
		return nil
	}
	return words
}

// flagActionCues open the part of a flag's description that says what the
// flag does when it is true ("When true, includes column details",
// "Whether to include a snapshot in the response", "If set to true takes a
// screenshot of the full page").
var flagActionCues = []string{"when true, ", "when true ", "if true, ", "if true ", "if set to true, ", "if set to true ", "set to true to ", "whether to "}

// describedAction sets a flag whose description says what it does when
// true ("When true, includes column details, primary keys, ...") when the
// task asks for that action in the same words: the verb (any inflection)
// and, within the next few words, every other content word of the clause
// (flagAction: "include column details" for verbose). A description
// states a flag's effect as an action, and a task asking for all of it
// asks for the flag. Three content words at least, six at most: a verb
// with a one-word object ("Whether to wait") is too common to set a flag
// by, and a long clause is no phrase a task repeats. A negation within
// three words before the verb makes the flag false.
func describedAction(p argProp, v queryValues) (bool, bool) {
	words := p.action
	if len(words) == 0 {
		return false, false
	}
	toks := v.toks
	for i, t := range toks {
		if t.quoted || stem(bareWord(t.lower)) != words[0] {
			continue
		}
		end := min(len(toks), i+len(words)+3)
		all := true
		for _, w := range words[1:] {
			found := false
			for k := i + 1; k < end && !found; k++ {
				found = !toks[k].quoted && stem(bareWord(toks[k].lower)) == w
			}
			all = all && found
		}
		if !all {
			continue
		}
		for k := max(0, i-3); k < i; k++ {
			// "don't include", "no need to include"
			if w := bareWord(toks[k].lower); negator(w) || w == "no" {
				return false, true
			}
		}
		return true, true
	}
	return false, false
}

// inclusionWords say that what follows comes along: the preposition
// "with", and "include" in its inflected forms, with its preposition
// "including" ("with stack traces", "including columns").
var inclusionWords = setOf("with", "including", "include", "includes", "included", "plus")

// includedFlag sets a flag that adds a thing to the result when the task
// asks for the thing "with" it or "including" it, and clears it when the
// task asks "without" it (or by another word of avoidWords: "no",
// "excluding", "skip"). The thing is what the flag's name says it
// includes (includeStackTraces: "stack traces"; includeImage: "an
// image"), or, for a flag whose description says it includes something
// when true ("When true, includes column details, primary keys, ..."),
// the first thing the description names (the columns): English attaches
// what comes along with "with" and "including", and a description that
// says what the flag includes names what a task asks to come along. The
// words compare by stem, in any order within the phrase (a determiner or
// an adjective may come first: "with their columns", "with an image").
func includedFlag(p argProp, v queryValues) (bool, bool) {
	var want []string
	switch {
	case len(p.nameStems) >= 2 && (p.nameStems[0] == "includ" || p.nameStems[0] == "with"):
		want = p.nameStems[1:]
	case len(p.action) >= 2 && p.action[0] == "includ":
		want = p.action[1:2]
	default:
		return false, false
	}
	toks := v.toks
	for i, t := range toks {
		w := bareWord(t.lower)
		in, out := inclusionWords[w], avoidWords[w]
		if t.quoted || !in && !out {
			continue
		}
		end := min(len(toks), i+1+len(want)+2)
		all := true
		for _, s := range want {
			found := false
			for k := i + 1; k < end && !found; k++ {
				found = !toks[k].quoted && stem(bareWord(toks[k].lower)) == s
			}
			all = all && found
		}
		if !all {
			continue
		}
		negated := out
		if k := i - 1; k >= 0 && (negator(bareWord(toks[k].lower)) || bareWord(toks[k].lower) == "no") {
			negated = !negated // "don't include", "not without"
		}
		return !negated, true
	}
	return false, false
}

// switchedFlag reads a flag that turns a feature on (verify_jwt,
// "autoStop") from the task's saying that the feature is off or on: the
// words of its name, each as written or as a WordNet derivationally
// related form ("JWT verification" for verify_jwt), next to each other
// in any order and followed by "off" or "disabled" (false; "turned off",
// "switched off") or "on" or "enabled" (true), or preceded by "without"
// (false). English names a feature by its noun and switches it with
// these particles and participles; a flag is the switch.
func switchedFlag(p argProp, v queryValues) (bool, bool) {
	words := p.nameStems
	if len(words) < 2 || len(words) > 3 || avoidFlagVerbs[words[0]] || words[0] == "includ" {
		return false, false
	}
	toks := v.toks
	n := len(words)
	for i := 0; i+n <= len(toks); i++ {
		var used [3]bool // len(words) <= 3
		all := true
		for k := i; k < i+n && all; k++ {
			t := toks[k]
			if t.quoted {
				all = false
				break
			}
			ts := stem(bareWord(t.lower))
			hit := false
			for j, w := range words {
				if !used[j] && (ts == w || derivedFrom(ts, w)) {
					used[j], hit = true, true
					break
				}
			}
			all = hit
		}
		if !all {
			continue
		}
		after := ""
		for k := i + n; k < min(len(toks), i+n+2); k++ {
			w := bareWord(toks[k].lower)
			if w == "turned" || w == "switched" || w == "set" || w == "is" {
				continue
			}
			after = w
			break
		}
		switch {
		case after == "off" || after == "disabled":
			return false, true
		case after == "on" || after == "enabled":
			return true, true
		}
		if k := i - 1; k >= 0 && bareWord(toks[k].lower) == "without" {
			return false, true
		}
	}
	return false, false
}

// derivedFrom reports whether the analyzed word w is a WordNet
// derivationally related form of the analyzed word base ("verif" of
// "verification" for "verifi" of verify).
func derivedFrom(w, base string) bool {
	for _, e := range synonyms()[w] {
		if e.weight == derivedWeight && len(e.terms) == 1 && e.terms[0] == base {
			return true
		}
	}
	return false
}

// avoidedList fills an open list parameter named for leaving things out
// (excludePatterns, ignorePaths, skipDirs: its first word a verb of
// avoidFlagVerbs, "no" and "without" aside) with the items a word of
// avoiding (avoidWords but the determiner "no", and "leave out") is
// followed by: "skipping
// node_modules and dist", "excluding **/node_modules/**", "skip anything
// matching 'node_modules'". An item is a quoted text or a token written
// as a name or pattern is (with '/', '_', '.', '*' or '-'), or a plain word
// coordinated with one ("node_modules and dist"); the list ends at the
// first other word after an item. It returns the parameters still missing.
func avoidedList(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.typ != "array" || p.itemType != "string" || len(p.itemEnum) > 0 || args[p.name] != nil {
			continue
		}
		var first string
		splitWords(p.name, func(w string) {
			if first == "" {
				first = strings.ToLower(w)
			}
		})
		if !avoidFlagVerbs[first] || first == "no" || first == "without" {
			continue
		}
		for i, t := range v.toks {
			leaveOut := (t.lower == "leave" || t.lower == "leaving" || t.lower == "leaves") && i+1 < len(v.toks) && v.toks[i+1].lower == "out"
			if t.quoted || !avoidWords[t.lower] && !leaveOut || t.lower == "no" {
				continue
			}
			start := i + 1
			if leaveOut {
				start++
			}
			if items := avoidedItems(v.toks, start); len(items) > 0 {
				args[p.name] = toAny(items)
				missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
				break
			}
		}
	}
	return missing
}

// avoidedItems reads the items of a list of things left out from token
// start on (avoidedList). The first item is a shaped one (a quoted text,
// a name or pattern), within three words ("anything matching 'x'"); plain
// words join the list only after "and" or a comma.
func avoidedItems(toks []qtok, start int) []string {
	shaped := func(t qtok) bool {
		return t.quoted || strings.ContainsAny(bareWord(t.text), "/_.*-") && !strings.Contains(t.text, "://")
	}
	var items []string
	for k := start; k < len(toks) && (len(items) > 0 || k < start+3); k++ {
		t := toks[k]
		switch {
		case shaped(t) || len(items) > 0 && plainWord(t) && !stopWords[t.lower] && (toks[k-1].lower == "and" || endsInAny(toks[k-1].raw, ",")):
			items = append(items, strings.Trim(t.text, ".,;:!?"))
			if endsInAny(t.raw, ".;!?") {
				return items
			}
		case len(items) > 0 && (t.lower == "and" || t.lower == "or") && !t.quoted:
		case len(items) > 0:
			return items
		}
	}
	return items
}
