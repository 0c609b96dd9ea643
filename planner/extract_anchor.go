package planner

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// Finding a parameter's value next to a word that names it: the parameter's
// own name words, or the noun its description says the value belongs to.

// unionMember is one alternative of a parameter's oneOf/anyOf.
type unionMember struct {
	Type       json.RawMessage `json:"type"`
	Enum       []any           `json:"enum"`
	Ref        string          `json:"$ref"`
	Properties json.RawMessage `json:"properties"`
	Required   []string        `json:"required"`
	OneOf      []unionMember   `json:"oneOf"`
	Const      any             `json:"const"`
	Items      *struct {
		Type json.RawMessage `json:"type"`
	} `json:"items"`
}

// unionType reads a parameter declared as alternatives ("oneOf": [string,
// array of strings], "anyOf": [string, null]) as the type a value from a
// task fills: a string when one is allowed (with orArray when an array of
// strings is too), else the first alternative that is not null. orNumber
// says a number is one of the alternatives.
func unionType(ms []unionMember) (typ, itemType string, orArray, orNumber bool) {
	var types []string
	for _, m := range ms {
		t := schemaType(m.Type)
		orNumber = orNumber || t == "number" || t == "integer"
		if t == "array" && m.Items != nil && schemaType(m.Items.Type) == "string" {
			orArray = true
		}
		if t != "" && t != "null" {
			types = append(types, t)
		}
	}
	switch {
	case slices.Contains(types, "string"):
		return "string", "", orArray, orNumber
	case len(types) > 0:
		if types[0] == "array" && orArray {
			return "array", "string", false, orNumber
		}
		return types[0], "", false, orNumber
	}
	return "", "", false, false
}

// nullableEnum returns the members of a parameter declared as an enum or
// null ("anyOf": [{"type": "string", "enum": ["light", "dark"]}, {"type":
// "null"}]), or nil. JSON Schema generators write an optional value that
// way (pydantic's Optional, zod's nullable): null only says the parameter
// may be left unset, so the enum is the set of values the parameter takes,
// as a plain enum's is. An enum beside another alternative that is not
// null (a free string) closes nothing and is not read.
func nullableEnum(ms []unionMember) []string {
	var enum []string
	for _, m := range ms {
		switch t := schemaType(m.Type); {
		case t == "null":
		case len(enum) > 0 || len(m.Enum) == 0 || t != "string" && t != "":
			return nil
		default:
			for _, e := range m.Enum {
				s, ok := e.(string)
				if !ok {
					return nil
				}
				enum = append(enum, s)
			}
		}
	}
	return enum
}

// objectAlt is one object alternative of a parameter read by objectUnion:
// the members it declares, and those it fixes with "const".
type objectAlt struct {
	members []string
	consts  map[string]any
}

// fitAlternative reports whether the members a task filled (sub) belong
// to one of the alternatives, and adds the members that alternative fixes
// with "const" (JSON Schema's const admits that one value: a parent given
// as {"type": "page_id", "page_id": ...} gets its type).
func fitAlternative(alts []objectAlt, sub map[string]any) bool {
	for _, a := range alts {
		all := true
		for k := range sub {
			if !slices.Contains(a.members, k) {
				all = false
				break
			}
		}
		if !all {
			continue
		}
		for k, c := range a.consts {
			if _, set := sub[k]; !set {
				sub[k] = c
			}
		}
		return true
	}
	return false
}

