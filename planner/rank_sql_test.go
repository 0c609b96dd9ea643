package planner

import (
	"context"
	"os"
	"strings"
	"testing"
)

// spanCase is a task and the fields of it a span reading finds, joined by
// spaces ("" for none).
type spanCase struct{ query, want string }

// checkSpans runs span over each case.
func checkSpans(t *testing.T, span func(string, []field) (int, int), cases []spanCase) {
	t.Helper()
	for _, c := range cases {
		fs := fields(c.query)
		first, end := span(c.query, fs)
		var got []string
		for i := first; i < end; i++ {
			got = append(got, fs[i].text)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%q: span %q, want %q", c.query, g, c.want)
		}
	}
}

// TestSQLSpan: an SQL statement written out unquoted is a span of fields,
// found by the statement's shape; English uses of its keywords, quoted
// statements and a closing phrase that says where to run it are not in it.
func TestSQLSpan(t *testing.T) {
	checkSpans(t, sqlSpan, []spanCase{
		{"run select count(*) from orders where status = 'failed' on supabase project wxyz", "select count(*) from orders where status = failed on supabase project wxyz"},
		{"run SELECT email FROM users WHERE active against the postgres db", "SELECT email FROM users WHERE active"},
		{"can you run delete from sessions where expired?", "delete from sessions where expired?"},
		{"update users set plan = 'pro' where id = 4", "update users set plan = pro where id = 4"},
		{"select the option Blue in the colour dropdown", ""},
		{"update the row for Jane in the sheet", ""},
		{"send it `select count(*) from users;` and show me what it prints", ""},
		{"count the documents in shop.orders", ""},
	})
}

// TestSQLStatementRealCatalog: a task that writes out an SQL statement goes
// to a tool that runs SQL, not to the tool its keywords name as English
// words ("count", "delete", "project"); tasks that say the same in English
// keep their tools.
func TestSQLStatementRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"run select count(*) from invoices where paid = 'no' on supabase project hjklmnbvcxzasdfg":                    "execute_sql",
		"On supabase project poiuytrewqasdfgh please run select id, email from profiles where plan = 'free'":          "execute_sql",
		"run delete from sessions where expires_at < now() - interval '30 days' on supabase project zxcvbnmasdfghjkl": "execute_sql",
		"count the documents in the orders collection of the shop mongo db":                                           "count",
		"delete the documents in shop.sessions where expired is true":                                                 "delete-many",
		"create a supabase project called demo in organization acme":                                                  "create_project",
		"select the option Blue in the colour dropdown with playwright":                                               "browser_select_option",
	})
}

// TestGroupedByRealCatalog: a count or a sum per group ("group X by Y and
// count") is an aggregation; counting documents, grouping words used
// otherwise, and SQL's GROUP BY inside a statement keep their tools.
func TestGroupedByRealCatalog(t *testing.T) {
	if _, err := os.Stat(evalDir); err != nil {
		t.Skip("eval set not available")
	}
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"in the crm mongo database, group the contacts collection by country and count them": "aggregate",
		"count the tickets in support.tickets grouped by priority":                           "aggregate",
		"count the documents in the orders collection of the shop mongo db":                  "count",
		"create a sentry team called data-platform in org acme":                              "create_team",
	})
}

// TestGroupedBy: the verb "group" with its "by" phrase in the same clause.
func TestGroupedBy(t *testing.T) {
	for _, c := range []struct {
		query string
		want  bool
	}{
		{"group the orders collection by status and count each", true},
		{"count orders grouped by status", true},
		{"list the members of the platform group", false},
		{"group the tabs, then sort by title", false},
		{"run SELECT status, count(*) FROM orders GROUP BY status", false},
	} {
		fs := fields(c.query)
		got := false
		for i := range fs {
			if groupedBy(fs, i) {
				got = true
			}
		}
		if got != c.want {
			t.Errorf("%q: groupedBy = %v, want %v", c.query, got, c.want)
		}
	}
}

