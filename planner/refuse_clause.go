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
//
// A question after a sentence's end states the request as well: one put
// to the listener with a modal ("... Can you start recording a video of
// page 1?", "could you ..."), or one opened by a wh-word and ended by a
// question mark ("I exported the usage to ./u.csv. Which resource
// classes could be downsized?"). English states the situation in
// declaratives and asks in the question, a sentence of its own (after a
// comma or a semicolon a clause goes on the situation's sentence); the
// declaratives' verbs ("Finance asked me", "I want to send the designer
// a clip") are what happened or why, not what to do. The situation's
// names of products (a word that is no English word and that the task's
// parse reads as naming a product: "our Jira automation", "our site is
// on netlify") are kept after the request, in a product's place, with
// its values: they say where the request's things are, and a product no
// backend serves still rules the tool out.
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
		case askModals[subj] && verb == "you" && !endsClause(fs[i+1].text), whWords[subj] && strings.HasSuffix(fs[len(fs)-1].text, "?"):
			if !endsSentence(fs[i-1].text) {
				continue // a question is a sentence of its own
			}
		default:
			continue
		}
		prev := strings.ToLower(fs[i-1].text)
		if fs[i-1].quoted || !(endsClause(fs[i-1].text) || prev == "and" || prev == "so" || prev == "but") {
			continue
		}
		named := parseQuery(query).named
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
			} else if w := strings.Trim(f.text, ".,;:!?()[]{}<>\"'"); productName(f.text) && namedIn(named, w) {
				// The situation's product is where its things are: named
				// after the request in a product's place ("our site is on
				// netlify and I need ..." -> "I need ... in netlify").
				b.WriteString(" in ")
				b.WriteString(w)
			}
		}
		return b.String()
	}
	return ""
}

// askModals are the modals of a request put as a question to the
// listener ("can you", "could you", "would you", "will you").
var askModals = setOf("can", "could", "would", "will")

// whWords open English's wh-questions.
var whWords = setOf("which", "what", "how", "where", "when", "who", "whose", "whom", "why")

// namedIn reports whether w (as written) is one of the words the task's
// parse names a product with (parsedQuery.named: in a product's place,
// "on netlify", or capitalized before a common noun, "our Jira
// automation").
func namedIn(named []namedWord, w string) bool {
	lw := strings.ToLower(w)
	for _, n := range named {
		if n.word == lw {
			return true
		}
	}
	return false
}

// productName reports whether w, a word of the situation as written, is
// a name rather than an English word: letters only (a possessive's 's
// aside), and no English word by WordNet's lemmas ("Jira", "CircleCI",
// "psql"; not "automation", "Finance").
func productName(w string) bool {
	lw := strings.TrimSuffix(strings.ToLower(strings.Trim(w, ".,;:!?()[]{}<>\"'")), "'s")
	if len(lw) < minTypoLen {
		return false
	}
	for _, r := range lw {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return !isEnglish(lw) && !isEnglish(stem(lw)) // "runs": its base is short
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
// request alone, so that both readings agree on the tool to run. A best
// tool with no evidence at all was ruled out by the whole task's
// reading (an unserved product, an operation its server lacks), whose
// verb and product may be the situation's ("Finance asked me ...", "I
// want to send the designer a clip. Can you start recording a video?");
// the request alone, with the situation's names of products and values,
// is read by the same rules, which rule the tool out again when the
// request itself asks for what it lacks.
func (l *Lexical) requestAlone(task Task, cat *Catalog, best Scored) bool {
	tail := requestTail(task.Query)
	if tail == "" {
		return false
	}
	res := cat.Search(tail, task.Context, 1)
	return len(res) > 0 && res[0].Tool == best.Tool && res[0].Evidence >= l.minEvidence
}
