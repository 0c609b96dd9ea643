package planner

import (
	"maps"
	"slices"
	"strings"
)

// Lists of plain words for a parameter named by a plural noun: "with
// labels bug, p1 and ui", "labeled bug", "assigned to alice and bob".

// listParam returns the anchor word (paramWords) and the singular noun of
// an optional
// parameter that holds a list of strings and is named by that plural noun
// alone ("labels", "assignees", "tags", "authors"), or "". A compound name
// ("includeDomains", "excludeTags") says more than its noun: which list the
// values go to depends on its verb, which this reading does not weigh.
func listParam(p argProp) (pw, noun string) {
	if p.typ != "array" || p.itemType != "string" || p.required || len(p.enum) > 0 || strings.ContainsAny(p.name, "_-") || strings.ToLower(p.name) != p.name {
		return "", ""
	}
	ws := p.paramWords()
	if len(ws) != 1 || !isPlural(p.name) {
		return "", ""
	}
	noun = strings.TrimSuffix(p.name, "s")
	if n, ok := strings.CutSuffix(p.name, "ies"); ok {
		noun = n + "y"
	}
	return ws[0], noun
}

// listCue returns the index of the first list item after a cue at token i
// for the noun pw, or -1: the noun itself, singular or plural, optionally
// followed by ':' ("labels bug", "label: bug"); its participle for nouns
// English uses as verbs ("labeled bug", "labelled bug", "tagged x"); or,
// for a noun of the one something is done to (-ee: "assignee"), its verb's
// participle with "to" ("assigned to alice"). pw is the noun's anchor word,
// noun the singular noun as written.
func listCue(toks []qtok, i int, pw, noun string) int {
	t := toks[i]
	if t.quoted {
		return -1
	}
	w := bareWord(t.lower)
	verb, ee := strings.CutSuffix(noun, "ee")
	if !ee && (w == noun || w == "re"+noun || standsFor(t.stem, pw, 0)) && imperativeAt(toks, i) && i+2 < len(toks) && (toks[i+1].lower == "it" || toks[i+1].lower == "them") {
		// The noun used as a verb (English converts nouns to verbs
		// without a suffix, "to label"; re- makes the verb of doing it
		// again, "relabel") takes the thing as its object and the item
		// as a complement after it, as "call it X" and "name it X" do
		// ("label it bug"). Only as a command: an imperative opens its
		// clause with no subject, so "I will label it later" (a
		// statement of the writer's own act, where an adverb may follow)
		// gives nothing. (A noun in -ee has a verb of its own, below.)
		return i + 2
	}
	if anchors(t, pw) {
		if i+2 < len(toks) && toks[i+1].lower == "to" && setVerbBefore(toks, i) {
			// "set its label to wontfix": a verb of setting assigns the
			// value after "to" to the thing it names.
			return i + 2
		}
		return i + 1
	}
	if ee && len(verb) >= 3 {
		if w == verb+"ed" && i+1 < len(toks) && toks[i+1].lower == "to" {
			return i + 2
		}
		if w == verb && imperativeAt(toks, i) && i+1 < len(toks) {
			// The verb itself, as a command: "assign jlee" (its object
			// the one it is done to), "assign it to jlee", "assign to
			// jlee".
			j := i + 1
			if (toks[j].lower == "it" || toks[j].lower == "them") && j+2 < len(toks) && toks[j+1].lower == "to" {
				j += 2
			} else if toks[j].lower == "to" && j+1 < len(toks) {
				j++
			}
			if toks[j].quoted || stopWords[toks[j].lower] || determiners[toks[j].lower] {
				return -1
			}
			return j
		}
		return -1
	}
	if len(noun) >= 3 && (w == noun+"ed" || w == noun+"led" || w == noun+noun[len(noun)-1:]+"ed" || strings.HasSuffix(noun, "e") && w == noun+"d") {
		return i + 1
	}
	return -1
}

// standsFor reports whether the analyzed word t stands for the word pw in
// the synonym table with at least weight min: the curated entries weigh
// synonymWeight, WordNet's less ("tag" for "label": the verb "to tag" is
// "to label").
func standsFor(t, pw string, min float64) bool {
	return slices.ContainsFunc(synonyms()[t], func(e expansion) bool { return len(e.terms) == 1 && e.terms[0] == pw && e.weight >= min })
}

// setVerbs assign a value to the thing they name ("set X to V").
var setVerbs = setOf("set", "change", "update", "switch")

// setVerbBefore reports whether a verb of setting governs the noun at
// toks[i]: it stands right before it, or before a determiner or a
// possessive before it ("set the labels to", "change its label to").
func setVerbBefore(toks []qtok, i int) bool {
	return i >= 1 && setVerbs[toks[i-1].lower] || i >= 2 && setVerbs[toks[i-2].lower] && (determiners[toks[i-1].lower] || possessiveDet[toks[i-1].lower])
}

