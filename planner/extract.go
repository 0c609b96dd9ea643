package planner

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// Argument extraction for the lexical planner: values that can be read off a
// query without understanding it. Each kind is recognized by its shape, never
// by guessing, so a filled argument is one the user actually wrote.

// queryValues are the values found in one query, in order of appearance.
type queryValues struct {
	backend  string   // the backend of the tool being filled, when known ("mongodb")
	paths    []string // absolute, or resolved against the working directory
	urls     []string // with a scheme (https://x, mongodb://y)
	refs     []repoRef
	quoted   []string
	numbers  []numberAt
	ordinals []int // "the 5th request", "the third tab": positions, 1-based, in order
	emails   []string
	places   []string // street addresses ("1600 Amphitheatre Parkway, Mountain View")
	words    []string // every lower-cased word, for enum and name matching
	toks     []qtok   // the query split on spaces, quoted spans kept whole
	dotted   [][2]string
	pairs    [][2]string       // "key=value", "key: value": a value the task assigns to a named key
	size     [2]int            // "1280x800": width and height, zero when absent
	count    int               // "last 10", "top 5", "first 20", "5 results": how many, zero when absent
	offset   int               // "skip the first 10": how many to pass over, zero when absent
	span     int               // "results 100 to 149": how many a numbered range holds (50), zero when absent
	money    []moneyAt         // "$49", "10 usd"
	currency string            // ISO 4217 code the query names, upper case, or ""
	json     []json.RawMessage // JSON objects and arrays written in the task
	relPaths []string          // file names without a working directory to resolve them ("README.md", "src/a.ts")
	inRepo   bool              // set for the members of a nested object of a tool that reads a repository: relPaths are its paths
	query    string            // the task as written
}

var (
	reSize = lazyregexp.New(`\b(\d{2,5})\s*(?:[x×]|\s+by\s+)\s*(\d{2,5})\b`) // "1280x800", "1024 by 768"
	// The cardinal may be a word ("the last ten"), as numberWords lists them.
	// wordNumber reads every word the alternation lists.
	reCount = lazyregexp.New(`(?i)\b(?:last|top|first|latest|recent|newest|oldest)\s+(\d{1,6}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)-(?:one|two|three|four|five|six|seven|eight|nine)|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|dozen)\b`)
	// "5 results", "20 items": a count of the things a listing returns.
	reCountNoun   = lazyregexp.New(`(?i)\b(\d{1,6})\s+(?:results|items|hits|entries|matches|records|rows)\b`)
	reWhereClause = lazyregexp.New(`(?i)\S\s+where\s+((?:the\s+)?\w+\s+(?:is|are|was|were|equals|contains|=)\s+[^,;]+)$`) // "... where the browser is Safari"
	reCodeName    = lazyregexp.New(`^[A-Z]{2,}[0-9]+[A-Z0-9]*$`)                                                          // "SPRING25", "BF2026": a code
	reNextN       = lazyregexp.New(`(?i)\bnext\s+(\d{1,6})\b`)                                                            // "the next 50 results": a page's size
	toolUseNouns  = setOf("tool", "call", "calls", "invocation", "invocations", "run", "runs", "use", "uses")             // words for a tool or its uses
	reSnakeName   = lazyregexp.New(`^[a-z]+(?:_[a-z]+)+$`)                                                                // "start_process": words joined by underscores
	// "results 100 to 149", "lines 200-260": a page of numbered items,
	// its first and its last.
	reItemRange = lazyregexp.New(`(?i)\b(?:results?|items?|lines?|rows?|entries|records?|matches)\s+(\d{1,6})\s*(?:to|through|thru|-|–)\s*(\d{1,6})\b`)
	// "starting at result 200", "start from offset 50", "from result 100
	// on": the first item of a page.
	reStartAt = lazyregexp.New(`(?i)\bstart(?:ing)?\s+(?:at|from)\s+(?:the\s+)?(?:offset|results?|items?|lines?|rows?|entry|records?|index)?\s*#?(\d{1,6})\b|\bfrom\s+(?:results?|items?|rows?|entry|records?|index)\s+#?(\d{1,6})\s+on(?:wards?)?\b`)
	// "skip the first 10", "skip 20", "offset 40": results to pass over.
	reOffset = lazyregexp.New(`(?i)\b(?:skip(?:ping)?|offset)\s+(?:the\s+)?(?:first\s+)?(\d{1,6})\b`)
)

// qtok is one space-separated token of the query, punctuation trimmed.
type qtok struct {
	raw    string // as written, punctuation kept
	text   string
	lower  string
	stem   string
	quoted bool
}

// repoRef is "owner/repo", optionally with "#123".
type repoRef struct {
	owner, repo string
	number      int  // 0 when absent
	moved       bool // written after a word of branch movement ("from feature/x", "into"): likely a branch
}

// numberAt is a number in the query and the words around it.
type numberAt struct {
	value        float64
	isInt        bool
	before, next string  // neighbouring words, lower-cased ("page 2", "10 results")
	linked       string  // the word before a linking word before the number ("depth of 3", "limit is 5"), lower-cased
	after        string  // the word after next when next is a unit ("2 second delay": "delay"), lower-cased, or ""
	word         bool    // written as a word ("three"): taken only next to a word naming the parameter
	percent      bool    // "20%", "20 percent": only for a parameter about a percentage
	unit         float64 // a time unit written in the same token ("30s"), in milliseconds
	bound        string  // "no deeper than 2": the adjective of measure it bounds ("deep"), or ""
	batch        bool    // "50 at a time": the size of each batch (a page of results)
}

// periodAfter reports whether the text after "last N" starts with a unit
// of time: "the last 24 hours" is a period, not 24 results.
func periodAfter(rest string) bool {
	f := strings.Fields(rest)
	return len(f) > 0 && timeUnits[bareWord(f[0])] != 0
}

// linkWords join a name to its value: "depth of 3", "limit is 5", "timeout
// = 30", "page size to 50", "retries at 2".
var linkWords = setOf("of", "is", "=", "to", "at", "as", "equals")

// linkedWord returns the word before a linking word right before word i,
// or "". Not when the number counts the plural noun after it: "an image of
// 4 lighthouses" is an image of things, not an image count of 4 ("a depth
// of 3 levels" keeps it: levels is a unit).
func linkedWord(at func(int) string, i int) string {
	if !linkWords[at(i-1)] {
		return ""
	}
	if next := at(i + 1); isPlural(next) && !unitWords[next] && timeUnits[next] == 0 && !dimensionWords[next] && at(i-1) == "of" {
		return ""
	}
	return at(i - 2)
}

// numberWords are the English cardinal numbers people write out in a task
// ("make three images", "the last ten commits"). "one" is left out: it is
// mostly a pronoun or an article ("in one go", "one of them").
var numberWords = map[string]float64{
	"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "fifty": 50, "hundred": 100,
}

// The shapes of values; reRepoRef is "owner/repo" (optionally "#123"), and
// a possessive after it ("acme/api's PR 41") is English's, not the name's.
var (
	reURL       = lazyregexp.New(`\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s'"<>` + "`" + `]+`)
	reOwnerName = lazyregexp.New(`^[A-Za-z0-9][A-Za-z0-9-]*$`) // a GitHub user or organization name, reRepoRef's owner
	reRepoRef   = lazyregexp.New(`(?:^|[\s(])(?:github\.com/)?([A-Za-z0-9][A-Za-z0-9-]*)/([A-Za-z0-9._-]+?)(?:#(\d+))?(?:'s|’s)?(?:[\s,;:!?)]|\.(?:\s|$)|$)`)
	reHashNum   = lazyregexp.New(`(?:^|\s)#(\d+)\b`)
	reEmail     = lazyregexp.New(`\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b`)
	reNumber    = lazyregexp.New(`(?:^|[\s(=:$])(-?\d+(?:\.\d+)?)(?:[\s,;:!?)%x]|\.(?:\s|$)|$)`)
	reWord      = lazyregexp.New(`[A-Za-z][A-Za-z0-9_-]*`)
)

// reThousands is a number written with commas between groups of three
// digits ("1,280", "12,500,000"), the English way. A list written without
// spaces ("1,2,3") has no group of three and is left alone.
var reThousands = lazyregexp.New(`\b\d{1,3}(?:,\d{3})+\b`)

// reBareDomain is a host name of the common generic top-level domains
// (IANA), written alone: "example.com", "docs.python.org". Country codes are
// left out: two letters are too often a file extension or a field.
var reBareDomain = lazyregexp.New(`^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|io|dev|app|ai|edu|gov|info|cloud|tech|site|xyz)(?:/[^\s]*)?$`)

// extractValues finds the values in query. cwd, when set, resolves relative
// paths ("src/a.ts", "./x").
func extractValues(query, cwd string) queryValues {
	var v queryValues
	// JSON written in the task is one value; its members are not read again.
	v.query = query
	v.json, query = jsonSnippets(query)
	for _, f := range fields(query) {
		if f.quoted {
			v.quoted = append(v.quoted, f.text)
		} else if t := strings.TrimRight(f.text, ".,;:!?"); envSetting(t) {
			// "append LOG_LEVEL=debug to .env": an environment variable's
			// setting is a text value as a quoted one is.
			v.quoted = append(v.quoted, t)
		}
	}
	if fs := fields(query); len(fs) > 2 {
		for fi := 0; fi < len(fs); fi++ {
			if end := streetAddress(fs, fi); end > fi {
				var ws []string
				for _, f := range fs[fi : end+1] {
					ws = append(ws, f.text)
				}
				v.places = append(v.places, strings.TrimRight(strings.Join(ws, " "), ".,;:!?)"))
				fi = end
			}
		}
	}
	rest := query
	for _, u := range reURL().FindAllString(query, -1) {
		u = strings.TrimRight(u, ".,;:!?)")
		v.urls = append(v.urls, u)
		rest = strings.Replace(rest, u, " ", 1)
	}
	v.emails = append(v.emails, reEmail().FindAllString(rest, -1)...)

	// Paths: tokens outside quotes and URLs, and a quoted text that is one
	// absolute path ("open the doc '/platforms/js/guides/nextjs.md'"):
	// people quote paths as they quote other values.
	for _, f := range fields(rest) {
		if f.quoted {
			if (strings.HasPrefix(f.text, "/") && len(f.text) > 1 || strings.HasPrefix(f.text, "~/")) && !strings.ContainsAny(f.text, " \t") {
				v.paths = append(v.paths, f.text)
			}
			continue
		}
		tok := strings.TrimRight(f.text, ".,;:!?)")
		tok = strings.TrimLeft(tok, "(")
		if strings.IndexByte(tok, '.') > 0 && !strings.Contains(tok, "@") {
			// A host name written without its scheme ("go to
			// example.com"): the web's URL, https being the scheme
			// browsers assume.
			if d := strings.ToLower(tok); reBareDomain().MatchString(d) {
				v.urls = append(v.urls, "https://"+d)
			}
		}
		switch {
		case strings.HasPrefix(tok, "/") && len(tok) > 1:
			v.paths = append(v.paths, path.Clean(tok))
		case strings.HasPrefix(tok, "~/"):
			v.paths = append(v.paths, tok)
		case strings.HasPrefix(tok, "./") || strings.HasPrefix(tok, "../") || hiddenDirPath(tok) ||
			(strings.Contains(tok, "/") && fileExt(strings.ToLower(tok)) && !strings.Contains(tok, "#") && !strings.HasPrefix(strings.ToLower(tok), "github.com/")):
			if cwd != "" {
				v.paths = append(v.paths, path.Join(cwdPath(cwd), tok))
			} else {
				v.relPaths = append(v.relPaths, tok)
			}
		case cwd != "" && relativePath(tok, cwdPath(cwd)):
			v.paths = append(v.paths, path.Join(cwdPath(cwd), tok))
		case cwd == "" && relativePath(tok, ""):
			v.relPaths = append(v.relPaths, tok)
		}
	}
	var refPrev, refNext []string // the words before and after each ref
	for _, ix := range reRepoRef().FindAllStringSubmatchIndex(rest, -1) {
		m0, owner, repo := rest[ix[0]:ix[1]], rest[ix[2]:ix[3]], rest[ix[4]:ix[5]]
		if fileExt(strings.ToLower(repo)) || strings.HasPrefix(m0, "/") {
			continue
		}
		r := repoRef{owner: owner, repo: strings.TrimSuffix(repo, ".git")}
		if ix[6] >= 0 {
			r.number, _ = strconv.Atoi(rest[ix[6]:ix[7]])
		}
		v.refs = append(v.refs, r)
		refPrev = append(refPrev, lastWord(rest[:ix[2]]))
		refNext = append(refNext, firstWord(rest[ix[1]:]))
	}
	v.refs = rankRefs(v.refs, refPrev, refNext)
	// Numbers with their neighbouring words; quoted text, URLs and paths
	// excluded, as are parts of ids ("ENG-101") and versions.
	plain := rest
	for _, q := range v.quoted {
		plain = strings.Replace(plain, q, " ", 1)
	}
	for _, a := range v.places {
		plain = strings.Replace(plain, a, " ", 1) // the house number is the address's
	}
	if len(v.refs) > 0 && v.refs[0].number == 0 {
		// "#212" inside quoted text is the payload's ("comment \"fixed in
		// #212\" on issue 208"), not the reference's number.
		if m := reHashNum().FindStringSubmatch(plain); m != nil {
			v.refs[0].number, _ = strconv.Atoi(m[1])
		}
	}
	// "1,280 by 800", "$1,200": English groups thousands with commas.
	if strings.IndexByte(plain, ',') >= 0 && reThousands().MatchString(plain) {
		plain = reThousands().ReplaceAllStringFunc(plain, func(m string) string { return strings.ReplaceAll(m, ",", "") })
	}
	words := strings.Fields(plain)
	// at is word i lower-cased without its punctuation, "" out of range.
	at := func(i int) string {
		if i < 0 || i >= len(words) {
			return ""
		}
		return bareWord(words[i])
	}
	// afterNext is word i+2 when word i+1 is a unit that does not end its
	// clause ("2 levels deep", "a 2 second delay"; not "2 times, deep"):
	// the only reading of it (numberAt.after) is the word after a unit.
	afterNext := func(i int) string {
		if i+1 >= len(words) || strings.ContainsAny(words[i+1][len(words[i+1])-1:], ",;.!?") {
			return ""
		}
		if u := at(i + 1); timeUnits[u] == 0 && !unitWords[u] && !dimensionWords[u] && u != "per" {
			return ""
		}
		return at(i + 2)
	}
	skipArticle := -1 // the "a" of "half a minute"
	for _, w := range words {
		if b := strings.TrimRight(w, ".,;:!?()"); len(b) >= 3 && (b[len(b)-1] == 'h' || b[len(b)-1] == 'd' || b[len(b)-1] == 't') {
			// "5th", "1st", "2nd", "third": ordinals end in h, d or t.
			if n, ok := ordinalValue(bareWord(b)); ok {
				v.ordinals = append(v.ordinals, n)
			}
		}
		if d, ok := strings.CutPrefix(strings.TrimRight(w, ".,;:!?()"), "#"); ok {
			// "request #7": the number sign before a numeral names a
			// member of a sequence by its number, its position.
			if n, err := strconv.Atoi(d); err == nil && n > 0 && len(d) <= 4 {
				v.ordinals = append(v.ordinals, n)
			}
		}
	}
	for i, w := range words {
		// "PR 14's branch": the possessive belongs to the noun, not the number.
		w = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		m := reNumber().FindStringSubmatch(" " + w + " ")
		if na, ok := parseAttachedUnit(strings.Trim(w, ".,;:!?()")); m == nil && ok {
			na.before, na.next, na.linked, na.after = at(i-1), at(i+1), linkedWord(at, i), at(i+1)
			v.numbers = append(v.numbers, na)
			continue
		}
		if m == nil {
			lw := bareWord(w)
			if lw == "half" && (at(i+1) == "a" || at(i+1) == "an") && timeUnits[at(i+2)] != 0 {
				// "half a minute", "half an hour": half of the unit (the
				// article is not read again as one of it).
				v.numbers = append(v.numbers, numberAt{value: 0.5, word: true, before: at(i - 1), next: at(i + 2)})
				skipArticle = i + 1
				continue
			}
			if (lw == "a" || lw == "an" || lw == "one") && timeUnits[at(i+1)] != 0 && i != skipArticle {
				// "for an hour", "in a minute": one of the unit. The
				// word before is the article's ("for"), which says what
				// the time is for. "one" is left out of numberWords (a
				// pronoun as often as a number), but before a unit of
				// time it can only count it ("in one hour").
				v.numbers = append(v.numbers, numberAt{value: 1, isInt: true, word: true, before: at(i - 1), next: at(i + 1)})
				continue
			}
			if lw == "one" && unitWords[at(i+1)+"s"] {
				// "one level deep", "one row": before the singular of a
				// unit of counting, as before a unit of time, "one" can
				// only count it. The unit reads as unitWords spells it.
				na := numberAt{value: 1, isInt: true, word: true, before: at(i - 1), next: at(i+1) + "s", linked: linkedWord(at, i), bound: boundOf(at, i)}
				if !strings.ContainsAny(words[i+1][len(words[i+1])-1:], ",;.!?") {
					na.after = at(i + 2)
				}
				v.numbers = append(v.numbers, na)
				continue
			}
			if n, ok := wordNumber(lw); ok {
				na := numberAt{value: n, isInt: true, word: true}
				na.before, na.next, na.linked, na.after = at(i-1), at(i+1), linkedWord(at, i), afterNext(i)
				na.bound = boundOf(at, i)
				v.numbers = append(v.numbers, na)
			}
			continue
		}
		n, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			continue
		}
		na := numberAt{value: n, isInt: !strings.Contains(m[1], ".")}
		na.before, na.next, na.linked, na.after = at(i-1), at(i+1), linkedWord(at, i), afterNext(i)
		na.bound = boundOf(at, i)
		na.percent = strings.HasSuffix(strings.TrimRight(w, ".,;:!?)"), "%") || na.next == "percent" || na.next == "pct"
		na.batch = na.next == "at" && (at(i+2) == "a" || at(i+2) == "one") && at(i+3) == "time"
		v.numbers = append(v.numbers, na)
	}
	for _, w := range reWord().FindAllString(query, -1) {
		v.words = append(v.words, strings.ToLower(w))
	}
	v.money, v.currency = moneyIn(plain, v.words)
	for k := range v.money {
		for i, n := range v.numbers {
			if n.value == v.money[k].amount && !slices.ContainsFunc(v.money[:k], func(m moneyAt) bool { return m.num == i }) {
				v.money[k].num = i
				break
			}
		}
	}
	v.pairs = keyValuePairs(fields(rest))
	if m := reSize().FindStringSubmatch(plain); m != nil {
		v.size[0], _ = strconv.Atoi(m[1])
		v.size[1], _ = strconv.Atoi(m[2])
	}
	countText := plain
	if m := reOffset().FindStringSubmatchIndex(plain); m != nil {
		// "skip the first 10": how many to pass over, not how many to return.
		v.offset, _ = strconv.Atoi(plain[m[2]:m[3]])
		countText = plain[:m[0]] + " " + plain[m[1]:]
	} else if m := reItemRange().FindStringSubmatchIndex(plain); m != nil {
		// "results 100 to 149": where the page starts and how many it holds.
		a, _ := strconv.Atoi(plain[m[2]:m[3]])
		b, _ := strconv.Atoi(plain[m[4]:m[5]])
		if b >= a {
			v.offset, v.span = a, b-a+1
			countText = plain[:m[0]] + " " + plain[m[1]:]
		}
	} else if m := reStartAt().FindStringSubmatchIndex(plain); m != nil {
		// "starting at result 200", "from result 100 on".
		g := 2
		if m[g] < 0 {
			g = 4
		}
		v.offset, _ = strconv.Atoi(plain[m[g]:m[g+1]])
		countText = plain[:m[0]] + " " + plain[m[1]:]
	}
	if m := reCount().FindStringSubmatchIndex(countText); m != nil && !periodAfter(countText[m[1]:]) {
		v.count, _ = strconv.Atoi(countText[m[2]:m[3]])
		if f, ok := wordNumber(strings.ToLower(countText[m[2]:m[3]])); ok {
			v.count = int(f)
		}
	} else if m := reCountNoun().FindStringSubmatch(countText); m != nil {
		v.count, _ = strconv.Atoi(m[1])
	} else {
		v.count = countOfThings(strings.Fields(countText))
	}
	for _, f := range fields(query) {
		t := f.text
		if !f.quoted {
			t = slackMention(t)
			t = strings.Trim(t, ",;!?()[]{}<>")
			t = strings.TrimRight(t, ".:")
			t = strings.TrimRight(t, ")]}>") // "(connection c1):"
			t = strings.TrimSuffix(strings.TrimSuffix(t, "'s"), "’s")
			if t == "" {
				if n := len(v.toks) - 1; n >= 0 && v.toks[n].quoted {
					// Punctuation after a closing quote ("'a', 'b'")
					// belongs to the quoted token, as it does to a word.
					v.toks[n].raw += f.text
				}
				continue
			}
			if dottedRef(strings.ToLower(t)) && !fileExt(strings.ToLower(t)) && strings.Count(t, ".") == 1 {
				a, b, _ := strings.Cut(t, ".")
				v.dotted = append(v.dotted, [2]string{a, b})
			}
		}
		lt := strings.ToLower(t)
		v.toks = append(v.toks, qtok{raw: f.text, text: t, lower: lt, stem: stem(lt), quoted: f.quoted})
	}
	schemeIDs(&v)
	return v
}

