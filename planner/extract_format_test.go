package planner

import (
	"encoding/json"
	"slices"
	"testing"
)

// planArgs fills the arguments of a tool with the given input schema from
// query, as the lexical planner does once it has picked the tool.
func planArgs(t *testing.T, schema, query string) string {
	t.Helper()
	args, _ := fillArgs(toolProps(json.RawMessage(schema)), extractValues(query, ""), query, nil, false)
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type argCase struct{ query, want string }

func checkArgs(t *testing.T, schema string, cases []argCase) {
	t.Helper()
	for _, c := range cases {
		if got := planArgs(t, schema, c.query); got != c.want {
			t.Errorf("%q: arguments %s, want %s", c.query, got, c.want)
		}
	}
}

// TestMoneyArguments: an amount of money fills an amount parameter,
// converted to cents when its description says so (not for a currency
// without a minor unit), and its currency fills the currency parameter.
func TestMoneyArguments(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{
		"product":{"type":"string","description":"The ID of the product."},
		"unit_amount":{"type":"integer","description":"The unit amount of the price in cents."},
		"currency":{"type":"string","description":"The currency of the price."}},
		"required":["product","unit_amount","currency"]}`, []argCase{
		{"create a $49/month price for product prod_A1 in USD", `{"currency":"USD","product":"prod_A1","unit_amount":4900}`},
		{"price of 10 eur for product prod_A1", `{"currency":"eur","product":"prod_A1","unit_amount":1000}`}, // the code as the task writes it (round 7),
		{"price of 12.50 dollars for product prod_A1", `{"currency":"USD","product":"prod_A1","unit_amount":1250}`},
		{"a price of ¥500 for product prod_A1", `{"currency":"JPY","product":"prod_A1","unit_amount":500}`},
	})
	// Without "cents" the amount is taken as written.
	checkArgs(t, `{"type":"object","properties":{"amount":{"type":"number","description":"Amount to send."},"to":{"type":"string"}},"required":["amount"]}`, []argCase{
		{"send $12.5 to bob", `{"amount":12.5}`},
	})
}

// TestPercentArguments: "20%" goes to the percentage parameter only, and a
// number next to another parameter's name ("3 months") is not the sole
// number of the required amount.
func TestPercentArguments(t *testing.T) {
	schema := `{"type":"object","properties":{
		"name":{"type":"string"},
		"percent_off":{"type":"number","description":"The discount in percent."},
		"amount_off":{"type":"number","description":"The amount to subtract from an invoice total."},
		"duration_in_months":{"type":"number","description":"The number of months the discount lasts."}},
		"required":["name","amount_off"]}`
	checkArgs(t, schema, []argCase{
		{"make a 20% off coupon for 3 months", `{"duration_in_months":3,"percent_off":20}`},
		{"make a coupon of $5 off", `{"amount_off":5}`},
	})
}

// TestSelectorArguments: a token written as a CSS selector fills a selector
// parameter; "#12" is an issue number, not an id selector.
func TestSelectorArguments(t *testing.T) {
	schema := `{"type":"object","properties":{"selector":{"type":"string","description":"CSS selector for element to click"}},"required":["selector"]}`
	checkArgs(t, schema, []argCase{
		{"click the button #submit", `{"selector":"#submit"}`},
		{"click input[name=user].", `{"selector":"input[name=user]"}`},
		{"click form#login now", `{"selector":"form#login"}`},
		{"click the thing from issue #12", `{}`},
	})
	for tok, want := range map[string]bool{"#submit": true, "#12": false, "main.go": false, "button.primary": true, "a[href]": true, "[x]": false} {
		if got := cssSelector(tok); got != want {
			t.Errorf("cssSelector(%q) = %v, want %v", tok, got, want)
		}
	}
}

// TestGlobArguments: a glob token fills the required pattern parameter
// before an optional one; a lone "*" is not taken.
func TestGlobArguments(t *testing.T) {
	schema := `{"type":"object","properties":{"filePattern":{"type":"string"},"path":{"type":"string"},"pattern":{"type":"string"}},"required":["path","pattern"]}`
	checkArgs(t, schema, []argCase{
		{"find every file named *.test.ts beneath /repo", `{"path":"/repo","pattern":"*.test.ts"}`},
		{"find every file named * beneath /repo", `{"path":"/repo"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"pattern":{"type":"string","description":"Pattern to match keys"}}}`, []argCase{
		{"list redis keys matching user:*", `{"pattern":"user:*"}`},
	})
}

// TestEmojiArguments: a shortcode fills an emoji parameter, without its
// colons only when the description asks for that.
func TestEmojiArguments(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"reaction":{"type":"string","description":"The name of the emoji reaction (without ::)"}},"required":["reaction"]}`, []argCase{
		{"react with :tada: to that message", `{"reaction":"tada"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"emoji":{"type":"string","description":"Emoji to add"}},"required":["emoji"]}`, []argCase{
		{"react with :+1: to that message", `{"emoji":":+1:"}`},
	})
}