// imperativeAt reports whether the verb at toks[i] opens a clause as a
// command: it is the task's first word, or follows punctuation that ends a
// clause, a quoted literal, a coordinator joining a clause ("and",
// "then"), or "please".
// English writes an imperative with no subject before it; a verb after a
// subject or a modal ("I will label") states an act instead.
func imperativeAt(toks []qtok, i int) bool {
	if i == 0 {
		return true
	}
	prev := toks[i-1]
	if prev.quoted {
		// A quoted literal completes the phrase before it ("titled
		// 'Login loops'"); the tokenizer keeps no comma after it.
		return true
	}
	switch prev.lower {
	case "and", "then", "please":
		return true
	}
	return strings.ContainsAny(prev.raw[len(prev.raw)-1:], ",;:.!?")
}

// participleForm reports whether t, unquoted, ends as a participle does
// ("failing", "archived"): a modifier as often as a name.
func participleForm(t qtok) bool {
	w := bareWord(t.lower)
	return !t.quoted && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing"))
}

// listWord reports whether token t can be an item of a plain-word list:
// quoted, or a word that is not a function word, not a product's name, and
// not a word naming one of the tool's parameters. A participle form
// (participleForm) ends a list after its cue ("bug and assigned to ..."
// ends at "bug") and is a premodifier only beside one that is not ("the
// public and billing schemas").
func listWord(t qtok, props []argProp, args map[string]any) bool {
	if t.quoted {
		return t.text != ""
	}
	w := bareWord(t.lower)
	if w == "" || stopWords[w] || fillerWords[w] || valueTaken(args, t.text) {
		return false
	}
	for _, q := range props {
		for _, qw := range q.paramWords() {
			if anchors(t, qw) {
				return false
			}
		}
	}
	return true
}

// listValues fills each empty listParam with the items written after one
// of its cues (listCue): one item, or several joined by commas and a final
// "and"/"or". The list must end its clause: the task ends, punctuation or
// a function word follows. It returns missing unchanged: the parameters
// it fills are optional.
func listValues(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for pi := range props {
		p := &props[pi]
		pw, noun := listParam(*p)
		if pw == "" || args[p.name] != nil {
			continue
		}
		for i := range v.toks {
			j := listCue(v.toks, i, pw, noun)
			if j < 0 || j >= len(v.toks) {
				continue
			}
			if v.toks[j].lower == ":" {
				j++
			}
			var items []any
			k, commaCut, commaK := j, 0, 0
			// A participle form ends a list after its cue ("labeled bug
			// and assigned to alice"): a clause goes on there.
			item := func(t qtok) bool { return listWord(t, props, args) && !participleForm(t) }
			for k < len(v.toks) && item(v.toks[k]) {
				items = append(items, v.toks[k].text)
				raw := v.toks[k].raw
				switch {
				case strings.HasSuffix(raw, ","):
					// The comma ends a clause too: what follows may be
					// no item ("labeled bug, newest first").
					commaCut, commaK = len(items), k+1
					k++
					if k < len(v.toks) && (v.toks[k].lower == "and" || v.toks[k].lower == "or") {
						k++
					}
					continue
				case k+1 < len(v.toks) && (v.toks[k+1].lower == "and" || v.toks[k+1].lower == "or") && k+2 < len(v.toks) && item(v.toks[k+2]) && !clauseAt(v.toks, k+2):
					k += 2
					continue
				}
				k++
				break
			}
			if len(items) == 0 {
				continue
			}
			if last := v.toks[k-1].raw; k < len(v.toks) && !v.toks[k-1].quoted && !strings.ContainsAny(last[len(last)-1:], ",;.!?") && !stopWords[v.toks[k].lower] {
				// The list runs on into words that are no items ("labels
				// bug reports from users"): not a list of this kind, but
				// for the items before a comma. A quoted last item closes
				// the list itself: quotation marks delimit a literal, so
				// what follows is no part of it ("labelled 'bug', newest
				// first").
				if commaCut == 0 || commaK > k {
					continue
				}
				items = items[:commaCut]
			}
			args[p.name] = items
			break
		}
	}
	return missing
}

// clauseAt reports whether toks[i], after a coordinator, opens a clause
// of its own rather than naming one more item: a verb of change with an
// object after it that no noun compound would have, a determiner, a
// pronoun or a name no dictionary knows ("label it bug and assign jlee";
// "labeled bug and feature request" is one more item).
func clauseAt(toks []qtok, i int) bool {
	if !isChangeVerb(toks[i].lower) || i+1 >= len(toks) || endsInAny(toks[i].raw, ",;.!?") {
		return false
	}
	next := toks[i+1]
	return !next.quoted && (determiners[next.lower] || next.lower == "it" || next.lower == "them" || !isEnglish(bareWord(next.lower)))
}

