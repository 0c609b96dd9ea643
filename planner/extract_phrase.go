package planner

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// Values given by the way a task is phrased: a quoted payload, "set X to
// Y", "from X to Y".

// quotedPayload gives the task's one quoted text that no parameter took to
// the one required string parameter still missing: "send 'exit()' to
// session 31" (input), "run `npm test` in a terminal" (command). Quoting is
// how people mark a literal value; with one value and one open slot there
// is one reading. It returns the parameters still missing.
func quotedPayload(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var open []argProp
	for _, p := range props {
		// A path, URL or id has a format of its own; free text is not one.
		if slices.Contains(missing, p.name) && (p.typ == "string" || p.typ == "") && len(p.enum) == 0 &&
			!hasAny(p.lname, "path", "file", "dir", "url", "uri") && !isIDParam(p.lname) {
			open = append(open, p)
		}
	}
	if len(open) > 1 {
		// Several open: a one-line payload is the item's headline, its
		// title or subject, rather than its longer description or body.
		heads := slices.DeleteFunc(slices.Clone(open), func(p argProp) bool { return p.lname != "title" && p.lname != "subject" })
		if len(heads) == 1 {
			open = heads
		}
	}
	quotedOnly := false
	if len(open) == 0 && len(v.quoted) == 1 {
		// No required text open: the one quoted text goes to the tool's
		// one optional text parameter of a text noun's name ("is there a
		// \"Sign in\" link?" for text, "accept the prompt with \"Jane\""
		// for promptText), when the tool has exactly one.
		r := quotedAnchors(props, v)[v.quoted[0]] // the parameter found to take it, if any
		for _, p := range props {
			if args[p.name] == nil && p.typ == "string" && len(p.enum) == 0 && (r == "" && (withValueParams[p.lname] || strings.HasSuffix(p.lname, "text")) || r == p.name) {
				if i := slices.IndexFunc(props, func(q argProp) bool { return args[q.name] == nil && narrowerNamed(p, q, v.words) }); i >= 0 {
					p = props[i] // "the text 'Saving...' is gone": textGone
				}
				open = append(open, p)
			}
		}
		quotedOnly = true
	}
	if len(open) != 1 {
		return missing
	}
	var free []string
	for i, t := range v.toks {
		// A quoted operand of an expression ("status = 'In Progress'") is
		// part of that expression, not a payload of its own.
		if t.quoted && !valueTaken(args, t.text) && (i == 0 || !strings.ContainsAny(v.toks[i-1].raw, "=<>~")) {
			free = append(free, t.text)
		}
	}
	if len(free) == 0 && !quotedOnly && len(v.quoted) == 0 {
		// No quotes: a payload introduced by a colon ("tell C0123 on
		// slack: build is green", "echo: ping pong") is one too. (A
		// colon inside a quoted text, "message 'docs: x'", is the
		// text's.)
		if pl, ok := trailingColonPayload(v.query); ok && !valueTaken(args, pl) {
			free = append(free, pl)
		}
	}
	if len(free) != 1 || strings.TrimSpace(free[0]) == "" {
		return missing
	}
	args[open[0].name] = free[0]
	return slices.DeleteFunc(missing, func(n string) bool { return n == open[0].name })
}

// colonPayloadList gives a required list of texts that is still open
// ("contents": "An array of observation contents to add") the task's
// colon payload as its one item, when no text parameter is open and the
// tool has just one such list ("add an observation to Marta: prefers
// async standups"). A list of names, ids, paths, URLs, labels or enum
// members is no free text; the colon reading is quotedPayload's.
func colonPayloadList(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var open []argProp
	for _, p := range props {
		if !slices.Contains(missing, p.name) {
			continue
		}
		if p.typ == "string" || p.typ == "" {
			return missing
		}
		if p.typ == "array" && p.itemType == "string" && len(p.itemEnum) == 0 &&
			!hasAny(p.lname, "path", "file", "dir", "url", "uri", "id", "name", "label", "tag", "key", "email") {
			open = append(open, p)
		}
	}
	if len(open) != 1 || slices.ContainsFunc(v.toks, func(t qtok) bool { return t.quoted }) {
		return missing
	}
	pl, ok := trailingColonPayload(v.query)
	if !ok || valueTaken(args, pl) {
		return missing
	}
	args[open[0].name] = []any{pl}
	return slices.DeleteFunc(missing, func(n string) bool { return n == open[0].name })
}

// valueTaken reports whether s is, or is an element of, a filled argument.
func valueTaken(args map[string]any, s string) bool {
	var in func(x any) bool
	in = func(x any) bool {
		switch x := x.(type) {
		case string:
			return x == s
		case []any:
			return slices.ContainsFunc(x, in)
		case map[string]any:
			for _, y := range x {
				if in(y) {
					return true
				}
			}
		}
		return false
	}
	for _, x := range args {
		if in(x) {
			return true
		}
	}
	return false
}

// lastWord returns the last space-separated word of s, lower-cased and
// trimmed of punctuation.
func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return bareWord(f[len(f)-1])
}

// firstWord returns the first space-separated word of s, lower-cased and
// trimmed of punctuation.
func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return bareWord(f[0])
}

// rankRefs orders the owner/repo references by the words before and after
// each (prev, next): a ref next to "branch" names a branch ("create branch
// feature/login", "the release/2.4 branch"), not a repository, and is
// dropped; when there are several, those after a word of place ("in
// acme/web", "of", "repo", GitLab's "project") come first, then those
// after "on", and those
// after a word of branch movement ("from feature/x", "into", "onto",
// "off") or the object of "push" (what is pushed is a branch: "pushed
// fix/x to acme/api") last.
func rankRefs(refs []repoRef, prev, next []string) []repoRef {
	rank := func(w string) int {
		switch w {
		case "in", "of", "at", "for", "repo", "repository", "project":
			return 0
		case "on":
			// "commits on release/3.2 in acme/web": work is on a branch
			// and in a repository, so of two references the one after
			// "in" is the repository; "on" alone still names one ("open
			// an issue on acme/api").
			return 1
		case "from", "into", "onto", "off", "push", "pushed", "pushing":
			return 2
		}
		return 1
	}
	type rr struct {
		r repoRef
		k int
	}
	var out []rr
	for i, r := range refs {
		if anchors(qtok{lower: prev[i]}, "branch") || anchors(qtok{lower: next[i]}, "branch") {
			// A branch's name after the noun, in either number and
			// misspelt or not ("a branhc hotfix/token-refresh"): no
			// repository.
			continue
		}
		r.moved = rank(prev[i]) == 2
		out = append(out, rr{r, rank(prev[i])})
	}
	slices.SortStableFunc(out, func(a, b rr) int { return a.k - b.k })
	refs = refs[:0]
	for _, x := range out {
		refs = append(refs, x.r)
	}
	return refs
}

