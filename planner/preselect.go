package planner

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Two-level pre-selection for the model planners (OpenAI, JSON mode,
// sampling). A catalog of hundreds of tools does not fit a prompt, so the
// ranker chooses what the model sees, in two levels:
//
//  1. tools: the ranker's best preselectTopK tools, always, whatever their
//     server;
//  2. servers: the tools of the preselectServers servers whose tools are
//     most relevant taken together (the sum of their three best scores,
//     which includes the bonus for a query that names the server or its
//     product), all of them, best-ranked first: when the ranker's order
//     within the right server is wrong, the right tool is still sent;
//  3. then the rest of the ranking, then the unscored tools.
//
// Under a prompt-token cap every tool gets a budget of its own, not every
// server: the best-ranked tools are sent whole while each stays under an
// eighth of the cap (the best one, a quarter) and together under half of it; the others compact (the
// description's first sentence, the schema without its documentation) when
// that stays under a 32nd of the cap, or else minimal (the first sentence
// cut short, the top-level parameters with their types only). A server with
// very long schemas therefore cannot spend the budget of the others. Every
// tool stays callable at any level: its arguments are checked against its
// real schema and a mistake comes back to the model with the errors.

const (
	preselectTopK    = 8
	preselectServers = 2
)

// defLevel is how much of a tool's definition is sent to the model.
type defLevel uint8

const (
	levelFull    defLevel = iota // the real description (capped) and schema
	levelCompact                 // first sentence; schema without documentation
	levelMinimal                 // short first sentence; top-level parameter names and types
	numLevels
)

// selectCandidates returns the tools offered to the model, best first, with
// their ranker scores (0 for unscored ones), at most maxTools of them
// (maxTools <= 0: every tool), in the two-level order described above.
func selectCandidates(task Task, cat *Catalog, maxTools int) ([]*Tool, []float64) {
	n := cat.Len()
	if n == 0 {
		return nil, nil
	}
	limit := n
	if maxTools > 0 && maxTools < n {
		limit = maxTools
	}
	// Four times the tools that can be sent is ranking enough to find the
	// best servers and fill the list; ranking all of a large catalog
	// costs a sort of every scored tool.
	ranked := cat.Search(task.Query, task.Context, min(4*limit, n))
	tools := make([]*Tool, 0, limit)
	scores := make([]float64, 0, limit)
	seen := make(map[*Tool]bool, limit)
	add := func(t *Tool, s float64) {
		if len(tools) < limit && t != nil && !seen[t] {
			seen[t] = true
			tools = append(tools, t)
			scores = append(scores, s)
		}
	}
	for _, r := range ranked[:min(preselectTopK, len(ranked))] {
		add(r.Tool, r.Score)
	}
	// Server relevance: the sum of each server's three best scores, with
	// weights 1, 1/2, 1/4, so one strong match and several good ones both
	// count, and a server with many weak matches does not win by number.
	rel := map[string]float64{}
	seenOf := map[string]int{}
	for _, r := range ranked {
		b := r.Tool.Backend
		if k := seenOf[b]; k < 3 {
			rel[b] += r.Score / float64(int(1)<<k)
			seenOf[b] = k + 1
		}
	}
	servers := make([]string, 0, len(rel))
	for b := range rel {
		servers = append(servers, b)
	}
	slices.SortFunc(servers, func(a, b string) int {
		switch {
		case rel[a] > rel[b]:
			return -1
		case rel[a] < rel[b]:
			return 1
		}
		return strings.Compare(a, b)
	})
	servers = servers[:min(preselectServers, len(servers))]
	for _, b := range servers {
		for _, r := range ranked {
			if r.Tool.Backend == b {
				add(r.Tool, r.Score)
			}
		}
		for i := range cat.Tools {
			if cat.Tools[i].Backend == b {
				add(&cat.Tools[i], 0)
			}
		}
	}
	for _, r := range ranked {
		add(r.Tool, r.Score)
	}
	for i := range cat.Tools {
		add(&cat.Tools[i], 0)
	}
	return tools, scores
}

// fitLevels chooses the definition level of each of n candidates (best
// first) and how many fit in budget tokens, given cost(i, level), the
// estimated tokens of candidate i at a level. budget <= 0 means no cap:
// every candidate whole. The first candidate is always kept, at its
// smallest level if need be.
func fitLevels(n, budget int, cost func(i int, l defLevel) int) ([]defLevel, int) {
	levels := make([]defLevel, n)
	if budget <= 0 {
		return levels, n
	}
	fullMax, compactMax := budget/8, budget/32
	used, usedFull := 0, 0
	for i := range n {
		l := levelMinimal
		limit := fullMax
		if i == 0 {
			limit = budget / 4 // the likeliest tool may take more
		}
		switch {
		case i < preselectTopK && cost(i, levelFull) <= limit && usedFull+cost(i, levelFull) <= budget/2:
			l = levelFull
			usedFull += cost(i, levelFull)
		case cost(i, levelCompact) <= compactMax || i < preselectTopK && cost(i, levelCompact) <= fullMax:
			l = levelCompact
		}
		c := cost(i, l)
		if i > 0 && used+c > budget {
			return levels[:i], i
		}
		levels[i] = l
		used += c
	}
	return levels, n
}

// minimalSchema returns an input schema reduced to its top-level
// properties with their types (and the required list): enough for the model
// to know the argument names, a few bytes per parameter.
func minimalSchema(raw json.RawMessage) json.RawMessage {
	var s struct {
		Properties map[string]struct {
			Type json.RawMessage `json:"type"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return json.RawMessage(`{"type":"object"}`)
	}
	props := make(map[string]any, len(s.Properties))
	for k, p := range s.Properties {
		m := map[string]any{}
		var typ any
		if len(p.Type) > 0 && json.Unmarshal(p.Type, &typ) == nil {
			m["type"] = typ
		}
		props[k] = m
	}
	out := map[string]any{"type": "object", "properties": props}
	var req []string
	for _, r := range s.Required {
		if _, ok := s.Properties[r]; ok {
			req = append(req, r)
		}
	}
	if len(req) > 0 {
		out["required"] = req
	}
	b, _ := json.Marshal(out) // cannot fail: strings and decoded JSON values
	return b
}

// minimalDescription is the first sentence of a tool's description (or
// its title), cut to 100 runes.
func minimalDescription(t *Tool) string {
	desc := t.Description
	if strings.TrimSpace(desc) == "" {
		desc = t.Title
	}
	return trimRunes(strings.Join(strings.Fields(firstSentence(desc)), " "), 100)
}

// The second level, for the tools a request could not carry: the model sees
// a directory of the servers whose tools were left out, as the description
// of one more function, serverToolsFunction. Calling it with a server's
// name answers with that server's tools (one line each, minimal) and, for
// the tool-calling protocols, declares them as functions from then on; the
// model then calls the tool it wants by name. A request that carries every
// tool has no directory.
//
// The directory is the net that makes every tool reachable, so its room is
// reserved before any tool is fitted (fitPrompt): every server, with a
// one-line summary of what its tools are about; under a small cap the
// summaries are trimmed, then left out, and only then are the least
// relevant servers dropped. The tools fill what is left. What the tools
// leave over then buys a longer directory: the names of every tool not
// sent, which are words the model can read where the ranker had none (a
// tool the ranker scores zero comes last, so no cap on the tools sent
// reaches it).

// serverToolsFunction is the model-facing name of the directory function.
// "__" keeps it apart from backend tools, whose backend id never is
// "agentify" followed by a tool of this name.
const serverToolsFunction = "agentify__server_tools"

// dirForm is how much a directory line says about its server.
type dirForm struct {
	names   bool // every tool not sent, by name
	summary int  // else: the server's summary cut to this many runes (0: none)
}

// summaryRunes are the lengths a directory line's summary is cut to,
// longest first.
var summaryRunes = []int{40, 16}

// dirShare is the largest share of the prompt budget reserved for the
// directory (1/dirShare): with 30 servers the directory with 40-rune
// summaries costs about 610 tokens, under a tenth of the default cap.
const dirShare = 4

// fitPrompt chooses, for candidates tools (best first, from
// selectCandidates), their definition levels and how many are sent, and
// the directory, under budget tokens (<= 0: no cap). cost is a tool's
// tokens at a level (fitLevels), dirCost a directory's. The directory's
// room is reserved first (see above); the first tool is always sent.
func fitPrompt(cat *Catalog, tools []*Tool, budget int, cost func(i int, l defLevel) int, dirCost func(dir string, servers []string) int) (levels []defLevel, n int, dir string, servers []string, dirTokens int) {
	levels, n = fitLevels(len(tools), budget, cost)
	if budget <= 0 {
		dir, servers, dirTokens = fitDirectory(cat, tools, nil, -1, dirCost, true)
		return levels, n, dir, servers, dirTokens
	}
	if n == cat.Len() {
		return levels, n, "", nil, 0 // every tool sent: no directory
	}
	// Reserve: the directory of every server, as if no tool were sent,
	// with summaries rather than tool names.
	order := serverOrder(cat, tools)
	if _, _, reserve := fitDirectory(cat, nil, order, budget/dirShare, dirCost, false); reserve > 0 {
		levels, n = fitLevels(len(tools), max(budget-reserve, 1), cost)
	}
	used := 0
	for i, l := range levels {
		used += cost(i, l)
	}
	dir, servers, dirTokens = fitDirectory(cat, tools[:n], order, max(budget-used, 0), dirCost, true)
	return levels, n, dir, servers, dirTokens
}

// serverOrder returns the catalog's servers, most relevant first: in the
// order their first tool appears among the candidates (best first), then
// the others in catalog order. A directory too long for its room drops
// servers from the end.
func serverOrder(cat *Catalog, candidates []*Tool) []string {
	seen := map[string]bool{}
	var order []string
	for _, t := range candidates {
		if !seen[t.Backend] {
			seen[t.Backend] = true
			order = append(order, t.Backend)
		}
	}
	for i := range cat.Tools {
		if b := cat.Tools[i].Backend; !seen[b] {
			seen[b] = true
			order = append(order, b)
		}
	}
	return order
}

// fitDirectory returns the most informative directory of the servers left
// out of sent that costs at most room tokens (room < 0: no cap), by cost,
// its servers and its cost; "" when none fits or nothing was left out.
// The forms, in order: every tool's name (only withNames); every tool's
// name for the most relevant servers of order (catalog order when nil)
// and the longest summary for the others (only withNames); summaries of
// every server, longest first; bare server names; bare names of the most
// relevant servers only.
func fitDirectory(cat *Catalog, sent []*Tool, order []string, room int, cost func(dir string, servers []string) int, withNames bool) (string, []string, int) {
	fits := func(dir string, servers []string) (int, bool) {
		if dir == "" {
			return 0, true
		}
		c := cost(dir, servers)
		return c, room < 0 || c <= room
	}
	lines := newDirLines(cat, sent)
	dir, servers := lines.render(dirForm{names: withNames}, nil, nil)
	if c, ok := fits(dir, servers); ok && withNames || dir == "" {
		return dir, servers, c
	}
	if order == nil {
		order = serverOrder(cat, nil)
	}
	prefix := func(k int) map[string]bool {
		m := make(map[string]bool, k)
		for _, s := range order[:k] {
			m[s] = true
		}
		return m
	}
	// largest returns the largest k in [1, len(order)] for which dir(k)
	// fits (the cost grows with k, so a binary search finds it), or 0.
	largest := func(dir func(k int) (string, []string)) int {
		lo, hi := 0, len(order)+1 // fits(lo) holds, fits(hi) does not
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if _, ok := fits(dir(mid)); ok {
				lo = mid
			} else {
				hi = mid
			}
		}
		return lo
	}
	// Every tool's name for the most relevant servers, the longest
	// summary for the others; then summaries only, shorter; then bare
	// names of servers; then the most relevant servers only.
	long := dirForm{summary: summaryRunes[0]}
	named := func(k int) (string, []string) {
		return lines.render(long, nil, prefix(k))
	}
	if withNames {
		if k := largest(named); k > 0 {
			dir, servers := named(k)
			c, _ := fits(dir, servers)
			return dir, servers, c
		}
	}
	for _, n := range summaryRunes {
		dir, servers := lines.render(dirForm{summary: n}, nil, nil)
		if c, ok := fits(dir, servers); ok {
			return dir, servers, c
		}
	}
	dir, servers = lines.render(dirForm{}, nil, nil)
	if c, ok := fits(dir, servers); ok {
		return dir, servers, c
	}
	bare := func(k int) (string, []string) { return lines.render(dirForm{}, prefix(k), nil) }
	if k := largest(bare); k > 0 {
		dir, servers := bare(k)
		if dir != "" {
			c, _ := fits(dir, servers)
			return dir, servers, c
		}
	}
	return "", nil, 0
}

// maxServerCalls bounds the directory calls in one step: the model may
// look into two servers, not browse the catalog.
const maxServerCalls = 2

// serverDirectory returns the directory of the servers with tools not in
// sent ("" when every tool was sent, or when only deals with none of
// them) and their names, in catalog order, each line in form f, except
// the servers of names, whose lines name every tool not sent. A non-nil
// only limits it to those servers.
func serverDirectory(cat *Catalog, sent []*Tool, f dirForm, only, names map[string]bool) (string, []string) {
	return newDirLines(cat, sent).render(f, only, names)
}

// dirLines is what the directory's forms are rendered from: the servers
// with tools not sent and those tools' names, found in one pass over the
// catalog, so that trying many forms costs only the rendering.
type dirLines struct {
	order  []string            // servers with tools not sent, catalog order
	left   map[string][]string // server -> its tools not sent, by name
	joined map[string]string   // server -> left joined with ", "
	sums   map[string][]string // server -> serverSummary cut to each of summaryRunes
}

// newDirLines finds the servers with tools not in sent; none when a
// backend tool takes the directory's name. A dirLines is read-only after
// it is built, so the catalog shares the one of sent == nil.
func newDirLines(cat *Catalog, sent []*Tool) *dirLines {
	if len(sent) == 0 {
		return cat.dirLinesAll()
	}
	return buildDirLines(cat, sent)
}

func buildDirLines(cat *Catalog, sent []*Tool) *dirLines {
	d := &dirLines{left: map[string][]string{}, joined: map[string]string{}}
	if _, taken := cat.Lookup(serverToolsFunction); taken {
		return d // a backend "agentify" has a tool of that name: no directory
	}
	d.sums = cat.serverSummaries()
	in := make(map[*Tool]bool, len(sent))
	for _, t := range sent {
		in[t] = true
	}
	for i := range cat.Tools {
		t := &cat.Tools[i]
		if in[t] {
			continue
		}
		if _, ok := d.left[t.Backend]; !ok {
			d.order = append(d.order, t.Backend)
		}
		d.left[t.Backend] = append(d.left[t.Backend], t.Name)
	}
	for s, l := range d.left {
		d.joined[s] = strings.Join(l, ", ")
	}
	return d
}

// render writes the directory in form f (see serverDirectory).
func (d *dirLines) render(f dirForm, only, names map[string]bool) (string, []string) {
	var order []string
	for _, s := range d.order {
		if only == nil || only[s] {
			order = append(order, s)
		}
	}
	if len(order) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteString("List the tools of a server whose tools are not all given to you; call this only when none of the given tools fits. Servers, with how many of their tools you were not given:")
	for _, s := range order {
		l := d.left[s]
		b.WriteString("\n- ")
		b.WriteString(s)
		b.WriteString(" (")
		b.WriteString(strconv.Itoa(len(l)))
		b.WriteByte(')')
		all := d.joined[s]
		switch {
		case f.names || names[s] || f.summary > 0 && len(all) <= f.summary:
			// The names themselves when asked for, or when they are no
			// longer than a summary: they are what the model can call.
			b.WriteString(": ")
			b.WriteString(all)
		case f.summary > 0:
			if sum := d.summary(s, f.summary); sum != "" {
				b.WriteString(" about ")
				b.WriteString(sum)
			}
		}
	}
	return b.String(), order
}

// summary returns server s's summary cut to n runes.
func (d *dirLines) summary(s string, n int) string {
	cuts := d.sums[s]
	for i, m := range summaryRunes {
		if m == n && i < len(cuts) {
			return cuts[i]
		}
	}
	if len(cuts) == 0 {
		return ""
	}
	return trimRunes(cuts[0], n) // not a length of summaryRunes: cut the longest
}

// serverSummary is one line about what a server's tools deal with, built
// from the words of their names: the objects first ("issue", "pull
// request", "repository"), most frequent first, then the verbs of the CRUD
// convention only when the names have no other words, without the words of
// the server's own name (the line already starts with it). A server with
// fewer than three such words adds its first tool's first sentence.
func serverSummary(backend string, tools []*Tool) string {
	own := map[string]bool{}
	splitWords(backend, func(w string) { own[normalizeWord(w)] = true })
	type word struct {
		text  string
		count int
		first int
		verb  bool
	}
	words := map[string]*word{}
	var list []*word
	for _, t := range tools {
		splitWords(t.Name, func(w string) {
			lw := strings.ToLower(w)
			key := normalizeWord(w)
			if key == "" || own[key] {
				return
			}
			if x, ok := words[key]; ok {
				x.count++
				return
			}
			x := &word{text: lw, count: 1, first: len(list),
				verb: readNameVerbs[lw] || writeNameVerbs[lw] || destructiveNameVerbs[lw]}
			words[key] = x
			list = append(list, x)
		})
	}
	slices.SortStableFunc(list, func(a, b *word) int {
		switch {
		case a.verb != b.verb:
			if b.verb {
				return -1
			}
			return 1
		case a.count != b.count:
			return b.count - a.count
		}
		return a.first - b.first
	})
	var parts []string
	for _, w := range list {
		if w.verb && len(parts) >= 3 {
			break
		}
		parts = append(parts, w.text)
	}
	sum := strings.Join(parts, ", ")
	if len(parts) < 3 && len(tools) > 0 {
		if d := minimalDescription(tools[0]); d != "" {
			if sum != "" {
				sum += "; "
			}
			sum += d
		}
	}
	return sum
}

// serverToolsParams is the parameter schema of the directory function.
func serverToolsParams(servers []string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{
		"type":                 "object",
		"properties":           map[string]any{"server": map[string]any{"type": "string", "enum": servers}},
		"required":             []string{"server"},
		"additionalProperties": false,
	}) // cannot fail: strings
	return b
}

// serverToolsParamsLen is len(serverToolsParams(servers)), without
// encoding it: fitDirectory prices many directories per request.
func serverToolsParamsLen(servers []string) int {
	n := len(`{"additionalProperties":false,"properties":{"server":{"enum":[],"type":"string"}},"required":["server"],"type":"object"}`)
	if servers == nil {
		n += len("null") - len("[]")
	}
	for i, s := range servers {
		if i > 0 {
			n++
		}
		n += jsonStringLen(s)
	}
	return n
}

// serverListing answers a directory call: the server's tools, one line
// each, and the tools themselves for the caller to declare. An unknown
// server gets the list of servers.
func serverListing(cat *Catalog, rawArgs string, servers []string) (string, []*Tool) {
	var a struct {
		Server string `json:"server"`
	}
	_ = json.Unmarshal([]byte(rawArgs), &a) // a bad argument is an unknown server
	var tools []*Tool
	for i := range cat.Tools {
		if cat.Tools[i].Backend == a.Server {
			tools = append(tools, &cat.Tools[i])
		}
	}
	if len(tools) == 0 {
		return fmt.Sprintf("There is no server %q. Servers: %s.", a.Server, strings.Join(servers, ", ")), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Tools of %s (call one by its name):", a.Server)
	for _, t := range tools {
		b.WriteByte('\n')
		b.WriteString(cat.toolLine(FunctionName(t), t, true))
	}
	return b.String(), tools
}
