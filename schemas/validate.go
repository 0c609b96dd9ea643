package schemas

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var printer = message.NewPrinter(language.English)

// FieldError is one validation failure at one place in a JSON document.
type FieldError struct {
	// Pointer is an RFC 6901 JSON pointer to the offending value ("/backends/1/command").
	// The empty string is the document root.
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

func (e FieldError) String() string {
	p := e.Pointer
	if p == "" {
		p = "/"
	}
	return p + ": " + e.Message
}

// FieldErrors is a list of validation failures, sorted by pointer.
type FieldErrors []FieldError

func (es FieldErrors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.String()
	}
	return strings.Join(parts, "; ")
}

// fieldErrors flattens a santhosh-tekuri validation error into leaf errors,
// each with its JSON pointer. A missing required property is reported at the
// pointer of the property itself ("/backends/1/command: missing property"),
// which is where a user looks for it.
func fieldErrors(err error) FieldErrors {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return FieldErrors{{Message: err.Error()}}
	}
	var out FieldErrors
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				walk(c)
			}
			return
		}
		base := pointer(e.InstanceLocation)
		switch k := e.ErrorKind.(type) {
		case *kind.Required:
			for _, m := range k.Missing {
				out = append(out, FieldError{Pointer: base + "/" + escapePointer(m), Message: "missing property"})
			}
		case *kind.AdditionalProperties:
			for _, p := range k.Properties {
				out = append(out, FieldError{Pointer: base + "/" + escapePointer(p), Message: "unknown property"})
			}
		default:
			out = append(out, FieldError{Pointer: base, Message: k.LocalizedString(printer)})
		}
	}
	walk(ve)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	// oneOf/anyOf branches can report the same leaf more than once.
	dedup := out[:0]
	for i, e := range out {
		if i > 0 && e == out[i-1] {
			continue
		}
		dedup = append(dedup, e)
	}
	return dedup
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(escapePointer(t))
	}
	return b.String()
}

func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// noLoader refuses every external reference: tool schemas come from backends
// and must not make the gateway read files or fetch URLs.
type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("external schema reference %q not loaded", url)
}

// ArgSchema validates tool arguments against a backend tool's input schema.
// It is safe for concurrent use.
type ArgSchema struct {
	s *jsonschema.Schema
}

// CompileArgSchema compiles a tool's input schema. Schemas with no "$schema"
// are read as draft 2020-12; draft-04 to 2020-12 are accepted. External
// references are refused. An error means the schema itself is unusable: the
// caller should then forward arguments unvalidated rather than reject the call.
func CompileArgSchema(raw json.RawMessage) (*ArgSchema, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = json.RawMessage(`{"type":"object"}`)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	const loc = "mcp:///inputSchema.json"
	if err := c.AddResource(loc, doc); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	s, err := c.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	return &ArgSchema{s: s}, nil
}

// Validate checks args (raw JSON; empty means {}) and returns nil or
// [FieldErrors] naming each offending field by JSON pointer.
func (a *ArgSchema) Validate(args json.RawMessage) error {
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage(`{}`)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return FieldErrors{{Message: "arguments are not valid JSON: " + err.Error()}}
	}
	if err := a.s.Validate(v); err != nil {
		return fieldErrors(err)
	}
	return nil
}
