package planner

import (
	"slices"
	"strings"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
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
	if e, ok := agentNounEnum(p, v); ok {
		return e, true
	}
	if e, ok := againEnum(p, v); ok {
		return e, true
	}
	if e, ok := nominalEnum(p, v); ok {
		return e, true
	}
	if e, ok := rateEnum(p, v); ok {
		return e, true
	}
	if e, ok := appendEnum(p, v); ok {
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

// orderIdiom reads "newest first", "latest first", "most recent first",
// "most recently updated first" (descending by time) and "oldest first",
// "earliest first", "least recently updated first" (ascending)
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
		switch superlativeSign(v.toks[i].lower) {
		case -1:
			return desc, true
		case 1:
			return asc, true
		}
		if i >= 2 && (v.toks[i-1].lower == "recently" || v.toks[i-1].lower == "recent") {
			// "most recently updated first": the adverb phrase before a
			// participle orders by that time.
			switch v.toks[i-2].lower {
			case "most":
				return desc, true
			case "least":
				return asc, true
			}
		}
	}
	return "", false
}

// agentNounEnum finds an enum member that is the agent noun of a verb the
// task uses: "papers that cite X" are X's "citers", "who follows me" my
// "followers". English forms the agent noun with -er/-r (plural -ers/-rs):
// the member less its ending must be the task word's stem, a word of four
// letters or more (not "use" for "users", "own" for "owner").
//
// Not for a sort key ("sort": followers): a verb of the task says which
// things are wanted ("users who follow torvalds"), not how to rank them.
func agentNounEnum(p argProp, v queryValues) (string, bool) {
	if hasAny(p.lname, "sort", "order") || p.descTerms["sort"] || p.descTerms["order"] {
		return "", false
	}
	for _, e := range p.enum {
		if len(e) < 5 || !strings.HasSuffix(e, "r") && !strings.HasSuffix(e, "rs") || !allLetters(e) {
			continue // (the cheap test first: most members are no agent noun)
		}
		le := strings.ToLower(e)
		for _, suf := range agentSuffixes {
			b, ok := strings.CutSuffix(le, suf)
			if !ok || len(b) < 4 || (suf == "rs" || suf == "r") != strings.HasSuffix(b, "e") {
				continue
			}
			sb := stem(b)
			for i, t := range v.toks {
				if t.quoted || len(t.lower) < 4 || t.stem != sb && !strings.HasSuffix(t.lower, "ing") {
					continue // (the cheap test first: most words share no stem)
				}
				w := bareWord(t.lower)
				if stopWords[w] || w == le || !sameVerb(w, b) {
					continue
				}
				// The agent is the task's subject and the verb has an
				// object: "papers that cite X", "who follows @bob"; not
				// "papers I can cite", nor a verb that ends the clause.
				if i+1 >= len(v.toks) || endsInAny(t.raw, ",;.!?") ||
					i > 0 && agentlessWords[bareWord(v.toks[i-1].lower)] {
					continue
				}
				return e, true
			}
		}
	}
	return "", false
}

// agentSuffixes are the endings of English agent nouns: -ers/-er after a
// consonant ("followers"), -rs/-r after a silent e ("citers").
var agentSuffixes = []string{"ers", "rs", "er", "r"}

// agentlessWords before a verb make someone other than the things listed
// its subject ("papers I can cite", "what to follow").
var agentlessWords = setOf("i", "we", "you", "can", "could", "should", "must", "will", "would", "to", "may", "might")

// sameVerb reports whether task word w is a form of verb base b: "cite",
// "cites", "cited" and "citing" of "cite".
func sameVerb(w, b string) bool {
	if stem(w) == stem(b) {
		return true
	}
	ing, ok := strings.CutSuffix(w, "ing")
	return ok && (ing == b || ing+"e" == b)
}

// againEnum finds the enum member a verb with the prefix "re-" makes true
// again: "reopen issue 12" leaves it "open", "re-enable the rule" leaves it
// "enabled". English re- means doing the verb again, so the thing ends in
// the state the verb names. The member must be a word of three letters or
// more and the task's word the prefix and a form of it ("reopened",
// "re-open").
func againEnum(p argProp, v queryValues) (string, bool) {
	for _, t := range v.toks {
		if t.quoted || len(t.lower) < 5 || !strings.HasPrefix(t.lower, "re") {
			continue // (the cheap test first: few words start with re-)
		}
		rest := strings.TrimPrefix(strings.TrimPrefix(t.lower, "re"), "-")
		if len(rest) < 3 {
			continue
		}
		for _, e := range p.enum {
			le := strings.ToLower(e)
			if len(le) < 3 || !allLetters(le) {
				continue
			}
			if rest[0] != le[0] {
				continue // (the cheap test first)
			}
			if rest == le || strings.TrimSuffix(le, "d") == rest || strings.TrimSuffix(le, "ed") == rest || sameVerb(rest, le) {
				return e, true
			}
		}
	}
	return "", false
}