// negatedName reports whether a word of a flag's name comes right after a
// negation ("do not accept", "don't overwrite", "never follow").
func negatedName(name string, toks []qtok) bool {
	var words []string
	splitWords(name, func(w string) {
		if t := normalizeWord(w); t != "" {
			words = append(words, t)
		}
	})
	for i := 1; i < len(toks); i++ {
		if !slices.Contains(words, stem(toks[i].lower)) {
			continue
		}
		for k := max(0, i-2); k < i; k++ {
			switch toks[k].lower {
			case "not", "don't", "dont", "never", "no", "without", "doesn't", "doesnt", "shouldn't":
				return true
			}
		}
	}
	return false
}

// describedExample finds a task word that the parameter's description
// quotes as an example value: descriptions list the usual values ("The tag
// key to get values for (e.g., 'url', 'browser')"), and a task naming one
// of them ("which browsers are affected") means that value. Words compare
// by stem, other examples ("Control+A") exactly. Of the task's words, the
// first that accept takes (every one when accept is nil).
func describedExample(p argProp, v queryValues, used map[int]bool, accept func(int) bool) (int, bool) {
	exs := p.examples()
	for i, t := range v.toks {
		if used[i] || t.quoted || stopWords[t.lower] {
			continue
		}
		for _, e := range exs {
			le := strings.ToLower(e)
			if (t.lower == le || allLetters(le) && len(le) > 2 && stem(t.lower) == stem(le)) && (accept == nil || accept(i)) {
				return i, true
			}
		}
	}
	if !strings.Contains(p.desc, "etc") {
		return 0, false
	}
	for _, e := range etcExamples(p.desc) {
		for i, t := range v.toks {
			if !used[i] && !t.quoted && amountShape(t.lower) != "" && amountShape(t.lower) == amountShape(strings.ToLower(e)) && (accept == nil || accept(i)) {
				// "over the last 48h" for a period listed as "1h, 24h,
				// 7d, ... etc.": the same unit after the digits.
				return i, true
			}
		}
	}
	return 0, false
}

// etcExamples returns the items of an unquoted list that a description
// closes with "etc." ("Initial time period hint: 1h, 24h, 7d, 14d, 30d,
// etc."): the comma-separated words between the last ':' or '(' before
// "etc" and it. English ends a list of examples that way.
func etcExamples(desc string) []string {
	i := strings.Index(desc, ", etc")
	if i < 0 {
		return nil
	}
	list := desc[:i]
	if j := strings.LastIndexAny(list, ":("); j >= 0 {
		list = list[j+1:]
	}
	var out []string
	for item := range strings.SplitSeq(list, ",") {
		if item = strings.TrimSpace(item); item != "" && !strings.Contains(item, " ") {
			out = append(out, item)
		}
	}
	return out
}

// amountShape returns the unit of a token written as digits followed by
// letters ("24h" -> "h", "7d" -> "d"), or "".
func amountShape(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if i == 0 || i == len(w) || !allLetters(w[i:]) {
		return ""
	}
	return w[i:]
}

// exampleValue is the example as the description writes it.
func exampleValue(p argProp, t qtok) string {
	for _, e := range p.examples() {
		if le := strings.ToLower(e); t.lower == le || stem(t.lower) == stem(le) {
			return e
		}
	}
	return t.text
}

// descExamples are the quoted values a description gives as examples:
// those after a cue that introduces examples ("e.g.", "for example", "such
// as") in the same sentence. Other quoted words name other things (a
// table, a tool, a field) and are not values for the parameter.
func descExamples(desc string) []string {
	if !strings.ContainsAny(desc, "'\"`") || !strings.Contains(desc, "xample") && !strings.Contains(desc, ".g") && !strings.Contains(desc, "g.") && !strings.Contains(desc, "uch as") && !strings.Contains(desc, "nstance") {
		return nil // no quoted text, or no cue ("e.g.", "example", "such as", "instance")
	}
	var out []string
	ld := strings.ToLower(desc)
	for _, cue := range []string{"e.g.", "e.g ", "eg.", "for example", "for instance", "such as", "examples:", "example:"} {
		for at := 0; ; {
			i := strings.Index(ld[at:], cue)
			if i < 0 {
				break
			}
			start := at + i + len(cue)
			end := len(desc)
			if j := strings.Index(desc[start:], ". "); j >= 0 {
				end = start + j
			}
			if j := strings.IndexByte(desc[start:], ')'); j >= 0 && start+j < end {
				end = start + j
			}
			for _, m := range reQuotedExample().FindAllStringSubmatch(desc[start:end], -1) {
				if !slices.Contains(out, m[1]) {
					out = append(out, m[1])
				}
			}
			at = start
		}
	}
	return out
}

// examples returns paramExamples(p), kept from when its description was
// read (describeProp: every parameter of a tool's schema); a parameter made
// up without one is read now.
func (p *argProp) examples() []string {
	if p.descTerms != nil {
		return p.exs
	}
	return paramExamples(*p)
}

// paramExamples are the values p's description gives: its examples
// (descExamples) and, for a parameter that is no search, the literals it
// offers after "or" (orLiterals). A search's description quotes searches
// to judge them ("Bad (too vague): 'auth' or 'hooks'"), not values.
func paramExamples(p argProp) []string {
	exs := descExamples(p.desc)
	if !isSearchParam(p.lname) && strings.Contains(p.desc, "or ") {
		exs = append(exs, orLiterals(p.desc)...)
	}
	return exs
}

// orLiterals returns the quoted words written right after "or " in a
// description: "Use the id returned by one of the connect tools, or
// \"preconfigured\" to use the connection string the server was
// configured with". English offers an alternative with "or", and a literal
// in quotes offered as the alternative to what the parameter takes is a
// value it takes.
func orLiterals(desc string) []string {
	var out []string
	for at := 0; ; {
		i := strings.Index(desc[at:], "or ")
		if i < 0 {
			return out
		}
		start := at + i + len("or ")
		at = start
		if i > 0 && isLetterByte(desc[at-len("or ")-1]) {
			continue // "for ", "color ": not the word "or"
		}
		if m := reQuotedExample().FindStringSubmatchIndex(desc[start:]); m != nil && m[0] == 0 && !slices.Contains(out, desc[start+m[2]:start+m[3]]) {
			out = append(out, desc[start+m[2]:start+m[3]])
		}
	}
}

// settingNouns are the words people put around the name of what they set
// ("set the defaultShell setting to zsh", "set config key x to y").
var settingNouns = setOf("setting", "settings", "option", "config", "configuration", "key", "value", "variable", "parameter", "preference", "field", "property")

