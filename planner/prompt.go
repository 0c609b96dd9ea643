package planner

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// This file holds what the model-backed planners (OpenAI tool calling, JSON
// mode, sampling) share: the prompts, candidate pre-selection, function
// naming, the token estimate, the temperature schedule and argument checking.

// Defaults shared by the model-backed planners.
const (
	defaultMaxTools       = 64
	defaultMaxAttempts    = 3
	defaultMaxSteps       = 1
	defaultTemperature    = 0.2
	defaultMaxResultBytes = 8 << 10
	maxDescriptionRunes   = 1024 // per function description sent to a model
	maxSelectionBytes     = 4 << 10
)

const systemPromptBase = `You are the planner of an MCP gateway. You turn a developer's request into exactly one call of one of the available tools.

Rules:
- Choose exactly one tool and call it once, with arguments that satisfy its parameter schema. Do not call tools in parallel.
- Tool names are "backend__tool"; each description starts with the backend in brackets.
- Use the IDE context (active document, current working directory, selected text) to resolve relative paths and references such as "this file", "here" or "the selection". Prefer absolute paths.
- Never invent values for required parameters. If the request is ambiguous, or a required value is missing and cannot be taken from the request or the IDE context, call no tool and reply with one short clarifying question.
- If no tool fits the request, call no tool and say so in one sentence.`

// systemPrompt returns the system prompt for tool-calling models. maxSteps
// above 1 adds the rules of the multi-step loop.
func systemPrompt(maxSteps int) string {
	if maxSteps <= 1 {
		return systemPromptBase
	}
	return systemPromptBase + fmt.Sprintf(`

This request may take up to %d tool calls, one at a time. After each call except the last you receive the tool's result and may call another tool (the last allowed call is run for the user and its result shown to them), or answer in plain text when the request is done.`, maxSteps)
}

// userMessage renders the task: the query, then whatever IDE context is set.
func userMessage(task Task) string {
	var b strings.Builder
	b.WriteString("Request: ")
	b.WriteString(strings.TrimSpace(task.Query))
	c := task.Context
	if c == nil || (c.ActiveDocumentURI == "" && c.CurrentWorkingDirectory == "" && c.SelectionText == "") {
		return b.String()
	}
	b.WriteString("\n\nIDE context:")
	if c.ActiveDocumentURI != "" {
		b.WriteString("\n- activeDocumentURI: ")
		b.WriteString(c.ActiveDocumentURI)
	}
	if c.CurrentWorkingDirectory != "" {
		b.WriteString("\n- currentWorkingDirectory: ")
		b.WriteString(c.CurrentWorkingDirectory)
	}
	if c.SelectionText != "" {
		b.WriteString("\n- selectionText:\n\"\"\"\n")
		b.WriteString(truncateBytes(c.SelectionText, maxSelectionBytes))
		b.WriteString("\n\"\"\"")
	}
	return b.String()
}

// estimateTokens is the tokenizer-free prompt estimate used for budgets and
// reports: one token per four bytes of UTF-8, rounded up. On English prose
// and JSON schemas it lands within about 20% of OpenAI's o200k tokenizer,
// usually above it, which is the safe side for a budget.
func estimateTokens(n int) int { return (n + 3) / 4 }

// jsonStringLen is len(json.Marshal(s)) without encoding s: the quotes,
// and the escapes encoding/json writes (\n, \", \\, \u00XX for other
// control bytes and for <, > and &, \ufffd for invalid UTF-8, \u2028 and
// \u2029).
func jsonStringLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f':
				n += 2
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			n += 6
		case r == '\u2028' || r == '\u2029':
			n += 6
		default:
			n += size
		}
		i += size
	}
	return n
}

// truncateBytes cuts s to at most max bytes on a rune boundary, saying how
// much was cut.
func truncateBytes(s string, max int) string {
	if max <= 0 || len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n…[truncated %d bytes]", len(s)-cut)
}

// trimRunes shortens a one-paragraph description to max runes.
func trimRunes(s string, max int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:max-1])) + "…"
}

func candidateList(tools []*Tool, scores []float64) []Candidate {
	out := make([]Candidate, len(tools))
	for i, t := range tools {
		out[i] = Candidate{Backend: t.Backend, Tool: t.Name, Score: scores[i]}
	}
	return out
}

