package planner

import "strings"

// objectHead returns the head of the request's direct object (the last
// word of parsedQuery.object that names no backend), analyzed, when the
// request's verb names an operation (opVerbs), or of the thing a verb of
// needing asks for (neededThing: "linear needs a new cycle", a request
// to create one); "" when there is none or
// when it cannot name a kind of thing: shorter than minTypoLen ("sub",
// "abc": abbreviations and ids as often as words), not English (an id, a
// name), or a noun right before quoted text ("the note 'migrated in
// March'", "a comment \"LGTM\""), which names the form of the text the
// task gives, not a thing the server must keep.
func (ix *Index) objectHead(q parsedQuery, query string) string {
	object := q.object
	var fs []field
	if !opVerbs[q.verb] {
		fs = fields(query)
		if object = neededThing(fs); object == nil {
			return ""
		}
	}
	head := ""
	for i := len(object) - 1; i >= 0; i-- {
		if !ix.namesBackend(object[i]) {
			head = object[i]
			break
		}
	}
	if head == "" {
		return ""
	}
	if fs == nil {
		fs = fields(query)
	}
	for i, f := range fs {
		lw := strings.ToLower(strings.Trim(f.text, ".,;:!?()[]{}<>"))
		if f.quoted || stem(lw) != head {
			continue
		}
		if len(lw) < minTypoLen || !isEnglish(lw) || i+1 < len(fs) && fs[i+1].quoted {
			return ""
		}
		return head
	}
	return ""
}

// serversWith returns, for the group g of the request's object
// (objectHead), which backends have a tool matching it in some field, by
// the word, a synonym or a typo fix; nil when there is no such group or
// the task names no backend. A server none of whose tools mentions the
// thing a request is to create, change or delete ("add a collaborator to
// the github repo", "create a mongodb user", "add an environment variable
// to the circleci project") has no such thing to act on: its tools
// matched the server's name and the rest of the task only.
func (ix *Index) serversWith(st *searchState, g int) []bool {
	if g < 0 || st.naming == 0 {
		return nil
	}
	has := make([]bool, len(ix.backends))
	bit := uint64(1) << g
	for _, d := range st.touched {
		if st.mask[d]&bit != 0 {
			has[ix.docBackend[d]] = true
		}
	}
	return has
}

// neededThing returns the analyzed words of the noun phrase after a verb
// of needing and an indefinite article ("linear needs a new cycle", "I'd
// like a new team"): the thing the task asks to create (parseQuery reads
// the same words as a request to create); nil when there is none.
func neededThing(fs []field) []string {
	for i := 0; i+1 < len(fs); i++ {
		if fs[i].quoted {
			continue
		}
		lw := strings.ToLower(fs[i].text)
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
