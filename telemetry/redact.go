// Package telemetry holds the gateway's observability state: redaction of
// secrets at the log writer, a ring of recent log lines, a bus of MCP trace
// and planner events, and per-backend/per-tool metrics. Everything here is
// safe for concurrent use and never blocks the caller on a slow reader: the
// dashboard (package debugui) reads it, the gateway writes it.
package telemetry

import (
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/rs/zerolog"
)

// Mask replaces every secret found by a [Redactor].
const Mask = "***"

// MinSecretLen is the shortest value [Redactor.Add] registers. Shorter values
// ("1", "yes", "dev") would mask unrelated text everywhere.
const MinSecretLen = 4

// tokenPattern is one well-known credential shape. keep is the number of
// leading submatch bytes kept in clear (the "Bearer " of an Authorization
// value); triggers are literal substrings, one of which must occur for the
// pattern to match at all, so the common case skips the regexp entirely.
type tokenPattern struct {
	re       *regexp.Regexp
	triggers [][]byte
	keepPre  bool // keep submatch 1 in clear
}

// The patterns are anchored on word boundaries so that "task-..." or
// "mask-..." never look like an OpenAI key.
var tokenPatterns = []tokenPattern{
	// OpenAI: sk-..., sk-proj-..., sk-svcacct-..., sk-admin-...
	{re: regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{16,}`), triggers: lit("sk-")},
	// GitHub classic tokens and fine-grained PATs.
	{re: regexp.MustCompile(`\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}`), triggers: lit("ghp_", "gho_", "ghu_", "ghs_", "ghr_")},
	{re: regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{20,}`), triggers: lit("github_pat_")},
	// Slack: xoxb-, xoxp-, xoxa-, xoxo-, xoxs-, xoxr-.
	{re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9\-]{10,}`), triggers: lit("xox")},
	// AWS access key ids.
	{re: regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`), triggers: lit("AKIA", "ASIA")},
	// JWTs: base64url header and payload both start with eyJ ("{\"").
	{re: regexp.MustCompile(`\beyJ[A-Za-z0-9_\-]{4,}\.eyJ[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]*`), triggers: lit("eyJ")},
	// Authorization: Bearer <token>; the scheme stays readable.
	{re: regexp.MustCompile(`(?i)(\bbearer\s+)[A-Za-z0-9\-._~+/]{8,}=*`), triggers: lit("Bearer", "bearer", "BEARER"), keepPre: true},
}

func lit(s ...string) [][]byte {
	out := make([][]byte, len(s))
	for i, v := range s {
		out[i] = []byte(v)
	}
	return out
}

// Redactor masks registered secrets and well-known token shapes.
// The zero value masks token shapes only. It is safe for concurrent use:
// [Redactor.Add] may run while other goroutines call [Redactor.Redact].
type Redactor struct {
	mu      sync.Mutex               // serialises Add
	secrets atomic.Pointer[[][]byte] // immutable, longest first; read lock-free
}

// NewRedactor returns a Redactor with the given secrets registered.
func NewRedactor(secrets ...string) *Redactor {
	r := &Redactor{}
	r.Add(secrets...)
	return r
}

// Add registers secrets to mask. Values shorter than [MinSecretLen] are
// ignored. Each secret is also registered in the forms it takes inside a
// JSON string, once and twice escaped (encoding/json and zerolog escape
// quotes, backslashes, control characters and, for encoding/json, <, > and
// &), so a secret holding a quote is masked in a JSON log line, and a
// secret inside JSON text carried in a JSON string is masked too.
//
// Add masks exactly what it is given: deciding which configuration values
// are secrets is the caller's job (see schemas.Config.Secrets). Registering
// a plain word such as "info" would mask it inside unrelated text.
func (r *Redactor) Add(secrets ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var cur [][]byte
	if p := r.secrets.Load(); p != nil {
		cur = *p
	}
	seen := make(map[string]bool, len(cur)+5*len(secrets))
	next := make([][]byte, 0, len(cur)+5*len(secrets))
	add := func(v []byte) {
		if len(v) < MinSecretLen || seen[string(v)] {
			return
		}
		seen[string(v)] = true
		next = append(next, v)
	}
	for _, v := range cur {
		add(v)
	}
	for _, s := range secrets {
		if len(s) < MinSecretLen {
			continue
		}
		add([]byte(s))
		for _, html := range []bool{true, false} {
			once := jsonEscaped(s, html)
			add(once)
			add(jsonEscaped(string(once), html))
		}
	}
	// Longest first, so a secret containing another is masked whole.
	sort.SliceStable(next, func(i, j int) bool { return len(next[i]) > len(next[j]) })
	r.secrets.Store(&next)
}