// typingVerbs put text into a field: the direct object is the text
// ("type jane@acme.io into the email box", "enter hunter2 in the password
// field").
var typingVerbs = setOf("type", "enter", "input", "paste")

// typedInto reads "type <text> into <field>" (also "enter", "input",
// "paste", and "in" for "into") for a tool with an open string parameter
// named value or text: the words between the verb and the preposition,
// one to four of them, none a function word or a quotation (what English
// writes as the direct object of typing is the text typed; a quotation is
// read as such elsewhere, and an article starts a description of the
// text, "type the password", not the text). It returns the parameters
// still missing.
func typedInto(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	p := openStringParam(props, args, "value", "text")
	if p == nil {
		return missing
	}
	for i, t := range v.toks {
		if t.quoted || !typingVerbs[t.lower] {
			continue
		}
		end := -1
		for k := i + 1; k < len(v.toks) && k <= i+5; k++ {
			w := v.toks[k]
			if !w.quoted && (w.lower == "into" || w.lower == "in") {
				end = k
				break
			}
			if w.quoted || stopWords[w.lower] || endsInAny(w.raw, ",;:!?") {
				break
			}
		}
		if end <= i+1 {
			continue
		}
		words := make([]string, 0, end-i-1)
		for _, w := range v.toks[i+1 : end] {
			words = append(words, w.text)
		}
		args[p.name] = strings.Join(words, " ")
		return slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
	}
	return missing
}

// pressedKey reads "press Ctrl+K", "hit Escape" for a tool's open key
// parameter (a string named key, or named for its use and described as a
// key to press): the object of a verb of pressing is
// the key (keyOf), or one character. (A required key parameter described
// as one to press takes a key named anywhere in the task, in fillArgs.)
func pressedKey(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	p := openStringParam(props, args, "key")
	for i := range props {
		if q := &props[i]; p == nil && q.typ == "string" && args[q.name] == nil && strings.HasSuffix(q.lname, "key") && q.descTerms[normalizeWord("press")] {
			// A key named for its use ("submitKey": "Optional key to
			// press after typing").
			p = q
		}
	}
	if p == nil {
		return missing
	}
	for i := range v.toks {
		if key := keyPressedAt(v.toks, i); key != "" {
			args[p.name] = key
			return slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
		}
	}
	for _, t := range v.toks {
		// A chord of keys is pressed whatever the verb ("send
		// Control+Shift+R to page 4"; keyChord).
		if w := strings.TrimRight(t.text, ".,;:!?)"); !t.quoted && keyChord(w) {
			if key := keyOf(w); key != "" {
				w = key
			}
			args[p.name] = w
			return slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
		}
	}
	return missing
}

// keyPressedAt returns the key a verb of pressing at toks[i] presses (its
// object: a named key or combination, keyOf, a quoted text, or one
// character, after an optional "the"), or "".
func keyPressedAt(toks []qtok, i int) string {
	if t := toks[i]; t.quoted || !pressVerbs[t.lower] && t.lower != "pressing" {
		return ""
	}
	k := i + 1
	if k < len(toks) && toks[k].lower == "the" {
		k++
	}
	if k >= len(toks) {
		return ""
	}
	if toks[k].quoted {
		return toks[k].text
	}
	w := strings.TrimRight(toks[k].text, ".,;:!?")
	if key := keyOf(w); key != "" || len(w) != 1 {
		return key
	}
	return w
}

// keyOf returns the key w names, as the UI Events KeyboardEvent key
// values spell it: a named key (keyNames, rank_query.go: "esc" is
// Escape) or a combination joined with "+" whose named parts are spelled
// so ("ctrl+k" is Control+k); "" when w names none.
func keyOf(w string) string {
	if k := keyNames[strings.ToLower(w)]; k != "" {
		return k
	}
	if !strings.Contains(w, "+") || len(w) <= 2 {
		return ""
	}
	parts := strings.Split(w, "+")
	named := false
	for j, part := range parts {
		if k := keyNames[strings.ToLower(part)]; k != "" {
			parts[j], named = k, true
		}
	}
	if !named {
		return ""
	}
	return strings.Join(parts, "+")
}

// openStringParam returns the first string parameter with one of the
// given (lower-cased) names that no argument fills yet, or nil.
func openStringParam(props []argProp, args map[string]any, names ...string) *argProp {
	for i := range props {
		if props[i].typ == "string" && args[props[i].name] == nil && slices.Contains(names, props[i].lname) {
			return &props[i]
		}
	}
	return nil
}

// switchValue reports whether toks[i] is "on" or "off" as the value a
// setting is switched to ("set the flag to on, ..."): the word ends the
// clause (the task ends, punctuation follows, or "with"/"and" starts the
// next part), so it is no preposition ("to on the page").
func switchValue(toks []qtok, i int) bool {
	if w := bareWord(toks[i].lower); w != "on" && w != "off" {
		return false
	}
	if i+1 >= len(toks) || endsInAny(toks[i].raw, ",;.!?") {
		return true
	}
	next := toks[i+1].lower
	return next == "with" || next == "and"
}

// setToValue reads "set <key> to <value>" (also change/update/switch)
// for a tool with a "value" parameter and, when its key parameter is still
// open, a key: the one word between the verb and "to" that is not an
// article or a noun such as "setting". It returns the parameters still
// missing.
func setToValue(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var valP, keyP *argProp
	for i := range props {
		switch props[i].lname {
		case "value", "newvalue":
			valP = &props[i]
		case "key", "name", "setting", "option", "field", "variable":
			keyP = &props[i]
		}
	}
	if valP == nil || keyP == nil {
		return missing
	}
	for i, t := range v.toks {
		switch t.lower {
		case "set", "change", "update", "switch":
		default:
			continue
		}
		to := slices.IndexFunc(v.toks[i+1:], func(t qtok) bool { return t.lower == "to" && !t.quoted })
		if to < 0 {
			return missing
		}
		to += i + 1
		var jsonVal any // "set allowedDirectories to ["/a", "/b"]": a JSON value after "to"
		for _, sn := range v.json {
			if strings.Contains(v.query, "to "+string(sn)) && json.Unmarshal(sn, &jsonVal) == nil {
				break
			}
		}
		if to+1 >= len(v.toks) && jsonVal == nil {
			return missing
		}
		if x, ok := args[valP.name].(string); args[valP.name] != nil && (!ok || !slices.ContainsFunc(v.toks[i+1:to], func(t qtok) bool { return t.text == x })) {
			// A value read otherwise stays, unless it is the key this
			// phrase names ("set config value X to 500": X is the key).
			return missing
		}
		val := qtok{quoted: true}
		if jsonVal == nil {
			val = v.toks[to+1]
		}
		if !val.quoted && (stopWords[val.lower] && !switchValue(v.toks, to+1) || val.text == "") {
			return missing
		}
		delete(args, valP.name)
		if k, ok := args[keyP.name].(string); ok && jsonVal == nil && k == val.text {
			// One token is not both the key and its value: the earlier
			// reading gave the key what "to" introduces.
			delete(args, keyP.name)
		}
		if args[keyP.name] == nil {
			var keys []string
			for _, k := range v.toks[i+1 : to] {
				if k.quoted || !stopWords[k.lower] && !settingNouns[k.lower] {
					keys = append(keys, k.text)
				}
			}
			if len(keys) > 1 {
				// "set the desktop commander config fileReadLineLimit to
				// 2000": of several words, the one written as an
				// identifier (camelCase, snake_case, dotted) is the key;
				// the others are English (the product's name).
				keys = slices.DeleteFunc(keys, func(k string) bool { return !identifierWord(k) })
			}
			if len(keys) != 1 {
				return missing
			}
			args[keyP.name] = keys[0]
		}
		if jsonVal != nil {
			args[valP.name] = jsonVal
			return slices.DeleteFunc(missing, func(n string) bool { return n == keyP.name || n == valP.name })
		}
		args[valP.name] = val.text
		return slices.DeleteFunc(missing, func(n string) bool { return n == keyP.name || n == valP.name })
	}
	return missing
}