// objectUnion reads a parameter declared as an object with declared
// members beside a string (or null): "anyOf": [{"type": "object",
// "properties": {"page_id": ...}}, {"type": "string"}], the object given
// inline, by a local "$ref" into "$defs", or as a "oneOf" of such objects
// (a page, a database or the workspace as a parent). The string is the
// same object serialized, for clients that cannot send one; the object's
// members say what the task must give. It returns the members of every
// alternative merged into one "properties" object (those fixed by "const"
// left out: a task writes no value for them) and the alternatives, or nil
// for a parameter of another shape.
func objectUnion(ms []unionMember, defs map[string]json.RawMessage) (json.RawMessage, []objectAlt) {
	var obj *unionMember
	for i := range ms {
		switch t := schemaType(ms[i].Type); {
		case t == "string" && len(ms[i].Enum) == 0, t == "null":
		case obj == nil && (t == "object" || t == "" && (ms[i].Ref != "" || len(ms[i].OneOf) > 0)):
			obj = &ms[i]
		default:
			return nil, nil
		}
	}
	if obj == nil {
		return nil, nil
	}
	resolve := func(m unionMember) (unionMember, bool) {
		if m.Ref == "" {
			return m, true
		}
		name, ok := strings.CutPrefix(m.Ref, "#/$defs/")
		if !ok || defs[name] == nil {
			return m, false
		}
		var r unionMember
		return r, json.Unmarshal(defs[name], &r) == nil && r.Ref == ""
	}
	top, ok := resolve(*obj)
	if !ok {
		return nil, nil
	}
	alts := []unionMember{top}
	if len(top.OneOf) > 0 {
		alts = alts[:0]
		for _, m := range top.OneOf {
			r, ok := resolve(m)
			if !ok {
				return nil, nil
			}
			alts = append(alts, r)
		}
	}
	merged := map[string]json.RawMessage{}
	var order []string
	var out []objectAlt
	for _, a := range alts {
		if len(a.Properties) == 0 {
			continue
		}
		var props map[string]json.RawMessage
		if json.Unmarshal(a.Properties, &props) != nil {
			return nil, nil
		}
		oa := objectAlt{consts: map[string]any{}}
		for _, k := range sortedKeys(props) {
			var c struct {
				Const any `json:"const"`
			}
			if json.Unmarshal(props[k], &c) == nil && c.Const != nil {
				oa.consts[k] = c.Const
				continue
			}
			oa.members = append(oa.members, k)
			if merged[k] == nil {
				merged[k] = props[k]
				order = append(order, k)
			}
		}
		if len(oa.members) > 0 {
			out = append(out, oa)
		}
	}
	if len(order) == 0 {
		return nil, nil
	}
	var b strings.Builder
	b.WriteString(`{"properties":{`)
	for i, k := range order {
		if i > 0 {
			b.WriteByte(',')
		}
		kj, _ := json.Marshal(k)
		b.Write(kj)
		b.WriteByte(':')
		b.Write(merged[k])
	}
	b.WriteString("}}")
	return json.RawMessage(b.String()), out
}

