package schemas

import (
	"slices"
	"testing"
)

// TestSecretsClassification: what Secrets registers for the redactor, and
// the plain values it must leave alone (masking "info" turned get_file_info
// into get_file_***, masking "true" made ask --json invalid).
func TestSecretsClassification(t *testing.T) {
	t.Setenv("AGENTIFY_TEST_INHERITED_TOKEN", "inherited-token-value")
	t.Setenv("AGENTIFY_TEST_INHERITED_REGION", "eu-west-1")
	const cfg = `{"backends":[
	  {"id":"local","command":"srv","args":["--api-key=argkey-123456","--token","argtok-123456","--verbose","--port","8080",
	     "-e","GITHUB_TOKEN=ghenv-1234567","--password-stdin","registry.example.com","--root","/srv/data","core-9f2c4e7a1b3d5f60","ghp_abcdefghijklmnopqrst"],
	   "env":{"DEBUG":"true","LOG_LEVEL":"info","NODE_ENV":"production","PROJECT_DIR":"/home/me/project","PORT":"8080",
	          "GITHUB_PERSONAL_ACCESS_TOKEN":"tok-value-1","DB_PASSWORD":"1234","OPENAI_THING":"sk-proj-abcdefghijklmnop",
	          "RANDOM_BLOB":"Zx9kQ2mP7vR4tY8wL3nB6cJ1","KEY_FILE":"/etc/ssl/key.pem","AUTHOR":"Jane Doe Writer",
	          "PATH":"/usr/bin:/bin","DATABASE_URL":"postgres://app:dbpw-9876@db:5432/app"},
	   "inheritEnv":["AGENTIFY_TEST_*"]},
	  {"id":"remote","url":"https://user:url-pass-1@api.example.com/v1/Zx9kQ2mP7vR4tY8wL3nB6cJ1/mcp?api_key=query-key-1&format=json&x=ghp_abcdefghijklmnopqrst"}
	]}`
	c := mustParse(t, cfg)
	got := c.Secrets()
	for _, want := range []string{"argkey-123456", "argtok-123456", "ghenv-1234567", "tok-value-1", "1234",
		"sk-proj-abcdefghijklmnop", "Zx9kQ2mP7vR4tY8wL3nB6cJ1", "dbpw-9876", "inherited-token-value",
		"url-pass-1", "query-key-1", "ghp_abcdefghijklmnopqrst"} {
		if !slices.Contains(got, want) {
			t.Errorf("Secrets misses %q: %q", want, got)
		}
	}
	for _, plain := range []string{"true", "info", "production", "/home/me/project", "8080", "/etc/ssl/key.pem",
		"Jane Doe Writer", "/usr/bin:/bin", "eu-west-1", "json", "user", "srv", "--verbose", "registry.example.com", "/srv/data", "app", "core-9f2c4e7a1b3d5f60"} {
		if slices.Contains(got, plain) {
			t.Errorf("Secrets holds the plain value %q", plain)
		}
	}
}

func TestSensitiveName(t *testing.T) {
	for name, want := range map[string]bool{
		"GITHUB_TOKEN": true, "apiKey": true, "OPENAI_API_KEY": true, "DB_PASSWORD": true, "Authorization": true,
		"OAUTH_CLIENT_SECRET": true, "GITHUB_PAT": true, "X-Api-Key": true, "SENTRY_DSN": true, "MYSQL_PWD": true,
		"PATH": false, "AUTHOR": false, "KEYBOARD_LAYOUT": false, "PASSTHROUGH": false, "LOG_LEVEL": false, "DEBUG": false,
		"MONKEY": false, "PYTHONPATH": false,
	} {
		if got := sensitiveName(name); got != want {
			t.Errorf("sensitiveName(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLooksLikeCredential(t *testing.T) {
	for v, want := range map[string]bool{
		"ghp_abcdefghijklmnopqrst": true, "sk-abcdefghijklmnop": true, "AKIAIOSFODNN7EXAMPLE": true,
		"Zx9kQ2mP7vR4tY8wL3nB6cJ1": true, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc": true,
		"true": false, "production": false, "/home/me/project/with/long/path/1234": false, "12345678901234567890": false,
		"my-very-long-project-name-here": false, "https://example.com/abc123XYZ": false, "hello world this is text": false,
	} {
		if got := looksLikeCredential(v); got != want {
			t.Errorf("looksLikeCredential(%q) = %v, want %v", v, got, want)
		}
	}
}
