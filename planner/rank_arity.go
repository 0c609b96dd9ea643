package planner

import (
	"encoding/json"
	"strings"
)

// Arity: how many things a task gives against how many a tool takes.
//
// A tool's input schema says whether it takes one thing or a list: a
// required parameter of type array ("paths", "ids", "names") is a tool
// for several things at once, a scalar one ("path", "id") for one. A task
// says the same by coordination: values joined by "and", "or" or commas
// ("delete ENG-101, ENG-102 and ENG-103", "read /etc/hosts and
// /etc/resolv.conf") are several things of one kind, the members of one
// list. Siblings of a server often differ by exactly this
// (read_file / read_multiple_files, delete_issue / delete_issues), and no
// word of the task tells them apart: the shape of the values does.

// Bits of Index.docArity.
const (
	// arityList: a required top-level parameter is an array of plain
	// values (strings or numbers) or of objects (records: files,
	// entities, observations): the tool takes a list of things.
	arityList uint8 = 1 << iota
)

// arityNode is the part of a JSON Schema schemaArity reads.
type arityNode struct {
	Type       json.RawMessage       `json:"type"`
	Properties map[string]*arityNode `json:"properties"`
	Items      *arityNode            `json:"items"`
	Required   []string              `json:"required"`
}

// typeIs reports whether a schema "type" (a string or a list of strings)
// includes t.
func typeIs(raw json.RawMessage, t string) bool {
	if len(raw) == 0 {
		return false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s == t
	}
	var l []string
	if json.Unmarshal(raw, &l) == nil {
		for _, x := range l {
			if x == t {
				return true
			}
		}
	}
	return false
}

// schemaArity reads the arity bits of a tool's input schema.
func schemaArity(raw json.RawMessage) uint8 {
	if len(raw) == 0 {
		return 0
	}
	var root arityNode
	if json.Unmarshal(raw, &root) != nil {
		return 0
	}
	var bits uint8
	for _, k := range root.Required {
		p := root.Properties[k]
		if p == nil || !typeIs(p.Type, "array") || p.Items == nil {
			continue
		}
		if typeIs(p.Items.Type, "string") || typeIs(p.Items.Type, "number") || typeIs(p.Items.Type, "integer") || typeIs(p.Items.Type, "object") {
			bits |= arityList
		}
	}
	return bits
}

// valueField reports whether a field is a value a tool would take as
// such: an id ("ENG-101", "cus_42"), a path or a URL.
func valueField(lw string) bool {
	return strings.HasPrefix(lw, "/") || strings.Contains(lw, "://") || idLike(qtok{text: lw})
}

// coordinatedValues returns the length of the longest run of values
// joined by coordination: a comma after a value, or "and", "or", "&"
// between two ("ENG-101, ENG-102 and ENG-103" is 3, "/a and /b" is 2,
// "'Fix login' and 'Bump axios'" is 2).
// Values with other words between them are not coordinated: "move /a to
// /b" gives a source and a destination, two parameters of one thing.
func coordinatedValues(fs []field) int {
	best, run := 0, 0
	joined := false // the last value ended with a comma, or a conjunction followed it
	for _, f := range fs {
		raw := f.text
		lw := strings.ToLower(strings.Trim(raw, ".,;:!?()[]{}<>"))
		switch {
		case f.quoted || lw != "" && valueField(lw):
			// A quoted text is a value too (a title, a name): "create
			// issues 'A', 'B' and 'C'" makes three.
			if run > 0 && joined {
				run++
			} else {
				run = 1
			}
			best = max(best, run)
			joined = !f.quoted && strings.HasSuffix(strings.TrimRight(raw, ")]}"), ",")
		case run > 0 && raw == ",":
			joined = true // the comma after a quoted value, a field of its own
		case run > 0 && !joined && (lw == "and" || lw == "or" || lw == "&"):
			joined = true
		default:
			run, joined = 0, false
		}
	}
	return best
}