// slackMention returns the id of a mention in Slack's message markup,
// "<@U024BE7LH>" (a user), "<#C0123ABCD|general>" (a channel), as people
// paste it from Slack; any other token is returned as it is.
func slackMention(t string) string {
	if len(t) < 4 || t[0] != '<' || t[1] != '@' && t[1] != '#' {
		return t
	}
	end := strings.IndexAny(t, "|>")
	if end < 0 {
		return t
	}
	return t[2:end] + strings.TrimLeft(t[end:], "|>abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
}

// keyValuePairs finds "key=value", "key:value" and "key: value" in the
// query's fields: an explicit assignment, the way developers write
// options, query strings and YAML. The key must be a word (letters, digits,
// '_', '-', '.'), the value non-empty; a URL scheme ("https:") or a time
// ("3:15") is not a key.
func keyValuePairs(fs []field) [][2]string {
	var out [][2]string
	isKey := func(k string) bool {
		if k == "" || !unicode.IsLetter(rune(k[0])) {
			return false
		}
		for _, r := range k {
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_-.", r) {
				return false
			}
		}
		return true
	}
	for i, f := range fs {
		if f.quoted {
			continue
		}
		t := strings.TrimRight(f.text, ",;")
		if k, val, ok := strings.Cut(t, "="); ok && isKey(k) && val != "" {
			out = append(out, [2]string{k, strings.Trim(val, `"'`)})
			continue
		}
		if strings.HasSuffix(t, ":") && i+1 < len(fs) {
			if k := strings.TrimSuffix(t, ":"); isKey(k) {
				out = append(out, [2]string{k, strings.TrimRight(fs[i+1].text, ",;")})
			}
			continue
		}
		if k, val, ok := strings.Cut(t, ":"); ok && isKey(k) && val != "" && !strings.HasPrefix(val, "/") && !hasDigit(k) {
			if _, err := strconv.Atoi(k); err != nil && !strings.ContainsRune(val, ':') {
				out = append(out, [2]string{k, val})
			}
		}
	}
	return out
}

// pairValue converts the value of a key=value pair to the parameter's
// type; ok is false when it does not convert.
func pairValue(val string, p argProp) (any, bool) {
	switch p.typ {
	case "integer", "number":
		f, err := strconv.ParseFloat(val, 64)
		if err != nil {
			return nil, false
		}
		return jsonNumber(numberAt{value: f, isInt: !strings.Contains(val, ".")}, p.typ), true
	case "boolean":
		b, err := strconv.ParseBool(val)
		return b, err == nil
	case "array":
		if p.itemType == "object" {
			// A list of objects is not written as text ("issues: 'A'"
			// names the list; itemList reads its items).
			return nil, false
		}
		parts := strings.Split(val, ",")
		return toAny(parts), true
	case "object":
		return nil, false
	}
	if len(p.enum) > 0 {
		for _, e := range p.enum {
			if strings.EqualFold(e, val) {
				return e, true
			}
		}
		return nil, false
	}
	return val, true
}

// relativePath reports whether tok, found in a query with a working
// directory, names a path relative to it although it has no "./": a bare
// file name with a known extension ("notes.txt", "main.go"), a name ending
// in "/" ("sub/"), or an entry that exists in the working directory ("src",
// "cmd/server"). Words that merely look like names ("the", "README") are
// taken only when such an entry exists.
func relativePath(tok, cwd string) bool {
	if len(tok) < 2 || strings.ContainsAny(tok, "#@:*?\\\"'`") || strings.HasPrefix(tok, "-") || strings.Contains(tok, "..") {
		return false
	}
	lt := strings.ToLower(tok)
	if strings.HasPrefix(lt, "github.com/") || strings.HasPrefix(lt, "www.") {
		return false
	}
	if strings.HasSuffix(tok, "/") && reWord().MatchString(tok) {
		return true
	}
	if !strings.Contains(tok, "/") && fileExt(lt) && strings.Count(tok, ".") == 1 && !strings.HasPrefix(tok, ".") {
		return true
	}
	if name, ok := strings.CutPrefix(tok, "."); ok && !strings.Contains(tok, "/") && strings.Count(name, ".") == 1 && fileExt(lt) && fileNameWord(name[:strings.IndexByte(name, '.')]) {
		// A hidden file, its name opened by a dot as Unix hides it
		// (".gitlab-ci.yml", ".eslintrc.cjs"), with an extension.
		return true
	}
	if name, ok := strings.CutPrefix(tok, "."); ok && len(name) >= 3 && allLetters(name) && strings.ToLower(name) == name && !fileExts[name] {
		// A hidden file without an extension (".nvmrc", ".gitignore",
		// ".env"): Unix's dotfiles are written in lower case (".NET" is
		// a name); a bare extension (".md") is no file.
		return true
	}
	if b, ok := strings.CutSuffix(tok, "file"); ok && len(b) >= 3 && allLetters(tok) && b[0] >= 'A' && b[0] <= 'Z' && strings.ToLower(b[1:]) == b[1:] && !isEnglish(lt) {
		// A tool's manifest named, by the convention Make set, for the
		// tool and "file" ("Dockerfile", "Gemfile", "Procfile",
		// "Jenkinsfile"): a file name without an extension. An English
		// word ("Profile") is none.
		return true
	}
	if !strings.Contains(tok, "/") && !strings.HasPrefix(tok, ".") && strings.Count(tok, ".") == 2 && allExts(lt[strings.IndexByte(lt, '.')+1:]) {
		// A file name with two extensions ("users.csv.gz", "x.tar.gz"):
		// a compressed file keeps the extension of what it holds. Every
		// part after the name must be a known extension, so a version
		// ("v1.2.md") or a host ("api.acme.io") is none.
		return true
	}
	if cwd == "" || !filepath.IsLocal(tok) {
		return false
	}
	_, err := os.Stat(filepath.Join(cwd, filepath.FromSlash(tok)))
	return err == nil
}

// hiddenDirPath reports whether tok is a relative path under a hidden
// directory (".github/CODEOWNERS", ".vscode/settings.json"): a segment
// opened by a dot is Unix's hidden entry, which no owner/repo reference
// has (account names do not start with a dot).
func hiddenDirPath(tok string) bool {
	dir, rest, ok := strings.Cut(tok, "/")
	return ok && len(dir) > 1 && dir[0] == '.' && dir != ".." && fileNameWord(dir[1:]) && rest != "" && !strings.ContainsAny(rest, "#@:")
}

// fileNameWord reports whether s is a name's word of letters, digits,
// '_' and '-' ("gitlab-ci").
func fileNameWord(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-'
	}) < 0
}

// dotRelative reports whether a path opens with "./" or "../".
func dotRelative(s string) bool {
	return strings.HasPrefix(s, "./") || strings.HasPrefix(s, "../")
}

// allExts reports whether every dot-separated part of s is a known file
// extension.
func allExts(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !fileExts[part] {
			return false
		}
	}
	return true
}

// subjectCue are the words after which a search names what it seeks: the
// subject ("about") and what is referred to by name ("mentioning", English's
// verb of referring).
var subjectCue = setOf("about", "mentioning", "mention", "mentions")

// fillerWords never serve as a value after an anchor word.
var fillerWords = setOf("titled", "named", "called", "labeled", "labelled", "page", "project", "issue", "org", "organization", "please", "now", "too", "first", "last", "new", "latest", "id")

// valueLike reports whether a token can be a value: quoted, numeric or
// id-shaped, or a plain word that is not a function word.
func valueLike(t qtok) bool {
	if t.quoted {
		return true
	}
	if t.lower == "" || stopWords[t.lower] || fillerWords[t.lower] {
		return false
	}
	return true
}

// idLike reports whether a token looks like an identifier nobody would type
// as prose: letters and digits mixed ("ENG-101", "c0ffee12", "mon_abc123"),
// or a UUID.
func idLike(t qtok) bool {
	if t.quoted || len(t.text) < 3 || strings.Contains(t.text, "://") || strings.HasPrefix(t.text, "/") {
		return false
	}
	letters, digits := false, false
	for _, r := range t.text {
		switch {
		case r >= '0' && r <= '9':
			digits = true
		case unicode.IsLetter(r):
			letters = true
		case strings.ContainsRune("-_:.", r):
		default:
			return false
		}
	}
	return digits && letters
}

// paramWords are the analyzed words of a parameter name that can anchor a
// value in the query ("project_id" -> "project"; "organizationSlug" ->
// "organization").
func paramWords(name string) []string {
	var out []string
	last := ""
	splitWords(name, func(w string) {
		last = strings.ToLower(w)
		t := normalizeWord(w)
		switch t {
		case "", "id", "slug", "key", "ids", "uuid", "ref":
			return
		}
		out = append(out, t)
	})
	// "entityName", "branchName": the name of an entity, a branch; the
	// owner word anchors the value ("the ledger-db entity"). A list
	// ("entityNames") keeps its head, so it takes every quoted name.
	if len(out) > 1 && last == "name" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 && last != "" && normalizeWord(last) != "" && !strings.ContainsAny(name, "_-") && strings.ToLower(name) == last {
		// A name that is only an identity word ("key", "id"): nothing
		// else names the value, so the word itself anchors it ("the
		// redis key session:abc").
		out = append(out, normalizeWord(last))
	}
	return out
}

// paramWords returns paramWords(p.name): read once with the schema, as the
// argument readings of the re-rank ask for the words of the same few
// parameters many times per task (re-splitting them was a tenth of a
// ranker query over 5,000 tools). The caller must not change its
// elements; appending is safe (its capacity is its length: append copies).
func (p *argProp) paramWords() []string {
	if p.pwords != nil {
		return p.pwords
	}
	return paramWords(p.name)
}

// anchors reports whether a query token names the parameter word pw,
// directly or through a synonym ("org" names "organization").
func anchors(tok qtok, pw string) bool {
	if tok.quoted {
		return false
	}
	var t string
	switch {
	case len(tok.lower) < 2 || stopWords[tok.lower]:
	case tok.stem != "":
		t = tok.stem // extractValues' stem of lower: normalizeWord's result
	default:
		t = normalizeWord(tok.lower)
	}
	if t == "" {
		return false
	}
	if t == pw {
		return true
	}
	if standsFor(t, pw, synonymWeight) {
		return true
	}
	// A misspelt anchor ("projcet 42", "orgnization acme").
	return misspelt(t, pw, tok.lower)
}

// misspelt reports whether w (as analyzed; raw as written) is a misspelling
// of target as the ranker's typo rule has it (typoFixes): one edit away (a
// swap of neighbours counts one), both five letters or more, and raw no
// English word.
func misspelt(w, target, raw string) bool {
	return len(w) >= 5 && len(target) >= 5 && len(w)-len(target) <= 1 && len(target)-len(w) <= 1 && osaDistance(w, target, 2) < 2 && !isEnglish(raw)
}

// identityWord are the words a parameter's name ends with to say it holds
// an identifier (paramWords drops them: "project_id" anchors by
// "project").
var identityWord = setOf("id", "key", "slug", "uuid")

// referenceWord are the nouns that say a value identifies a thing without
// naming a kind of identifier: its reference (clipped "ref"), its number.
var referenceWord = setOf("ref", "reference", "number")

// namedByCopula reports whether the plain word at v.toks[k], after a
// copula, names the thing whose identifier p holds ("sentry org is acme",
// "org is acme on Sentry"): p's name ends with an identity word
// (organizationSlug, project_id), so the thing is named only by its
// identifier, and the word ends its clause (the query's end, a
// punctuation mark, or a preposition of place: "on Sentry"), the place of
// a predicate nominal. A predicate adjective says how the thing is, not
// which ("the org is fine", "the org is down"): WordNet's adjectives
// (isAdjective) are not read, nor a participle ("is paused", "is
// broken", "is running": the regular -ed, the strong -en, the present
// -ing), which is one by its form; a word a noun follows is no
// complement of its own ("the project is dead code").
func namedByCopula(v queryValues, k int, p argProp) bool {
	if k >= len(v.toks) {
		return false
	}
	t := v.toks[k]
	if t.quoted || !plainWord(t) || stopWords[t.lower] || objectEndWords[t.lower] || adverbParticle[t.lower] || len(t.lower) < 3 || isAdjective(t.lower) || strings.HasSuffix(t.lower, "ed") || strings.HasSuffix(t.lower, "en") || strings.HasSuffix(t.lower, "ing") {
		return false
	}
	last := ""
	splitWords(p.name, func(w string) { last = strings.ToLower(w) })
	if !identityWord[last] {
		return false
	}
	if k+1 == len(v.toks) || endsInAny(t.raw, ".,;!?") {
		return true
	}
	switch v.toks[k+1].lower {
	case "on", "in", "at":
		return true
	}
	return false
}

// adverbParticle are English's adverbial particles, which after a copula
// say a state ("the org is down", "the site is back"), never a name.
var adverbParticle = setOf("up", "down", "off", "out", "over", "back", "away", "through", "around")

// copula are the forms of "to be" an identifying clause puts between a
// noun and the value it names ("the code is X").
var copula = setOf("is", "was", "=")

// possessive reports whether a token is a noun written in the possessive
// ("branch's", "database’s"; extractValues keeps the noun in text).
func possessive(t qtok) bool {
	if t.quoted {
		return false
	}
	r := strings.TrimRight(t.raw, ",;:.!?)")
	return strings.HasSuffix(r, "'s") || strings.HasSuffix(r, "’s")
}

// plainWord reports whether a token is a word of letters only, as prose
// is written: not quoted, no digit, no separator an id or a name of a
// machine carries ("-", "_", "/", ":", ".", "@").
func plainWord(t qtok) bool {
	return !t.quoted && allLetters(t.text) && !hasDigit(t.text)
}

// namingCue are the participles that introduce a name ("an issue titled
// Crash", "a repo named docs").
var namingCue = setOf("titled", "named", "called")