// FunctionName returns the model-facing name of a tool: "backend__tool" with
// every character outside [a-zA-Z0-9_-] replaced by '_', and cut to 64
// characters with a hash suffix when longer, as OpenAI and Anthropic require
// (^[a-zA-Z0-9_-]{1,64}$). Distinct tools can map to the same name; the
// planners resolve that with [functionNames].
func FunctionName(t *Tool) string {
	q := t.QualifiedName()
	var b strings.Builder
	b.Grow(len(q))
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' {
			b.WriteByte(c)
		} else if c < utf8.RuneSelf || utf8.RuneStart(c) {
			b.WriteByte('_') // one '_' per rune, not per byte
		}
	}
	s := b.String()
	if len(s) > 64 {
		s = s[:55] + "_" + nameHash(q, 0)
	}
	return s
}

func nameHash(q string, salt int) string {
	h := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d", q, salt)))
	return hex.EncodeToString(h[:4])
}

// functionNames assigns each tool a unique model-facing name
// ([FunctionName]; on collision, the later tool gets a hash suffix) and
// returns the names in order plus the map back to the tools.
func functionNames(tools []*Tool) ([]string, map[string]*Tool) {
	names := make([]string, len(tools))
	byName := make(map[string]*Tool, len(tools))
	for i, t := range tools {
		n := FunctionName(t)
		for salt := 0; ; salt++ {
			if _, taken := byName[n]; !taken {
				break
			}
			base := FunctionName(t)
			if len(base) > 55 {
				base = base[:55]
			}
			n = base + "_" + nameHash(t.QualifiedName(), salt)
		}
		names[i] = n
		byName[n] = t
	}
	return names, byName
}

// temperatureAt returns the sampling temperature of attempt i (0-based) out
// of n: start on the first attempt, falling linearly to 0 on the last one.
// A nil start means 0.2 (so 0.2, 0.1, 0 for three attempts); a negative start
// means "send no temperature" (models that only accept their default).
func temperatureAt(start *float64, i, n int) *float64 {
	t := defaultTemperature
	if start != nil {
		t = *start
	}
	if t < 0 {
		return nil
	}
	if n > 1 {
		t = t * float64(n-1-i) / float64(n-1)
	}
	return &t
}

// errFeedback is a problem with the model's answer that the model can fix on
// another attempt; its text is fed back verbatim.
type errFeedback struct{ msg string }

func (e *errFeedback) Error() string { return e.msg }

// checkCall resolves a tool call by name (the model-facing name first, then
// the catalog's qualified names and aliases) and validates its arguments
// against the tool's input schema. Arguments of tools whose schema does not
// compile are accepted unvalidated. Problems the model can fix come back as
// *errFeedback.
func checkCall(cat *Catalog, names map[string]*Tool, name, rawArgs string) (*Tool, json.RawMessage, error) {
	t, ok := names[name]
	if !ok {
		t, ok = cat.Lookup(name)
	}
	if !ok {
		return nil, nil, &errFeedback{fmt.Sprintf("There is no tool named %q. Call one of the tools you were given, using its exact name.", name)}
	}
	args, err := normalizeArgs(rawArgs)
	if err != nil {
		return t, nil, &errFeedback{fmt.Sprintf("The arguments for %s are not a JSON object (%v). Call %s again with the arguments as one JSON object.", name, err, name)}
	}
	s, err := cat.ArgSchema(t)
	if err != nil || s == nil {
		return t, args, nil // schema unusable: forward unvalidated
	}
	if err := s.Validate(args); err != nil {
		if schemas.Undecided(err) {
			return t, args, nil // not decidable here: the backend validates them
		}
		var fe schemas.FieldErrors
		if !errors.As(err, &fe) {
			fe = schemas.FieldErrors{{Message: err.Error()}}
		}
		var b strings.Builder
		fmt.Fprintf(&b, "The arguments for %s do not match its parameter schema:", name)
		for _, e := range fe {
			b.WriteString("\n- ")
			b.WriteString(e.String())
		}
		fmt.Fprintf(&b, "\nCall %s again with corrected arguments, or ask a short clarifying question if a required value is unknown.", name)
		return t, nil, &errFeedback{b.String()}
	}
	return t, args, nil
}

// normalizeArgs checks that raw is one JSON object (empty means {}) and
// returns it compacted.
func normalizeArgs(raw string) (json.RawMessage, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" || raw == "null" {
		return json.RawMessage(`{}`), nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &obj); err != nil {
		return nil, err
	}
	out, err := json.Marshal(json.RawMessage(raw)) // compacts, keeps key order
	if err != nil {
		return nil, err
	}
	return out, nil
}

// callPlan fills p with the tools/call of t.
func callPlan(p *Plan, t *Tool, args json.RawMessage) {
	p.BackendID = t.Backend
	p.Tool = t.Name
	p.Arguments = args
	p.Text = ""
}
