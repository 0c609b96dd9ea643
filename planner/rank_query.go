package planner

import (
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// parsedQuery is a query reduced to weighted terms plus the signals the
// ranker reads from its shape.
type parsedQuery struct {
	words []queryWord
	plain []string // the unquoted words in order, lower-cased, stop words kept

	destructive  bool     // asks to delete, remove, drop, kill...
	readOnly     bool     // asks to show, list, find... and nothing that writes
	write        bool     // asks to create, change or run something (destructive included)
	hasPath      bool     // names a filesystem path
	hasURL       bool     // names a URL
	hasRef       bool     // names an owner/repo reference ("octo-org/billing", "acme/web#12")
	slashPairs   []string // "a/b" of two plain words: alternatives ("read/write") or a reference ("acme/web"); Search decides
	hasQualified bool     // names a container and its member ("shop.users": database.collection)
	code         bool     // writes out code, SQL or JavaScript (sqlSpan, jsSpan)
	ctxFile      bool     // the IDE has a document open and the query names no path

	// named are words in the place of a product the task is to use,
	// lower-cased: right after "a"/"an" ("create a trello card"), after
	// "via"/"through"/"using" ("refund via paypal") or "in"/"on"/"into"
	// ("a board in Trello", "on our Dropbox"; a determiner may come
	// between), or written as a name right before a common noun ("the
	// Datadog dashboard", "HubSpot contacts"). Search checks whether the
	// catalog knows them.
	named []namedWord

	// verb is the analyzed main verb of a request in the imperative ("star
	// the repo" -> "star"), after the words that frame a request ("please",
	// "can you", "I want to"); "" for a question or when the request does
	// not start with a word. verbRaw is the same word lower-cased.
	verb, verbRaw string

	// makes is the analyzed object of a request that makes a thing with
	// a verb that is no operation tool names lead with nor one of reading
	// or a light verb (Search decides with the catalog's names, rank.go):
	// the new thing of madeThing ("leave a comment on page X", refuse.go)
	// or of phrasalMake ("set up a new project"), or else the verb itself
	// when it could be a noun made a verb ("comment 'LGTM' on page X":
	// written in its base form and followed
	// by no value, as a noun phrase such as "issue 42" is).
	makes []string

	// made is madeThing's reading of the request (refuse.go), kept for
	// objectHead.
	made []string

	// listing is set when the request's main verb is one of reading and
	// its direct object is a plural noun phrase without a value ("show
	// the supabase projects", "get all open pull requests in acme/web"):
	// reading many of a kind, none named, is listing them.
	listing bool

	// many is set when the request lists or reads many of a kind, none
	// named ("list the sentry projects in org acme", "show the open
	// PRs"): a plural object without a value after a verb of listing or
	// reading (pluralObject).
	many bool

	// numericObject is set when the request's main verb takes only
	// numbers as its object ("add 17.5 and 24.25", "multiply 6 by 7"):
	// the verb's arithmetic sense.
	numericObject bool

	// coordinated is the length of the longest run of values (ids,
	// paths, URLs, quoted texts) joined by "and", "or" or commas
	// (rank_arity.go).
	coordinated int
	ends        int // the ends of a journey between named places the task writes (placeEnds), 0 for none

	// existing is set when the request's main verb changes a definite
	// object ("move sentry project checkout-web to team frontend"):
	// a thing that is there, which no tool making a new one takes
	// (rank_existing.go).
	existing bool

	// object are the analyzed words of the direct object of an imperative
	// main verb, in order, up to a preposition, a naming participle, a
	// value or the clause's end ("create a new slack channel called x"
	// -> new, slack, channel): its head is the last one that names no
	// backend.
	object []string

	// readObject is the same reading for a request to list ("list the
	// collections in the analytics db" -> collections): only for ranking
	// the tool named for the verb on it (namesOperation). Not for the
	// verbs of reading: "get the properties of page X" asks for the
	// page, properties and all, as often as for one property.
	readObject []string

	// written is the request's verb as the task writes it (mainVerb's
	// raw), which verbRaw may read as another ("give page X a rocket
	// icon": update, givesThingTo; "send Control+Shift+R": press,
	// keyChord).
	written string

	// putsExisting is set when the request puts a thing that exists
	// somewhere ("add price price_1Pz to invoice in_1Q", rank_existing.go).
	putsExisting bool

	// fetches is set when the request brings a thing from a source to the
	// one asking: a verb that is no removal, "from" after its object and
	// no destination ("pull the last 25 messages from channel C04",
	// "grab package.json from the repo"; fetchesFrom).
	fetches bool

	// quantified are the analyzed nouns after a quantifier of all
	// ("every reply", "all the comments", "each deployment"): things
	// that are there, whose word a tool's name may hold as its verb
	// (reply_to_thread, comment_on_issue); Search ranks such a tool lower
	// unless the request's own verb is that word.
	quantified []string

	// done are the analyzed operations the task says its object has
	// already undergone (doneParticiple: "the resolved comment", "it was
	// paused", "I archived it."): a tool named for one of them would do
	// again what is done; Search ranks it lower unless the request's own
	// verb asks for that operation.
	done []string

	// source are the analyzed words of the noun phrase after "from" in a
	// request to remove something ("remove the index email_1 from the
	// users collection" -> users, collection): the thing the removal is
	// from, which stays (removalSource).
	source []string
}

// namedWord is a word in the place of a product (parsedQuery.named).
type namedWord struct {
	word     string // lower-cased
	nameCase bool   // written as a name inside the sentence ("Zoom")
	next     string // the next word, lower-cased, when it is a plain word ("google" -> "calendar")
}

type queryWord struct {
	term   string  // analyzed
	weight float64 // 1 for plain words; less for quoted text and hints
	cue    bool    // may name a backend
	plural bool    // the word was written in the plural ("issues")
	whole  string  // for a part of a case-split word ("Mongo" of "MongoDB"): the whole word, analyzed
	proper bool    // capitalized inside the sentence ("Lisbon", "Jane"): a name, when no tool knows it
	raw    string  // the word as written, lower-cased (for typo correction)
	state  bool    // a participle or adjective after a copula ("are still running"): a state, so not expanded to the verb's synonyms
	bg     bool    // a word of the situation stated before the request (requestStart, rank_chatty.go)

	// implied is set for a word the task does not write but a rule reads
	// into it (a hint): it has no grammatical number.
	implied bool

	// phrasal are the analyzed words of the senses of the phrasal verb
	// this verb makes with its particle ("shut it down": close), by
	// WordNet (phrasalTable).
	phrasal []string
}

var (
	quotedWeight = 0.3   // words inside quotes are mostly payload (titles, search text)
	hintWeight   = 0.531 // words implied by a path, URL or repository reference
)

var (
	destructiveStems = stemSet("delete", "remove", "rm", "drop", "erase", "purge", "destroy", "kill", "forget", "wipe", "trash", "unlink", "del", "terminate", "archive", "uninstall", "revoke")
	writeStems       = stemSet("create", "add", "update", "set", "write", "edit", "make", "new", "put", "post", "send", "insert", "move", "rename", "push", "merge", "approve", "open", "file", "run", "start", "trigger", "deploy", "upload", "fill", "click", "type", "save", "apply", "change", "modify", "pause", "resume", "restore", "fork", "close", "reply", "comment", "mark", "resolve", "cancel", "stop", "book", "tweet", "text")
	readStems        = stemSet("show", "list", "ls", "get", "read", "view", "cat", "which", "what", "find", "search", "display", "who", "where", "how", "check", "any", "describe", "inspect", "count", "fetch", "grep", "look", "give", "tell", "see", "print", "dump") // "dump": synonyms.go
)

func stemSet(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[stem(strings.ToLower(w))] = true
	}
	return m
}

// phrasalIdioms are phrasal verbs whose words, read one by one, name no
// operation, with the verb they mean, tried in order. "get rid of X": in
// WordNet 3.0 the first sense of "get_rid_of" is the synset {get rid of,
// remove} (02224073); written with the light verb "get", no tool word
// would match it. "pull up issue 12", "bring up the logs": the phrasal
// verbs of fetching something into view ("pull" alone matches pull
// requests). "give me the directions": to give the one asking is to let
// them have; "give" itself names no operation. "Send me the X" is the
// same transfer to the one asking, of a thing that is there (the definite
// article; "send me a summary" makes one).
var phrasalIdioms = []struct{ phrase, verb string }{
	{"get rid of ", "remove "},
	{"pull up ", "get "},
	{"bring up ", "get "},
	{"give me ", "get "},
	{"give us ", "get "},
	{"send me the ", "get the "},
	{"send us the ", "get the "},
}

// rewriteIdioms turns "(show me) what's in X", whose words say nothing
// about the intent, into the words tools use: "read contents of X" when X
// looks like a file (it has an extension), "list contents of X" otherwise
// (a directory, a bucket, a table). Any preposition of containment reads
// so ("in", "inside", "within"), after an adverb in -ly too ("what's
// directly inside X"), and a verb of showing before the question with
// its indirect object ("show (me) what's in X", "tell us what is in X")
// asks the question itself.
func rewriteIdioms(query string) string {
	query = strings.ReplaceAll(query, "’", "'")
	lq := strings.ToLower(query)
	if len(lq) != len(query) {
		query = lq // keep byte offsets valid; the ranker lower-cases anyway
	}
	if i, j, ok := containmentQuestion(lq); ok {
		rest := query[j:]
		next, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
		verb := "list contents of "
		if fileExt(strings.ToLower(strings.TrimRight(next, ".,;:!?"))) {
			verb = "read contents of "
		}
		return query[:i] + verb + rest
	}
	for _, idiom := range phrasalIdioms {
		if i := strings.Index(lq, idiom.phrase); i >= 0 && (i == 0 || lq[i-1] == ' ') {
			return query[:i] + idiom.verb + query[i+len(idiom.phrase):]
		}
	}
	// "go to https://...": going to a URL is navigating to it.
	if i := strings.Index(lq, "go to "); i >= 0 && strings.Contains(lq[i:min(len(lq), i+20)], "://") {
		return query[:i] + "navigate to " + query[i+len("go to "):]
	}
	return query
}