// infinitiveLead are the words after which "to" marks an infinitive ("has
// to", "want to", "going to", "able to", "how long does it take to").
var infinitiveLead = setOf("has", "have", "had", "need", "needs", "want", "wants", "going", "ought", "able", "like", "tried", "try", "used", "take", "takes", "took")

// ofIn are the prepositions of containment, which English puts before a
// bare noun phrase of a container as it puts an article ("the events
// collection of analytics db", "the users table in public schema").
var ofIn = setOf("of", "in")

// containerNoun reports whether toks[i-1] toks[i] reads as a bare noun
// phrase of a container after ofIn: a plain word, then a noun (not a
// participle: "in acme/api labeled bug" has a reference, then a label).
func containerNoun(v queryValues, i int) bool {
	w := v.toks[i-1].text
	return plainWords(strings.ToLower(w)) && !strings.ContainsAny(w, "/.") && !strings.HasSuffix(v.toks[i].lower, "ed")
}

// descAlternatives returns the nouns of a description that opens with
// alternatives joined by slashes, lower-cased ("Branch/tag/commit to get
// contents from" -> branch, tag, commit), or nil: the description says
// first what kinds of thing the value is, and a task names the value with
// the noun of its kind ("the develop branch", "tag v1.2").
func descAlternatives(desc string) []string {
	first, _, _ := strings.Cut(desc, " ")
	if !strings.Contains(first, "/") {
		return nil
	}
	var out []string
	for part := range strings.SplitSeq(strings.ToLower(strings.TrimRight(first, ",.;:")), "/") {
		if len(part) < 3 || !allLetters(part) {
			return nil
		}
		out = append(out, part)
	}
	return out
}

// namingPronoun reports whether toks[i] is the object pronoun of a verb of
// naming ("call it homepage-after", "name them v2"): English's naming
// construction puts the name right after it, as after "called".
func namingPronoun(toks []qtok, i int) bool {
	if i == 0 {
		return false
	}
	switch toks[i].lower {
	case "it", "them", "this":
		// Not "label it wontfix", which as often puts a label on it
		// (listCue); "label the connection reporting" names it.
		return namingVerbs[toks[i-1].lower] && toks[i-1].lower != "label"
	}
	return false
}

// namingVerbValue finds the value of a name or title parameter given by
// English's naming construction: a verb of naming, its object, then the
// name ("title it 'users-backup'", "call the export contacts-backup" for
// exportTitle): the object is a pronoun (namingPronoun) or a determiner
// and a word of the parameter's name other than its head ("the export").
func namingVerbValue(v queryValues, p argProp, used map[int]bool) (int, bool) {
	if !strings.HasSuffix(p.lname, "title") && !strings.HasSuffix(p.lname, "name") || p.typ != "string" && p.typ != "" {
		return 0, false
	}
	var owners []string
	splitWords(p.name, func(w string) { owners = append(owners, normalizeWord(w)) })
	owners = owners[:len(owners)-1] // less the head ("title" of exportTitle; all of "filename")
	for i := 1; i+1 < len(v.toks); i++ {
		j := i + 1
		switch {
		case namingPronoun(v.toks, i):
		case i >= 2 && determiners[v.toks[i-1].lower] && slices.Contains(owners, normalizeWord(v.toks[i].lower)) && namingVerbs[v.toks[i-2].lower]:
		default:
			continue
		}
		if t := v.toks[j]; !used[j] && (t.quoted || valueLike(t) && !stopWords[t.lower]) {
			return j, true
		}
	}
	return 0, false
}

// renamesTo reports whether p, a name described as the new one ("The new
// name for the project"), is given by "rename X to Y": English's verb of
// naming anew puts the new name after "to", as for a parameter named
// newName.
func renamesTo(p argProp, v queryValues) bool {
	return (p.lname == "name" || p.lname == "title") && strings.HasPrefix(strings.ToLower(p.desc), "the new ") &&
		slices.ContainsFunc(v.toks, func(t qtok) bool { return !t.quoted && t.lower == "rename" })
}

// namingVerbs are English's verbs of naming a thing.
var namingVerbs = setOf("call", "name", "title", "label", "rename")

// anchoredValue finds "<word of the parameter's name> <value>" in the
// query: "project 4521", "Sentry org acme", "branch chore/cleanup",
// "monitor mon_abc123". It returns the token index of the value.
func anchoredValue(v queryValues, p argProp, used map[int]bool) (int, bool) {
	if p.format == "uuid" {
		// A UUID parameter's anchor finds a UUID: the words after its
		// noun that are none ("page 'Q3 notes' under page 5e2d...") are
		// passed over.
		u := make(map[int]bool, len(v.toks))
		maps.Copy(u, used)
		for i, t := range v.toks {
			if !uuidText(t.text) {
				u[i] = true
			}
		}
		used = u
	}
	var pws []string
	textOnly := false
	namesNoun := "" // the noun of a list of names ("entity" of entityNames): names follow it, a word before it classifies
	switch {
	case isTextParam(p.lname):
		// "the text 'Payment successful'": a text parameter takes a quoted
		// value right after its own name.
		pws, textOnly = []string{p.lname}, true
	case !hasAny(p.lname, "path", "file", "dir", "url", "uri"):
		// The head noun of the name: "project_id" -> "project",
		// "textGone" -> "gone".
		if w := p.paramWords(); len(w) > 0 {
			pws = w[len(w)-1:]
		}
	}
	kinds := 0 // anchors that are the kinds the description gives the value
	if k := descAlternatives(p.desc); len(k) > 0 && len(pws) == 1 && !textOnly {
		// "Branch/tag/commit to get contents from" for ref: the kinds of
		// thing the value is name it ("the develop branch").
		pws = append(pws, k...)
		kinds = len(k)
	}
	switch {
	case p.lname == "name", p.lname == "newname",
		// A list of names ("entityNames", "tagNames"): "the entity called
		// ProjectX" names one.
		p.typ == "array" && p.itemType == "string" && strings.HasSuffix(p.lname, "names"):
		pws = append(pws, "named", "called")
		if w := p.paramWords(); len(w) == 2 && p.typ == "array" {
			// "entityNames": the names of entities; "the entities
			// OldVendor and TempUser" names them after their noun, as
			// "the river Thames" does.
			pws = append(pws, w[0])
			namesNoun = w[0]
		}
	}
	if p.lname == "name" && p.itemNoun != "" {
		// The name of an item of a list: "an entity Marta" for
		// entities[].name, a name in capitals in apposition to the noun
		// of the list's items.
		for i := 0; i+1 < len(v.toks); i++ {
			if t := v.toks[i+1]; anchors(v.toks[i], p.itemNoun) && !used[i+1] && !t.quoted && titleCase(t.text) && !stopWords[t.lower] {
				return i + 1, true
			}
		}
	}
	if isSearchParam(p.lname) {
		pws = append(pws, "about", "mentioning", "mention", "mentions") // "a page about onboarding", "anything mentioning kafka"
	}
	if isSearchParam(p.lname) && (p.descTerms[normalizeWord("title")] || p.descTerms[normalizeWord("titles")]) {
		// A search that compares titles ("The text that the API compares
		// page and database titles against"): the title of the thing
		// sought is the text to search for ("the page titled Roadmap").
		pws = append(pws, "titled", "named", "called")
	}
	switch p.lname {
	case "title":
		pws = append(pws, "titled")
	case "head", "sourcebranch":
		pws = append(pws, "from")
	case "base", "targetbranch":
		// A pull request merges into its base, the branch it targets
		// (GitLab's name for it: target branch) and is opened against.
		pws = append(pws, "into", "onto", "targeting", "against")
		if p.lname == "base" {
			pws = append(pws, "to") // after "from <head>" only, below
		}
	}
	if strings.HasPrefix(p.lname, "new") || hasAny(p.lname, "destination", "target") || renamesTo(p, v) {
		pws = append(pws, "to", "into", "as")
	}
	plain := -1 // for an id: a first value that is a plain word, held while a later one may be an id
	// A parameter described as an id ("The ID of the customer to create
	// the invoice for") takes an id as one named so does.
	describedID := !isIDParam(p.lname) && strings.HasPrefix(strings.ToLower(p.desc), "the id of ")
	for i := 0; i+1 < len(v.toks); i++ {
		for _, pw := range pws {
			ok := anchors(v.toks[i], pw) || v.toks[i].lower == pw || pw == "called" && namingPronoun(v.toks, i)
			if !ok {
				continue
			}
			if pw == "to" && p.lname == "base" && (i < 2 || v.toks[i-2].lower != "from") {
				// "from chore/bump-tf to main": "to" names the base only
				// as the end of a movement from the head, English's
				// from/to pair (a PR "to acme/web" names its repository).
				continue
			}
			if pw == "to" && i > 0 && infinitiveLead[v.toks[i-1].lower] {
				// "it has to say Canada", "I want to see": "to" marks an
				// infinitive there, not a destination.
				continue
			}
			if possessive(v.toks[i]) {
				// "my dev branch's schema": a noun in the possessive is
				// the determiner of the noun after it, which names a thing
				// it has, not its name.
				continue
			}
			if endsInAny(v.toks[i].raw, ",;") && !v.toks[i].quoted {
				// "in the acme org, platform python": a comma closes the
				// noun's phrase; what follows is another.
				continue
			}
			if i >= 3 && doSupport[v.toks[i-3].lower] && determiners[v.toks[i-2].lower] && plainWord(v.toks[i-1]) && !stopWords[v.toks[i-1].lower] &&
				plainWord(v.toks[i+1]) && !v.toks[i+1].quoted {
				// "how much disk does the orders collection take": in a
				// question with "do", the subject's noun phrase (here
				// with its name before the noun, read below) is followed
				// by the bare verb, never by an apposition.
				continue
			}
			// skip one article: "the sandbox namespace" is handled
			// elsewhere; "org acme" / "branch main" here.
			j := i + 1
			for j+1 < len(v.toks) && slices.ContainsFunc(p.paramWords(), func(w string) bool { return anchors(v.toks[j], w) || nominalOf(v.toks[j], w) }) {
				// The rest of the parameter's name, in the task's words
				// ("cost confirmation id cc_91" for confirm_cost_id): the
				// value comes after it.
				j++
			}
			identity := false
			if j+1 < len(v.toks) && !v.toks[j].quoted && (identityWord[v.toks[j].lower] && strings.HasSuffix(p.lname, v.toks[j].lower) ||
				referenceWord[v.toks[j].lower] && (isIDParam(p.lname) || p.descTerms[normalizeWord("reference")])) {
				// "property id 'hT%3Bq'" for property_id: the task writes
				// the parameter's whole name, its identity word too,
				// before the value. A reference or a number names an
				// identifier as well ("project ref mkvtqpzl", "resource
				// number 7" for resourceId).
				j++
				identity = true
			}
			stated := false
			if copula[v.toks[j].lower] && j+1 < len(v.toks) && !used[j+1] && (idLike(v.toks[j+1]) || v.toks[j+1].quoted || identity && plainWord(v.toks[j+1]) && !stopWords[v.toks[j+1].lower] || namedByCopula(v, j+1, p)) {
				// "the callback code is 7XhQ2pLmN9": English's identifying
				// clause equates its subject noun with the complement
				// after the copula. Only an id or a quoted text there: "the
				// branch is fine" says how it is, not which it is; but "the
				// org slug is northwind" says which, the identity word
				// (slug, id, key, name) being the subject, and so does a
				// name that ends its clause when the parameter holds an
				// identifier ("org is acme on Sentry": namedByCopula).
				j++
				stated = identity || namedByCopula(v, j, p)
			}
			if !namingCue[pw] && namingCue[v.toks[j].lower] && j+1 < len(v.toks) && !v.toks[j].quoted {
				// "a branch named hotfix-login": the parameter's noun and
				// a participle of naming introduce its value.
				j++
			}
			// A text parameter's own noun takes an unquoted word too when
			// it is capitalized mid-sentence ("wait until the text Done
			// shows up"): English capitals there mark a literal or a name.
			// ("Done" is a function word elsewhere; capitalized after
			// the noun it is the text.)
			literal := textOnly && pw == p.lname && v.toks[i].lower == pw && titleCase(v.toks[j].text)
			// "of type project", "of kind service": English names a kind
			// with these words, so the next word is the kind's name even
			// when it is a word that usually names a container.
			literal = literal || (v.toks[i].lower == "type" || v.toks[i].lower == "kind") && i > 0 && v.toks[i-1].lower == "of" && fillerWords[v.toks[j].lower]
			if used[j] || !valueLike(v.toks[j]) && !literal || textOnly && !v.toks[j].quoted && !literal && !slices.Contains([]string{"named", "called", "titled"}, pw) && !subjectCue[pw] {
				continue
			}
			// An optional parameter takes only a value that cannot be
			// prose ("tool calls" does not name a tool called "calls").
			// After "titled", "named", "called" the value is introduced as
			// one, so the check does not apply.
			// The word after the preposition a base branch takes ("PRs
			// targeting develop") names a branch, which people name with
			// plain words (main, develop): that preposition says so.
			toBase := (p.lname == "base" || p.lname == "targetbranch") && !slices.Contains(p.paramWords(), pw)
			if !p.required && !stated && !toBase && !namingCue[pw] && !subjectCue[pw] && !v.toks[j].quoted && !literal && !idLike(v.toks[j]) && !hasDigit(v.toks[j].text) && !strings.ContainsAny(v.toks[j].text, "-_/:.@") && !namedEntity(v, j, p) {
				continue
			}
			if anchors(v.toks[j], pw) || pw == namesNoun && v.toks[j].quoted {
				// Quoted names are a list the quoted readings take whole
				// ("the entities 'old-auth' and 'legacy-db'").
				continue
			}
			if (isIDParam(p.lname) || describedID) && plainWord(v.toks[j]) && !stated {
				// "we don't need its preview branch anymore. Please get rid
				// of branch br_x92mf": machines write ids with digits or
				// separators, people write prose with plain words; when
				// the noun comes again before an id-shaped value, that
				// value is the id and the plain word was prose. Alone the
				// plain word is still taken ("branch main"), the first of
				// several.
				if plain < 0 {
					plain = j
				}
				continue
			}
			return j, true
		}
	}
	if plain >= 0 && !(describedID && len(idTokens(v, used)) > 0) {
		// (A described id's plain word gives way to an id the task
		// writes elsewhere: "A customer asked ... an invoice for
		// cus_Q9zX7v".)
		return plain, true
	}
	if i, ok := slugAfterNamedNoun(v, p, used); ok {
		return i, true
	}
	// "the sandbox namespace": a plain word between an article and the
	// anchor, for required parameters, and optional ones whose whole name
	// is the anchor word ("namespace", not "tool calls" for "calls").
	// Not for a search: what is sought comes after "for", "on" or
	// "about"; a word before the noun "search" or "query" classifies it
	// ("a web search", "a quick search", "a tavily search").
	if !isSearchParam(p.lname) && (p.required || len(pws) == 1+kinds && len(p.paramWords()) == 1 && !strings.ContainsAny(p.name, "_-") && strings.ToLower(p.name) == p.name) {
		for i := 2; i < len(v.toks); i++ {
			for _, pw := range pws {
				if stopWords[pw] || namingCue[pw] || pw == namesNoun {
					// A preposition or participle the parameter takes its
					// value after ("to", "into", "named"): what stands
					// before it is no value ("from the Louvre to ...").
					continue
				}
				if v.toks[i].lower == pw || anchors(v.toks[i], pw) {
					a := v.toks[i-2].lower
					// Not a plain word for an id when the task writes an
					// id: "the slack profile for U0G9QF9C6" names no user
					// "slack".
					plainForID := isIDParam(p.lname) && !idLike(v.toks[i-1]) && len(idTokens(v, used)) > 0
					if p.typ == "array" && isPlural(v.toks[i].lower) && !v.toks[i-1].quoted && !idLike(v.toks[i-1]) {
						// "the relevant schemas": one plain word before a
						// plural is as often an adjective as a member's
						// name; the names of a set's members come two or
						// more (premodifierList: "the public and auth
						// schemas").
						continue
					}
					// A noun in the possessive is a determiner as an article
					// is: "the crm database's users collection".
					if (a == "the" || a == "a" || a == "an" || possessive(v.toks[i-2]) || ofIn[a] && containerNoun(v, i)) && !used[i-1] && valueLike(v.toks[i-1]) && !v.toks[i-1].quoted && !plainForID {
						return i - 1, true
					}
					// "the shop MongoDB database": a product's name, written
					// with a capital, may stand between the value and its noun.
					if i >= 3 && productWord(v.toks[i-1]) && (v.toks[i-3].lower == "the" || v.toks[i-3].lower == "a" || v.toks[i-3].lower == "an") &&
						!used[i-2] && valueLike(v.toks[i-2]) && !v.toks[i-2].quoted && !productWord(v.toks[i-2]) {
						return i - 2, true
					}
				}
			}
		}
	}
	if i, ok := slugBeforeNoun(v, p, pws, used); ok {
		return i, true
	}
	return 0, false
}

