package planner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// LexicalOptions configures [Lexical]. A nil *LexicalOptions means the
// defaults documented on each field; a zero field also means its default.
type LexicalOptions struct {
	// Candidates is how many ranked tools a plan lists (with description and
	// input schema) for the caller or the IDE's model to choose from.
	// Default 5.
	Candidates int

	// MinEvidence is the [Scored.Evidence] the best tool must reach for the
	// planner to pick it; below it the planner refuses and returns the
	// candidates. Zero means 0.153, fitted with the scoring constants in
	// round 20 (rank.go; it was 0.24, the largest threshold that refused at
	// most 2% of the answerable tasks of the dev and first fresh set). A
	// negative value never refuses.
	MinEvidence float64

	// MinCoverage, when positive, also refuses a best tool whose
	// [Scored.Coverage] is below it. Zero means no such floor.
	MinCoverage float64
}

const defaultLexicalCandidates = 5

// defaultLexicalMinEvidence is 0.153 since round 20's fit of the scoring
// constants (rank.go), which chose it with them; it was 0.24 before.
var defaultLexicalMinEvidence = 0.153

// Lexical is the offline planner: no model, no network. It takes the
// ranker's best tool ([Catalog.Search]) and fills arguments only with values
// the query spells out (paths, URLs, owner/repo#123, quoted text, numbers,
// enum values it names); when a required argument cannot be read off the
// query the plan lists it in Missing, with the candidates, instead of
// guessing. A Lexical is safe for concurrent use.
type Lexical struct {
	candidates  int
	minEvidence float64
	minCoverage float64
}

var _ Planner = (*Lexical)(nil)

// NewLexical returns a lexical planner; opts may be nil.
func NewLexical(opts *LexicalOptions) *Lexical {
	l := &Lexical{candidates: defaultLexicalCandidates, minEvidence: defaultLexicalMinEvidence}
	if opts != nil {
		if opts.Candidates > 0 {
			l.candidates = opts.Candidates
		}
		if opts.MinEvidence != 0 {
			l.minEvidence = opts.MinEvidence
		}
		l.minCoverage = opts.MinCoverage
	}
	return l
}

// Plan implements [Planner]. It returns an error only when ctx is done; a
// task nothing fits gives a Plan with an empty BackendID and Text saying
// why.
func (l *Lexical) Plan(ctx context.Context, task Task, cat *Catalog) (*Plan, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("lexical planner: %w", err)
	}
	p := &Plan{Planner: "lexical", Attempts: 1}
	defer func() { p.Latency = Duration(time.Since(start)) }()

	res := cat.Search(task.Query, task.Context, l.candidates)
	for _, r := range res {
		p.Candidates = append(p.Candidates, Candidate{
			Backend: r.Tool.Backend, Tool: r.Tool.Name, Score: r.Score,
			Description: r.Tool.Description, InputSchema: r.Tool.InputSchema,
		})
	}
	if len(res) == 0 {
		p.Text = "No tool matches this task: none of the available tools mentions what it asks for."
		return p, nil
	}
	best := res[0]
	if l.minEvidence > 0 && best.Evidence < l.minEvidence && !l.requestAlone(task, cat, best) || l.minCoverage > 0 && best.Coverage < l.minCoverage {
		p.Text = fmt.Sprintf("No tool fits this task well enough: the closest, %s, matches only %.0f%% of what it asks. See the candidates.",
			best.Tool.QualifiedName(), 100*best.TaskCoverage)
		return p, nil
	}

	if laterTime(task.Query) && cat.Index().acts(best.pos) && !takesTime(best.Tool.InputSchema) { // refuse_time.go
		p.Text = fmt.Sprintf("No tool fits this task: it asks for the act at a later time, and the closest, %s, takes no time. See the candidates.",
			best.Tool.QualifiedName())
		return p, nil
	}

	t := best.Tool
	var cwd string
	if task.Context != nil {
		cwd = task.Context.CurrentWorkingDirectory
	}
	vals := extractValues(task.Query, cwd)
	vals.backend = t.Backend
	props := toolArgProps(t)
	args, missing := fillArgs(props, vals, task.Query, task.Context, toolReadOnly(t))
	args, missing = dropProductNames(props, args, missing, t.Backend)
	args, missing = validateArgs(cat, t, args, missing)

	raw, err := json.Marshal(args)
	if err != nil {
		return nil, fmt.Errorf("lexical planner: arguments: %w", err)
	}
	p.BackendID, p.Tool, p.Arguments = t.Backend, t.Name, raw
	p.Missing = missing
	if len(missing) > 0 {
		p.Text = fmt.Sprintf("%s looks right, but the task does not say %s. Give them, or pick from the candidates.",
			t.QualifiedName(), strings.Join(missing, ", "))
	}
	return p, nil
}