// TestPossessiveNumber: "PR 14's branch" carries the number 14.
func TestPossessiveNumber(t *testing.T) {
	schema := `{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"pull_number":{"type":"number","description":"Pull request number"}},"required":["owner","repo","pull_number"]}`
	checkArgs(t, schema, []argCase{
		{"bring PR 14's branch in acme/web up to date", `{"owner":"acme","pull_number":14,"repo":"web"}`},
	})
}

// TestDateArguments: ISO dates go to date parameters, the start one taking
// the date after "since"/"from" and the end one the date after "until"/"to".
func TestDateArguments(t *testing.T) {
	schema := `{"type":"object","properties":{"query":{"type":"string"},"start_date":{"type":"string"},"end_date":{"type":"string"}},"required":["query"]}`
	checkArgs(t, schema, []argCase{
		{"search 'rust' news from 2024-01-01 to 2024-02-01", `{"end_date":"2024-02-01","query":"rust","start_date":"2024-01-01"}`},
		{"search 'rust' news until 2024-02-01", `{"end_date":"2024-02-01","query":"rust"}`},
		{"search 'rust' news since 2024-01-01.", `{"query":"rust","start_date":"2024-01-01"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"since":{"type":"string","format":"date-time"}}}`, []argCase{
		{"tool calls since 2026-11-25T10:00:00Z", `{"since":"2026-11-25T10:00:00Z"}`},
		{"tool calls since yesterday", `{}`},
	})
}

// TestCountAndOffset: "5 results" is a count; "skip the first 10" is an
// offset, not a count.
func TestCountAndOffset(t *testing.T) {
	schema := `{"type":"object","properties":{"query":{"type":"string"},"count":{"type":"number"},"offset":{"type":"number"}},"required":["query"]}`
	checkArgs(t, schema, []argCase{
		{"search for 'go generics', 5 results", `{"count":5,"query":"go generics"}`},
		{"search for 'go generics', skip the first 10", `{"offset":10,"query":"go generics"}`},
		{"search for 'go generics', the first 10", `{"count":10,"query":"go generics"}`},
	})
}

func TestCoordinatePair(t *testing.T) {
	schema := json.RawMessage(`{"type":"object","properties":{"latitude":{"type":"number"},"longitude":{"type":"number"}},"required":["latitude","longitude"]}`)
	for _, c := range []struct {
		query, want string
	}{
		{"what address is at 48.8584, 2.2945", `{"latitude":48.8584,"longitude":2.2945}`},
		{"how high is Denver (39.7392,-104.9903)", `{"latitude":39.7392,"longitude":-104.9903}`},
		{"what is at 120.5, 30.1", `{}`}, // no latitude is above 90
	} {
		args, _ := fillArgs(toolProps(schema), extractValues(c.query, ""), c.query, nil, true)
		got, _ := json.Marshal(args)
		if string(got) != c.want && !(c.want != `{}` && argsMatch(json.RawMessage(c.want), got)) {
			t.Errorf("fillArgs(%q) = %s, want %s", c.query, got, c.want)
		}
	}
	// Only coordinate parameters read a pair.
	q := "pin 1.2, 3.4"
	args, _ := fillArgs(toolProps(json.RawMessage(`{"type":"object","properties":{"version":{"type":"number"}}}`)), extractValues(q, ""), q, nil, true)
	if len(args) != 0 {
		t.Errorf("fillArgs(%q) = %v, want nothing", q, args)
	}
}

// TestSQLStatement: an SQL statement written into the task, unquoted, fills
// an SQL parameter, without the closing phrase that names where to run it;
// English that only shares a keyword ("select the option") does not.
func TestSQLStatement(t *testing.T) {
	pg := `{"type":"object","properties":{"sql":{"type":"string"}}}`
	checkArgs(t, pg, []argCase{
		{"query postgres: select * from orders limit 5", `{"sql":"select * from orders limit 5"}`},
		{"run SELECT count(*) FROM users against postgres", `{"sql":"SELECT count(*) FROM users"}`},
		{"run DELETE FROM sessions WHERE expires < now() in the app database", `{"sql":"DELETE FROM sessions WHERE expires \u003c now()"}`},
		{"run SELECT a.id FROM a JOIN b ON a.id = b.id", `{"sql":"SELECT a.id FROM a JOIN b ON a.id = b.id"}`},
		{"select the option Canada", `{}`},
		// A select list of columns and functions' calls, aliased or not.
		{"run SELECT region, sum(total) AS revenue FROM sales GROUP BY region on the pg db", `{"sql":"SELECT region, sum(total) AS revenue FROM sales GROUP BY region"}`},
		{"run select plan, count(*) from accounts group by plan", `{"sql":"select plan, count(*) from accounts group by plan"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"project_id":{"type":"string"},"query":{"type":"string","description":"The SQL query to execute"}},"required":["project_id","query"]}`, []argCase{
		{"in project abcd execute UPDATE users SET active = false WHERE id = 4", `{"project_id":"abcd","query":"UPDATE users SET active = false WHERE id = 4"}`},
	})
}

// TestMinorUnitsAndCodeCase: an amount in cents is money in the minor
// unit, and a currency code keeps the case the task writes it in.
func TestMinorUnitsAndCodeCase(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"product":{"type":"string"},"unit_amount":{"type":"integer","description":"The unit amount of the price in cents."},"currency":{"type":"string","description":"The currency of the price."}},"required":["product","unit_amount","currency"]}`, []argCase{
		{"product prod_PX91 needs a price of 2900 cents in usd", `{"currency":"usd","product":"prod_PX91","unit_amount":2900}`},
		{"a price of 29 USD for product prod_PX91", `{"currency":"USD","product":"prod_PX91","unit_amount":2900}`},
		{"a price of 29 dollars for product prod_PX91", `{"currency":"USD","product":"prod_PX91","unit_amount":2900}`},
	})
}

// TestOrdinalIndex: "the 5th request" is position 5 of a 1-based index and
// 4 of a 0-based one; a number that is no ordinal is not a position.
func TestOrdinalIndex(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"index":{"type":"integer","description":"1-based index of the request."}},"required":["index"]}`, []argCase{
		{"the 5th request in the network log came back with a 500, show it", `{"index":5}`},
		{"show the third request", `{"index":3}`},
	})
	checkArgs(t, `{"type":"object","properties":{"tabIndex":{"type":"integer","description":"0-based index of the tab."}},"required":["tabIndex"]}`, []argCase{
		{"switch to the 2nd tab", `{"tabIndex":1}`},
	})
}

// TestURLByDefaultOrFormat: a parameter whose default value is a URL, or
// whose format is "uri", takes the task's URL whatever its name.
func TestURLByDefaultOrFormat(t *testing.T) {
	checkArgs(t, `{"type":"object","properties":{"name":{"type":"string","default":"README.md.gz"},"data":{"type":"string","default":"https://example.com/README.md"}}}`, []argCase{
		{"compress https://example.com/data.csv and hand it back gzipped", `{"data":"https://example.com/data.csv"}`},
	})
	checkArgs(t, `{"type":"object","properties":{"target":{"type":"string","format":"uri"}},"required":["target"]}`, []argCase{
		{"check https://acme.dev/health", `{"target":"https://acme.dev/health"}`},
	})
	// A default that is no URL says nothing.
	checkArgs(t, `{"type":"object","properties":{"data":{"type":"string","default":"hello"}}}`, []argCase{
		{"compress https://example.com/data.csv", `{}`},
	})
}

// TestCoordinateHint: a point written in decimal degrees, whole or with a
// space after its comma, says the task is about coordinates: the tool that
// takes them ranks first though no other word of the task names it.
func TestCoordinateHint(t *testing.T) {
	cat := NewCatalog([]Tool{
		{Backend: "maps", Name: "reverse_geocode", Description: "Convert coordinates into an address",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"latitude":{"type":"number"},"longitude":{"type":"number"}},"required":["latitude","longitude"]}`)},
		{Backend: "tank", Name: "check_depth", Description: "Check how deep the water of a tank is above its floor"},
		{Backend: "tracker", Name: "list_issues", Description: "List issues"},
	})
	for _, q := range []string{
		"how high above sea level are 46.8523,-121.7603 and 36.5785,-118.2923?",
		"how high above sea level is 46.8523, -121.7603?",
	} {
		if res := cat.Search(q, nil, 1); len(res) == 0 || res[0].Tool.QualifiedName() != "maps__reverse_geocode" {
			t.Errorf("%q: got %v, want maps__reverse_geocode first", q, names(res))
		}
	}
	// Numbers that are no point in decimal degrees say nothing of it.
	for _, q := range []string{"how high is tank 7 above 120.5, 200.25?", "how high is the level at 12,5"} {
		if res := cat.Search(q, nil, 1); len(res) > 0 && res[0].Tool.QualifiedName() == "maps__reverse_geocode" {
			t.Errorf("%q: got maps__reverse_geocode first", q)
		}
	}
}

// TestNumberSignPosition: "request #7" names the seventh member of a
// sequence, as "the 7th request" does, for a position parameter; an issue
// number stays an issue number.
func TestNumberSignPosition(t *testing.T) {
	checkCatalogArgs(t, "playwright__browser_network_request", []argCase{
		{"show me the response body of network request #7", `{"index":7,"part":"response-body"}`},
		{"show me the response body of the 7th network request", `{"index":7,"part":"response-body"}`},
	})
	checkCatalogArgs(t, "github__get_issue", []argCase{
		{"show issue #7 in acme/web", `{"issue_number":7,"owner":"acme","repo":"web"}`},
	})
}

// TestStreetAddress: a house number, capitalized words ending in a street
// suffix and the locality after commas are one value, an address, which a
// tool's address parameter takes and which makes the task about an
// address; its house number is no number of the task.
func TestStreetAddress(t *testing.T) {
	for q, want := range map[string]string{
		"lat/long for 1600 Amphitheatre Parkway, Mountain View":              "1600 Amphitheatre Parkway, Mountain View",
		"get the coordinates of 350 Fifth Ave, New York, NY please":          "350 Fifth Ave, New York, NY",
		"in 221B Baker Street the door":                                      "221B Baker Street",
		"list 20 Open Issues":                                                "",
		"route from 10 Downing Street to 1 Main St":                          "10 Downing Street",
		"walking directions from 5 Market Street, San Francisco to the pier": "5 Market Street, San Francisco",
	} {
		v := extractValues(q, "")
		got := ""
		if len(v.places) > 0 {
			got = v.places[0]
		}
		if got != want {
			t.Errorf("%q: address %q, want %q", q, got, want)
		}
	}
	for name, want := range map[string]bool{"address": true, "shipping_address": true, "recipientAddress": true, "emailAddress": false, "ip_address": false, "addresses": false} {
		if got := addressParam(name); got != want {
			t.Errorf("addressParam(%q) = %v, want %v", name, got, want)
		}
	}
	checkCatalogArgs(t, "google-maps__maps_geocode", []argCase{
		{"lat/long for 1600 Amphitheatre Parkway, Mountain View, CA", `{"address":"1600 Amphitheatre Parkway, Mountain View, CA"}`},
	})
	wantFirst(t, map[string]string{
		"pin 1600 Amphitheatre Parkway, Mountain View on the map": "google-maps__maps_geocode",
	})
	// The address's kind and its fit: the tool that takes an address is
	// among the first two, next to the one whose parameters lat/long name.
	cat := NewCatalog(loadEvalTools(t, false))
	if res := cat.Search("lat/long for 1600 Amphitheatre Parkway, Mountain View", nil, 2); !slices.ContainsFunc(res, func(s Scored) bool { return s.Tool.QualifiedName() == "google-maps__maps_geocode" }) {
		t.Errorf("lat/long for an address: got %v, want maps_geocode among the first two", names(res))
	}
}