// containmentQuestion finds "what's in " (or "whats", "what is"; "in",
// "inside", "within"; an -ly adverb between) in lq, with a verb of
// showing and its indirect object just before it ("show me ", "tell us
// "): the question starts at i and its object at j.
func containmentQuestion(lq string) (i, j int, ok bool) {
	for from := 0; from < len(lq); {
		k := strings.Index(lq[from:], "what")
		if k < 0 {
			return 0, 0, false
		}
		k += from
		from = k + 4
		if k > 0 && isWordByte(lq[k-1]) {
			continue
		}
		rest := lq[k+4:]
		switch {
		case strings.HasPrefix(rest, "'s "):
			rest = rest[3:]
		case strings.HasPrefix(rest, "s "):
			rest = rest[2:]
		case strings.HasPrefix(rest, " is "):
			rest = rest[4:]
		default:
			continue
		}
		if w, after, found := strings.Cut(rest, " "); found && len(w) > 3 && strings.HasSuffix(w, "ly") {
			rest = after
		}
		var prep string
		for _, p := range []string{"in ", "inside ", "within "} {
			if strings.HasPrefix(rest, p) {
				prep = p
			}
		}
		if prep == "" {
			continue
		}
		j = len(lq) - len(rest) + len(prep)
		i = k
		before := strings.Fields(lq[:k])
		n := len(before)
		if n > 0 && (before[n-1] == "me" || before[n-1] == "us") {
			n--
		}
		if n > 0 && (before[n-1] == "show" || before[n-1] == "tell") {
			i = strings.LastIndex(lq[:k], before[n-1]+" ")
			if i > 0 && isWordByte(lq[i-1]) {
				i = k
			}
		}
		return i, j, true
	}
	return 0, 0, false
}

// reKVToken is a key=value pair written as one token: an identifier, an
// equals sign and a value without spaces (environment variables, query
// parameters, command-line settings).
var reKVToken = lazyregexp.New(`^[a-z_][a-z0-9_.-]*=[^=\s]+$`)

// endPlace reports whether word k of n is the "end" or "bottom" of "(on)to
// the end of" or "at the bottom of": where content added goes last (to add
// to the end of a thing is to append to it, WordNet's append: "add to the
// very end"). Not after a copula with "at", where it says where a thing is
// ("the answer is at the bottom of the log"), nor of a period of time ("at
// the end of the week"). word(i) is the i-th word, lower-cased, without
// punctuation, "" for a quoted text; Search reads fields with it and
// appendEnum the extractor's tokens.
func endPlace(word func(i int) string, n, k int) bool {
	if w := word(k); (w != "end" && w != "bottom") || k < 2 || k+1 >= n || word(k-1) != "the" || word(k+1) != "of" {
		return false
	}
	for i := k + 2; i < n && i <= k+3; i++ {
		w := word(i)
		if periodWord(w) {
			return false
		}
		if !determiners[w] && w != "this" && w != "next" {
			break
		}
	}
	switch word(k - 2) {
	case "to", "onto":
		return true
	case "at":
		return k < 3 || !beVerbs[word(k-3)]
	}
	return false
}

// placeEnds returns how many ends of journeys between named places fs
// writes, 0 unless it writes both kinds: each "from" and "to" before a
// word written as a name (placeName, after an article or none: "from
// the Ferry Building", "to Wrigley Field"), less "to" of an infinitive,
// and each name coordinated after one ("to Hamburg and Munich").
func placeEnds(fs []field) int {
	word := func(i int) (string, bool) { return fs[i].text, fs[i].quoted }
	from, to, ends := false, false, 0
	in := false // inside an end
	for i := 0; i+1 < len(fs); i++ {
		lw := bareWord(fs[i].text)
		switch {
		case fs[i].quoted || endsInAny(fs[i].text, ".;:!?"):
			in = false
		case journeyEnd(word, len(fs), i):
			from = from || lw == "from"
			to = to || lw == "to"
			ends++
			in = true
		case in && lw == "and" && placeAfter(word, len(fs), i+1):
			ends++
		case in && !nameCase(strings.TrimRight(fs[i].text, ",")) && !articles[lw] && !isCode(fs[i].text):
			in = false
		}
	}
	if !from || !to {
		return 0
	}
	return ends
}

// journeyEnd reports whether word k opens an end of a journey between
// named places: "from" or "to" (not the "to" of an infinitive, "how long
// does it take to drive") before a word written as a name (placeAfter).
// word(i) gives the i-th of n words as written and whether it is quoted:
// placeEnds reads the ranker's fields with it, journeyEnds the
// extractor's tokens.
func journeyEnd(word func(i int) (string, bool), n, k int) bool {
	w, quoted := word(k)
	lw := bareWord(w)
	if quoted || lw != "from" && lw != "to" {
		return false
	}
	if prev, _ := word(max(k-1, 0)); lw == "to" && k > 0 && infinitiveLead[bareWord(prev)] {
		return false
	}
	return placeAfter(word, n, k+1)
}

// placeAfter reports whether word j, after an article or none, is
// unquoted and written as a place's name (placeName): "the Ferry
// Building", "Wrigley Field".
func placeAfter(word func(i int) (string, bool), n, j int) bool {
	if j >= n {
		return false
	}
	if w, _ := word(j); articles[bareWord(w)] && j+1 < n {
		j++
	}
	w, quoted := word(j)
	return !quoted && placeName(w)
}

// actsOn reports whether the request's verb acts on a thing: an
// operation (opVerbs), or a verb other than one of reading whose object
// follows it, a pronoun or a determiner ("book me a flight", "send the
// report"). A verb before a noun ("bike route", "walking directions") or
// a preposition ("get from A to B") modifies or moves; none reads.
func actsOn(q parsedQuery, fs []field) bool {
	if q.verb == "" || readVerbs[q.verbRaw] {
		return false
	}
	if opVerbs[q.verb] {
		return true
	}
	i := verbAt(fs, q.verb)
	if i < 0 || i+1 >= len(fs) || fs[i+1].quoted {
		return i >= 0
	}
	next := bareWord(fs[i+1].text)
	return objectPronouns[next] || articles[next] || determiners[next] || next == "this" || next == "that"
}

// placeName reports whether w, unquoted, is written as a name that may
// be a place's: capitalized, no path, handle or id, and no month's or
// day's name ("from March to May" is a period).
func placeName(w string) bool {
	w = strings.TrimRight(w, ".,;:!?)")
	return nameCase(w) && !strings.ContainsAny(w, "/_@:#=") && !calendarName(w)
}

// calendarName reports whether w is the name of a month or a day of the
// week, written out or as its first three letters (calendarNames).
func calendarName(w string) bool { return calendarNames[strings.ToLower(w)] }

// calendarNames are the names of months and days of the week, as Go's
// time package writes them, and their first three letters, lower-cased.
var calendarNames = func() map[string]bool {
	m := map[string]bool{}
	add := func(n string) {
		n = strings.ToLower(n)
		m[n], m[n[:3]] = true, true
	}
	for mo := time.January; mo <= time.December; mo++ {
		add(mo.String())
	}
	for d := time.Sunday; d <= time.Saturday; d++ {
		add(d.String())
	}
	return m
}()

// periodWord reports whether w is a unit of time or of a rate ("week",
// "months"): a period, where "the end of" it is a time.
func periodWord(w string) bool {
	return timeUnits[w] != 0 || rateUnits[w] || rateUnits[strings.TrimSuffix(w, "s")]
}

// camelPartWeight is the weight of a part of a word in lower camel case
// (camelIdent): a hint for the participle of a verb that leads tool names
// ("created" of createdAt), a word's for the others.
func camelPartWeight(part string) float64 {
	lp := strings.ToLower(part)
	if t := normalizeWord(lp); len(lp) > 4 && strings.HasSuffix(lp, "ed") && (opVerbs[t] || readNameVerbs[t]) {
		return hintWeight
	}
	return 1
}

// camelIdent reports whether w is an identifier in lower camel case: an
// English word of three letters or more in lower case, then one or more
// capitalized words ("createdAt", "fileReadLineLimit"), letters only. A
// short or non-English first part ("iPhone", "eBay", "pgBouncer") or an
// all-capitals one ("macOS", "mongoDB") is how products are named.
func camelIdent(w string) bool {
	i := 0
	for i < len(w) && w[i] >= 'a' && w[i] <= 'z' {
		i++
	}
	if i < 3 || i == len(w) || !isEnglish(w[:i]) {
		return false
	}
	for rest := w[i:]; rest != ""; {
		if rest[0] < 'A' || rest[0] > 'Z' {
			return false
		}
		j := 1
		for j < len(rest) && rest[j] >= 'a' && rest[j] <= 'z' {
			j++
		}
		if j == 1 {
			return false // capitals in a row: an acronym ("macOS")
		}
		rest = rest[j:]
	}
	return true
}

// colonName reports whether lw (lower-cased, trimmed) is names joined by
// colons, no space: a letter first, a colon inside, each part non-empty,
// no "://" (a URL) and no colon last ("note:" introduces what follows).
func colonName(lw string) bool {
	lw = strings.TrimRight(lw, ".")
	if len(lw) < 3 || lw[0] < 'a' || lw[0] > 'z' || strings.IndexByte(lw, ':') < 0 || lw[len(lw)-1] == ':' || strings.Contains(lw, "://") {
		return false
	}
	prev := byte(0)
	for i := 0; i < len(lw); i++ {
		c := lw[i]
		switch {
		case c == ':' && prev == ':':
			return false // an empty part
		case c == ':', c >= 'a' && c <= 'z', c >= '0' && c <= '9', strings.IndexByte("_-.*", c) >= 0:
		default:
			return false
		}
		prev = c
	}
	return true
}

// kvToken reports whether lw (lower-cased, trimmed) is a key=value pair.
func kvToken(lw string) bool {
	return strings.IndexByte(lw, '=') > 0 && !strings.Contains(lw, "://") && reKVToken().MatchString(lw)
}

// parseQuery analyzes a query. Paths, URLs and repository references are
// turned into hint words ("file", "url", "repository") rather than split into
// their parts, which would match tools by accident ("web-app" is not about
// the web); quoted text is kept at a low weight.
func parseQuery(query string) parsedQuery {
	return parseQueryNames(query, nil)
}

