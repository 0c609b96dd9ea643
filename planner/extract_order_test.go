package planner

import "testing"

// TestOrderDirections: a map of fields to sort directions takes the field
// and the direction the task writes, +1 for ascending and -1 for
// descending; an array of alternatives takes the item that holds such a
// map with its constant members; no direction written, no map.
func TestOrderDirections(t *testing.T) {
	checkCatalogArgs(t, "mongodb__find", []argCase{
		{"fetch the 20 newest docs from MongoDB app.users sorted by createdAt descending", `{"collection":"users","database":"app","limit":20,"sort":{"createdAt":-1}}`},
		{"find docs in shop.orders sorted by total ascending", `{"collection":"orders","database":"shop","sort":{"total":1}}`},
		{"find docs in shop.orders sorted by total", `{"collection":"orders","database":"shop"}`},
	})
	checkCatalogArgs(t, "mongodb__create-index", []argCase{
		{"create an ascending index named email_1 on the email field of crm.users in mongo", `{"collection":"users","database":"crm","definition":[{"keys":{"email":1},"type":"classic"}],"name":"email_1"}`},
		{"add a descending index on createdAt to the orders collection in the shop database on mongo", `{"collection":"orders","database":"shop","definition":[{"keys":{"createdAt":-1},"type":"classic"}]}`},
		{"index the orders collection in the shop db by createdAt descending", `{"collection":"orders","database":"shop","definition":[{"keys":{"createdAt":-1},"type":"classic"}]}`},
	})
}
