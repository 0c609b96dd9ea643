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