// compoundModifierEnum reads an enum member written as the first part of a
// hyphenated compound whose whole is no member: "squash-merge PR 5" for
// merge_method squash, "dark-themed" for a color scheme dark. English
// compounds are right-headed: the last part names the kind of thing or
// act ("merge"), the parts before it the particular one, which is the
// choice the enum asks for. The first part is taken only when another part
// is no member itself, or is one as well but is the head ("squash" and
// "merge" are both merge methods; the squash kind is meant).
func compoundModifierEnum(enum []string, words []string) (string, bool) {
	for _, w := range words {
		if strings.IndexByte(w, '-') <= 0 {
			continue // (the cheap test first: most words have no hyphen)
		}
		first, _, _ := strings.Cut(w, "-")
		if len(first) < 3 || !allLetters(first) {
			continue
		}
		var whole, part string
		for _, e := range enum {
			switch le := strings.ToLower(e); {
			case le == w:
				whole = e
			case le == first:
				part = e
			}
		}
		if whole == "" && part != "" {
			return part, true
		}
	}
	return "", false
}

// rePairedMember finds, in an enum parameter's description, a quoted
// member followed by "with" and a parameter name: Sentry's ignoreMode says
// "'forDuration' with ignoreDurationMinutes, 'untilOccurrenceCount' with
// ignoreCount".
var rePairedMember = lazyregexp.New("[\"'`]([A-Za-z][A-Za-z0-9_-]*)[\"'`] with ([A-Za-z][A-Za-z0-9_]*)")

// pairedEnum fills an open enum parameter whose description pairs one of
// its members with another parameter ("use 'forDuration' with
// ignoreDurationMinutes"), or one of whose members is another parameter's
// name ("type": url|back|forward|reload beside "url"), when the task gave
// that parameter a value ("ignore it for 2 hours", "go to https://..."):
// the schema itself says the value only counts under that member. It
// returns the parameters still missing.
func pairedEnum(props []argProp, args map[string]any, missing []string) []string {
	for _, p := range props {
		if len(p.enum) > 0 && args[p.name] == nil {
			// A member that is the name of a parameter the task filled
			// ("type": url|back|forward|reload with url given): the mode
			// that uses that parameter, the schema's own pairing.
			named := ""
			for _, e := range p.enum {
				if e != p.name && args[e] != nil {
					if named != "" {
						named = "" // two: no reading
						break
					}
					named = e
				}
			}
			if named != "" {
				args[p.name] = named
				missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
				continue
			}
		}
		if args[p.name] != nil {
			continue
		}
		for _, m := range p.paired { // (read from the description once, by schemaProps)
			if args[m[1]] != nil {
				args[p.name] = m[0]
				missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
				break
			}
		}
	}
	return missing
}

// wordsNotNaming returns the task's words less those that name another
// parameter of the tool than p: its name as one word ("includeSubdomains=
// true") or its words in a row ("including subdomains"). Those words set
// that parameter, so they are no evidence for a member of p's enum
// ("include" of a sitemap enum). The slice is words itself when nothing is
// left out.
func wordsNotNaming(p argProp, props []argProp, words []string) []string {
	var out []string // a copy, made at the first word left out
	skip := 0
	for i, w := range words {
		for _, q := range props {
			if q.name == p.name || len(q.lname) < 4 || len(w) < 4 || !strings.HasPrefix(q.lname, w[:4]) {
				continue // (the cheap test first: the word does not start the name)
			}
			if w == q.lname {
				skip = max(skip, 1)
			} else if len(q.nameStems) > 1 && nameRun(q.nameStems, words[i:]) {
				skip = max(skip, len(q.nameStems))
			}
		}
		if skip > 0 {
			if out == nil {
				out = slices.Clone(words[:i])
			}
			skip--
			continue
		}
		if out != nil {
			out = append(out, w)
		}
	}
	if out == nil {
		return words
	}
	return out
}

// nameRun reports whether the words at the start of words have, in order,
// the stems parts ("including subdomains" for include, subdomain).
func nameRun(parts, words []string) bool {
	if len(parts) > len(words) {
		return false
	}
	for j, st := range parts {
		if stem(words[j]) != st {
			return false
		}
	}
	return true
}

// giveVerbs hand a result over; receivers are the pronouns of the one
// it goes to ("give me", "send us back").
var (
	giveVerbs = setOf("give", "return", "output", "produce", "send")
	receivers = setOf("me", "us", "back")
)

