package schemas

import (
	"encoding/json"
	"testing"
)

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
}