// parseQueryNames is parseQuery for an index whose servers' names may be
// written with digits: product names are ("Context7", "Auth0", "S3"), and
// a word with a digit that names reports true for is such a name, a word
// of the request; every other word with a digit is payload (an id, a
// version, a size).
func parseQueryNames(query string, names func(term string) bool) parsedQuery {
	query = rewriteIdioms(query)
	var q parsedQuery
	seen := map[string]int{} // term -> index in q.words
	// add adds a word the task implies (a hint: "file" for a path,
	// "documentation" for "how do I"), not one it writes.
	add := func(term string, w float64, cue bool) {
		n := len(q.words)
		if i := q.add(seen, term, w, cue, false); i == n {
			q.words[i].implied = true
		}
	}
	// A part of a case-split word is dropped at search time when the whole
	// word is known to the index ("MongoDB" then counts once, as "mongodb").
	start := 0 // words seen so far; the first word of a query is capitalized by habit
	// addTextWith adds the words of s, each part of a joined word at the
	// weight weightOf gives it (the joined word itself at w).
	addTextWith := func(s string, w float64, weightOf func(part string) float64, cue bool) {
		defer func() { start++ }()
		var parts []int // indices in q.words of the current word's parts
		splitJoined(s, func(word string, joined bool) {
			w := w
			if weightOf != nil && !joined {
				w = weightOf(word)
			}
			t := normalizeWord(word)
			if t == "" || hasDigit(t) && (names == nil || !names(t)) {
				// hasDigit: ids, versions, sizes are payload, not intent
				if joined {
					parts = parts[:0]
				}
				return
			}
			if joined {
				for _, i := range parts {
					if q.words[i].whole == "" {
						q.words[i].whole = t
					}
				}
				parts = parts[:0]
			}
			i := q.add(seen, t, w, cue, isPlural(strings.ToLower(word)))
			q.words[i].implied = false
			if q.words[i].raw == "" && !joined {
				q.words[i].raw = strings.ToLower(word)
			}
			if start > 0 && titleCase(word) {
				q.words[i].proper = true
			}
			if !joined {
				parts = append(parts, i)
			}
		})
	}
	addText := func(s string, w float64, cue bool) { addTextWith(s, w, nil, cue) }
	read, write := false, false
	prev, prev2 := "", ""
	items := 0
	fs := fields(query)
	fieldWord := func(i int) string { // for endPlace
		if fs[i].quoted {
			return ""
		}
		return bareWord(fs[i].text)
	}
	q.verb, q.verbRaw = mainVerb(fs)
	q.written = q.verbRaw
	if q.verbRaw == "give" && givesThingTo(fs) {
		// The recipient of a ditransitive give is the thing changed,
		// as English's general verb of change says.
		q.verb, q.verbRaw = normalizeWord("update"), "update"
	}
	if q.verb != "" {
		if vi := verbAt(fs, q.verb); vi >= 0 && vi+1 < len(fs) && !fs[vi+1].quoted && keyChord(fs[vi+1].text) {
			// "send Control+Shift+R to page 4", "hit ctrl+s": whatever
			// the verb, a chord of keys as its object is pressed
			// (keyChord).
			q.verb, q.verbRaw = normalizeWord("press"), "press"
		}
	}
	if opVerbs[q.verb] {
		// Read only for the operation-for-another-object check.
		q.object = directObject(fs)
		q.putsExisting = putsExisting(&q, fs)
		if destructiveStems[q.verb] {
			q.source = removalSource(fs)
		}
	} else if v := passiveOp(fs); v != "" {
		q.verb = v
	} else if readVerbs[q.verbRaw] {
		q.listing = pluralObject(fs)
		q.many = q.listing
	} else if q.verbRaw == "list" {
		q.many = pluralObject(fs)
		q.readObject = directObject(fs)
	} else if h := whichHead(fs); q.verb == "" && h != "" {
		// "what collections are in the analytics db?": a question of
		// which things there are asks for their list, whose object is
		// its noun phrase's head (the place after "in" is the place's,
		// as for "list the collections in the analytics db").
		q.readObject = []string{normalizeWord(h)}
	}
	q.fetches = q.verb != "" && !destructiveStems[q.verb] && fetchesFrom(fs)
	q.numericObject = q.verb != "" && numericObject(fs)
	q.coordinated = coordinatedValues(fs)
	q.existing = changesExisting(&q, fs)
	bg := requestStart(fs)                 // fields before it state the situation (rank_chatty.go)
	told := toldOperations(fs)             // operations of a statement before the request (rank_chatty.go)
	sqlFirst, sqlEnd := sqlSpan(query, fs) // an SQL statement written out, a value (rank_sql.go)
	if sqlEnd > sqlFirst {
		// The statement's language is what the task gives the tool, as a
		// path gives "path": the tools that run SQL say so.
		add(stem("sql"), 1, false)
	}
	jsFirst, jsEnd := jsSpan(query, fs) // JavaScript written out, a value (rank_sql.go)
	if jsEnd > jsFirst {
		add(stem("javascript"), 1, false) // as for SQL
	}
	q.code = sqlEnd > sqlFirst || jsEnd > jsFirst
	if n := placeEnds(fs); n > 0 && !actsOn(q, fs) {
		q.ends = n
		// "from Union Station to Wrigley Field": the two ends of a
		// journey, which tools name as WordNet does ("origin": the place
		// where something begins; "destination": the place designated
		// as the end of a journey). Not of a verb acting on a thing
		// (actsOn: "book me a flight from Berlin to Lisbon", "move
		// ENG-12 from Todo to Done"), whose verb says what is asked.
		add(stem("origin"), hintWeight, false)
		add(stem("destination"), hintWeight, false)
	}
	addrEnd := -1 // the last field of a street address (streetAddress)
	neg := false  // inside the scope of a negation (negators)
	circ := -1    // index of the subordinator of a circumstance clause the word is in (circumstance), or -1
	prevAt := -1  // the field prev was read from
	content := -1 // the field of a "containing" that introduces a content, or -1 (contentCue)
	for fi, f := range fs {
		text, quoted := f.text, f.quoted
		lw := strings.ToLower(strings.Trim(text, ".,;:!?()[]{}<>"))
		if content >= 0 && (endsClause(fs[fi-1].text) || !quoted && placePreps[lw]) {
			content = -1 // the clause, or the content, ends: "containing 22 in the api repo"
		}
		if fi > 0 && prevAt < fi-1 && !fs[fi-1].quoted {
			// The field before was a value (a path, a URL, an id) and left
			// the loop early: what comes next follows a value, not the
			// word before it ("in acme/web, oldest first"). A quoted
			// name may stand inside a noun phrase ("our 'Rota' sheet"),
			// whose determiner still counts.
			prev, prev2 = "", prev
		}
		if lw == "open" && !quoted && openThe(fs, fi) && (fi == 0 || !determiners[strings.ToLower(fs[fi-1].text)] && !possessives[strings.ToLower(fs[fi-1].text)]) {
			// "open PR 12", "open the page": opening a thing that is
			// there, named by an id or a definite article, is looking
			// at it, as "show" says ("open a PR" makes one, below); the
			// word is not the state "open" of a listing's filter either.
			// After a determiner it is that state, an adjective ("void
			// the open invoice in_1Q").
			text, lw = "show", "show"
			if fi == 0 || requestFrame[strings.ToLower(fs[fi-1].text)] {
				q.verb, q.verbRaw = "show", "show"
			}
		}
		if fi > 0 && endsClause(fs[fi-1].text) || lw == "but" {
			neg = false
			circ = -1
		}
		if (lw == "everybody" || lw == "everyone") && !quoted && fi > 0 && !endsClause(fs[fi-1].text) {
			// English's collective pronouns of persons are compounds of
			// "every" and a word for a person ("body", "one"): all the
			// people. After the sentence's first word, where a request's
			// object is ("list everybody in the workspace"), they say
			// what "all people" says.
			add("many", hintWeight, false)
			addText("people", 1, false)
			prev, prev2, prevAt = lw, prev, fi
			continue
		}
		if negator(lw) {
			neg = true
		}
		if circ >= 0 && fi >= circ+3 && (subjectPronoun[lw] || requestModal[lw]) {
			// "before I merge PR 88 I want to ...": a new subject (or a
			// request's modal) after the clause's own starts the main clause.
			circ = -1
		}
		if circ < 0 && subordinators[lw] && circumstance(fs, fi) {
			circ = fi
		}
		// Of a circumstance clause, its verb (the first word after the
		// subject and any auxiliary) names what the user will do, not what
		// is asked; its nouns may well be the request's too ("before I
		// merge PR 88, are its checks green").
		circVerb := circ >= 0 && fi >= circ+2 && !auxiliary[lw] && allAux(fs[circ+2:fi])
		if fi > addrEnd && lw != "" && lw[0] >= '0' && lw[0] <= '9' {
			if end := streetAddress(fs, fi); end > fi {
				// "1600 Amphitheatre Parkway, Mountain View": a street
				// address, a value whose kind the tools that take one
				// name; its words are the value's, as a quoted text's are.
				add(stem("address"), hintWeight, false)
				addrEnd = end
			}
		}
		if !quoted && keyChord(text) {
			// "Control+Shift+R", "Cmd+K": a chord of the keyboard as
			// browsers, editors and operating systems write one
			// (modifiers joined to a key by "+"), a value whose kind
			// the tools that take one name, and which is only ever
			// pressed. Its words stay, as a tool's examples may write
			// the same chord.
			add(stem("key"), hintWeight, false)
			add(stem("press"), hintWeight, false)
		}
		switch {
		case quoted || fi >= sqlFirst && fi < sqlEnd || fi >= jsFirst && fi < jsEnd || fi <= addrEnd || content >= 0:
			addText(text, quotedWeight, false)
			continue
		case contentCue(fs, fi):
			// "create /srv/app/.nvmrc containing 22": what the thing
			// holds, written out, is a value, as a quoted text is (its
			// words name no tool: "hello" of "containing hello" matched
			// an example in a deploy tool's description); what the
			// phrase says is that the thing has a content.
			add(stem("content"), hintWeight, false)
			if q.hasPath {
				// A path given a content is a file's: a directory holds
				// files, not text ("create /srv/app/.nvmrc containing 22").
				add(stem("file"), hintWeight, false)
			}
			content = fi
			prev, prev2, prevAt = lw, prev, fi
			continue
		case strings.Contains(lw, "://"):
			q.hasURL = true
			scheme, rest, _ := strings.Cut(lw, "://")
			if scheme != "http" && scheme != "https" {
				addText(scheme, 1, true)
			}
			host, _, _ := strings.Cut(rest, "/")
			host, _, _ = strings.Cut(host, ":")
			labels := strings.Split(host, ".")
			if len(labels) >= 2 {
				// The registrable name often is the product ("github.com").
				addText(labels[len(labels)-2], 1, true)
			}
			add("url", hintWeight, false)
			continue
		case strings.HasPrefix(lw, "/") || strings.HasPrefix(lw, "~/") || strings.HasPrefix(lw, "./") || strings.HasPrefix(lw, "../"):
			q.hasPath = true
			// "/a/b.txt" is a file, "/a/b/" a directory; "/etc/hosts" or
			// "/srv/app" could be either.
			switch {
			case strings.HasSuffix(lw, "/"):
				add(stem("directory"), hintWeight, false)
			case fileExt(lw[strings.LastIndexByte(lw, '/')+1:]):
				add(stem("file"), hintWeight, false)
				if t := mediaType(lw); t != "" {
					// "/design/logo.png": a file of a media type's
					// top-level kind, an image.
					add(stem(t), hintWeight, false)
				}
			}
			add("path", hintWeight, false)
			continue
		case strings.Contains(lw, "/") && plainWords(lw):
			// "issue/PR", "read/write", but also "acme/web": words, but
			// perhaps a reference, so weak and never naming a backend.
			addText(lw, 0.5, false)
			if strings.Count(lw, "/") == 1 {
				q.slashPairs = append(q.slashPairs, lw)
			}
			continue
		case strings.Contains(lw, "/"):
			// owner/repo, owner/repo#123, branch names, relative paths,
			// project slugs: a reference, not words.
			if strings.Contains(lw, "#") {
				add(stem("number"), hintWeight, false)
			}
			if strings.Contains(lw, ".") && !strings.Contains(lw, "#") && !strings.HasPrefix(lw, "github.") {
				q.hasPath = true
				add(stem("file"), hintWeight, false)
			} else {
				add("repo", hintWeight, false)
				if ref, _, _ := strings.Cut(lw, "#"); strings.Count(ref, "/") == 1 && !strings.HasPrefix(ref, "/") && !strings.HasSuffix(ref, "/") {
					q.hasRef = true // owner/repo, the way code hosts name a repository
				}
			}
			// the first segment can name a product ("github.com/x/y").
			first, _, _ := strings.Cut(lw, "/")
			if strings.Contains(first, ".") {
				labels := strings.Split(first, ".")
				addText(labels[0], 1, true)
			}
			continue
		case strings.Contains(lw, "@") && strings.Contains(lw, "."):
			add(stem("email"), hintWeight, false)
			continue
		case len(lw) > 1 && lw[0] == '#' && unicode.IsLetter(rune(lw[1])):
			// "#general": how chat tools write a channel.
			add(stem("channel"), hintWeight, false)
			continue
		case emojiShortcode(text):
			// ":white_check_mark:": how chat and code hosts write an
			// emoji by name (Slack's, GitHub's and Discord's
			// shortcodes), a value whose kind the tools that take one
			// name.
			add(stem("emoji"), hintWeight, false)
			continue
		case len(lw) > 1 && lw[0] == '#' && allDigits(lw[1:]):
			// "#88": how code hosts write an issue's or a pull request's
			// number (GitHub's and GitLab's references), a value whose
			// kind the tools that take one name.
			add(stem("number"), hintWeight, false)
			continue
		case relationName(lw) && betweenNames(fs, fi):
			// "depends_on", "works_at": the name of a relation type
			// (rank_relation.go), a value; what it says is a relation.
			addText(lw, hintWeight, false)
			add(stem("relation"), 1, false)
			continue
		case coordToken(strings.ToLower(text), fs, fi):
			// "46.8523,-121.7603": a point in decimal degrees (ISO 6709),
			// a value whose kind the tools that take one name.
			add(stem("coordinate"), hintWeight, false)
			add(stem("latitude"), hintWeight, false)
			add(stem("longitude"), hintWeight, false)
			continue
		case colonName(lw):
			// "session:8812", "config:rate_limit", "label:bug": names
			// joined by colons, as keys are namespaced (Redis's
			// "object-type:id") and search qualifiers written: a value,
			// as a quoted text is; its words name no operation.
			addText(text, quotedWeight, false)
			continue
		case kvToken(lw):
			// "LOG_LEVEL=debug", "NODE_ENV=production": a setting written
			// as a key and its value, a value the task hands to a tool,
			// as a quoted text is ("log" and "debug" name no tool here).
			addText(text, quotedWeight, false)
			continue
		case dottedRef(lw):
			// "shop.users", "app.config.ts": a qualified name. A known
			// file extension makes it a file; otherwise it names a
			// container and its member (database.collection, schema.table).
			q.hasPath = q.hasPath || fileExt(lw)
			if fileExt(lw) {
				add(stem("file"), hintWeight, false)
			} else {
				add(stem("database"), hintWeight, false)
				if strings.Count(lw, ".") == 1 {
					q.hasQualified = true
				}
			}
			addText(lw, hintWeight, false)
			continue
		}
		if keyNames[lw] != "" && (pressVerbs[prev] || fi > 0 && !endsSentence(fs[fi-1].text) && nameCase(strings.Trim(text, ".,;:!?()[]{}<>"))) {
			// "press Tab", "hit Escape", "then Enter": the name of a
			// keyboard key after a verb of pressing, or written as the
			// key's name is (capitalized inside the sentence), is the key
			// to press, a value; what it says is that a key is pressed.
			addText(lw, hintWeight, false)
			add(stem("key"), 1, false)
			if pressVerbs[prev] {
				// Striking a key is pressing it ("hit Escape").
				add(stem("press"), 1, false)
			}
			prev, prev2, prevAt = lw, prev, fi
			continue
		}
		if v := doneParticiple(fs, fi, prev, told); v != "" {
			q.done = append(q.done, v)
		}
		if attributive(fs, fi, prev) || q.verb != "" && postnominal(fs, fi, prev) {
			// "restore the paused project", "delete the archived pages":
			// a past participle between a determiner and its noun is an
			// adjective, the state the thing is in, not the operation
			// asked for; it keeps none of the verb's synonyms nor its
			// intent; when it is the participle of a verb that leads tool
			// names by the CRUD convention ("paused" of pause_project), it
			// weighs as a hint, so as not to select that operation; other
			// participles keep their weight, which is the topic's
			// ("the cached value": a cache).
			w := 1.0
			if t := normalizeWord(lw); opVerbs[t] || readNameVerbs[t] {
				w = hintWeight
			}
			addText(lw, w, w == 1)
			if i, ok := seen[normalizeWord(lw)]; ok {
				q.words[i].state = true
			}
			splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
			prev, prev2, prevAt = lw, prev, fi
			continue
		}
		if (lw == "open" || lw == "closed" || lw == "running" || lw == "active") && beVerbs[prev] {
			// "which tabs are open": a state, not the verb "open".
			addText(lw, hintWeight, false)
			if i, ok := seen[normalizeWord(lw)]; ok {
				// Nor the verb's synonyms: "running" after a copula is
				// the adjective (in operation), not "start" or "execute".
				q.words[i].state = true
			}
			prev = lw
			continue
		}
		if (lw == "end" || lw == "bottom") && !quoted && !readStems[q.verb] && endPlace(fieldWord, len(fs), fi) {
			// "add X to the end of Y", "at the bottom of page P": to
			// append (endPlace); the end and the bottom of a file or a
			// page are where its last line is. "end" is the noun here,
			// none of the verb's synonyms (stop, kill). Not in a request
			// to read.
			add(stem("append"), 1, false)
			addText(lw, hintWeight, false)
			if i, ok := seen[normalizeWord(lw)]; ok {
				q.words[i].state = true
			}
			splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
			prev, prev2, prevAt = lw, prev, fi
			continue
		}
		if lw == "go" && (prev == "one" || prev == "single" || prev == "a") && !quoted {
			// "in one go", "in a single go": after a numeral or an
			// article "go" is the noun (WordNet's "a turn to be played",
			// "an attempt"), no verb of going or navigating; done in one
			// go, the things are done together.
			add("many", hintWeight, false)
			splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
			prev, prev2, prevAt = lw, prev, fi
			continue
		}
		if idLike(qtok{text: lw}) || strings.HasPrefix(lw, "/") {
			items++
			if items == 2 {
				// Several ids or paths: the task is about many things.
				add("many", hintWeight, false)
			}
		}
		if (needVerbs[lw] || lw == "like" && (prev == "i'd" || prev == "we'd" || prev == "would")) && !neg && circ < 0 && (nextField(fs, fi) == "a" || nextField(fs, fi) == "an" || nextField(fs, fi) == "another") {
			// "I need a folder at /srv/x", "we want a branch named
			// hotfix", "I'd like a new team": the indefinite article after
			// a verb of needing introduces a thing that is not there yet,
			// so the request is to create it ("I need the folder" asks for
			// one that is; "I have a snippet" and "looks like a bug" are
			// no needs).
			add(stem("create"), 1, false)
			write = true
		}
		if lw == "open" && (nextField(fs, fi) == "a" || nextField(fs, fi) == "an") {
			// "open an issue", "open a PR": opening a new thing creates
			// it; "open the file" reads one.
			add(stem("create"), 1, false)
		}
		question := false // a word of the question's form, no word of its topic: "big" of "how big", "logged" of "am I logged in" (below)
		switch lw {
		case "which", "what", "who":
			// "which tabs are open?", "who are the members?": asks for a
			// list, all the more when a plural noun follows ("which tabs",
			// "which of my file searches": whichThingsAt).
			w := hintWeight
			if next := nextField(fs, fi); isPlural(next) && !stopWords[next] || whichThingsAt(fs, fi) {
				w = 2 * hintWeight
			}
			add("list", w, false)
		case "any":
			if whichThingsAt(fs, fi) {
				add("list", 2*hintWeight, false) // "are any of my searches still running?"
			}
		case "where":
			add("search", hintWeight, false)
		case "group", "groups", "grouped", "grouping":
			if groupedBy(fs, fi) {
				// A value per group: an aggregation (rank_sql.go).
				add(stem("aggregate"), 1, false)
			}
		case "every", "all", "each":
			add("many", hintWeight, false)
			if n := quantifiedNoun(fs, fi); n != "" {
				q.quantified = append(q.quantified, n)
			}
		case "am":
			if prev == "who" && nextField(fs, fi) == "i" {
				// "who am I (logged in as)": the identity of the
				// current user, what Unix's whoami prints ("print
				// effective user name") and what tools call the
				// current or authenticated user.
				add(stem("current"), 0.8, false)
				add(stem("user"), 0.8, false)
			}
		case "logged", "signed":
			if (prev == "i" || prev == "we") && (prev2 == "am" || prev2 == "are") && (nextField(fs, fi) == "in" || nextField(fs, fi) == "into" || nextField(fs, fi) == "on") {
				// "which account am I logged into", "who are we signed
				// in as": the question of "who am I" above, put by the
				// session: the identity of the current user.
				add(stem("current"), 0.8, false)
				add(stem("user"), 0.8, false)
				question = true // the verb of a session, no log's
			}
		case "many":
			if prev == "how" {
				add("count", 0.8, false)
			}
		case "do", "does", "can", "should", "to":
			if prev == "how" && (lw == "to" || askerPronoun[nextField(fs, fi)]) && q.ends == 0 {
				// "how do I ...", "how can we ...", "how to ...": a
				// question of manner put by the one who will act asks
				// for a method, the instructions for doing it, not for
				// the act ("how many", "how long" ask for a measure,
				// below). Instructions for using software are what
				// WordNet calls its documentation ("technical manuals
				// describing the operation and use of programs"): the
				// word is a hint, as a path's "file" is. How to get from
				// one named place to another is a route, no software's
				// manual (q.ends, above).
				add(stem("documentation"), 0.8, false)
			}
		default:
			if prev == "how" && (attributeNouns(lw) != nil || howMeasure[lw] != nil) {
				// "how long", "how far", "how big": a question of degree
				// asks for the measure of a dimension, the noun WordNet
				// gives the adjective as an attribute of ("size" of
				// "big"; synonyms.go) and English's measure nouns
				// (howMeasure). The adjective is the question's, not a
				// word of its topic ("how long does the drive take" is
				// about no long-running thing): it is left out.
				for _, n := range attributeNouns(lw) {
					add(stem(n), hintWeight, false)
					for _, e := range synonyms()[stem(n)] {
						// The attribute's own synonyms name the same
						// measure ("height": elevation).
						if len(e.terms) == 1 && e.weight == wordnetWeight {
							add(e.terms[0], hintWeight, false)
						}
					}
				}
				for _, n := range howMeasure[lw] {
					add(stem(n), hintWeight, false)
				}
				question = true
			}
		}
		word := strings.Trim(text, ".,;:!?()[]{}<>")
		digits := !plainWords(lw) && digitName(word) // "Auth0", "1Password" (refuse.go)
		if len(lw) >= minTypoLen && (plainWords(lw) || digits) && !strings.Contains(lw, "/") && !stopWords[lw] && circ < 0 {
			// Not inside a circumstance clause: "before I start on the
			// refactor" names no product the task is to use.
			// Capitalized inside a sentence, not at the start of one.
			asName := fi > 0 && !endsSentence(fs[fi-1].text) && (nameCase(word) || digits)
			next := nextField(fs, fi)
			if !plainWords(next) || strings.Contains(next, "/") || endsSentence(text) {
				next = ""
			}
			switch {
			case prev == "near", determiners[prev] && prev2 == "near":
				// "ramen shops near Shibuya station": what is near is a
				// place, an argument; no one is near a product.
			case productPlace[prev], determiners[prev] && productPlace[prev2], possessives[prev] && personPlace[prev2],
				(prev == "to" || prev == "from") && transferVerbs[q.verbRaw],
				determiners[prev] && (prev2 == "to" || prev2 == "from") && transferVerbs[q.verbRaw]:
				// The end or source of a transfer, with or without its
				// determiner ("upload it to Backblaze", "to the Backblaze
				// bucket"), as a product's place does with one ("in the
				// Linear workspace").
				q.named = append(q.named, namedWord{lw, asName, next})
			case asName && fi+1 < len(fs) && !fs[fi+1].quoted && commonNoun(fs[fi+1].text) && !strings.HasSuffix(text, ","):
				// A premodifier stands right before its head; a comma
				// parts them ("near Union Square, San Francisco, give me
				// 8 results").
				q.named = append(q.named, namedWord{lw, true, next})
			}
		}
		prev, prev2, prevAt = lw, prev, fi
		if told != nil && told[fi] {
			// An operation of a statement told before the request
			// (rank_chatty.go): what happened, no word of the request.
			splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
			continue
		}
		state := stateParticiple(fs, fi) // rank_question.go
		if state && !whichThings(fs) {
			// "what's stored under key x?": a question about what is
			// there asks to be given it, the reading that tool names
			// lead with "get" for (readNameVerbs); one about which
			// things are ("what edge functions are deployed?") lists.
			add(stem("get"), hintWeight, false)
		}
		if neg || circVerb || state || modifierParticiple(fs, fi) {
			// What the task says not to do ("without deleting anything",
			// "don't overwrite it") is no part of what it asks; nor is what
			// the user will do around it ("before I push the fix").
			addText(text, hintWeight, false)
			splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
			continue
		}
		if question {
			splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
			continue
		}
		if fi < bg {
			// The situation before a request (rank_chatty.go): its words
			// weigh less and set no intent.
			n := len(q.words)
			addText(text, backgroundWeight, true)
			for i := n; i < len(q.words); i++ {
				q.words[i].bg = true
			}
			splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
			continue
		}
		if camelIdent(strings.Trim(text, ".,;:!?()[]{}<>")) {
			// "createdAt", "lastContact", "fileReadLineLimit": a word
			// written in lower camel case, the convention of code for the
			// names of fields and variables (JavaScript, Java, JSON), names
			// a field. Its words say what the field holds, and match the
			// tools that take it (connectionId, fileReadLineLimit), but a
			// participle among them is the state the field records, as one
			// before its noun is ("newest createdAt first" asks to create
			// nothing): one of a verb that leads tool names weighs as a
			// hint.
			addTextWith(text, 1, camelPartWeight, true)
		} else {
			addText(text, 1, true)
		}
		splitWords(text, func(w string) { q.plain = append(q.plain, strings.ToLower(w)) })
		splitWords(text, func(word string) {
			lw := strings.ToLower(word)
			if strings.HasSuffix(lw, "ings") {
				// A plural in -ings ("settings", "listings") is a noun:
				// English verbs take no plural.
				return
			}
			t := stem(lw)
			switch {
			case destructiveStems[t]:
				q.destructive = true
				write = true
			case writeStems[t]:
				write = true
			case readStems[t]:
				read = true
			}
		})
	}
	for i, f := range fs {
		// A phrasal verb, its particle right after it or after an
		// object pronoun ("break down the errors", "shut it down").
		j := i + 1
		if j < len(fs) && !endsClause(f.text) && (fs[j].text == "it" || fs[j].text == "them") {
			j++
		}
		if f.quoted || j >= len(fs) || fs[j].quoted || endsClause(fs[j-1].text) {
			continue
		}
		v := strings.ToLower(f.text)
		particles := phrasalTable()[v] // the verb first: most words lead no phrasal verb
		if particles == nil {
			continue
		}
		if senses := particles[strings.ToLower(strings.Trim(fs[j].text, ".,;:!?()[]{}<>"))]; len(senses) > 0 {
			if k, ok := seen[normalizeWord(v)]; ok {
				q.words[k].phrasal = senses
			}
		}
	}
	if q.coordinated >= 2 {
		// Two or more values joined by coordination ("/a, /b and /c",
		// "ENG-1 or ENG-2") are what English calls multiple (WordNet:
		// "having or involving or consisting of more than one part or
		// entity or individual"): the coordination says the word as
		// surely as "read the multiple files" would, so it is a hint, as
		// the nouns a value implies are (rank_arity.go; "move /a to /b",
		// a source and a destination, is no coordination).
		add(stem("multiple"), hintWeight, false)
	}
	if len(q.plain) > 0 && !q.destructive {
		switch q.plain[0] {
		case "what", "whats", "which", "who", "where", "how", "when":
			// A question asks to know, whatever nouns follow ("what will
			// a new project cost"): read intent.
			read, write = true, false
		}
	}
	if q.numericObject && !q.destructive {
		// Arithmetic on the task's numbers computes, it writes nothing
		// ("add 3 and 4").
		read, write = true, false
	}
	q.readOnly = read && !write
	q.write = write
	// After the loop, which may read the verb anew ("open the page" is
	// "show").
	if q.made = madeThing(q, fs); q.made != nil { // refuse.go
		q.makes = q.made
	} else if obj := phrasalMake(q, fs); obj != nil { // refuse.go
		// "set up a new sentry project", "start a new branch": the
		// phrasal verb of making, whose object is the new thing.
		q.makes = obj
	} else if i := verbAt(fs, q.verb); i >= 0 && i+1 < len(fs) && !opVerbs[q.verb] && !readVerbs[q.verbRaw] && !readNameVerbs[q.verbRaw] && !lightVerbs[q.verbRaw] && !isPlural(q.verbRaw) && !strings.HasSuffix(q.verbRaw, "ed") && !strings.HasSuffix(q.verbRaw, "ing") &&
		// A quoted text after the verb is what it makes, whatever it
		// holds ("comment 'updated for Q3' on page X"); an id or a number
		// makes the word a noun ("issue 42").
		(fs[i+1].quoted || !hasDigit(fs[i+1].text) && !idLike(qtok{text: strings.ToLower(fs[i+1].text)})) {
		q.makes = []string{q.verb}
	}
	return q
}

