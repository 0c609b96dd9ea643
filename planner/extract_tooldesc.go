package planner

import (
	"slices"
	"strings"
	"unicode"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// A tool whose parameters have no description of their own may document
// them in its own description: a raw REST tool lists the endpoints its
// undescribed `path` takes as URI templates ("`/rest/api/3/issue/{issueIdOrKey}`
// - get issue details"). A schema author who documents the parameters in
// the tool's description documents them all the same way, so what the
// tool's description says about a parameter is read as its description.

// reURITemplate finds a URI template (RFC 6570 level 1: "{name}"
// placeholders in a path) written as code in a tool's description.
var reURITemplate = lazyregexp.New("`(/[A-Za-z0-9_.~/{}-]*\\{[A-Za-z][A-Za-z0-9_]*\\}[A-Za-z0-9_.~/{}-]*)`")

// rePlaceholder finds the placeholders of a URI template.
var rePlaceholder = lazyregexp.New(`\{([A-Za-z][A-Za-z0-9_]*)\}`)

// toolArgProps returns the parameters of tool t (toolProps) read with its
// description: a string parameter named path without a description of
// its own takes the URI templates the tool's description writes as code
// (a path parameter's value is a path, and a template with placeholders
// is the form such a value takes). The result is shared and must not be
// modified.
func toolArgProps(t *Tool) []argProp {
	return withToolDesc(toolProps(t.InputSchema), t.Description)
}

// withToolDesc returns props with what the tool's description desc says
// of its undescribed parameters; props itself when it says nothing.
func withToolDesc(props []argProp, desc string) []argProp {
	var out []argProp
	items := listedParams(desc)
	for i, p := range props {
		if ms := documentedMembers(p, desc); ms != nil {
			if out == nil {
				out = slices.Clone(props)
			}
			out[i].nested = ms
		}
		if p.desc != "" {
			if qs := searchQualifiers(p, desc); qs != nil {
				if out == nil {
					out = slices.Clone(props)
				}
				out[i].qualifiers = qs
			}
			continue
		}
		if d := items[p.name]; d != "" {
			if out == nil {
				out = slices.Clone(props)
			}
			describeProp(&out[i], d)
			continue
		}
		if p.typ != "string" || p.lname != "path" || len(p.enum) > 0 || !strings.Contains(desc, "{") {
			continue
		}
		var tmpls []string
		for _, m := range reURITemplate().FindAllStringSubmatch(desc, -1) {
			if !slices.Contains(tmpls, m[1]) {
				tmpls = append(tmpls, m[1])
			}
		}
		if len(tmpls) == 0 {
			continue
		}
		if out == nil {
			out = slices.Clone(props)
		}
		out[i].templates = tmpls
	}
	if out == nil {
		return props
	}
	return out
}

// listedParams reads the list items of a tool's description that name a
// parameter and say what it is, as a docstring's argument list does
// ("- `page`: one page URL to monitor.", "- url: Page to interact
// with"): the name, alone, in backquotes or as written, then a colon or
// a dash, then its description. It returns name -> description.
func listedParams(desc string) map[string]string {
	var m map[string]string
	for line := range strings.Lines(desc) {
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, "- "), strings.HasPrefix(l, "* "), strings.HasPrefix(l, "• "):
			l = strings.TrimSpace(l[strings.Index(l, " "):])
		default:
			continue
		}
		name := ""
		if strings.HasPrefix(l, "`") {
			end := strings.Index(l[1:], "`")
			if end < 0 {
				continue
			}
			name, l = l[1:1+end], l[2+end:]
		} else {
			end := strings.IndexFunc(l, func(r rune) bool {
				return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r))
			})
			if end <= 0 {
				continue
			}
			name, l = l[:end], l[end:]
		}
		l = strings.TrimLeft(l, " ")
		switch {
		case strings.HasPrefix(l, ":"):
			l = l[1:]
		case strings.HasPrefix(l, "- "), strings.HasPrefix(l, "— "), strings.HasPrefix(l, "– "):
			l = l[strings.Index(l, " "):]
		default:
			continue
		}
		l = strings.TrimSpace(l)
		if name == "" || l == "" || strings.ContainsAny(name, " `") {
			continue
		}
		if m == nil {
			m = map[string]string{}
		}
		if _, seen := m[name]; !seen {
			m[name] = l
		}
	}
	return m
}

