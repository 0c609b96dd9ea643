package planner

import (
	"slices"
	"strings"
	"unicode"
)

// objectHead returns the head of the request's direct object (the last
// word of parsedQuery.object that names no backend), analyzed, when the
// request's verb names an operation (opVerbs), or of the thing a verb of
// needing asks for (neededThing: "linear needs a new cycle", a request
// to create one), of the new thing "set up" or "start" makes
// (phrasalMake), or of what "list" lists when the task writes it plural
// ("list the pipelines of gitlab project 12": a server none of whose tools
// mentions pipelines has none to list; a listing names its kind in the
// plural, and a word after "list" that is not plural, "list all keys
// starting with", may be a participle of the phrase, not its head); ""
// when there is none or
// when it cannot name a kind of thing: shorter than minTypoLen ("sub",
// "abc": abbreviations and ids as often as words), not English (an id, a
// name), or a noun right before quoted text ("the note 'migrated in
// March'", "a comment \"LGTM\""), which names the form of the text the
// task gives, not a thing the server must keep, unless the request makes
// a new thing of that kind ("create a new label 'tech-debt'"): the
// indefinite article or "new" before the kind says a thing of it comes
// into being by the act (madeThing's argument), and whether the quoted
// text is its name or its content, only a server that makes things of
// that kind can do it; what a definite article or an attaching verb
// ("add the note 'done' to the entity") puts there is the text itself.
func (ix *Index) objectHead(q parsedQuery, query string) string {
	object := q.object
	listed := false // the object of "list"
	made := true    // a new thing the request brings about (the doc comment)
	var fs []field
	if opVerbs[q.verb] {
		made = createsNew(q, query)
	} else {
		fs = fields(query)
		if object = neededThing(fs); object == nil {
			if object = phrasalMake(q, fs); object == nil {
				if object = q.made; object == nil {
					switch {
					case setsAttribute(q, fs):
						object, made = directObject(fs), false
					case q.verb != stem("list"):
						return ""
					default:
						object, listed, made = directObject(fs), true, false
					}
				}
			}
		}
	}
	if fs == nil {
		fs = fields(query)
	}
	head := ""
	for i := len(object) - 1; i >= 0; i-- {
		if !ix.namesBackend(object[i]) && !writtenAsName(fs, object[i]) {
			head = object[i]
			break
		}
	}
	if head == "" {
		return ""
	}
	for i, f := range fs {
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		if f.quoted || stem(lw) != head {
			continue
		}
		if len(lw) < minTypoLen || !isEnglish(lw) || i+1 < len(fs) && fs[i+1].quoted && !made || listed && !isPlural(lw) {
			return ""
		}
		return head
	}
	return ""
}

// serversWith returns, for the group g of the request's object
// (objectHead's head), which backends have a tool matching it in some
// field, by the word, a curated synonym or a typo fix; nil when there is
// no such group or the task names no backend. A server none of whose
// tools mentions the thing a request is to create, change or delete ("add
// a collaborator to the github repo", "create a mongodb user", "add an
// environment variable to the circleci project") has no such thing to act
// on: its tools matched the server's name and the rest of the task only.
// WordNet's synonyms of the head (kindTerm) do not count.
func (ix *Index) serversWith(st *searchState, g int, head string) []bool {
	if g < 0 || st.naming == 0 {
		return nil
	}
	ix.typoOnce.Do(ix.buildTypoBuckets) // ix.terms, built on first use
	has := make([]bool, len(ix.backends))
	for _, qt := range st.qterms {
		if int(qt.group) != g || !kindTerm(head, ix.terms[qt.id]) {
			continue
		}
		for _, p := range ix.postings[qt.id] {
			has[ix.docBackend[p.doc]] = true
		}
	}
	return has
}

// appendClipped appends to ids the catalog's terms that head, an
// analyzed word of at most six letters, clips ("doc" of document, "repo"
// of repository, "config" of configuration; clips, extract_anchor.go).
// Developers write the short forms ("insert two docs into the events
// collection"), and a tool names the thing in full ("Insert an array of
// documents").
func (ix *Index) appendClipped(ids []int32, head string) []int32 {
	if len(head) > 6 {
		return ids
	}
	ix.typoOnce.Do(ix.buildTypoBuckets) // ix.terms, built on first use
	for id, t := range ix.terms {
		if clips(head, t) {
			ids = append(ids, int32(id))
		}
	}
	return ids
}

// backendNames reports whether a tool of backend b has one of ids in its
// name or lead.
func (ix *Index) backendNames(b int, ids []int32) bool {
	for _, id := range ids {
		for _, p := range ix.postings[id] {
			if int(ix.docBackend[p.doc]) == b && (slices.Contains(ix.docName[p.doc], id) || slices.Contains(ix.docLead[p.doc], id)) {
				return true
			}
		}
	}
	return false
}

// kindTerm reports whether the analyzed term t names the kind head names:
// head itself, a typo fix of it, or a synonym of the catalog's own table
// (synonymGroups: "repo" for "repository", "ticket" for "issue"), not
// only one of WordNet's. WordNet's synonyms of a noun pool all its senses
// ("release": issue, as of a magazine; "member": fellow, extremity), so a
// server whose tools say only such a word ("create a GitHub release"
// against create_issue) was matched through another sense of it and has
// nothing of the kind the task names; the curated synonyms are the
// senses tools use.
func kindTerm(head, t string) bool {
	if t == head {
		return true
	}
	wordnetOnly := false
	for _, e := range synonyms()[head] {
		if len(e.terms) != 1 || e.terms[0] != t {
			continue
		}
		if e.weight != wordnetWeight && e.weight != derivedWeight {
			return true
		}
		wordnetOnly = true
	}
	return !wordnetOnly
}

// serversStating is serversWith for a request to make a new thing of a
// kind ("create a gitlab milestone", "generate a new sentry alert rule",
// createsNew): a server has such things to make only when one of its
// tools that is not read-only states the kind where a tool says what it
// is about, its name or the object of its description's first sentence
// (the words before its first preposition: placePreps), by the word, a
// curated synonym or a typo fix. A kind named only after a preposition is
// where the tool puts what it makes ("Post a new message to a Slack
// channel": a new channel is made by no tool there). A tool that only
// reads makes nothing: that it names the kind ("Get all teams with their
// states and labels") shows the server keeps such things, not that it
// makes them.
// A kind that a server's tools mention only in a parameter (create_issue's
// milestone_id) or a later sentence is an attribute of the thing those
// tools make, picked from the ones that exist by an id, or a remark; the
// server keeps things of it for another product. Its tools matched the
// server's name and the verb, not what the task asks to make.
func (ix *Index) serversStating(st *searchState, g int, head string) []bool {
	has := ix.serversWith(st, g, head)
	if has == nil {
		return nil
	}
	clear(has)
	bit := uint64(1) << g
	for _, d := range st.touched {
		if st.mask[d]&bit == 0 || has[ix.docBackend[d]] || ix.docHint[d]&hintReadOnly != 0 {
			continue
		}
		for _, qt := range st.qterms {
			if int(qt.group) == g && kindTerm(head, ix.terms[qt.id]) && ix.namesOrActsOn(d, qt.id) {
				has[ix.docBackend[d]] = true
				break
			}
		}
	}
	return has
}