// formCue reports whether w (lower case) may introduce the forms a list
// of enum members names (asMembers): "as", "into", "to", or a verb of
// handing over.
func formCue(w string) bool { return w == "as" || w == "into" || w == "to" || giveVerbs[w] }

// asMembers reads the members of a list of enum members named after "as"
// ("scrape X as markdown", "as markdown and html"), or right after "into"
// or "to" ("parse X into markdown"): English names the form a thing is to
// take with "as", and the form a conversion ends in with "into" or "to";
// a list of forms is what such a parameter (Firecrawl's formats) holds. The members are joined by commas,
// "and" or "or"; a word that is no member ends the list. So are the
// members right after a verb of handing over, or its receiver ("give me
// markdown", "return html and links").
func asMembers(enum []string, toks []qtok) (any, bool) {
	member := func(t qtok) string {
		if t.quoted {
			return ""
		}
		for _, e := range enum {
			if strings.EqualFold(e, strings.TrimRight(t.text, ",")) {
				return e
			}
		}
		return ""
	}
	for i, t := range toks {
		if t.quoted {
			continue
		}
		switch {
		case t.lower == "as":
		case t.lower == "into" || t.lower == "to":
			if i+1 >= len(toks) || member(toks[i+1]) == "" {
				// "into markdown", "to markdown": the form a conversion
				// ends in, right after its preposition.
				continue
			}
		case giveVerbs[t.lower]:
			// "give me markdown", "return html and links": what a verb
			// of handing over gives, right after it or its receiver, is
			// what the result is to be.
			if i+1 < len(toks) && receivers[toks[i+1].lower] {
				i++
			}
			if i+1 >= len(toks) || member(toks[i+1]) == "" {
				continue
			}
		default:
			continue
		}
		var out []any
		for k := i + 1; k < len(toks); k++ {
			if e := member(toks[k]); e != "" {
				out = append(out, e)
				if endsInAny(toks[k].raw, ";.!?") {
					break
				}
				continue
			}
			if len(out) > 0 && (toks[k].lower == "and" || toks[k].lower == "or") && k+1 < len(toks) && member(toks[k+1]) != "" {
				continue
			}
			break
		}
		if len(out) > 0 {
			return out, true
		}
	}
	return nil, false
}

// wordsNotQuantifying returns words less the enum members that are only
// written right before a number: there they quantify the number ("only 50
// pages", "all 3 files"), as English adverbs and determiners before a
// numeral do, and choose no member ("only" of a sitemap enum). The slice
// is words itself when nothing is left out.
func wordsNotQuantifying(enum []string, nums []numberAt, words []string) []string {
	var out []string
	for _, n := range nums {
		if n.before == "" || !slices.ContainsFunc(enum, func(e string) bool { return strings.EqualFold(e, n.before) }) {
			continue // (the cheap test first: few numbers follow a member)
		}
		before := 0
		for _, m := range nums {
			if m.before == n.before {
				before++
			}
		}
		if before < strings.Count(" "+strings.Join(words, " ")+" ", " "+n.before+" ") {
			continue // the member is also written elsewhere
		}
		if out == nil {
			out = slices.Clone(words)
		}
		out = slices.DeleteFunc(out, func(w string) bool { return w == n.before })
	}
	if out == nil {
		return words
	}
	return out
}

// allOfEnum reads two members joined by "or" or "and" ("open or closed",
// "open and closed issues") as the enum's member for every value ("all",
// "both", "any") when it has one: a task that names both states asks for
// either, which is what such a member means.
func allOfEnum(enum []string, toks []qtok) (string, bool) {
	all := ""
	for _, e := range enum {
		switch strings.ToLower(e) {
		case "all", "both", "any":
			all = e
		}
	}
	if all == "" || len(enum) < 3 {
		return "", false
	}
	member := func(t qtok) bool {
		w := strings.TrimRight(t.lower, ",;.!?")
		return !t.quoted && w != strings.ToLower(all) && slices.ContainsFunc(enum, func(e string) bool { return strings.EqualFold(e, w) })
	}
	for i := 0; i+2 < len(toks); i++ {
		if (toks[i+1].lower == "or" || toks[i+1].lower == "and") && member(toks[i]) && member(toks[i+2]) && toks[i].lower != toks[i+2].lower {
			return all, true
		}
	}
	return "", false
}

// sortKeyParam reports whether p chooses what results are sorted by (a
// "sort" enum of keys, not of directions).
func sortKeyParam(p argProp) bool {
	return strings.Contains(p.lname, "sort") && !slices.ContainsFunc(p.enum, func(e string) bool {
		return strings.EqualFold(e, "asc") || strings.EqualFold(e, "desc")
	})
}

