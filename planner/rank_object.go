package planner

// namesOperation reports whether tool d's name states the request's
// operation on the request's object: both a word of the request's verb
// (verbIDs: the verb and its synonyms) and the head of its direct object
// (objIDs: directObject's last word a tool's name has, and its synonyms).
// Tool names follow the CRUD convention of a verb and its object
// (create_dsn, delete_branch, list_issues), and an English request puts
// the thing the operation acts on as the verb's direct object; the nouns
// of its prepositional phrases say where ("add a DSN to sentry project
// web": the DSN is made, the project is where), and a sibling named for
// the same verb on one of those (create_project) is another operation.
// Search multiplies the score of a tool that names both by 1 +
// intentBoost, as it does for the other readings of what the request
// asks (rank_arity.go, rank_existing.go).
func (ix *Index) namesOperation(d int32, objIDs, verbIDs []int32) bool {
	return len(objIDs) > 0 && containsAny(ix.docName[d], verbIDs) && containsAny(ix.docName[d], objIDs)
}
