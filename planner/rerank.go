package planner

import (
	"slices"
	"strconv"
	"strings"
)

// Re-ranking by slot filling: a task states what the tool it wants needs.
// Among the few best candidates, a tool whose required parameters the task
// can fill (a number for pull_number, a URL for url, owner/repo for owner
// and repo) is more likely meant than one whose required inputs the task
// does not give, and a value the task states that no parameter of a tool
// takes (a URL given to a tool without a url parameter) is evidence
// against that tool. The values are read by the argument extractor
// (extractValues, fillArgs): the same reading the lexical planner uses to
// fill the chosen tool's arguments.

// Re-ranking constants. Only the best rerankTop results are looked at (the
// extraction runs once per candidate), and each one's score is multiplied
// by 1 + rerankWeight x its fit in [0, 1]: a candidate can pass a better
// one only when its score is within a factor 1 + rerankWeight of it.
var (
	rerankTop    = 8
	rerankWeight = 0.626 // 0.3 by hand until round 20's fit, 0.399 until round 21's (rank.go)
)

// slotFit is how well the values a task states fit one tool's parameters.
type slotFit struct {
	reqFilled, reqTotal int      // required parameters (an object's by its required members), and those the task fills
	claimed, values     int      // values the task states, and those some argument takes
	pluralID            bool     // a required id of one thing the task names in the plural ("the properties of page X" for property_id)
	single              []string // the members of the one whole item a required list holds ("files": [{path, content}] -> path, content)
	none                bool     // the tool takes no parameters at all
}

// score is the fit in [0, 1]: the mean of the share of required
// parameters filled and the share of the task's values taken (a share is 1
// when there is nothing to fill or to take).
func (f slotFit) score() float64 {
	req, claim := 1.0, 1.0
	if f.reqTotal > 0 {
		req = float64(f.reqFilled) / float64(f.reqTotal)
	}
	if f.pluralID {
		// The task asks for all the things of a kind; the tool takes
		// one of them by an id the task does not give.
		req = 0
	}
	if f.values > 0 {
		claim = float64(f.claimed) / float64(f.values)
		if f.none {
			// A tool that takes nothing can be told none of the
			// things the task names ("get MOB-212 and MOB-215" for
			// get_user, the current user's): it fits nothing.
			req = 0
		}
	}
	return (req + claim) / 2
}

// taskValue is one value a task states, with the texts an argument may
// hold it as ("acme/api" as owner "acme" and repo "api").
type taskValue struct {
	texts []string // lower-cased; an argument equal to one, or containing one of 4+ characters, takes it
	exact []string // lower-cased; taken only by an argument equal to one
	num   float64
	isNum bool
}

// stateValues lists the values of v that have a shape of their own (URLs,
// paths, e-mail addresses, repository references, quoted text, numbers
// written in digits, db.collection names, id-shaped tokens): the ones a
// task states for a parameter, as opposed to the words that say what to
// do. Each is listed once.
func stateValues(v *queryValues) []taskValue {
	var out []taskValue
	seen := map[string]bool{}
	add := func(tv taskValue, key string) {
		key = strings.ToLower(key)
		if key == "" || seen[key] {
			return
		}
		seen[key] = true
		out = append(out, tv)
	}
	lower := strings.ToLower
	for _, u := range v.urls {
		add(taskValue{texts: []string{lower(u)}}, u)
	}
	for _, p := range v.paths {
		add(taskValue{texts: []string{lower(p)}}, p)
	}
	for _, p := range v.relPaths {
		add(taskValue{texts: []string{lower(p)}}, p)
	}
	for _, e := range v.emails {
		add(taskValue{texts: []string{lower(e)}}, e)
	}
	for _, a := range v.places {
		add(taskValue{texts: []string{lower(a)}}, a)
	}
	for _, r := range v.refs {
		whole := lower(r.owner + "/" + r.repo)
		add(taskValue{texts: []string{whole}, exact: []string{lower(r.owner), lower(r.repo)}}, whole)
		if r.number != 0 {
			seen[strconv.Itoa(r.number)] = true // the number is the reference's, not a value of its own
		}
	}
	for _, d := range v.dotted {
		whole := lower(d[0] + "." + d[1])
		add(taskValue{texts: []string{whole}, exact: []string{lower(d[0]), lower(d[1])}}, whole)
	}
	for _, q := range v.quoted {
		add(taskValue{texts: []string{lower(q)}}, q)
	}
	for _, t := range v.toks {
		if idLike(t) && !inValue(out, func(x string) bool { return strings.Contains(x, t.lower) }) {
			add(taskValue{texts: []string{t.lower}}, t.lower)
		}
	}
	for _, n := range v.numbers {
		if n.word {
			continue // "three files": prose as often as a value
		}
		s := strconv.FormatFloat(n.value, 'f', -1, 64)
		if inValue(out, func(x string) bool { return containsNumber(x, s) }) {
			continue // the 9 of "user:9", the 2026 of a path
		}
		add(taskValue{exact: []string{s}, num: n.value, isNum: true}, s)
	}
	return out
}