// settingNumber reads a setting named as code and a number for a
// key/value tool (a "key" and a "value", both open), when no "set X to Y"
// phrase gave them: "cap file reads at 2000 lines (fileReadLineLimit)".
// A setting's name is written as an identifier, camelCase or snake_case,
// never as English, so the task's one such word is the key; the task's
// one number is the value (as text for a value typed only as text). A dotted word is a host, a file or a
// database.collection, not taken; a word of a key=value pair is that
// pair's. It returns the parameters still missing.
func settingNumber(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var valP, keyP *argProp
	for i := range props {
		switch props[i].lname {
		case "value":
			valP = &props[i]
		case "key":
			keyP = &props[i]
		}
	}
	if valP == nil || keyP == nil || args[valP.name] != nil || args[keyP.name] != nil || len(v.numbers) != 1 || len(v.pairs) > 0 ||
		valP.typ != "" && valP.typ != "number" && valP.typ != "integer" && valP.typ != "string" {
		return missing
	}
	key := ""
	for _, t := range v.toks {
		if t.quoted || strings.Contains(t.text, ".") || !identifierWord(t.text) {
			continue
		}
		if key != "" {
			return missing
		}
		key = t.text
	}
	if key == "" {
		return missing
	}
	args[keyP.name] = key
	if valP.typ == "string" && !valP.orNumber {
		// A value typed as text keeps the number as written.
		args[valP.name] = strconv.FormatFloat(v.numbers[0].value, 'f', -1, 64)
	} else {
		args[valP.name] = jsonNumber(v.numbers[0], valP.typ)
	}
	return slices.DeleteFunc(missing, func(n string) bool { return n == keyP.name || n == valP.name })
}

// fromToRange reads "from X to Y" for a tool with a pair of parameters for
// the two ends (origin/destination, source/target, start/end, from/to),
// both still open: "directions from Boston to New York" (a list of ends,
// as a distance matrix takes them, gets one each). Each end runs to
// the next function word or punctuation, at most four words. It returns
// the parameters still missing.
func fromToRange(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var startP, endP *argProp
	for i := range props {
		p := &props[i]
		if p.typ != "string" && (p.typ != "array" || p.itemType != "string") {
			continue
		}
		switch {
		case startP == nil && args[p.name] == nil && (hasAny(p.lname, "origin", "source", "start", "begin", "since") || p.lname == "from"):
			startP = p
		case endP == nil && (hasAny(p.lname, "destination", "target", "until") || p.lname == "to" || p.lname == "end" || strings.HasPrefix(p.lname, "end")):
			// The end may already hold what "to" anchors ("to Potsdam");
			// the start is still open.
			endP = p
		}
	}
	if startP == nil || endP == nil {
		return missing
	}
	run := func(i int) (string, int) {
		var ws []string
		if i < len(v.toks) && !v.toks[i].quoted && articles[v.toks[i].lower] {
			// "from the Louvre to the Eiffel Tower": English puts an
			// article before many names of places; it is no part of
			// the end.
			i++
		}
		for ; i < len(v.toks) && len(ws) < 4; i++ {
			t := v.toks[i]
			if !t.quoted && stopWords[t.lower] {
				break
			}
			ws = append(ws, t.text)
			if t.quoted || endsInAny(t.raw, ",;.!?") {
				i++
				break
			}
		}
		return strings.Join(ws, " "), i
	}
	if startP.typ == "array" && endP.typ == "array" {
		// A matrix of ends: every "from" and "to" of the task, and names
		// coordinated after one ("from Porto and from Braga to Lisbon",
		// "to Hamburg and Munich").
		if starts, ends := journeyEnds(v, run); len(starts) > 0 && len(ends) > 0 && len(starts)+len(ends) > 2 {
			args[startP.name], args[endP.name] = starts, ends
			return slices.DeleteFunc(missing, func(n string) bool { return n == startP.name || n == endP.name })
		}
	}
	for i, t := range v.toks {
		if t.lower != "from" || t.quoted {
			continue
		}
		a, j := run(i + 1)
		comma := a != "" && j > 0 && endsInAny(v.toks[j-1].raw, ",")
		if in := a != "" && !comma && j+1 < len(v.toks) && v.toks[j].lower == "in" && !v.toks[j].quoted; comma || in {
			// "from Union Square, San Francisco to ...", "from the Ferry
			// Building in San Francisco to ...": a place written the way
			// addresses are, the wider place after a comma, or located in
			// it with "in", in words written as names; the end runs on to
			// "to".
			at := j
			if in {
				at++
			}
			k := at
			for k < len(v.toks) && k < at+3 && !v.toks[k].quoted && titleCase(v.toks[k].text) && !endsInAny(v.toks[k].raw, ",;.!?") {
				k++
			}
			if k > at && k < len(v.toks) && v.toks[k].lower == "to" {
				if comma {
					a = strings.TrimSuffix(a, ",") + ","
				}
				for _, t := range v.toks[j:k] {
					a += " " + t.text
				}
				j = k
			}
		}
		if a == "" || j >= len(v.toks) || v.toks[j].lower != "to" {
			continue
		}
		b, _ := run(j + 1)
		if b == "" || args[endP.name] != nil && !firstWordsOf(args[endP.name], b) {
			continue
		}
		args[startP.name], args[endP.name] = endValue(startP, a), endValue(endP, b)
		return slices.DeleteFunc(missing, func(n string) bool { return n == startP.name || n == endP.name })
	}
	return missing
}