// slugBeforeNoun finds "the checkout-api project", "the send-invoice edge
// function": for an identity parameter (its name ends in id, slug or key)
// a word joined with a hyphen or an underscore, or holding a digit, between
// an article and the parameter's noun, or the modifier of a compound whose
// head is that noun ("edge function"). English puts a name before the
// noun of its kind as a modifier ("the Thames river"); one plain word there
// is as often an adjective ("the current project"), but machines name
// things with joined words and digits (joinedName tells the hyphenated
// phrases and adjectives of English from them: "a to-do block", "the
// long-running project").
func slugBeforeNoun(v queryValues, p argProp, pws []string, used map[int]bool) (int, bool) {
	if !isIDParam(p.lname) && !(len(p.paramWords()) == 1 && p.typ == "string" && len(p.enum) == 0 && !isTextParam(p.lname)) || isSearchParam(p.lname) {
		return 0, false
	}
	for i := 2; i < len(v.toks); i++ {
		for _, pw := range pws {
			if stopWords[pw] || namingCue[pw] || !(v.toks[i].lower == pw || anchors(v.toks[i], pw)) {
				continue
			}
			for k := i - 1; k >= max(1, i-2); k-- {
				if k < i-1 && (!plainWord(v.toks[i-1]) || stopWords[v.toks[i-1].lower]) {
					break
				}
				a := v.toks[k-1].lower
				if (a == "the" || a == "a" || a == "an" || determiners[a]) && !used[k] && joinedName(v.toks[k]) {
					return k, true
				}
			}
		}
	}
	return 0, false
}

// joinedName reports whether t is a name as machines write one: letters
// and digits joined with '-' or '_', or a word with a digit, and no other
// punctuation (a path, a URL or an address is no such name).
func joinedName(t qtok) bool {
	if t.quoted || t.text == "" || strings.ContainsAny(t.text, "/:.@") || strings.ContainsAny(t.raw[len(t.raw)-1:], ",;.!?)") {
		return false
	}
	joined := false
	for _, r := range t.text {
		switch {
		case r == '-' || r == '_':
			joined = true
		case unicode.IsDigit(r):
			joined = true
		case !unicode.IsLetter(r):
			return false
		}
	}
	if !joined || t.text[0] == '-' || t.text[len(t.text)-1] == '-' {
		return false
	}
	// English joins phrases with hyphens too ("a to-do block", "a
	// built-in check", "an e-mail address"): a part that is a function
	// word, or a single letter, makes the token such a compound. So does a
	// last part in -ing or -ed: English builds compound adjectives on a
	// participle ("the long-running project", "a self-hosted instance").
	last := ""
	for part := range strings.FieldsFuncSeq(t.lower, func(r rune) bool { return r == '-' || r == '_' }) {
		if stopWords[part] || len(part) == 1 && !unicode.IsDigit(rune(part[0])) {
			return false
		}
		last = part
	}
	return !(len(last) > 4 && (strings.HasSuffix(last, "ing") || strings.HasSuffix(last, "ed")))
}

// reCall finds a call as programming languages write one: a name, then
// "(" ("clearCookies()", "getByRole('button')").
var reCall = lazyregexp.New(`[A-Za-z_$][A-Za-z0-9_$]*\(`)

// cwdPath turns a working directory that may be a file:// URI into a path.
func cwdPath(cwd string) string {
	if strings.HasPrefix(cwd, "file://") {
		if u, err := url.Parse(cwd); err == nil {
			return u.Path
		}
	}
	return cwd
}

// docPath returns the filesystem path of an activeDocumentURI, or "".
func docPath(uri string) string {
	if strings.HasPrefix(uri, "file://") {
		if u, err := url.Parse(uri); err == nil {
			return u.Path
		}
		return ""
	}
	if strings.HasPrefix(uri, "/") {
		return uri
	}
	return ""
}

// argProp is one top-level parameter of a tool's input schema.
type argProp struct {
	name        string
	lname       string // lower-cased, separators removed ("pull_number" -> "pullnumber")
	typ         string // "string", "integer", "number", "boolean", "array", "object", or ""
	itemType    string // for arrays
	enum        []string
	required    bool
	desc        string          // the parameter's description as written
	descTerms   map[string]bool // analyzed words of the parameter's description
	nested      []argProp       // for an object with declared properties: those properties
	orArray     bool            // a string that may also be an array of strings (oneOf/anyOf)
	orNumber    bool            // declared as alternatives (oneOf/anyOf), one of them a number
	format      string          // the schema's "format" ("date-time", "uri", ...)
	shapes      []string        // shapes of the example values its description quotes ("a/a/a")
	members     []string        // with nested: the members the object (or each array item) requires
	itemEnum    []string        // for an array of enum members: the members
	itemNoun    string          // for a member of an array's items: the analyzed head noun of the array's name ("entities")
	nameStems   []string        // the stems of the name's words, lower-cased ("includeSubdomains" -> includ, subdomain)
	pwords      []string        // paramWords(name), read once with the schema (argProp.paramWords)
	exs         []string        // paramExamples, read once with the description (argProp.examples)
	paired      [][2]string     // for an enum: member and parameter its description pairs ("'forDuration' with ignoreDurationMinutes")
	urlDefault  bool            // its schema's default is a URL: it takes one
	fileDefault bool            // its schema's default is a file name without a directory ("README.md.gz"): it takes one
	phrase      []string        // the words of the noun phrase its description opens with (descPhraseNouns)
	action      []string        // for a flag: the stems of the action its description says it does when true (flagAction)
	alts        []objectAlt     // for an object read from alternatives (objectUnion): each alternative's members
	objectVerb  string          // the stem of the verb a "<name> to <verb>" description names ("Value to select"; descObject)
	templates   []string        // for an undescribed path: the URI templates the tool's description writes (extract_tooldesc.go)
	qualifiers  [][2]string     // for a search query in a syntax: the key:value qualifiers the tool's description lists (extract_tooldesc.go)
	directions  *directionMap   // for an object (or array of objects) mapping field names to sort directions (extract_order.go)
	switches    [][]string      // for an object: paths to the switches of features it nests ({"imageTransformation": {"enabled"}}; extract_order.go)
	textChain   []string        // for an array of rich text: the members from an item down to its string ("text", "content"; extract_textchain.go)
}

// reQuotedExample finds quoted text in a parameter description, where
// descriptions give example values ('e.g., "gh/organization/project"').
var reQuotedExample = lazyregexp.New("[\"'`]([^\"'`\\s]{3,80})[\"'`]")

// valueShape reduces a value to its punctuation skeleton: every run of
// letters, digits, '_' and '-' becomes "a" ("gh/acme-corp/web" -> "a/a/a").
// It returns "" for shapes without '/', ':' or '@', which say too little
// (a word, a file name, a version).
func valueShape(s string) string {
	sh := skeleton(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' })
	if !strings.ContainsAny(sh, "/:@") {
		return ""
	}
	return sh
}

// skeleton writes every run of the runes inRun takes as "a" and keeps the
// others: "gh/acme-corp/web" -> "a/a/a" when '-' is in a run.
func skeleton(s string, inRun func(rune) bool) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		if inRun(r) {
			if !in {
				b.WriteByte('a')
				in = true
			}
			continue
		}
		in = false
		b.WriteRune(r)
	}
	return b.String()
}

// toolProps returns the parameters of a tool's input schema. The result is
// shared and must not be modified: the last schemas read are kept (a plan
// reads its tool's schema twice, and the same tools are planned again), at
// most propsCacheSize of them (the key holds the schema text: 128 typical
// schemas are a few hundred KB), the whole cache dropped when full.
func toolProps(raw json.RawMessage) []argProp {
	propsCache.Lock()
	props, ok := propsCache.m[string(raw)]
	propsCache.Unlock()
	if ok {
		return props
	}
	props = schemaProps(raw, 0)
	propsCache.Lock()
	if len(propsCache.m) >= propsCacheSize {
		clear(propsCache.m)
	}
	propsCache.m[string(raw)] = props
	propsCache.Unlock()
	return props
}

const propsCacheSize = 128

var propsCache = struct {
	sync.Mutex
	m map[string][]argProp // guarded by Mutex: input schema -> its parameters
}{m: map[string][]argProp{}}

// schemaProps reads the properties of an object schema; depth counts the
// object nesting, which is followed two levels down at most.
func schemaProps(raw json.RawMessage, depth int) []argProp {
	var s struct {
		Properties json.RawMessage            `json:"properties"`
		Required   []string                   `json:"required"`
		Defs       map[string]json.RawMessage `json:"$defs"`
	}
	if json.Unmarshal(raw, &s) != nil || len(s.Properties) == 0 {
		return nil
	}
	type propSchema struct {
		Type        json.RawMessage `json:"type"`
		Format      string          `json:"format"`
		Default     any             `json:"default"`
		Description string          `json:"description"`
		Enum        []any           `json:"enum"`
		Items       *struct {
			Type       json.RawMessage `json:"type"`
			Enum       []any           `json:"enum"`
			Properties json.RawMessage `json:"properties"`
			Required   []string        `json:"required"`
		} `json:"items"`
		Properties json.RawMessage `json:"properties"`
		Required   []string        `json:"required"`
		OneOf      json.RawMessage `json:"oneOf"` // decoded only for a parameter without "type"
		AnyOf      json.RawMessage `json:"anyOf"`
	}
	var raws map[string]json.RawMessage // each property's schema as written (directionsOf, switchesOf)
	if json.Unmarshal(s.Properties, &raws) != nil {
		return nil
	}
	byName := make(map[string]propSchema, len(raws))
	for name, raw := range raws {
		var p propSchema
		if json.Unmarshal(raw, &p) != nil {
			return nil
		}
		byName[name] = p
	}
	// Declaration order matters ("source" before "destination"): read the
	// keys in the order the backend wrote them.
	var order []string
	dec := json.NewDecoder(bytes.NewReader(s.Properties))
	if _, err := dec.Token(); err == nil {
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			if k, ok := tok.(string); ok {
				order = append(order, k)
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				break
			}
		}
	}
	if len(order) != len(byName) { // duplicate keys or a decoding problem
		order = order[:0]
		for k := range byName {
			order = append(order, k)
		}
		slices.Sort(order)
	}
	props := make([]argProp, 0, len(order))
	for _, name := range order {
		p := byName[name]
		ap := argProp{name: name, lname: squash(name), typ: schemaType(p.Type), format: p.Format, required: slices.Contains(s.Required, name)}
		splitWords(name, func(w string) { ap.nameStems = append(ap.nameStems, stem(strings.ToLower(w))) })
		ap.pwords = slices.Clip(append([]string{}, paramWords(name)...)) // never nil; capacity = length
		if p.Items != nil {
			ap.itemType = schemaType(p.Items.Type)
			for _, e := range p.Items.Enum {
				if s, ok := e.(string); ok {
					ap.itemEnum = append(ap.itemEnum, s)
				}
			}
		}
		if d, ok := p.Default.(string); ok && (strings.HasPrefix(d, "https://") || strings.HasPrefix(d, "http://")) {
			// Its default shows the kind of value it takes: a URL.
			ap.urlDefault = true
		}
		if d, ok := p.Default.(string); ok && !strings.ContainsAny(d, "/\\ :") && fileExt(strings.ToLower(d)) && !strings.HasPrefix(d, ".") {
			// A default that is a file name ("README.md.gz"): JSON Schema's
			// default is a value of the parameter, so the parameter takes
			// a file name, as one whose default is a URL takes a URL.
			ap.fileDefault = true
		}
		if ap.typ == "" && (len(p.OneOf) > 0 || len(p.AnyOf) > 0) {
			var ms, more []unionMember
			_ = json.Unmarshal(p.OneOf, &ms)
			_ = json.Unmarshal(p.AnyOf, &more)
			ms = append(ms, more...)
			ap.typ, ap.itemType, ap.orArray, ap.orNumber = unionType(ms)
			ap.enum = nullableEnum(ms)
			if obj, alts := objectUnion(ms, s.Defs); obj != nil && depth < 2 {
				// An object with declared members beside its serialized
				// form (extract_anchor.go): filled member by member.
				ap.typ, ap.alts = "object", alts
				ap.nested = schemaProps(obj, depth+1)
			}
		}
		for _, e := range p.Enum {
			if s, ok := e.(string); ok {
				ap.enum = append(ap.enum, s)
			}
		}
		if ap.typ == "object" || ap.typ == "array" {
			ap.directions = directionsOf(raws[name])
		}
		if ap.typ == "object" {
			ap.switches = switchesOf(raws[name], nil, 0)
		}
		if ap.typ == "array" && ap.itemType == "" {
			var items struct {
				Items json.RawMessage `json:"items"`
			}
			if json.Unmarshal(raws[name], &items) == nil {
				ap.textChain = textChain(items.Items)
			}
		}
		if p.Description != "" {
			describeProp(&ap, p.Description)
		} else if ap.lname == "sha" && ap.typ == "string" {
			// An undescribed commit SHA: git names a commit by its SHA or
			// by any ref that resolves to it (gitrevisions(7): a branch or
			// a tag), so the value after those nouns is one
			// ("commits on branch release-1.9").
			ap.phrase = []string{"commit", "branch", "tag"}
		}
		if ap.typ == "object" && len(p.Properties) > 2 && depth < 2 {
			sub, _ := json.Marshal(map[string]json.RawMessage{"properties": p.Properties})
			ap.nested = schemaProps(sub, depth+1)
			for i, q := range ap.nested {
				// A required text member (body, name, title, ...; not a
				// search) of a top-level object ("input": {"body"})
				// takes the task's one quoted text as a required text
				// parameter does. Its other required members, and those
				// of objects nested deeper, stay optional here: the
				// required-only readings of numbers and searches (the
				// sole number, the whole task) would fill an object the
				// task does not mention ("we have 5 buckets" is no file
				// size limit; a colon payload is no
				// scrapeOptions.profile.name).
				if depth == 0 && slices.Contains(p.Required, q.name) && q.typ == "string" && isTextParam(q.lname) && !isSearchParam(q.lname) {
					ap.nested[i].required = true
				}
			}
			ap.members = p.Required
		}
		if ap.typ == "array" && p.Items != nil && len(p.Items.Properties) > 2 && depth < 2 {
			// An array of objects declared member by member ("observations":
			// [{entityName, contents}]): one item can be filled like an
			// object parameter.
			sub, _ := json.Marshal(map[string]any{"properties": p.Items.Properties, "required": p.Items.Required})
			ap.nested, ap.itemType = schemaProps(sub, depth+1), "object"
			ap.members = p.Items.Required
			if w := paramWords(name); len(w) > 0 {
				// Each item is one of the things the list's plural noun
				// names: "entities" -> an entity.
				for i := range ap.nested {
					ap.nested[i].itemNoun = w[len(w)-1]
				}
			}
		}
		props = append(props, ap)
	}
	return props
}

// describeProp sets p's description d and what is read from it.
func describeProp(p *argProp, d string) {
	p.desc = d
	p.phrase = descPhraseNouns(d)
	p.objectVerb = descObject(*p)
	if p.typ == "boolean" {
		p.action = flagAction(d)
	}
	p.descTerms = map[string]bool{}
	analyze(d, func(t string) { p.descTerms[t] = true })
	for _, m := range reQuotedExample().FindAllStringSubmatch(d, -1) {
		if sh := valueShape(m[1]); sh != "" && !slices.Contains(p.shapes, sh) {
			p.shapes = append(p.shapes, sh)
		}
	}
	if len(p.enum) > 0 && strings.Contains(d, " with ") {
		for _, m := range rePairedMember().FindAllStringSubmatch(d, -1) {
			if slices.Contains(p.enum, m[1]) {
				p.paired = append(p.paired, [2]string{m[1], m[2]})
			}
		}
	}
	p.exs = slices.Clip(paramExamples(*p))
}

func schemaType(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var ss []string
	if json.Unmarshal(raw, &ss) == nil {
		for _, t := range ss {
			if t != "null" {
				return t
			}
		}
	}
	return ""
}

