package planner

import (
	"encoding/json"
	"fmt"
	"slices"
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
// of one more function, serverToolsFunction. It is paid from the budget
// the tools left (a cap is rarely used up: MaxTools ends the list first),
// with a few tool names per server, or without them, or not at all when
// even that does not fit; it never displaces a tool. Calling it with a server's
// name answers with that server's tools (one line each, minimal) and, for
// the tool-calling protocols, declares them as functions from then on; the
// model then calls the tool it wants by name. A request that carries every
// tool has no directory.

// serverToolsFunction is the model-facing name of the directory function.
// "__" keeps it apart from backend tools, whose backend id never is
// "agentify" followed by a tool of this name.
const serverToolsFunction = "agentify__server_tools"

// maxDirectoryNames is how many tool names a directory line shows when
// the names of every left-out tool do not fit.
const maxDirectoryNames = 4

// allDirectoryNames asks serverDirectory for every left-out tool's name.
// A tool the ranker scores zero (no word of the task, nor of its WordNet
// relations, in the tool's text) comes last in the ranking, so no cap on
// the tools sent reaches it; its name, in the line of its server, costs a
// few tokens and is still words the model can read ("get-sum",
// "maps_elevation") where the ranker had none. Tried first, so a request
// with room to spare names every tool it does not carry; when the room
// is short the directory falls back to a few names per server, then none.
const allDirectoryNames = -1

// fitDirectory returns the largest directory of the servers left out of
// sent that costs at most room tokens (room < 0: no cap), by cost, its
// servers and its cost; "" when none fits or nothing was left out.
func fitDirectory(cat *Catalog, sent []*Tool, room int, cost func(dir string, servers []string) int) (string, []string, int) {
	for _, n := range []int{allDirectoryNames, maxDirectoryNames, 0} {
		dir, servers := serverDirectory(cat, sent, n)
		if dir == "" {
			return "", nil, 0
		}
		if c := cost(dir, servers); room < 0 || c <= room {
			return dir, servers, c
		}
	}
	return "", nil, 0
}

// maxServerCalls bounds the directory calls in one step: the model may
// look into two servers, not browse the catalog.
const maxServerCalls = 2

// serverDirectory returns the directory of the servers with tools not in
// sent ("" when every tool was sent) and their names, in catalog order,
// with up to names tool names per server (names < 0: all of them).
func serverDirectory(cat *Catalog, sent []*Tool, names int) (string, []string) {
	if _, taken := cat.Lookup(serverToolsFunction); taken {
		return "", nil // a backend "agentify" has a tool of that name: no directory
	}
	in := make(map[*Tool]bool, len(sent))
	for _, t := range sent {
		in[t] = true
	}
	var order []string
	left := map[string][]string{}
	total := map[string]int{}
	for i := range cat.Tools {
		t := &cat.Tools[i]
		total[t.Backend]++
		if in[t] {
			continue
		}
		if _, ok := left[t.Backend]; !ok {
			order = append(order, t.Backend)
		}
		left[t.Backend] = append(left[t.Backend], t.Name)
	}
	if len(order) == 0 {
		return "", nil
	}
	if names < 0 {
		names = len(cat.Tools) // every name: no server has more
	}
	var b strings.Builder
	b.WriteString("List the tools of a server whose tools are not all given to you; call this only when none of the given tools fits. Servers with more tools:")
	for _, s := range order {
		l := left[s]
		fmt.Fprintf(&b, "\n- %s (%d of %d tools)", s, len(l), total[s])
		if names > 0 {
			b.WriteString(": ")
			b.WriteString(strings.Join(l[:min(len(l), names)], ", "))
			if len(l) > names {
				b.WriteString(", …")
			}
		}
	}
	return b.String(), order
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
		b.WriteString(minimalToolLine(FunctionName(t), t))
	}
	return b.String(), tools
}
