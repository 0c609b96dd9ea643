package planner

import (
	"encoding/json"
	"slices"
	"strings"
)

// Sort orders and index keys as a map from field names to directions
// (MongoDB's cursor.sort() and createIndex keys: {"createdAt": -1}).
//
// A schema declares such a map as an object whose additionalProperties
// take the constants 1 and -1 (with other forms beside them), or as an
// array of alternatives one of which holds such a map as a member, next
// to constant members that say which alternative it is ({"type":
// "classic", "keys": {...}}). The direction words of English give the
// sign: ascending order is increasing, +1; descending is decreasing, -1.

// directionMap is where a parameter keeps a map of directions.
type directionMap struct {
	member string         // the member of an array's item that is the map ("keys"); "" when the parameter is the map
	fixed  map[string]any // the item's constant members that select its alternative ({"type": "classic"})
}

// directionsOf reads a property's schema as written; nil when it keeps
// no map of directions.
func directionsOf(raw json.RawMessage) *directionMap {
	var s struct {
		Items *struct {
			OneOf []json.RawMessage `json:"oneOf"`
			AnyOf []json.RawMessage `json:"anyOf"`
		} `json:"items"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return nil
	}
	if signedMap(raw) {
		return &directionMap{}
	}
	if s.Items == nil {
		return nil
	}
	for _, alt := range append(s.Items.OneOf, s.Items.AnyOf...) {
		var obj struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
		}
		if json.Unmarshal(alt, &obj) != nil {
			continue
		}
		d := &directionMap{fixed: map[string]any{}}
		for name, m := range obj.Properties {
			var c struct {
				Const any `json:"const"`
			}
			switch {
			case signedMap(m):
				d.member = name
			case json.Unmarshal(m, &c) == nil && c.Const != nil && slices.Contains(obj.Required, name):
				d.fixed[name] = c.Const
			}
		}
		if d.member != "" {
			return d
		}
	}
	return nil
}

// signedMap reports whether raw is an object schema whose
// additionalProperties take the constants 1 and -1.
func signedMap(raw json.RawMessage) bool {
	var s struct {
		AdditionalProperties struct {
			AnyOf []struct {
				Const any `json:"const"`
			} `json:"anyOf"`
			OneOf []struct {
				Const any `json:"const"`
			} `json:"oneOf"`
			Enum []any `json:"enum"`
		} `json:"additionalProperties"`
	}
	if json.Unmarshal(raw, &s) != nil {
		return false
	}
	consts := slices.Clone(s.AdditionalProperties.Enum)
	for _, c := range append(s.AdditionalProperties.AnyOf, s.AdditionalProperties.OneOf...) {
		consts = append(consts, c.Const)
	}
	return slices.Contains(consts, any(1.0)) && slices.Contains(consts, any(-1.0))
}

// directionWord returns the sign of an English word of direction: +1 for
// ascending ("asc"), -1 for descending ("desc"), 0 otherwise.
func directionWord(w string) int {
	switch w {
	case "ascending", "asc":
		return 1
	case "descending", "desc":
		return -1
	}
	return 0
}

// superlativeSign returns the sign of the order a word puts first before
// "first" ("newest first", "newest createdAt first"): -1 (descending) for
// the most ("newest", "latest", "recent", "largest", "biggest", "highest",
// "most"), +1 (ascending) for the least ("oldest", "earliest",
// "smallest", "lowest", "least"), 0 otherwise.
func superlativeSign(w string) int {
	switch w {
	case "newest", "latest", "recent", "largest", "biggest", "highest", "most":
		return -1
	case "oldest", "earliest", "smallest", "lowest", "least":
		return 1
	}
	return 0
}

// orderDirections fills a map of directions left empty with the field and
// direction the task writes: "a descending index on createdAt", "an
// ascending index named email_1 on the email field", "sorted by createdAt
// descending", "index the collection by createdAt descending". The field
// is the word after "on" or "by" (past an article), written as a name
// (not a function word); the direction is the word before the phrase or
// right after the field.
func orderDirections(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.directions == nil || args[p.name] != nil {
			continue
		}
		field, sign := orderedField(v.toks)
		if sign == 0 {
			continue
		}
		m := map[string]any{field: sign}
		if p.directions.member == "" {
			args[p.name] = m
		} else {
			item := map[string]any{p.directions.member: m}
			for k, c := range p.directions.fixed {
				item[k] = c
			}
			args[p.name] = []any{item}
		}
		missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
	}
	return missing
}

// orderedField finds the field and direction of the first phrase of
// ordering in toks; sign 0 when there is none.
func orderedField(toks []qtok) (field string, sign int) {
	fieldAt := func(i int) string {
		for i < len(toks) && !toks[i].quoted && (toks[i].lower == "the" || toks[i].lower == "a" || toks[i].lower == "its") {
			i++
		}
		if i >= len(toks) {
			return ""
		}
		f := strings.Trim(toks[i].raw, ".,;:!?()'\"`")
		if f == "" || stopWords[strings.ToLower(f)] || objectEndWords[strings.ToLower(f)] || directionWord(strings.ToLower(f)) != 0 || strings.ContainsAny(f, " /") {
			return ""
		}
		return f
	}
	for i, t := range toks {
		if t.quoted {
			continue
		}
		if d := superlativeSign(bareWord(t.raw)); d != 0 && i+2 < len(toks) && bareWord(toks[i+2].raw) == "first" && !endsInAny(toks[i].raw, ".,;:!?") && !endsInAny(toks[i+1].raw, ".,;:!?") {
			// "newest createdAt first", "largest total_cents first": a
			// superlative, the field written as code names it
			// (identifierWord), then "first" puts the things with the
			// most of it first, descending, or the least, ascending.
			if f := fieldAt(i + 1); f != "" && identifierWord(f) {
				return f, d
			}
		}
		if d := directionWord(bareWord(t.raw)); d != 0 {
			// "a descending index on createdAt": the phrase of "on" or
			// "by" within the next few words.
			for k := i + 1; k < len(toks) && k <= i+4; k++ {
				if w := bareWord(toks[k].raw); (w == "on" || w == "by") && !toks[k].quoted {
					if f := fieldAt(k + 1); f != "" {
						return f, d
					}
					break
				}
				if endsInAny(toks[k].raw, ".,;:!?") {
					break
				}
			}
			// "by createdAt descending", "createdAt descending": the field
			// right before the word.
			if i > 0 && !endsInAny(toks[i-1].raw, ".,;:!?") {
				if f := fieldAt(i - 1); f != "" && i >= 2 && (bareWord(toks[i-2].raw) == "by" || bareWord(toks[i-2].raw) == "on") {
					return f, d
				}
			}
		}
	}
	return "", 0
}

