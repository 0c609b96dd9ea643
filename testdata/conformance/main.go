// Command conformance is the MCP server the official conformance suite's
// server scenarios expect (@modelcontextprotocol/conformance: tools,
// resources, prompts and completions named test_*), served over stdio so
// it can sit behind mcp-agentify as a backend. The expected names and
// results are read from the suite's scenario code.
package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A 1x1 red PNG and a minimal WAV, base64.
const (
	pngData = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
	wavData = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA="
)

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

// b64 decodes a constant; the SDK encodes content bytes on the wire.
func b64(s string) []byte {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func schema(s string) json.RawMessage { return json.RawMessage(s) }

const noArgs = `{"type":"object","properties":{}}`

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "conformance", Version: "1.0.0"}, &mcp.ServerOptions{
		SupportedProtocolVersions: []string{"2025-11-25", "2025-06-18", "2025-03-26"},
		CompletionHandler: func(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			var vals []string
			for _, v := range []string{"paris", "park", "party", "test", "testing"} {
				if strings.HasPrefix(v, req.Params.Argument.Value) {
					vals = append(vals, v)
				}
			}
			return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: append([]string{}, vals...), Total: len(vals)}}, nil
		},
		SubscribeHandler:   func(context.Context, *mcp.SubscribeRequest) error { return nil },
		UnsubscribeHandler: func(context.Context, *mcp.UnsubscribeRequest) error { return nil },
	})
	tool := func(name, desc, in string, h mcp.ToolHandler) {
		s.AddTool(&mcp.Tool{Name: name, Description: desc, InputSchema: schema(in)}, h)
	}
	tool("test_simple_text", "Returns simple text", noArgs, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return text("This is a simple text response for testing."), nil
	})
	tool("test_image_content", "Returns an image", noArgs, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: b64(pngData), MIMEType: "image/png"}}}, nil
	})
	tool("test_audio_content", "Returns audio", noArgs, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.AudioContent{Data: b64(wavData), MIMEType: "audio/wav"}}}, nil
	})
	tool("test_embedded_resource", "Returns an embedded resource", noArgs, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "test://embedded-resource", MIMEType: "text/plain", Text: "This is an embedded resource content."}}}}, nil
	})
	tool("test_multiple_content_types", "Returns mixed content", noArgs, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{
			&mcp.TextContent{Text: "Multiple content types test:"},
			&mcp.ImageContent{Data: b64(pngData), MIMEType: "image/png"},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "test://mixed-content-resource", MIMEType: "application/json", Text: `{"test":"data","value":123}`}},
		}}, nil
	})
	tool("test_tool_with_logging", "Logs during execution", noArgs, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		for i, m := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
			if i > 0 {
				time.Sleep(50 * time.Millisecond)
			}
			req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: "info", Data: m, Logger: "conformance"})
		}
		return text("Logging test completed"), nil
	})
	tool("test_error_handling", "Always fails", noArgs, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		r := text("This tool intentionally returns an error for testing")
		r.IsError = true
		return r, nil
	})
	tool("test_tool_with_progress", "Reports progress", noArgs, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		tok := req.Params.GetProgressToken()
		for i, p := range []float64{0, 50, 100} {
			if i > 0 {
				time.Sleep(50 * time.Millisecond)
			}
			if tok != nil {
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: p, Total: 100})
			}
		}
		return text("Progress test completed"), nil
	})
	tool("test_reconnection", "Answers after a short wait (the SSE polling scenario's tool)", noArgs, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		time.Sleep(100 * time.Millisecond)
		return text("Reconnection test completed"), nil
	})
	tool("test_sampling", "Asks the client's model", `{"type":"object","properties":{"prompt":{"type":"string"}},"required":["prompt"]}`, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a struct{ Prompt string }
		json.Unmarshal(req.Params.Arguments, &a)
		res, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 100, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: a.Prompt}}}})
		if err != nil {
			return nil, err
		}
		t, _ := res.Content.(*mcp.TextContent)
		if t == nil {
			return text("LLM response: (not text)"), nil
		}
		return text("LLM response: " + t.Text), nil
	})
	elicit := func(ctx context.Context, req *mcp.CallToolRequest, msg, requested string) (*mcp.CallToolResult, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: schema(requested)})
		if err != nil {
			return nil, err
		}
		c, _ := json.Marshal(res.Content)
		return text(fmt.Sprintf("Elicitation completed: action=%s, content=%s", res.Action, c)), nil
	}
	tool("test_elicitation", "Asks the user", `{"type":"object","properties":{"message":{"type":"string"}},"required":["message"]}`, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a struct{ Message string }
		json.Unmarshal(req.Params.Arguments, &a)
		r, err := elicit(ctx, req, a.Message, `{"type":"object","properties":{"username":{"type":"string","description":"User's response"},"email":{"type":"string","description":"User's email address"}},"required":["username","email"]}`)
		if r != nil {
			r.Content[0].(*mcp.TextContent).Text = "User response: " + r.Content[0].(*mcp.TextContent).Text
		}
		return r, err
	})
	tool("test_elicitation_sep1034_defaults", "Elicits with defaults", noArgs, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return elicit(ctx, req, "Please review the defaults", `{"type":"object","properties":{"name":{"type":"string","default":"John Doe"},"age":{"type":"integer","default":30},"score":{"type":"number","default":95.5},"status":{"type":"string","enum":["active","inactive","pending"],"default":"active"},"verified":{"type":"boolean","default":true}}}`)
	})
	tool("test_elicitation_sep1330_enums", "Elicits all enum shapes", noArgs, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return elicit(ctx, req, "Please pick", `{"type":"object","properties":{
"untitledSingle":{"type":"string","enum":["option1","option2","option3"]},
"titledSingle":{"type":"string","oneOf":[{"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},
"legacyEnum":{"type":"string","enum":["opt1","opt2","opt3"],"enumNames":["Option One","Option Two","Option Three"]},
"untitledMulti":{"type":"array","items":{"type":"string","enum":["option1","option2","option3"]}},
"titledMulti":{"type":"array","items":{"anyOf":[{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}}}`)
	})
	tool("json_schema_2020_12_tool", "Tool with JSON Schema 2020-12 features", `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","$defs":{"address":{"type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},"properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"}},"additionalProperties":false}`,
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) { return text("ok"), nil })

	res := func(uri, name, mime string, rc *mcp.ResourceContents) {
		s.AddResource(&mcp.Resource{URI: uri, Name: name, Description: name, MIMEType: mime}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{rc}}, nil
		})
	}
	res("test://static-text", "static-text", "text/plain", &mcp.ResourceContents{URI: "test://static-text", MIMEType: "text/plain", Text: "This is the content of the static text resource."})
	res("test://static-binary", "static-binary", "image/png", &mcp.ResourceContents{URI: "test://static-binary", MIMEType: "image/png", Blob: b64(pngData)})
	res("test://watched-resource", "watched-resource", "text/plain", &mcp.ResourceContents{URI: "test://watched-resource", MIMEType: "text/plain", Text: "watched"})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "test://template/{id}/data", Name: "template", Description: "data by id", MIMEType: "application/json"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			id := strings.TrimSuffix(strings.TrimPrefix(req.Params.URI, "test://template/"), "/data")
			b, _ := json.Marshal(map[string]any{"id": id, "templateTest": true, "data": "Data for ID: " + id})
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(b)}}}, nil
		})

	prompt := func(p *mcp.Prompt, h mcp.PromptHandler) { s.AddPrompt(p, h) }
	msgs := func(m ...*mcp.PromptMessage) *mcp.GetPromptResult { return &mcp.GetPromptResult{Messages: m} }
	prompt(&mcp.Prompt{Name: "test_simple_prompt", Description: "A simple prompt"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return msgs(&mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: "This is a simple prompt for testing."}}), nil
	})
	prompt(&mcp.Prompt{Name: "test_prompt_with_arguments", Description: "A prompt with arguments", Arguments: []*mcp.PromptArgument{{Name: "arg1", Description: "First test argument", Required: true}, {Name: "arg2", Description: "Second test argument", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			a := req.Params.Arguments
			return msgs(&mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", a["arg1"], a["arg2"])}}), nil
		})
	prompt(&mcp.Prompt{Name: "test_prompt_with_embedded_resource", Description: "A prompt with a resource", Arguments: []*mcp.PromptArgument{{Name: "resourceUri", Description: "URI of the resource to embed", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return msgs(
				&mcp.PromptMessage{Role: "user", Content: &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: req.Params.Arguments["resourceUri"], MIMEType: "text/plain", Text: "Embedded resource content for testing."}}},
				&mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: "Please process the embedded resource above."}}), nil
		})
	prompt(&mcp.Prompt{Name: "test_prompt_with_image", Description: "A prompt with an image"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return msgs(
			&mcp.PromptMessage{Role: "user", Content: &mcp.ImageContent{Data: b64(pngData), MIMEType: "image/png"}},
			&mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: "Please analyze the image above."}}), nil
	})
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("conformance: %v", err)
		os.Exit(1)
	}
}
