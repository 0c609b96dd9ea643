package planner

import "strings"

// requestTail returns the clause of query that states the request when
// clauses stating the situation come before it ("payroll runs friday and
// I need to know whether ...", "the value is stale, so I'd like it gone
// from the cache"), or "" when there is none: the words from a clause
// whose subject is the user ("I", "we") and whose verb is one of needing
// or wanting ("need", "want", "would like") to the end, when that clause
// follows the end of another clause or a coordinating conjunction (and,
// so, but). English puts the situation first and the request after such a
// verb; the words of the situation tell why, not what to do. Its values
// (a URL, a path, an id, a quoted text) are kept, after the request: they
// name the things the request's pronouns refer to ("someone pasted <url>
// in chat and I need to know what it's about").
func requestTail(query string) string {
	fs := fields(query)
	for i := 1; i+1 < len(fs); i++ {
		if fs[i].quoted || fs[i+1].quoted {
			continue
		}
		subj := strings.ToLower(fs[i].text)
		verb := strings.ToLower(strings.Trim(fs[i+1].text, ".,;:!?"))
		switch {
		case (subj == "i" || subj == "we") && needVerbs[verb]:
		case (subj == "i'd" || subj == "we'd") && verb == "like":
		default:
			continue
		}
		prev := strings.ToLower(fs[i-1].text)
		if fs[i-1].quoted || !(endsClause(fs[i-1].text) || prev == "and" || prev == "so" || prev == "but") {
			continue
		}
		var b strings.Builder
		for j, f := range fs[i:] {
			if j > 0 {
				b.WriteByte(' ')
			}
			writeField(&b, f)
		}
		// The request's pronouns ("what it's about", "cover it") refer to
		// the things of the situation, which its values name: a URL, a
		// path, an id, a quoted text. They stay; its words go.
		for _, f := range fs[:i] {
			if f.quoted || strings.ContainsAny(f.text, "/:_#@") || strings.ContainsAny(f.text, "0123456789") {
				b.WriteByte(' ')
				writeField(&b, field{text: strings.TrimRight(f.text, ",;.!?"), quoted: f.quoted})
			}
		}
		return b.String()
	}
	return ""
}

func writeField(b *strings.Builder, f field) {
	if f.quoted {
		b.WriteByte('"')
		b.WriteString(f.text)
		b.WriteByte('"')
		return
	}
	b.WriteString(f.text)
}

// requestAlone reports whether the request clause of a task whose
// situation comes first ("the report is due friday and I need to know
// ...", requestTail) is, read alone, served by best with the evidence
// the planner requires: the words of the situation say why the user
// asks, not what, and they dilute the whole task's evidence. Only when
// the tool that ranks first for the whole task also ranks first for the
// request alone, so that both readings agree on the tool to run, and
// only for a weak match: a best tool with no evidence at all was ruled
// out (an unserved product, an operation its server lacks), not matched
// weakly.
func (l *Lexical) requestAlone(task Task, cat *Catalog, best Scored) bool {
	if best.Evidence <= 0 {
		return false
	}
	tail := requestTail(task.Query)
	if tail == "" {
		return false
	}
	res := cat.Search(tail, task.Context, 1)
	return len(res) > 0 && res[0].Tool == best.Tool && res[0].Evidence >= l.minEvidence
}