// journeyEnds reads the ends of journeys a task writes as names, as
// placeEnds counts them: each that journeyEnd opens, and the names
// joined to one by "and" ("from Berlin and Hamburg") or in a series. An
// end written the way addresses are, the wider place after a comma
// ("Kreuzberg, Berlin"), keeps it. run reads an end from a token on.
func journeyEnds(v queryValues, run func(i int) (string, int)) (starts, ends []any) {
	word := func(i int) (string, bool) { return v.toks[i].raw, v.toks[i].quoted }
	for i := 0; i+1 < len(v.toks); i++ {
		t := v.toks[i]
		if !journeyEnd(word, len(v.toks), i) {
			continue
		}
		for j := i + 1; j < len(v.toks) && placeAfter(word, len(v.toks), j); {
			k := j
			if articles[v.toks[k].lower] {
				k++
			}
			end, next := run(j)
			if k > j && titleCase(v.toks[j].text) {
				end = v.toks[j].text + " " + end // "The Hague": an article written as part of the name
			}
			if next > j && endsInAny(v.toks[next-1].raw, ",") && !seriesAfter(v.toks, next) {
				// The wider place: names, or a state's or country's code
				// ("Austin, TX"), up to the next word that is none.
				end = strings.TrimRight(end, ",") + ","
				at := next
				for next < len(v.toks) && next < at+3 && !v.toks[next].quoted && (nameCase(v.toks[next].text) || isCode(v.toks[next].text)) {
					end += " " + v.toks[next].text
					next++
					if endsInAny(v.toks[next-1].raw, ",;.!?") {
						break
					}
				}
			}
			// "the Berlin and Hamburg warehouses": the common noun after
			// the names is the head they share, no part of one.
			ws := strings.Fields(end)
			for len(ws) > 1 && !nameCase(ws[len(ws)-1]) && !isCode(ws[len(ws)-1]) {
				ws = ws[:len(ws)-1]
			}
			end = strings.TrimRight(strings.Join(ws, " "), ",;.!?")
			if t.lower == "from" {
				starts = append(starts, end)
			} else {
				ends = append(ends, end)
			}
			switch {
			case next+1 < len(v.toks) && v.toks[next].lower == "and":
				j = next + 1 // "... and Munich"; "and to Munich" is read at its "to"
			case next > j && next < len(v.toks) && endsInAny(v.toks[next-1].raw, ","):
				j = next // "Leipzig, Dresden and Hanover": a series
			default:
				j = len(v.toks)
			}
		}
	}
	return starts, ends
}

// seriesAfter reports whether the names from toks[i] on close a series
// ("Leipzig, Dresden and Hanover": names, then "and" and a name), where
// a comma parts members; otherwise the name after a comma is the wider
// place ("Kreuzberg, Berlin").
func seriesAfter(toks []qtok, i int) bool {
	for ; i+1 < len(toks) && !toks[i].quoted && titleCase(toks[i].text); i++ {
		if endsInAny(toks[i].raw, ";.!?") {
			return false
		}
	}
	return i+1 < len(toks) && toks[i].lower == "and" && titleCase(toks[i+1].text)
}

// articles are English's articles.
var articles = setOf("the", "a", "an")

// firstWordsOf reports whether value x, which a reading gave the end
// parameter, is end b itself or its first words: "to" anchors one word
// ("to Potsdamer"), and the end runs on over the rest of the name
// ("Potsdamer Platz"), which is then the value.
func firstWordsOf(x any, b string) bool {
	if a, ok := x.([]any); ok && len(a) == 1 {
		x = a[0]
	}
	s, ok := x.(string)
	return ok && (s == b || strings.HasPrefix(b, s+" "))
}

// endValue is end s as parameter p takes it: a list of one for a list of
// ends (a distance matrix's origins and destinations).
func endValue(p *argProp, s string) any {
	if p.typ == "array" {
		return []any{s}
	}
	return s
}

// sameDatabaseName: with the database and collection read from a dotted
// namespace ("app.old"), a new name written in the same notation
// ("app.new") names the collection in that database, so the new-name
// parameter takes the collection part.
func sameDatabaseName(props []argProp, v queryValues, args map[string]any) {
	db := v.dotted[0][0]
	for _, p := range props {
		s, ok := args[p.name].(string)
		if ok && strings.HasPrefix(p.lname, "new") && strings.HasPrefix(s, db+".") && len(s) > len(db)+1 {
			args[p.name] = s[len(db)+1:]
		}
	}
}

// reColonKey finds "key: " in a task, a word introducing what follows it.
var reColonKey = lazyregexp.New(`(?:^|\s)([A-Za-z][A-Za-z0-9_.-]*):\s+`)

// colonPayload returns the text a task introduces with "key:" ("run JQL:
// project = PAY AND status = 'In Progress'", "message: deploy finished,
// all green"): everything up to the next "key:" or the end, as written
// (quotes kept, they may belong to the payload's own syntax), without
// trailing sentence punctuation. found is false for a one-word value,
// which the key=value reading already gives.
func colonPayload(query, key string) (string, bool) {
	ms := reColonKey().FindAllStringSubmatchIndex(query, -1)
	for i, m := range ms {
		if query[m[2]:m[3]] != key {
			continue
		}
		end := len(query)
		if i+1 < len(ms) {
			end = ms[i+1][0]
		}
		pl := strings.TrimRight(strings.TrimSpace(query[m[1]:end]), ",;.!?")
		if len(strings.Fields(pl)) < 2 {
			return "", false
		}
		return pl, true
	}
	return "", false
}

// trailingColonPayload returns the text after the last ": " of a task that
// does not end a URL scheme or a time ("tell C0123 on slack: build is
// green" -> "build is green"), when it has two words or more.
func trailingColonPayload(q string) (string, bool) {
	i := strings.LastIndex(q, ": ")
	if i <= 0 {
		return "", false
	}
	pl := strings.TrimRight(strings.TrimSpace(q[i+2:]), ".!?")
	if len(strings.Fields(pl)) < 2 || strings.Contains(pl, ": ") {
		return "", false
	}
	return pl, true
}

