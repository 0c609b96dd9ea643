package planner

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// Value formats the lexical planner reads by their shape: money, CSS
// selectors, globs and emoji shortcodes. Each goes only to a parameter whose
// name or description says it takes that kind of value.

// moneyAt is an amount of money written in the query: "$49", "10 usd",
// "EUR 5.50", "20 euros".
type moneyAt struct {
	amount   float64
	currency string // ISO 4217 code, upper case, "" when the query names none
	num      int    // index of the same figure in queryValues.numbers, -1 when absent
}

// currencyCodes are ISO 4217 codes of the most traded currencies (the
// standard's list, not this catalog's). Codes that are also English words
// ("ALL", "TOP", "TRY", "CUP", "MAD") are left out: a lower-case "try" in a
// task is the verb.
var currencyCodes = setOf("usd", "eur", "gbp", "jpy", "cny", "chf", "cad", "aud", "nzd", "sek", "nok", "dkk",
	"pln", "czk", "huf", "inr", "brl", "mxn", "zar", "sgd", "hkd", "krw", "ils", "rub", "thb", "idr", "myr", "php",
	"aed", "sar", "ars", "clp", "cop", "pen", "vnd", "ngn", "egp", "uah", "ron", "bgn", "isk")

// zeroDecimal are ISO 4217 currencies without a minor unit (exponent 0): an
// amount "in cents" of them is the amount itself.
var zeroDecimal = setOf("jpy", "krw", "vnd", "clp", "isk")

// currencyWords are the English names of currencies, singular and plural,
// for "20 dollars", "5 euros".
var currencyWords = map[string]string{
	"dollar": "usd", "dollars": "usd", "euro": "eur", "euros": "eur", "pound": "gbp", "pounds": "gbp", "yen": "jpy",
}

// currencySymbols: the symbol written before an amount. "$" alone is read
// as the US dollar, as payment APIs document it ("if a coupon is $2 off,
// set currency to be USD").
var currencySymbols = map[rune]string{'$': "usd", '€': "eur", '£': "gbp", '¥': "jpy"}

var (
	reMoneySymbol = lazyregexp.New(`(?:^|[\s(])([$€£¥])\s?(\d+(?:\.\d{1,6})?)\b`) // sub-cent prices ("$0.01344 per hour") keep their decimals
	reMoneyAfter  = lazyregexp.New(`(?i)(?:^|[\s(])(\d+(?:\.\d{1,2})?)\s?([a-z]{3,7})\b`)
	reMoneyBefore = lazyregexp.New(`(?i)(?:^|[\s(])([a-z]{3})\s?(\d+(?:\.\d{1,2})?)\b`)
)

// moneyIn finds the amounts of money in s and, separately, the first
// currency code or name written anywhere ("... in USD"); words are the
// task's lower-cased words.
func moneyIn(s string, words []string) (out []moneyAt, currency string) {
	// Most tasks name no money: look for a symbol or a currency word
	// before running the patterns.
	named := strings.ContainsAny(s, "$€£¥")
	minor := false // an amount in cents or pence
	for _, lw := range words {
		if minorUnits[lw] {
			named, minor = true, true
		}
		if c, ok := currencyWords[lw]; ok {
			lw = c
		}
		if currencyCodes[lw] {
			if currency == "" {
				currency = strings.ToUpper(lw)
			}
			named = true
		}
	}
	if !named {
		return nil, ""
	}
	add := func(amount, cur string) {
		f, err := strconv.ParseFloat(amount, 64)
		if err != nil {
			return
		}
		out = append(out, moneyAt{amount: f, currency: strings.ToUpper(cur), num: -1})
	}
	for _, m := range reMoneySymbol().FindAllStringSubmatch(s, -1) {
		r := []rune(m[1])[0]
		add(m[2], currencySymbols[r])
	}
	for _, m := range reMoneyAfter().FindAllStringSubmatch(s, -1) {
		w := strings.ToLower(m[2])
		if c, ok := currencyWords[w]; ok {
			add(m[1], c)
		} else if currencyCodes[w] {
			add(m[1], w)
		}
	}
	if minor {
		// "2900 cents": an amount in the currency's minor unit, a
		// hundredth of its unit (the currencies of cents and pence).
		for _, m := range reMinorAmount().FindAllStringSubmatch(s, -1) {
			if f, err := strconv.ParseFloat(m[1], 64); err == nil {
				out = append(out, moneyAt{amount: f / 100, num: -1})
			}
		}
	}
	for _, m := range reMoneyBefore().FindAllStringSubmatch(s, -1) {
		if w := strings.ToLower(m[1]); currencyCodes[w] {
			add(m[2], w)
		}
	}
	if currency != "" {
		return out, currency
	}
	for _, m := range out {
		if m.currency != "" {
			return out, m.currency
		}
	}
	return out, ""
}

