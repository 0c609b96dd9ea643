package planner

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// Durations with units, converted to the unit the parameter declares, and
// JSON written into the task.

// timeUnits maps the ways English and programmers write a time unit to its
// length in milliseconds.
var timeUnits = map[string]float64{
	"ms": 1, "msec": 1, "msecs": 1, "millisecond": 1, "milliseconds": 1, "millis": 1,
	"s": 1000, "sec": 1000, "secs": 1000, "second": 1000, "seconds": 1000,
	"min": 60000, "mins": 60000, "minute": 60000, "minutes": 60000,
	"h": 3600000, "hr": 3600000, "hrs": 3600000, "hour": 3600000, "hours": 3600000,
	"day": 86400000, "days": 86400000,
	"week": 604800000, "weeks": 604800000, // seven days; months and years have no fixed length
}

// reAttachedUnit is a duration written in one token: "30s", "500ms", "2h".
var reAttachedUnit = lazyregexp.New(`^(\d+(?:\.\d+)?)(ms|s|sec|secs|min|mins|h|hr|hrs|d)$`)

// numberUnit returns the time unit written with a number ("5 seconds",
// "30s"), in milliseconds, or 0.
func numberUnit(n numberAt) float64 {
	if n.unit != 0 {
		return n.unit
	}
	if n.next == "s" || n.next == "h" { // a lone letter after a spaced number is too loose
		return 0
	}
	return timeUnits[strings.TrimSuffix(n.next, "-long")] // "a 2 hour-long timeout"
}

// paramTimeUnit returns the unit a numeric parameter takes durations in, in
// milliseconds, from its name ("timeout_ms", "expireSeconds") or its
// description ("Maximum wait time in milliseconds", "The time to wait in
// seconds"); 0 when it says none or is not about time.
func paramTimeUnit(p argProp) float64 {
	if p.typ != "integer" && p.typ != "number" {
		return 0
	}
	var words []string
	splitWords(p.name, func(w string) { words = append(words, strings.ToLower(w)) })
	if len(words) > 1 {
		switch words[len(words)-1] {
		case "ms", "millis", "milliseconds", "msec":
			return 1
		case "seconds", "secs", "sec", "s":
			return 1000
		case "minutes", "mins":
			return 60000
		case "hours", "hrs":
			return 3600000
		case "days":
			return 86400000
		}
	}
	d := strings.ToLower(p.desc)
	for _, u := range []struct {
		word string
		ms   float64
	}{{"millisecond", 1}, {"second", 1000}, {"minute", 60000}, {"hour", 3600000}, {" day", 86400000}} {
		if strings.Contains(d, u.word) {
			return u.ms
		}
	}
	return 0
}

// durationValue converts a number written with a unit (of time, or of
// length) to the parameter's unit ("2 minutes" for a timeout in
// milliseconds: 120000; "2 km" for a radius in meters: 2000).
func durationValue(n numberAt, from, to float64, typ string) any {
	v := n.value * from / to
	if typ == "integer" || v == math.Trunc(v) {
		return int64(math.Round(v))
	}
	return v
}

// jsonSnippets finds the JSON objects and arrays written in a task ("with
// body {"title": "x"}", "set labels to ["bug", "p1"]") and returns them
// with the task where each is blanked out, so their quoted members are not
// read again as quoted values of their own.
func jsonSnippets(s string) (snips []json.RawMessage, rest string) {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if b[i] != '{' && b[i] != '[' {
			continue
		}
		end := matchingBracket(b, i)
		if end < 0 {
			continue
		}
		raw := b[i : end+1]
		if !json.Valid(raw) {
			// A JavaScript object literal, as the MongoDB shell and
			// JavaScript write one: {sku: 'A1', qty: 5}.
			if j, ok := jsObject(raw); ok {
				raw = j
			}
		}
		if !json.Valid(raw) || len(raw) < 3 {
			continue
		}
		// "[x]" or "[1]" as prose are not worth a parameter; an object, or
		// an array with a quoted string or several members, is.
		if raw[0] == '[' && !strings.ContainsAny(string(raw), "\",{") {
			continue
		}
		snips = append(snips, json.RawMessage(append([]byte(nil), raw...)))
		for k := i; k <= end; k++ {
			b[k] = ' '
		}
		i = end
	}
	return snips, string(b)
}