// circumstance reports whether fs[i] opens an adverbial clause of time or
// reason with its own subject ("before I merge the PR", "once we ship",
// "because they asked"): such a clause states the circumstances of the
// request, not the request, which is the main clause ("before I merge PR 88
// I want to be sure the checks are green"; "take a snapshot before I click
// anything"). English grammar: a subordinating conjunction followed by a
// subject pronoun; "after the deploy" (a preposition with a noun phrase)
// is not one, as it often filters what the request reads.
func circumstance(fs []field, i int) bool {
	if i+1 >= len(fs) || fs[i].quoted || fs[i+1].quoted {
		return false
	}
	next := strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?()[]{}<>"))
	switch strings.ToLower(fs[i].text) {
	case "before", "after", "once", "until", "till", "while", "whilst", "because", "since", "when", "whenever":
	case "so":
		// A clause of purpose ("..., so I can see the form", "so that
		// we know"): what the user will do with the result, not the
		// request. Not "so I'd like it gone", where "so" introduces the
		// request itself.
		return next == "that" || subjectPronoun[next] && i+2 < len(fs) && purposeModal[strings.ToLower(fs[i+2].text)]
	default:
		return false
	}
	return subjectPronoun[next]
}

// subordinators are the words circumstance reads (its quick test).
var subordinators = setOf("before", "after", "once", "until", "till", "while", "whilst", "because", "since", "when", "whenever", "so")

