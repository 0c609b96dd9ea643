package planner

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// Backend input schemas are arbitrary JSON Schema (draft-04 to 2020-12).
// OpenAI function parameters accept a subset: the root must be an object
// schema with properties, $ref works only inside the parameters document,
// and strict mode (Structured Outputs) accepts fewer keywords still and
// requires every object to list all its properties as required and forbid
// additional ones. openAISchema makes any input schema acceptable and says
// whether strict mode may be turned on without changing what the tool accepts.

// keptKeywords are the keywords forwarded to OpenAI; everything else
// ($schema, $id, $comment, examples, title, if/then/else, patternProperties,
// dependent*, contentMediaType, readOnly, ...) is dropped. Dropping a keyword
// only makes the schema the model sees looser; the real schema still
// validates the arguments afterwards.
var keptKeywords = map[string]bool{
	"type": true, "description": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "prefixItems": true,
	"enum": true, "const": true, "anyOf": true, "oneOf": true, "allOf": true,
	"default": true, "pattern": true, "format": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"multipleOf": true, "minLength": true, "maxLength": true,
	"minItems": true, "maxItems": true, "uniqueItems": true,
	"minProperties": true, "maxProperties": true,
}

// strictKeywords are those Structured Outputs supports.
var strictKeywords = map[string]bool{
	"type": true, "description": true, "properties": true, "required": true,
	"additionalProperties": true, "items": true, "enum": true, "const": true,
	"anyOf": true, "pattern": true, "format": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"multipleOf": true, "minItems": true, "maxItems": true,
}

var strictFormats = map[string]bool{
	"date-time": true, "time": true, "date": true, "duration": true, "email": true,
	"hostname": true, "ipv4": true, "ipv6": true, "uuid": true,
}

const (
	maxRefDepth        = 8   // nested $ref expansions before a reference becomes {}
	maxSchemaDepth     = 32  // nesting kept at all
	maxStrictDepth     = 10  // Structured Outputs nesting limit
	maxPropertyDescLen = 512 // runes per nested description
)

// openAISchema returns parameters OpenAI accepts for a tool's input schema
// and whether strict mode is safe for them. Local references ("#/$defs/X",
// "#/definitions/X", "#") are inlined, recursive ones cut at maxRefDepth;
// other references become {} (any value).
func openAISchema(raw json.RawMessage) (map[string]any, bool) {
	// Plain float64 numbers: the SDK's encoder writes json.Number as a
	// string. Bounds beyond 2^53 lose precision in what the model sees only.
	var doc any
	if err := json.Unmarshal(bytes.TrimSpace(raw), &doc); err != nil {
		doc = nil
	}
	root, _ := doc.(map[string]any)
	s := &schemaCleaner{root: root}
	var out map[string]any
	if root != nil {
		out, _ = s.clean(root, 0, 0).(map[string]any)
	}
	if out == nil {
		out = map[string]any{}
	}
	// The root must be a plain object schema.
	for _, k := range []string{"anyOf", "oneOf", "allOf", "enum", "const", "items", "prefixItems"} {
		delete(out, k)
	}
	out["type"] = "object"
	if _, ok := out["properties"].(map[string]any); !ok {
		out["properties"] = map[string]any{}
	}
	return out, strictOK(out, 0)
}

type schemaCleaner struct {
	root map[string]any
}

func (s *schemaCleaner) resolve(ref string) (any, bool) {
	if ref == "#" {
		return s.root, true
	}
	for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			defs, _ := s.root[strings.TrimSuffix(prefix[2:], "/")].(map[string]any)
			name = strings.NewReplacer("~1", "/", "~0", "~").Replace(name)
			v, ok := defs[name]
			return v, ok
		}
	}
	return nil, false
}