// jsObject rewrites a JavaScript object or array literal as JSON: keys
// that are identifiers ("sku", "$set") get quotes, and strings in single
// quotes get double ones. It reports false when b has anything else that
// JSON lacks, or when nothing needed rewriting.
func jsObject(b []byte) ([]byte, bool) {
	out := make([]byte, 0, len(b)+16)
	changed := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(b) && b[j] != '"' {
				if b[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(b) {
				return nil, false
			}
			out = append(out, b[i:j+1]...)
			i = j
		case c == '\'':
			j := i + 1
			for j < len(b) && b[j] != '\'' {
				j++
			}
			if j >= len(b) {
				return nil, false
			}
			s, _ := json.Marshal(string(b[i+1 : j]))
			out = append(out, s...)
			i, changed = j, true
		case c == '$' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(b) && (b[j] == '$' || b[j] == '_' || b[j] == '.' || b[j] >= 'a' && b[j] <= 'z' || b[j] >= 'A' && b[j] <= 'Z' || b[j] >= '0' && b[j] <= '9') {
				j++
			}
			k := j
			for k < len(b) && (b[k] == ' ' || b[k] == '\t') {
				k++
			}
			word := string(b[i:j])
			if k < len(b) && b[k] == ':' {
				s, _ := json.Marshal(word) // a key
				out = append(out, s...)
				changed = true
			} else if word == "true" || word == "false" || word == "null" {
				out = append(out, word...)
			} else {
				return nil, false
			}
			i = j - 1
		default:
			out = append(out, c)
		}
	}
	return out, changed && json.Valid(out)
}

