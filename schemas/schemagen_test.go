package schemas_test

import (
	"bytes"
	"testing"

	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/mcp-agentify/mcp-agentify/schemas/internal/schemagen"
)

func TestSchemaCurrent(t *testing.T) {
	got, err := schemagen.Generate(".")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, schemas.ConfigSchema) {
		t.Fatalf("config.schema.json is stale: run `go generate ./schemas` and commit the result")
	}
	// Without sources the schema has no descriptions but the same structure.
	bare, err := schemagen.Generate("")
	if err != nil || bytes.Contains(bare, []byte(`"description": "Backend is`)) || !bytes.Contains(bare, []byte(`"$ref": "#/$defs/Duration"`)) {
		t.Errorf("Generate(\"\"): %v", err)
	}
}
