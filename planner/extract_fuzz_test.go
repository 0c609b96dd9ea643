package planner

import (
	"encoding/json"
	"testing"
)

// fuzzSchemas exercise every kind of parameter the extraction reads: money
// and currency, selectors, globs, emoji, durations, dates, unions, arrays of
// objects, objects, enums, flags, key/value, start/end pairs, operands.
var fuzzSchemas = []string{
	`{"type":"object","properties":{"product":{"type":"string"},"unit_amount":{"type":"integer","description":"in cents"},"currency":{"type":"string"},"percent_off":{"type":"number"},"duration_in_months":{"type":"number"}},"required":["product","unit_amount"]}`,
	`{"type":"object","properties":{"selector":{"type":"string","description":"CSS selector"},"value":{"type":"string"},"reaction":{"type":"string","description":"emoji (without ::)"},"timeout":{"type":"integer","description":"in milliseconds"}},"required":["selector"]}`,
	`{"type":"object","properties":{"key":{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},"value":{"anyOf":[{"type":"string"},{"type":"null"}]},"pattern":{"type":"string"},"expireSeconds":{"type":"number"}},"required":["key"]}`,
	`{"type":"object","properties":{"origin":{"type":"string"},"destination":{"type":"string"},"since":{"type":"string","format":"date-time"},"end_date":{"type":"string"},"order":{"type":"string","enum":["asc","desc"]},"accept":{"type":"boolean"}},"required":["origin","destination","accept"]}`,
	`{"type":"object","properties":{"observations":{"type":"array","items":{"type":"object","properties":{"entityName":{"type":"string"},"contents":{"type":"array","items":{"type":"string"}}},"required":["entityName"]}},"body":{"type":"object"},"params":{"type":"object","properties":{"branch":{"type":"string"},"projectSlug":{"type":"string","description":"e.g. 'gh/org/proj'"}}}},"required":["observations"]}`,
	`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"},"count":{"type":"number"},"offset":{"type":"number"},"radius":{"type":"number","description":"in meters"}},"required":["a","b"]}`,
	`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},"path":{"type":"string"},"title":{"type":"string"},"name":{"type":"string"},"text":{"type":"string"},"thread_ts":{"type":"string","description":"The timestamp of the parent message"}},"required":["owner","repo","title"]}`,
	// Round 7: flags of avoiding, origins, spans without a unit, depths,
	// agent-noun enums, scheme ids, plain-word lists.
	// Round 8: enums paired by description, arrays of enum members, filter
	// and update objects, a nested object with a required text, a list of
	// items with names, rate and dimension numbers, initials ids.
	`{"type":"object","properties":{"mode":{"type":"string","enum":["a","forDuration","all","open","closed","squash","merge"],"description":"Use 'forDuration' with ignoreDurationMinutes"},"ignoreDurationMinutes":{"type":"integer"},"formats":{"type":"array","items":{"type":"string","enum":["markdown","html"]}},"filter":{"type":"object"},"update":{"type":"object","description":"update operator expressions"},"input":{"type":"object","properties":{"body":{"type":"string"}},"required":["body"]},"entities":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"entityType":{"type":"string"},"observations":{"type":"array","items":{"type":"string"}}},"required":["name"]}},"per_page":{"type":"number"},"max_depth":{"type":"integer"},"payment_intent":{"type":"string"},"fromFailed":{"type":"boolean"},"key":{"type":"string"},"value":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}},"required":["input"]}`,
	// Round 11: a project's URL-encoded path, a goal with a stranded
	// "to", a key/value setting with a number alternative, a file's
	// contents, a relation's ends and type.
	`{"type":"object","properties":{"project_id":{"type":"string","description":"Project ID or URL-encoded path"},"branch":{"type":"string","description":"Branch to push to"},"namespace":{"type":"string","description":"Namespace to fork to (full path)"},"key":{"type":"string"},"value":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"null"}]},"content":{"type":"string","description":"Content of the file"},"notes":{"type":"array","items":{"type":"string"}},"relations":{"type":"array","items":{"type":"object","properties":{"from":{"type":"string"},"to":{"type":"string"},"relationType":{"type":"string"}},"required":["from","to","relationType"]}},"observations":{"type":"array","items":{"type":"object","properties":{"entityName":{"type":"string","description":"The name of the entity to add the observations to"},"contents":{"type":"array","items":{"type":"string"}}},"required":["entityName","contents"]}}},"required":["project_id","key","value"]}`,
	// Round 13: hyphenated and described flags, an organization and a
	// project, "The project ID", a one-word kind, an "or" literal, a file
	// name default, paths, a description's opening noun phrase, a list
	// named by its plural noun.
	`{"type":"object","properties":{"fullPage":{"type":"boolean"},"verbose":{"type":"boolean","description":"When true, includes column details, primary keys"},"organizationSlug":{"type":"string"},"projectSlug":{"type":"string"},"id":{"type":"string","description":"The project ID"},"branch":{"type":"string"},"connectionId":{"type":"string","description":"Use the id returned by one of the connect tools, or \"preconfigured\" to use the connection string"},"name":{"type":"string","default":"README.md.gz"},"filePaths":{"type":"array","items":{"type":"string"}},"target":{"type":"string","description":"Exact target element reference from the page snapshot"},"schemas":{"type":"array","items":{"type":"string"}}},"required":["id","projectSlug","schemas","verbose"]}`,
	// Round 14: a nullable enum, an object given by a $ref to a oneOf
	// beside its serialized string, a format "json" string, a URL-headed
	// name, "Value to select", an enum.
	`{"type":"object","properties":{"colorScheme":{"anyOf":[{"type":"string","enum":["light","dark"]},{"type":"null"}]},"parent":{"anyOf":[{"$ref":"#/$defs/p"},{"type":"string"}]},"icon":{"type":"string","format":"json"},"regionUrl":{"type":"string"},"value":{"type":"string","description":"Value to select"},"button":{"type":"string","enum":["left","right"]},"branch_id":{"type":"string"},"code":{"type":"string"},"limit":{"type":"integer"},"schemas":{"type":"array","items":{"type":"string"}}},"required":["value","branch_id","code","schemas"],"$defs":{"p":{"oneOf":[{"type":"object","properties":{"type":{"const":"page_id"},"page_id":{"type":"string"}}},{"$ref":"#/$defs/q"}]},"q":{"type":"object","properties":{"database_id":{"type":"string"}}}}}`,
	`{"type":"object","properties":{"ignoreCache":{"type":"boolean"},"ignoreCase":{"type":"boolean"},"from_branch":{"type":"string"},"ref":{"type":"string","description":"Source branch"},"duration":{"type":"number"},"delay":{"type":"number"},"max_depth":{"type":"integer"},"width":{"type":"number"},"mode":{"type":"string","enum":["similar","citers"]},"seed_ids":{"type":"array","items":{"type":"string"}},"labels":{"type":"array","items":{"type":"string"}},"assignees":{"type":"array","items":{"type":"string"}}},"required":["seed_ids"]}`,
}