// purposeModal: the modals of a clause of purpose ("so I can", "so we
// could", "so they'll").
var purposeModal = setOf("can", "could", "will", "may", "might")

// subjectPronoun: the personal pronouns in the subject case, with the
// contractions of a pronoun and an auxiliary; requestModal: the words that
// open a request after a clause ("..., can you", "... please").
var (
	subjectPronoun = setOf("i", "we", "you", "they", "he", "she", "it", "i'm", "we're", "you're", "they're", "i've", "we've", "you've", "they've", "i'll", "we'll", "you'll", "i'd", "we'd", "you'd", "it's", "someone", "somebody", "anyone", "anybody", "everyone")
	requestModal   = setOf("can", "could", "would", "please", "pls")
	auxiliary      = setOf("can", "could", "will", "would", "should", "must", "might", "may", "have", "has", "had", "to", "do", "does", "did", "am", "is", "are", "was", "were", "going", "finally", "actually", "just", "also", "then")
)

// allAux reports whether every field of fs is an auxiliary (or the
// subject of a clause of purpose: "so that we can").
func allAux(fs []field) bool {
	for _, f := range fs {
		if w := strings.ToLower(f.text); !auxiliary[w] && !subjectPronoun[w] && w != "that" {
			return false
		}
	}
	return true
}