// operands gives a tool whose required parameters are all numbers with
// names that say nothing (a, b; x, y: operands) the task's numbers in the
// order written, when the task has exactly as many numbers left ("what is
// 17 plus 25", "sum of three and four"). It returns the parameters still
// missing.
func operands(props []argProp, v queryValues, args map[string]any, used map[int]bool, missing []string) []string {
	var ops []argProp
	for _, p := range props {
		if !p.required {
			continue
		}
		if p.typ != "integer" && p.typ != "number" || len(p.lname) > 2 || args[p.name] != nil {
			return missing
		}
		ops = append(ops, p)
	}
	var nums []int
	for i := range v.numbers {
		if !used[i] {
			nums = append(nums, i)
		}
	}
	if len(ops) < 2 || len(nums) != len(ops) {
		return missing
	}
	for k, p := range ops {
		used[nums[k]] = true
		args[p.name] = jsonNumber(v.numbers[nums[k]], p.typ)
	}
	return slices.DeleteFunc(missing, func(n string) bool { return slices.ContainsFunc(ops, func(p argProp) bool { return p.name == n }) })
}

// namingCues introduce a free-text value without quotes: "an issue titled
// Crash on startup", "a repo named docs-site", "a message saying deploy is
// done".
var namingCues = map[string][]string{
	"title":   {"titled", "called", "named"},
	"name":    {"named", "called"},
	"message": {"saying", "says", "reading"},
	"text":    {"saying", "says", "reading"},
	"body":    {"saying", "says", "reading"},
	"comment": {"saying", "says", "reading"},
	"content": {"saying", "says", "reading", "containing"},
}

// focusAdverbs are English's restrictive focusing adverbs, which limit
// what follows to itself ("containing just 22", "only the header").
var focusAdverbs = setOf("just", "only", "simply", "exactly", "merely")

// textNouns are nouns whose value is a phrase of free text, not an
// identifier: written right after the noun ("on the topic quantum error
// correction", "with the description Faster builds for CI"), the text runs
// to a clause boundary like after "titled".
var textNouns = setOf("topic", "subject", "prompt", "question", "instructions", "description", "summary", "note")

// withVerbs are the verbs whose "with" introduces what they put in ("fill
// X with Y", "reply with Y", "answer with Y"), and withValueParams the
// parameters that take it.
var (
	withVerbs       = setOf("fill", "reply", "respond", "answer", "populate", "prefill")
	withValueParams = setOf("value", "text", "message", "body", "content", "comment")
)

// firstVerb returns the first word of a request after its framing words
// ("please", "can you"), lower-cased.
func firstVerb(toks []qtok) string {
	for _, t := range toks {
		if t.quoted {
			return ""
		}
		if !requestFrame[t.lower] {
			return t.lower
		}
	}
	return ""
}

// sayingCue are the cues that introduce a message's words.
var sayingCue = setOf("saying", "says", "reading")

// cuedText reads the unquoted text after a naming cue for a text
// parameter ("titled Crash on startup in acme/web" -> "Crash on startup").
// The text runs to a clause boundary: punctuation, "via"/"using"/"with", or
// a preposition followed by a value of another kind (an owner/repo, a path,
// an id, a number) or by a word naming another of the tool's parameters
// ("titled Login broken for team abc123": teamId). It returns the first
// token index and the text.
func cuedText(p argProp, props []argProp, v queryValues, used map[int]bool) (int, string, bool) {
	cues := namingCues[p.lname]
	if textNouns[p.lname] {
		cues = append(slices.Clip(cues), p.lname)
	}
	if withValueParams[p.lname] && withVerbs[firstVerb(v.toks)] {
		// "fill the email field with a@b.co", "reply with thanks all":
		// these verbs take what they put in after "with".
		cues = append(slices.Clip(cues), "with")
	}
	if isSearchParam(p.lname) {
		// "a page about onboarding", "repos about rust async runtimes":
		// the subject of what is sought is the text to search for; so is
		// what it mentions ("issues mentioning webhook retries": English's
		// verb of referring to a thing by name).
		cues = append(slices.Clip(cues), "about", "mentioning", "mention", "mentions") // subjectCue
	}
	if (p.lname == "topic" || p.lname == "subject") && len(p.enum) == 0 {
		// "a research query on solar panels", "a report about X": English
		// gives a topic after "on" or "about".
		cues = append(slices.Clip(cues), "about", "on")
	}
	depicts := p.lname == "prompt" && p.desc != ""
	if len(cues) == 0 && !depicts {
		return 0, "", false
	}
	for i := 0; i+1 < len(v.toks); i++ {
		start, told := i+1, -1
		if depicts && v.toks[i].lower == "of" && i > 0 && p.descTerms[normalizeWord(v.toks[i-1].lower)] {
			// "four images of a lighthouse at dusk" for a prompt
			// described as "Text description of desired image": the
			// "of" phrase after the thing made names what it shows.
			if ws := ofPhrase(v.toks, i+1, used); ws != "" {
				return i + 1, ws, true
			}
		}
		if slices.Contains(cues, "saying") {
			// "letting folks know the deploy is done", "telling the team
			// that ...": the words told, after whom they are told to.
			told = toldAt(v.toks, i)
		}
		if told > 0 {
			start = told
		} else if v.toks[i].quoted || !slices.Contains(cues, v.toks[i].lower) && !(slices.Contains(cues, "called") && namingPronoun(v.toks, i)) {
			continue
		}
		if start >= len(v.toks) {
			continue // "let 0 know": the words told would come after the task's end
		}
		if focusAdverbs[v.toks[start].lower] && start+1 < len(v.toks) && v.toks[i].lower == "containing" {
			start++ // "containing just 22": the adverb says the content is all there is
		}
		// After "saying" (and the "with" of "reply with") comes a
		// clause, which may open with any word ("saying the build is
		// green"); after "titled" a name does not ("called the ...").
		if used[start] || v.toks[start].quoted || stopWords[v.toks[start].lower] && !sayingCue[v.toks[i].lower] && v.toks[i].lower != "with" && told < 0 {
			continue
		}
		if v.toks[i].lower == "on" && (otherValue(v.toks[start]) || namesOtherParam(v.toks[start], p, props) || productWord(v.toks[start])) {
			continue // "on page 2", "on GitHub": a place, not a topic
		}
		var ws []string
		for k := start; k < len(v.toks) && len(ws) < 12; k++ {
			t := v.toks[k]
			if t.quoted || used[k] {
				break
			}
			if k > start && (t.lower == "via" || t.lower == "using" || t.lower == "with") {
				break
			}
			if k > start && subjectCue[v.toks[i].lower] && (isPreposition(t.lower) || objectEnd[t.lower]) {
				break // a subject is a noun phrase: "about onboarding in notion"
			}
			if k > start && k+1 < len(v.toks) && isPreposition(t.lower) && (otherValue(v.toks[k+1]) || k+2 == len(v.toks) && !isEnglish(v.toks[k+1].lower)) {
				// "... in acme/web", "... on github": a value of its own or
				// a last word no dictionary knows (a product) ends it.
				break
			}
			if k > start && k+2 < len(v.toks) && isPreposition(t.lower) && namesOtherParam(v.toks[k+1], p, props) && valueLike(v.toks[k+2]) {
				// "... for team abc123", "... in project web-2": the
				// next words give another parameter its value.
				break
			}
			if p.lname == "name" && k > start && !titleCase(t.text) {
				break // a name of several words is written in capitals ("Jane Doe")
			}
			if strings.HasSuffix(t.raw, ":") && k+1 < len(v.toks) && !v.toks[k+1].quoted && !used[k+1] {
				// "with this comment: fixed in 2.3", "saying the
				// following: ...": a colon announces the text, and the
				// words before it only introduce it; the text runs to
				// the end, as a colon payload does (colonPayload).
				var rest []string
				for _, u := range v.toks[k+1:] {
					rest = append(rest, u.raw)
				}
				return k + 1, strings.TrimRight(strings.Join(rest, " "), ".!?"), true
			}
			ws = append(ws, t.text)
			if endsInAny(t.raw, ",;.!?") {
				break
			}
		}
		if len(ws) > 0 {
			return start, strings.Join(ws, " "), true
		}
	}
	return 0, "", false
}

