package schemas

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"

	sjs "github.com/santhosh-tekuri/jsonschema/v6"
)

//go:generate go run ./gen

// ConfigSchema is the configuration JSON Schema, generated from [Config] by
// `go generate ./schemas` and checked by a test to be current.
//
//go:embed config.schema.json
var ConfigSchema []byte

// SchemaID is the $id of the generated schema.
const SchemaID = "https://github.com/mcp-agentify/mcp-agentify/schemas/config.schema.json"

var (
	compileOnce sync.Once
	compiled    *sjs.Schema
	compileErr  error
)

func configSchema() (*sjs.Schema, error) {
	compileOnce.Do(func() {
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(ConfigSchema))
		if err != nil {
			compileErr = err
			return
		}
		c := sjs.NewCompiler()
		c.UseLoader(noLoader{})
		if err := c.AddResource(SchemaID, doc); err != nil {
			compileErr = err
			return
		}
		compiled, compileErr = c.Compile(SchemaID)
	})
	if compileErr != nil {
		return nil, fmt.Errorf("config schema: %w", compileErr)
	}
	return compiled, nil
}