// fillTemplate returns the template of tmpls the task query fills: each
// placeholder names its value by its first word ("issueIdOrKey": the
// issue), and the task writes an id right after that noun ("jira issue
// PAY-1182", "comment 10457"), as it names any id by its kind. Of the
// templates whose placeholders are all filled and whose other words past
// the first placeholder the task names too (".../comment" only when it
// speaks of a comment), the one with the most placeholders, then the
// most such words (the task's "comments" of an issue are the issue's
// comment resource, not the issue). A task
// without such an id fills none: the path stays empty.
func fillTemplate(tmpls []string, query string) string {
	words := strings.FieldsFunc(query, func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == ';' || r == '(' || r == ')' || r == '\'' || r == '"' || r == '`'
	})
	stems := make([]string, len(words))
	for i, w := range words {
		stems[i] = stem(strings.ToLower(strings.TrimRight(w, ".:!?")))
	}
	idAfter := func(noun string) string {
		for i, s := range stems {
			if s != noun {
				continue
			}
			for j := i + 1; j < len(words) && j <= i+2; j++ {
				w := strings.TrimLeft(strings.TrimRight(words[j], ".:!?"), "#")
				if l := strings.ToLower(w); l == "id" || l == "key" || l == "number" || l == "no" || w == "" {
					continue
				}
				if isTemplateID(w) {
					return w
				}
				break
			}
		}
		return ""
	}
	named := func(word string) bool {
		s := stem(strings.ToLower(word))
		return slices.Contains(stems, s)
	}
	best, bestN, bestLit := "", 0, 0
	for _, tm := range tmpls {
		n, ok := 0, true
		filled := rePlaceholder().ReplaceAllStringFunc(tm, func(ph string) string {
			first := ""
			splitWords(ph[1:len(ph)-1], func(w string) {
				if first == "" {
					first = strings.ToLower(w)
				}
			})
			v := idAfter(stem(first))
			if v == "" {
				ok = false
				return ph
			}
			n++
			return v
		})
		if !ok {
			continue
		}
		lit := 0
		first := strings.Index(tm, "{")
		for _, seg := range strings.Split(tm[first:], "/") {
			if seg != "" && !strings.Contains(seg, "{") {
				if !named(seg) {
					ok = false
				}
				lit++
			}
		}
		if ok && (n > bestN || n == bestN && lit > bestLit) {
			best, bestN, bestLit = filled, n, lit
		}
	}
	return best
}

// isTemplateID reports whether w is written as an id: machines write ids
// with digits (an issue key "PAY-1182", a number "10457"), which plain
// words do not have.
func isTemplateID(w string) bool {
	return strings.ContainsFunc(w, unicode.IsDigit) && !strings.ContainsAny(w, "/ ")
}

// urlHeaded reports whether p's description opens with a noun phrase
// whose head is "URL" or "URI" ("one page URL to monitor", "optional
// webhook URL."): English puts the head of a noun phrase last, before the
// first preposition, relative or punctuation, and the head names what the
// value is, so the parameter takes a URL as one named ...Url does. A
// phrase of more than four words is no such opening.
func urlHeaded(p argProp) bool {
	last, n := "", 0
	for w := range strings.FieldsSeq(p.desc) {
		tw := strings.TrimRight(w, ".,;:")
		lw := strings.ToLower(tw)
		switch lw {
		case "to", "of", "for", "with", "that", "which", "where", "from", "in", "on", "at", "by", "and", "or":
			return n <= 4 && (last == "url" || last == "uri")
		}
		last, n = lw, n+1
		if tw != w {
			break // punctuation closes the phrase
		}
	}
	return n <= 4 && (last == "url" || last == "uri")
}

// reQualifier finds a search qualifier written as key:value ("is:unresolved",
// "issue.priority:high", "environment:production"), the form of the
// search syntaxes of issue trackers and code hosts: a key of letters,
// dots and underscores and a value of lower-case letters and underscores.
var reQualifier = lazyregexp.New(`(?:^|[\s(/'"\x60])([a-z][a-z_.]*[a-z]):([a-z][a-z_]*[a-z])\b`)