// negator reports whether w (lower case) negates what follows it in its
// clause: "not", "never", "without" and the contractions in n't.
func negator(w string) bool {
	switch w {
	case "not", "never", "without", "cannot", "dont", "doesnt", "didnt", "cant", "wont", "isnt", "arent", "shouldnt":
		return true
	}
	return strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n’t")
}

// Words that frame an English request before its verb ("please", "hey,
// can you", "I'd like to", "let's"), and the words that open a question
// instead (which has no imperative verb). A grammar of requests, not of
// any tool list.
var (
	requestFrame  = setOf("please", "pls", "plz", "hey", "hi", "hello", "ok", "okay", "so", "now", "can", "could", "would", "will", "you", "i", "we", "i'd", "we'd", "like", "want", "need", "to", "let's", "lets", "let", "us", "me", "just", "quickly", "kindly", "also", "then", "and", "go", "ahead")
	questionStart = setOf("what", "what's", "whats", "which", "who", "whom", "whose", "how", "where", "when", "why", "is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "any", "should", "shall", "may", "might", "must")
)

// mainVerb returns the analyzed first word of an imperative request,
// after its framing words; "" for a question, a statement ("I just
// pushed the fix": a verb after its subject), a request that starts with
// something other than a plain word (a path, a number, a quote), or a
// word without meaning of its own.
func mainVerb(fs []field) (term, raw string) {
	skip := frontedAdverbial(fs) // rank_fronted.go
	subject := false             // the last frame word read was "I" or "we"
	for i, f := range fs {
		if f.quoted {
			return "", ""
		}
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		switch {
		case i < skip || mannerAdverb(fs, i): // refuse.go
			continue
		case requestFrame[lw]:
			if lw == "i" || lw == "we" {
				subject = true
			} else if !frameAdverbs[lw] {
				subject = false
			}
			continue
		case questionStart[lw] || !plainWords(lw) || strings.Contains(lw, "/"):
			return "", ""
		case subjectOfFinite(fs, i):
			return "", ""
		case subject:
			// "I just pushed the fix", "we moved the pages": a verb
			// after its subject is finite, a statement's, never an
			// imperative; the frames that put the request after "I"
			// or "we" ("I need to", "we'd like") are frame words.
			return "", ""
		case rankModifiers[lw] && !endsClause(f.text) && i+1 < len(fs) && !fs[i+1].quoted && !particleAfterRank[strings.ToLower(fs[i+1].text)]:
			// "top 20 unresolved issues", "last 10 messages": a word of
			// rank opening a noun phrase, as "first" and "latest" do,
			// not the verb it is also ("to top", "to last"): a request
			// written as its object alone, with no verb. "top up the
			// balance" is the phrasal verb.
			return "", ""
		}
		return normalizeWord(lw), lw
	}
	return "", ""
}

// rankModifiers are the words that are verbs and also modify a noun by
// its rank in a list ("top 10 issues", "last 5 builds", "bottom 3
// scores"); particleAfterRank are the particles of their phrasal verbs
// ("top up", "top off", "bottom out").
var (
	rankModifiers     = setOf("top", "last", "bottom")
	particleAfterRank = setOf("up", "off", "out")
)

// frameAdverbs are the adverbs among the frame words (requestFrame), which
// may stand between a subject and its verb ("I just pushed", "we also
// need").
var frameAdverbs = setOf("just", "quickly", "also", "then", "now")

// subjectOfFinite reports whether fs[i], the first word of a sentence
// after its frame, is the subject of the finite verb that follows it
// rather than an imperative ("Finance asked me to cut the bill",
// "Security flagged that ...", "Finance is asking why ...", "Finance
// wants to know why ..."): English's imperative has no subject, so the
// word right after it starts its object or a particle, never a finite
// verb. A finite verb is told by its form alone: a form of "be" or
// "have" (is, was, has: no object or particle takes that form); a past
// tense in -ed followed by an object pronoun or "that" (a participle used
// as an adjective, "delete archived projects", "list merged PRs", comes
// before a noun, never before "me" or a clause); a verb of wanting or
// needing in the third person ("wants", "needs") followed by "to". The
// sentence then reports what someone asked or found, not the operation,
// so it has no imperative verb, as a question has none.
func subjectOfFinite(fs []field, i int) bool {
	if i+2 >= len(fs) || fs[i+1].quoted || fs[i+2].quoted || endsClause(fs[i].text) || endsClause(fs[i+1].text) {
		return false
	}
	next := strings.ToLower(fs[i+1].text)
	after := strings.ToLower(strings.Trim(fs[i+2].text, ".,;:!?"))
	switch {
	case finiteBe[next] || next == "has" || next == "had":
		return true
	case len(next) > 4 && strings.HasSuffix(next, "ed"):
		return after == "that" || objectPronouns[after]
	case next == "wants" || next == "needs":
		return after == "to"
	}
	return false
}

// passiveOp returns the analyzed operation verb (opVerbs) a request states
// as a past participle when it is not in the imperative: the passive ("the
// product should be removed", "it needs to be deleted") and the causative
// after a verb of wanting ("I'd like it deleted", "we want them merged").
// English states the operation asked for in either form as surely as in
// "remove the product"; "" when there is none.
func passiveOp(fs []field) string {
	for i := 1; i < len(fs); i++ {
		if fs[i].quoted || fs[i-1].quoted {
			continue
		}
		w := strings.Trim(fs[i].text, ".,;:!?()[]{}<>")
		if len(w) < 4 || w[len(w)-2] != 'e' && w[len(w)-2] != 'E' || w[len(w)-1] != 'd' && w[len(w)-1] != 'D' {
			continue // no participle in -ed
		}
		w = strings.ToLower(w)
		if l, ok := strings.CutSuffix(w, "lled"); ok && !opVerbs[stem(w)] {
			w = l + "led" // British spelling doubles a final l: "cancelled"
		}
		if !strings.HasSuffix(w, "ed") || !opVerbs[stem(w)] {
			continue
		}
		prev := strings.ToLower(fs[i-1].text)
		switch {
		case beForms[prev]:
		case objectPronoun[prev] && i >= 2 && wantVerbs[strings.ToLower(fs[i-2].text)]:
		default:
			continue
		}
		return stem(w)
	}
	return ""
}

// beForms: the passive of a request is the infinitive after a modal or
// "to" ("should be removed", "needs to be cancelled"); "is deployed", "was
// merged" state what is, not what is asked. objectPronoun and wantVerbs
// make the causative "want it deleted".
var (
	beForms       = setOf("be")
	objectPronoun = setOf("it", "them", "this", "that", "these", "those")
	wantVerbs     = setOf("want", "wants", "like", "need", "needs", "have", "had")
	needVerbs     = setOf("want", "wants", "need", "needs")
)

// givesThingTo reports whether the request's "give" has two objects, a
// recipient other than the one asking and then a thing ("give page X a
// rocket icon", "give PR 311 an approval"): English's ditransitive give,
// which puts the thing on the recipient, a change to it, where "give me
// the list" is a request to be shown one. The thing opens with an
// indefinite article after at least one word of the recipient; a
// particle after the verb makes another verb ("give up", "give back").
func givesThingTo(fs []field) bool {
	vi := verbAt(fs, stem("give"))
	if vi < 0 || vi+2 >= len(fs) || fs[vi+1].quoted {
		return false
	}
	if w := strings.ToLower(strings.Trim(fs[vi+1].text, ".,;:!?()[]{}<>")); w == "me" || w == "us" || w == "a" || w == "an" || phrasalParticles[w] {
		return false
	}
	for i := vi + 1; i < len(fs) && !endsClause(fs[i-1].text); i++ {
		if lw := strings.ToLower(fs[i].text); !fs[i].quoted && (lw == "a" || lw == "an") {
			return true
		}
	}
	return false
}

// directObject returns the analyzed words of the noun phrase after the
// imperative verb of fs (mainVerb's word): determiners and possessives
// left out, up to a preposition, a participle of naming, a value (an id, a
// path, a quoted text) or the end of the clause.
func directObject(fs []field) []string {
	vi := -1
	skip := frontedAdverbial(fs) // rank_fronted.go
	for i, f := range fs {
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		if i >= skip && !requestFrame[lw] && !mannerAdverb(fs, i) {
			vi = i
			break
		}
	}
	if vi < 0 {
		return nil
	}
	var out []string
	for i := vi + 1; i < len(fs); i++ {
		f := fs[i]
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		if englishCompound(fs, i) { // refuse.go
			continue
		}
		if len(out) == 0 && !f.quoted && !plainWords(lw) && !endsClause(f.text) && i+1 < len(fs) && !fs[i+1].quoted {
			// "delete the tmp_import_2024 collection": a name before
			// the head noun premodifies it, as "the orders collection"
			// does; the noun after it is the object's head.
			// (Not a participle: "a CHANGELOG.md containing ...", "the
			// 2024 backup stored in ...", whose phrase follows the value.)
			if next := strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?()[]{}<>")); plainWords(next) && !objectEnd[next] && !stopWords[next] && !namingCue[next] && !strings.HasSuffix(next, "ing") && !strings.HasSuffix(next, "ed") {
				continue
			}
		}
		if f.quoted || !plainWords(lw) || strings.Contains(lw, "/") || objectEnd[lw] || namingCue[lw] {
			break
		}
		if !determiners[lw] && !possessives[lw] && !stopWords[lw] {
			out = append(out, stem(lw))
		}
		if endsClause(f.text) {
			break
		}
	}
	return out
}