// isMoneyParam: a numeric parameter for an amount of money, by its name
// ("amount", "unit_amount", "price") or its description ("The unit amount
// of the price").
func isMoneyParam(p argProp) bool {
	if p.typ != "integer" && p.typ != "number" {
		return false
	}
	if hasAny(p.lname, "amount", "price", "cost") && !hasAny(p.lname, "percent", "count", "quantity") {
		return true
	}
	return false
}

// moneyValue converts an amount to what the parameter's description asks:
// "in cents" (or the smallest/minor currency unit) multiplies by 100 for
// currencies that have a minor unit.
func moneyValue(m moneyAt, p argProp) any {
	v := m.amount
	d := strings.ToLower(p.desc)
	if strings.Contains(d, "cents") || strings.Contains(d, "smallest currency unit") || strings.Contains(d, "minor unit") {
		if !zeroDecimal[strings.ToLower(m.currency)] {
			v = math.Round(v * 100)
		}
	}
	if p.typ == "integer" || v == math.Trunc(v) {
		return int64(math.Round(v))
	}
	return v
}

// indexParam: a numeric parameter for a position in a list ("index",
// "tabIndex", "position").
func indexParam(p argProp) bool {
	return (p.typ == "integer" || p.typ == "number") && (strings.HasSuffix(p.lname, "index") || p.lname == "position")
}

// zeroBased reports whether a position parameter counts from zero, by its
// description ("0-based index", "zero-based").
func zeroBased(p argProp) bool {
	d := strings.ToLower(p.desc)
	return strings.Contains(d, "0-based") || strings.Contains(d, "zero-based") || strings.Contains(d, "starting at 0") || strings.Contains(d, "starting from 0")
}

// ordinalWords are the English ordinals a task writes as words.
var ordinalWords = map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}

// ordinalValue reads an ordinal number: "5th", "1st", "22nd", "third".
// "second" is also a unit of time, and "first" a word of counting ("the
// first 10"), so only the digit forms and "third" to "tenth" are read.
func ordinalValue(w string) (int, bool) {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if d, ok := strings.CutSuffix(w, suf); ok && d != "" {
			if n, err := strconv.Atoi(d); err == nil && n > 0 {
				return n, true
			}
		}
	}
	if n, ok := ordinalWords[w]; ok && n >= 3 {
		return n, true
	}
	return 0, false
}

// positionOfTotal reads English's "N of M" after a noun ("thought 2 of 4",
// "page 3 of 10", "thought 1 of roughly 5") for a position parameter named
// by that noun (thoughtNumber, pageIndex) and a total named by it too
// (totalThoughts): N is the position, M the total. An ordinal written as
// a word right before the singular noun is a position too ("first
// thought: ..."): before a noun, "first" orders, it does not count ("the
// first 10" counts, a number following it).
func positionOfTotal(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.typ != "integer" && p.typ != "number" || args[p.name] != nil {
			continue
		}
		words := p.paramWords()
		position := slices.Contains(words, "number") || slices.Contains(words, "index")
		total := slices.Contains(words, "total")
		if !position && !total || len(words) != 2 {
			continue
		}
		noun := words[0]
		if noun == "number" || noun == "index" || noun == "total" {
			noun = words[1]
		}
		for i := 0; i+1 < len(v.toks); i++ {
			t := v.toks[i]
			if t.quoted || stem(bareWord(t.raw)) != stem(noun) {
				continue
			}
			if position && i > 0 && !v.toks[i-1].quoted && !isPlural(bareWord(t.raw)) {
				if n, ok := ordinalWords[bareWord(v.toks[i-1].raw)]; ok {
					args[p.name] = n
					break
				}
			}
			n, err := strconv.Atoi(bareWord(v.toks[i+1].raw))
			if err != nil || i+3 >= len(v.toks) || bareWord(v.toks[i+2].raw) != "of" || endsInAny(v.toks[i+1].raw, ",;.:!?") {
				continue
			}
			k := i + 3
			if approxWords[bareWord(v.toks[k].raw)] && k+1 < len(v.toks) {
				k++
			}
			m, err := strconv.Atoi(bareWord(v.toks[k].raw))
			if err != nil || m < n {
				continue
			}
			if position {
				args[p.name] = n
			} else {
				args[p.name] = m
			}
			break
		}
		if args[p.name] != nil {
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
		}
	}
	return missing
}

