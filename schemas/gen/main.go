// Command gen writes config.schema.json from the Go types of package
// schemas, and docs/config.md from that schema. Run it with `go generate ./schemas`.
package main

import (
	"log"
	"os"

	"github.com/mcp-agentify/mcp-agentify/schemas"
	"github.com/mcp-agentify/mcp-agentify/schemas/internal/schemagen"
)

func main() {
	b, err := schemagen.Generate(".")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("config.schema.json", b, 0o644); err != nil {
		log.Fatal(err)
	}
	md, err := schemas.ConfigReference(b)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("../docs/config.md", []byte(md), 0o644); err != nil {
		log.Fatal(err)
	}
}