// fromInClause returns the index of the request's verb and of the first
// "from" after it within its clause, or -1 for either.
func fromInClause(fs []field) (vi, at int) {
	if vi = requestVerb(fs); vi < 0 {
		return -1, -1
	}
	for i := vi + 1; i < len(fs); i++ {
		if !fs[i].quoted && strings.ToLower(strings.Trim(fs[i].text, ".,;:!?()[]{}<>")) == "from" {
			return vi, i
		}
		if endsClause(fs[i].text) {
			break
		}
	}
	return vi, -1
}

// fetchesFrom reports whether the request's verb has an object and then
// "from" in its clause, with no destination in it ("to", "into",
// "onto"): a thing moved from a source and put nowhere is brought to the
// one asking, which is what reading a thing is ("pull the last 25
// messages from channel C04", "grab package.json from the repo"); "move
// the card from Backlog to Done" and "copy rows from a into b" put it
// somewhere.
func fetchesFrom(fs []field) bool {
	vi, at := fromInClause(fs)
	if at <= vi+1 {
		return false
	}
	for i := vi + 1; i < len(fs); i++ {
		if lw := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?()[]{}<>")); !fs[i].quoted && (lw == "to" || lw == "into" || lw == "onto") {
			return false
		}
		if endsClause(fs[i].text) {
			break
		}
	}
	return true
}

// removalSource returns the analyzed words of the noun phrase after the
// first "from" that follows the request's verb in its clause (fromInClause),
// determiners and values left out ("from the billing-service entity" ->
// entity), up to a preposition, a quoted text or the end of the clause. In
// "remove X from Y" English names by Y where X is: "from" marks the source
// of a movement, the thing X leaves, and that thing stays.
func removalSource(fs []field) []string {
	_, at := fromInClause(fs)
	if at < 0 || endsClause(fs[at].text) {
		return nil
	}
	var out []string
	for _, f := range fs[at+1:] {
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		if f.quoted || objectEnd[lw] {
			break
		}
		if plainWords(lw) && !strings.Contains(lw, "/") && !determiners[lw] && !possessives[lw] && !stopWords[lw] {
			out = append(out, stem(lw))
		}
		if endsClause(f.text) {
			break
		}
	}
	return out
}

// openThe reports whether fs[i], "open", takes an object that exists: a
// definite article, a demonstrative or a possessive, or a noun phrase of
// up to three words followed by a value (an id, a number, a path: "open
// PR 12", "open sentry trace 4bf92f35") — not an indefinite article or
// "new".
func openThe(fs []field, i int) bool {
	next := nextField(fs, i)
	switch {
	case next == "the" || next == "this" || next == "that" || possessives[next]:
		return true
	case next == "" || newThing[next] || !plainWords(next):
		return false
	}
	for k := i + 1; k <= i+2; k++ {
		after := nextField(fs, k)
		switch {
		case after == "":
			return false
		case hasDigit(after) || strings.HasPrefix(after, "#") || strings.HasPrefix(after, "/"):
			return true
		case !plainWords(after) || stopWords[after] || objectEnd[after]:
			return false
		}
	}
	return false
}

// attributive reports whether fs[i] is a past participle in -ed used as
// an adjective: right after an article, a demonstrative or a possessive
// (prev, lower case) and before a plain word that is not a preposition or
// conjunction ("the paused project", "my archived pages"; not "the
// deleted" at a clause's end).
func attributive(fs []field, i int, prev string) bool {
	if fs[i].quoted || !(determiners[prev] || prev == "a" || prev == "an" || prev == "this" || prev == "these" || prev == "those" || prev == "that") {
		return false
	}
	w := strings.ToLower(fs[i].text)
	if len(w) < 5 || !strings.HasSuffix(w, "ed") || endsClause(fs[i].text) || !plainWords(w) {
		return false
	}
	next := nextField(fs, i)
	return next != "" && plainWords(next) && !strings.Contains(next, "/") && !objectEnd[next] && !stopWords[next]
}

// postnominal reports whether fs[i] is a past participle in -ed that
// follows a plural noun (prev, lower case) and opens a phrase of place,
// time or agent: a reduced relative clause ("the messages posted in
// channel C04", "the edge functions deployed in project x", "the
// branches merged into main"), which says which things are meant, as
// "the posted messages" does, not the operation asked for; the request's
// verb came before it. A finite verb after a plural subject ("builds failed in CI")
// stands where an imperative request has its verb, so it is not read as
// one (the caller asks for an imperative main verb). Only the participles
// of the verbs that lead tool names are read so, those that would select
// an operation; others keep their own readings ("orders grouped by
// status").
func postnominal(fs []field, i int, prev string) bool {
	if i < 2 || fs[i].quoted || fs[i-1].quoted || endsClause(fs[i-1].text) || !isPlural(prev) || stopWords[prev] || !plainWords(prev) {
		return false
	}
	w := strings.ToLower(fs[i].text)
	if len(w) < 5 || !strings.HasSuffix(w, "ed") || endsClause(fs[i].text) || !plainWords(w) {
		return false
	}
	t := normalizeWord(w)
	return (opVerbs[t] || readNameVerbs[t]) && participlePhrase[nextField(fs, i)]
}

// participlePhrase are the prepositions that open the phrase of place,
// time or agent a participle takes after its noun ("posted in", "assigned
// to", "created by", "merged since", "opened during").
var participlePhrase = setOf("in", "on", "to", "by", "from", "at", "into", "since", "during", "within", "under", "after", "before", "over", "through")

// readVerbs are the imperative verbs of showing or fetching something
// (the read vocabulary of the synonym groups: show, get, fetch, display,
// view, read, see, give).
var readVerbs = setOf("show", "get", "fetch", "display", "view", "read", "see", "give", "retrieve")

// requestVerb returns the index of the request's verb: the first field
// that is not part of the request's frame ("please", "can you"), or -1.
func requestVerb(fs []field) int {
	skip := frontedAdverbial(fs) // rank_fronted.go
	for i, f := range fs {
		if i >= skip && !requestFrame[strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))] {
			return i
		}
	}
	return -1
}

// pluralObject reports whether the direct object of the request's verb
// (the noun phrase after it, to a preposition, a value or the clause's
// end) ends in a plural noun and holds no value: an id, a number, a path
// or quoted text names one thing ("show issue 42"), a plural head many
// ("show the issues"). The head's plural is English's -s, the test
// parseQuery already uses (isPlural).
func pluralObject(fs []field) bool {
	vi := requestVerb(fs)
	if vi < 0 {
		return false
	}
	head := ""
	for i := vi + 1; i < len(fs); i++ {
		f := fs[i]
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		if f.quoted || !plainWords(lw) || hasDigit(lw) {
			return false // a value: this one, not a list
		}
		if objectEnd[lw] || namingCue[lw] {
			break
		}
		if !determiners[lw] && !possessives[lw] && !stopWords[lw] {
			head = lw
		}
		if endsClause(f.text) {
			break
		}
	}
	// A plural WordNet lists as a lemma of its own ("contents", "details",
	// "news", "statistics") has a sense apart from the singular's: the
	// content of one thing, not many things.
	return head != "" && isPlural(head) && !inSortedLines(englishTable, head)
}

// numericObject reports whether the object of the request's verb is
// numbers only, joined by "and", "by", "to", "from" or commas, up to a
// preposition of means ("using", "with", "on", "in") or the end, with at
// least two numbers: the operands of arithmetic ("add 3 and 4 using the
// test server").
func numericObject(fs []field) bool {
	vi := requestVerb(fs)
	if vi < 0 {
		return false
	}
	n := 0
	for i := vi + 1; i < len(fs); i++ {
		lw := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?()[]{}<>"))
		if _, err := strconv.ParseFloat(lw, 64); err == nil && !fs[i].quoted {
			n++
			continue
		}
		switch lw {
		case "and", "by", "to", "from", "plus", "times", "":
			continue
		case "using", "with", "on", "in", "via":
			return n >= 2
		}
		return false
	}
	return n >= 2
}

// objectEnd are the words that end a noun phrase: prepositions,
// conjunctions and relative pronouns.
var objectEnd = setOf("in", "on", "to", "for", "from", "with", "at", "by", "of", "into", "onto", "about", "as", "via", "through", "using", "and", "or", "but", "so", "that", "which", "who", "where", "when", "if", "because", "before", "after", "under", "over", "between", "without",
	"against", "across", "within", "inside", "outside", "until", "since", "toward", "towards", "behind", "beyond", "near", "around", "among", "along", "upon", "during", "throughout", "per", "than")

