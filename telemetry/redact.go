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
// JSON string (encoding/json and zerolog escape quotes, backslashes, control
// characters and, for encoding/json, <, > and &), so a secret holding a quote
// is masked in a JSON log line too.
func (r *Redactor) Add(secrets ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var cur [][]byte
	if p := r.secrets.Load(); p != nil {
		cur = *p
	}
	seen := make(map[string]bool, len(cur)+3*len(secrets))
	next := make([][]byte, 0, len(cur)+3*len(secrets))
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
		add(jsonEscaped(s, true))
		add(jsonEscaped(s, false))
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
func (r *Redactor) Redact(b []byte) []byte {
	if r == nil || len(b) == 0 {
		return b
	}
	out := b // aliases b until the first replacement, which copies
	if p := r.secrets.Load(); p != nil {
		for _, s := range *p {
			if bytes.Contains(out, s) {
				out = bytes.ReplaceAll(out, s, []byte(Mask))
			}
		}
	}
	for i := range tokenPatterns {
		tp := &tokenPatterns[i]
		if !containsAny(out, tp.triggers) {
			continue
		}
		if !tp.re.Match(out) {
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

// RedactString is [Redactor.Redact] for strings.
func (r *Redactor) RedactString(s string) string {
	if r == nil || s == "" {
		return s
	}
	b := []byte(s)
	out := r.Redact(b)
	if &out[0] == &b[0] && len(out) == len(b) {
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