// jsonEscaped is s as it appears between the quotes of a JSON string.
func jsonEscaped(s string, escapeHTML bool) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	_ = enc.Encode(s) // a string always encodes
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	return b[1 : len(b)-1]
}

// Redact returns b with every registered secret and token shape replaced by
// [Mask]. When nothing matches it returns b itself without allocating;
// otherwise it returns a new slice and leaves b unchanged. A nil Redactor
// returns b.
//
// JSON stays JSON: when b is a JSON value, or lines each holding one (a
// zerolog stream), secrets are masked inside string values only, each
// string decoded, masked and re-encoded, so a mask never crosses a quote,
// an escape sequence or any other JSON syntax. A number or literal that is
// itself a secret becomes the string "***". Other text is masked in place.
func (r *Redactor) Redact(b []byte) []byte {
	if r == nil || len(b) == 0 {
		return b
	}
	return redact(b, r.list(), 0)
}

// maxNesting bounds how many levels of JSON text inside JSON strings are
// decoded; deeper levels are still masked in their escaped forms.
const maxNesting = 8

// deepEscape occurs only in JSON text nested three or more levels deep in
// JSON strings, where the registered escaped forms (one and two levels) no
// longer match and strings must be decoded to find a secret.
var deepEscape = []byte(`\\\"`)

func redact(b []byte, secrets [][]byte, depth int) []byte {
	if !mayMatch(b, secrets) && (depth >= maxNesting || !bytes.Contains(b, deepEscape)) {
		return b
	}
	if looksJSON(b) && json.Valid(b) {
		return redactJSON(b, secrets, depth)
	}
	if bytes.IndexByte(b, '\n') < 0 {
		return redactText(b, secrets)
	}
	// Several lines: each JSON line keeps its syntax, other lines are text.
	out := make([]byte, 0, len(b))
	for rest := b; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = nil
		}
		body := bytes.TrimRight(line, "\r\n")
		switch {
		case !mayMatch(body, secrets) && !bytes.Contains(body, deepEscape):
			out = append(out, line...)
		case looksJSON(body) && json.Valid(body):
			out = append(out, redactJSON(body, secrets, depth)...)
			out = append(out, line[len(body):]...)
		default:
			out = append(out, redactText(body, secrets)...)
			out = append(out, line[len(body):]...)
		}
	}
	return out
}

func (r *Redactor) list() [][]byte {
	if p := r.secrets.Load(); p != nil {
		return *p
	}
	return nil
}

// mayMatch reports whether b could hold something to mask: a registered
// secret, a token pattern's trigger, or (in JSON) an escape sequence that
// could hide either.
func mayMatch(b []byte, secrets [][]byte) bool {
	for _, s := range secrets {
		if bytes.Contains(b, s) {
			return true
		}
	}
	for i := range tokenPatterns {
		if containsAny(b, tokenPatterns[i].triggers) {
			return true
		}
	}
	return false
}

func looksJSON(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && (b[0] == '{' || b[0] == '[' || b[0] == '"')
}

// redactText masks secrets and token shapes anywhere in b.
func redactText(b []byte, secrets [][]byte) []byte {
	out := b // aliases b until the first replacement, which copies
	for _, s := range secrets {
		if bytes.Contains(out, s) {
			out = bytes.ReplaceAll(out, s, []byte(Mask))
		}
	}
	for i := range tokenPatterns {
		tp := &tokenPatterns[i]
		if !containsAny(out, tp.triggers) || !tp.re.Match(out) {
			continue
		}
		// ReplaceAll returns a fresh slice; b is never modified.
		if tp.keepPre {
			out = tp.re.ReplaceAll(out, []byte("${1}"+Mask))
		} else {
			out = tp.re.ReplaceAllLiteral(out, []byte(Mask))
		}
	}
	return out
}