// approxWords say a number is an estimate ("roughly 5").
var approxWords = setOf("roughly", "about", "around", "approximately", "approx", "maybe", "circa", "some")

// minorUnits are the English words for a hundredth of a currency unit;
// reMinorAmount is an amount written in them ("2900 cents").
var (
	minorUnits    = setOf("cent", "cents", "pence", "penny", "pennies")
	reMinorAmount = lazyregexp.New(`(?i)\b(\d+(?:\.\d+)?)\s*(?:cents?|pence|penny|pennies)\b`)
)

// writtenLower reports whether query writes the currency code in lower case
// as a word ("in usd") and never in upper case.
func writtenLower(query, code string) bool {
	lc := strings.ToLower(code)
	if strings.Contains(query, strings.ToUpper(code)) {
		return false
	}
	for _, w := range strings.FieldsFunc(query, func(r rune) bool { return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') }) {
		if w == lc {
			return true
		}
	}
	return false
}

// isCurrencyParam: a string parameter taking a currency code ("currency",
// or a description saying "ISO currency code").
func isCurrencyParam(p argProp) bool {
	if p.typ != "string" && p.typ != "" {
		return false
	}
	return p.lname == "currency" || strings.HasSuffix(p.lname, "currency") || p.descTerms["currency"] && p.descTerms["iso"]
}

// cssSelector reports whether an unquoted token is written as a CSS
// selector: "#submit" (an id: '#' and a letter, unlike "#12", an issue
// number), "input[name=user]" (an attribute selector), "form#login" or
// "button.primary" (a tag with an id or class, but not a file name such as
// "main.go").
func cssSelector(tok string) bool {
	if len(tok) < 2 {
		return false
	}
	if tok[0] == '#' {
		return isLetterByte(tok[1])
	}
	if i := strings.IndexByte(tok, '['); i > 0 && strings.HasSuffix(tok, "]") {
		return isLetterByte(tok[0])
	}
	if tok[0] == '.' {
		// ".btn-primary": a class, unless it is a dotfile name (".env").
		return isLetterByte(tok[1]) && !fileExt(strings.ToLower(tok)) && !strings.Contains(tok[1:], ".")
	}
	if i := strings.IndexAny(tok, "#."); i > 0 && i < len(tok)-1 && isLetterByte(tok[i+1]) {
		return allLetters(tok[:i]) && htmlTags[strings.ToLower(tok[:i])] && !fileExt(strings.ToLower(tok))
	}
	return false
}

// htmlTags are the HTML element names a tag selector most often starts
// with (HTML Living Standard).
var htmlTags = setOf("a", "button", "input", "select", "textarea", "form", "div", "span", "img", "li", "ul", "ol",
	"table", "tr", "td", "th", "label", "nav", "header", "footer", "main", "section", "article", "p", "h1", "h2", "h3", "option", "iframe")

func isLetterByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

func allLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isLetterByte(s[i]) && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return s != ""
}

// isSelectorParam: a parameter that takes a CSS selector, by name or by a
// description saying so ("CSS selector for element to click").
func isSelectorParam(p argProp) bool {
	return (p.typ == "string" || p.typ == "") && (strings.Contains(p.lname, "selector") || p.descTerms["css"] && p.descTerms["selector"])
}

// globToken reports whether a token is a glob pattern: it has a '*'
// wildcard and something besides wildcards ("*.test.ts", "user:*"); a
// lone "*" says "everything", which the parameter's default already does.
func globToken(tok string) bool {
	return strings.Contains(tok, "*") && strings.Trim(tok, "*") != "" && !strings.Contains(tok, "://")
}

// reEmoji is an emoji shortcode as chat apps and GitHub write it: ":tada:",
// ":+1:", ":white_check_mark:".
var reEmoji = lazyregexp.New(`^:([a-z0-9_+-]{1,40}):$`)

// isEmojiParam: a parameter taking an emoji, by name ("reaction", "emoji")
// or description.
func isEmojiParam(p argProp) bool {
	return (p.typ == "string" || p.typ == "") && (hasAny(p.lname, "emoji", "reaction") || p.descTerms["emoji"])
}

