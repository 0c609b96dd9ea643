package planner

import "strings"

// Comparisons stated in English, for a query filter in MongoDB's query
// language: "where age is over 30", "with stock below 5", "whose total is
// at least 100".

// comparisonOps maps the English phrases of comparison to MongoDB's query
// operators ($gt, $lt, $gte, $lte), one or two words each.
var comparisonOps = map[string]string{
	"over": "$gt", "above": "$gt", "exceeds": "$gt", "more than": "$gt", "greater than": "$gt", "larger than": "$gt",
	"higher than": "$gt", "bigger than": "$gt", "older than": "$gt", ">": "$gt",
	"under": "$lt", "below": "$lt", "less than": "$lt", "fewer than": "$lt", "lower than": "$lt", "smaller than": "$lt",
	"younger than": "$lt", "<": "$lt",
	"at least": "$gte", "no less than": "$gte", ">=": "$gte",
	"at most": "$lte", "no more than": "$lte", "<=": "$lte",
}

// comparison reads a comparison phrase at token j and returns its
// operator and the index of the token after it, which must exist.
func comparison(toks []qtok, j int) (op string, next int, ok bool) {
	w := func(k int) string {
		if k < len(toks) && !toks[k].quoted {
			return toks[k].lower
		}
		return ""
	}
	for n := 3; n >= 1; n-- {
		if j+n >= len(toks) {
			continue
		}
		parts := make([]string, 0, 3)
		for k := j; k < j+n; k++ {
			parts = append(parts, w(k))
		}
		if op, found := comparisonOps[strings.Join(parts, " ")]; found {
			return op, j + n, true
		}
	}
	return "", 0, false
}

// mongoQuery reports whether filter parameter p takes MongoDB's query
// language: its description says so ("matching the syntax of the query
// argument of db.collection.find()", "MongoDB query"). Other filters
// (Notion's, an SQL WHERE) spell comparisons their own way.
func mongoQuery(p argProp) bool {
	d := strings.ToLower(p.desc)
	return strings.Contains(d, "db.collection") || strings.Contains(d, "mongodb")
}