// premodifierList fills a list of strings named by a plural noun alone
// ("schemas", "tables", "labels") with the names written before that noun
// and joined by "and", "or" or commas: "the public and auth schemas",
// "the users, orders and payments tables". English puts the names of the
// members of a set before the plural head noun as modifiers, as "the
// Thames and Severn rivers" does. Two names at least (one word before a
// plural is as often an adjective: "the relevant schemas"), each a word
// listItem accepts, and the phrase must open after a function word ("in
// the", "of", "across"). It returns missing without the parameters it
// fills.
func premodifierList(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for pi := range props {
		p := &props[pi]
		if p.typ != "array" || p.itemType != "string" || len(p.enum) > 0 || args[p.name] != nil || strings.ContainsAny(p.name, "_-") || !allLetters(p.name) || strings.ToLower(p.name) != p.name || !isPlural(p.name) {
			continue
		}
		for i := 2; i < len(v.toks); i++ {
			if v.toks[i].quoted || bareWord(v.toks[i].lower) != p.name {
				continue
			}
			var items []any
			k := i - 1
			plain := false // some item is no participle form
			for k >= 0 && listWord(v.toks[k], props, args) && !endsInAny(v.toks[k].raw, ";.!?:") {
				items = append(items, v.toks[k].text)
				plain = plain || !participleForm(v.toks[k])
				switch {
				case k >= 2 && (v.toks[k-1].lower == "and" || v.toks[k-1].lower == "or"):
					k -= 2 // with or without the Oxford comma: "a, b and c", "a, b, and c"
					continue
				case k >= 1 && strings.HasSuffix(v.toks[k-1].raw, ","):
					k--
					continue
				}
				k--
				break
			}
			if len(items) < 2 || !plain || k < 0 || !stopWords[v.toks[k].lower] || strings.HasSuffix(v.toks[k].raw, ",") {
				// Coordination joins like with like: a word in -ing or
				// -ed joined to a noun is a noun ("the public and billing
				// schemas"); joined only to its kind, it may describe
				// ("the failing and pending tests").
				continue
			}
			for a, b := 0, len(items)-1; a < b; a, b = a+1, b-1 {
				items[a], items[b] = items[b], items[a]
			}
			args[p.name] = items
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
			break
		}
	}
	return missing
}

// itemList fills a required array of objects ("files": [{path, content}],
// "issues": [{title, description, teamId}]) with one item per value of a
// list the task writes of the items' key member, the member each item
// requires that says which item it is: a path ("push README.md and
// docs/setup.md"), or a title or a name, written as quoted texts after a
// colon or a plural noun ("two issues: 'A' and 'B'"). A list is two
// values at least, joined by commas, "and" or "or" (coordination): one
// value is the single thing a tool of its own takes (create_issue,
// create_or_update_file), and a path alone says nothing of the file's
// content. The other members the task gives ("for team T") go to every
// item; a quoted text ("with description 'X'") only when the task
// distributes it ("both", "each", "all"), since it may belong to one item.
// It returns missing without the parameters it fills.
func itemList(props []argProp, v queryValues, query string, tctx *TaskContext, readOnly bool, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.typ != "array" || p.itemType != "object" || !p.required || len(p.nested) == 0 {
			continue
		}
		if cur, ok := args[p.name].([]any); ok && len(cur) > 1 {
			continue
		}
		items := itemPoints(p, v)
		if len(items) < 2 {
			items = itemPairs(p, v)
		}
		if len(items) < 2 {
			items = keyedItems(p, v, query, tctx, readOnly, args)
		}
		if len(items) > 1 {
			args[p.name] = items
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
		}
	}
	return missing
}

