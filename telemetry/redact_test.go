package telemetry

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

func TestRedactPatterns(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"nothing", `{"level":"info","message":"hello"}`, `{"level":"info","message":"hello"}`},
		{"openai", `key sk-abcdefghijklmnopqrstuvwx end`, `key *** end`},
		{"openai proj", `"sk-proj-AbC_dEf-1234567890abcdefXYZ"`, `"***"`},
		{"openai svcacct", `sk-svcacct-0123456789abcdefghij`, `***`},
		{"not a key: task-", `task-abcdefghijklmnopqrstuvwx`, `task-abcdefghijklmnopqrstuvwx`},
		{"short sk", `sk-short`, `sk-short`},
		{"github classic", `token=ghp_0123456789abcdefghijABCDEFGHIJ012345`, `token=***`},
		{"github oauth", `gho_0123456789abcdefghijABCDEFGHIJ012345`, `***`},
		{"github pat", `github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz`, `***`},
		{"slack bot", `xoxb-1234567890-0987654321-AbCdEfGhIjKl`, `***`},
		{"slack user", `"xoxp-1234567890-abcdef"`, `"***"`},
		{"aws", `AKIAIOSFODNN7EXAMPLE is mine`, `*** is mine`},
		{"aws sts", `ASIAIOSFODNN7EXAMPLE`, `***`},
		{"aws too short", `AKIAIOSFODNN7`, `AKIAIOSFODNN7`},
		{"bearer", `Authorization: Bearer abc.def-ghi_jkl/mno==`, `Authorization: Bearer ***`},
		{"bearer lower", `"authorization":"bearer 0123456789abcdef"`, `"authorization":"bearer ***"`},
		{"bearer word only", `the bearer of bad news`, `the bearer of bad news`},
		{"jwt", `jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U`, `jwt ***`},
		{"two in one", `sk-abcdefghijklmnopqrstuvwx and ghp_0123456789abcdefghijABCDEFGHIJ012345`, `*** and ***`},
	}
	r := NewRedactor()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.RedactString(tt.in); got != tt.want {
				t.Errorf("RedactString(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if got := string(r.Redact([]byte(tt.in))); got != tt.want {
				t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRedactRegisteredSecrets(t *testing.T) {
	secrets := []string{
		"hunter2-plain",
		`pa"ss\word`,       // quote and backslash: escaped in JSON
		"tab\there<&>",     // control char and HTML characters
		"abc",              // too short: ignored
		"",                 // empty: ignored
		"hunter2-plain-xl", // contains another secret: masked whole
	}
	r := NewRedactor(secrets...)
	for _, s := range secrets[:3] {
		s := s
		t.Run(s, func(t *testing.T) {
			// Raw.
			if got := r.RedactString("x " + s + " y"); got != "x *** y" {
				t.Errorf("raw: got %q", got)
			}
			// As encoding/json writes it.
			b, _ := json.Marshal(map[string]string{"v": s})
			if got := string(r.Redact(b)); got != `{"v":"***"}` {
				t.Errorf("encoding/json: got %s", got)
			}
			// As zerolog writes it.
			var buf bytes.Buffer
			zl := zerolog.New(&buf)
			zl.Info().Str("v", s).Msg("m")
			got := string(r.Redact(buf.Bytes()))
			if strings.Contains(got, s) || !strings.Contains(got, `"v":"***"`) {
				t.Errorf("zerolog: got %s", got)
			}
		})
	}
	if got := r.RedactString("abc def"); got != "abc def" {
		t.Errorf("short secret was registered: %q", got)
	}
	if got := r.RedactString("hunter2-plain-xl!"); got != "***!" {
		t.Errorf("longest first: got %q", got)
	}
}

func TestRedactFastPathReturnsInput(t *testing.T) {
	r := NewRedactor("some-secret-value")
	in := []byte(`{"level":"info","message":"nothing to see"}`)
	out := r.Redact(in)
	if &out[0] != &in[0] {
		t.Error("Redact copied a line with nothing to mask")
	}
	if n := testing.AllocsPerRun(100, func() { r.Redact(in) }); n != 0 {
		t.Errorf("Redact allocs = %v, want 0", n)
	}
	var nilR *Redactor
	if got := nilR.RedactString("sk-abcdefghijklmnopqrstuvwx"); got != "sk-abcdefghijklmnopqrstuvwx" {
		t.Errorf("nil Redactor changed input: %q", got)
	}
}

func TestRedactDoesNotModifyInput(t *testing.T) {
	r := NewRedactor("topsecret")
	in := []byte("a topsecret b")
	_ = r.Redact(in)
	if string(in) != "a topsecret b" {
		t.Errorf("input modified: %q", in)
	}
}

func TestRedactWriter(t *testing.T) {
	r := NewRedactor("s3cr3t-value")
	var buf bytes.Buffer
	log := zerolog.New(NewRedactWriter(&buf, r))
	log.Info().Str("key", "s3cr3t-value").Str("auth", "Bearer abcdefghijkl").Msg("call")
	got := buf.String()
	if strings.Contains(got, "s3cr3t-value") || strings.Contains(got, "abcdefghijkl") {
		t.Errorf("secret leaked: %s", got)
	}
	if !strings.Contains(got, `"key":"***"`) {
		t.Errorf("no mask: %s", got)
	}
}

func BenchmarkRedact(b *testing.B) {
	r := NewRedactor("my-api-key-value-1234", "another-secret-5678")
	clean := []byte(`{"level":"info","backend":"github","time":"2026-01-02T03:04:05Z","message":"tools/call done","tool":"search_repositories","ms":12.5}`)
	dirty := []byte(`{"level":"info","backend":"github","time":"2026-01-02T03:04:05Z","message":"calling with sk-abcdefghijklmnopqrstuvwx","header":"my-api-key-value-1234"}`)
	b.Run("clean", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(clean)))
		for b.Loop() {
			r.Redact(clean)
		}
	})
	b.Run("found", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(dirty)))
		for b.Loop() {
			r.Redact(dirty)
		}
	})
}