func isPreposition(w string) bool {
	switch w {
	case "in", "on", "to", "for", "at", "from", "into", "onto", "of", "under":
		return true
	}
	return false
}

// otherValue reports whether a token is a value of its own kind: an
// owner/repo or path, a URL, an id, a number, an email.
func otherValue(t qtok) bool {
	return !t.quoted && (strings.ContainsAny(t.text, "/@") || idLike(t) || hasDigit(t.text) || strings.Contains(t.text, "://"))
}

// namesOtherParam reports whether token t is the anchor word of a
// parameter of props other than p ("team" of teamId).
func namesOtherParam(t qtok, p argProp, props []argProp) bool {
	for _, q := range props {
		if q.name == p.name {
			continue
		}
		if ws := q.paramWords(); len(ws) > 0 && anchors(t, ws[len(ws)-1]) {
			return true
		}
	}
	return false
}

// toldAt reads a verb of telling at token i with whom it tells, and
// returns the index of the first word told, or -1: "letting X know (that)
// Y", "let X know (that) Y", "telling X (that) Y", "informing X that Y",
// "notifying X that Y" (X one to three words). Without "that", "tell" and
// "inform" need it less than "know": "telling the team the build is red".
//
// Told to the user ("let me know what it says", "tell us that ..."), the
// words are what the assistant is to report, not a message to send.
func toldAt(toks []qtok, i int) int {
	if toks[i].quoted || i+1 >= len(toks) || toks[i+1].lower == "me" || toks[i+1].lower == "us" {
		return -1
	}
	w := toks[i].lower
	switch w {
	case "letting", "let":
		for k := i + 2; k <= i+4 && k < len(toks); k++ {
			if toks[k].lower == "know" && !toks[k].quoted {
				if k+1 < len(toks) && toks[k+1].lower == "that" {
					return k + 2
				}
				return k + 1
			}
		}
	case "telling", "tell", "informing", "inform", "notifying", "notify", "reminding", "remind":
		for k := i + 2; k <= i+4 && k < len(toks); k++ {
			if toks[k].lower == "that" && !toks[k].quoted {
				return k + 1
			}
		}
	}
	return -1
}

// settingVerbs change a setting to a value: "set the file size limit to
// 50000000", "raise the max retries to 5".
var settingVerbs = setOf("set", "change", "raise", "lower", "increase", "decrease", "bump", "update", "make", "reduce")

// setNamedNumber finds the number after "to" in "set <name> ... to N"
// where the words between the verb and "to" spell the parameter's name
// ("set the storage file size limit of project X to 50000000" for
// fileSizeLimit; a name of one word as the object's first word: "set the
// priority of ENG-1 to 3"): English names the setting as the verb's object
// and gives the value after "to", with modifiers of the object ("of
// project X") between. It returns the index in v.numbers.
func setNamedNumber(p argProp, v queryValues, used map[int]bool) (int, bool) {
	if !slices.ContainsFunc(v.toks, func(t qtok) bool { return settingVerbs[t.lower] }) {
		return 0, false // (the cheap test first)
	}
	var parts []string
	splitWords(p.name, func(w string) { parts = append(parts, stem(strings.ToLower(w))) })
	if len(parts) == 0 {
		return 0, false
	}
	for k := 1; k+1 < len(v.toks); k++ {
		if v.toks[k].lower != "to" || v.toks[k].quoted {
			continue
		}
		num := v.toks[k+1].text
		if reThousands().MatchString(num) {
			num = strings.ReplaceAll(num, ",", "") // "50,000,000"
		}
		f, err := strconv.ParseFloat(num, 64)
		if err != nil {
			continue
		}
		named := false
		for j := k - 1; j >= 0; j-- {
			t := v.toks[j]
			if t.quoted || endsInAny(t.raw, ",;.!?:") {
				break // the clause ends
			}
			if settingVerbs[t.lower] {
				m := j + 1
				for m < k && objectOpeners[v.toks[m].lower] {
					m++
				}
				if len(parts) == 1 {
					// A name of one word must be the object's head
					// itself ("set the priority of ENG-1 to 3"), not any
					// word of its modifiers.
					named = nameRun(parts, tokWords(v.toks[m:k]))
				}
				for ; m < k && !named && len(parts) > 1; m++ {
					named = nameRun(parts, tokWords(v.toks[m:k]))
				}
				break
			}
		}
		if !named {
			continue
		}
		for i, n := range v.numbers {
			if !used[i] && n.value == f {
				return i, true
			}
		}
	}
	return 0, false
}

// tokWords returns the lower-cased texts of toks.
func tokWords(toks []qtok) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.lower
	}
	return out
}

// objectOpeners open a noun phrase without naming anything.
var objectOpeners = unionOf(articles, determiners, possessiveDet, setOf("this", "that"))

// identifierWord reports whether w is written as a program's identifier,
// not an English word: a capital after a lower-case letter (camelCase),
// or '_' or '.' between letters.
func identifierWord(w string) bool {
	for i := 1; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' && w[i-1] >= 'a' && w[i-1] <= 'z' || (w[i] == '_' || w[i] == '.') && i+1 < len(w) {
			return true
		}
	}
	return false
}

// ofPhrase returns the words from toks[start] to the end of their clause
// (punctuation, a quoted text, a used word, or "with"/"via"/"using" that
// names the tool), at most twelve.
func ofPhrase(toks []qtok, start int, used map[int]bool) string {
	var ws []string
	for k := start; k < len(toks) && len(ws) < 12; k++ {
		t := toks[k]
		if t.quoted || used[k] || k > start && (t.lower == "with" || t.lower == "via" || t.lower == "using") {
			break
		}
		ws = append(ws, t.text)
		if endsInAny(t.raw, ",;.!?") {
			break
		}
	}
	return strings.Join(ws, " ")
}

