package planner

import "testing"

// What a task says a thing contains, written out after "containing", is a
// value, weighed as quoted text is, and says the thing has a content; a
// preposition or the clause's end closes it.
func TestContentCueParse(t *testing.T) {
	weight := func(q parsedQuery, term string) (float64, bool) {
		for _, w := range q.words {
			if w.term == term {
				return w.weight, w.implied
			}
		}
		return 0, false
	}
	q := parseQuery("create /workspace/api/notes.md containing hello world in the api repo")
	for _, w := range []string{"hello", "world"} {
		if got, _ := weight(q, stem(w)); got != quotedWeight {
			t.Errorf("%q: weight %v, want the quoted weight %v", w, got, quotedWeight)
		}
	}
	if got, implied := weight(q, stem("content")); got != hintWeight || !implied {
		t.Errorf("content: weight %v implied %v, want the hint weight %v, implied", got, implied, hintWeight)
	}
	if got, _ := weight(q, stem("repo")); got != 1 {
		t.Errorf("repo, after the content's preposition: weight %v, want 1", got)
	}
	q = parseQuery("list the files containing. hello")
	if got, _ := weight(q, stem("hello")); got != 1 {
		t.Errorf("hello, in the next sentence: weight %v, want 1", got)
	}
}

// A file to create with a content written out is the filesystem's write,
// not a tool whose description happens to hold the content's words (an
// edge function's "hello" example).
func TestContentCueRanks(t *testing.T) {
	wantFirst(t, map[string]string{
		"create /workspace/api/notes.md containing hello":                         "filesystem__write_file",
		"create /workspace/notes/todo.md containing the line '- ship v2 billing'": "filesystem__write_file",
	})
}