// emojiText reports whether s is one emoji as Unicode writes it: a
// pictograph (the emoji blocks of the Supplementary Multilingual Plane,
// U+1F000-U+1FAFF, and the symbol and dingbat blocks, U+2600-U+27BF),
// with the joiners, variation selectors, skin-tone modifiers and regional
// indicators that make up one emoji sequence (Unicode Technical Standard
// #51).
func emojiText(s string) bool {
	pict := false
	for _, r := range s {
		switch {
		case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x2600 && r <= 0x27BF:
			pict = true
		case r == 0x200D, r == 0xFE0F, r >= 0x1F3FB && r <= 0x1F3FF, r >= 0xE0020 && r <= 0xE007F:
		default:
			return false
		}
	}
	return pict
}

// emojiValue gives a shortcode as the parameter wants it: without the
// colons when its description says so ("without ::", "without colons").
func emojiValue(code string, p argProp) string {
	d := strings.ToLower(p.desc)
	if strings.Contains(d, "without ::") || strings.Contains(d, "without colons") || strings.Contains(d, "without the colons") {
		return reEmoji().FindStringSubmatch(code)[1]
	}
	return code
}

// formatValue fills p from a value whose format names its kind, when p is
// a parameter of that kind. usedTok and usedNum mark the query tokens and
// numbers already given to a parameter.
func formatValue(p argProp, props []argProp, v queryValues, usedTok, usedNum map[int]bool) (any, bool) {
	switch {
	case indexParam(p) && len(v.ordinals) == 1:
		// "the 5th request in the network log" for a 1-based index: 5; for
		// a 0-based one, 4. One ordinal only: with several, which one is
		// the position is not read.
		n := v.ordinals[0]
		if zeroBased(p) {
			n--
		}
		return int64(n), true
	case isSelectorParam(p):
		for i, t := range v.toks {
			if !usedTok[i] && cssSelector(selectorText(t)) {
				usedTok[i] = true
				return selectorText(t), true
			}
		}
	case isEmojiParam(p):
		for i, t := range v.toks {
			if !usedTok[i] && !t.quoted && reEmoji().MatchString(strings.TrimRight(t.raw, ",;!?.")) {
				usedTok[i] = true
				return emojiValue(strings.TrimRight(t.raw, ",;!?."), p), true
			}
			if e := strings.TrimRight(t.raw, ",;!?."); !usedTok[i] && !t.quoted && emojiText(e) {
				// The emoji itself ("🚀"), as Unicode writes it.
				usedTok[i] = true
				return e, true
			}
		}
	case isMoneyParam(p):
		for _, m := range v.money {
			if m.num < 0 || !usedNum[m.num] {
				if m.num >= 0 {
					usedNum[m.num] = true
				}
				return moneyValue(m, p), true
			}
		}
	case isCurrencyParam(p) && v.currency != "":
		if strings.Contains(strings.ToLower(p.desc), "lowercase") || writtenLower(v.query, v.currency) {
			// As the description asks, or as the task writes it ("in usd").
			return strings.ToLower(v.currency), true
		}
		return v.currency, true
	case dateParam(p):
		if i, ok := dateFor(p, v, usedTok); ok {
			usedTok[i] = true
			return v.toks[i].text, true
		}
	case (p.typ == "integer" || p.typ == "number") && paramTimeUnit(p) != 0:
		// "wait 2 minutes" for a timeout in milliseconds: 120000.
		to := paramTimeUnit(p)
		for i, n := range v.numbers {
			if from := numberUnit(n); from != 0 && !usedNum[i] && !pastPoint(n) {
				usedNum[i] = true
				return durationValue(n, from, to, p.typ), true
			}
		}
	case spanParam(p) != "":
		// "for 20 seconds" for an operation's duration that declares
		// no unit: 20 (seconds).
		if i, x, ok := spanValue(p, v, usedNum); ok {
			usedNum[i] = true
			return x, true
		}
	case paramLengthUnit(p) != 0:
		// "within 2 km" for a radius in meters: 2000.
		to := paramLengthUnit(p)
		for i, n := range v.numbers {
			if from := lengthUnits[n.next]; from != 0 && !usedNum[i] {
				usedNum[i] = true
				return durationValue(n, from, to, p.typ), true
			}
		}
	case (p.typ == "number" || p.typ == "string") && coordParam(p.lname) != 0:
		// "48.8584, 2.2945": a coordinate pair in decimal degrees is
		// latitude then longitude (ISO 6709, and how maps write it).
		if lat, lon, ok := coordPair(v.query); ok {
			x := lat
			if coordParam(p.lname) == 2 {
				x = lon
			}
			for i, n := range v.numbers {
				if n.value == x {
					usedNum[i] = true
				}
			}
			if p.typ == "string" {
				return strconv.FormatFloat(x, 'f', -1, 64), true
			}
			return x, true
		}
	case percentParam(p):
		for i, n := range v.numbers {
			if n.percent && !usedNum[i] {
				usedNum[i] = true
				return jsonNumber(n, p.typ), true
			}
		}
	case p.typ == "string" && hasAny(p.lname, "pattern", "glob"):
		// A glob goes to the required pattern parameter when the tool has
		// one ("pattern" before an optional "filePattern").
		if !p.required && slices.ContainsFunc(props, func(q argProp) bool {
			return q.required && q.typ == "string" && hasAny(q.lname, "pattern", "glob")
		}) {
			return nil, false
		}
		for i, t := range v.toks {
			if x := strings.TrimRight(t.raw, ",;!?"); !usedTok[i] && globToken(x) {
				usedTok[i] = true
				return strings.Trim(x, "'\"`"), true
			}
		}
	}
	return nil, false
}