// namedMembers reports whether the task names each member of an object
// read from alternatives (objectUnion) right before its value: "under page
// 9a8f..." for page_id. The alternatives differ by their members (a page,
// a database, the workspace as the parent), so the task must say which it
// means; an id it writes after another noun ("data source 2b7c...") is
// that thing's, not a page's. A member whose value is one of its enum's
// ("pages only" for a filter's value: page) is named by the reading that
// found it, which asks the task to say the member.
func namedMembers(sub map[string]any, members []argProp, v queryValues) bool {
	for k, val := range sub {
		s, isStr := val.(string)
		if !isStr {
			continue
		}
		if slices.ContainsFunc(members, func(m argProp) bool { return m.name == k && slices.Contains(m.enum, s) }) {
			continue
		}
		if slices.ContainsFunc(members, func(m argProp) bool { return m.name == k && isEmojiParam(m) }) && (emojiText(s) || reEmoji().MatchString(s)) {
			// An emoji is named by its form, as an enum member by its
			// spelling: "the 🚀 emoji" for icon.emoji.
			continue
		}
		w := paramWords(k)
		if len(w) == 0 {
			return false
		}
		named := false
		for i := 1; i < len(v.toks) && !named; i++ {
			named = v.toks[i].text == s && anchors(v.toks[i-1], w[len(w)-1])
		}
		if !named {
			return false
		}
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// reOwner finds the noun a parameter description says the value belongs
// to, in the way schema descriptions are written: "The reqid of the network
// request", "The timestamp of the message to react to".
var reOwner = lazyregexp.New(`(?i)\bof (?:the|a|an|this|that) ([a-z]+(?: [a-z]+){0,2})`)

// ownerNoun returns the head noun of the first "of the X" in a description
// ("network request" -> "request"), or "". The phrase ends at a function
// word or a verb form in -ing ("the channel containing the thread").
func ownerNoun(desc string) string {
	if !strings.Contains(desc, "of ") {
		return ""
	}
	first, _, _ := strings.Cut(desc, ". ")
	m := reOwner().FindStringSubmatch(first)
	if m == nil {
		return ""
	}
	head := ""
	for w := range strings.FieldsSeq(strings.ToLower(m[1])) {
		if stopWords[w] || strings.HasSuffix(w, "ing") && len(w) > 5 {
			break
		}
		head = w
	}
	return normalizeWord(head)
}

// compoundOwner returns X of a description that opens with "X <name>"
// for a parameter of one word ("Tab index, used for close/select" for
// index), or "": an English noun compound names the owner before the
// head ("tab index" is the index of a tab), so "close tab 3" gives the
// index 3.
func compoundOwner(p argProp) string {
	if len(p.desc) < len(p.name)+3 {
		return ""
	}
	first, rest, _ := strings.Cut(p.desc, " ")
	switch strings.ToLower(first) {
	case "the", "a", "an":
		// "The project ID": an article opens the noun phrase, the
		// owner is the word after it.
		first, rest, _ = strings.Cut(rest, " ")
	}
	second, _, _ := strings.Cut(rest, " ")
	second = strings.TrimRight(second, ",.;:")
	if !strings.EqualFold(second, p.name) || !allLetters(first) || stopWords[strings.ToLower(first)] {
		return ""
	}
	return normalizeWord(strings.ToLower(first))
}

// boundWords are the words of a parameter's name that bound or count its
// value (maxDiscoveryDepth, minScore, numResults): no thing the value
// belongs to, so "max 30 pages" anchors no max-named parameter by them
// (ownerAnchoredValue), nor does a number beside them (numberNamed).
var boundWords = setOf("max", "min", "num")

// ownerAnchoredValue finds "<owner noun> <value>" for a parameter whose
// description names the noun its value belongs to ("request 57" for "the
// reqid of the network request", "message 1700000000.1234" for "the
// timestamp of the message"), and, failing that, "<name word> <value>" for
// a word of the parameter's name other than its head ("thread 17.5" for
// thread_ts). Only values with a digit are taken: an id, a number or a
// timestamp, not a word of prose.
func ownerAnchoredValue(v queryValues, p argProp, used map[int]bool) (int, bool) {
	pws := make([]string, 0, 8) // (on the stack: the anchors of one parameter)
	if o := ownerNoun(p.desc); o != "" {
		pws = append(pws, o)
	}
	if o := compoundOwner(p); o != "" {
		pws = append(pws, o)
	}
	if w := p.paramWords(); len(w) > 1 {
		for _, x := range w[:len(w)-1] {
			if !boundWords[x] {
				pws = append(pws, x)
			}
		}
	} else if len(w) == 0 && p.lname != "" && len(p.lname) <= 5 {
		// A name that is only a generic word ("key", "id"): that word.
		pws = append(pws, p.lname)
	}
	heads := p.phrase
	if p.format != "" || hasAny(p.lname, "url", "uri", "path", "file") {
		// A URL, a path or a formatted value has a shape of its own,
		// which an id after "region" or "file" does not have
		// ("The region URL for the organization").
		heads = nil
	}
	for i := 0; i+1 < len(v.toks); i++ {
		if j := i + 1; len(heads) > 0 && !used[j] && idLike(v.toks[j]) && (p.typ == "array" || !isPlural(v.toks[i].lower) && len(coordinated(v, j, used)) < 2) && slices.ContainsFunc(heads, func(h string) bool { return namesOrClips(v.toks[i], h) }) {
			// "the row with ref e57" for "Exact target element reference
			// from the page snapshot": a word of the noun phrase the
			// description opens with, or its clipping, before an id. A
			// plural ("issues ENG-1, ENG-2") introduces a list, which a
			// parameter of one value does not take a part of, and so does
			// an id coordinated with others ("issue ENG-7 and ENG-8").
			return j, true
		}
		for _, pw := range pws {
			if !anchors(v.toks[i], pw) {
				continue
			}
			j := i + 1
			if t := v.toks[j]; !used[j] && !t.quoted && hasDigit(t.text) && !anchors(t, pw) {
				return j, true
			}
			if t := v.toks[j]; p.required && isIDParam(p.lname) && !used[j] && !t.quoted && !anchors(t, pw) && !isEnglish(t.lower) && allLetters(t.text) && namedEntity(v, j, p) {
				// "supabase project pfkzmqwvyrtn" for "The project ID": a
				// required identity takes a word no dictionary knows that
				// closes its noun phrase (namedEntity), the way generated
				// ids of letters only are written; an English word there
				// is prose ("the project details").
				return j, true
			}
		}
	}
	return 0, false
}

// descPhraseNouns returns the words of the noun phrase a parameter's
// description opens with, lower-cased ("Exact target element reference
// from the page snapshot" -> exact, target, element, reference;
// "Branch/tag/commit to get contents from" -> branch, tag, commit): a
// description names what the value is before it says what it is for, and
// the phrase ends at the first function word, punctuation or participle.
// A description that opens with one word (a verb: "Targets a specific
// page", "Filter by ...") gives none, nor one of more than four words.
func descPhraseNouns(desc string) []string {
	var out []string
	n := 0
	for w := range strings.FieldsSeq(desc) {
		lw := strings.ToLower(w)
		if n == 0 && (lw == "the" || lw == "a" || lw == "an") {
			continue
		}
		end := strings.ContainsAny(lw, ",.;:()")
		lw = strings.Trim(lw, ",.;:()")
		if stopWords[lw] || lw == "" || strings.HasSuffix(lw, "ed") || strings.HasSuffix(lw, "ing") {
			break
		}
		n++
		for part := range strings.SplitSeq(lw, "/") {
			if len(part) >= 3 && allLetters(part) {
				out = append(out, part)
			}
		}
		if end {
			break
		}
	}
	if n < 2 && len(out) < 2 || n > 4 {
		return nil
	}
	return out
}

// namesOrClips reports whether a task word is the description word w, in
// any inflection, or w clipped to its first three letters or more ("ref"
// for reference, "repo" for repository): English shortens nouns from the
// front that way.
func namesOrClips(t qtok, w string) bool {
	if t.quoted || len(t.lower) < 3 || stopWords[t.lower] {
		return false
	}
	lt := strings.Trim(t.lower, "(),;:")
	return lt == w || stem(lt) == stem(w) || clips(lt, w)
}

// clips reports whether short is long clipped from the front: its first
// three letters or more, at least three letters short of it ("ref" of
// reference, "repo" of repository, "doc" of document).
func clips(short, long string) bool {
	return len(short) >= 3 && len(long) >= len(short)+3 && strings.HasPrefix(long, short)
}

// coordinated returns the token indexes of the value at token i and the
// values coordinated with it ("a:1 and b:2", "a:1, b:2 and c:3") that have
// the same shape, or nil when there is no such list.
func coordinated(v queryValues, i int, used map[int]bool) []int {
	first := v.toks[i]
	if first.quoted || !idLike(first) {
		return nil
	}
	shape := idShape(first.text)
	return coordination(v, i, used, func(t qtok) bool { return idLike(t) && idShape(t.text) == shape })
}

// coordination returns i and the tokens joined to it by commas, "and" or
// "or" for which member holds, or nil when there are fewer than two.
func coordination(v queryValues, i int, used map[int]bool, member func(qtok) bool) []int {
	list := []int{i}
	for j := i + 1; j < len(v.toks); {
		sep := strings.HasSuffix(v.toks[j-1].raw, ",")
		k := j
		if v.toks[j].lower == "and" || v.toks[j].lower == "or" {
			sep, k = true, j+1
		}
		if !sep || k >= len(v.toks) || used[k] || !member(v.toks[k]) {
			break
		}
		list = append(list, k)
		j = k + 1
	}
	if len(list) < 2 {
		return nil
	}
	return list
}

// idShape is a value's punctuation skeleton, every run of letters and
// digits as "a" ("rate:1.2.3.4" -> "a:a.a.a.a").
func idShape(s string) string {
	return skeleton(s, func(r rune) bool { return r < 128 && (isLetterByte(byte(r)) || r >= '0' && r <= '9') })
}

// quotedAnchors maps each quoted text of the task that a parameter's name
// anchors ("message 'add setup'", "titled 'X'") to that parameter, so a
// parameter that takes quoted texts by position leaves it alone.
func quotedAnchors(props []argProp, v queryValues) map[string]string {
	var out map[string]string
	if len(v.quoted) == 0 {
		return nil
	}
	for _, p := range props {
		if p.typ != "string" && p.typ != "" {
			continue
		}
		if i, ok := anchoredValue(v, p, nil); ok && v.toks[i].quoted {
			if out == nil {
				out = map[string]string{}
			}
			if _, taken := out[v.toks[i].text]; !taken {
				out[v.toks[i].text] = p.name
			}
		}
	}
	if len(v.quoted) == 1 && out[v.quoted[0]] == "" {
		// A text for one of two parameters named alike, one name holding
		// the other (text and textGone): the one the task describes takes
		// it ("wait until the 'Saving...' text disappears").
		alike := func(lp string) bool {
			return slices.ContainsFunc(props, func(q argProp) bool {
				return q.lname != lp && q.typ == "string" && (strings.Contains(lp, q.lname) || strings.Contains(q.lname, lp))
			})
		}
		if slices.ContainsFunc(props, func(q argProp) bool { return q.typ == "string" && alike(q.lname) }) {
			if p := describedByTask(props, v); p != "" && alike(strings.ToLower(p)) {
				out = map[string]string{v.quoted[0]: p}
			}
		}
	}
	return out
}

// describedByTask returns the one text parameter whose description alone,
// among the tool's text parameters, says a word the task says ("wait until
// the 'Saving...' text disappears" for textGone, "The text to wait for to
// disappear", beside text, "The text to wait for"): what sets the
// parameters apart is what the task asks for. "" when no parameter or
// more than one has such a word.
func describedByTask(props []argProp, v queryValues) string {
	said := map[string]bool{}
	for _, t := range v.toks {
		if !t.quoted && len(t.lower) >= minTypoLen && !stopWords[t.lower] {
			said[stem(bareWord(t.lower))] = true
		}
	}
	found := ""
	for _, p := range props {
		if p.typ != "string" || len(p.enum) > 0 {
			continue
		}
		for w := range p.descTerms {
			if !said[w] || len(w) < minTypoLen || slices.ContainsFunc(props, func(q argProp) bool { return q.name != p.name && q.typ == "string" && q.descTerms[w] }) {
				continue
			}
			if found != "" && found != p.name {
				return ""
			}
			found = p.name
		}
	}
	return found
}

// prefixedID finds an unused id-shaped token whose prefix before '_' is a
// word of the parameter's name or its clipped form of three letters or more
// ("price_9XY" for price, "prod_X1" for product, "cus_42a" for customer),
// or the initials of a name of several words ("pi_3Nx" for
// payment_intent).
func prefixedID(p argProp, v queryValues, used map[int]bool) (int, bool) {
	var words []string
	for i, t := range v.toks {
		if used[i] || !strings.Contains(t.lower, "_") || !idLike(t) {
			continue
		}
		if words == nil {
			if words = p.paramWords(); len(words) == 0 {
				return 0, false
			}
		}
		pre, _, ok := strings.Cut(t.lower, "_")
		if ok && len(pre) > 2 && slices.ContainsFunc(words, func(w string) bool { return w == normalizeWord(pre) || strings.HasPrefix(w, pre) }) {
			return i, true
		}
		if ok && len(pre) >= 2 && initialsOf(p.name, pre) {
			// "pi_3Nx8Yz" for payment_intent, "pm_" for payment_method:
			// a name of several words clipped to its initials, the other
			// way APIs such as Stripe type their ids.
			return i, true
		}
	}
	return 0, false
}

// namedEntity reports whether the plain word at token j, right after the
// anchor of an identity parameter (a name ending in Slug, Id, Name or
// Key), is that entity's name: "releases of project checkout in org acme".
// The word must close its noun phrase (the task ends, or a function word
// or punctuation follows) and not be a plural ("project settings", "tool
// calls" name no project or tool).
//
// The same holds for a parameter whose whole name is one noun written
// right before the word ("on GitHub, branch next", "environment
// staging"): a common noun followed by a bare word that closes the phrase
// is English's apposition of a name to its kind ("the river Thames"), and
// a one-word name is that kind. Not for a text or a search, whose words
// are prose, nor for an enum, whose members are read as such. Only for
// the pair set off as a phrase of its own, opening the task or following
// a comma, semicolon or colon ("..., branch next"): after a determiner or
// a preposition two nouns are a compound, whose first noun modifies the
// second ("the product catalog", "for customer support", "for country
// music"). The two words are adjacent (no comma between: "the sandbox
// namespace, initialised with ..."), and a parameter with a format
// ("since" as a date-time) takes only values of that shape.
func namedEntity(v queryValues, j int, p argProp) bool {
	kindWord := j > 0 && v.toks[j-1].lower == p.lname && p.typ == "string" && p.format == "" && len(p.enum) == 0 && !isTextParam(p.lname) && !isSearchParam(p.lname) &&
		(j < 2 || endsInAny(v.toks[j-2].raw, ",;:")) && !endsInAny(v.toks[j-1].raw, ",;:.!?")
	if !kindWord && !strings.HasSuffix(p.lname, "slug") && !strings.HasSuffix(p.lname, "id") && !strings.HasSuffix(p.lname, "name") && !strings.HasSuffix(p.lname, "key") {
		return false
	}
	t := v.toks[j]
	if stopWords[t.lower] || isPlural(t.lower) || strings.HasSuffix(t.lower, "ing") {
		return false
	}
	if endsInAny(t.raw, ",;.!?") || j+1 == len(v.toks) {
		return true
	}
	return stopWords[v.toks[j+1].lower]
}

// productWord reports whether a token is written as a product's name: a
// capital letter and more than one ("MongoDB", "GitHub") or a capitalized
// word the dictionary does not know ("Supabase"), not a quoted text.
func productWord(t qtok) bool {
	if t.quoted || t.text == "" || !unicode.IsUpper(rune(t.text[0])) {
		return false
	}
	upper := 0
	for _, r := range t.text {
		if unicode.IsUpper(r) {
			upper++
		}
	}
	return upper > 1 && upper < len(t.text) || !isEnglish(t.lower)
}

// initialsOf reports whether pre is the lower-case initials of a
// parameter name of two words or more ("pi" of payment_intent,
// paymentIntent). It allocates nothing: it runs for every id-shaped token.
func initialsOf(name, pre string) bool {
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		start := i == 0 || c >= 'A' && c <= 'Z' || name[i-1] == '_' || name[i-1] == '-'
		if !start || c == '_' || c == '-' {
			continue
		}
		if n >= len(pre) || c|0x20 != pre[n] {
			return false
		}
		n++
	}
	return n == len(pre) && n >= 2
}

// coordinatedNames is coordinated for a list of names (an "entityNames"
// parameter): words of letters written with a capital (CamelCase too),
// joined by commas, "and" or "or" ("the entities OldVendor and TempUser").
func coordinatedNames(v queryValues, i int, used map[int]bool) []int {
	name := func(t qtok) bool {
		return !t.quoted && t.text != "" && t.text[0] >= 'A' && t.text[0] <= 'Z' && allLetters(t.text) && !stopWords[t.lower]
	}
	if !name(v.toks[i]) {
		return nil
	}
	return coordination(v, i, used, name)
}

// coordinatedMembers returns the token indexes of the value at token i
// and the values or plain words coordinated with it ("tech-debt and
// backend"), or nil when there is no such list.
func coordinatedMembers(v queryValues, i int, used map[int]bool) []int {
	member := func(t qtok) bool {
		return !t.quoted && t.text != "" && !stopWords[t.lower] && (valueLike(t) || plainWord(t))
	}
	if !member(v.toks[i]) {
		return nil
	}
	return coordination(v, i, used, member)
}

// backendWord reports whether t is the name of the backend of the tool
// being filled, or its clipping ("mongo" of mongodb).
func backendWord(v queryValues, t qtok) bool {
	backend := strings.ToLower(v.backend)
	return backend != "" && len(t.lower) >= minTypoLen && strings.HasPrefix(backend, t.lower)
}

// databaseNamed returns the token that names a database, or -1: the word
// before the noun "db" or "database" after a determiner, a product's name
// standing between ("the crm mongo db", "the mongo app db", "our shop
// database"), or the word after the preposition of containment that
// follows a collection or a table ("the users collection in crm", "the
// events collection of the telemetry db"): English puts a container after
// "in", "of" or "from" and names a thing by a word before its noun.
func databaseNamed(v queryValues, used map[int]bool) int {
	name := func(i int) bool {
		t := v.toks[i]
		return !used[i] && !t.quoted && !stopWords[t.lower] && !determiners[t.lower] && (plainWord(t) || joinedName(t)) && !dbNouns[t.lower]
	}
	det := func(i int) bool { return determiners[v.toks[i].lower] }
	product := func(i int) bool { return backendWord(v, v.toks[i]) }
	for d := 1; d < len(v.toks); d++ {
		if t := v.toks[d]; t.quoted || !dbNouns[strings.TrimSuffix(strings.Trim(t.lower, ",.;:!?"), "'s")] {
			continue
		}
		c := d - 1
		if product(c) {
			c-- // "the crm mongo db"
		}
		if c >= 1 && name(c) && (det(c-1) || c >= 2 && product(c-1) && det(c-2)) {
			return c // "the crm db", "the mongo app db"
		}
	}
	for k := 0; k < len(v.toks); k++ {
		if w := v.toks[k].lower; v.toks[k].quoted || w != "collection" && w != "table" {
			continue
		}
		for m := k + 1; m < len(v.toks) && m <= k+4; m++ {
			if w := v.toks[m].lower; w != "in" && w != "of" && w != "from" {
				continue
			}
			c := m + 1
			for c < len(v.toks) && (det(c) || product(c)) {
				c++
			}
			if c < len(v.toks) && name(c) {
				return c
			}
			break
		}
	}
	return -1
}

// collectionNamed returns the token that names a collection, or -1, for a
// tool that takes a database and a collection: the plural noun before the
// preposition of containment that introduces a named database ("how many
// orders in the shop db", "users from the crm database"), or the word
// after "in" that follows a collection's members ("every document in
// orders"). A database holds collections, and a collection is named for
// the things it holds (MongoDB's manual: "users", "orders"). The words for
// what any collection holds or is (MongoDB's "document" and "collection",
// the generic "records", "rows", "entries", "items", "data") name none.
func collectionNamed(v queryValues, used map[int]bool) int {
	name := func(i int) bool {
		if i < 0 || i >= len(v.toks) {
			return false
		}
		t := v.toks[i]
		return !used[i] && !t.quoted && plainWord(t) && !stopWords[t.lower] && !determiners[t.lower] && !genericMembers[bareWord(t.lower)] && !dbNouns[bareWord(t.lower)]
	}
	containment := func(w string) bool { return w == "in" || w == "from" || w == "of" }
	if d := databaseNamed(v, nil); d >= 2 { // (the database parameter may have taken it)
		// Back from the database's name over determiners and a product
		// ("in the mongo app db") to the preposition.
		m := d - 1
		for m > 0 && (determiners[v.toks[m].lower] || backendWord(v, v.toks[m])) {
			m--
		}
		// The noun heads its own phrase: after a preposition ("rename
		// events_tmp to events in the analytics db") it is that
		// preposition's object.
		if containment(v.toks[m].lower) && name(m-1) && isPlural(bareWord(v.toks[m-1].lower)) && !endsInAny(v.toks[m-1].raw, ",;:.!?") && (m < 2 || !isPreposition(v.toks[m-2].lower) && v.toks[m-2].lower != "as") {
			return m - 1
		}
	}
	for k := 1; k+1 < len(v.toks); k++ {
		if w := bareWord(v.toks[k-1].lower); (w == "document" || w == "documents" || w == "docs") && v.toks[k].lower == "in" && name(k+1) && (k+2 >= len(v.toks) || !dbNouns[bareWord(v.toks[k+2].lower)]) {
			return k + 1
		}
	}
	return -1
}

// genericMembers are the words for what any collection holds, or for a
// collection itself (collectionNamed).
var genericMembers = setOf("document", "documents", "doc", "docs", "collection", "collections", "record", "records", "row", "rows", "entry", "entries", "item", "items", "data")

// dbNouns are the nouns of a database.
var dbNouns = setOf("db", "database")

// ownerItemParam reads a tool that names an item by its owner in two
// parameters, one for an organization and one for a project
// (organizationSlug and projectSlug, projectSlugOrId): it returns "owner"
// for the organization's parameter, "item" for the project's, "" for any
// other parameter or tool. Hosted services write an item under its owner
// as the path owner/name (GitHub's owner/repo, GitLab's group/project,
// Sentry's org/project in its URLs and its CLI), so a task's "acme/web"
// is the pair: the part before the slash is the owner, the part after it
// the item. Only when the tool requires the project: a tool that only
// filters by one (Sentry's search_issues) is about something else, and an
// owner/name path in a task about issues is as likely a repository for
// another tool ("how many open issues does acme/web have").
func ownerItemParam(p argProp, props []argProp) string {
	role := itemRole(p)
	if role == "" {
		return ""
	}
	other := "item"
	if role == "item" {
		other = "owner"
	}
	if !slices.ContainsFunc(props, func(q argProp) bool { return itemRole(q) == other && (other == "owner" || q.required) }) || role == "item" && !p.required {
		return ""
	}
	return role
}

// itemRole returns "owner" for a string parameter named first for an
// organization, "item" for one named first for a project, "" otherwise.
func itemRole(q argProp) string {
	w := q.paramWords()
	if len(w) == 0 || q.typ != "string" && q.typ != "" {
		return ""
	}
	switch w[0] {
	case normalizeWord("organization"):
		return "owner"
	case normalizeWord("project"):
		return "item"
	}
	return ""
}

// leftoverItem fills the project parameter of a tool that names an item
// by its owner (organizationSlug and projectSlug: ownerItemParam's pair,
// the project optional too) with the one machine-written name the task
// writes that no parameter took ("the latest release of web-frontend in
// sentry org acme"): with the owner given by its own noun, the remaining
// name of the shape services give projects (words joined by hyphens or
// underscores, no digits: "WEB-12" is an issue's id) is the item's.
func leftoverItem(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var item *argProp
	owner := false
	for i := range props {
		switch itemRole(props[i]) {
		case "item":
			if len(props[i].enum) == 0 && !hasAny(props[i].lname, "url", "uri") {
				item = &props[i]
			}
		case "owner":
			owner = owner || args[props[i].name] != nil
		}
	}
	if item == nil || !owner || args[item.name] != nil {
		return missing
	}
	pick := -1
	for i, t := range v.toks {
		if !joinedName(t) || !strings.ContainsAny(t.text, "-_") || hasDigit(t.text) || valueTaken(args, t.text) {
			continue
		}
		if pick >= 0 {
			return missing // two: which is the item is not said
		}
		pick = i
	}
	if pick < 0 {
		return missing
	}
	args[item.name] = v.toks[pick].text
	return slices.DeleteFunc(missing, func(m string) bool { return m == item.name })
}

// endsInAny reports whether s ends in one of the bytes of chars; an empty
// token (an empty quoted text) ends in none.
func endsInAny(s, chars string) bool {
	return s != "" && strings.IndexByte(chars, s[len(s)-1]) >= 0
}

// branchPlace fills an open branch parameter (named branch, or one whose
// description's noun phrase names a branch: "Branch/tag/commit", and an
// undescribed sha, which schemaProps describes so) with the branch the task
// names after "to", "on" or "onto" and closes the phrase with ("commit
// docs/a.md to main of acme/web", "on develop with message x", "commits on
// release/3.2 in acme/web"), or writes before the noun "branch" ("on the
// release/2.4 branch of acme/web"): a commit is made on a branch and
// pushed to one. A plain word must be English (people name branches main,
// develop): a product's name there ("on GitHub", "to gitlab") is where,
// not which branch. A name with a slash must be one no other parameter
// took (the repository's owner/name is taken first). It returns missing
// without the parameter it fills.
func branchPlace(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.lname != "branch" && !slices.Contains(p.phrase, "branch") || p.typ != "string" || args[p.name] != nil || isIDParam(p.lname) {
			// (A branch's id, "branchId", is opaque; git names a branch
			// by the word this reads.)
			continue
		}
		for i := 0; i+1 < len(v.toks); i++ {
			t, x := v.toks[i], v.toks[i+1]
			if t.quoted || x.quoted || valueTaken(args, x.text) {
				continue
			}
			// "on the develop branch", "..., release/2.4 branch": the
			// name before the noun, the phrase opened by a determiner, a
			// preposition or a new clause.
			named := i+2 < len(v.toks) && v.toks[i+2].lower == "branch" && (t.lower == "the" || t.lower == "on" || t.lower == "to" || endsInAny(t.raw, ",;:"))
			if !named && t.lower != "to" && t.lower != "on" && t.lower != "onto" {
				continue
			}
			slashed := strings.Count(x.text, "/") == 1 && !strings.HasPrefix(x.text, "/") && !strings.HasSuffix(x.text, "/") && !strings.ContainsAny(x.text, ":@#")
			if a, b, _ := strings.Cut(x.text, "/"); slashed && valueTaken(args, a) && valueTaken(args, b) {
				continue // the repository, as owner and name
			}
			if !slashed && (stopWords[x.lower] || !allLetters(x.text) || !isEnglish(x.lower) || x.lower == v.backend) {
				continue
			}
			if !named && !phraseEnds(v.toks, i+1) {
				continue // the word opens a longer phrase ("to gitlab project 7")
			}
			args[p.name] = x.text
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
			break
		}
	}
	return missing
}

// phraseEnds reports whether the noun phrase closes at toks[j]: the task
// ends, punctuation follows the word, or the next word is a preposition or
// a participle that opens a clause of its own ("on main containing x").
func phraseEnds(toks []qtok, j int) bool {
	if j+1 >= len(toks) || endsInAny(toks[j].raw, ",;.!?") {
		return true
	}
	n := toks[j+1]
	return objectEnd[n.lower] || !n.quoted && strings.HasSuffix(n.lower, "ing")
}
