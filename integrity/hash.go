// Package integrity pins what each backend's tools and prompts say, so a
// later change (a "rug pull") or a poisoned description is held back until
// a person approves it.
//
// A definition is pinned by the SHA-256 of its canonical JSON: only the
// members a model reads (name, title, description, input and output
// schemas, annotations; for prompts, arguments), objects with sorted keys,
// no insignificant whitespace. Members a backend may vary freely (_meta,
// icons) are not part of the pin.
//
// The package imports only the standard library; backends reach it through
// an interface of their own, wired in by main.
package integrity

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Kinds of definitions.
const (
	KindTool   = "tool"
	KindPrompt = "prompt"
)

// pinnedMembers are the members of a definition that are pinned, by kind.
var pinnedMembers = map[string][]string{
	KindTool:   {"name", "title", "description", "inputSchema", "outputSchema", "annotations"},
	KindPrompt: {"name", "title", "description", "arguments"},
}

// Def is one definition a backend offers: its kind, its own name and its
// JSON as the backend sent it.
type Def struct {
	Kind string
	Name string
	Raw  json.RawMessage
}

// Canonical returns the canonical JSON of a definition of the given kind:
// the pinned members only, keys sorted at every level, numbers kept as
// written. It fails on JSON that is not an object.
func Canonical(kind string, raw json.RawMessage) (json.RawMessage, error) {
	members, ok := pinnedMembers[kind]
	if !ok {
		return nil, fmt.Errorf("unknown definition kind %q", kind)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("definition is not a JSON object: %w", err)
	}
	out := make(map[string]any, len(members))
	for _, m := range members {
		if v, ok := obj[m]; ok && v != nil {
			out[m] = v
		}
	}
	// encoding/json writes map keys sorted, at every level.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, fmt.Errorf("encoding canonical definition: %w", err)
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// Hash returns "sha256:" and the hex SHA-256 of a canonical definition.
func Hash(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(sum[:])
}
