package planner

import "strings"

// sqlSpan returns the fields [first, end) of fs that write out an SQL
// statement ("run select count(*) from orders where status = 'failed' on
// supabase project x"), or 0, 0 when the task writes none outside quotes.
//
// A statement is a value the task hands to a tool, as a quoted title or a
// path is, not words of the request: its keywords and identifiers ("count",
// "select", "status", "orders") are SQL's grammar and the user's schema, and
// read as English they name other tools (MongoDB's `count`, a `status`
// tool). Its start is found by the statements' shapes in the SQL standard
// (sqlStatement's reSQLStart: SELECT with a column list and FROM, INSERT
// INTO, UPDATE t SET, DELETE FROM, ...), not by the keywords alone, since
// "select the option" and "update the row" are English; its end is the
// task's, less a closing phrase that says where to run it ("... on the
// postgres db"), which stays words of the request. A statement inside quotes
// is a quoted field already.
func sqlSpan(query string, fs []field) (first, end int) {
	stmt, ok := sqlStatement(query)
	if !ok {
		return 0, 0
	}
	// A statement that starts inside a quoted span is a value already.
	return spanOf(query, fs, stmt)
}

// jsSpan returns the fields [first, end) of fs that write out JavaScript
// code (jsCode: "run () => document.title on page 2", "evaluate
// window.scrollTo(0, 400)"), or 0, 0 when the task writes none outside
// quotes. Like an SQL statement, the code is a value the task hands to a
// tool: its identifiers ("document", "title", "length", "scroll") are the
// DOM's and the user's, and read as English they name other tools.
func jsSpan(query string, fs []field) (first, end int) {
	code, ok := jsCode(query)
	if !ok {
		return 0, 0
	}
	return spanOf(query, fs, code)
}

// spanOf returns the fields [first, end) of fs that text, a part of query,
// covers, or 0, 0 when it starts inside a quoted field or the two
// splittings disagree.
func spanOf(query string, fs []field, text string) (first, end int) {
	at := strings.Index(query, text)
	if at < 0 {
		return 0, 0
	}
	first = len(fields(query[:at]))
	sf := fields(text)
	end = first + len(sf)
	if len(sf) == 0 || end > len(fs) || fs[first].quoted || !strings.HasPrefix(strings.ToLower(fs[first].text), strings.ToLower(sf[0].text)) {
		return 0, 0
	}
	return first, end
}

// groupedBy reports whether fs[i] is the verb "group" (or its participle)
// whose "by" phrase follows in the same clause ("group the orders
// collection by status", "count orders grouped by status"): rows gathered
// into groups by a key, each then reduced to one value. SQL calls that
// GROUP BY and the functions applied per group (COUNT, SUM, AVG) its
// aggregate functions; a count per group is many numbers, an aggregation,
// not the single number of a count ("count the orders"). A statement
// written out in SQL is a value (sqlSpan), its words not read here.
func groupedBy(fs []field, i int) bool {
	switch strings.ToLower(fs[i].text) {
	case "group", "groups", "grouped", "grouping":
	default:
		return false
	}
	if fs[i].quoted || fs[i].text == "GROUP" {
		// "GROUP BY" in capitals is SQL's keyword, written as SQL code
		// is by convention: a clause of a statement for an SQL tool.
		return false
	}
	for j := i + 1; j < len(fs) && j <= i+8; j++ {
		if fs[j].quoted {
			continue
		}
		if strings.EqualFold(fs[j].text, "by") {
			return true
		}
		if endsClause(fs[j].text) {
			return false
		}
	}
	return false
}
