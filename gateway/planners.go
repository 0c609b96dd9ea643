package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// newPlanner chooses the planner: planner.provider "auto" (the default)
// takes OpenAI when an API key is set, else the IDE's own model through
// sampling when the IDE offers it, else the offline lexical planner.
func (g *Gateway) newPlanner(cfg *schemas.Config, sampler planner.Sampler) (planner.Planner, string) {
	pc := cfg.Planner
	if pc == nil {
		pc = &schemas.PlannerConfig{}
	}
	provider := pc.Provider
	if provider == "" || provider == "auto" {
		switch {
		case pc.APIKey != "" || pc.BaseURL != "":
			// A base URL without a key is a local OpenAI-compatible server (Ollama, LM Studio).
			provider = "openai"
		case sampler != nil:
			provider = "sampling"
		default:
			provider = "lexical"
		}
	}
	switch provider {
	case "openai":
		if pc.APIKey == "" && pc.BaseURL == "" {
			g.log.Warn().Msg("planner.provider is openai but no API key is set (OPENAI_API_KEY); using the lexical planner")
			break
		}
		opts := planner.OpenAIOptions{
			APIKey:          pc.APIKey,
			BaseURL:         pc.BaseURL,
			Model:           pc.Model,
			MaxTools:        pc.MaxTools,
			MaxPromptTokens: promptBudget(pc),
			MaxAttempts:     pc.MaxAttempts,
			Temperature:     pc.Temperature,
			HTTPClient:      g.opts.HTTPClient,
			RequestTimeout:  pc.Timeout.D(60 * time.Second),
			MaxSteps:        pc.MaxSteps,
			Executor:        executor{g},
		}
		if pc.Mode == "json" {
			return planner.NewJSONMode(opts), "json"
		}
		return planner.NewOpenAI(opts), "openai"
	case "sampling":
		if sampler == nil {
			g.log.Warn().Msg("planner.provider is sampling but the client did not declare the sampling capability; using the lexical planner")
			break
		}
		sampler = timedSampler{sampler, pc.Timeout.D(2 * time.Minute)}
		return planner.NewSampling(sampler, planner.SamplingOptions{
			MaxTools:        pc.MaxTools,
			MaxPromptTokens: promptBudget(pc),
			MaxAttempts:     pc.MaxAttempts,
			Temperature:     pc.Temperature,
			MaxSteps:        pc.MaxSteps,
			Executor:        executor{g},
		}), "sampling"
	}
	return planner.NewLexical(nil), "lexical"
}

// timedSampler bounds each sampling request: the IDE may ask its user to
// approve it, so the default (2 minutes) is longer than for an API call.
type timedSampler struct {
	planner.Sampler
	timeout time.Duration
}

func (t timedSampler) CreateMessage(ctx context.Context, params json.RawMessage) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(ctx, t.timeout)
	defer cancel()
	return t.Sampler.CreateMessage(ctx, params)
}

// DefaultMaxPromptTokens caps the estimated prompt tokens spent on tool
// definitions when the configuration sets no cap: about 30 typical tools,
// under a tenth of a 385-tool catalog, with the right tool still among
// them for 98.7% of the shared dev queries.
const DefaultMaxPromptTokens = 8000

func promptBudget(pc *schemas.PlannerConfig) int {
	if pc.MaxPromptTokens > 0 {
		return pc.MaxPromptTokens
	}
	return DefaultMaxPromptTokens
}

// executor runs intermediate steps of multi-step plans.
type executor struct{ g *Gateway }

// dryRunKey marks the context of a dry run's planning (value true).
type dryRunKey struct{}

func (e executor) Execute(ctx context.Context, p *planner.Plan) (json.RawMessage, bool, error) {
	if dry, _ := ctx.Value(dryRunKey{}).(bool); dry {
		return nil, false, planner.ErrSkipExecution
	}
	if err := e.g.confirmRun(ctx, p); err != nil {
		var d *errDeclined
		if errors.As(err, &d) {
			if st, _ := ctx.Value(confirmKey{}).(*confirmState); st != nil {
				st.declined = d.reason
			}
			return nil, false, fmt.Errorf("%w: %s", planner.ErrSkipExecution, d.reason)
		}
		return nil, true, err
	}
	res, err := e.g.execute(ctx, p)
	if err != nil {
		return nil, true, err
	}
	var r struct {
		IsError bool `json:"isError"`
	}
	_ = json.Unmarshal(res, &r)
	return res, r.IsError, nil
}
