package planner

import (
	"os"
	"testing"
)

// TestRelationName: a third-person verb and a preposition joined by an
// underscore name a relation; other snake-case identifiers do not.
func TestRelationName(t *testing.T) {
	for _, c := range []struct {
		word string
		want bool
	}{
		{"depends_on", true},
		{"works_at", true},
		{"belongs_to", true},
		{"reports_to", true},
		{"created_at", false}, // a participle: a column's name
		{"feature_flags", false},
		{"orders_tmp", false},
		{"user_id", false},
		{"on", false},
		{"blorfs_on", false}, // no English verb
	} {
		if got := relationName(c.word); got != c.want {
			t.Errorf("%q: relation name %v, want %v", c.word, got, c.want)
		}
	}
}

// TestRelationNameRealCatalog: over the real catalog, probes written for
// the test (not rows of a set): a task that writes a relation's name goes
// to the knowledge graph's relation tools; tasks of other servers that
// keep their tools.
func TestRelationNameRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"store in memory that api-gateway depends_on auth-service": "create_relations",
		"add to the knowledge graph that Carol reports_to Dana":    "create_relations",
		"remember that web-app belongs_to team-platform":           "create_relations",
		"Carol no longer reports_to Dana, remove that from memory": "delete_relations",
		"create a github issue in acme/api about the login bug":    "create_issue",
		"read /srv/app/main.go":                                    "read_file",
	})
}

// TestBetweenNames: a relation's name between two terms of the relation
// is one; a column's name in a query's clause is not.
func TestBetweenNames(t *testing.T) {
	for _, c := range []struct {
		query string
		at    int
		want  bool
	}{
		{"record that checkout-service depends_on payments-api", 3, true},
		{"the link saying she works_at Initech is wrong", 4, true},
		{"billing-service no longer depends_on legacy-queue, drop that link", 3, true},
		{"delete from sessions where expires_at < now()", 4, false},
		{"list sessions ordered by starts_at desc", 4, false},
		{"the key expires_at", 2, false},
	} {
		if got := betweenNames(fields(c.query), c.at); got != c.want {
			t.Errorf("%q at %d: between names %v, want %v", c.query, c.at, got, c.want)
		}
	}
}