// TestJSSpan: JavaScript written out unquoted, a function (jsFunction) or
// an expression on the page's globals (domExpression), is a span of
// fields; English uses of "document" and "window" are not.
func TestJSSpan(t *testing.T) {
	checkSpans(t, jsSpan, []spanCase{
		{"with puppeteer run window.scrollTo(0, document.body.scrollHeight) in the page", "window.scrollTo(0, document.body.scrollHeight)"},
		{"evaluate document.querySelectorAll('a[href]').length, then take a screenshot", "document.querySelectorAll('a[href]').length,"},
		{"in devtools run () => document.title on page 2", "() => document.title"},
		{"print document.title.", "document.title."},
		{"open the document in a new window", ""},
		{"read the window.md document", ""},
		{"evaluate 'document.title' on the page", ""},
	})
	for q, want := range map[string]string{
		"with puppeteer run window.scrollTo(0, 400) in the page":         "window.scrollTo(0, 400)",
		"evaluate document.title.":                                       "document.title",
		"evaluate window.innerWidth * 2 > 800 on the page":               "window.innerWidth * 2 > 800",
		"evaluate document.querySelector('#a b').textContent, then stop": "document.querySelector('#a b').textContent",
	} {
		if got, ok := domExpression(q); !ok || got != want {
			t.Errorf("domExpression(%q) = %q, %v; want %q", q, got, ok, want)
		}
	}
}

// TestJSCodeRealCatalog: a task that writes out JavaScript goes to a tool
// that evaluates it, with the code as its argument where the tool takes
// code (not a function); the code's identifiers name no other tool, and
// the noun the task calls the code by names no other object.
func TestJSCodeRealCatalog(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	wantTools(t, cat, map[string]string{
		"with puppeteer, run window.scrollBy(0, 800) on the page":                                   "puppeteer_evaluate",
		"in chrome devtools run () => document.querySelectorAll('iframe').length on page 3, please": "evaluate_script",
	})
	// The code written out is what is run, whatever the task calls it.
	wantTools(t, cat, map[string]string{
		"with playwright, run the following helper: async (page) => { await page.reload(); }":    "browser_run_code_unsafe",
		"run this little playwright routine on the page: async (page) => { return page.url(); }": "browser_run_code_unsafe",
		"run this playwright script on the page: async (page) => { return page.url(); }":         "browser_run_code_unsafe",
	})
	p, err := NewLexical(nil).Plan(context.Background(), Task{Query: "with puppeteer, run window.scrollBy(0, 800) on the page"}, cat)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(p.Arguments); got != `{"script":"window.scrollBy(0, 800)"}` {
		t.Errorf("arguments %s", got)
	}
}

// TestSettingValue: a key=value pair written as one token is a value: its
// words name no tool (kvToken), and an environment variable's setting
// (envSetting) is the text a write takes, as a quoted text is; a
// parameter's key=value pair keeps its parameter.
func TestSettingValue(t *testing.T) {
	skipWithoutEval(t)
	cat := NewCatalog(loadEvalTools(t, false))
	p, err := NewLexical(nil).Plan(context.Background(), Task{Query: "append the line GITHUB_TOKEN_SCOPE=repo to /srv/web/.env"}, cat)
	if err != nil {
		t.Fatal(err)
	}
	if p.Tool != "write_file" || string(p.Arguments) != `{"content":"GITHUB_TOKEN_SCOPE=repo","mode":"append","path":"/srv/web/.env"}` {
		t.Errorf("planned %s__%s %s", p.BackendID, p.Tool, p.Arguments)
	}
	for w, want := range map[string]bool{"LOG_LEVEL=debug": true, "NODE_ENV=production": true, "limit=200": false, "Path=x": false, "A=": false, "=x": false} {
		if got := envSetting(w); got != want {
			t.Errorf("envSetting(%q) = %v", w, got)
		}
	}
	for w, want := range map[string]bool{"log_level=debug": true, "limit=200": true, "a==b": false, "https://x.dev/?a=b": false, "x=": false} {
		if got := kvToken(w); got != want {
			t.Errorf("kvToken(%q) = %v", w, got)
		}
	}
}
