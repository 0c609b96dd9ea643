package planner

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The origin of a new thing: "a branch off main", "from develop", "based
// on release/1.x", for the parameter that names where it starts.

// originParam reports whether p names the origin of what the tool makes
// or reads: its name starts with "from" as a word of its own (from_branch,
// fromRef) or holds "source" (source_branch), or its description starts
// with "source" ("Source branch/commit for new branch"). A parameter named
// "from" alone is the start of a range (fromToRange reads it), and paths,
// URLs and ids have readings of their own.
func originParam(p argProp) bool {
	if p.typ != "string" || len(p.enum) > 0 || p.lname == "from" || hasAny(p.lname, "path", "file", "url", "uri", "uid", "id") {
		return false
	}
	// "from" as a word of its own: from_branch, fromRef, not "frontmatter"
	// or "fromage".
	fromWord := len(p.name) > 4 && strings.EqualFold(p.name[:4], "from") && (p.name[4] == '_' || p.name[4] == '-' || unicode.IsUpper(rune(p.name[4])))
	d := strings.TrimSpace(p.desc)
	return fromWord || strings.Contains(p.lname, "source") || len(d) > 7 && strings.EqualFold(d[:7], "source ")
}

// originWords are the ways English introduces where a new thing starts:
// "from", "off" ("a branch off main"), "based on", "on top of".
// originAt returns the index of the first token after such a phrase at
// token i, or -1.
func originAt(toks []qtok, i int) int {
	w := func(k int) string {
		if k < len(toks) && !toks[k].quoted {
			return bareWord(toks[k].lower)
		}
		return ""
	}
	switch {
	case w(i) == "from":
		return i + 1
	case w(i) == "off" && w(i+1) == "of":
		return i + 2
	case w(i) == "off":
		return i + 1
	case w(i) == "based" && w(i+1) == "on":
		return i + 2
	case w(i) == "on" && w(i+1) == "top" && w(i+2) == "of":
		return i + 3
	}
	return -1
}

// originValue fills an empty origin parameter (originParam) with the name
// written after an origin phrase: "cut a branch release/2.4 off main",
// "create branch x from develop", "based on the release/1.x branch". The
// name is one token, optionally after "the", not a function word, not a
// value another reading took (a URL, a path, an owner/repo reference, an
// id), and it ends its noun phrase: the task ends, punctuation or a
// function word follows, or the parameter's own noun does ("from the dev
// branch"). "from acme/widgets", "from the repo" and "from Slack" name no
// origin of this kind.
func originValue(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	for pi := range props {
		p := &props[pi]
		if args[p.name] != nil || !originParam(*p) {
			continue
		}
		var nouns []string // the parameter's own nouns ("branch" of from_branch)
		splitWords(p.name, func(w string) {
			if t := normalizeWord(w); t != "" && t != "from" && t != "source" {
				nouns = append(nouns, t)
			}
		})
		for i := range v.toks {
			j := originAt(v.toks, i)
			if j < 0 || j >= len(v.toks) {
				continue
			}
			if v.toks[j].lower == "the" && !v.toks[j].quoted {
				j++
			}
			if j >= len(v.toks) {
				continue
			}
			t := v.toks[j]
			if !originName(t, v, args) || slices.ContainsFunc(props, func(q argProp) bool { return allWordsIn(q.name, []string{t.lower}) }) {
				// A word naming one of the tool's parameters ("from
				// the repo") names no origin.
				continue
			}
			end := j+1 >= len(v.toks) || endsInAny(t.raw, ",;.!?") || stopWords[v.toks[j+1].lower] ||
				slices.Contains(nouns, stem(bareWord(v.toks[j+1].lower)))
			if !end {
				continue
			}
			args[p.name] = t.text
			missing = slices.DeleteFunc(missing, func(n string) bool { return n == p.name })
			break
		}
	}
	return missing
}

// originName reports whether token t can be the name of an origin: a word
// or a branch-like name, not a function word, a number, a product or
// backend's name, or a value another parameter took.
func originName(t qtok, v queryValues, args map[string]any) bool {
	if t.text == "" || stopWords[t.lower] || productWord(t) || valueTaken(args, t.text) {
		return false
	}
	if strings.Contains(t.text, "://") || strings.HasPrefix(t.text, "/") || strings.HasPrefix(t.text, "~") || strings.Contains(t.text, "@") {
		return false
	}
	if len(v.refs) > 0 && strings.EqualFold(t.text, v.refs[0].owner+"/"+v.refs[0].repo) {
		// The repository the task is about ("from acme/api"), which
		// owner and repo take; another slashed name ("release/1.x") may
		// be a branch.
		return false
	}
	if _, err := strconv.Atoi(t.text); err == nil {
		return false
	}
	return !originDeictic[t.lower]
}

// originDeictic are the adjectives that point at an origin without naming
// it ("from the default branch", "off the current one", "from scratch").
var originDeictic = setOf("default", "current", "same", "other", "another", "new", "existing", "latest", "previous", "last", "scratch", "here", "there")
