package planner

import (
	"slices"
	"strings"
)

// relationTriple fills a relation's two ends and its type ("from", "to",
// "relationType": a knowledge graph's edge) from a relation the task
// writes as subject, type, object with the type written as code: "Marta
// works_at Acme", "'Carol reports_to Dave'", "checkout-service dependsOn
// payments-api". A relation type is a verb phrase made one identifier
// (snake_case or camelCase), never English prose, so the words right
// before and after it are its ends, in the order English writes subject
// and object: the left end is where the relation starts, the right where
// it ends. Each end must be written as a name (capitalized) or a slug; a
// function word or a plain lower-case word is no end. All three
// parameters must be open. It returns the parameters still missing.
func relationTriple(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var fromP, toP, typeP *argProp
	for i := range props {
		p := &props[i]
		if p.typ != "string" || args[p.name] != nil {
			continue
		}
		switch {
		case p.lname == "from" || p.lname == "source":
			fromP = p
		case p.lname == "to" || p.lname == "target":
			toP = p
		case strings.Contains(p.lname, "relation") && strings.HasSuffix(p.lname, "type"):
			typeP = p
		}
	}
	if fromP == nil || toP == nil || typeP == nil {
		return missing
	}
	// The words of the task in order, a quoted text split into its words
	// ("remove the relation 'Carol reports_to Dave'").
	var words []string
	for _, t := range v.toks {
		words = append(words, strings.Fields(t.text)...)
	}
	end := func(w string) bool {
		w = strings.Trim(w, ".,;:!?")
		return w != "" && !stopWords[strings.ToLower(w)] && (titleCase(w) || strings.ContainsAny(w, "-_") || idLike(qtok{text: w}))
	}
	found := -1
	for i := 1; i+1 < len(words); i++ {
		w := strings.Trim(words[i], ".,;:!?")
		if strings.Contains(w, ".") || !identifierWord(w) || !end(words[i-1]) || !end(words[i+1]) {
			continue
		}
		if found >= 0 {
			return missing // two relations: not one item
		}
		found = i
	}
	if found < 0 {
		return relationNamed(typeP, words, args, missing)
	}
	args[fromP.name] = strings.Trim(words[found-1], ".,;:!?")
	args[typeP.name] = strings.Trim(words[found], ".,;:!?")
	args[toP.name] = strings.Trim(words[found+1], ".,;:!?")
	return slices.DeleteFunc(missing, func(n string) bool { return n == fromP.name || n == toP.name || n == typeP.name })
}

// relationNamed fills the relation type from a type written as code before
// the noun the parameter's name types ("drop the reports_to relation from
// alice to bob", "the dependsOn relations of x"): a noun's premodifier
// names its kind, as "the label bug" does. The ends are left to the
// readings of "from ... to ..." (fromToRange).
func relationNamed(typeP *argProp, words []string, args map[string]any, missing []string) []string {
	head := strings.TrimSuffix(typeP.lname, "type")
	for i := 0; i+1 < len(words); i++ {
		w := strings.Trim(words[i], ".,;:!?")
		next := strings.ToLower(strings.Trim(words[i+1], ".,;:!?"))
		if strings.Contains(w, ".") || !identifierWord(w) || next != head && next != head+"s" && next != head+"ship" {
			continue
		}
		args[typeP.name] = w
		return slices.DeleteFunc(missing, func(n string) bool { return n == typeP.name })
	}
	return missing
}