// Features switched on and off. A schema that nests a feature as an object
// whose only member is a boolean "enabled" ("imageTransformation":
// {"enabled": true}) names the feature by the object's name; English
// switches it with "turn on", "enable", "X on", "keep X disabled".

// switchesOf returns the paths (below the parameter) to the switches the
// object schema raw nests, at most four levels down.
func switchesOf(raw json.RawMessage, prefix []string, depth int) [][]string {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if depth > 4 || len(raw) == 0 || json.Unmarshal(raw, &s) != nil {
		return nil
	}
	var out [][]string
	for _, name := range sortedKeys(s.Properties) {
		var m struct {
			Type       json.RawMessage            `json:"type"`
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if json.Unmarshal(s.Properties[name], &m) != nil || schemaType(m.Type) != "object" {
			continue
		}
		path := append(slices.Clone(prefix), name)
		if len(m.Properties) == 1 {
			var b struct {
				Type json.RawMessage `json:"type"`
			}
			if e, ok := m.Properties["enabled"]; ok && json.Unmarshal(e, &b) == nil && schemaType(b.Type) == "boolean" {
				out = append(out, append(path, "enabled"))
				continue
			}
		}
		out = append(out, switchesOf(s.Properties[name], path, depth+1)...)
	}
	return out
}

// switchOn and switchOff are the words that turn a feature on or off,
// before its name ("turn on image transformations", "disable the S3
// protocol") or after it ("S3 protocol off", "image transformation left
// enabled").
var (
	switchOnBefore  = setOf("enable", "activate", "allow")
	switchOffBefore = setOf("disable", "deactivate", "disallow")
	switchOnAfter   = setOf("on", "enabled", "active")
	switchOffAfter  = setOf("off", "disabled", "inactive")
)

// featureSwitches fills the switches a task turns on or off (switchesOf):
// the feature is named by its object's name (switchedIn), in the task after "turn on/off",
// "enable", "disable" (an article between) or before "on", "off",
// "enabled", "disabled".
func featureSwitches(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		for _, path := range p.switches {
			val, ok := switchedIn(v.toks, path[len(path)-2])
			if !ok {
				continue
			}
			root, _ := args[p.name].(map[string]any)
			if root == nil {
				if args[p.name] != nil {
					continue
				}
				root = map[string]any{}
				args[p.name] = root
			}
			m := root
			for _, seg := range path[:len(path)-1] {
				next, _ := m[seg].(map[string]any)
				if next == nil {
					next = map[string]any{}
					m[seg] = next
				}
				m = next
			}
			m[path[len(path)-1]] = val
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
		}
	}
	return missing
}