// inValue reports whether a text of a value already listed satisfies in:
// holds the id token, or the number, being considered.
func inValue(vals []taskValue, in func(string) bool) bool {
	for _, tv := range vals {
		for _, x := range tv.texts {
			if in(x) {
				return true
			}
		}
	}
	return false
}

// fitSlots fills tool t's arguments from the task (as the lexical planner
// would) and reports how well they fit. props are t's parameters
// (toolProps), vals are stateValues(v). lookup says the task asks for a
// thing by its id (namedLookup): a search tool given the whole task as
// its query then fills nothing the task asks for.
func fitSlots(t *Tool, props []argProp, v *queryValues, vals []taskValue, tctx *TaskContext, lookup bool) slotFit {
	f := slotFit{values: len(vals)}
	if len(props) == 0 {
		f.none = true
		return f
	}
	tv := *v
	tv.backend = t.Backend
	args, _ := fillArgs(props, tv, v.query, tctx, toolReadOnly(t))
	// The arguments the planner sends: not the product's own name as a
	// value ("the Context7 library id" gives libraryId no value).
	args, _ = dropProductNames(props, args, nil, t.Backend)
	for _, p := range props {
		x, filled := args[p.name]
		if len(p.members) > 0 && (p.required || filled) {
			// An object declared member by member counts by the members
			// it requires: a filled object without them is no valid
			// argument, and a required one needs them all.
			obj, _ := x.(map[string]any)
			if items, ok := x.([]any); ok && len(items) > 0 {
				obj, _ = items[0].(map[string]any)
				if len(items) == 1 && p.required && !severalNamed(v, p.name) && !slices.ContainsFunc(p.members, func(m string) bool { return obj[m] == nil }) {
					f.single = sortedKeys(obj)
				}
			}
			f.reqTotal += len(p.members)
			for _, m := range p.members {
				if _, ok := obj[m]; ok {
					f.reqFilled++
				}
			}
			continue
		}
		if p.required {
			f.reqTotal++
			if !filled && isIDParam(p.lname) && p.typ != "array" {
				if pw := p.paramWords(); len(pw) == 1 {
					f.pluralID = f.pluralID || slices.ContainsFunc(v.toks, func(t qtok) bool {
						return !t.quoted && isPlural(t.lower) && t.stem == pw[0]
					})
				}
			}
			s, whole := x.(string)
			wholeTask := whole && s == v.query
			if filled && !(wholeTask && instructionParam(&p) && !(isSearchParam(p.lname) && toolReadOnly(t))) && !(wholeTask && lookup && isSearchParam(p.lname)) {
				// (The whole task, given to an instruction, fills any
				// such parameter: no evidence of a fit. Given to a
				// search, it is the search's text, unless the task asks
				// for one thing by its id, which is no text to search.)
				f.reqFilled++
			}
		}
	}
	if len(vals) == 0 || len(args) == 0 {
		return f
	}
	lq := strings.ToLower(v.query)
	var strs []string
	var nums []float64
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case string:
			// The whole task given to a search parameter takes no value
			// in particular.
			if s := strings.ToLower(x); s != lq {
				strs = append(strs, s)
			}
		case int:
			nums = append(nums, float64(x))
		case int64: // the extractor's integers (a radius, a count)
			nums = append(nums, float64(x))
		case float64:
			nums = append(nums, x)
		case []any:
			for _, y := range x {
				walk(y)
			}
		case []string:
			for _, y := range x {
				walk(y)
			}
		case map[string]any:
			for _, y := range x {
				walk(y)
			}
		}
	}
	for _, x := range args {
		walk(x)
	}
	for _, tv := range vals {
		if tv.isNum && slices.Contains(nums, tv.num) {
			f.claimed++
			continue
		}
		if slices.ContainsFunc(strs, func(s string) bool { return tv.takenBy(s) }) {
			f.claimed++
		}
	}
	return f
}