// serversReading is serversWith for a request that only reads
// (readsOnly: "list the payment links in stripe", "get the refund re_123"):
// a server has things of the kind to read only when one of its tools that
// does not make new ones (makesNew) mentions the kind. A kind its tools
// mention only in the tools that make it is one the server makes and does
// not give back; what reads there is its other tools, which matched the
// server's name and the verb, and return things of other kinds
// (list_payment_intents for payment links). As makesNew's check of the
// best tool, but for the server: it holds whichever of its tools ranks
// first.
func (ix *Index) serversReading(st *searchState, g int, head string) []bool {
	if g < 0 || st.naming == 0 {
		return nil
	}
	has := make([]bool, len(ix.backends))
	for _, qt := range st.qterms {
		if int(qt.group) != g || !kindTerm(head, ix.terms[qt.id]) {
			continue
		}
		for _, p := range ix.postings[qt.id] {
			if !has[ix.docBackend[p.doc]] && !ix.makesNew(p.doc) {
				has[ix.docBackend[p.doc]] = true
			}
		}
	}
	return has
}

// createsNew reports whether the request asks to make a new thing: its
// verb is one of making ("create", "generate": the CRUD convention's
// verbs that bring a thing into being, not "add", which as often attaches
// a thing that exists to another) and an indefinite article or "new"
// follows it ("create a milestone", "create new labels").
func createsNew(q parsedQuery, query string) bool {
	if q.verb != stem("create") && q.verb != stem("generate") {
		return phrasalMake(q, fields(query)) != nil
	}
	fs := fields(query)
	i := verbAt(fs, q.verb)
	return i >= 0 && i+1 < len(fs) && newThing[strings.ToLower(fs[i+1].text)]
}

// verbAt returns the index of the first unquoted field of fs that is the
// analyzed verb (the request's: parsedQuery.verb), -1 when there is none.
func verbAt(fs []field, verb string) int {
	for i, f := range fs {
		if !f.quoted && stem(strings.ToLower(f.text)) == verb {
			return i
		}
	}
	return -1
}

// phrasalMake returns the analyzed words of the new thing that "set up"
// or "start" brings into being ("set up a sentry alert rule", "start a
// new cycle in linear"), nil when the request is no such one: the verb
// followed, after its particle, by an indefinite article or "new". With a
// new thing as its object, "set up" means to establish and "start" to
// found, WordNet's senses of making a thing that was not there, as
// "create" does (createsNew); "start the job", "set up the project" act on
// things that exist. Only the verb of a request: English asks with the
// imperative, the bare verb with no subject ("start a ...", "can you set
// up a ..."); a past form ("I started a dev server ...") or a subject
// before the verb ("we set up a site yesterday") tells what happened, the
// situation of a request that comes after it.
func phrasalMake(q parsedQuery, fs []field) []string {
	if q.verb != stem("set") && q.verb != stem("start") {
		return nil
	}
	if i := verbAt(fs, q.verb); i >= 0 && i+2 < len(fs) {
		if w := strings.ToLower(fs[i].text); w != "set" && w != "start" || i > 0 && subjectPronoun[strings.ToLower(fs[i-1].text)] && strings.ToLower(fs[i-1].text) != "you" {
			return nil // "I started a dev server", "we set up a site": what happened
		}
		j := i + 1
		if q.verb == stem("set") {
			if strings.ToLower(fs[j].text) != "up" {
				return nil
			}
			j++
		}
		if newThing[strings.ToLower(fs[j].text)] {
			return directObject(fs[j-1:])
		}
		return nil
	}
	return nil
}

// madeThing returns the analyzed words of the new thing a request's verb
// brings about ("issue a credit note", "schedule a meeting", "leave a
// comment on the merge request"), nil when the request is no such one:
// the request's verb, other than the operations parseQuery reads the
// object of itself, a verb of reading (readStems: "find a new name" asks
// for what is there) and a light verb (which takes its meaning from its
// object: "give a credit", "make a copy"), with an indefinite article,
// "another" or "new" right after it. English opens a noun phrase with the
// indefinite article for a referent the hearer does not know yet: the
// thing comes into being by the act, whichever verb names it, and a
// server can make or keep only things of a kind its tools mention
// (serversWith). As for phrasalMake, only the verb of a request: a
// subject before it other than "you" ("we issued a refund") tells what
// happened.
func madeThing(q parsedQuery, fs []field) []string {
	if q.verbRaw == "" || lightVerbs[q.verbRaw] || readStems[q.verb] || opVerbs[q.verb] {
		return nil
	}
	if i := verbAt(fs, q.verb); i >= 0 && i+1 < len(fs) {
		if i > 0 && subjectPronoun[strings.ToLower(fs[i-1].text)] && strings.ToLower(fs[i-1].text) != "you" {
			return nil
		}
		if lw := strings.ToLower(fs[i].text); strings.HasSuffix(lw, "ed") && !isChangeVerb(lw) {
			// A past form ("I just closed a deal"): what happened, the
			// situation; English asks with the base form, which WordNet
			// lists as the verb's lemma ("need", "embed" are ones).
			return nil
		}
		if newThing[strings.ToLower(fs[i+1].text)] {
			end := i + 2
			for end < len(fs) && (fs[end].quoted || !reportedSpeech[strings.ToLower(fs[end].text)]) {
				end++
			}
			return directObject(fs[i+1 : end]) // not into what a message says
		}
		return asKind(fs[i+1:])
	}
	return nil
}

// asKindOf is asKind after the request's verb (q.verb), nil when the
// request has none.
func asKindOf(q parsedQuery, query string) []string {
	if q.verb == "" || !strings.Contains(query, " as ") {
		return nil
	}
	fs := fields(query)
	if i := verbAt(fs, q.verb); i >= 0 {
		return asKind(fs[i+1:])
	}
	return nil
}

// asKind returns the analyzed words of the noun phrase after "as a" or
// "as an" in the clause of a request's object ("publish version 1.4 as a
// release", "file this as a bug", "save the query as a view"), nil when
// there is none. A predicative "as" with the indefinite article gives the
// object a kind it does not have yet: the act makes a thing of that kind
// of it, as an indefinite object does (madeThing), and only a server that
// keeps things of the kind can do it. Within the clause only: a comma,
// a full stop or reported speech ends it.
func asKind(fs []field) []string {
	for k := 0; k+1 < len(fs); k++ {
		lw := strings.ToLower(fs[k].text)
		if !fs[k].quoted && reportedSpeech[lw] {
			return nil
		}
		if !fs[k].quoted && lw == "as" {
			if art := strings.ToLower(fs[k+1].text); art == "a" || art == "an" {
				return directObject(fs[k+1:])
			}
		}
		if endsClause(fs[k].text) {
			return nil
		}
	}
	return nil
}