// switchedIn finds the feature named name in toks and whether the task
// switches it on or off. The task writes the name as words: one to three
// tokens that spell it when joined, plural or not ("image
// transformations", "S3 protocol" for imageTransformation, s3Protocol).
func switchedIn(toks []qtok, name string) (on, ok bool) {
	key := stem(squash(name))
	for i := range toks {
		end, joined := i, ""
		for end < len(toks) && end < i+3 && !toks[end].quoted && stem(joined) != key {
			joined += squash(bareWord(toks[end].raw))
			end++
		}
		if stem(joined) != key {
			continue
		}
		// Before: "turn on (the)", "enable (the)".
		j := i - 1
		if j >= 0 && determiners[bareWord(toks[j].raw)] {
			j--
		}
		if j >= 0 && !endsInAny(toks[j].raw, ".,;:!?") {
			b := bareWord(toks[j].raw)
			switch {
			case switchOnBefore[b], b == "on" && j > 0 && bareWord(toks[j-1].raw) == "turn":
				return true, true
			case switchOffBefore[b], b == "off" && j > 0 && bareWord(toks[j-1].raw) == "turn":
				return false, true
			}
		}
		// After: "S3 protocol off", "image transformation left enabled".
		if end < len(toks) && !endsInAny(toks[end-1].raw, ".,;:!?") {
			a := bareWord(toks[end].raw)
			if (a == "left" || a == "kept" || a == "set") && end+1 < len(toks) {
				a = bareWord(toks[end+1].raw)
			}
			switch {
			case switchOnAfter[a]:
				return true, true
			case switchOffAfter[a]:
				return false, true
			}
		}
	}
	return false, false
}

// platformNouns are the nouns of software a framework's or platform's
// name modifies ("a Next.js app", "the Django project", "the Next.js
// SDK").
var platformNouns = setOf("app", "apps", "application", "applications", "sdk", "project", "projects", "site", "service", "backend", "frontend", "server")

// platformMember fills an enum whose members are paths of platforms
// ("javascript/nextjs", "python/django") from the name a task writes
// before a noun of software or the parameter's own noun ("the react
// guide" for guide): "in a Next.js app" names javascript/nextjs,
// the member whose last segment the name spells (letters and digits
// only, so "Next.js" spells "nextjs"). One member only: a name two
// members end with ("aws-lambda" of python and dotnet) says neither.
func platformMember(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.typ != "string" || args[p.name] != nil || !slices.ContainsFunc(p.enum, func(e string) bool { return strings.Contains(e, "/") }) {
			continue
		}
		for i := 0; i+1 < len(v.toks); i++ {
			t := v.toks[i]
			if next := bareWord(v.toks[i+1].raw); t.quoted || endsInAny(t.raw, ".,;:!?") || !platformNouns[next] && next != p.lname {
				continue
			}
			name := squash(strings.ToLower(strings.Trim(t.raw, "()'\"")))
			if len(name) < 3 {
				continue
			}
			found := ""
			for _, e := range p.enum {
				seg := e[strings.LastIndexByte(e, '/')+1:]
				if !strings.Contains(e, "/") || squash(strings.ToLower(seg)) != name {
					continue
				}
				if found != "" {
					found = ""
					break
				}
				found = e
			}
			if found != "" {
				args[p.name] = found
				missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
				break
			}
		}
	}
	return missing
}

// conditionWord are the subordinators of a condition ("when", "whenever",
// "if").
var conditionWord = setOf("when", "whenever", "if")

// notifyVerbs are the verbs of telling someone about an event ("tell me
// when", "alert me whenever", "flag when").
var notifyVerbs = setOf("tell", "tells", "alert", "alerts", "notify", "notifies", "flag", "flags", "warn", "warns", "ping", "pings", "email", "emails", "message", "messages")

// conditionClause fills an optional instruction parameter (a goal, an
// objective: instructionParam) left empty with the task's clause of
// notification, the verb of telling and the condition English puts after
// it with "when", "whenever" or "if" ("tells me when a new incident is
// posted", "flags when plan prices change"), up to the clause's end: what
// the user wants to hear of is what a monitor's goal states.
func conditionClause(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.typ != "string" || p.required || args[p.name] != nil || !instructionParam(&p) {
			continue
		}
		for i, t := range v.toks {
			if t.quoted || !notifyVerbs[bareWord(t.raw)] || endsInAny(t.raw, ",;.!?") {
				continue
			}
			// The subordinator within three words of the verb ("tells
			// ops@acme.dev whenever"), in the same clause.
			k := i + 1
			for k < len(v.toks) && k <= i+3 && !conditionWord[bareWord(v.toks[k].raw)] && !endsInAny(v.toks[k].raw, ",;.!?") {
				k++
			}
			if k+1 >= len(v.toks) || k > i+3 || !conditionWord[bareWord(v.toks[k].raw)] {
				continue
			}
			end := k + 1
			for end < len(v.toks) && !endsInAny(v.toks[end-1].raw, ",;.!?") {
				end++
			}
			var parts []string
			for _, x := range v.toks[i:end] {
				parts = append(parts, x.raw)
			}
			args[p.name] = strings.TrimRight(strings.Join(parts, " "), ",;.!?")
			break
		}
	}
	return missing
}
