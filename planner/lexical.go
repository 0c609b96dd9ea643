package planner

import "context"

// LexicalOptions configures [Lexical]. A nil *LexicalOptions means defaults.
type LexicalOptions struct{}

// Lexical is the offline planner.
type Lexical struct{}

// NewLexical returns a lexical planner.
func NewLexical(opts *LexicalOptions) *Lexical { return &Lexical{} }

var _ Planner = (*Lexical)(nil)

// Plan implements [Planner].
func (l *Lexical) Plan(ctx context.Context, task Task, cat *Catalog) (*Plan, error) {
	res := cat.Search(task.Query, task.Context, 5)
	p := &Plan{Planner: "lexical", Attempts: 1}
	if len(res) > 0 {
		p.BackendID, p.Tool = res[0].Tool.Backend, res[0].Tool.Name
	}
	return p, nil
}