func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r != '_' && r != '-' && r != '.' && r != ' ' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func hasAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// fillArgs fills the parameters of a tool it can read off the query.
// Required parameters are tried for every kind of value; optional ones only
// when the query plainly names them (an enum value, a value next to the
// parameter's name, every word of a boolean's name). It returns the
// arguments and the required parameters left unfilled.
func fillArgs(props []argProp, v queryValues, query string, tctx *TaskContext, readOnly bool) (map[string]any, []string) {
	args := map[string]any{}
	usedPath, usedURL, usedQuoted := 0, 0, 0
	usedNum, usedTok, usedJSON := map[int]bool{}, map[int]bool{}, map[int]bool{}
	var nested []argProp // object parameters declared member by member, filled last
	reserved := quotedAnchors(props, v)
	var missing []string
	lq := strings.ToLower(query)
	hasProp := func(n string) bool {
		return slices.ContainsFunc(props, func(p argProp) bool { return p.lname == n })
	}
	dbColl := len(v.dotted) > 0 && hasProp("database") && hasProp("collection")
	// unquotedSQL is the SQL statement the task writes out, starting
	// outside quotes (sqlUnquoted), or "": read on first need.
	var sqlStmt *string
	unquotedSQL := func() string {
		if sqlStmt == nil {
			stmt, _ := sqlUnquoted(v.query) // "" when there is none
			sqlStmt = &stmt
		}
		return *sqlStmt
	}
	ref := repoRef{}
	if len(v.refs) > 0 {
		ref = v.refs[0]
	} else if len(v.relPaths) > 0 && hasProp("owner") && (hasProp("repo") || hasProp("repository")) && !slices.ContainsFunc(props, func(p argProp) bool { return hasAny(p.lname, "path", "file") }) {
		// "fork vercel/next.js": a repository's name may end as a file's
		// does; for a tool that takes an owner and a repository and no
		// path, "owner/name.js" can only be the repository.
		for _, rp := range v.relPaths {
			if owner, repo, ok := strings.Cut(rp, "/"); ok && !strings.ContainsAny(repo, "/") && reOwnerName().MatchString(owner) {
				ref = repoRef{owner: owner, repo: repo}
				break
			}
		}
	}

	nextPath := func() (string, bool) {
		// Paths go to path parameters in declaration order, so "source"
		// takes the first and "destination" the next.
		if usedPath < len(v.paths) {
			usedPath++
			return v.paths[usedPath-1], true
		}
		if usedPath == 0 && len(v.relPaths) > 0 && (v.inRepo || hasProp("repo") || hasProp("repository") || hasProp("owner") || hasProp("projectid")) {
			// A tool that reads a repository (or a GitLab-style project)
			// takes paths relative to its root, so a file name as written
			// is the path ("README.md of acme/web").
			usedPath++
			return v.relPaths[0], true
		}
		if usedPath == 0 && tctx != nil && (strings.Contains(lq, "this file") || strings.Contains(lq, "current file") || strings.Contains(lq, "open file")) {
			if d := docPath(tctx.ActiveDocumentURI); d != "" {
				usedPath++
				return d, true
			}
		}
		return "", false
	}
	tokValue := func(i int, p argProp) any {
		usedTok[i] = true
		t := v.toks[i]
		if p.typ == "integer" || p.typ == "number" {
			if f, err := strconv.ParseFloat(t.text, 64); err == nil {
				return jsonNumber(numberAt{value: f, isInt: !strings.Contains(t.text, ".")}, p.typ)
			}
			return nil
		}
		if p.typ == "array" {
			return []any{t.text}
		}
		return t.text
	}
	isStringy := func(p argProp) bool {
		return p.typ == "string" || p.typ == "" || (p.typ == "array" && p.itemType == "string")
	}

	for _, p := range props {
		n := p.lname
		var val any
		ok := false
		if len(p.templates) > 0 && usedPath >= len(v.paths) {
			// A path the task does not write: the tool's URI template
			// its ids fill (extract_tooldesc.go).
			if s := fillTemplate(p.templates, query); s != "" {
				args[p.name] = s
				continue
			}
		}
		// A quoted text an earlier parameter took by its anchor ("with
		// message 'x'") is not the next one's.
		// So is one a later parameter's name anchors ("content" does not
		// take the 'add setup' of "with message 'add setup'").
		for usedQuoted < len(v.quoted) && (valueTaken(args, v.quoted[usedQuoted]) || reserved[v.quoted[usedQuoted]] != "" && reserved[v.quoted[usedQuoted]] != p.name) {
			usedQuoted++
		}
		for _, kv := range v.pairs {
			// An explicit "limit=5" or "state: closed" for this very
			// parameter wins over every reading below.
			if squash(kv[0]) == n && !(p.typ == "string" && (strings.HasPrefix(kv[1], "{") || jsonAfterColon(query, kv[0]))) {
				// (A JSON object after "the ops database:" is the
				// request's payload, not a name.)
				val, ok = pairValue(kv[1], p)
				if pl, found := colonPayload(query, kv[0]); found && ok && p.typ == "string" && len(p.enum) == 0 {
					val = pl
				}
				if f, err := strconv.ParseFloat(kv[1], 64); ok && err == nil {
					// One number fills one parameter: "percent_off=20"
					// leaves no 20 for amount_off's readings.
					for j, n := range v.numbers {
						if !usedNum[j] && n.value == f {
							usedNum[j] = true
							break
						}
					}
				}
				break
			}
		}
		if !ok && len(p.enum) == 0 && p.typ != "boolean" && p.typ != "object" {
			// A value whose format says what it is: money, a CSS selector,
			// an emoji shortcode, a percentage, a glob.
			val, ok = formatValue(p, props, v, usedTok, usedNum)
		}
		dbName, collName := -1, -1
		if !ok && n == "database" && p.typ == "string" {
			dbName = databaseNamed(v, usedTok) // extract_anchor.go
		}
		if !ok && n == "collection" && p.typ == "string" && slices.ContainsFunc(props, func(q argProp) bool { return q.lname == "database" }) {
			collName = collectionNamed(v, usedTok) // extract_anchor.go
		}
		switch {
		case ok:
		case len(p.enum) > 0:
			// An enum value named in the query, for any parameter; not by
			// the words that name another parameter of the tool.
			ev := v
			ev.words = wordsNotQuantifying(p.enum, v.numbers, wordsNotNaming(p, props, wordsNotDenied(v.words)))
			if sortKeyParam(p) && sortKeyWords(v) == nil {
				ev.words = nil
			}
			if e, found := noneMember(p, v.toks); found {
				val, ok = e, true
			} else if e, found := allOfEnum(p.enum, v.toks); found {
				val, ok = e, true
			} else if e, found := compoundModifierEnum(p.enum, ev.words); found {
				val, ok = e, true
			} else if e, found := enumInQuery(p.enum, ev.words, lq); found {
				val, ok = e, true
			} else if e, found := enumByMeaning(p, ev); found {
				val, ok = e, true
			} else if len(p.enum) == 1 && p.required {
				// JSON Schema admits only an enum's members: a required
				// parameter with one member has one valid value, and a
				// call without it is invalid.
				val, ok = p.enum[0], true
			}
		case p.typ == "string" && addressParam(p.name) && len(v.places) > 0 && !valueTaken(args, v.places[0]):
			// "lat/long for 1600 Amphitheatre Parkway, Mountain View".
			val, ok = v.places[0], true
		case dbColl && n == "database":
			val, ok = v.dotted[0][0], true
		case dbColl && n == "collection":
			val, ok = v.dotted[0][1], true
		case n == "database" && p.typ == "string" && dbName >= 0:
			// "the crm mongo db", "the users collection in shop".
			usedTok[dbName] = true
			val, ok = v.toks[dbName].text, true
		case collName >= 0:
			// "orders in the shop db", "every document in orders".
			usedTok[collName] = true
			val, ok = bareWord(v.toks[collName].text), true
		case n == "owner" && ref.owner != "":
			val, ok = ref.owner, true
		case (n == "repo" || n == "repository" || n == "reponame") && ref.repo != "":
			val, ok = ref.repo, true
		case p.typ == "string" && ref.owner != "" && !ref.moved && namespacedPath(p) && !valueTaken(args, ref.owner+"/"+ref.repo):
			// A project named by its path: GitLab's API takes a project
			// "ID or URL-encoded path", and the path of a project is
			// namespace/name, the shape a task writes ("in acme/web").
			val, ok = ref.owner+"/"+ref.repo, true
		case p.typ == "string" && ref.owner != "" && !ref.moved && !hasProp("owner") && !hasProp("repo") && ownerItemParam(p, props) != "":
			// "acme/checkout-web" for organizationSlug and projectSlug:
			// the owner/name path (ownerItemParam).
			if ownerItemParam(p, props) == "owner" {
				val, ok = ref.owner, true
			} else {
				val, ok = ref.repo, true
			}
		case (p.typ == "integer" || p.typ == "number") && ref.number != 0 && hasAny(n, "pullnumber", "issuenumber", "prnumber", "iid") || n == "number" && ref.number != 0:
			val, ok = ref.number, true
		case p.typ == "string" && (hasAny(n, "url", "uri", "href", "link", "connectionstring") || p.urlDefault || p.format == "uri" || p.format == "url" || urlHeaded(p)) && usedURL < len(v.urls):
			val, ok = v.urls[usedURL], true
			usedURL++
		case p.typ == "array" && p.itemType == "string" && hasAny(n, "urls", "uris", "links") && len(v.urls) > 0:
			val, ok = slices.Clone(v.urls), true
		case p.typ == "array" && p.itemType == "string" && hasAny(n, "paths", "files") && len(v.paths) > 0:
			val, ok = slices.Clone(v.paths), true
		case p.typ == "array" && p.itemType == "string" && hasAny(n, "paths", "files") && slices.ContainsFunc(v.relPaths, dotRelative):
			// "upload ./fixtures/avatar.png": a path that opens with "./"
			// or "../" is relative to the working directory by the
			// shell's convention, a path whatever its extension.
			var ps []any
			for _, r := range v.relPaths {
				if dotRelative(r) {
					ps = append(ps, r)
				}
			}
			val, ok = ps, true
		case p.typ == "string" && hasAny(n, "path", "file", "dir", "folder", "source", "destination") && !hasAny(n, "url", "pattern", "glob"):
			// ("filePattern" names a pattern of file names, not a path.)
			val, ok = nextPath()
			if !ok && hasAny(n, "filename", "filepath") && len(v.relPaths) > 0 && !valueTaken(args, v.relPaths[0]) {
				// A file name as written: "Relative file names are resolved
				// against the workspace root" is what such parameters say.
				val, ok = v.relPaths[0], true
			}
		case p.typ == "string" && p.fileDefault && slices.ContainsFunc(v.relPaths, func(r string) bool { return !strings.Contains(r, "/") && !valueTaken(args, r) }):
			// A file name as written for a parameter whose default is one
			// ("into users.csv.gz" for a name defaulting to
			// "README.md.gz"); a path with directories is a path's.
			i := slices.IndexFunc(v.relPaths, func(r string) bool { return !strings.Contains(r, "/") && !valueTaken(args, r) })
			val, ok = v.relPaths[i], true
		case p.typ == "string" && hasAny(n, "email") && len(v.emails) > 0:
			val, ok = v.emails[0], true
		case (p.typ == "integer" || p.typ == "number") && v.size[0] > 0 && (n == "width" || n == "height"):
			// "1280x800" is width x height.
			if n == "width" {
				val, ok = v.size[0], true
			} else {
				val, ok = v.size[1], true
			}
		case (p.typ == "integer" || p.typ == "number") && v.offset > 0 && (n == "offset" || n == "skip"):
			val, ok = v.offset, true
		case (p.typ == "integer" || p.typ == "number") && n == "length" && hasProp("offset") && (v.span > 0 || reNextN().MatchString(v.query)):
			// Paging by offset and length: the length is how many the
			// page holds, a range's span or the count of the next page
			// ("the next 50 results"). "The last 50 lines" is no page
			// from an offset (a tail), and left alone.
			if v.span > 0 {
				val, ok = v.span, true
			} else if k, err := strconv.Atoi(reNextN().FindStringSubmatch(v.query)[1]); err == nil {
				val, ok = k, true
			}
		case (p.typ == "integer" || p.typ == "number") && v.count > 0 && isCountParam(n):
			// "the last 10 calls": a result limit. Its number fills no
			// other parameter.
			val, ok = v.count, true
			for j, x := range v.numbers {
				if !usedNum[j] && x.value == float64(v.count) {
					usedNum[j] = true
					break
				}
			}
		case p.typ == "boolean":
			// A flag: set when the query says every word of its name
			// ("bring it to the front" -> bringToFront, "accept the
			// dialog" -> accept), false when a negation comes right before
			// ("do not accept the dialog").
			// A flag that turns something off (ignoreCache) is also set
			// by the task's own words for doing without it ("bypassing
			// the cache", "case-insensitive").
			if allWordsIn(p.name, v.words) && namePrepositionsIn(p.name, v.words) {
				val, ok = !negatedName(p.name, v.toks), true
			} else if val, ok = hyphenatedFlag(p, v); ok {
			} else if val, ok = describedAction(p, v); ok {
			} else if reversedFlag(p, v) {
				val, ok = false, true // "unarchive the block": archived false (typo.go)
			} else if val, ok = avoidedFlag(p, v); ok {
			} else if val, ok = includedFlag(p, v); ok {
			} else if val, ok = switchedFlag(p, v); ok {
			} else {
				val, ok = describedWith(p, v)
			}
		case p.typ == "string" && isSQLParam(p) && unquotedSQL() != "":
			// An SQL statement written into the task, unquoted (its string
			// literals may be: "WHERE status = 'pending'").
			val, ok = unquotedSQL(), true
		case p.typ == "string" && n == "name" && slices.ContainsFunc(v.toks, codeName):
			// "a stripe coupon SPRING25": a name written as a code, in
			// capitals with digits, in apposition to the thing's noun.
			for i, t := range v.toks {
				if !usedTok[i] && codeName(t) && i > 0 && plainWord(v.toks[i-1]) {
					usedTok[i] = true
					val, ok = strings.TrimRight(t.text, ":,;."), true
					break
				}
			}
		case p.typ == "string" && isSearchParam(n) && p.descTerms[normalizeWord("filtering")] && reWhereClause().MatchString(v.query):
			// "pull the events of that issue where the browser is
			// Safari": a relative clause of "where" states the condition
			// the things kept meet, which a filtering query takes.
			val, ok = strings.TrimRight(strings.TrimSpace(reWhereClause().FindStringSubmatch(v.query)[1]), ".!?"), true
		case p.typ == "string" && (n == "toolname" || n == "tool") && len(p.enum) == 0:
			// "the last 25 start_process calls": a tool is named by an
			// identifier, which MCP tool names are and English words are
			// not (snake_case words joined by underscores, no digits: an
			// id has them), written beside a word for a tool or its uses.
			for i, t := range v.toks {
				near := i+1 < len(v.toks) && toolUseNouns[bareWord(v.toks[i+1].lower)] || i > 0 && toolUseNouns[bareWord(v.toks[i-1].lower)]
				if near && !t.quoted && !usedTok[i] && reSnakeName().MatchString(t.text) {
					usedTok[i] = true
					val, ok = t.text, true
					break
				}
			}
		case p.typ == "string" && jsParam(p):
			// A JavaScript function written into the task, unquoted; or an
			// expression, for a parameter that takes code, not a function.
			val, ok = jsFunction(v.query)
			if !ok && !strings.Contains(p.lname, "function") && !strings.Contains(strings.ToLower(p.desc), "function") {
				val, ok = domExpression(v.query)
			}
		case p.typ == "string" && hasAny(n, "pattern", "glob"):
			// "keys starting with feature_flag:": a glob.
			val, ok = globIdiom(v)
		case p.typ == "array" && len(p.itemEnum) > 0 && slices.ContainsFunc(v.toks, func(t qtok) bool { return formCue(t.lower) }):
			// "scrape X as markdown and html": the forms asked for.
			val, ok = asMembers(p.itemEnum, v.toks)
		case p.typ == "array" && len(p.itemEnum) > 0 && slices.ContainsFunc(v.toks, func(t qtok) bool { return t.lower == "only" }):
			// "show only the errors and warnings": the kinds kept.
			val, ok = onlyMembers(p.itemEnum, v.toks)
		case (p.typ == "object" || p.typ == "array") && len(v.json) > 0:
			// A JSON object or array written in the task, for the object or
			// array parameter it names or the only one there is.
			val, ok = snippetFor(p, props, query, v.json, usedJSON)
		case p.typ == "object" && len(p.nested) == 0 && isFilterParam(p):
			val, ok = filterPhrase(p, v, props, usedTok)
		case p.typ == "object" && len(p.nested) > 0 && isFilterParam(p):
			val, ok = declaredFilterPhrase(p, v, props, usedTok)
		}
		switch {
		case ok:
		case len(p.nested) > 0:
			// Filled after the top-level parameters (below), so those
			// keep the values their own names anchor.
			nested = append(nested, p)
			continue
		}
		if !ok && isStringy(p) {
			// A word of the task that the description quotes as an
			// example value ("press Enter" for 'e.g., "Enter",
			// "Control+A"'): the description's own word for it, before
			// any reading by position. An optional parameter takes it
			// only after a word of its description ("key to press").
			// (A value with a unit after its digits, "24h", is no prose:
			// an optional parameter takes it without a description word.)
			// Each occurrence is weighed: the example word may come
			// first as prose ("Main just broke ... on branch main").
			if i, found := describedExample(p, v, usedTok, func(i int) bool {
				return p.required || i > 0 && p.descTerms[normalizeWord(v.toks[i-1].lower)] || amountShape(v.toks[i].lower) != "" || examplePhrase(v.toks, i)
			}); found {
				val, ok = exampleValue(p, v.toks[i]), true
				usedTok[i] = true
			}
		}
		if !ok && p.typ == "string" {
			if i, text, found := cuedText(p, props, v, usedTok); found && (strings.Contains(text, " ") || withValueParams[p.lname] && withVerbs[firstVerb(v.toks)] || p.lname == "content") {
				// Several words after "titled"/"named"/"saying": the
				// whole phrase (one word is read by the anchor below);
				// for a content, one too, whatever it is ("containing
				// 20.11.1": a version, no number to count with).
				val, ok = text, true
				for k := i; k < i+len(strings.Fields(text)); k++ {
					usedTok[k] = true
				}
			}
		}
		if !ok && p.typ == "string" && len(p.enum) == 0 && (p.lname == "code" || p.lname == "script" || p.lname == "function") {
			// "run this playwright snippet: await page.context().clearCookies()":
			// the text a task points forward to (forwardPayload) is the
			// program a parameter named for program text takes, when it
			// reads as one: it calls something ("name(" as programming
			// languages write a call; an OAuth code has none).
			if pl, found := forwardPayload(v.query); found && reCall().MatchString(pl) {
				val, ok = pl, true
			}
		}
		if !ok && p.typ == "string" && describedContents(p) {
			// The contents of a file written into the task: the one
			// quoted text, or the text the task points forward to
			// ("is this config valid? version: 2.1 ...").
			if len(v.quoted) == 1 && !valueTaken(args, v.quoted[0]) && (reserved[v.quoted[0]] == "" || reserved[v.quoted[0]] == p.name) {
				val, ok = v.quoted[0], true
			} else if pl, found := forwardPayload(v.query); found && len(v.quoted) == 0 {
				val, ok = pl, true
			}
		}
		if !ok && isStringy(p) || !ok && (p.typ == "integer" || p.typ == "number") {
			i, found := anchoredValue(v, p, usedTok)
			if !found {
				i, found = namingVerbValue(v, p, usedTok)
			}
			if !found {
				i, found = ownerAnchoredValue(v, p, usedTok)
			}
			if found && v.toks[i].quoted && reserved[v.toks[i].text] != "" && reserved[v.toks[i].text] != p.name {
				// A quoted text another parameter was found to take
				// (quotedAnchors).
				found = false
			}
			if found && (p.typ == "integer" || p.typ == "number") && numberTaken(v, usedNum, v.toks[i].text) {
				// The number a numeric reading gave another parameter
				// ("page 2" to page) is not this one's too (per_page).
				found = false
			}
			if found && fileExt(v.toks[i].lower) && !v.toks[i].quoted && !hasAny(n, "path", "file", "dir", "name") && slices.ContainsFunc(props, func(q argProp) bool {
				return q.name != p.name && hasAny(q.lname, "path", "file") && (q.typ == "string" || q.typ == "")
			}) {
				// A file name is for the tool's file parameter, not for
				// one the word "to" happens to anchor ("saved to shot.png").
				found = false
			}
			if found && slices.ContainsFunc(props, func(q argProp) bool { return narrowerNamed(p, q, v.words) }) {
				// "the text 'Saving...' is gone" for textGone, not text:
				// a parameter whose name says more, all of it in the task.
				found = false
			}
			if found {
				list := coordinated(v, i, usedTok)
				if list == nil && p.typ == "array" && strings.HasSuffix(p.lname, "names") {
					list = coordinatedNames(v, i, usedTok)
				}
				if list == nil && p.typ == "array" && i > 0 && !v.toks[i-1].quoted && isPlural(v.toks[i-1].lower) {
					// "the labels tech-debt and backend": after a plural
					// noun, the values joined to the first are members of
					// the same list, whatever their shapes.
					list = coordinatedMembers(v, i, usedTok)
				}
				if len(list) > 1 && (p.orArray || p.typ == "array") {
					// "the keys a:1 and b:2": every value of the list.
					vals := make([]any, len(list))
					for k, j := range list {
						vals[k], usedTok[j] = v.toks[j].text, true
					}
					val, ok = vals, true
				} else if x := tokValue(i, p); x != nil {
					val, ok = x, true
					if f, err := strconv.ParseFloat(v.toks[i].text, 64); err == nil && (p.typ == "integer" || p.typ == "number") {
						// The numeric readings below must not give the
						// same number to another parameter.
						for j, n := range v.numbers {
							if !usedNum[j] && n.value == f {
								usedNum[j] = true
								break
							}
						}
					}
				}
			}
		}
		if !ok && p.typ == "string" {
			// "The entity to add the observations to": the name written
			// after "to" of "add" (extract_goal.go), when no word of the
			// parameter's own anchors a value ("on branch x").
			if i, found := goalValue(p, v, args, usedTok); found {
				val, ok = tokValue(i, p), true
			}
		}
		if !ok && p.typ == "string" {
			// "Value to select": the object of that verb, or of a
			// synonym ("pick EUR"), written as a value (extract_goal.go).
			if i, found := objectValue(p, v, usedTok); found {
				val, ok = tokValue(i, p), true
			}
		}
		if !ok && isStringy(p) {
			// An id whose prefix names the parameter ("price_9XY" for
			// price): APIs such as Stripe type their ids this way.
			if i, found := prefixedID(p, v, usedTok); found {
				val, ok = tokValue(i, p), true
			}
		}
		if !ok && p.typ == "string" && len(p.shapes) > 0 {
			// A token shaped like the example the description gives
			// ("gh/acme/web" for 'e.g. "gh/organization/project"').
			for i, t := range v.toks {
				if !usedTok[i] && !t.quoted && slices.Contains(p.shapes, valueShape(t.text)) {
					val, ok = tokValue(i, p), true
					break
				}
			}
		}
		if !ok && p.required && p.typ == "string" && (p.descTerms[stem("press")] || p.descTerms[stem("keyboard")]) {
			// A key to press, required, takes the keyboard key the task
			// names ("press Tab", "hit esc": Escape; keyOf), in the
			// spelling browsers give it. An optional one keeps the
			// reading by its described example (and pressedKey).
			for i, t := range v.toks {
				if key := keyOf(strings.Trim(t.text, ".,;:!?")); !usedTok[i] && !t.quoted && key != "" {
					usedTok[i] = true
					val, ok = key, true
					break
				}
			}
		}
		if !ok && p.required && p.typ == "string" && n == "name" {
			// A person's or thing's name is written in capitals: "for
			// Jane Doe".
			if name := properRun(v.toks, usedTok); name != "" {
				val, ok = name, true
			}
		}
		if !ok && p.required {
			switch {
			case p.typ == "string" && isTextParam(n) && usedQuoted < len(v.quoted):
				val, ok = v.quoted[usedQuoted], true
				usedQuoted++
			case p.typ == "array" && p.itemType == "string" && len(v.quoted) > usedQuoted:
				var qs []string
				for _, q := range v.quoted[usedQuoted:] {
					if reserved[q] == "" || reserved[q] == p.name {
						qs = append(qs, q)
					}
				}
				val, ok = toAny(qs), len(qs) > 0
				usedQuoted = len(v.quoted)
			case p.typ == "array" && p.itemType == "string":
				if ids := idTokens(v, usedTok); len(ids) > 0 {
					val, ok = toAny(ids), true
				}
			case p.typ == "string" && isSearchParam(n) && readOnly:
				// A free-text search: the query itself is a fair search string.
				val, ok = query, true
			case p.typ == "string" && instructionParam(&p):
				// An instruction to a model or an agent (a prompt, a
				// research question, a goal): the task is the user's own
				// instruction, in their words.
				val, ok = query, true
			case p.typ == "string" && isIDParam(n):
				if ids := idTokens(v, claimedElsewhere(v, p, props, args, usedTok)); len(ids) == 1 {
					val, ok = ids[0], true
					for i, t := range v.toks {
						if t.text == ids[0] {
							usedTok[i] = true
						}
					}
				}
			case p.typ == "integer" || p.typ == "number":
				if i, found := numberNamed(v.numbers, p.name, numbersFor(p, v, usedNum)); found {
					usedNum[i] = true
					val, ok = jsonNumber(v.numbers[i], p.typ), true
				} else if i, found := soleNumber(v.numbers, numbersFor(p, v, usedNum), props); found {
					usedNum[i] = true
					val, ok = jsonNumber(v.numbers[i], p.typ), true
				}
			}
		} else if !ok && p.typ == "string" && isSearchParam(n) && usedQuoted < len(v.quoted) {
			val, ok = v.quoted[usedQuoted], true
			usedQuoted++
		} else if !ok && (p.typ == "integer" || p.typ == "number") {
			excl := numbersFor(p, v, usedNum)
			if (n == "offset" || n == "skip") && v.count > 0 {
				// "the first 40 lines": a count of lines, not where to start.
				excl = maps.Clone(excl)
				for j, x := range v.numbers {
					if x.value == float64(v.count) {
						excl[j] = true
					}
				}
			}
			if i, found := numberNamed(v.numbers, p.name, excl); found {
				usedNum[i] = true
				val, ok = jsonNumber(v.numbers[i], p.typ), true
			} else if i, found := numberDescribed(v.numbers, p.descTerms, excl); found {
				usedNum[i] = true
				val, ok = jsonNumber(v.numbers[i], p.typ), true
			} else if i, found := setNamedNumber(p, v, excl); found {
				usedNum[i] = true
				val, ok = jsonNumber(v.numbers[i], p.typ), true
			} else if i := slices.IndexFunc(v.numbers, func(x numberAt) bool { return x.batch }); i >= 0 && !usedNum[i] && isCountParam(n) {
				// "list the channels, 50 at a time": English's "N at a
				// time" gives the size of each batch, which is what a
				// result limit or a page size sets.
				usedNum[i] = true
				val, ok = jsonNumber(v.numbers[i], p.typ), true
			}
		}
		if s, isStr := val.(string); ok && isStr {
			if f, fits := fitValue(p, s); !fits {
				ok = false
				if !valueTaken(args, s) {
					// An id is free again for the parameters after this
					// one ("replay 7e07...": not a replayUrl, the
					// replayId); a plain word stays taken ("the pricing
					// page" names no page URL, nor any other value).
					for i, t := range v.toks {
						if t.text == s && idLike(t) {
							delete(usedTok, i)
						}
					}
				}
			} else if f != s {
				val = f
			}
		}
		if ok {
			args[p.name] = val
		} else if p.required {
			missing = append(missing, p.name)
		}
	}
	missing = leftoverItem(props, v, args, missing)
	for _, p := range nested {
		// An object the tool declares member by member ("params":
		// {projectSlug, branch}, "update": {priority}): its members are
		// filled by the same rules as top-level parameters, none of them
		// counted as missing (the object's own requiredness decides), and
		// none taking a text a top-level parameter already has.
		nv := v
		if len(args) > 0 {
			// A value a top-level parameter took is no member's: its token
			// is left out, so a member's anchor finds the next one ("move
			// page A under page B": the parent's page is B).
			for i, t := range v.toks {
				if !t.quoted && valueTaken(args, t.text) {
					if &nv.toks[0] == &v.toks[0] {
						nv.toks = slices.Clone(v.toks) // (only when a token goes)
					}
					nv.toks[i] = qtok{raw: t.raw}
				}
			}
		}
		// The files of a push to a repository ("files": [{path,
		// content}]) take repository-relative paths as the tool does.
		nv.inRepo = v.inRepo || hasProp("repo") || hasProp("repository") || hasProp("owner") || hasProp("projectid")
		if len(usedNum) > 0 {
			// One number fills one parameter: a number a top-level
			// parameter took ("only 50 pages" for limit) is no member's
			// (pdfOptions.maxPages).
			nv.numbers = nil
			for i, n := range v.numbers {
				if !usedNum[i] {
					nv.numbers = append(nv.numbers, n)
				}
			}
		}
		sub, _ := fillArgs(p.nested, nv, query, tctx, readOnly)
		dropTaken(sub, args)
		ok := len(sub) > 0
		if ok && p.typ == "array" {
			// One item, taken only when it has a member the item
			// requires: a stray optional member is no item. An enum
			// member alone ("scrape" for an action type) is not a
			// spelled-out item either.
			// A path alone is no item either ("push src/a.ts to
			// acme/web" gives no file without its content).
			ok = slices.ContainsFunc(p.nested, func(q argProp) bool {
				return q.required && len(q.enum) == 0 && sub[q.name] != nil && !hasAny(q.lname, "path", "file")
			})
		}
		if ok && len(p.alts) > 0 {
			ok = namedMembers(sub, p.nested, v) && fitAlternative(p.alts, sub)
		}
		switch {
		case ok && p.typ == "array":
			args[p.name] = []any{sub}
		case ok:
			args[p.name] = sub
		case p.required:
			missing = append(missing, p.name)
		}
	}
	if len(nested) > 0 {
		order := func(n string) int { return slices.IndexFunc(props, func(p argProp) bool { return p.name == n }) }
		slices.SortStableFunc(missing, func(a, b string) int { return order(a) - order(b) })
	}
	missing = operands(props, v, args, usedNum, missing)
	missing = setToValue(props, v, args, missing)
	missing = typedInto(props, v, args, missing)
	missing = pressedKey(props, v, args, missing)
	missing = pressedFlag(props, v, args, missing)
	missing = settingNumber(props, v, args, missing)
	missing = relationTriple(props, v, args, missing)
	missing = fromToRange(props, v, args, missing)
	missing = motionEnds(props, v, args, missing)
	missing = avoidedList(props, v, args, missing)
	missing = originValue(props, v, args, missing)
	missing = branchPlace(props, v, args, missing)
	missing = replaceWith(props, v, args, missing)
	missing = listValues(props, v, args, missing)
	missing = itemList(props, v, query, tctx, readOnly, args, missing)
	missing = premodifierList(props, v, args, missing)
	missing = quotedPayload(props, v, args, missing)
	missing = quotedTextChain(props, v, args, missing)
	missing = colonPayloadList(props, v, args, missing)
	missing = pairedEnum(props, args, missing)
	missing = qualifiedSearch(props, v, args, missing)
	missing = orderDirections(props, v, args, missing)
	missing = positionOfTotal(props, v, args, missing)
	missing = featureSwitches(props, v, args, missing)
	missing = platformMember(props, v, args, missing)
	missing = conditionClause(props, v, args, missing)
	if dbColl {
		sameDatabaseName(props, v, args)
	}
	// An optional identifier: when the tool has exactly one *Id parameter
	// left unfilled and the query exactly one unused id-shaped token
	// ("why is CHECKOUT-4F2 happening" for issueId), that token is it.
	var idProp *argProp
	n := 0
	for i := range props {
		p := &props[i]
		if _, done := args[p.name]; !done && p.typ == "string" && strings.HasSuffix(p.lname, "id") && len(p.lname) > 2 {
			idProp, n = p, n+1
		}
	}
	if n == 1 && !idProp.required {
		if ids := idTokens(v, usedTok); len(ids) == 1 && !strings.Contains(ids[0], "/") {
			args[idProp.name] = ids[0]
		}
	}
	return args, missing
}