// takenBy reports whether an argument's text s holds the value.
func (tv taskValue) takenBy(s string) bool {
	for _, x := range tv.texts {
		if s == x || len(x) >= 4 && strings.Contains(s, x) {
			return true
		}
	}
	for _, x := range tv.exact {
		if s == x {
			return true
		}
	}
	if tv.isNum && len(tv.exact) > 0 {
		return containsNumber(s, tv.exact[0])
	}
	return false
}

// containsNumber reports whether s holds the digits n as a whole number
// ("user:9" holds 9, "user:91" does not).
func containsNumber(s, n string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], n)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(n)
		if (j == 0 || !isDigitByte(s[j-1])) && (end == len(s) || !isDigitByte(s[end])) {
			return true
		}
		i = j + 1
	}
}

func isDigitByte(b byte) bool { return b >= '0' && b <= '9' }

// rerank re-orders the best rerankTop results of one query (out, best
// first) by how well each tool's parameters fit the values the task
// states: each one's score is multiplied by 1 + rerankWeight x fit, so a
// candidate passes a better-scored one only when their scores are within
// that factor; when the task names things by kind and id (namedLookup),
// a tool with no parameter for any of them is also multiplied by
// 1 - intentBoost, and the factor widens by as much. Results after the
// first rerankTop keep their scores and stay after them.
func (ix *Index) rerank(out []Scored, query string, tctx *TaskContext) {
	k := min(rerankTop, len(out))
	if k < 2 || rerankWeight <= 0 {
		return
	}
	// Only candidates within the factor of their neighbour can change
	// places: cut the head where a score leads the next by more than it.
	// A candidate alone between two such gaps keeps its place, so its
	// fit is not needed.
	nearBy := func(factor float64) (near []bool, moves bool) {
		near = make([]bool, k)
		for i := 0; i+1 < k; i++ {
			if out[i+1].Score*factor > out[i].Score {
				near[i], near[i+1], moves = true, true, true
			}
		}
		return near, moves
	}
	// Wider apart, a candidate can still pass another that takes no thing
	// of the kind the task names by id (namedLookup, below).
	near, moves := nearBy((1 + rerankWeight) / (1 - intentBoost))
	if !moves {
		return
	}
	cwd := ""
	if tctx != nil {
		cwd = tctx.CurrentWorkingDirectory
	}
	v := extractValues(query, cwd)
	vals := stateValues(&v)
	kinds := ix.namedLookup(out[:k], &v)
	lookup := len(kinds) > 0
	if !lookup {
		if near, moves = nearBy(1 + rerankWeight); !moves {
			return
		}
	}
	fits := make([]*slotFit, k)
	fitOf := func(i int) *slotFit {
		if fits[i] == nil {
			f := fitSlots(out[i].Tool, ix.docProps(out[i].pos), &v, vals, tctx, lookup)
			fits[i] = &f
		}
		return fits[i]
	}
	for i := range out[:k] {
		if near[i] {
			out[i].Score *= 1 + rerankWeight*fitOf(i).score()
			if lookup && !takesKind(ix.docProps(out[i].pos), kinds) {
				// The task names things by their id, none of which the
				// tool has a parameter for: it ranks lower, as a tool
				// whose annotations contradict the request does (Search).
				out[i].Score *= 1 - intentBoost
			}
		}
	}
	for i := range out[:k] {
		if !near[i] || len(fitOf(i).single) == 0 {
			continue
		}
		// One thing for a tool that takes a list of them, beside a tool
		// of the same server that takes that one thing's members itself
		// and fits the task as well (push_files given one file, beside
		// create_or_update_file): the tool for one thing is meant, as
		// arity says (rank_arity.go). It takes the list tool's place.
		for j := range out[:k] {
			if j != i && out[j].Tool.Backend == out[i].Tool.Backend && out[j].Score < out[i].Score &&
				takesAsScalars(ix.docProps(out[j].pos), fitOf(i).single) && fitOf(j).score() >= fitOf(i).score() {
				out[i].Score, out[j].Score = out[j].Score, out[i].Score
				break
			}
		}
	}
	slices.SortStableFunc(out[:k], ix.cmp)
}

