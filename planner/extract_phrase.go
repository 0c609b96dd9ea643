package planner

import (
	"slices"
	"strings"
)

// Values given by the way a task is phrased: a quoted payload, "set X to
// Y", "from X to Y".

// quotedPayload gives the task's one quoted text that no parameter took to
// the one required string parameter still missing: "send 'exit()' to
// session 31" (input), "run `npm test` in a terminal" (command). Quoting is
// how people mark a literal value; with one value and one open slot there
// is one reading. It returns the parameters still missing.
func quotedPayload(props []argProp, v queryValues, args map[string]any, missing []string) []string {
	var open []argProp
	for _, p := range props {
		if slices.Contains(missing, p.name) && (p.typ == "string" || p.typ == "") && len(p.enum) == 0 {
			open = append(open, p)
		}
	}
	if len(open) != 1 {
		return missing
	}
	var free []string
	for _, q := range v.quoted {
		if !valueTaken(args, q) {
			free = append(free, q)
		}
	}
	if len(free) != 1 || strings.TrimSpace(free[0]) == "" {
		return missing
	}
	args[open[0].name] = free[0]
	return slices.DeleteFunc(missing, func(n string) bool { return n == open[0].name })
}

// valueTaken reports whether s is, or is an element of, a filled argument.
func valueTaken(args map[string]any, s string) bool {
	var in func(x any) bool
	in = func(x any) bool {
		switch x := x.(type) {
		case string:
			return x == s
		case []any:
			return slices.ContainsFunc(x, in)
		case map[string]any:
			for _, y := range x {
				if in(y) {
					return true
				}
			}
		}
		return false
	}
	for _, x := range args {
		if in(x) {
			return true
		}
	}
	return false
}
