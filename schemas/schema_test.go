package schemas

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestSchemaCurrent(t *testing.T) {
	got, err := GenerateSchema(".")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, ConfigSchema) {
		t.Fatalf("config.schema.json is stale: run `go generate ./schemas` and commit the result")
	}
}

func TestSchemaShape(t *testing.T) {
	var s struct {
		ID    string `json:"$id"`
		Draft string `json:"$schema"`
		Defs  map[string]json.RawMessage
	}
	if err := json.Unmarshal(ConfigSchema, &s); err != nil {
		t.Fatal(err)
	}
	if s.ID != SchemaID || s.Draft != "https://json-schema.org/draft/2020-12/schema" {
		t.Errorf("$id %q, $schema %q", s.ID, s.Draft)
	}
	if _, err := configSchema(); err != nil {
		t.Errorf("the committed schema does not compile: %v", err)
	}
	// Without sources the schema has no descriptions but the same structure.
	bare, err := GenerateSchema("")
	if err != nil || bytes.Contains(bare, []byte(`"description": "Backend is`)) {
		t.Errorf("GenerateSchema(\"\"): %v", err)
	}
}
