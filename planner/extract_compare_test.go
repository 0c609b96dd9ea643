package planner

import "testing"

// TestComparisonFilter: a comparison said in English after "where",
// "with" or "whose" ("age is over 30", "total greater than 100", "at
// least 18") is a MongoDB query operator for a filter that takes MongoDB's
// query language; an equality stays a plain value, a task without a
// condition gives no filter, and a filter of another language (Notion's)
// gets no MongoDB operator.
func TestComparisonFilter(t *testing.T) {
	checkCatalogArgs(t, "mongodb__find", []argCase{
		{"find users in app.users where age is over 30", `{"collection":"users","database":"app","filter":{"age":{"$gt":30}}}`},
		{"find users in app.users whose age is at least 18", `{"collection":"users","database":"app","filter":{"age":{"$gte":18}}}`},
		{"find users in app.users with karma no more than 5", `{"collection":"users","database":"app","filter":{"karma":{"$lte":5}}}`},
		// Without the value.
		{"find users in app.users where status is active", `{"collection":"users","database":"app","filter":{"status":"active"}}`},
		{"find users in app.users", `{"collection":"users","database":"app"}`},
		{"find users in app.users where age is over", `{"collection":"users","database":"app"}`},
	})
	checkCatalogArgs(t, "mongodb__count", []argCase{
		{"count orders in shop.orders with total greater than 100", `{"collection":"orders","database":"shop","query":{"total":{"$gt":100}}}`},
	})
	checkCatalogArgs(t, "mongodb__delete-many", []argCase{
		{"delete docs in app.logs where level is below 3", `{"collection":"logs","database":"app","filter":{"level":{"$lt":3}}}`},
	})
	checkCatalogArgs(t, "notion__API-query-data-source", []argCase{
		{"query notion data source abc where age is over 30", `{"data_source_id":"abc"}`},
	})
}

// TestJSONItems: every JSON object a task writes for a list of objects is
// one of its items, in order; one object is a list of one, and a task
// without JSON gives no list.
func TestJSONItems(t *testing.T) {
	checkCatalogArgs(t, "mongodb__insert-many", []argCase{
		{`insert {"name": "Ann"} and {"name": "Bo"} into app.users`, `{"collection":"users","database":"app","documents":[{"name":"Ann"},{"name":"Bo"}]}`},
		{`insert {"name": "Ann"}, {"name": "Bo"} and {"name": "Cy"} into app.users`, `{"collection":"users","database":"app","documents":[{"name":"Ann"},{"name":"Bo"},{"name":"Cy"}]}`},
		{`insert {"name": "Ann"} into app.users`, `{"collection":"users","database":"app","documents":[{"name":"Ann"}]}`},
		// Without the value.
		{`insert a user named Ann into app.users`, `{"collection":"users","database":"app"}`},
	})
}

// TestHaveFilter: the verb of having states an attribute's value as
// "with" does ("docs that have status pending"), and JSON's literals true
// and false in a condition are booleans; "I have a ..." states none.
func TestHaveFilter(t *testing.T) {
	checkCatalogArgs(t, "mongodb__count", []argCase{
		{"how many docs in shop.orders have status pending?", `{"collection":"orders","database":"shop","query":{"status":"pending"}}`},
		{"count the docs in shop.orders that has state open", `{"collection":"orders","database":"shop","query":{"state":"open"}}`},
		{"I have a question about shop.orders", `{"collection":"orders","database":"shop"}`},
	})
	checkCatalogArgs(t, "mongodb__delete-many", []argCase{
		{"delete docs in app.sessions where expired is true", `{"collection":"sessions","database":"app","filter":{"expired":true}}`},
		{"delete docs in app.sessions where active is 'false'", `{"collection":"sessions","database":"app","filter":{"active":"false"}}`},
	})
}

// TestNamingVerbValue: a name or title parameter takes the name English's
// naming construction gives ("title it X", "call the export X", "label the
// connection X"); "label it X" puts a label, names nothing.
func TestNamingVerbValue(t *testing.T) {
	checkCatalogArgs(t, "mongodb__export", []argCase{
		{"export crm.users as canonical EJSON, title it 'users-backup'", `{"collection":"users","database":"crm","exportTitle":"users-backup","jsonExportFormat":"canonical"}`},
		{"export crm.contacts as relaxed EJSON, call the export contacts-backup", `{"collection":"contacts","database":"crm","exportTitle":"contacts-backup","jsonExportFormat":"relaxed"}`},
		{"export crm.contacts as relaxed EJSON, call the file contacts-backup", `{"collection":"contacts","database":"crm","jsonExportFormat":"relaxed"}`}, // not the export
	})
	checkCatalogArgs(t, "mongodb__connect", []argCase{
		{"connect to mongodb://10.0.4.12:27017 and label the connection reporting", `{"connectionName":"reporting","connectionString":"mongodb://10.0.4.12:27017"}`},
	})
	checkCatalogArgs(t, "gitlab__create_issue", []argCase{
		{"file a GitLab issue in group/app: 'Crash on login', label it bug", `{"labels":["bug"],"project_id":"group/app","title":"Crash on login"}`},
	})
}

// TestContainerAfterPreposition: a bare noun phrase of a container after
// "of" or "in" names the container as one after an article does.
func TestContainerAfterPreposition(t *testing.T) {
	checkCatalogArgs(t, "mongodb__count", []argCase{
		{"count the events collection of analytics db", `{"collection":"events","database":"analytics"}`},
		{"count the events collection of the analytics db", `{"collection":"events","database":"analytics"}`},
	})
	checkCatalogArgs(t, "supabase__list_tables", []argCase{
		{"list tables in public schema of supabase project abcdefghijklmnop", `{"project_id":"abcdefghijklmnop","schemas":["public"]}`},
	})
}