// fitValue checks a string a reading found against what the schema and
// the parameter's name say the value is. JSON Schema's enum admits only
// its members: "click the Save button" gives no button outside left, right
// and middle (a member written in other capitals is that member). The
// head noun of an English compound names its kind: a "region URL"
// (regionUrl) is a URL, so "in region eu1" gives it nothing; a word with
// no dot and no slash is neither a URL nor a host. So for a description
// whose head noun is URL (urlHeaded: "one page URL to monitor").
func fitValue(p argProp, s string) (string, bool) {
	if len(p.enum) > 0 {
		for _, e := range p.enum {
			if strings.EqualFold(e, s) {
				return e, true
			}
		}
		return "", false
	}
	if (strings.HasSuffix(p.lname, "url") || strings.HasSuffix(p.lname, "uri") || p.format == "uri" || p.format == "url" || urlHeaded(p)) && !strings.ContainsAny(s, "./") {
		return "", false
	}
	if (p.format == "date-time" || p.format == "date" || strings.Contains(p.desc, "ISO 8601")) && !reISODate().MatchString(s) && !strings.Contains(s, ":") {
		// A date or time as ISO 8601 writes one (or a time of day): an
		// id is none.
		return "", false
	}
	if p.format == "uuid" && !uuidText(s) {
		// JSON Schema's "uuid" (RFC 4122): a title is no page id.
		return "", false
	}
	if p.format == "json" && !json.Valid([]byte(s)) {
		// A string whose format is "json" holds a JSON text (Notion's
		// icon: an emoji or file object); an id is none.
		return "", false
	}
	return s, true
}

// uuidText reports whether s is a UUID: 32 hexadecimal digits, in RFC
// 4122's groups of 8-4-4-4-12 or written without the hyphens (as Notion's
// URLs carry page ids).
func uuidText(s string) bool {
	h := s
	if len(s) == 36 {
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return false
		}
		h = s[:8] + s[9:13] + s[14:18] + s[19:23] + s[24:]
	}
	if len(h) != 32 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if !strings.ContainsRune("0123456789abcdefABCDEF", rune(h[i])) {
			return false
		}
	}
	return true
}

// dropTaken deletes from sub, an object filled for a nested parameter,
// every text a top-level parameter already has, at any depth ("firecrawl
// search for \"web crawling\"" gave the query to query and again to
// scrapeOptions.jsonOptions.prompt), and the objects left empty by it.
func dropTaken(sub, args map[string]any) {
	for k, x := range sub {
		switch x := x.(type) {
		case string:
			if valueTaken(args, x) {
				delete(sub, k)
			}
		case map[string]any:
			dropTaken(x, args)
			if len(x) == 0 {
				delete(sub, k)
			}
		}
	}
}

// globIdiom reads "starting with X" (X*), "ending with X" (*X) and
// "containing X" (*X*), the way people describe a glob.
// textKindNouns name a piece of text by its kind ("the text X", "the
// word X"): after "containing", the content of a thing, not its name.
var textKindNouns = setOf("text", "word", "words", "string", "phrase", "line", "substring")

func globIdiom(v queryValues) (any, bool) {
	for i := 0; i+2 < len(v.toks); i++ {
		w, next := v.toks[i].lower, v.toks[i+1].lower
		x := strings.Trim(strings.TrimRight(v.toks[i+2].raw, ",;!?)"), "'\"`")
		if next != "with" && next != "by" || x == "" {
			if w == "containing" || w == "prefixed" {
				// "containing the text TODO" is about what is inside,
				// not a name: no glob; and a function word is no operand
				// ("*the*").
				if stopWords[next] || textKindNouns[next] {
					continue
				}
				if y := strings.Trim(strings.TrimRight(v.toks[i+1].raw, ",;!?)"), "'\"`"); y != "" {
					if w == "containing" {
						return "*" + y + "*", true
					}
					return y + "*", true
				}
			}
			continue
		}
		switch w {
		case "starting", "beginning", "starts", "begins", "prefixed":
			return x + "*", true
		case "ending", "ends", "suffixed":
			return "*" + x, true
		}
	}
	return nil, false
}