type field struct {
	text   string
	quoted bool
}

// fields splits a query on spaces, keeping quoted spans ('...', "...",
// `...`, “...”) together. An apostrophe inside a word ("we're") is not a
// quote.
func fields(s string) []field {
	var out []field
	rs := []rune(s)
	i := 0
	for i < len(rs) {
		for i < len(rs) && unicode.IsSpace(rs[i]) {
			i++
		}
		if i >= len(rs) {
			break
		}
		if closeQ, ok := quotePair(rs[i]); ok {
			// find the closing quote that ends a word
			for j := i + 1; j < len(rs); j++ {
				if rs[j] == closeQ && (j+1 == len(rs) || !unicode.IsLetter(rs[j+1])) {
					out = append(out, field{text: string(rs[i+1 : j]), quoted: true})
					i = j + 1
					goto next
				}
			}
		}
		{
			j := i
			for j < len(rs) && !unicode.IsSpace(rs[j]) {
				j++
			}
			out = append(out, field{text: string(rs[i:j])})
			i = j
		}
	next:
	}
	return out
}

func quotePair(r rune) (rune, bool) {
	switch r {
	case '\'', '"', '`':
		return r, true
	case '“':
		return '”', true
	case '‘':
		return '’', true
	}
	return 0, false
}

// plainWords reports whether a slash-joined token is just words
// ("issue/PR", "read/write") rather than a reference.
// Where a query names the product a task is done with: the article of a
// product used as a noun ("a Trello card"), the prepositions of means
// ("via", "through", "using") and of place ("in", "on", "into": a
// product is where the thing lives). Not "to", "with", "from" or "for",
// which as often introduce a person ("send it to Jane", "share with
// Ana", "a customer for Jane Doe"); people's names are arguments.
var (
	productPlace = setOf("a", "an", "via", "through", "using", "in", "on", "into")
	determiners  = setOf("our", "my", "the", "your", "their")
	possessives  = setOf("our", "my", "your", "their")
	// newThing opens a noun phrase for a thing the hearer does not know
	// yet: the indefinite articles, "another" and "new" ("create a label",
	// "add another key"). With "some", the same for a quantity.
	newThing = setOf("a", "an", "another", "new")
	// personPlace introduces a person or a product; with a determiner
	// between ("post it to our Teams channel") it is a thing, never a
	// person's name. "the" excluded: "to the" + a name is as often a place.
	personPlace = setOf("to", "with", "from", "for")
	// transferVerbs move an artifact to a system ("deploy the app to
	// heroku", "submit the build to TestFlight"): after them "to" names a
	// destination, never a person, who receives with send, give, assign,
	// share or reply; and "from" the system the artifact leaves ("export
	// the frames from figma", "migrate the data from mysql"). A semantic
	// class of English verbs, not of one tool list.
	transferVerbs = setOf("deploy", "upload", "push", "publish", "submit", "ship", "sync", "export", "migrate", "mirror", "copy", "move", "backup", "release", "install")
)

// nameCase reports whether w is written as a name: a capital first letter
// and a lower-case letter after it ("Trello", "HubSpot"; not "IAM").
func nameCase(w string) bool {
	rs := []rune(w)
	if len(rs) < 2 || !unicode.IsUpper(rs[0]) {
		return false
	}
	for _, r := range rs[1:] {
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// endsSentence reports whether a field ends a sentence (or a clause that
// a capital may follow: "note: Call ...").
func endsSentence(s string) bool {
	return s != "" && strings.ContainsAny(s[len(s)-1:], ".!?:")
}

// contentCue reports whether field fi is a "containing" (or "contains")
// inside a clause, with a word after it: it introduces what a thing
// holds, written out, a value, up to the end of the clause or a
// preposition, which attaches a phrase of its own ("containing 22 in the
// api repo").
func contentCue(fs []field, fi int) bool {
	if fs[fi].quoted || fi == 0 || fi+1 >= len(fs) || endsClause(fs[fi-1].text) {
		return false
	}
	w := strings.ToLower(fs[fi].text)
	return w == "containing" || w == "contains"
}

// endsClause reports whether a field ends a clause (or a sentence).
func endsClause(s string) bool {
	return s != "" && strings.ContainsAny(s[len(s)-1:], ",;.:!?")
}

// commonNoun reports whether w (as written) could be the common noun a
// product name modifies ("dashboard", "campaign"): lower case, English,
// not a stop word. A following capitalized word ("Jane Doe") or a
// possessive ("Jane's") is not.
func commonNoun(w string) bool {
	w = strings.Trim(w, ".,;:!?()[]{}<>")
	return len(w) >= 2 && plainWords(w) && !strings.Contains(w, "/") && !stopWords[w] && isEnglish(w)
}

func plainWords(s string) bool {
	for _, r := range s {
		if r != '/' && !(r >= 'a' && r <= 'z') {
			return false
		}
	}
	return !strings.HasPrefix(s, "/") && !strings.HasSuffix(s, "/")
}

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			return true
		}
	}
	return false
}

// dottedRef reports whether s is a dotted name such as "shop.users" or
// "main.go" (letters on both sides of a dot, no spaces, no digits only).
func dottedRef(s string) bool {
	i := strings.IndexByte(s, '.')
	if i <= 0 || i == len(s)-1 {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if part == "" || !unicode.IsLetter(rune(part[0])) {
			return false
		}
	}
	return true
}

// mediaType returns the top-level media type (RFC 6838: image, audio,
// video) of a file name's extension, as the IANA registry files the
// common ones, or "". Each of them is in fileExts.
func mediaType(name string) string {
	switch name[strings.LastIndexByte(name, '.')+1:] {
	case "png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "ico", "tiff":
		return "image"
	case "mp3", "wav", "ogg", "flac", "m4a", "aac":
		return "audio"
	case "mp4", "webm", "mov", "avi", "mkv":
		return "video"
	}
	return ""
}

var fileExts = setOf("go", "ts", "tsx", "js", "jsx", "mjs", "cjs", "py", "rb", "rs", "java", "kt", "c", "h", "cc", "cpp", "hpp", "cs", "swift", "php", "json", "yaml", "yml", "toml", "ini", "md", "txt", "csv", "html", "css", "scss", "sql", "sh", "xml", "lock", "log", "env", "pdf", "png", "jpg", "jpeg", "gif", "svg", "webm", "mp4", "zip", "tar", "gz", "webp", "bmp", "ico", "tiff", "mp3", "wav", "ogg", "flac", "m4a", "aac", "mov", "avi", "mkv")

func fileExt(s string) bool {
	i := strings.LastIndexByte(s, '.')
	return i >= 0 && fileExts[s[i+1:]]
}

func (q *parsedQuery) add(seen map[string]int, term string, w float64, cue, plural bool) int {
	if i, ok := seen[term]; ok {
		if w > q.words[i].weight {
			q.words[i].weight = w
			q.words[i].bg = false // the request says it too
		}
		q.words[i].cue = q.words[i].cue || cue
		q.words[i].plural = q.words[i].plural || plural
		return i
	}
	seen[term] = len(q.words)
	q.words = append(q.words, queryWord{term: term, weight: w, cue: cue, plural: plural})
	return len(q.words) - 1
}

// isPlural guesses whether a lower-case English word is a plural noun (or a
// third-person verb, which the caller cannot tell apart and need not).
func isPlural(w string) bool {
	if len(w) <= 3 || !strings.HasSuffix(w, "s") {
		return false
	}
	return !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

// askerPronoun are the subject pronouns of the one who asks or of anyone
// ("how do you configure X" is the generic "you"): a "how do <pronoun>"
// question with one of them asks how to act.
var askerPronoun = setOf("i", "we", "you", "one")

// howMeasure are the measure nouns English asks for with "how" and a word
// whose WordNet attributes (attributeNouns) lack them: "how long" asks
// for a time as often as for a duration or a length, "how often" (an
// adverb, which has no attributes) for a frequency, "how much" (the
// quantifier of mass nouns, as "how many" is of count nouns, which asks
// for a count) for a size ("how much disk does it take"; "amount", which
// WordNet glosses "how much there is", names a payment's sum in the tools
// that take one, not a measure).
var howMeasure = map[string][]string{"long": {"time"}, "often": {"frequency"}, "much": {"size"}}

// keyNames are the keyboard's named keys, by their lower-case spelling, as
// the W3C UI Events specification's KeyboardEvent key values write them
// (Enter, Tab, Escape, Backspace, the arrows, the modifiers, F1-F12), with
// the short forms people type and browser automation libraries accept
// (esc, space, return, del, ctrl, cmd, option).
// pressVerbs are English's verbs of striking a key.
var (
	keyNames = func() map[string]string {
		m := map[string]string{
			"esc": "Escape", "space": "Space", "return": "Enter", "del": "Delete",
			"ctrl": "Control", "cmd": "Meta", "command": "Meta", "option": "Alt",
		}
		for _, k := range []string{"Enter", "Tab", "Escape", "Backspace", "Delete", "Insert", "Home", "End", "PageUp", "PageDown",
			"ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Shift", "Control", "Alt", "Meta", "CapsLock",
			"F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12"} {
			m[strings.ToLower(k)] = k
		}
		return m
	}()
	pressVerbs = setOf("press", "hit", "strike", "tap")
)

var beVerbs = setOf("is", "are", "was", "were", "be", "been", "still", "currently")

// nextField returns the next unquoted field after i, lower-cased and
// trimmed, or "".
func nextField(fs []field, i int) string {
	if i+1 >= len(fs) || fs[i+1].quoted {
		return ""
	}
	return strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?()[]{}<>"))
}

// titleCase reports whether w is capitalized like a name ("Lisbon"), not an
// acronym ("PR") or a lower-case word.
func titleCase(w string) bool {
	rs := []rune(w)
	if len(rs) < 2 || !unicode.IsUpper(rs[0]) {
		return false
	}
	for _, r := range rs[1:] {
		if unicode.IsUpper(r) {
			return false
		}
	}
	return true
}
