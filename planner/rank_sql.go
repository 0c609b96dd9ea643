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
	at := strings.Index(query, stmt)
	if at < 0 {
		return 0, 0
	}
	first = len(fields(query[:at]))
	sf := fields(stmt)
	end = first + len(sf)
	if len(sf) == 0 || end > len(fs) || fs[first].quoted || !strings.EqualFold(fs[first].text, sf[0].text) {
		// The statement starts inside a quoted span (or the two
		// splittings disagree): the quotes already make it a value.
		return 0, 0
	}
	return first, end
}