// neededThing returns the analyzed words of the noun phrase after a verb
// of needing and an indefinite article ("linear needs a new cycle", "I'd
// like a new team"): the thing the task asks to create (parseQuery reads
// the same words as a request to create); nil when there is none. Not
// in reported speech (after "saying", "that", ...: "leave a comment on
// the merge request saying the migration needs a rollback plan"), whose
// words are what a message says, not what the task asks for.
func neededThing(fs []field) []string {
	for i := 0; i+1 < len(fs); i++ {
		if fs[i].quoted {
			continue
		}
		lw := strings.ToLower(fs[i].text)
		if reportedSpeech[lw] {
			return nil // what a message says (refuse_time.go): its words, not the request's need
		}
		prev := ""
		if i > 0 {
			prev = strings.ToLower(fs[i-1].text)
		}
		if !needVerbs[lw] && !(lw == "like" && (prev == "i'd" || prev == "we'd" || prev == "would")) {
			continue
		}
		if art := strings.ToLower(fs[i+1].text); art == "a" || art == "an" || art == "another" {
			return directObject(fs[i:])
		}
	}
	return nil
}

// statesOperation reports whether tool d states the request's operation
// (the terms of query group g: its verb, synonyms and typo fixes) where a
// tool says what it does: its name, its description's first sentence, an
// enum member of a parameter (event: APPROVE, status: resolved) or a word
// its description quotes as a value (`status` ("active" | "paused")).
// A later sentence or a parameter's description mentions the word for
// other reasons ("set the old item to deleted", "the removed images",
// "whether to delete the branch after merging"): that a server's tools
// mention "delete" does not make it offer deleting its customers. Search
// counts a server as offering the request's operation only when one of
// its tools states it.
func (ix *Index) statesOperation(st *searchState, g int, d int32) bool {
	stated := ix.docStated(d)
	for _, qt := range st.qterms {
		if int(qt.group) == g && slices.Contains(stated, qt.id) {
			return true
		}
	}
	return false
}

// docStated returns the terms tool d states its operation with (see
// statesOperation), computed on first use and kept.
func (ix *Index) docStated(d int32) []int32 {
	if p := ix.stated[d].Load(); p != nil {
		return *p
	}
	out := slices.Concat(ix.docName[d], ix.docLead[d])
	add := func(text string) {
		splitWords(text, func(w string) {
			if id, ok := ix.dict[normalizeWord(strings.ToLower(w))]; ok && !slices.Contains(out, id) {
				out = append(out, id)
			}
		})
	}
	var enums func(props []argProp, depth int)
	enums = func(props []argProp, depth int) {
		for _, p := range props {
			for _, e := range p.enum {
				if id, ok := ix.dict[stem(strings.ToLower(e))]; ok && !slices.Contains(out, id) {
					out = append(out, id)
				}
				// "replace_content", "insert_content": a member that is a
				// verb and its object, written as an identifier, states
				// the operation its verb names (in the base form, as tool
				// names write it; "created_at" names a field).
				if v, rest, ok := strings.Cut(strings.ToLower(e), "_"); ok && rest != "" && (writeNameVerbs[v] || destructiveNameVerbs[v]) {
					if id, ok := ix.dict[stem(v)]; ok && !slices.Contains(out, id) {
						out = append(out, id)
					}
				}
			}
			if depth == 0 && p.typ == "boolean" && len(p.nameStems) == 1 && strings.HasSuffix(p.lname, "ed") {
				// "archived": a tool's own flag named for the state an
				// operation leaves the thing in states that operation
				// (setting archived to true archives); a flag's other
				// names ("includeDeleted", "recursive") do not, nor a
				// member's flag (a subscription item's "deleted" removes
				// the item, not the subscription).
				if id, ok := ix.dict[p.nameStems[0]]; ok && !slices.Contains(out, id) {
					out = append(out, id)
				}
			}
			if depth < 2 {
				enums(p.nested, depth+1)
			}
		}
	}
	enums(ix.docProps(d), 0)
	desc := ix.tools[d].Description
	// A single word the description quotes is a value a parameter takes.
	for _, q := range []string{`"`, "'", "`"} {
		parts := strings.Split(desc, q)
		for i := 1; i < len(parts)-1; i += 2 {
			if w := parts[i]; w != "" && !strings.ContainsAny(w, " \t\n") {
				add(w)
			}
		}
	}
	ix.stated[d].Store(&out)
	return out
}

// verbNamedServers takes back the raw-API reading (rawAPIName) from a
// server that names a tool with a bare verb that is no HTTP method (a key
// store's set, get, delete and list): its bare names are its own
// operations, of which "get" and "delete" happen to be HTTP's words too,
// not raw calls of an HTTP API that can do anything, whose tools are named
// by the methods alone (jira_get, jira_post, jira_put).
func (ix *Index) verbNamedServers() {
	for i := range ix.tools {
		t := &ix.tools[i]
		b := ix.docBackend[i]
		if !ix.rawAPI[b] {
			continue
		}
		words := nameWords(t.Name, t.Backend)
		if len(words) == 1 && !httpMethods[words[0]] && (readNameVerbs[words[0]] || writeNameVerbs[words[0]] || destructiveNameVerbs[words[0]]) {
			ix.rawAPI[b] = false
		}
	}
}

// isVerbTerm reports whether term, a word of the task as analyzed, is the
// request's verb: the same term, or the form of a participle that doubles
// the verb's last consonant ("cancelled", analyzed "cancell", for
// "cancel"; "labelled"), which the stemmer keeps apart.
func isVerbTerm(term, verb string) bool {
	n := len(verb)
	return term == verb || n > 1 && len(term) == n+1 && term[:n] == verb && term[n] == verb[n-1] && !strings.ContainsRune("aeiou", rune(term[n]))
}