// selectorText is a token as a selector is written: brackets kept
// ("input[name=user]"), trailing sentence punctuation dropped.
func selectorText(t qtok) string {
	if t.quoted {
		return t.text
	}
	return strings.TrimRight(t.raw, ",;!?.")
}

// percentParam: a numeric parameter about a percentage, by name or
// description ("percent_off", "represents the discount ... percentage").
func percentParam(p argProp) bool {
	return (p.typ == "integer" || p.typ == "number") && (strings.Contains(p.lname, "percent") || p.descTerms["percent"] || p.descTerms["percentag"])
}

// reISODate is a calendar date as ISO 8601 / RFC 3339 write it, with an
// optional time: "2024-01-31", "2024-01-31T10:00:00Z".
var reISODate = lazyregexp.New(`^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$`)

// dateParam: a string parameter for a date or time, by its schema format
// or its name ("since", "start_date", "iso_timestamp_end").
func dateParam(p argProp) bool {
	if p.typ != "string" && p.typ != "" {
		return false
	}
	return p.format == "date" || p.format == "date-time" || hasAny(p.lname, "date", "since", "until", "timestamp")
}

// dateFor picks the date of the task for p: a start-like parameter
// ("since", "start_date") takes a date written after "since", "after" or
// "from", an end-like one ("until", "end_date") a date after "until",
// "before", "to" or "through"; a plain date parameter, or one whose task
// says no such word, takes the first date.
func dateFor(p argProp, v queryValues, used map[int]bool) (int, bool) {
	start := hasAny(p.lname, "start", "since", "begin", "after") || strings.HasPrefix(p.lname, "from") || strings.HasSuffix(p.lname, "from")
	end := hasAny(p.lname, "end", "until", "before") || strings.HasPrefix(p.lname, "to") || strings.HasSuffix(p.lname, "to")
	first, cued := -1, false
	for i, t := range v.toks {
		if used[i] || !reISODate().MatchString(t.text) {
			continue
		}
		prev := ""
		if i > 0 {
			prev = v.toks[i-1].lower
		}
		isStart := prev == "since" || prev == "after" || prev == "from" || prev == "starting"
		isEnd := prev == "until" || prev == "before" || prev == "to" || prev == "through" || prev == "till"
		cued = cued || isStart || isEnd
		if start && isStart || end && isEnd {
			return i, true
		}
		if first < 0 && !(start && isEnd) && !(end && isStart) {
			first = i
		}
	}
	if first >= 0 && (!cued || !start && !end) {
		return first, true
	}
	return 0, false
}

// reCoordPair finds two decimal numbers separated by a comma, the way a
// point is written in decimal degrees ("48.8584, 2.2945", "(39.7,-104.9)").
var reCoordPair = lazyregexp.New(`(?:^|[\s(\[])(-?\d{1,3}\.\d+)\s*,\s*(-?\d{1,3}\.\d+)(?:$|[\s)\].,;!?])`)

