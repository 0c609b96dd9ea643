package planner

import "strings"

// objectHead returns the head of the request's direct object (the last
// word of parsedQuery.object that names no backend), analyzed, when the
// request's verb names an operation (opVerbs); "" when there is none or
// when it cannot name a kind of thing: shorter than minTypoLen ("sub",
// "abc": abbreviations and ids as often as words), not English (an id, a
// name), or a noun right before quoted text ("the note 'migrated in
// March'", "a comment \"LGTM\""), which names the form of the text the
// task gives, not a thing the server must keep.
func (ix *Index) objectHead(q parsedQuery, query string) string {
	if !opVerbs[q.verb] {
		return ""
	}
	head := ""
	for i := len(q.object) - 1; i >= 0; i-- {
		if !ix.namesBackend(q.object[i]) {
			head = q.object[i]
			break
		}
	}
	if head == "" {
		return ""
	}
	fs := fields(query)
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