// keyedItems reads itemList's list of key values for p (paths or quoted
// titles), with the members given once; nil when there is none.
func keyedItems(p argProp, v queryValues, query string, tctx *TaskContext, readOnly bool, args map[string]any) []any {
	others := maps.Clone(args)
	delete(others, p.name)
	var key string
	var member func(qtok) bool
	for _, q := range p.nested {
		if !slices.Contains(p.members, q.name) || q.typ != "string" {
			continue
		}
		if strings.HasSuffix(q.lname, "path") {
			key = q.name
			member = func(t qtok) bool {
				return !t.quoted && (slices.Contains(v.relPaths, t.text) || slices.Contains(v.paths, t.text)) && !valueTaken(others, t.text)
			}
			break
		}
		if q.lname == "title" || q.lname == "name" {
			key = q.name
			member = func(t qtok) bool { return t.quoted && t.text != "" && !valueTaken(others, t.text) }
			break
		}
	}
	if key == "" {
		return nil
	}
	var list []int
	for i := range v.toks {
		if !member(v.toks[i]) {
			continue
		}
		if v.toks[i].quoted {
			// Quoted texts are the items only after a colon or a
			// plural noun ("issues 'A' and 'B'"): elsewhere a quoted
			// text is any member's value.
			if i == 0 || !strings.HasSuffix(v.toks[i-1].raw, ":") && !isPlural(bareWord(v.toks[i-1].lower)) {
				continue
			}
		}
		if list = coordination(v, i, nil, member); list != nil {
			break
		}
	}
	if list == nil {
		return nil
	}
	// The other members, read as one item's with the listed values left
	// out.
	nv := v
	nv.toks = slices.Clone(v.toks)
	for _, j := range list {
		nv.toks[j] = qtok{raw: v.toks[j].raw}
	}
	nv.quoted = slices.DeleteFunc(slices.Clone(v.quoted), func(s string) bool {
		return slices.ContainsFunc(list, func(j int) bool { return v.toks[j].quoted && v.toks[j].text == s })
	})
	sub, _ := fillArgs(p.nested, nv, query, tctx, readOnly)
	dropTaken(sub, others)
	delete(sub, key)
	distributive := slices.ContainsFunc(v.words, func(w string) bool { return w == "both" || w == "each" || w == "all" })
	for m, x := range sub {
		s, ok := x.(string)
		if !ok {
			continue
		}
		if slices.Contains(v.quoted, s) && !distributive || slices.ContainsFunc(list, func(j int) bool { return strings.Contains(s, v.toks[j].text) }) {
			// (A text that holds a listed value, as the list after a
			// colon does, is no member of every item.)
			delete(sub, m)
		}
	}
	items := make([]any, len(list))
	for k, j := range list {
		item := maps.Clone(sub)
		item[key] = v.toks[j].text
		items[k] = item
	}
	return items
}

// pairLinks are the words that join a thing to the value it gets: "uid
// 1_4 with jane@acme.dev", "uid 1_4 gets x", "uid 1_4 = x", "set a to b".
var pairLinks = setOf("with", "gets", "=", "to", "as", "is")

// itemPairs reads the items of an array of objects whose items require
// two members, one named by a single word the task writes before each
// item's identifier ("uid"), the other its value: "uid 1_14 with
// jane@acme.dev and uid 1_15 with hunter2", "uid 1_4 = a, uid 1_5 = b".
// Each pair is the noun, the identifier (with a digit: "1_14", "12"), a
// linking word (pairLinks, or a colon or '=' ending the identifier) and
// the value. It returns the items in order, or nil.
func itemPairs(p argProp, v queryValues) []any {
	if len(p.members) != 2 {
		return nil
	}
	var key, val string
	for _, q := range p.nested {
		if !slices.Contains(p.members, q.name) || q.typ != "string" && q.typ != "" {
			return nil
		}
		if ws := q.paramWords(); len(ws) == 1 && key == "" && isIDParam(q.lname) {
			key = q.name
		} else {
			val = q.name
		}
	}
	if key == "" || val == "" {
		return nil
	}
	kw := paramWords(key)[0]
	var items []any
	for i := 0; i+2 < len(v.toks); i++ {
		if v.toks[i].quoted || !anchors(v.toks[i], kw) || v.toks[i+1].quoted || !idLike(v.toks[i+1]) && !strings.ContainsAny(v.toks[i+1].text, "0123456789") {
			continue
		}
		j := i + 2
		if !endsInAny(v.toks[i+1].raw, ":=") {
			if !pairLinks[v.toks[j].lower] {
				continue
			}
			j++
		}
		if j >= len(v.toks) || v.toks[j].text == "" || !v.toks[j].quoted && anchors(v.toks[j], kw) {
			continue
		}
		items = append(items, map[string]any{key: v.toks[i+1].text, val: v.toks[j].text})
		i = j
	}
	return items
}

// itemPoints reads the items of an array of points, objects that require a
// latitude and a longitude ("locations": [{latitude, longitude}]): one item
// per point the task writes in decimal degrees (coordPairs), or nil.
func itemPoints(p argProp, v queryValues) []any {
	var lat, lon string
	for _, q := range p.nested {
		switch coordParam(q.lname) {
		case 1:
			lat = q.name
		case 2:
			lon = q.name
		}
	}
	if lat == "" || lon == "" || !slices.Contains(p.members, lat) || !slices.Contains(p.members, lon) {
		return nil
	}
	var items []any
	for _, pt := range coordPairs(v.query, -1) {
		items = append(items, map[string]any{lat: pt[0], lon: pt[1]})
	}
	return items
}