// digitName reports whether w, as written, is a product's name with a run
// of digits in it ("Auth0", "Neo4j", "Web3"; the catalog's own Context7):
// a capital, lower-case letters, one run of digits and perhaps more
// lower-case letters, the letters before the digits no English word.
// Written so inside a sentence before a noun or in a product's place ("an
// Auth0 user", "in Neo4j") it names a product as a word of letters does
// ("a Trello card"). Ids are not written so: they are upper-case or mix
// cases and digits at random (U0G9QF9C6, Q8xk2LmN, ENG-431); nor is a
// numbered instance of a common noun ("Project1", "Sheet2", "Sprint3"),
// a thing of the user's that the letters before its number name; and a
// digit in a name is typed on purpose, not a slip for a letter, so the
// word is no misspelling of a word the catalog knows ("auth").
//
// A run of digits before a capitalized English word ("1Password",
// "2Checkout", "37Signals") is a name too: English writes no capital
// inside a word, so the number glued to the word was coined as one
// name. A unit after a number is no English word ("10Mbps") or is not
// written so ("5GHz", "4K", "2FA"), and an ordinal or a multiplier is
// written in lower case ("2nd", "4x").
func digitName(w string) bool {
	if len(w) < minTypoLen {
		return false
	}
	if w[0] >= '0' && w[0] <= '9' {
		i := 0
		for i < len(w) && w[i] >= '0' && w[i] <= '9' {
			i++
		}
		rest := w[i:]
		if len(rest) < minTypoLen || rest[0] < 'A' || rest[0] > 'Z' {
			return false
		}
		for j := 1; j < len(rest); j++ {
			if rest[j] < 'a' || rest[j] > 'z' {
				return false
			}
		}
		return isEnglish(strings.ToLower(rest))
	}
	i := 1
	if w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i < len(w) && w[i] >= 'a' && w[i] <= 'z' {
		i++
	}
	letters := i
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	if letters < 2 || i == letters {
		return false
	}
	for i < len(w) && w[i] >= 'a' && w[i] <= 'z' {
		i++
	}
	if i < len(w) {
		return false
	}
	prefix := strings.ToLower(w[:letters])
	return len(prefix) < minTypoLen || !isEnglish(prefix)
}

// mannerAdverb reports whether fs[i] is an adverb of manner before the
// verb of an imperative ("permanently delete the project", "quickly list
// the tabs", "automatically merge ..."): English derives such adverbs
// from adjectives with -ly (permanent, quick; -ily from -y, easy; -ly
// from -le, simple, probable; -ally from -ic, automatic), by WordNet's
// lemmas, and puts them before the verb they modify; they say how, not
// what, so the request's verb is the word after. Only when that word is
// a verb (a WordNet verb of change, an operation or a verb of reading),
// so that adjectives in -ly before a noun ("monthly revenue", "friendly
// reminder") and verbs in -ly themselves ("apply", "multiply 6 by 7",
// "supply") stay what they are.
func mannerAdverb(fs []field, i int) bool {
	w := strings.ToLower(strings.Trim(fs[i].text, ".,;:!?()[]{}<>"))
	if fs[i].quoted || len(w) < minTypoLen+2 || !strings.HasSuffix(w, "ly") || !plainWords(w) || isChangeVerb(w) || i+1 >= len(fs) || fs[i+1].quoted {
		return false
	}
	next := strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?()[]{}<>"))
	if !plainWords(next) || !(isChangeVerb(next) || opVerbs[stem(next)] || readNameVerbs[next] || readVerbs[next]) {
		return false
	}
	b := w[:len(w)-2]
	bases := []string{b + "le"} // simply, probably
	if r, ok := strings.CutSuffix(b, "i"); ok {
		bases = append(bases, r+"y") // easily
	}
	if r, ok := strings.CutSuffix(b, "al"); ok {
		bases = append(bases, r) // automatically
	}
	for _, base := range bases {
		if len(base) >= minTypoLen && inSortedLines(englishTable, base) {
			return true
		}
	}
	return len(b) >= minTypoLen && isEnglish(b)
}

// verbCompound returns the analyzed word that follows the request's verb
// inside its own direct object ("merge the merge request 42" -> request),
// "" when the object does not repeat the verb: the task writes a compound
// noun whose modifier is the verb's word (see statesApart).
func verbCompound(q parsedQuery) string {
	for i := 0; i+1 < len(q.object); i++ {
		if q.object[i] == q.verb {
			return q.object[i+1]
		}
	}
	return ""
}

// statesApart is statesOperation for a request whose object is a compound
// noun made from the verb's own word (verbCompound: "merge the merge
// request", "pull the pull request"): English forms compound nouns from
// verb stems (merge request, pull request, push notification, build log),
// and the verb's word written right before the compound's next word, in a
// tool's name or first sentence (create_merge_request, "Create a new
// merge request"), is that compound's modifier: the tool is about merge
// requests, not about merging. Such an occurrence does not state the
// operation; any other does, as do a synonym, an enum member and a quoted
// value. next is the compound's next word, analyzed; "" makes it
// statesOperation.
func (ix *Index) statesApart(st *searchState, g int, d int32, verb, next string) bool {
	if !ix.statesOperation(st, g, d) {
		return false
	}
	verbID, ok := ix.dict[verb]
	if next == "" || !ok {
		return true
	}
	stated := ix.docStated(d)
	for _, qt := range st.qterms {
		if int(qt.group) != g || !slices.Contains(stated, qt.id) {
			continue
		}
		if qt.id != verbID || !ix.namesOrLeads(d, qt.id) {
			return true // a synonym, an enum member or a quoted value
		}
		t := &ix.tools[d]
		if freeUse(t.Name, verb, next) || freeUse(leadSentence(t.Description), verb, next) {
			return true
		}
	}
	return false
}

// freeUse reports whether text uses the analyzed word verb other than
// right before next (analyzed): a use that is no compound's modifier.
func freeUse(text, verb, next string) bool {
	var words []string
	splitWords(text, func(w string) {
		if t := normalizeWord(w); t != "" {
			words = append(words, t)
		}
	})
	for i, w := range words {
		if w == verb && (i+1 == len(words) || words[i+1] != next) {
			return true
		}
	}
	return false
}

// namesTarget reports whether a request for a change names, by a word
// that is no English word, the served product the change is to be made
// in: in a product's place ("publish version 1.4 as a release on
// github", "via supabase") or inside the direct object of the verb
// ("restart the failed github actions job", "add a mongodb role"). The
// change belongs to that product; a tool of a server the task does not
// name at all, ranked first because it matched the task's other words
// (sentry's releases, circleci's rerun_workflow), changes something of
// another product. An English word that names a
// backend ("memory", "everything", "slack", "linear") is as often used in
// its ordinary sense ("a memory leak", "forget everything"), and a
// product named elsewhere (the topic of an issue, "an issue about the
// mongodb timeout") is what the change is about, not where it is made.
// Only verbs of change (WordNet's, not light ones, and those made from
// one with re-: changeVerbAgain): reading and searching tasks name
// products as their subject ("search the web for redis clients", "find
// the docs of the mongodb driver"). The direct object is read for every
// such verb, not only the operations parseQuery reads it for; a verb of
// reading and asking is none (readStems, as for changeVerb: "dump
// everything in the knowledge graph" reads it).
func (ix *Index) namesTarget(q parsedQuery, query string) bool {
	if q.verbRaw == "" || lightVerbs[q.verbRaw] || readStems[stem(q.verbRaw)] || !changeVerbAgain(q.verbRaw) {
		return false
	}
	for _, n := range q.named {
		if ix.namesBackend(stem(n.word)) && !isEnglish(n.word) {
			return true
		}
	}
	object := q.object
	if object == nil {
		object = directObject(fields(query))
	}
	for _, t := range object {
		if ix.namesBackend(t) && !isEnglish(t) {
			return true
		}
	}
	return false
}