// properRun returns the first run of two or more capitalized words
// ("Jane Doe") among the unused tokens, not counting the first token.
func properRun(toks []qtok, used map[int]bool) string {
	for i := 1; i < len(toks); i++ {
		var run []string
		for j := i; j < len(toks) && !used[j] && !toks[j].quoted; j++ {
			w := toks[j].text
			if !titleCase(w) {
				break
			}
			run = append(run, w)
			if strings.ContainsAny(toks[j].raw, ",;:.!?") { // punctuation ends the name
				break
			}
		}
		if len(run) >= 2 {
			return strings.Join(run, " ")
		}
	}
	return ""
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// idTokens returns the unused id-shaped tokens of the query.
func idTokens(v queryValues, used map[int]bool) []string {
	var out []string
	before := 0 // how many of out come before a trailing colon payload
	payload := colonPayloadStart(v.toks)
	for i, t := range v.toks {
		if !used[i] && idLike(t) && !attachedUnit(t.lower) {
			out = append(out, t.text)
			if i < payload {
				before++
			}
		}
	}
	if before > 0 && before < len(out) {
		// "let C0123ABCD know the following: standup moves to 10am": the
		// words after the colon are the text the task announces, so an
		// id-like word in them ("10am") is part of it, not an id, when
		// the task has ids of its own before the colon.
		out = out[:before]
	}
	return out
}

// colonPayloadStart returns the index of the first token after the last
// token that ends with a colon, when two or more tokens follow it (a
// payload, as trailingColonPayload reads it), or len(toks).
func colonPayloadStart(toks []qtok) int {
	for i := len(toks) - 3; i >= 0; i-- {
		if !toks[i].quoted && strings.HasSuffix(toks[i].raw, ":") {
			return i + 1
		}
	}
	return len(toks)
}

// namespacedPath reports whether a parameter takes a project by its path:
// its description says the value may be a "URL-encoded path" (GitLab's
// "Project ID or URL-encoded path"), and a project's path is
// namespace/name, the owner/repo shape. Paths of files say "file" or
// "directory", not "URL-encoded".
func namespacedPath(p argProp) bool {
	i := strings.Index(p.desc, "-encoded path")
	return i >= 3 && strings.EqualFold(p.desc[i-3:i], "url")
}

// jsonAfterColon reports whether the text after "key:" in query opens a
// JSON (or JavaScript) object or array: the payload, which jsonSnippets
// took out of the text the pairs are read from.
func jsonAfterColon(query, key string) bool {
	pl, found := colonPayload(query, key)
	return found && (strings.HasPrefix(pl, "{") || strings.HasPrefix(pl, "["))
}

// addressParam reports whether a parameter's name says it takes a postal
// address: its last word is "address" and no word before it names another
// kind ("address", "shipping_address"; not "emailAddress", "ip_address").
func addressParam(name string) bool {
	var ws []string
	splitWords(name, func(w string) { ws = append(ws, strings.ToLower(w)) })
	if len(ws) == 0 || ws[len(ws)-1] != "address" {
		return false
	}
	return !slices.ContainsFunc(ws, func(w string) bool { return otherAddress[w] })
}

// otherAddress are the words that make an address no postal one.
var otherAddress = setOf("email", "mail", "e", "ip", "ipv4", "ipv6", "mac", "wallet", "bind", "listen", "server", "host", "remote", "local")

// isIDParam: a parameter that takes an opaque identifier.
func isIDParam(n string) bool {
	return n == "id" || strings.HasSuffix(n, "id") || strings.HasSuffix(n, "slug") || strings.HasSuffix(n, "key")
}

// allWordsIn reports whether every word of a parameter name occurs in the
// query (stems compared).
func allWordsIn(name string, words []string) bool {
	n := 0
	all := true
	splitWords(name, func(w string) {
		t := normalizeWord(w)
		if t == "" {
			return
		}
		n++
		if !slices.ContainsFunc(words, func(q string) bool { return stem(q) == t }) {
			all = false
		}
	})
	return n > 0 && all
}

// narrowerNamed reports whether q's name says what p's does and more
// ("textGone" of "text"), every word of it in the task's words, and both
// take the same type: the value the task gives with those words is q's.
func narrowerNamed(p, q argProp, words []string) bool {
	if q.name == p.name || q.typ != p.typ {
		return false
	}
	pw, qw := p.paramWords(), q.paramWords()
	if len(qw) <= len(pw) || len(pw) == 0 {
		return false
	}
	for _, w := range pw {
		if !slices.Contains(qw, w) {
			return false
		}
	}
	return allWordsIn(q.name, words)
}

// namePrepositionsIn reports whether every preposition of a flag's name
// is among the task's words: the preposition says how the name's other
// word is meant ("fromFailed" is to start from the failed jobs), so "the
// test failed again" does not say it, while "rerun from the failed jobs"
// does. allWordsIn leaves prepositions out, as function words.
func namePrepositionsIn(name string, words []string) bool {
	// The name's words by hand (camelCase, '_', '-'): this runs for every
	// flag the task names, so it allocates nothing.
	start := 0
	for i := 1; i <= len(name); i++ {
		if i < len(name) && !(name[i] >= 'A' && name[i] <= 'Z') && name[i] != '_' && name[i] != '-' {
			continue
		}
		w := strings.Trim(name[start:i], "_-")
		start = i
		for _, prep := range namePrepositions {
			if strings.EqualFold(w, prep) && !slices.Contains(words, prep) {
				return false
			}
		}
	}
	return true
}

// namePrepositions are the prepositions flags are named with
// (fromFailed, bringToFront, includeInResults, sortByDate).
var namePrepositions = []string{"in", "on", "to", "for", "at", "from", "into", "onto", "of", "under", "with", "by", "after", "before"}

// isTextParam: parameters that take a user's literal text.
func isTextParam(n string) bool {
	switch n {
	case "query", "q", "search", "searchquery", "pattern", "text", "title", "message", "body", "content", "comment", "name", "prompt", "thought", "question", "keyword", "keywords", "term", "filter":
		return true
	}
	return false
}

// instructionParam reports whether p takes an instruction in natural
// language for a model or an agent: its name says so (prompt, goal,
// intent, instruction(s), objective, question), or its description does
// ("Natural language instructions ...", "A comprehensive description of
// the research task").
//
// Short of "natural language", a description that says the value
// describes something else ("Text description of desired image") makes it
// content, not an instruction: a
// prompt for an image is the image's description (depictedPrompt), which
// the task may not give ("make an image with everart").
func instructionParam(p *argProp) bool {
	d := strings.ToLower(p.desc)
	if strings.Contains(d, "natural language") {
		return true
	}
	if strings.Contains(d, "description of") {
		return strings.Contains(d, "task")
	}
	switch p.lname {
	case "prompt", "goal", "intent", "instruction", "instructions", "objective", "question":
		return true
	}
	return false
}

func isSearchParam(n string) bool {
	switch n {
	case "query", "q", "search", "searchquery", "searchterm", "prompt", "question", "keywords":
		return true
	}
	return false
}

// enumInQuery finds an enum value the query names as a word or phrase
// ("sort by size" names "size"; "Slow 3G" names "Slow 3G").
func enumInQuery(enum []string, words []string, lq string) (string, bool) {
	best, bestLen := "", 0
	bare := "" // lq without its articles, computed on first need
	for _, e := range enum {
		le := strings.ToLower(e)
		if len(le) < 2 {
			continue
		}
		var parts []string
		splitWords(e, func(w string) { parts = append(parts, strings.ToLower(w)) })
		if len(parts) > 1 && !strings.ContainsAny(le, " -_") {
			le = strings.Join(parts, " ") // "startupWarnings" -> "startup warnings"
		}
		found := false
		if strings.ContainsAny(le, " -_") {
			found = containsPhrase(lq, le) || containsPhrase(lq, strings.NewReplacer("_", " ", "-", " ").Replace(le))
		} else {
			for _, w := range words {
				if w == le || (len(le) > 3 && stem(w) == stem(le)) || misspelt(w, le, w) { // "sorted by folowers"
					found = true
					break
				}
			}
		}
		if !found && len(parts) > 1 {
			found = containsPhrase(lq, le) || containsStemPhrase(words, parts)
			if !found {
				if bare == "" {
					bare = withoutArticles(lq)
				}
				found = containsPhrase(bare, le)
			}
		}
		if !found && len(parts) > 1 && !strings.ContainsAny(e, " -_") {
			// The member as the schema spells it ("with executionStats"):
			// a task that copies a camelCase value names it exactly.
			found = slices.Contains(words, strings.ToLower(e))
		}
		if found && len(le) > bestLen {
			best, bestLen = e, len(le)
		}
	}
	return best, bestLen > 0
}

// wordsNotDenied returns words without those a contrast denies: the word
// after "not" or "no" ("plain text, not markdown"), after "rather than"
// and after "instead of": the alternative the task turns down names no
// value of it.
func wordsNotDenied(words []string) []string {
	out := words
	for i := 1; i < len(words); i++ {
		w := words[i-1]
		if w == "not" || w == "no" || (w == "than" || w == "of") && i > 1 && (words[i-2] == "rather" || words[i-2] == "instead") {
			if len(out) == len(words) {
				out = slices.Clone(words)
			}
			out[i] = ""
		}
	}
	return out
}

// withoutArticles returns s (lower case) without English's articles:
// identifiers spell phrases without them ("resolved in the next release"
// is resolvedInNextRelease).
func withoutArticles(s string) string {
	f := strings.Fields(s)
	out := f[:0:0]
	for _, w := range f {
		if w != "the" && w != "a" && w != "an" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

func containsPhrase(s, phrase string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], phrase)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(phrase)
		if (j == 0 || !isWordByte(s[j-1])) && (end == len(s) || !isWordByte(s[end])) {
			return true
		}
		i = j + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z'
}

// numberNamed finds an unused number written next to one of the words of
// the parameter's name: "page 2" fills pageId, "10 results" fills
// maxResults.
func numberNamed(nums []numberAt, name string, used map[int]bool) (int, bool) {
	var words []string
	splitWords(name, func(w string) {
		if t := normalizeWord(w); t != "" && t != "id" && !boundWords[t] {
			words = append(words, t)
		}
	})
	perName := len(name) > 3 && strings.EqualFold(name[:3], "per")
	// A parameter named as a position ("thoughtNumber", "pageIndex")
	// takes the number English writes after its noun ("thought 3", "page
	// 2"); a number before the noun in the plural counts ("6 thoughts").
	position := slices.Contains(words, "number") || slices.Contains(words, "index")
	for i, n := range nums {
		if used[i] {
			continue
		}
		if position && n.next != "" && isPlural(strings.ToLower(n.next)) && !(n.before != "" && slices.ContainsFunc(words, func(w string) bool { return anchors(qtok{lower: n.before}, w) })) {
			continue
		}
		for _, w := range words {
			// "page 2", "10 results", and through the synonym groups "3
			// pictures" for image_count.
			if n.before != "" && anchors(qtok{lower: n.before}, w) || n.next != "" && anchors(qtok{lower: n.next}, w) ||
				n.linked != "" && anchors(qtok{lower: n.linked}, w) || dimensionOf(n, w) {
				return i, true
			}
			// "25 per page" for per_page, perPage: the rate's noun after
			// "per", for a parameter named as a rate.
			if n.next == "per" && n.after != "" && perName && anchors(qtok{lower: n.after}, w) {
				return i, true
			}
		}
	}
	return 0, false
}

// numberDescribed finds an unused number whose words on both sides appear
// in the parameter's own description: "first 20 lines" fills a parameter
// described as "returns only the first N lines". Both neighbours must match,
// so one common word ("the", "of" are not terms anyway) is not enough.
func numberDescribed(nums []numberAt, desc map[string]bool, used map[int]bool) (int, bool) {
	if len(desc) == 0 {
		return 0, false
	}
	term := func(w string) string {
		if w == "" {
			return ""
		}
		return normalizeWord(w)
	}
	for i, n := range nums {
		if used[i] {
			continue
		}
		b, a := term(n.before), term(n.next)
		if b != "" && a != "" && desc[b] && desc[a] {
			return i, true
		}
	}
	return 0, false
}

// soleNumber returns the query's only unused number when the tool has just
// one numeric parameter that is required: the only reading there is.
func soleNumber(nums []numberAt, used map[int]bool, props []argProp) (int, bool) {
	numeric := 0
	for _, p := range props {
		if p.required && (p.typ == "integer" || p.typ == "number") {
			numeric++
		}
	}
	if numeric != 1 {
		return 0, false
	}
	idx, count := 0, 0
	for i := range nums {
		if !used[i] && !nums[i].word && !namedByOther(nums[i], props) && !measured(nums[i]) && !ranked(nums[i]) {
			idx, count = i, count+1
		}
	}
	return idx, count == 1
}

// numberTaken reports whether the number written as text is one a numeric
// reading already gave a parameter.
func numberTaken(v queryValues, used map[int]bool, text string) bool {
	f, err := strconv.ParseFloat(strings.TrimSuffix(text, "%"), 64)
	if err != nil {
		return false
	}
	for i, n := range v.numbers {
		if used[i] && n.value == f {
			return true
		}
	}
	return false
}

// measured reports whether a number is written with a unit or a word of
// dimension ("1280 wide", "30 seconds", "20 lines"): a measure, not the
// identifier a tool's one required number stands for ("take a screenshot
// at 1280 wide" names no page 1280).
func measured(n numberAt) bool {
	return n.unit != 0 || timeUnits[n.next] != 0 || unitWords[n.next] || dimensionWords[n.next] || n.percent
}

// ranked reports whether a number follows a word of rank ("the last 20
// calls", "top 5", "the first 40 lines", "the next 10"): a count of
// things taken from one end of a list, not the identifier a tool's one
// required number stands for ("show the last 20 start_process calls"
// names no process 20).
func ranked(n numberAt) bool {
	return rankModifiers[n.before] || rankWords[n.before]
}

// rankWords are the words of rank that are no verbs (rankModifiers has
// those that are).
var rankWords = setOf("first", "latest", "next", "previous", "recent")

// dimensionWords are the adjectives and abbreviations that make a number a
// size: "1280 wide", "800 px".
var dimensionWords = setOf("wide", "tall", "high", "deep", "long", "px", "pixels", "pt", "em", "rem", "kb", "mb", "gb", "tb")

// namedByOther reports whether a number is written next to a word of an
// optional numeric parameter's name ("for 3 months" names
// duration_in_months): the task gives it to that parameter, so it is not the
// sole number left for the required one.
func namedByOther(n numberAt, props []argProp) bool {
	for _, p := range props {
		if p.required || p.typ != "integer" && p.typ != "number" {
			continue
		}
		if _, ok := numberNamed([]numberAt{n}, p.name, nil); ok {
			return true
		}
	}
	return false
}

// numbersFor returns the numbers p may not take: those used, the
// percentages when p is not about a percentage ("20% off" is not an
// amount), and amounts of money when p is not about money ("$5 off" is not
// a percentage).
func numbersFor(p argProp, v queryValues, used map[int]bool) map[int]bool {
	nums := v.numbers
	money := map[int]bool{}
	for _, m := range v.money {
		if m.num >= 0 {
			money[m.num] = true
		}
	}
	skip := func(i int) bool {
		return nums[i].percent && !percentParam(p) || money[i] && !isMoneyParam(p) || pastPoint(nums[i])
	}
	var out map[int]bool // a copy of used, made at the first number skipped
	for i := range nums {
		if skip(i) && !used[i] {
			if out == nil {
				out = maps.Clone(used)
				if out == nil {
					out = map[int]bool{}
				}
			}
			out[i] = true
		}
	}
	if out == nil {
		return used
	}
	return out
}

// pastPoint reports whether a number counts units of time back from now
// ("30 days ago", "2h ago"): English marks a point in the past with "ago"
// after the quantity, so the number dates something the task tells about
// and is no span, count or limit a parameter asks for ("create an invoice
// for cus_1, we talked 30 days ago" sets no days_until_due).
func pastPoint(n numberAt) bool {
	return n.after == "ago"
}

func jsonNumber(n numberAt, typ string) any {
	if typ == "integer" || n.isInt {
		return int64(n.value)
	}
	return n.value
}

// containsStemPhrase reports whether the words parts occur consecutively in
// words, comparing stems ("startup warnings" names "startupWarnings").
func containsStemPhrase(words, parts []string) bool {
	for i := 0; i+len(parts) <= len(words); i++ {
		ok := true
		for j, p := range parts {
			if stem(words[i+j]) != stem(p) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// isCountParam: a parameter that limits how many results come back.
func isCountParam(n string) bool {
	switch n {
	case "limit", "count", "n", "k", "topk", "max", "first", "last", "top", "perpage", "pagesize", "maxresults", "maxitems", "numresults", "size":
		// ("k" as top-k retrieval names how many results it returns.)
		return true
	}
	return strings.HasPrefix(n, "max") && (strings.HasSuffix(n, "results") || strings.HasSuffix(n, "items") || strings.HasSuffix(n, "count"))
}

// bareWord is a word of a task lower-cased, without the punctuation that
// sentences put around words.
func bareWord(w string) string { return strings.ToLower(strings.Trim(w, ".,;:!?()")) }

// isFilterParam reports whether p is a query filter: an object without
// declared members named or described as a filter ("filter", "query",
// "where", "criteria", "selector"; MongoDB's find, count, delete-many).
func isFilterParam(p argProp) bool {
	switch p.lname {
	case "filter", "query", "where", "match", "criteria", "selector":
		return true
	}
	return p.descTerms["filter"] || p.descTerms["criteria"]
}

// filterPhrase reads the condition a task states in English for a query
// filter: "with status \"expired\"", "where status is expired", "whose
// country is DE" give {"status": "expired"}; a number stays a number. The
// field is one word that names no parameter of the tool ("with database
// app" names where to look, not what); the value is the next word or quoted
// text, after "is", "=", "equals", "of". It reads one condition, the first.
func filterPhrase(p argProp, v queryValues, props []argProp, used map[int]bool) (any, bool) {
	for i := 0; i+2 < len(v.toks); i++ {
		switch v.toks[i].lower {
		case "with", "where", "whose", "have", "has", "having":
			// "docs that have status pending": the verb of having states
			// an attribute's value as "with" does.
		default:
			continue
		}
		f := v.toks[i+1]
		if f.quoted || used[i+1] || stopWords[f.lower] || !plainWords(f.lower) || strings.Contains(f.lower, "/") ||
			slices.ContainsFunc(props, func(p argProp) bool { return p.lname == squash(f.lower) }) {
			continue
		}
		j := i + 2
		for j < len(v.toks) && !v.toks[j].quoted && (v.toks[j].lower == "is" || v.toks[j].lower == "=" || v.toks[j].lower == "equals" || v.toks[j].lower == "of") {
			j++
		}
		if j >= len(v.toks) || used[j] {
			continue
		}
		if op, k, ok := comparison(v.toks, j); ok && mongoQuery(p) {
			// "where age is over 30": {"age": {"$gt": 30}}, in the
			// query language the parameter says it takes.
			if n, err := strconv.ParseFloat(v.toks[k].text, 64); err == nil && !used[k] {
				used[k] = true
				return map[string]any{f.text: map[string]any{op: n}}, true
			}
		}
		t := v.toks[j]
		if !t.quoted && (stopWords[t.lower] || objectEndWords[t.lower] || !valueLike(t)) {
			continue
		}
		var val any = t.text
		if n, err := strconv.ParseFloat(t.text, 64); err == nil && !t.quoted {
			val = n
		} else if !t.quoted && (t.lower == "true" || t.lower == "false") {
			// "where expired is true": JSON's literal, a boolean.
			val = t.lower == "true"
		}
		used[j] = true
		return map[string]any{f.text: val}, true
	}
	return nil, false
}

// declaredFilterPhrase is filterPhrase for a filter that declares its
// fields ("filter": {"status": {"eq": ..., "neq": ..., "in": ...}}): the
// condition's field must be one of them, and a field declared as an object
// of comparison operators takes the value under "eq", the operator of
// equality in the filter languages that spell operators as members
// (GraphQL filters such as Linear's and Hasura's, Prisma's "equals" is
// not read). "the projects whose status is started" gives {"status":
// {"eq": "started"}}.
func declaredFilterPhrase(p argProp, v queryValues, props []argProp, used map[int]bool) (any, bool) {
	x, ok := filterPhrase(argProp{lname: p.lname, typ: p.typ}, v, props, map[int]bool{})
	if !ok {
		return nil, false
	}
	for field, val := range x.(map[string]any) {
		i := slices.IndexFunc(p.nested, func(q argProp) bool { return q.lname == squash(strings.ToLower(field)) })
		if i < 0 {
			return nil, false
		}
		m := p.nested[i]
		switch {
		case m.typ == "object" && slices.ContainsFunc(m.nested, func(q argProp) bool { return q.name == "eq" }):
			val = map[string]any{"eq": val}
		case m.typ == "object" || m.typ == "array":
			return nil, false
		}
		if str, isStr := x.(map[string]any)[field].(string); isStr {
			for k, t := range v.toks {
				if t.text == str {
					used[k] = true
				}
			}
		}
		return map[string]any{m.name: val}, true
	}
	return nil, false
}

// objectEndWords are prepositions and conjunctions, which end a value
// rather than being one.
var objectEndWords = setOf("to", "from", "in", "on", "into", "for", "with", "of", "at", "by", "via", "as", "and", "or", "than")

// isSQLParam reports whether p takes an SQL statement: named "sql", or a
// query or statement parameter whose description says SQL.
func isSQLParam(p argProp) bool {
	return p.lname == "sql" || (p.lname == "query" || p.lname == "statement") && strings.Contains(strings.ToLower(p.desc), "sql")
}

// reSQLStart finds where an SQL statement begins in a task, by the shapes
// of SQL's statements (ISO/IEC 9075): SELECT <select list> FROM, SELECT * or
// SELECT fn(, INSERT INTO, UPDATE t SET, DELETE FROM, CREATE/ALTER/DROP
// TABLE|INDEX|VIEW|SCHEMA|EXTENSION, WITH name AS (, EXPLAIN. The shapes,
// not the keywords alone, since "select the option" and "update the row"
// are English.
var reSQLStart = lazyregexp.New(`(?i)\b(?:select\s+(?:[*\d(]|` + sqlItem + `(?:\s*,\s*` + sqlItem + `)*\s+from\b|\w+\(|distinct\b)|insert\s+into\b|update\s+\S+\s+set\b|delete\s+from\b|(?:create|alter|drop)\s+(?:table|index|view|schema|extension)\b|with\s+\w+\s+as\s*\(|explain\s+(?:analyze\s+)?select\b)`)

// sqlItem is an item of a select list: a column or a function's call
// ("status", "o.total", "count(*)"), with an alias or none ("AS n").
const sqlItem = `[\w.]+(?:\([^()]*\))?(?:\s+as\s+\w+)?`

// reSQLTail is a last phrase that says where to run the statement, not
// part of it: "... against postgres", "... on supabase", "... using psql".
var reSQLTail = lazyregexp.New(`(?i)\s+(?:on|in|against|via|using)\s+(?:the\s+)?[a-z][a-z0-9-]*(?:\s+(?:db|database))?[.!?]?$`)

// reSQLJoin finds a join, whose ON belongs to the statement.
var reSQLJoin = lazyregexp.New(`(?i)\bjoin\b`)

// sqlStatement returns the SQL statement a task writes out, from its first
// keyword to the end, less a closing phrase naming where to run it and the
// sentence's full stop.
func sqlStatement(query string) (string, bool) {
	loc := reSQLStart().FindStringIndex(query)
	if loc == nil {
		return "", false
	}
	stmt := strings.TrimSpace(query[loc[0]:])
	if !reSQLJoin().MatchString(stmt) {
		if m := reSQLTail().FindStringIndex(stmt); m != nil && !sqlTailKeyword(stmt[m[0]:]) {
			stmt = stmt[:m[0]]
		}
	}
	stmt = strings.TrimRight(strings.TrimSpace(stmt), ".!?")
	return stmt, stmt != ""
}

// sqlUnquoted returns the SQL statement query writes out when it starts
// outside quotes (as sqlSpan reads it): one that starts inside them is a
// quoted payload, read as one.
func sqlUnquoted(query string) (string, bool) {
	stmt, ok := sqlStatement(query)
	if !ok {
		return "", false
	}
	if first, end := spanOf(query, fields(query), stmt); end <= first {
		return "", false
	}
	return stmt, true
}

// sqlTailKeyword reports whether a closing phrase ends in an SQL word
// ("... ON CONFLICT", "... IS NULL"), which then belongs to the statement.
func sqlTailKeyword(tail string) bool {
	f := strings.Fields(tail)
	last := strings.ToLower(strings.TrimRight(f[len(f)-1], ".!?"))
	switch last {
	case "conflict", "null", "true", "false", "asc", "desc", "default", "update", "delete", "cascade":
		return true
	}
	return false
}

// codeName reports whether t, unquoted, is written as a code: capitals
// then digits ("SPRING25"), closing punctuation aside.
func codeName(t qtok) bool {
	return !t.quoted && reCodeName().MatchString(strings.TrimRight(t.text, ":,;."))
}

// jsParam reports whether p takes JavaScript source: its description
// says JavaScript or shows an arrow function, and its name is no path,
// file or format (evaluate_script's sourcePath and format).
func jsParam(p argProp) bool {
	d := strings.ToLower(p.desc)
	return (strings.Contains(d, "javascript") || strings.Contains(d, "=>")) && !hasAny(p.lname, "path", "file", "format", "url")
}

// reJSFunction finds where a JavaScript function begins in a task, by
// ECMA-262's forms of one: an arrow function's parameters and arrow
// ("() =>", "(el) =>", "async (page) =>", "x =>"), or the function
// keyword with its parameters and body ("function () {").
var reJSFunction = lazyregexp.New(`(?:\basync\s+)?(?:\([^()]*\)|\b[A-Za-z_$][\w$]*)\s*=>|(?:\basync\s+)?\bfunction\b\s*[\w$]*\s*\([^()]*\)\s*\{`)

// jsFunction returns the JavaScript function a task writes out, unquoted
// ("evaluate () => document.title and give me the result"): from its
// start to the end of its body, which is a block of balanced braces or an
// expression that runs to the sentence's end, to a comma, or to an
// English conjunction or preposition at the top level of the code (" and
// tell me", " so I know", " on page 2"); brackets and string literals
// inside it are skipped whole.
func jsFunction(query string) (string, bool) {
	loc := reJSFunction().FindStringIndex(query)
	if loc == nil || loc[0] > 0 && strings.ContainsRune("'\"`", rune(query[loc[0]-1])) {
		return "", false
	}
	var st codeState
	end := len(query)
	i := loc[1]
	for i < len(query) && query[i] == ' ' {
		i++
	}
	block := i < len(query) && query[i] == '{'
	if strings.HasSuffix(query[:loc[1]], "{") {
		block, st.depth = true, 1
	}
scan:
	for ; i < len(query); i++ {
		c := query[i]
		var code bool
		if i, code = st.step(query, i); code {
			if st.quote == 0 && (c == ')' || c == ']' || c == '}') {
				if st.depth < 0 {
					end = i
					break scan
				}
				if st.depth == 0 && c == '}' && block {
					end = i + 1
					break scan
				}
			}
			continue
		}
		switch {
		case st.depth > 0 || block:
		case c == ',' || c == ';', (c == '.' || c == '?' || c == '!') && (i+1 == len(query) || query[i+1] == ' '):
			end = i
			break scan
		case c == ' ':
			w := strings.ToLower(strings.Trim(nextWord(query[i+1:]), ".,;:!?"))
			if objectEndWords[w] || w == "so" || w == "then" || w == "but" {
				end = i
				break scan
			}
		}
	}
	fn := strings.TrimRight(strings.TrimSpace(query[loc[0]:end]), ".!?")
	return fn, strings.Contains(fn, "=>") || strings.HasSuffix(fn, "}")
}

// codeState follows a scan of code through its string literals and
// brackets.
type codeState struct {
	quote byte // the quote of the string literal the scan is in, or 0
	depth int  // brackets open
}

// step reads query[i]: inside a string literal (an escape skips the next
// byte), a quote or a bracket is code's own, and step reports true with
// the index of the last byte it read; any other byte is left to the
// caller (false).
func (s *codeState) step(query string, i int) (int, bool) {
	switch c := query[i]; {
	case s.quote != 0:
		if c == '\\' {
			i++
		} else if c == s.quote {
			s.quote = 0
		}
	case c == '\'' || c == '"' || c == '`':
		s.quote = c
	case c == '(' || c == '[' || c == '{':
		s.depth++
	case c == ')' || c == ']' || c == '}':
		s.depth--
	default:
		return i, false
	}
	return i, true
}

// reDOMExpression finds where an expression on the browser's global
// objects begins ("document.querySelectorAll('a').length",
// "window.scrollTo(0, 400)"): window and document are the globals the
// HTML and DOM standards give every page's scripts, and a member written
// after one of them with a period is JavaScript, no English.
var reDOMExpression = lazyregexp.New(`(?:^|[\s(])((?:document|window)\.[A-Za-z_$])`)

// domExpression returns the expression on window or document a task
// writes out, unquoted (reDOMExpression), to the first space outside its
// brackets and string literals, less a sentence's closing punctuation.
func domExpression(query string) (string, bool) {
	loc := reDOMExpression().FindStringSubmatchIndex(query)
	if loc == nil {
		return "", false
	}
	start := loc[2]
	var st codeState
	end := len(query)
	for i := start; i < len(query) && st.depth >= 0; i++ {
		var code bool
		if i, code = st.step(query, i); code {
			if st.depth < 0 {
				end = i // a bracket the expression did not open
			}
			continue
		}
		c := query[i]
		if st.depth == 0 && c == ' ' && (jsOperator(nextWord(query[i+1:])) || jsOperator(query[strings.LastIndexByte(query[:i], ' ')+1:i])) {
			continue // "... .length + 1": a binary operator and its operands
		}
		if st.depth == 0 && (c == ' ' || c == ',' || c == ';') {
			end = i
			break
		}
	}
	expr := strings.TrimRight(query[start:end], ".!?:")
	if _, member, _ := strings.Cut(expr, "."); !strings.ContainsAny(member, ".([") && fileExt(strings.ToLower(expr)) {
		return "", false // a file's name ("window.md")
	}
	return expr, st.depth <= 0 && st.quote == 0 && expr != ""
}

// jsOperator reports whether w is a JavaScript operator written alone
// ("+", "===", "&&").
func jsOperator(w string) bool {
	return w != "" && strings.Trim(w, "+-*/%=<>!&|?:") == ""
}

// jsCode returns the JavaScript a task writes out, unquoted: a function
// (jsFunction) or an expression on the page's globals (domExpression).
func jsCode(query string) (string, bool) {
	if fn, ok := jsFunction(query); ok {
		return fn, true
	}
	return domExpression(query)
}

// envSetting reports whether t is an environment variable's setting,
// NAME=value: POSIX names environment variables with upper-case letters,
// digits and the underscore, which sets them apart from the lower-case
// parameter names of key=value pairs ("limit=200").
func envSetting(t string) bool {
	name, value, ok := strings.Cut(t, "=")
	return ok && value != "" && len(name) >= 2 && kvToken(strings.ToLower(t)) && strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == "" && name[0] >= 'A'
}

// nominalOf reports whether t is the noun English derives from the verb
// w with -ation, -ion or -ment ("confirmation" of confirm, "deployment"
// of deploy): the same word of a parameter's name in another form.
func nominalOf(t qtok, w string) bool {
	rest, ok := strings.CutPrefix(t.lower, w)
	return ok && len(w) >= minTypoLen && !t.quoted && (rest == "ation" || rest == "ion" || rest == "ment")
}

// nextWord returns s's first word (up to a space).
func nextWord(s string) string {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i]
	}
	return s
}

// reReplaceWith reads "replace X with Y" ("replacing", "replaces"): the
// text to find and the text to put instead.
var reReplaceWith = lazyregexp.New(`(?i)\breplac(?:e|es|ing)\s+(?:all\s+(?:occurrences\s+of\s+)?|every\s+)?(.+?)\s+with\s+(.+)$`)

// reChangeTo is "change X to Y", the other way English says "replace X
// with Y".
var reChangeTo = lazyregexp.New(`(?i)\bchang(?:e|es|ing)\s+(.+?)\s+to\s+(.+)$`)

// reTrailingPlace is a closing "in <path>" or "in the file": where, not what.
var reTrailingPlace = lazyregexp.New(`(?i)\s+(?:in|inside|within)\s+(?:the\s+file\s+)?(?:[~./]\S*|the\s+file)$`)

// replaceWith fills a pair of parameters for the old and the new text of an
// edit (old_string/new_string, oldText/newText, search/replace), both still
// open, from "replace X with Y". Quotes around X or Y are the task's, not
// the text's. It returns the parameters still missing.
func replaceWith(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var oldP, newP *argProp
	for i := range props {
		p := &props[i]
		if p.typ != "string" {
			continue
		}
		switch {
		case oldP == nil && args[p.name] == nil && (strings.HasPrefix(p.lname, "old") || p.lname == "search" || p.lname == "find"):
			oldP = p
		case newP == nil && (strings.HasPrefix(p.lname, "new") && !strings.HasPrefix(p.lname, "newname") || p.lname == "replace" || p.lname == "replacement"):
			newP = p
		}
	}
	if oldP == nil || newP == nil {
		return missing
	}
	m := reReplaceWith().FindStringSubmatch(v.query)
	if m == nil {
		// "change port=80 to port=8080": for an edit's old and new
		// text, "change X to Y" says what "replace X with Y" does.
		m = reChangeTo().FindStringSubmatch(v.query)
	}
	if m == nil {
		return missing
	}
	unquote := func(s string) string {
		s = strings.TrimSpace(s)
		if len(s) >= 2 {
			if c, ok := quotePair(rune(s[0])); ok && rune(s[len(s)-1]) == c {
				return s[1 : len(s)-1]
			}
		}
		return s
	}
	a := unquote(m[1])
	b := m[2]
	if loc := reTrailingPlace().FindStringIndex(b); loc != nil {
		b = b[:loc[0]]
	}
	b = unquote(strings.TrimRight(strings.TrimSpace(b), ".!?"))
	if a == "" || b == "" || args[newP.name] != nil && args[newP.name] != b {
		// (The new text may already be what "to" anchored: the same.)
		return missing
	}
	args[oldP.name], args[newP.name] = a, b
	return slices.DeleteFunc(missing, func(n string) bool { return n == oldP.name || n == newP.name })
}

// noneMember returns the member "none" of p's enum when the task negates
// a word of p's name ("no proration", "without creating prorations",
// "with no forced colors"): English denies a quantity with "no" and
// "without", and a schema that lists "none" among the values names that
// absence so. A member that the negated phrase also spells
// ("create_prorations") is what the task refuses, not what it asks.
// A name word that is a verb's noun in -ion ("proration" of "prorate",
// as "creation" of "create") is denied by its verb too ("without
// prorating"): English makes such nouns from verbs, and both name the act.
func noneMember(p argProp, toks []qtok) (string, bool) {
	i := slices.IndexFunc(p.enum, func(e string) bool { return strings.EqualFold(e, "none") })
	if i < 0 {
		return "", false
	}
	if negatedName(p.name, toks) {
		return p.enum[i], true
	}
	var verbs []string
	splitWords(p.name, func(w string) {
		if lw := strings.ToLower(w); strings.HasSuffix(lw, "tion") && len(lw) > 6 {
			verbs = append(verbs, stem(lw[:len(lw)-3]))
		}
	})
	for k := 1; k < len(toks) && len(verbs) > 0; k++ {
		if !slices.Contains(verbs, stem(toks[k].lower)) {
			continue
		}
		for j := max(0, k-2); j < k; j++ {
			if toks[j].lower == "no" || negator(toks[j].lower) {
				return p.enum[i], true
			}
		}
	}
	return "", false
}

// doSupport are the forms of "do" that open a question whose subject
// comes next and whose bare main verb follows the subject ("does the
// orders collection take", "did the build fail").
var doSupport = setOf("do", "does", "did")
