package schemas

import (
	"bytes"
	"encoding/json"
	"slices"
	"unicode/utf8"

	"github.com/mcp-agentify/mcp-agentify/rpc"
)

// A fast path for argument validation.
//
// Every forwarded tools/call is validated, and most tools' input schemas
// are flat: an object of typed properties, some required, perhaps no
// others allowed, perhaps a string enum. For such a schema, fastSchema
// checks the raw argument bytes directly, without building a value tree
// and without the general validator. It only ever answers "valid": input
// it finds invalid, or cannot decide (an escaped key, 1.0 for an integer,
// a duplicate key), goes to the general validator, which also writes the
// error messages. So a schema of the subset accepts exactly what the
// general validator accepts (FuzzFastSchema checks that it never accepts
// more), and a schema outside it is validated as before.

// fastSchema is a schema of the subset: the keywords below, and
// annotations (title, description, default, examples, ...).
type fastSchema struct {
	types       uint8                  // allowed JSON types (fast* bits); 0: any
	props       map[string]*fastSchema // properties
	required    []string
	dupRequired bool        // required names a property twice: the general path decides
	closed      bool        // additionalProperties: false
	additional  *fastSchema // additionalProperties: a schema
	items       *fastSchema // items (one schema for every element)
	enum        []string    // a string enum
	hasEnum     bool
}

const (
	fastNull uint8 = 1 << iota
	fastBool
	fastObject
	fastArray
	fastString
	fastNumber
	fastInteger
)

var fastTypes = map[string]uint8{"null": fastNull, "boolean": fastBool, "object": fastObject, "array": fastArray, "string": fastString, "number": fastNumber | fastInteger, "integer": fastInteger}

// annotations are keywords that assert nothing about the value.
var annotations = map[string]bool{"title": true, "description": true, "default": true, "examples": true, "$comment": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "markdownDescription": true}

// fastDrafts are the $schema values whose meaning of the subset's keywords
// is the same as the default draft's.
var fastDrafts = map[string]bool{
	"http://json-schema.org/draft-07/schema#": true, "http://json-schema.org/draft-07/schema": true,
	"https://json-schema.org/draft/2020-12/schema": true, "https://json-schema.org/draft/2019-09/schema": true,
}

// newFastSchema returns the fast form of a decoded schema document, or nil
// when the schema uses anything outside the subset.
func newFastSchema(doc any, root bool) *fastSchema {
	m, ok := doc.(map[string]any)
	if !ok {
		return nil // true/false schemas and anything else: the general path
	}
	f := &fastSchema{}
	for k, v := range m {
		switch {
		case annotations[k]:
		case k == "$schema" && root:
			if s, ok := v.(string); !ok || !fastDrafts[s] {
				return nil
			}
		case k == "type":
			switch t := v.(type) {
			case string:
				if fastTypes[t] == 0 {
					return nil
				}
				f.types = fastTypes[t]
			case []any:
				for _, e := range t {
					s, ok := e.(string)
					if !ok || fastTypes[s] == 0 {
						return nil
					}
					f.types |= fastTypes[s]
				}
				if f.types == 0 {
					return nil // an empty type list allows nothing
				}
			default:
				return nil
			}
		case k == "properties":
			ps, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			f.props = make(map[string]*fastSchema, len(ps))
			for name, p := range ps {
				if f.props[name] = newFastSchema(p, false); f.props[name] == nil {
					return nil
				}
			}
		case k == "required":
			rs, ok := v.([]any)
			if !ok {
				return nil
			}
			for _, r := range rs {
				s, ok := r.(string)
				if !ok {
					return nil
				}
				f.required = append(f.required, s)
			}
			f.dupRequired = hasDuplicates(f.required)
		case k == "additionalProperties":
			switch a := v.(type) {
			case bool:
				f.closed = !a
			default:
				if f.additional = newFastSchema(a, false); f.additional == nil {
					return nil
				}
			}
		case k == "items":
			if f.items = newFastSchema(v, false); f.items == nil {
				return nil
			}
		case k == "enum":
			es, ok := v.([]any)
			if !ok {
				return nil
			}
			for _, e := range es {
				s, ok := e.(string)
				if !ok {
					return nil
				}
				f.enum = append(f.enum, s)
			}
			f.hasEnum = true
		default:
			return nil
		}
	}
	return f
}

// valid reports whether args (already known to be valid JSON) certainly
// satisfy the schema; false means "not certain", never "invalid".
func (f *fastSchema) valid(args []byte) bool {
	v := trimSpace(args)
	return len(v) > 0 && f.check(v)
}

// check checks v, exactly one JSON value.
func (f *fastSchema) check(v []byte) bool {
	if f.types != 0 && f.types&valueType(v) == 0 {
		return false
	}
	switch v[0] {
	case '"':
		if f.hasEnum {
			s := v[1 : len(v)-1]
			if bytes.IndexByte(s, '\\') >= 0 || !utf8.Valid(s) {
				return false
			}
			for _, e := range f.enum {
				if e == string(s) {
					return true
				}
			}
			return false
		}
	case '{':
		return !f.hasEnum && f.object(v)
	case '[':
		return !f.hasEnum && (f.items == nil || f.array(v))
	default:
		return !f.hasEnum
	}
	return true
}

// valueType is the type bit of a JSON value; a number with a fraction or
// an exponent counts only as a number (1.0 is an integer to JSON Schema:
// the general path decides).
func valueType(v []byte) uint8 {
	switch v[0] {
	case '"':
		return fastString
	case '{':
		return fastObject
	case '[':
		return fastArray
	case 't', 'f':
		return fastBool
	case 'n':
		return fastNull
	}
	if bytes.ContainsAny(v, ".eE") {
		return fastNumber
	}
	return fastNumber | fastInteger
}

func (f *fastSchema) object(obj []byte) bool {
	if len(f.props) == 0 && len(f.required) == 0 && !f.closed && f.additional == nil {
		return true
	}
	var seen [8]string // keys of required properties seen, for small objects
	found := seen[:0]
	ok := true
	// rpc.Members reports false for an escaped key: the decoded name may
	// differ from the bytes, so the general path decides.
	read := rpc.Members(obj, func(key, v []byte) {
		if !ok {
			return
		}
		if !validUTF8(key) {
			ok = false
			return
		}
		sub := f.additional
		if p, known := f.props[string(key)]; known {
			sub = p
		} else if f.closed {
			ok = false
			return
		}
		if sub != nil && !sub.check(v) {
			ok = false
			return
		}
		for _, r := range f.required {
			if r == string(key) {
				if slices.Contains(found, r) {
					ok = false // a repeated key: the general path decides
					return
				}
				found = append(found, r)
			}
		}
	})
	return read && ok && len(found) == len(f.required) && !f.dupRequired
}

// validUTF8 is utf8.Valid with ASCII (every key of most schemas) read
// without the call.
func validUTF8(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return utf8.Valid(b)
		}
	}
	return true
}

func hasDuplicates(s []string) bool {
	for i := range s {
		if slices.Contains(s[i+1:], s[i]) {
			return true
		}
	}
	return false
}

func (f *fastSchema) array(arr []byte) bool {
	ok := true
	read := rpc.Elements(arr, func(v []byte) { ok = ok && f.items.check(v) })
	return read && ok
}

// fastValid reports whether args certainly satisfy a's schema without the
// general validator.
func (a *ArgSchema) fastValid(args json.RawMessage) bool {
	return a.fast != nil && rpc.Valid(args) && a.fast.valid(args)
}