// changeVerbAgain reports whether w is a verb of change (isChangeVerb), or
// one made with the prefix re- ("again") from one: WordNet lists some
// ("restart", "redeploy") and not others ("rerun", "resync"), and the
// prefix keeps the verb's kind.
func changeVerbAgain(w string) bool {
	if isChangeVerb(w) {
		return true
	}
	base, ok := strings.CutPrefix(w, "re")
	return ok && len(base) >= 3 && isChangeVerb(base)
}

// englishCompound reports whether fs[i] is a compound modifier before a
// noun: English words joined by hyphens ("a read-only user", "the
// long-running job", "a built-in role") followed by a plain word. English
// hyphenates a compound that modifies the noun after it; the phrase goes
// on to that noun. A hyphenated word at a phrase's end ("the branch
// staging-old") or with a part that is no English word ("feature-x",
// "release-2") is a name or a value, and ends the phrase as before.
func englishCompound(fs []field, i int) bool {
	if fs[i].quoted || i+1 >= len(fs) || fs[i+1].quoted || endsClause(fs[i].text) {
		return false
	}
	w := strings.ToLower(fs[i].text)
	if !strings.Contains(w, "-") || !plainWords(strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?()[]{}<>"))) {
		return false
	}
	for _, p := range strings.Split(w, "-") {
		if p == "" || !plainWords(p) || len(p) < 2 || !isEnglish(p) {
			return false
		}
	}
	return true
}

// topicPrepositions introduce the topic of what a message, an issue or a
// note says (English's prepositions of topic: "an issue about the
// timeout", "a note regarding the outage", "a question concerning
// billing").
var topicPrepositions = setOf("about", "regarding", "concerning")

// hasTopicWord reports whether query may have a preposition of topic,
// before it is split into fields.
func hasTopicWord(query string) bool {
	lq := strings.ToLower(query)
	for p := range topicPrepositions {
		if strings.Contains(lq, p) {
			return true
		}
	}
	return false
}

// dropTopicCues takes back the backend cue of a product named only in the
// topic of a thing a request for a change makes or writes ("create an
// issue in acme/web about the mongodb timeout", "post a message to #ops
// about the stripe outage"): the noun phrase after a preposition of topic
// (topicPrepositions, up to the next preposition or conjunction other
// than "of", or the clause's end) says what the written thing is about,
// not where the change is made nor which product makes it; the issue goes
// to the code host, not to the database it talks about. A product named
// there and nowhere else in the task keeps its words (they still match
// tools that mention it) but names no backend. Requests for a reading
// ("what do you know about the mongodb driver", "search the docs about
// stripe webhooks") ask for the topic itself and keep it, as does a
// product also named outside the topic ("... about the timeout on
// mongodb").
func dropTopicCues(q *parsedQuery, query string) {
	if q.verbRaw == "" || lightVerbs[q.verbRaw] || !changeVerbAgain(q.verbRaw) || !hasTopicWord(query) {
		return
	}
	fs := fields(query)
	in, out := map[string]bool{}, map[string]bool{}
	topic, seenVerb := false, false
	for _, f := range fs {
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		switch {
		case f.quoted:
		case seenVerb && topicPrepositions[lw]:
			topic = true
			continue
		case topic && objectEnd[lw] && lw != "of":
			topic = false
		}
		if !seenVerb && !f.quoted && stem(lw) == q.verb {
			seenVerb = true
		}
		set := out
		if topic {
			set = in
		}
		splitJoined(f.text, func(w string, _ bool) {
			if t := normalizeWord(w); t != "" {
				set[t] = true
			}
		})
		if topic && endsClause(f.text) {
			topic = false
		}
	}
	for i := range q.words {
		if w := &q.words[i]; w.cue && in[w.term] && !out[w.term] {
			w.cue = false
		}
	}
}

// readsOnly reports whether the request only reads: its verb is one of
// reading (readStems: "list the issues of the gitlab project", "show the
// refund re_123", "get issue 17") and no new thing follows it ("get me a
// payment link", "check out a new branch", "find a new name": an
// indefinite article, "another", "new" or "some" after the verb, its
// particle and an indirect object pronoun, asks for a thing to be made,
// as createsNew reads "create a ..."), nor one a verb of needing asks for
// (neededThing). A request with no verb of reading reads only when it
// asks which things of a kind there are (whichThings: "I need to know
// which merge requests are still open") and its verb, if any, is no verb
// of change; "how do I create an issue" and "what do I need to create a
// customer" may ask how to make a thing, and are not read so.
func readsOnly(q parsedQuery, query string) bool {
	reading := q.verb != "" && readStems[q.verb]
	if !reading && (q.verb != "" && changeVerb(q.verbRaw) || !strings.Contains(strings.ToLower(query), "wh")) {
		return false
	}
	fs := fields(rewriteIdioms(query)) // as parseQuery reads it ("give me a" is "get a")
	if !reading && !whichThings(fs) && !askedState(fs) {
		return false
	}
	if neededThing(fs) != nil {
		return false
	}
	for i := 0; i+1 < len(fs); i++ {
		if fs[i].quoted || stem(strings.ToLower(strings.Trim(fs[i].text, ".,;:!?()[]{}<>"))) != q.verb {
			continue
		}
		j := i + 1
		if phrasalParticles[strings.ToLower(fs[j].text)] && j+1 < len(fs) {
			j++ // "check out a new branch"
		}
		if objectPronouns[strings.ToLower(fs[j].text)] && j+1 < len(fs) {
			j++ // "get me a payment link": the indirect object first
		}
		if w := strings.ToLower(fs[j].text); newThing[w] || w == "some" {
			return false
		}
	}
	return true
}

// askedState reports whether fs is a question about what a thing is in
// the state an operation left it (stateParticiple: "what's stored under
// key x?", "what edge functions are deployed?"): it asks to read what is.
func askedState(fs []field) bool {
	for i := range fs {
		if stateParticiple(fs, i) {
			return true
		}
	}
	return false
}

// phrasalParticles are the adverbial particles of English phrasal verbs
// that stand between the verb and its object ("check out a branch", "look
// up the customer", "pull up a report").
var phrasalParticles = setOf("up", "out", "off", "down", "back", "over")

// objectPronouns are English's object pronouns, which a verb of giving
// takes as its indirect object before the direct one ("get me a link").
var objectPronouns = setOf("me", "us", "him", "her", "them", "you")