// redactJSON masks inside the string values of b, which must be valid JSON.
func redactJSON(b []byte, secrets [][]byte, depth int) []byte {
	var out []byte // nil until the first change
	copied := 0    // b[:copied] is in out
	splice := func(from, to int, repl []byte) {
		if out == nil {
			out = make([]byte, 0, len(b))
		}
		out = append(out, b[copied:from]...)
		out = append(out, repl...)
		copied = to
	}
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			end, escaped := stringEnd(b, i)
			lit := b[i:end]
			if escaped || mayMatch(lit, secrets) {
				if repl, ok := redactJSONString(lit, secrets, depth); ok {
					splice(i, end, repl)
				}
			}
			i = end
		case c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z':
			j := i
			for j < len(b) && isScalarByte(b[j]) {
				j++
			}
			if isSecret(b[i:j], secrets) {
				splice(i, j, []byte(`"`+Mask+`"`))
			}
			i = j
		default:
			i++
		}
	}
	if out == nil {
		return b
	}
	return append(out, b[copied:]...)
}

// stringEnd returns the index just past the JSON string starting at b[i]
// (a quote) and whether it holds an escape sequence.
func stringEnd(b []byte, i int) (int, bool) {
	escaped := false
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			return j + 1, escaped
		}
	}
	return len(b), escaped
}

func isScalarByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == '.' || c == '-' || c == '+' || c == 'E'
}

func isSecret(v []byte, secrets [][]byte) bool {
	for _, s := range secrets {
		if bytes.Equal(v, s) {
			return true
		}
	}
	return false
}

// redactJSONString decodes one JSON string literal, masks it (as JSON when
// it holds JSON text, one level deeper) and re-encodes it. ok is false when
// nothing changed.
func redactJSONString(lit []byte, secrets [][]byte, depth int) ([]byte, bool) {
	var s string
	if json.Unmarshal(lit, &s) != nil {
		return nil, false
	}
	raw := []byte(s)
	var masked []byte
	if depth+1 < maxNesting && looksJSON(raw) {
		masked = redact(raw, secrets, depth+1)
	} else {
		masked = redactText(raw, secrets)
	}
	if len(masked) == len(raw) && (len(raw) == 0 || &masked[0] == &raw[0]) {
		return nil, false
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if enc.Encode(string(masked)) != nil {
		return nil, false
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), true
}

// RedactString is [Redactor.Redact] for strings.
func (r *Redactor) RedactString(s string) string {
	if r == nil || s == "" {
		return s
	}
	b := []byte(s)
	out := r.Redact(b)
	if len(out) == len(b) && (len(out) == 0 || &out[0] == &b[0]) {
		return s
	}
	return string(out)
}

func containsAny(b []byte, subs [][]byte) bool {
	for _, s := range subs {
		if bytes.Contains(b, s) {
			return true
		}
	}
	return false
}

// NewRedactWriter returns a writer that redacts each Write with r before
// passing it to w. Each Write must hold whole lines (zerolog writes one event
// per call). It forwards zerolog's WriteLevel when w implements
// [zerolog.LevelWriter], so it can wrap a zerolog.MultiLevelWriter.
func NewRedactWriter(w io.Writer, r *Redactor) io.Writer {
	return &redactWriter{w: w, r: r}
}

type redactWriter struct {
	w io.Writer
	r *Redactor
}

var _ zerolog.LevelWriter = (*redactWriter)(nil)

// Write reports len(p) on success: the caller's bytes were all consumed even
// when the redacted line is shorter or longer.
func (rw *redactWriter) Write(p []byte) (int, error) {
	if _, err := rw.w.Write(rw.r.Redact(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (rw *redactWriter) WriteLevel(l zerolog.Level, p []byte) (int, error) {
	lw, ok := rw.w.(zerolog.LevelWriter)
	if !ok {
		return rw.Write(p)
	}
	if _, err := lw.WriteLevel(l, rw.r.Redact(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