// FuzzExtractArgs: any task against any of these schemas fills arguments
// without panicking, and the arguments encode as JSON.
func FuzzExtractArgs(f *testing.F) {
	for _, s := range []string{
		"create a $49/month price for product prod_A1 in USD, 20% off for 3 months",
		"click #submit then type 'bob' into input[name=user] within 2 minutes",
		"delete keys a:1, b:2 and c:3; set key k to v for an hour; list user:*",
		"directions from Boston to New York since 2024-01-01 until 2024-02-01T10:00:00Z newest first, accept",
		`add the note 'x' to the ledger-db entity with body {"a": [1, {"b": "}"}]} e.g. 'gh/x/y' on branch main`,
		"what is 17 plus 25, 5 results, skip the first 10, within 3 km",
		"open an issue titled Crash on startup in acme/web: reply in thread 17.5 saying ok",
		"'' `` : :: ::: {[ ]} $ € 1e9 1.2.3 -5 0x10 a: b: c:", "set  to ", "from to", "titled", ":tada: :",
		"cut a branch x off main bypassing the cache, case-insensitive, for half a minute, two levels deep, with a 2s delay",
		"papers that cite arXiv 2211.17192 labeled bug, p1 and ui assigned to alice, off of, based on, labels , and",
		`squash-merge it, open or closed, ignore for 2 hours as markdown and html, update {"a": 1} with {"$set": {"a": 2}} where {"b": 3}`,
		"set allowedDirectories to [\"/a\"], set the file size limit of x to 1,280, 25 per page, dont go deeper than 2 levels, 30 days ago, in one hour",
		"let <@U1> know the following: 10am, <#C1|x> an entity Marta of type project, pi_3N refund, rerun from the failed, only 5 <@ <# <@>",
		"with this comment: x", "to :", "set x to", "deeper than", "<@", "a,b,c 1,000,000 ,",
		"fork acme/web to my-group, push to release-2 from feat/x into main; add an observation to Marta: likes tea",
		"cap reads at 2000 (fileReadLineLimit); is this config valid? version: 2.1 jobs: a: b; 'Carol reports_to Dave'",
		"to", "? ", "this: ", "x works_at", "works_at y", "A b_c D e_f G", "push to a/b", "the following: :",
		"take a full-page shot of acme/checkout-web, not full-page, include column details, branch next, ref e57 (ref e1) in the public and auth schemas",
		"project pfkzmqwvyrtn, the preconfigured one, gzip into users.csv.gz, upload ./a.png and ../b, commits on release/3.2 in a/b",
		"my dev branch's schema, the callback code is 7XhQ2pLmN9, its branch anymore. branch br_x9, pick EUR in the list, show me 5 of our coupons, under page 9a8f, in region eu1, click the Save button, the relevant schemas, dark mode",
		"'s", "branch's", "code is", "is 'x'", "pick", "5 of", "of our", "page", "under page", "region",
		"full-", "-page", "--", "a-b-c-d", "ref", "branch", "the and schemas", ", and schemas", "schemas", "or 'x'", "./", "x.csv.gz.", "issues ENG-1 and ENG-2",
		"delete comment 10457 on jira issue OPS-321", "issue", "issue #", "issue id", "comment 1 issue 2 issue a-3 {issue}", "monitor the pricing page https://a.b/c",
		"no proration, without prorating, labelled 'bug', newest first, the checkout-api project, a to-do block, the long-running x_y2 edge function, double-click, with executionStats, 50 at a time, Main ... on branch main, run this snippet: f(x)",
		"the - project", "a -x- key", "the _ id", "true for", "at a time", "5 at", "this:", "this: (", "this: a b(", "without", "no",
	} {
		f.Add(s)
	}
	props := make([][]argProp, len(fuzzSchemas))
	for i, s := range fuzzSchemas {
		props[i] = toolProps(json.RawMessage(s))
	}
	// Round 16: undescribed parameters the tool's description documents,
	// an undescribed path with URI templates.
	props = append(props, withToolDesc(toolProps(json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"},"page":{"type":"string"},"timeout":{"type":"number"},"webhookUrl":{"type":"string"}},"required":["path"]}`)),
		"Common paths:\n- `/rest/api/3/issue/{issueIdOrKey}` - get issue\n- `/rest/api/3/issue/{issueIdOrKey}/comment/{commentId}`\n- `/x/{}/{a}{b}/`\n- `page`: one page URL to monitor.\n- timeout: seconds, 1-300\n- `webhookUrl`:\n- `: x\n-  \n* \n"))
	// Round 17: an identity named by a joined name before its noun, an
	// enum with none, a flag true for a compound, program text, a
	// one-member required enum, a batch size, a described example.
	props = append(props, toolProps(json.RawMessage(`{"type":"object","properties":{"function_slug":{"type":"string"},"projectSlug":{"type":"string"},"proration_behavior":{"type":"string","enum":["create_prorations","none"]},"dblClick":{"type":"boolean","description":"Set to true for double clicks."},"code":{"type":"string"},"action":{"type":"string","enum":["get_prompt"]},"limit":{"type":"number"},"branch":{"type":"string","description":"The branch, for example: \"main\", \"master\""},"verbosity":{"type":"string","enum":["queryPlanner","executionStats"]}},"required":["action","function_slug"]}`)))
	f.Fuzz(func(t *testing.T, q string) {
		v := extractValues(q, "")
		for _, ps := range props {
			args, _ := fillArgs(ps, v, q, nil, false)
			if _, err := json.Marshal(args); err != nil {
				t.Fatalf("%q: arguments do not encode: %v", q, err)
			}
		}
	})
}