// makesNew reports whether tool d is named, by the CRUD convention, for
// making a new thing (create_issue, linear_create_comment, new_page: the
// verb "create" or "new" first after words that name its backend or say
// "api", and a thing after it). Such a tool adds a thing to what a server
// keeps; a request that only reads (readsOnly) asks for what is there,
// which a tool that makes a new thing does not return: ranked first for
// it because it matched the kind and the server ("list the issues of the
// gitlab project" -> create_issue, "get the refund re_123 in stripe" ->
// create_refund), it would make one. Its server may read that kind with
// another tool, which the task's words then rank on their own; when none
// does, the task is refused. Only for a server the task names, as the
// other checks of a named server's tools (unnamed, the kind may be read
// by another product, in other words). "generate" (generate_image,
// generate_typescript_types) computes an output from what is there, which
// is what a reading may ask for ("get the typescript types of the
// project"), and is left alone.
func (ix *Index) makesNew(d int32) bool {
	name := ix.docName[d]
	api, okAPI := ix.dict["api"]
	for i, id := range name {
		if i+1 == len(name) {
			return false
		}
		named := okAPI && id == api
		for _, c := range ix.backendTerms[id] {
			named = named || c.spec >= 0.5 // as namesBackend
		}
		if !named {
			c, okc := ix.dict[stem("create")]
			n, okn := ix.dict[stem("new")]
			return okc && id == c || okn && id == n
		}
	}
	return false
}

// whichThings reports whether the task asks which things of a kind there
// are: "which" or "what" as a determiner, before a noun phrase whose head
// is an English word in the plural ("which merge requests are still
// open", "what refunds did we issue"). A determiner of a question selects
// among things that exist, as a listing does. "what do I need", "which is
// faster" (no noun) and a phrase followed by a modal ("what issues should
// I create": what to do, not what is) are not such.
func whichThings(fs []field) bool {
	return whichHead(fs) != ""
}

// whichHead returns the plural head noun of the first noun phrase that
// whichThingsAt reads ("what collections are in the analytics db?":
// collections), lower-cased, or "".
func whichHead(fs []field) string {
	for i := range fs {
		if h := whichHeadAt(fs, i); h != "" {
			return h
		}
	}
	return ""
}

// whichThingsAt is whichThings for the determiner at fs[i]. It may open
// a partitive ("which of my background searches", "any of the open PRs",
// with "any" only so: "is there any way" asks whether there is one).
func whichThingsAt(fs []field, i int) bool { return whichHeadAt(fs, i) != "" }

// whichHeadAt is whichHead for the determiner at fs[i].
func whichHeadAt(fs []field, i int) string {
	f := fs[i]
	lw := strings.ToLower(f.text)
	if f.quoted || lw != "which" && lw != "what" && lw != "any" {
		return ""
	}
	last, j := "", i+1
	if j+1 < len(fs) && strings.ToLower(fs[j].text) == "of" && partitiveDet(strings.ToLower(fs[j+1].text)) {
		j += 2
	} else if lw == "any" {
		return ""
	}
	for ; j < len(fs); j++ {
		w := strings.ToLower(strings.Trim(fs[j].text, ".,;:!?()[]{}<>"))
		if fs[j].quoted || auxiliary[w] || modalVerbs[w] || beVerbs[w] || subjectPronoun[w] || objectEnd[w] || !plainWords(w) {
			break
		}
		last = w
	}
	if j < len(fs) && modalVerbs[strings.ToLower(fs[j].text)] {
		return "" // "what issues should I create": what to do, not what is
	}
	if last != "" && isPlural(last) && isEnglish(last) {
		return last
	}
	return ""
}

// partitiveDet reports whether w (lower case) opens the definite noun
// phrase of a partitive ("which of my searches", "any of the open PRs",
// "which of these"): a definite article, a demonstrative or a possessive.
func partitiveDet(w string) bool {
	return w == "the" || w == "these" || w == "those" || possessives[w] || possessiveDet[w]
}

// modalVerbs are English's modal auxiliaries.
var modalVerbs = setOf("can", "could", "may", "might", "must", "shall", "should", "will", "would")

// namesThingOfNamed reports whether the named word n, which no tool knows
// (or an English word written as a name), is the name of what a product
// the task names elsewhere keeps or observes, not another product: it is
// written capitalized right before a common noun (n.next: "a Vite app",
// "Safari users") that the tools of a backend another named word names
// mention in their descriptions but are not named for ("the Sentry docs",
// "in our sentry org": Sentry's tools mention apps and users). English
// puts a proper name before a head noun as its modifier, saying which one
// of the head's kind is meant; when that kind is something the named
// product's tools describe, the name picks one of those ("a Vite app" is
// an app Sentry watches). A kind the product's tools are named for (by
// the CRUD convention, the things it makes and acts on: Notion's pages,
// GitHub's repositories, CircleCI's builds) is one that products of the
// same trade share, so a name before it may be such a product ("the
// Confluence page", "the Bitbucket repository", "the Jenkins builds") and
// stays one, as does a name before a noun the named product's tools lack
// ("a Zendesk ticket for the Sentry issue") or with no served product
// named ("move the ClickUp task").
func (ix *Index) namesThingOfNamed(named []namedWord, n namedWord) bool {
	if !n.nameCase || n.next == "" || stopWords[n.next] || !isEnglish(n.next) {
		return false
	}
	kind, ok := ix.dict[stem(n.next)]
	if !ok {
		return false
	}
	for _, m := range named {
		if m.word == n.word {
			continue
		}
		id, ok := ix.dict[stem(m.word)]
		if !ok {
			continue
		}
		for _, c := range ix.backendTerms[id] {
			if c.spec < 0.5 {
				continue
			}
			mentioned := false
			for _, p := range ix.postings[kind] {
				if int(ix.docBackend[p.doc]) != int(c.backend) {
					continue
				}
				if slices.Contains(ix.docName[p.doc], kind) {
					mentioned = false // a kind the product's tools are named for
					break
				}
				mentioned = true
			}
			if mentioned {
				return true
			}
		}
	}
	return false
}