// namedLookup returns the kinds of thing the task asks for by their id,
// naming each kind with the noun of a required id parameter of one of the
// candidates (cands): an id-shaped token right after that noun, the noun
// and "id", or the parameter's name ("place ChIJN1t_tDeuEmsRU",
// "place id ChIJ...", "place_id ChIJ..." for maps_place_details'
// place_id), as paramWords analyzes it; nil when the task names no such
// thing. Such a task names the things to look up or act on: a tool none
// of whose parameters is for a thing of one of those kinds cannot take
// them, however well its description matches what the task wants to know
// of them ("opening hours and phone number", which a local search's
// description lists), and a search tool given the whole task as its text
// was asked for nothing (fitSlots).
func (ix *Index) namedLookup(cands []Scored, v *queryValues) []string {
	var nouns []string
	for _, c := range cands {
		for _, p := range ix.docProps(c.pos) {
			if !p.required || !isIDParam(p.lname) || p.typ == "array" {
				continue
			}
			if pw := p.paramWords(); len(pw) == 1 && pw[0] != p.lname {
				nouns = append(nouns, pw[0])
			}
		}
	}
	if len(nouns) == 0 {
		return nil
	}
	noun := func(t qtok) string {
		if t.quoted {
			return ""
		}
		w := strings.ToLower(t.text)
		if pw := paramWords(w); strings.Contains(w, "_") && len(pw) == 1 && isIDParam(strings.ReplaceAll(w, "_", "")) {
			w = pw[0] // "place_id"
		} else {
			w = normalizeWord(w)
		}
		if slices.Contains(nouns, w) {
			return w
		}
		return ""
	}
	var kinds []string
	for j, t := range v.toks {
		if j == 0 || !idLike(t) {
			continue
		}
		n := noun(v.toks[j-1])
		if l := v.toks[j-1].lower; n == "" && (l == "id" || l == "ids") && j >= 2 {
			n = noun(v.toks[j-2])
		}
		if n != "" && !slices.Contains(kinds, n) {
			kinds = append(kinds, n)
		}
	}
	return kinds
}

// takesKind reports whether one of props, or of their members, is for a
// thing of one of the kinds (analyzed words of parameter names,
// paramWords): place_id or placeId for "plac", parent.page_id for "page".
func takesKind(props []argProp, kinds []string) bool {
	return slices.ContainsFunc(props, func(p argProp) bool {
		return slices.ContainsFunc(p.paramWords(), func(w string) bool { return slices.Contains(kinds, w) }) || takesKind(p.nested, kinds)
	})
}

// severalNamed reports whether the task names several of the things a
// list parameter holds: the singular of its noun written twice ("the
// email field and the password field"), or its plural ("both files").
func severalNamed(v *queryValues, list string) bool {
	ws := paramWords(list)
	if len(ws) == 0 {
		return false
	}
	n := 0
	for _, t := range v.toks {
		if !t.quoted && t.stem == ws[len(ws)-1] {
			if isPlural(t.lower) {
				return true
			}
			n++
		}
	}
	return n > 1
}

// takesAsScalars reports whether a tool's parameters (props) include,
// each as a required parameter of one value, every member named.
func takesAsScalars(props []argProp, members []string) bool {
	for _, m := range members {
		if !slices.ContainsFunc(props, func(p argProp) bool { return p.name == m && p.required && p.typ != "array" && p.typ != "object" }) {
			return false
		}
	}
	return true
}

// docProps returns the parameters of tool d's input schema, read once.
func (ix *Index) docProps(d int32) []argProp {
	if p := ix.props[d].Load(); p != nil {
		return *p
	}
	props := withToolDesc(schemaProps(ix.tools[d].InputSchema, 0), ix.tools[d].Description)
	ix.props[d].Store(&props)
	return props
}
