package planner

import "testing"

// TestRelationTriple: a graph tool of another shape (top-level source,
// target, relationType) takes a relation written as subject, type as
// code, object; prose verbs, two relations or ends that are no names
// leave it empty.
func TestRelationTriple(t *testing.T) {
	schema := `{"type":"object","properties":{
		"source":{"type":"string","description":"Source node"},
		"target":{"type":"string","description":"Target node"},
		"relationType":{"type":"string","description":"Edge label"}},
		"required":["source","target","relationType"]}`
	checkArgs(t, schema, []argCase{
		{"add an edge Billing calls_into Ledger", `{"relationType":"calls_into","source":"Billing","target":"Ledger"}`},
		{"graph: auth-svc dependsOn user-db", `{"relationType":"dependsOn","source":"auth-svc","target":"user-db"}`},
		{"add an edge: Billing calls Ledger", `{}`},
		{"Billing calls_into Ledger and Ledger reads_from Vault", `{}`},
		{"add the edge billing calls_into ledger", `{}`},
	})
}