// searchTopic returns the lower-cased words of what a search request looks
// for: those after the "for" or "about" that follows a verb of searching,
// or after the wh-word of a question embedded after the one asked (askWords),
// to the end of its clause ("search the web for Zendesk pricing", "use
// brave to search for Datadog outage news"). placed reports that a place
// to search stands between the verb and the preposition ("the web", "the
// MongoDB knowledge base"). The topic is the search's text, what is to be
// found: a product named in it is a subject of the search, not the
// service to use, when the task says where to search or names a served
// product ("search for Zendesk tickets" does neither, and asks Zendesk).
func searchTopic(fs []field) (topic map[string]bool, placed bool) {
	rest := func(k int) map[string]bool {
		m := map[string]bool{}
		for ; k < len(fs); k++ {
			m[strings.ToLower(strings.Trim(fs[k].text, ".,;:!?()[]{}<>\"'`"))] = true
			if endsClause(fs[k].text) {
				break
			}
		}
		return m
	}
	for i, f := range fs {
		w := stem(strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>")))
		if f.quoted || !searchVerbs[w] {
			continue
		}
		if next := strings.ToLower(nextField(fs, i)); w == stem("research") && next != "" && !endsClause(f.text) && !objectEnd[next] && (determiners[next] || possessives[next] || !isEnglish(next)) {
			// "research pgvector vs Qdrant", "research the state of
			// WebGPU": what is researched is the topic, the verb's
			// object. An English word right after it may as well be
			// the head of a compound ("a research report on X"), whose
			// topic follows a preposition.
			return rest(i + 1), false
		}
		ask := w == stem("ask")
		for j := i + 1; j < len(fs) && !endsClause(fs[j-1].text); j++ {
			lw := strings.ToLower(strings.Trim(fs[j].text, ".,;:!?()[]{}<>"))
			if ask && !(askWords[lw] && j > i+1 || lw == "about") {
				// "ask X how ...", "ask X about Y"; "ask for Y" asks
				// for something, no search.
				continue
			}
			if fs[j].quoted || !searchPrepositions[lw] && !(askWords[lw] && j > i+1) || (lw == "on" || lw == "into") && j == i+1 {
				// "search on GitHub for X": "on" right after the verb
				// says where, not what.
				continue
			}
			placed = j > i+1 && !(j == i+2 && phrasalParticles[strings.ToLower(fs[i+1].text)]) && lw != "on" && lw != "into"
			return rest(j + 1), placed
		}
	}
	return nil, false
}

// searchPrepositions introduce what a search or a piece of research is
// about ("search the web for X", "a research report on X", "dig into X").
var searchPrepositions = setOf("for", "about", "on", "into")

// searchVerbs are the analyzed verbs of searching, and "ask", whose
// object is the one asked and whose question, an embedded one after it,
// is what is looked for ("ask the MongoDB knowledge base how to size the
// WiredTiger cache", "look it up in the docs how X works").
var searchVerbs = stemSet("search", "research", "look", "google", "browse", "ask")

// askWords open an embedded question, the content of what is asked, after
// the one asked (English grammar's interrogative clause: "ask her how to
// ...", "ask the docs whether ..."); its words are the search's topic.
var askWords = setOf("how", "what", "why", "whether", "which", "when", "where", "who", "if")

// fieldName reports whether w, a named word of the query (lower-cased), is
// written in it in lower camel case with at least four lower-case letters
// before its first capital ("createdAt", "emailVerified",
// "tracesSampleRate"): the convention of field and variable names in
// JavaScript, JSON and Java (the style guides of each), a value a tool
// takes. Products are written in upper camel case ("GitHub", "WiredTiger")
// or with a short lower-case prefix ("iPhone", "eBay", "macOS"), so such a
// word is no evidence of a foreign service.
func fieldName(query, w string) bool {
	for _, tok := range strings.FieldsFunc(query, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if strings.ToLower(tok) != w {
			continue
		}
		k := strings.IndexFunc(tok, unicode.IsUpper)
		if k >= 4 && strings.IndexFunc(tok[:k], func(r rune) bool { return !unicode.IsLower(r) }) < 0 && strings.IndexFunc(tok[k:], unicode.IsLower) >= 0 {
			return true
		}
	}
	return false
}

// dotWord reports whether w, a named word of the query (lower-cased), is
// written in it with a leading period (".nvmrc", ".proto", ".user-menu")
// or as a segment of a path (".github/CODEOWNERS", "src/Router/index.ts").
// English writes no word that way: a period at the start of a token marks
// a hidden file's name (the Unix convention), a file extension or a CSS
// class selector, and a word after a slash is a file's or a directory's
// name, all values a tool takes, never the name of a product the catalog
// might lack ("a CODEOWNERS file" is the file the path names). So such a
// word is no evidence of a foreign service.
func dotWord(query, w string) bool {
	lq := strings.ToLower(query)
	for i := 0; ; {
		j := strings.Index(lq[i:], "."+w)
		if j < 0 {
			break
		}
		j += i
		if j == 0 || strings.IndexByte(" \t\n(\"'`", lq[j-1]) >= 0 {
			return true
		}
		i = j + 1
	}
	for i := 0; ; {
		j := strings.Index(lq[i:], "/"+w)
		if j < 0 {
			return false
		}
		j += i
		if e := j + 1 + len(w); e == len(lq) || strings.IndexByte(" \t\n/.,;:!?)\"'`", lq[e]) >= 0 {
			return true
		}
		i = j + 1
	}
}

// productLine reports whether the query names a vendor's product line the
// catalog does not serve: a word naming a backend ("GitHub", "Google")
// followed, inside the sentence, by an English word written capitalized
// ("GitHub Actions", "Google Sheet") that no tool of that backend uses,
// in its name or the first sentence of its description (what it states
// it does, as statesOperation reads it), nor any synonym of it. English
// writes common nouns in lower case; a capitalized one right after a
// product's name is part of a longer name, another product of the same
// vendor ("Google Maps" is served: its tools say "maps"). A capitalized
// word the backend's tools do use ("the GitHub Issue", "a Notion Page")
// is its own thing written in title case, and stays served; so does a
// line another backend is named for ("Google Drive" beside a "gdrive"
// server: backendNamed), and so does any word after the name of a backend
// whose tools are its API's bare methods (rawAPI). A vendor's word in
// topic, what a search looks for, is skipped.
func (ix *Index) productLine(query string, topic map[string]bool) bool {
	fs := fields(query)
	for i := 1; i < len(fs); i++ {
		if fs[i].quoted || fs[i-1].quoted {
			continue
		}
		a := strings.Trim(fs[i-1].text, ".,;:!?()[]{}<>")
		if topic[strings.ToLower(a)] {
			continue // what a search looks for (searchTopic)
		}
		b := strings.TrimRight(fs[i].text, ".,;:!?()[]{}<>")
		if a != fs[i-1].text || !nameCase(b) {
			continue // punctuation between the two words
		}
		lb := strings.ToLower(b)
		if len(lb) < minTypoLen || !plainWords(lb) || !isEnglish(lb) || ix.namesBackend(stem(lb)) {
			continue
		}
		aid, ok := ix.dict[stem(strings.ToLower(a))]
		if !ok || !ix.namesBackend(stem(strings.ToLower(a))) || ix.backendNamed(lb) {
			continue
		}
		terms := []string{stem(lb)}
		for _, e := range synonyms()[stem(lb)] {
			terms = append(terms, e.terms...)
		}
		for _, c := range ix.backendTerms[aid] {
			if c.spec < 0.5 || ix.rawAPI[c.backend] {
				// A backend whose tools are its API's bare methods
				// (rawAPI: jira_get, jira_post) names none of its
				// things, so what its tools do not say proves nothing
				// ("a Jira Task": Jira's issue type).
				continue
			}
			used := false
			for _, t := range terms {
				id, ok := ix.dict[t]
				if !ok {
					continue
				}
				for _, p := range ix.postings[id] {
					if int(ix.docBackend[p.doc]) == int(c.backend) && ix.namesOrLeads(p.doc, id) {
						used = true
						break
					}
				}
				if used {
					break
				}
			}
			if !used {
				return true
			}
		}
	}
	return false
}

// backendNamed reports whether some backend's name contains w, a
// lower-case word: a server named for a product line ("gdrive" for Google
// Drive) serves it.
func (ix *Index) backendNamed(w string) bool {
	return slices.ContainsFunc(ix.backends, func(b string) bool { return strings.Contains(strings.ToLower(b), w) })
}

// placePreps are English's prepositions of place, direction, means and
// accompaniment. A tool's description opens as an imperative or a
// third-person verb phrase, "Post a new message to a Slack channel",
// "Creates a development branch on a Supabase project": the verb's direct
// object, what the tool makes or acts on, comes first; the nouns after a
// preposition are where it goes, what holds it or what it comes with
// (the channel, the project). The lead's words before its first
// preposition (Index.docObject) are the tool's object.
var placePreps = setOf("to", "in", "into", "on", "onto", "from", "within", "inside", "at", "for", "under", "across", "via", "with", "by", "between", "through", "over")

// namesOrActsOn reports whether tool d states the term id as what it acts
// on: in its name, or in its lead before the first preposition
// (docObject).
func (ix *Index) namesOrActsOn(d, id int32) bool {
	return slices.Contains(ix.docName[d], id) || slices.Contains(ix.docObject[d], id)
}

// namesOrLeads reports whether tool d states the term id where a tool says
// what it does: its name or the first sentence of its description.
func (ix *Index) namesOrLeads(d, id int32) bool {
	return slices.Contains(ix.docName[d], id) || slices.Contains(ix.docLead[d], id)
}

// serversDoing returns, by backend, whether one of the backend's tools
// the query touched states both a word of the request's verb (verbIDs)
// and one of its object (objIDs) in its name or lead: the server does that
// operation on that object, whatever its other tools are named for (the
// operation for another object in Search).
func (ix *Index) serversDoing(st *searchState, verbIDs, objIDs []int32) []bool {
	does := make([]bool, len(ix.backends))
	for _, d := range st.touched {
		name, lead := ix.docName[d], ix.docLead[d]
		if (containsAny(name, verbIDs) || containsAny(lead, verbIDs)) && (containsAny(name, objIDs) || containsAny(lead, objIDs)) {
			does[ix.docBackend[d]] = true
		}
	}
	return does
}

// moveDestination returns the analyzed kind of the place a request to
// move a thing names ("move sentry project web to team frontend": team;
// "move the issue into the Apollo project": project), "" when the request
// does not move or names no kind there: the first English word written in
// lower case after "to" or "into", past determiners, possessives and
// names (capitalized words), before any value.
func moveDestination(q parsedQuery, query string) string {
	if q.verb != stem("move") {
		return ""
	}
	fs := fields(query)
	for i := 0; i+1 < len(fs); i++ {
		if lw := strings.ToLower(fs[i].text); fs[i].quoted || lw != "to" && lw != "into" {
			continue
		}
		for _, f := range fs[i+1:] {
			lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
			if f.quoted || !plainWords(lw) {
				return ""
			}
			if determiners[lw] || possessives[lw] || titleCase(f.text) {
				continue
			}
			if isEnglish(lw) {
				return stem(lw)
			}
			return ""
		}
	}
	return ""
}

// updatesWith reports whether tool d is named for updating a thing (its
// name's verb is one of the update group: update, edit, set, patch,
// modify, change) and takes a parameter named for kind (teamSlug for
// "team"). Moving a thing to a place of a kind is changing which one
// holds it, an attribute that such a tool sets ("Update project
// settings ... and team assignment"): its server offers the move though
// none of its tools says "move".
func (ix *Index) updatesWith(d int32, kind string) bool {
	t := &ix.tools[d]
	words := nameWords(t.Name, t.Backend)
	if len(words) == 0 || !updateVerb(words[0]) {
		return false
	}
	for _, p := range ix.docProps(d) {
		found := false
		splitWords(p.name, func(w string) { found = found || stem(strings.ToLower(w)) == kind })
		if found {
			return true
		}
	}
	return false
}

// renamesBy reports whether tool d renames a thing without being named for
// it: named for updating it (updatesWith) with a parameter for its name or
// title. It depends on the tool alone and is asked of every candidate of a
// renaming task, so the answer is kept (ix.renaming).
func (ix *Index) renamesBy(d int32) bool {
	if r := ix.renaming[d].Load(); r != 0 {
		return r == 2
	}
	r := ix.updatesWith(d, stem("name")) || ix.updatesWith(d, stem("title"))
	v := uint32(1)
	if r {
		v = 2
	}
	ix.renaming[d].Store(v)
	return r
}

// writtenAsName reports whether the analyzed word t is written in fs as a
// name: capitalized after the sentence's first word, and a word WordNet
// writes only capitalized (isNameWord: a person's or a place's name). A
// name after the kind noun ("a Stripe customer Lena Fischer", "the team
// Berlin") is the thing's name, not its kind: the noun phrase's head is
// the kind before it.
func writtenAsName(fs []field, t string) bool {
	for i, f := range fs {
		w := strings.Trim(f.text, ".,;:!?()[]{}<>")
		if i > 0 && !f.quoted && stem(strings.ToLower(w)) == t && titleCase(w) && isNameWord(strings.ToLower(w)) {
			return true
		}
	}
	return false
}

// setsAttribute reports whether the request sets an attribute of a thing
// ("set the topic of the #deploys channel to 'freeze'", "set the target
// date of project X to Dec 15"): the light verb "set", not "set up", with
// a definite article and "of" after its object's noun. The attribute is
// the request's object: a server none of whose tools mentions it has no
// such attribute to set (serversWith).
func setsAttribute(q parsedQuery, fs []field) bool {
	i := verbAt(fs, q.verb)
	if q.verbRaw != "set" || i < 0 || i+3 >= len(fs) || strings.ToLower(fs[i+1].text) != "the" {
		return false
	}
	for j := i + 2; j < len(fs) && j <= i+4; j++ {
		if !fs[j].quoted && strings.ToLower(fs[j].text) == "of" {
			return true
		}
	}
	return false
}

// updateVerb reports whether w (lower case) is one of the words of the
// curated synonym group of "update" (synonyms.go: edit, modify, patch,
// set, ...), the verbs that lead the names of tools that change a thing
// that exists.
func updateVerb(w string) bool {
	for _, g := range synonymGroups {
		if slices.Contains(g, "update") {
			return slices.Contains(g, w)
		}
	}
	return false
}