// coordPair returns the first point written in decimal degrees in the
// query: latitude within ±90, longitude within ±180.
func coordPair(query string) (lat, lon float64, ok bool) {
	ps := coordPairs(query, 1)
	if len(ps) == 0 {
		return 0, 0, false
	}
	return ps[0][0], ps[0][1], true
}

// coordPairs returns up to n points written in decimal degrees in the
// query (n < 0: all), each latitude and longitude, in order; a pair out of
// range ends the search.
func coordPairs(query string, n int) [][2]float64 {
	var out [][2]float64
	for _, m := range reCoordPair().FindAllStringSubmatch(query, n) {
		lat, err1 := strconv.ParseFloat(m[1], 64)
		lon, err2 := strconv.ParseFloat(m[2], 64)
		if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
			break
		}
		out = append(out, [2]float64{lat, lon})
	}
	return out
}

// coordToken reports whether field fi, lower-cased lw, writes a point in
// decimal degrees: whole ("46.85,-121.76") or its latitude before a comma
// with the longitude in the next field ("46.85, -121.76").
func coordToken(lw string, fs []field, fi int) bool {
	pair := lw
	if strings.HasSuffix(lw, ",") && fi+1 < len(fs) {
		pair += fs[fi+1].text
	} else if !strings.Contains(lw, ",") {
		return false
	}
	_, _, ok := coordPair(strings.TrimRight(pair, ".,;:!?)"))
	return ok
}

// streetAddress returns the index of the last field of a street address
// that fs[fi] opens, or -1: a house number ("1600", "221B"), one or two
// capitalized words and a street suffix ("1600 Amphitheatre Parkway",
// "350 Fifth Ave"), then the locality that English writes after a comma,
// capitalized words and a state's or country's code ("..., Mountain View,
// CA"). The suffixes are the commonest of the USPS's standard list
// (Publication 28, appendix C1), written out or abbreviated as it gives
// them.
func streetAddress(fs []field, fi int) int {
	n := strings.TrimRight(fs[fi].text, ",")
	i := 0
	for i < len(n) && n[i] >= '0' && n[i] <= '9' {
		i++
	}
	if i == 0 || i > 6 || len(n)-i > 1 || fs[fi].quoted {
		return -1
	}
	end := -1
	for k := fi + 1; k < len(fs) && k <= fi+3; k++ {
		w := strings.TrimRight(fs[k].text, ".,;:!?)")
		if fs[k].quoted || !nameCase(w) {
			return -1
		}
		if k > fi+1 && streetSuffix[strings.ToLower(w)] {
			end = k
			break
		}
		if endsInAny(fs[k].text, ",;:!?") {
			return -1
		}
	}
	// The locality: after a comma, up to three capitalized words or a
	// state's or country's code, to the next comma.
	for end >= 0 && strings.HasSuffix(fs[end].text, ",") {
		last := -1
		for j := end + 1; j < len(fs) && j <= end+3; j++ {
			if w := strings.TrimRight(fs[j].text, ".,;:!?)"); fs[j].quoted || !nameCase(w) && !isCode(w) {
				break
			}
			last = j
			if endsInAny(fs[j].text, ",;:!?.") {
				break
			}
		}
		if last < 0 {
			break
		}
		end = last
	}
	return end
}

// isCode reports whether w is a region's code as addresses write it: two
// capital letters ("CA", "NY", "DE"), with the punctuation after it.
func isCode(w string) bool {
	w = strings.TrimRight(w, ".,;:!?)")
	return len(w) == 2 && w[0] >= 'A' && w[0] <= 'Z' && w[1] >= 'A' && w[1] <= 'Z'
}

// streetSuffix are the commonest street suffixes of USPS Publication 28
// (appendix C1), in full and in its standard abbreviations.
var streetSuffix = setOf("street", "st", "avenue", "ave", "road", "rd", "boulevard", "blvd", "lane", "ln",
	"drive", "dr", "court", "ct", "place", "pl", "parkway", "pkwy", "way", "terrace", "ter", "circle", "cir",
	"highway", "hwy", "square", "sq", "trail", "trl", "plaza", "plz", "alley", "aly")

// coordParam tells a latitude parameter (1) and a longitude parameter (2)
// by name; 0 for any other.
func coordParam(lname string) int {
	switch lname {
	case "latitude", "lat":
		return 1
	case "longitude", "lng", "lon", "long":
		return 2
	}
	return 0
}
