package planner

import (
	"context"
	"encoding/json"
	"testing"
)

// TestMadeKindIsTheLeadsObject: a request to make a new thing of a kind
// is planned on a server whose tool makes things of that kind, named so
// or stated as the object of its description's verb, not on one whose
// tool only puts something into such a thing ("Post a new message to a
// chat channel" makes messages; the channel is where they go).
func TestMadeKindIsTheLeadsObject(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"channel_id":{"type":"string"},"text":{"type":"string"},"name":{"type":"string"}},"required":["channel_id"]}`)
	chat := []Tool{
		{Backend: "chat", Name: "chat_post_message", Description: "Post a new message to a chat channel", InputSchema: obj},
		{Backend: "chat", Name: "chat_list_channels", Description: "List public channels in the workspace", InputSchema: obj},
		{Backend: "chat", Name: "chat_get_channel_history", Description: "Get recent messages from a channel", InputSchema: obj},
	}
	lex := NewLexical(&LexicalOptions{MinEvidence: 0.001})
	q := "create a new chat channel called incident-42 and invite the on-call team"
	p, _ := lex.Plan(context.Background(), Task{Query: q}, NewCatalog(chat))
	if p.Tool != "" {
		t.Errorf("%q: planned %s, want a refusal (no tool makes channels)", q, p.Tool)
	}
	// A server whose tool states the kind as its object makes it.
	withCreate := append(chat[:len(chat):len(chat)], Tool{Backend: "chat", Name: "chat_open_conversation", Description: "Creates a new channel in the workspace", InputSchema: obj})
	p, _ = lex.Plan(context.Background(), Task{Query: q}, NewCatalog(withCreate))
	if p.Tool != "chat_open_conversation" {
		t.Errorf("%q with a tool that creates channels: planned %q, want chat_open_conversation", q, p.Tool)
	}
	q = "create a new chat message in channel C123 saying hello"
	if p, _ = lex.Plan(context.Background(), Task{Query: q}, NewCatalog(chat)); p.Tool != "chat_post_message" {
		t.Errorf("%q: planned %q, want chat_post_message", q, p.Tool)
	}
}

// TestOperationObjectBeforeItsName: "delete the hosting project qwzx" asks
// to delete a project; the word after the kind, no word of English nor of
// the catalog, is the project's name. A server whose tools delete other
// things only (delete_branch) does not offer it.
func TestOperationObjectBeforeItsName(t *testing.T) {
	obj := json.RawMessage(`{"type":"object","properties":{"project_id":{"type":"string"},"branch_id":{"type":"string"}}}`)
	cat := NewCatalog([]Tool{
		{Backend: "hosting", Name: "delete_branch", Description: "Deletes a development branch.", InputSchema: obj},
		{Backend: "hosting", Name: "pause_project", Description: "Pauses a hosting project.", InputSchema: obj},
		{Backend: "hosting", Name: "create_project", Description: "Creates a new hosting project.", InputSchema: obj},
	})
	lex := NewLexical(&LexicalOptions{MinEvidence: 0.001})
	q := "permanently delete the hosting project qwzxkvbnmtrplh"
	if p, _ := lex.Plan(context.Background(), Task{Query: q}, cat); p.Tool != "" {
		t.Errorf("%q: planned %s, want a refusal", q, p.Tool)
	}
	q = "delete the hosting branch qwzxkvbnmtrplh"
	if p, _ := lex.Plan(context.Background(), Task{Query: q}, cat); p.Tool != "delete_branch" {
		t.Errorf("%q: planned %q, want delete_branch", q, p.Tool)
	}
}

// TestModifierParticipleSetsNoIntent: "most recently updated first" sorts
// a listing; the participle is no request to update, and the listing
// tool ranks first. "get the issue updated" is left as it was.
func TestModifierParticipleSetsNoIntent(t *testing.T) {
	fs := fields("list closed issues in acme/web, most recently updated first")
	found := false
	for i, f := range fs {
		if f.text == "updated" {
			found = modifierParticiple(fs, i)
		}
	}
	if !found {
		t.Error("modifierParticiple: 'recently updated' is no modifier")
	}
	for _, s := range []string{"get the issue updated", "updated the readme"} {
		fs := fields(s)
		for i := range fs {
			if modifierParticiple(fs, i) {
				t.Errorf("%q: field %q read as a modifier", s, fs[i].text)
			}
		}
	}
	// The request reads: its intent is read-only, as without the participle.
	for _, q := range []string{
		"list the issues in acme/web, most recently updated first",
		"show the newly created branches of acme/web",
	} {
		if p := parseQuery(q); !p.readOnly || p.write {
			t.Errorf("%q: readOnly %v write %v, want a read-only request", q, p.readOnly, p.write)
		}
	}
	if p := parseQuery("get the issue updated with the new title"); p.readOnly {
		t.Error("'get the issue updated': read-only, want the update asked for")
	}
}
