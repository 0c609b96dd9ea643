package planner

import (
	"strings"
	"sync"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// Catalog is an immutable snapshot of the tools a planner may choose from,
// in a stable order (by backend, then by the backend's own order). The
// gateway builds a new Catalog whenever a backend's tool list changes.
//
// The search index and compiled argument schemas are built lazily, once, and
// shared by every caller. A Catalog is safe for concurrent use.
type Catalog struct {
	Tools []Tool

	byName map[string]int // qualified name -> index into Tools

	indexOnce sync.Once
	index     *Index

	summaryOnce sync.Once
	summaries   map[string][]string // server -> serverSummary cut to each of summaryRunes
	dirOnce     sync.Once
	dirAll      *dirLines // the directory's lines when no tool is sent

	lineMu sync.Mutex
	lines  [2]map[*Tool]string // guarded by lineMu; toolLineBody, [0] full, [1] minimal

	mu      sync.Mutex
	schemas map[int]argSchema // guarded by mu
}

type argSchema struct {
	s   *schemas.ArgSchema
	err error
}

// NewCatalog returns a catalog over tools. The slice is owned by the catalog
// afterwards and must not be modified.
func NewCatalog(tools []Tool) *Catalog {
	c := &Catalog{Tools: tools, byName: make(map[string]int, len(tools))}
	for i := range tools {
		c.byName[tools[i].QualifiedName()] = i
	}
	return c
}

// Len returns the number of tools; a nil catalog is empty.
func (c *Catalog) Len() int {
	if c == nil {
		return 0
	}
	return len(c.Tools)
}

// Lookup finds a tool by qualified name. "backend__tool" and the alias
// "backend.tool" are both accepted. A tool whose own name contains "__" is
// found too, since the backend id never does.
func (c *Catalog) Lookup(name string) (*Tool, bool) {
	if c == nil {
		return nil, false
	}
	if i, ok := c.byName[name]; ok {
		return &c.Tools[i], true
	}
	if b, t, ok := strings.Cut(name, "."); ok {
		if i, ok := c.byName[b+Separator+t]; ok {
			return &c.Tools[i], true
		}
	}
	return nil, false
}

// Index returns the catalog's search index, building it on first use.
func (c *Catalog) Index() *Index {
	c.indexOnce.Do(func() { c.index = NewIndex(c.Tools) })
	return c.index
}

// serverSummaries returns each server's one-line summary (serverSummary)
// cut to each length of summaryRunes, built on first use.
func (c *Catalog) serverSummaries() map[string][]string {
	c.summaryOnce.Do(func() {
		by := map[string][]*Tool{}
		var order []string
		for i := range c.Tools {
			b := c.Tools[i].Backend
			if _, ok := by[b]; !ok {
				order = append(order, b)
			}
			by[b] = append(by[b], &c.Tools[i])
		}
		c.summaries = make(map[string][]string, len(order))
		for _, b := range order {
			sum := serverSummary(b, by[b])
			cuts := make([]string, len(summaryRunes))
			for i, n := range summaryRunes {
				cuts[i] = trimRunes(sum, n)
			}
			c.summaries[b] = cuts
		}
	})
	return c.summaries
}

// dirLinesAll returns the directory's lines when no tool is sent (the
// reserve of fitPrompt), built on first use.
func (c *Catalog) dirLinesAll() *dirLines {
	c.dirOnce.Do(func() { c.dirAll = buildDirLines(c, nil) })
	return c.dirAll
}

// warmPrompt builds what every model planner's prompt reads from the
// catalog besides its tools: the search index (candidates), the servers'
// summaries and the directory's lines.
func (c *Catalog) warmPrompt() {
	c.Index()
	c.serverSummaries()
	c.dirLinesAll()
}

// warmLines builds every tool's prompt line (JSON mode and sampling).
func (c *Catalog) warmLines() {
	for i := range c.Tools {
		c.toolLineBody(&c.Tools[i], false)
		c.toolLineBody(&c.Tools[i], true)
	}
}

// toolLineBody returns toolLineBody(t, minimal), built once per catalog:
// it decodes the tool's schema, which is most of a JSON-mode prompt's cost.
func (c *Catalog) toolLineBody(t *Tool, minimal bool) string {
	k := 0
	if minimal {
		k = 1
	}
	c.lineMu.Lock()
	s, ok := c.lines[k][t]
	c.lineMu.Unlock()
	if ok {
		return s
	}
	s = toolLineBody(t, minimal)
	c.lineMu.Lock()
	if c.lines[k] == nil {
		c.lines[k] = make(map[*Tool]string)
	}
	c.lines[k][t] = s
	c.lineMu.Unlock()
	return s
}

// Search ranks the catalog's tools for a query, best first, at most limit
// results (limit <= 0 means all tools with a positive score).
func (c *Catalog) Search(query string, tctx *TaskContext, limit int) []Scored {
	if c.Len() == 0 {
		return nil
	}
	return c.Index().Search(query, tctx, limit)
}

// ArgSchema returns the compiled input schema of tool t (a pointer into
// c.Tools), compiling it on first use. A non-nil error means the backend's
// schema could not be compiled; callers forward such calls unvalidated.
func (c *Catalog) ArgSchema(t *Tool) (*schemas.ArgSchema, error) {
	i, ok := c.byName[t.QualifiedName()]
	if !ok {
		return schemas.CompileArgSchema(t.InputSchema)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.schemas == nil {
		c.schemas = make(map[int]argSchema)
	}
	if a, ok := c.schemas[i]; ok {
		return a.s, a.err
	}
	s, err := schemas.CompileArgSchema(t.InputSchema)
	c.schemas[i] = argSchema{s, err}
	return s, err
}
