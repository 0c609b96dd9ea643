package gateway

import (
	"context"
	"encoding/json"
	"time"

	"github.com/mcp-agentify/mcp-agentify/planner"
	"github.com/mcp-agentify/mcp-agentify/schemas"
)

// Sampler sends sampling/createMessage to the IDE (see [planner.Sampler]).
type Sampler interface {
	CreateMessage(ctx context.Context, params json.RawMessage) (json.RawMessage, error)
	SupportsTools() bool
}

// newPlanner chooses the planner: planner.provider "auto" (the default)
// takes OpenAI when an API key is set, else the IDE's own model through
// sampling when the IDE offers it, else the offline lexical planner.
func (g *Gateway) newPlanner(cfg *schemas.Config, sampler Sampler) (planner.Planner, string) {
	pc := cfg.Planner
	if pc == nil {
		pc = &schemas.PlannerConfig{}
	}
	provider := pc.Provider
	if provider == "" || provider == "auto" {
		switch {
		case pc.APIKey != "" || pc.BaseURL != "" && pc.Provider == "openai":
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
			MaxPromptTokens: pc.MaxPromptTokens,
			MaxAttempts:     pc.MaxAttempts,
			Temperature:     pc.Temperature,
			HTTPClient:      g.opts.HTTPClient,
			RequestTimeout:  pc.Timeout.D(60 * time.Second),
			MaxSteps:        pc.MaxSteps,
			Executor:        executor{g},
		}
		return planner.NewOpenAI(opts), "openai"
	case "sampling":
		if sampler == nil {
			g.log.Warn().Msg("planner.provider is sampling but the client did not declare the sampling capability; using the lexical planner")
			break
		}
		g.log.Warn().Msg("sampling planner not wired yet; using the lexical planner")
	}
	return planner.NewLexical(nil), "lexical"
}

// executor runs intermediate steps of multi-step plans.
type executor struct{ g *Gateway }

func (e executor) Execute(ctx context.Context, p *planner.Plan) (json.RawMessage, bool, error) {
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