// validateArgs checks args against the tool's schema and drops any filled
// argument the schema rejects; a dropped required argument becomes missing.
// A schema that does not compile leaves args as they are, as the gateway
// then forwards calls unvalidated.
func validateArgs(cat *Catalog, t *Tool, args map[string]any, missing []string) (map[string]any, []string) {
	s, err := cat.ArgSchema(t)
	if err != nil || s == nil {
		return args, missing
	}
	required := map[string]bool{}
	for _, p := range toolProps(t.InputSchema) {
		required[p.name] = p.required
	}
	for range 3 {
		raw, _ := json.Marshal(args)
		err := s.Validate(raw)
		if err == nil {
			return args, missing
		}
		var fes schemas.FieldErrors
		if !errors.As(err, &fes) {
			return args, missing
		}
		dropped := false
		for _, fe := range fes {
			seg, rest, nested := strings.Cut(strings.TrimPrefix(fe.Pointer, "/"), "/")
			name := strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
			if _, ok := args[name]; ok && nested && fe.Message == "missing property" {
				// A member an object or a list item the task spelled out
				// does not give ("push a.md and b.md": each file's
				// content): what the task gives is kept, the member is
				// missing ("files.0.content").
				if m := name + "." + strings.ReplaceAll(rest, "/", "."); !slices.Contains(missing, m) {
					missing = append(missing, m)
				}
				continue
			}
			if _, ok := args[name]; ok {
				delete(args, name)
				dropped = true
				if required[name] {
					missing = append(missing, name)
				}
			}
		}
		if !dropped {
			// The remaining errors are about what is missing, already listed.
			return args, missing
		}
	}
	return args, missing
}

// toolReadOnly reports whether t only reads: its annotation, else a
// searching or listing name.
func toolReadOnly(t *Tool) bool {
	if t.Annotations == nil || t.Annotations.ReadOnlyHint == nil {
		return isSearchName(t.Name)
	}
	return *t.Annotations.ReadOnlyHint
}

func isSearchName(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "search") || strings.Contains(n, "find") || strings.HasPrefix(n, "get") || strings.HasPrefix(n, "list")
}

// dropProductNames removes string arguments that are only the name of the
// tool's own product ("on context7", "the supabase project with id ..."):
// the task names the product to say which tools to use, not as a value.
// A required one becomes missing.
func dropProductNames(props []argProp, args map[string]any, missing []string, backend string) (map[string]any, []string) {
	for _, p := range props {
		s, ok := args[p.name].(string)
		if !ok || !namesProduct(s, backend) {
			continue
		}
		delete(args, p.name)
		if p.required {
			missing = append(missing, p.name)
		}
	}
	return args, missing
}

// namesProduct reports whether s is the backend's name or one of its
// words of four letters or more ("context7", "supabase"; "google" of
// "google-maps"), in any case. The re-rank asks it of every string
// argument of every candidate, so it splits the name without building a
// set.
func namesProduct(s, backend string) bool {
	if strings.EqualFold(s, backend) {
		return true
	}
	found := false
	splitWords(backend, func(w string) {
		found = found || len(w) >= 4 && strings.EqualFold(s, w)
	})
	return found
}