// reNameOf finds the noun a name parameter's description names ("The name
// of the function", "Name of the branch to create").
var reNameOf = lazyregexp.New(`(?i)\bname of (?:the|a|an|this) ([a-z]+)`)

// slugAfterNamedNoun finds the name of a thing in apposition to the noun
// that the name parameter's description names: "deploy the edge function
// send-welcome-email" for "The name of the function", "a supabase project
// billing-prod" for "The name of the project". English puts a name right
// after its common noun ("the river Thames"); only a word written as a
// machine name (a slug: joined by '-' or '_') is taken, as a plain word
// after the noun ("the function below") is prose.
func slugAfterNamedNoun(v queryValues, p argProp, used map[int]bool) (int, bool) {
	if p.typ != "string" || !strings.HasSuffix(p.lname, "name") {
		return 0, false
	}
	m := reNameOf().FindStringSubmatch(p.desc)
	if m == nil {
		return 0, false
	}
	noun := strings.ToLower(m[1])
	for i := 0; i+1 < len(v.toks); i++ {
		t := v.toks[i+1]
		if !anchors(v.toks[i], noun) || used[i+1] || t.quoted || stopWords[t.lower] || namingCue[t.lower] {
			continue
		}
		if w := strings.Trim(t.text, "-_"); w != "" && strings.ContainsAny(w, "-_") && !strings.Contains(t.text, "/") && !strings.Contains(t.text, "://") {
			return i + 1, true
		}
	}
	return 0, false
}

// examplePhrase reports whether the example value at toks[i] stands as
// the whole object of a preposition of place or direction ("logs of the
// last build on main", "deploy to staging"): a prepositional phrase closed
// after the word (the task's end, punctuation or a function word), so the
// word is a thing named, not a modifier of a noun ("the main page").
func examplePhrase(toks []qtok, i int) bool {
	if i == 0 || toks[i].quoted || !placePrepositions[toks[i-1].lower] {
		return false
	}
	if endsInAny(toks[i].raw, ",;.!?") || i+1 == len(toks) {
		return true
	}
	return stopWords[toks[i+1].lower] && !articles[toks[i+1].lower]
}

// placePrepositions are the prepositions of place and direction.
var placePrepositions = setOf("on", "in", "into", "onto", "to", "at", "from")

// claimedElsewhere returns used with, added, the tokens another parameter
// has or will have by its own reading: a value already given to one
// ("eu-central-1" for the region) and one that an open parameter's name
// or preposition anchors ("to orders_2025" for newName). The fallback
// that gives a required id parameter the task's one id-like word reads
// only what is left: an id written for another parameter is no evidence
// for this one.
func claimedElsewhere(v queryValues, p argProp, props []argProp, args map[string]any, used map[int]bool) map[int]bool {
	out := maps.Clone(used)
	if out == nil {
		out = map[int]bool{}
	}
	for i, t := range v.toks {
		for _, x := range args {
			if s, ok := x.(string); ok && s == t.text {
				out[i] = true
			}
		}
	}
	for _, q := range props {
		if q.name == p.name || args[q.name] != nil || q.typ != "string" || isIDParam(q.lname) {
			continue
		}
		if i, ok := anchoredValue(v, q, out); ok {
			out[i] = true
		}
	}
	return out
}

// motionPrefixes pair the words that open the names of a moved thing's
// parameters with those of where it goes (startElement/endElement,
// from_uid/to_uid, source/target).
var motionPrefixes = [][2]string{{"start", "end"}, {"from", "to"}, {"source", "target"}, {"source", "destination"}}

// motionEnds reads "<A> onto <B>" and "<A> into <B>", English's
// prepositions of motion to a place, for a pair of parameters named for
// the two ends of a motion ("drag the card e14 onto the column e52",
// "drag 'Write tests' onto 'Done'"): A, the value nearest before the
// preposition, is the thing moved; B, the first value after it, where it
// goes. Values here are ids and quoted texts: a quoted text goes to a
// pair the schema describes as a description ("Human-readable ...
// description"), an id to the other. Both parameters of a pair must be
// open. It returns the parameters still missing.
func motionEnds(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	at := slices.IndexFunc(v.toks, func(t qtok) bool { return !t.quoted && (t.lower == "onto" || t.lower == "into") })
	if at <= 0 {
		return missing
	}
	value := func(t qtok, quoted bool) bool {
		if quoted {
			return t.quoted
		}
		// An id, or a snapshot's uid ("3_12": digits joined by "_").
		return !t.quoted && (idLike(t) || hasDigit(t.text) && strings.Contains(t.text, "_")) && !strings.ContainsAny(t.text, "/:")
	}
	for i := range props {
		p := &props[i]
		if p.typ != "string" {
			continue
		}
		for _, pre := range motionPrefixes {
			rest, ok := strings.CutPrefix(p.lname, pre[0])
			if !ok || rest == "" {
				continue
			}
			j := slices.IndexFunc(props, func(q argProp) bool { return q.typ == "string" && q.lname == pre[1]+rest })
			if j < 0 || args[props[j].name] != nil {
				continue
			}
			quoted := strings.Contains(strings.ToLower(p.desc), "description")
			a, b := -1, -1
			for k := at - 1; k >= 0 && a < 0; k-- {
				if value(v.toks[k], quoted) {
					a = k
				}
			}
			for k := at + 1; k < len(v.toks) && b < 0; k++ {
				if value(v.toks[k], quoted) {
					b = k
				}
			}
			if a < 0 || b < 0 || args[p.name] != nil && args[p.name] != v.toks[a].text {
				// A reading that gave the moved thing's parameter its
				// value is kept; the same value is no conflict.
				continue
			}
			args[p.name], args[props[j].name] = v.toks[a].text, v.toks[b].text
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name || n == props[j].name })
		}
	}
	return missing
}

// pressedFlag sets a flag its description says presses a key ("Whether
// to submit entered text (press Enter after)") when the task presses
// that key with a verb of pressing ("... and hit enter").
func pressedFlag(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.typ != "boolean" || args[p.name] != nil {
			continue
		}
		d := strings.Fields(strings.ToLower(p.desc))
		key := ""
		for i := 0; i+1 < len(d) && key == ""; i++ {
			if d[i] == "press" || d[i] == "(press" {
				key = keyOf(strings.Trim(d[i+1], ".,;:!?()\"'`"))
			}
		}
		if key == "" {
			continue
		}
		for i := range v.toks {
			if keyPressedAt(v.toks, i) == key {
				args[p.name] = true
				break
			}
		}
	}
	return missing
}