// searchQualifiers returns the key:value qualifiers the tool's description
// desc lists for p, when p is a search query parameter whose own
// description says it takes a query syntax ("Natural language or Sentry
// issue search query syntax."): what the tool documents of that syntax is
// documentation of p. Nil when there are fewer than two (a list, not an
// example's stray colon) or p takes no syntax.
func searchQualifiers(p argProp, desc string) [][2]string {
	if p.typ != "string" || !isSearchParam(p.lname) || !strings.Contains(strings.ToLower(p.desc), "syntax") {
		return nil
	}
	var qs [][2]string
	for _, m := range reQualifier().FindAllStringSubmatch(desc, -1) {
		q := [2]string{m[1], m[2]}
		if m[1] == "http" || m[1] == "https" || slices.Contains(qs, q) {
			continue
		}
		qs = append(qs, q)
	}
	if len(qs) < 2 {
		return nil
	}
	return qs
}

// qualifiedSearch fills a search query parameter left empty with the
// qualifiers of its syntax the task states in words: a qualifier's value
// written as a participle of state before what it qualifies ("the
// unresolved issues": is:unresolved, "escalating issues"), or written next
// to its key's word ("production environment only", "priority high":
// environment:production, issue.priority:high). Values that are only
// function words ("me") are not read, nor a word a negation comes right
// before ("not resolved").
func qualifiedSearch(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for _, p := range props {
		if p.qualifiers == nil || args[p.name] != nil {
			continue
		}
		var found []string
		for _, q := range p.qualifiers {
			key, val := q[0], q[1]
			if i := strings.LastIndexByte(key, '.'); i >= 0 {
				key = key[i+1:]
			}
			words := strings.Split(val, "_")
			for i := 0; i+len(words) <= len(v.toks); i++ {
				if !qualifierAt(v.toks, i, words) {
					continue
				}
				after := i + len(words)
				state := len(words) == 1 && (strings.HasSuffix(val, "ed") || strings.HasSuffix(val, "ing")) && after < len(v.toks) && !v.toks[after].quoted && plainWord(v.toks[after]) && !endsInAny(v.toks[after-1].raw, ".,;:!?")
				keyed := i > 0 && bareWord(v.toks[i-1].raw) == key || after < len(v.toks) && bareWord(v.toks[after].raw) == key
				if (state || keyed) && !stopWords[val] && (i == 0 || !negator(bareWord(v.toks[i-1].raw))) {
					q := q[0] + ":" + q[1]
					if !slices.Contains(found, q) {
						found = append(found, q)
					}
					break
				}
			}
		}
		if found != nil {
			args[p.name] = strings.Join(found, " ")
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
		}
	}
	return missing
}

// qualifierAt reports whether the unquoted tokens of toks from i spell
// words.
func qualifierAt(toks []qtok, i int, words []string) bool {
	for k, w := range words {
		t := toks[i+k]
		if t.quoted || bareWord(t.raw) != w {
			return false
		}
	}
	return true
}

// reDocumentedEnum finds a field a tool's description documents with its
// values, as code and a list of quoted alternatives: "`status` (\"active\"
// | \"paused\")".
var reDocumentedEnum = lazyregexp.New("`([A-Za-z][A-Za-z0-9_]*)`\\s*\\(((?:\"[^\"]+\"\\s*\\|\\s*)+\"[^\"]+\")\\)")

// documentedMembers returns the members of a free-form object parameter
// (no declared properties: a patch "body") that the tool's description
// documents with their values ("Pass any subset of fields to patch:
// `name`, `status` (\"active\" | \"paused\")"): each a string member
// taking those values. Nil when p is no such object or the description
// documents none.
func documentedMembers(p argProp, desc string) []argProp {
	if p.typ != "object" || len(p.nested) > 0 || !strings.Contains(desc, "`") {
		return nil
	}
	var ms []argProp
	for _, m := range reDocumentedEnum().FindAllStringSubmatch(desc, -1) {
		var enum []string
		for _, q := range strings.Split(m[2], "|") {
			enum = append(enum, strings.Trim(strings.TrimSpace(q), "\""))
		}
		ms = append(ms, argProp{name: m[1], lname: squash(m[1]), typ: "string", enum: enum, nameStems: []string{stem(strings.ToLower(m[1]))}})
	}
	return ms
}