// matchingBracket returns the index of the bracket closing the one at i,
// skipping brackets inside JSON strings, or -1.
func matchingBracket(b []byte, i int) int {
	depth, inStr := 0, false
	for k := i; k < len(b); k++ {
		c := b[k]
		if inStr {
			switch c {
			case '\\':
				k++
			case '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// snippetFor returns the JSON snippet for parameter p: an object for an
// object parameter, an array for an array parameter, taken when the
// snippet follows a word of p's name ("body {...}", "labels: [...]") or p
// is the tool's only parameter of that type.
func snippetFor(p argProp, props []argProp, query string, snips []json.RawMessage, used map[int]bool) (any, bool) {
	want := byte('{')
	switch p.typ {
	case "object":
	case "array":
		want = '['
	default:
		return nil, false
	}
	same, sameRequired := 0, 0
	for _, q := range props {
		if q.typ == p.typ {
			same++
			if q.required {
				sameRequired++
			}
		}
	}
	if i, x, ok := filterUpdatePair(p, props, snips, used); ok {
		used[i] = true
		return x, true
	}
	lq := strings.ToLower(query)
	for i, sn := range snips {
		// One object written for a list of objects ("insert a document
		// {...}") is that list's one item.
		item := p.typ == "array" && p.itemType == "object" && sn[0] == '{'
		if used[i] || sn[0] != want && !item {
			continue
		}
		named := false
		if at := strings.Index(query, string(sn)); at > 0 {
			// (A snippet set off in backticks or quotes is named by the
			// word before them.)
			before := strings.Fields(strings.Trim(lq[:at], " :=`'\""))
			if len(before) > 0 {
				last := strings.Trim(before[len(before)-1], ":=,")
				for _, w := range p.paramWords() {
					if normalizeWord(last) == w {
						named = true
					}
				}
				// "documents matching {...}", "where {...}": English
				// states a condition after these words, and a condition
				// is what a filter parameter takes.
				named = named || conditionWords[last] && isFilterParam(p) && !updateDoc(sn)
			}
		}
		// Unnamed, it is for the tool's only parameter of its type, or
		// its only required one ("PUT ... with {...}" for Jira's body,
		// not its optional queryParams: an optional object has a default,
		// a required one waits for the task's).
		if !named && same != 1 && !(p.required && sameRequired == 1) {
			continue
		}
		var x any
		if json.Unmarshal(sn, &x) != nil {
			continue
		}
		used[i] = true
		if item {
			// Every object written for a list of objects is one of its
			// items ("insert {...} and {...}"), in the order written,
			// unless the tool has an object parameter the others may be
			// for ("filter {...}").
			items := []any{x}
			for k := i + 1; k < len(snips) && !slices.ContainsFunc(props, func(q argProp) bool { return q.typ == "object" }); k++ {
				var y any
				if !used[k] && snips[k][0] == '{' && json.Unmarshal(snips[k], &y) == nil {
					used[k] = true
					items = append(items, y)
				}
			}
			x = items
		}
		return x, true
	}
	return nil, false
}

// attachedUnit reports whether w is a span of time as command lines and
// query languages write one ("24h", "7d", "500ms", parseAttachedUnit): a
// duration, not an id, although it mixes digits and letters.
func attachedUnit(w string) bool { return reAttachedUnit().MatchString(w) }

// parseAttachedUnit reads "30s", "500ms", "2h" as a number with its unit.
func parseAttachedUnit(w string) (numberAt, bool) {
	m := reAttachedUnit().FindStringSubmatch(w)
	if m == nil {
		return numberAt{}, false
	}
	f, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return numberAt{}, false
	}
	u := m[2]
	if u == "d" {
		u = "day"
	}
	return numberAt{value: f, isInt: !strings.Contains(m[1], "."), unit: timeUnits[u]}, true
}

// countOfThings reads "list 50 users", "5 firecrawl monitors": a whole
// number right before a plural noun (one modifier word may come between)
// is how many things the task wants, unless the noun is a unit ("3
// months", "20 lines", "500 meters"). "Up to" before the number bounds
// the count, as "at most" does ("list up to 20 prices"): the words are no
// preposition of place there. It returns 0 when no number is written so.
func countOfThings(words []string) int {
	clean := bareWord
	for i, w := range words {
		n, err := strconv.Atoi(clean(w))
		if f, ok := wordNumber(clean(w)); ok {
			// "ten open issues": a cardinal written as a word counts the
			// same way (numberWords leaves out "one").
			n, err = int(f), nil
		}
		if err != nil || n <= 0 {
			continue
		}
		// "at most 5", "no more than 5", "stop at 200 pages", "stop
		// after 50 pages": a bound on how many, after which the task
		// ends its list (a clause's end stands for the noun it counts).
		// Only "at most", "up to" ("as many as") and a verb of stopping
		// may end the whole task ("..., at most 5", "cap it at 500"):
		// "with karma no more than 5" compares a field.
		atMost := i > 1 && (clean(words[i-1]) == "most" && clean(words[i-2]) == "at" || clean(words[i-1]) == "to" && clean(words[i-2]) == "up")
		// "stop at 200 pages", "cap it at 50": a verb of ending the
		// activity, its object pronoun if any, then "at" or "after".
		stopAt := i > 1 && (clean(words[i-1]) == "at" || clean(words[i-1]) == "after") &&
			(stopVerbs[clean(words[i-2])] || i > 2 && objectPronoun[clean(words[i-2])] && stopVerbs[clean(words[i-3])])
		if i > 1 && clean(words[i-1]) == "me" && (i+1 >= len(words) || endsInAny(words[i], ",;.!?")) {
			// "..., give me 10": a number that is the whole direct
			// object of a verb with the requester as its indirect object
			// counts what the request returns (the noun is left out, as
			// English leaves out a noun already said).
			return n
		}
		// ends reports whether words[i+k] ends the clause; at reads
		// words[i+k].
		ends := func(k int) bool { return i+k+1 >= len(words) || endsInAny(words[i+k], ",;.!?") }
		at := func(k int) string {
			if i+k < 0 || i+k >= len(words) {
				return ""
			}
			return clean(words[i+k])
		}
		if ends(0) && (at(-1) == "max" || at(-1) == "maximum") {
			// "..., max 20": the clipped "maximum" before the number ends
			// the task's list as "at most" does.
			return n
		}
		if !ends(0) && ((at(1) == "max" || at(1) == "maximum" || at(1) == "tops") && ends(1) || at(1) == "at" && at(2) == "most" && ends(2)) {
			// "..., 20 at most", "20 max": English puts the bound after
			// the number too, at the end of the clause.
			return n
		}
		if !ends(0) && (at(1) == "per" || at(1) == "a") && (at(2) == "page" || at(2) == "request" || at(2) == "call") {
			// "50 per page", "25 a page": how many things one page (one
			// response) holds, which is what a count parameter bounds.
			return n
		}
		if i+1 >= len(words) {
			if atMost || stopAt {
				return n
			}
			continue
		}
		bound := atMost || stopAt || i > 2 && clean(words[i-1]) == "than" && clean(words[i-2]) == "more" && clean(words[i-3]) == "no"
		if bound && endsInAny(words[i], ",;.!?") {
			return n
		}
		if !bound && !askedFor(words, i) && (i > 0 && isPreposition(clean(words[i-1])) || i > 1 && clean(words[i-1]) == "the" && isPreposition(clean(words[i-2]))) {
			// "the customers from the 2 regions", "issues in 3 repos": a
			// number after a preposition counts what the things are
			// related to, not how many to return.
			continue
		}
		first := i + 1
		if i+2 < len(words) && clean(words[i+1]) == "of" && determiners[clean(words[i+2])] && (i == 0 || stopWords[clean(words[i-1])] || readStems[stem(clean(words[i-1]))] || bound) {
			// "show me 5 of our coupons": English's partitive, a number
			// before "of" and a determiner, counts members of the set the
			// plural noun names. Not after a noun ("page 2 of the
			// results" numbers a page); after a verb of reading ("list
			// 20 of our coupons") or "up to" it counts.
			first = i + 3
		}
		last := first + 2 // up to two premodifiers before the plural noun
		for k := first; k <= last && k < len(words); k++ {
			nw := clean(words[k])
			if (nw == "most" || nw == "least") && k+1 < len(words) {
				// "the 5 most recent invoices": the adverb of a
				// superlative is part of its adjective, one premodifier.
				last++
				continue
			}
			if stopWords[nw] || hasDigit(nw) {
				break
			}
			if isPlural(nw) {
				if unitWords[nw] || timeUnits[nw] != 0 {
					break
				}
				return n
			}
		}
	}
	return 0
}

// askedFor reports whether words[i] follows the "for" of a verb of asking
// in its clause ("ask the everything server for 5 resource links"): the
// object of "ask for" is what is asked for, so the number counts what the
// request returns, not what things are related to.
func askedFor(words []string, i int) bool {
	if i < 2 || bareWord(words[i-1]) != "for" {
		return false
	}
	for k := i - 2; k >= 0 && k >= i-6; k-- {
		if endsInAny(words[k], ",;.!?") {
			return false
		}
		if askVerbs[bareWord(words[k])] {
			return true
		}
	}
	return false
}

// askVerbs are the verbs of asking whose "for" introduces what is asked for.
var askVerbs = setOf("ask", "asking", "request", "requesting")

// stopVerbs end an activity at a point ("stop at 200 pages", "halt after
// 50").
var stopVerbs = setOf("stop", "stops", "stopping", "halt", "cap", "capped", "end")

// unitWords are plural nouns of measure: a number before them is an
// amount, not a count of results.
var unitWords = setOf("months", "weeks", "years", "lines", "bytes", "pixels", "meters", "metres", "kilometers",
	"miles", "feet", "dollars", "euros", "pounds", "cents", "percent", "points", "characters", "chars", "words",
	"tokens", "times", "levels", "degrees", "columns", "rows", "kb", "mb", "gb")

// lengthUnits maps the ways a distance is written to its length in meters.
var lengthUnits = map[string]float64{
	"m": 1, "meter": 1, "meters": 1, "metre": 1, "metres": 1,
	"km": 1000, "kilometer": 1000, "kilometers": 1000, "kilometre": 1000, "kilometres": 1000,
	"mi": 1609.344, "mile": 1609.344, "miles": 1609.344, "ft": 0.3048, "foot": 0.3048, "feet": 0.3048,
}

// paramLengthUnit returns the unit, in meters, a numeric parameter's
// description declares for distances ("Search radius in meters"), or 0.
func paramLengthUnit(p argProp) float64 {
	if p.typ != "integer" && p.typ != "number" || p.desc == "" {
		return 0
	}
	d := strings.ToLower(p.desc)
	for _, u := range []struct {
		word string
		m    float64
	}{{"in kilomet", 1000}, {"in meters", 1}, {"in metres", 1}, {"in miles", 1609.344}, {"in feet", 0.3048}} {
		if strings.Contains(d, u.word) {
			return u.m
		}
	}
	return 0
}

// spanNames are the last words of a parameter name that make it a span of
// time and nothing else ("duration", "crawlDelay", "pollInterval").
// "timeout", "wait" and "age" are left out: APIs give those in
// milliseconds as often as in seconds.
var spanNames = setOf("duration", "delay", "interval", "period")

// spanParam returns the span word of a numeric parameter whose name says
// it is a span of time (spanNames) but whose name and description declare
// no unit, or "".
func spanParam(p argProp) string {
	if p.typ != "integer" && p.typ != "number" ||
		!strings.HasSuffix(p.lname, "duration") && !strings.HasSuffix(p.lname, "delay") && !strings.HasSuffix(p.lname, "interval") && !strings.HasSuffix(p.lname, "period") {
		return "" // (the cheap test first: spanNames as the end of the name)
	}
	var last string
	splitWords(p.name, func(w string) { last = strings.ToLower(w) })
	if !spanNames[last] || paramTimeUnit(p) != 0 {
		return ""
	}
	return last
}

// spanValue reads the number a task gives a span parameter (spanParam)
// with a time unit, in seconds: the SI unit of time, and the unit of the
// reference "everything" server's operation duration, whose schema says
// none but whose code reports "Duration: N seconds". The number must be
// tied to the span: after
// "for" when the span is the action's own duration ("run it for 20
// seconds"), or next to the span's word ("a delay of 2 seconds", "a 2
// second delay", "2s delay"), or, for a duration, the task's only amount
// of time; a time written elsewhere ("changed in the last 2 days") is not
// the span.
func spanValue(p argProp, v queryValues, used map[int]bool) (int, any, bool) {
	span := spanParam(p)
	if span == "" {
		return 0, nil, false
	}
	for i, n := range v.numbers {
		from := numberUnit(n)
		if from == 0 || used[i] || pastPoint(n) {
			continue
		}
		tied := n.linked == span || n.before == span || n.after == span || stem(n.after) == stem(span)
		if span == "duration" && n.before == "for" {
			tied = true
		}
		if tied {
			return i, durationValue(n, from, 1000, p.typ), true
		}
	}
	if span == "duration" {
		// The action's own duration: a request to run an operation that
		// lists one amount of time among its settings states how long it
		// runs ("kick off the demo operation, 20 seconds in 4 steps").
		// Only one: with two amounts of time, which is the duration is
		// not read.
		k := -1
		for i, n := range v.numbers {
			if numberUnit(n) == 0 || used[i] || pastPoint(n) {
				continue
			}
			if k >= 0 {
				return 0, nil, false
			}
			k = i
		}
		if k >= 0 && fragmentNumber(v.toks, v.numbers[k].value) {
			return k, durationValue(v.numbers[k], numberUnit(v.numbers[k]), 1000, p.typ), true
		}
	}
	return 0, nil, false
}

// fragmentNumber reports whether the number x starts a verbless fragment
// of the task, after a comma, colon or semicolon ("the demo operation, 20
// seconds in 4 steps"), where a task lists its settings; a number inside
// a clause of its own ("it has been 5 minutes since ...") states
// something else.
func fragmentNumber(toks []qtok, x float64) bool {
	for i := 1; i < len(toks); i++ {
		if toks[i].quoted || !endsInAny(toks[i-1].raw, ",;:") {
			continue
		}
		w := bareWord(toks[i].raw)
		for _, r := range w {
			if r < '0' || r > '9' {
				w = w[:strings.IndexRune(w, r)]
				break
			}
		}
		if n, err := strconv.ParseFloat(w, 64); err == nil && n == x {
			return true
		}
	}
	return false
}

// dimensionNouns map the adjectives of measure to the nouns of their
// dimension, as English pairs them: deep/depth, wide/width, broad/breadth,
// tall and high/height, long/length.
var dimensionNouns = map[string]string{"deep": "depth", "wide": "width", "broad": "breadth", "tall": "height", "high": "height", "long": "length"}

// dimensionOf reports whether number n is given as a measure whose
// dimension is the parameter-name word w: the adjective right after the
// number or after its unit ("800 wide", "two levels deep", "1280 pixels
// wide" for width, max_depth). The unit word must be a plural noun of
// measure (unitWords) or a dimension abbreviation ("px"), so "2 pages deep
// into the docs" does not count pages as a depth. A negated comparative
// before "than" ("don't go deeper than 2 levels") is a bound of that
// dimension (numberAt.bound).
func dimensionOf(n numberAt, w string) bool {
	noun := ""
	switch {
	case n.bound != "":
		noun = dimensionNouns[n.bound]
	case dimensionNouns[n.next] != "":
		noun = dimensionNouns[n.next]
	case (unitWords[n.next] || dimensionWords[n.next]) && dimensionNouns[n.after] != "":
		noun = dimensionNouns[n.after]
	default:
		return false
	}
	return normalizeWord(noun) == w
}

// moreNumberWords are the English cardinals numberWords leaves for
// wordNumber: the teens, the tens, and "dozen" ("a dozen results").
var moreNumberWords = map[string]float64{
	"thirteen": 13, "fourteen": 14, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	"forty": 40, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "dozen": 12,
}

// wordNumber reads an English cardinal written as a word: those of
// numberWords and moreNumberWords, and the tens joined to a unit by a
// hyphen as English writes 21 to 99 ("twenty-five"). "one" stays out (see
// numberWords).
func wordNumber(w string) (float64, bool) {
	if n, ok := numberWords[w]; ok {
		return n, true
	}
	if n, ok := moreNumberWords[w]; ok {
		return n, true
	}
	tens, unit, found := strings.Cut(w, "-")
	if !found {
		return 0, false
	}
	t, ok := numberWords[tens]
	if !ok {
		t, ok = moreNumberWords[tens]
	}
	u := numberWords[unit]
	if unit == "one" {
		u = 1
	}
	if !ok || t < 20 || t > 90 || int(t)%10 != 0 || u < 1 || u > 9 {
		return 0, false
	}
	return t + u, true
}

// conditionWords introduce a condition things must meet: "documents
// matching {...}", "rows where {...}", "filtered by {...}".
var conditionWords = setOf("matching", "match", "matches", "where", "by", "filter", "filtered", "criteria", "condition")

// queryOperators are MongoDB's top-level query operators (logical and
// evaluation, as its query language documents them); any other top-level
// key that starts with "$" is an update operator ($set, $inc, $unset,
// $push, ...).
var queryOperators = setOf("$and", "$or", "$nor", "$not", "$expr", "$text", "$where", "$comment", "$jsonSchema")

// updateDoc reports whether a JSON snippet is a MongoDB update document:
// an object whose top-level keys are all update operators ({"$set":
// {...}}). A filter names fields or uses query operators.
func updateDoc(sn json.RawMessage) bool {
	if len(sn) == 0 || sn[0] != '{' {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(sn, &m) != nil || len(m) == 0 {
		return false
	}
	for k := range m {
		if !strings.HasPrefix(k, "$") || queryOperators[k] {
			return false
		}
	}
	return true
}

// isUpdateParam reports whether p takes an update document: named
// "update" or described as using update operators.
func isUpdateParam(p argProp) bool {
	return p.typ == "object" && (p.lname == "update" || p.descTerms["update"] && p.descTerms[normalizeWord("operator")])
}

// filterUpdatePair gives a tool with both a filter and an update parameter
// (MongoDB's update-many) the objects of a task by their kind, whatever
// words come before them ("update {status: new} with {$set: ...}" names
// the update before the filter): the one update document to the update,
// the one other object to the filter. It returns the index of the snippet
// for p.
func filterUpdatePair(p argProp, props []argProp, snips []json.RawMessage, used map[int]bool) (int, any, bool) {
	if p.typ != "object" || !isFilterParam(p) && !isUpdateParam(p) {
		return 0, nil, false
	}
	if !slices.ContainsFunc(props, isFilterParam) || !slices.ContainsFunc(props, isUpdateParam) {
		return 0, nil, false
	}
	wantUpdate := isUpdateParam(p) && !isFilterParam(p)
	at, n := 0, 0
	for i, sn := range snips {
		if !used[i] && sn[0] == '{' && updateDoc(sn) == wantUpdate {
			at, n = i, n+1
		}
	}
	if n != 1 {
		return 0, nil, false
	}
	var x any
	if json.Unmarshal(snips[at], &x) != nil {
		return 0, nil, false
	}
	return at, x, true
}

// comparatives are the comparative forms of the adjectives of measure
// (dimensionNouns), as English inflects them.
var comparatives = map[string]string{"deeper": "deep", "wider": "wide", "broader": "broad", "taller": "tall", "higher": "high", "longer": "long"}

// boundOf returns the adjective of measure of "no deeper than N", "don't
// go any deeper than N" ("deep"), or "": a negated comparative before
// "than" sets the most the dimension may be. at gives the words around
// the number at position i; without the negation ("deeper than 2") the
// number is a least, not a most, and gives nothing.
func boundOf(at func(int) string, i int) string {
	if at(i-1) != "than" {
		return ""
	}
	adj := comparatives[at(i-2)]
	if adj == "" {
		return ""
	}
	for k := i - 3; k >= i-5; k-- {
		if w := at(k); w == "no" || negator(w) { // "no deeper", "don't go any deeper"
			return adj
		}
	}
	return ""
}