// clean returns a sanitized copy of the schema node; refs counts the $ref
// expansions on the current path.
func (s *schemaCleaner) clean(node any, depth, refs int) any {
	m, ok := node.(map[string]any)
	if !ok || depth > maxSchemaDepth {
		return map[string]any{} // boolean schemas and junk: any value
	}
	if ref, ok := m["$ref"].(string); ok {
		target, found := s.resolve(ref)
		if !found || refs >= maxRefDepth {
			out := map[string]any{}
			if desc, ok := m["description"].(string); ok {
				out["description"] = trimRunes(desc, maxPropertyDescLen)
			}
			return out
		}
		resolved, _ := s.clean(target, depth, refs+1).(map[string]any)
		// Siblings of $ref (2019-09+) refine the target; the description is
		// the one worth keeping.
		if desc, ok := m["description"].(string); ok && resolved != nil {
			resolved["description"] = trimRunes(desc, maxPropertyDescLen)
		}
		return resolved
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		if !keptKeywords[k] {
			continue
		}
		switch k {
		case "properties":
			props, ok := v.(map[string]any)
			if !ok {
				continue
			}
			cp := make(map[string]any, len(props))
			for name, p := range props {
				cp[name] = s.clean(p, depth+1, refs)
			}
			out[k] = cp
		case "items":
			if _, isArr := v.([]any); isArr {
				out[k] = map[string]any{} // draft-04 tuple form: accept any item
				continue
			}
			out[k] = s.clean(v, depth+1, refs)
		case "additionalProperties":
			if b, ok := v.(bool); ok {
				out[k] = b
			} else {
				out[k] = s.clean(v, depth+1, refs)
			}
		case "anyOf", "oneOf", "allOf", "prefixItems":
			arr, ok := v.([]any)
			if !ok || len(arr) == 0 {
				continue
			}
			cp := make([]any, len(arr))
			for i, e := range arr {
				cp[i] = s.clean(e, depth+1, refs)
			}
			out[k] = cp
		case "description":
			if str, ok := v.(string); ok {
				out[k] = trimRunes(str, maxPropertyDescLen)
			}
		case "required":
			arr, ok := v.([]any)
			if !ok {
				continue
			}
			var req []any
			for _, e := range arr {
				if str, ok := e.(string); ok {
					req = append(req, str)
				}
			}
			if len(req) > 0 {
				out[k] = req
			}
		default:
			out[k] = v
		}
	}
	// OpenAI rejects arrays without items ("array schema missing items").
	if hasType(out, "array") {
		if _, ok := out["items"]; !ok {
			out["items"] = map[string]any{}
		}
	}
	// required may only name declared properties.
	if req, ok := out["required"].([]any); ok {
		if props, ok := out["properties"].(map[string]any); ok {
			kept := req[:0]
			for _, r := range req {
				if _, ok := props[r.(string)]; ok {
					kept = append(kept, r)
				}
			}
			if len(kept) == 0 {
				delete(out, "required")
			} else {
				out["required"] = kept
			}
		}
	}
	return out
}

func hasType(m map[string]any, want string) bool {
	switch t := m["type"].(type) {
	case string:
		return t == want
	case []any:
		return slices.Contains(t, any(want))
	}
	return false
}

// strictOK reports whether a sanitized schema satisfies Structured Outputs:
// supported keywords only, every schema typed (or anyOf/enum/const), every
// object closed (additionalProperties false) with all properties required,
// at most maxStrictDepth levels, and a root that is not anyOf.
func strictOK(node any, depth int) bool {
	m, ok := node.(map[string]any)
	if !ok || depth > maxStrictDepth || len(m) == 0 {
		return false
	}
	for k := range m {
		if !strictKeywords[k] {
			return false
		}
	}
	if f, ok := m["format"].(string); ok && !strictFormats[f] {
		return false
	}
	_, typed := m["type"]
	_, isAny := m["anyOf"]
	_, isEnum := m["enum"]
	_, isConst := m["const"]
	if !typed && !isAny && !isEnum && !isConst {
		return false
	}
	if depth == 0 && isAny {
		return false
	}
	if hasType(m, "object") || m["properties"] != nil {
		if ap, ok := m["additionalProperties"].(bool); !ok || ap {
			return false
		}
		props, _ := m["properties"].(map[string]any)
		req, _ := m["required"].([]any)
		if len(req) != len(props) {
			return false
		}
		for _, r := range req {
			if _, ok := props[r.(string)]; !ok {
				return false
			}
		}
		for _, p := range props {
			if !strictOK(p, depth+1) {
				return false
			}
		}
	}
	if items, ok := m["items"]; ok && !strictOK(items, depth+1) {
		return false
	}
	if arr, ok := m["anyOf"].([]any); ok {
		for _, e := range arr {
			if !strictOK(e, depth+1) {
				return false
			}
		}
	}
	return true
}
