package planner

import (
	"encoding/json"
	"slices"
)

// textChain reads an array's item schema (raw, the "items" value) for the
// rich-text shape: an object (or an object alternative of anyOf/oneOf)
// that wraps one member, itself an object wrapping one member, down to a
// string ([{"text": {"content": "..."}}], Notion's rich_text). It returns
// the members' names from the item down to the string, or nil. An object
// "wraps one member" when it declares one property or requires exactly
// one: the member a value cannot go without.
func textChain(raw json.RawMessage) []string {
	type node struct {
		Type       json.RawMessage            `json:"type"`
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
		AnyOf      []json.RawMessage          `json:"anyOf"`
		OneOf      []json.RawMessage          `json:"oneOf"`
	}
	var path []string
	for depth := 0; depth < 4 && len(raw) > 0; depth++ {
		var n node
		if json.Unmarshal(raw, &n) != nil {
			return nil
		}
		if depth > 0 && schemaType(n.Type) == "string" {
			return path
		}
		if len(n.Properties) == 0 {
			if depth > 0 {
				return nil // a member that is neither a string nor an object of one member
			}
			// The item: an object among its alternatives, the first with
			// declared members (a plain string or a free-form object
			// beside it says nothing of the shape).
			found := false
			for _, alt := range slices.Concat(n.AnyOf, n.OneOf) {
				var a node
				if json.Unmarshal(alt, &a) == nil && schemaType(a.Type) == "object" && len(a.Properties) > 0 {
					n, found = a, true
					break
				}
			}
			if !found {
				return nil
			}
		}
		member := ""
		switch {
		case len(n.Properties) == 1:
			for k := range n.Properties {
				member = k
			}
		case len(n.Required) == 1:
			member = n.Required[0]
		}
		if member == "" || n.Properties[member] == nil {
			return nil
		}
		path = append(path, member)
		raw = n.Properties[member]
	}
	return nil
}

// quotedTextChain gives the task's one quoted text, when no parameter took
// it, to a required array of rich text that is still missing (textChain):
// "comment 'Numbers updated for Q3' on page X" is the comment's text, the
// one item's string ([{"text": {"content": "Numbers updated for Q3"}}]),
// as a required text parameter takes it (quotedPayload).
func quotedTextChain(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	if len(v.quoted) != 1 || valueTaken(args, v.quoted[0]) {
		return missing
	}
	for i, name := range missing {
		j := slices.IndexFunc(props, func(p argProp) bool { return p.name == name })
		if j < 0 || props[j].typ != "array" || len(props[j].textChain) == 0 {
			continue
		}
		p := props[j]
		var val any = v.quoted[0]
		for k := len(p.textChain) - 1; k >= 0; k-- {
			val = map[string]any{p.textChain[k]: val}
		}
		args[p.name] = []any{val}
		return append(missing[:i:i], missing[i+1:]...)
	}
	return missing
}