// sortCues are the words English orders things by: "sorted by users",
// "the most comments", "newest first" (superlatives are read by their
// ending).
var sortCues = setOf("by", "sort", "sorted", "order", "ordered", "most", "least", "top", "fewest", "first", "recently")

// sortKeyWords returns the task's words when it asks for an order
// somewhere (a word of ordering, "first", a superlative: "sorted by
// users", "with file sizes, biggest first"), and none when it does not: a
// key word then names something the task tells about ("issues that users
// reported"), not an order.
func sortKeyWords(v queryValues) []string {
	for _, t := range v.toks {
		if !t.quoted && (sortCues[t.lower] || len(t.lower) > 4 && strings.HasSuffix(t.lower, "est")) {
			return v.words
		}
	}
	return nil
}

// nominalEnum finds an enum member that is a noun English derives from a
// verb with -ure ("failure" of fail, "closure" of close) when the task uses
// the verb ("the failing tests", "failed jobs"): the member less -ure and
// the task word less -ing, -ed or -s must be the same base, of three
// letters or more.
func nominalEnum(p argProp, v queryValues) (string, bool) {
	for _, e := range p.enum {
		base, ok := strings.CutSuffix(strings.ToLower(e), "ure")
		if !ok || len(base) < 3 || !allLetters(base) {
			continue // (the cheap test first: few members end in -ure)
		}
		for _, t := range v.toks {
			if t.quoted || !strings.HasPrefix(t.lower, base) {
				continue
			}
			switch strings.TrimPrefix(t.lower, base) {
			case "ing", "ed", "s", "e", "es", "d":
				return e, true
			}
		}
	}
	return "", false
}

// rateEnum finds an enum member that is the adjective English makes of a
// unit of time with -ly ("monthly", "hourly", "daily", "weekly", "yearly")
// when the task gives the rate with the unit's noun: "$10 a month", "per
// hour", "every week".
func rateEnum(p argProp, v queryValues) (string, bool) {
	for _, e := range p.enum {
		le := strings.ToLower(e)
		base, ok := strings.CutSuffix(le, "ly")
		if !ok || !rateUnits[base] && !(base == "dai" && rateUnits["day"]) {
			continue // (the cheap test first: few members end in -ly)
		}
		if base == "dai" {
			base = "day" // daily
		}
		for i := 1; i < len(v.toks); i++ {
			switch v.toks[i-1].lower {
			case "a", "an", "per", "every", "each":
				if strings.TrimRight(v.toks[i].lower, ".,;:!?") == base {
					return e, true
				}
			}
		}
	}
	return "", false
}

// rateUnits are the units of time English makes -ly adjectives of.
var rateUnits = setOf("hour", "day", "week", "month", "year")

// onlyMembers reads the members a task restricts a list to with "only"
// ("show only the errors and warnings", "list only the console errors",
// "only the error messages"): English's focusing adverb names what is
// kept. After "only", within its clause (to a preposition or the
// clause's end, at most six words), the words that are members of the
// list's enum: as written, in the plural ("errors"), or as a word the
// member clips ("warnings" for warn, four letters or more).
func onlyMembers(enum []string, toks []qtok) (any, bool) {
	member := func(t qtok) string {
		w := bareWord(t.lower)
		for _, e := range enum {
			le := strings.ToLower(e)
			if w == le || stem(w) == stem(le) || len(le) >= 4 && strings.HasPrefix(w, le) {
				return e
			}
		}
		return ""
	}
	for i, t := range toks {
		if t.lower != "only" || t.quoted {
			continue
		}
		var out []any
		for k := i + 1; k < len(toks) && k <= i+6; k++ {
			if toks[k].quoted || objectEndWords[toks[k].lower] && toks[k].lower != "and" && toks[k].lower != "or" {
				break
			}
			if e := member(toks[k]); e != "" && !slices.Contains(out, any(e)) {
				out = append(out, e)
			}
			if endsInAny(toks[k].raw, ",;.!?") {
				break
			}
		}
		if len(out) > 0 {
			return out, true
		}
	}
	return nil, false
}

// appendEnum gives a write mode its member "append" when the task puts its
// content "(on)to the end of", "at the bottom of" the thing (endPlace, as
// Search reads it).
func appendEnum(p argProp, v queryValues) (string, bool) {
	i := slices.IndexFunc(p.enum, func(e string) bool { return strings.EqualFold(e, "append") })
	if i < 0 {
		return "", false
	}
	word := func(k int) string {
		if v.toks[k].quoted {
			return ""
		}
		return bareWord(v.toks[k].raw)
	}
	for k := range v.toks {
		if endPlace(word, len(v.toks), k) {
			return p.enum[i], true
		}
	}
	return "", false
}