// TestRedactKeepsJSONValid: masks go inside string values only, so every
// JSON output stays JSON, even when a registered secret is a JSON literal
// or number, holds quotes, or sits JSON-escaped inside JSON text carried
// in a string (a tool result's text holding JSON).
func TestRedactKeepsJSONValid(t *testing.T) {
	const quoted = `p"w0rd\!x`
	r := NewRedactor("true", "12345678", quoted, "plain-secret-1")
	inner, _ := json.Marshal(map[string]any{"token": quoted, "n": 1})
	outer, _ := json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "text": string(inner)}}})
	twice, _ := json.Marshal(map[string]any{"result": string(outer)})
	tests := []struct {
		name, in string
		gone     []string
	}{
		{"literal", `{"executed":true,"n":12345678,"s":"a true story"}`, []string{"true", "12345678"}},
		{"json in json", string(outer), []string{"w0rd"}},
		{"json in json in json", string(twice), []string{"w0rd"}},
		{"indented", "{\n  \"plan\": {\n    \"args\": \"plain-secret-1\"\n  },\n  \"ok\": true\n}\n", []string{"plain-secret-1", "true"}},
		{"zerolog lines", `{"level":"info","m":"plain-secret-1"}` + "\n" + `{"level":"warn","executed":true}` + "\n", []string{"plain-secret-1", "true"}},
		{"escape not split", `{"m":"x\nplain-secret-1\\u"}`, []string{"plain-secret-1"}},
		{"token in string", `{"k":"Bearer abcdefghijklmnop","j":"sk-abcdefghijklmnopqrstuvwx"}`, []string{"abcdefghijklmnop", "sk-abc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := r.Redact([]byte(tt.in))
			if string(out) == tt.in {
				t.Fatalf("nothing masked in %s", tt.in)
			}
			for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
				if tt.name == "indented" {
					line = out
				}
				if !json.Valid(line) {
					t.Fatalf("invalid JSON after redaction:\n%s\n(from %s)", line, tt.in)
				}
				if tt.name == "indented" {
					break
				}
			}
			// Decode every level and look for the secrets.
			text := string(out)
			for range 3 {
				var v any
				if json.Unmarshal([]byte(text), &v) == nil {
					b, _ := json.Marshal(v)
					text += string(b)
				}
				text = strings.ReplaceAll(text, `\"`, `"`)
				text = strings.ReplaceAll(text, `\\`, `\`)
			}
			for _, g := range tt.gone {
				if g == "true" {
					if strings.Contains(string(out), ":true") {
						t.Errorf("literal true not masked: %s", out)
					}
					continue
				}
				if strings.Contains(text, g) {
					t.Errorf("%q still visible in %s", g, out)
				}
			}
		})
	}
	// Plain text around a secret keeps its words.
	if got := r.RedactString(`{"s":"a true story"}`); got != `{"s":"a *** story"}` {
		t.Errorf("inside a string: %s", got)
	}
}

// TestRedactLeavesUnregisteredValues: only registered values and token
// shapes are masked; a plain word that merely resembles a field value is not.
func TestRedactLeavesUnregisteredValues(t *testing.T) {
	r := NewRedactor("GITHUB-TOKEN-VALUE-123")
	in := `{"tool":"get_file_info","env":"production","level":"info","path":"/home/me/project","executed":true}`
	if got := r.RedactString(in); got != in {
		t.Errorf("plain values changed: %s", got)
	}
}
