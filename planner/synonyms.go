package planner

import (
	"strings"
	"sync"
)

// The curated vocabulary of the ranker: how developers name things in a
// prompt versus how MCP servers name them in tool lists. Entries are written
// as plain words and run through the same analyzer as the index on first use, so
// "directories" and "directory" need not both be listed.
//
// Keep these general: each entry must hold for developer tools at large, not
// for one server or one query.

// synonymGroups are sets of interchangeable words. A query word expands to
// every other word of its groups with weight synonymWeight. A word marked
// "<" only expands ("file an issue" means create) and is never a target
// (create does not mean file).
var synonymGroups = [][]string{
	// verbs
	{"list", "ls", "enumerate", "dir"},
	{"delete", "remove", "rm", "del", "erase", "destroy", "purge", "unlink", "<wipe", "<forget", "trash"},
	{"read", "cat", "view", "open", "show", "display", "print", "dump"},
	{"get", "fetch", "retrieve", "obtain", "show", "read", "load", "lookup", "inspect", "describe"},
	{"create", "make", "new", "add", "generate", "init", "initialize", "<file", "<open", "register", "setup"},
	{"update", "edit", "modify", "change", "patch", "alter", "set", "tweak", "adjust"},
	{"search", "find", "grep", "lookup", "query", "look", "locate", "seek", "discover"},
	{"move", "rename", "mv", "relocate"},
	{"copy", "cp", "duplicate", "clone"},
	{"write", "save", "store", "put", "persist", "dump"},
	{"run", "execute", "exec", "launch", "invoke", "trigger", "start", "<kick"},
	{"stop", "kill", "terminate", "halt", "abort", "cancel", "end", "quit", "pause", "suspend"},
	{"close", "shut", "dismiss"},
	{"restart", "rerun", "retry", "rebuild", "redo"},
	{"restore", "resume", "unpause", "recover"},
	{"archive", "trash", "<bin"},
	{"click", "tap", "press"},
	{"type", "enter", "input", "fill", "write"},
	{"reload", "refresh", "navigate"},
	{"navigate", "<go", "visit", "browse", "goto"},
	{"download", "fetch", "pull", "scrape"},
	{"upload", "attach", "push"},
	{"approve", "review", "<lgtm", "reject"},
	{"merge", "combine", "<land"},
	{"reply", "respond", "answer"},
	{"send", "post", "publish", "notify"},
	{"wait", "await", "poll"},
	{"count", "tally", "number", "total", "<many"},
	{"aggregate", "group", "sum", "average", "avg", "pipeline", "rollup"},
	{"record", "capture", "screencast", "video"},
	{"screenshot", "capture", "screen", "snap"},
	{"throttle", "emulate", "simulate", "slow", "slowdown"},
	{"analyze", "analyse", "diagnose", "investigate", "explain", "cause", "debug", "<why"},
	{"deploy", "<ship", "release", "rollout"},
	{"install", "add", "enable"},
	{"check", "verify", "status", "state", "health", "<green", "<passing"},
	{"resolve", "fix", "close", "done"},
	{"connect", "attach", "login", "link"},
	{"disconnect", "detach", "logout"},
	{"resize", "scale", "viewport", "size"},
	{"compare", "diff"},
	{"fork", "clone"},
	{"code", "source", "definition", "define", "declaration", "implementation", "symbol", "func"},
	{"many", "multiple", "bulk", "batch"},
	{"think", "reason", "plan", "reflect", "thought", "step"},

	// nouns
	{"pr", "pull request"},
	{"mr", "merge request"},
	{"repo", "repository", "project"},
	{"directory", "dir", "folder"},
	{"file", "document", "doc"},
	{"database", "db"},
	{"documentation", "doc", "docs", "manual", "reference"},
	{"configuration", "config", "cfg", "setting", "preference", "option"},
	{"environment", "env"},
	{"message", "msg", "chat", "text"},
	{"authentication", "auth", "login", "oauth"},
	{"organization", "org", "workspace"},
	{"image", "img", "picture", "pic", "photo", "logo", "icon"},
	{"user", "member", "people", "person", "account", "profile"},
	{"issue", "ticket", "bug", "task"},
	{"error", "exception", "crash", "failure", "fail", "problem", "broken"},
	{"log", "logs", "output", "trace"},
	{"test", "spec"},
	{"table", "column", "schema"},
	{"schema", "structure", "column", "field", "mapping"},
	{"key", "secret", "token", "credential", "apikey"},
	{"page", "tab", "window"},
	{"url", "link", "website", "site", "webpage", "web"},
	{"paper", "arxiv", "publication", "article", "research"},
	{"cite", "citation", "citer", "reference"},
	{"place", "location", "venue", "restaurant", "business", "poi"},
	{"local", "near", "nearby", "around", "close"},
	{"direction", "route", "navigate", "travel"},
	{"address", "geocode", "coordinate", "latitude", "longitude"},
	{"price", "cost", "pricing", "fee", "plan"},
	{"payment", "charge", "checkout", "pay"},
	{"customer", "client", "buyer"},
	{"subscription", "plan", "recurring", "monthly"},
	{"invoice", "bill", "receipt"},
	{"refund", "chargeback", "reimburse"},
	{"dispute", "chargeback"},
	{"balance", "funds", "money"},
	{"function", "fn", "func", "lambda"},
	{"migration", "migrate"},
	{"extension", "plugin", "addon"},
	{"entity", "node", "object"},
	{"observation", "note", "fact", "memory"},
	{"relation", "relationship", "link", "edge"},
	{"graph", "knowledge"},
	{"commit", "changeset", "revision"},
	{"branch", "ref"},
	{"comment", "note", "remark"},
	{"channel", "room"},
	{"reaction", "emoji"},
	{"thread", "conversation"},
	{"collection", "table"},
	{"index", "indexes", "indices"},
	{"document", "record", "row", "entry"},
	{"process", "proc", "pid"},
	{"session", "terminal", "shell"},
	{"snapshot", "dump"},
	{"heap", "memory", "leak"},
	{"performance", "perf", "profile", "profiling"},
	{"network", "request", "http", "traffic"},
	{"header", "headers", "cookie"},
	{"console", "devtools"},
	{"element", "uid", "node", "selector"},
	{"dialog", "alert", "prompt", "popup", "confirm"},
	{"form", "field", "input"},
	{"query", "sql", "select"},
	{"job", "build", "workflow", "pipeline", "run"},
	{"pipeline", "ci", "build"},
	{"flaky", "unstable", "intermittent"},
	{"artifact", "output"},
	{"release", "version", "tag"},
	{"monitor", "watch", "alert"},
	{"crawl", "spider"},
	{"scrape", "extract", "fetch"},
	{"markdown", "md"},
	{"size", "<big", "<biggest", "<largest", "<small", "<smallest", "bytes"},
	{"recent", "latest", "last", "newest"},
	{"warning", "warn"},
	{"member", "users"},
	{"sort", "order", "sorted", "<biggest", "<largest"},
}

// productAliases map what people call a product to the word its server is
// usually named after. They work as full-weight synonyms and as backend cues.
var productAliases = map[string][]string{
	"gh":         {"github"},
	"gl":         {"gitlab"},
	"mongo":      {"mongodb"},
	"mongod":     {"mongodb"},
	"mongosh":    {"mongodb"},
	"pg":         {"postgres"},
	"psql":       {"postgres"},
	"postgresql": {"postgres"},
	"jql":        {"jira"},
	"confluence": {"atlassian"},
	"devtools":   {"chrome"},
	"chromium":   {"chrome"},
	"cdp":        {"chrome"},
	"k8s":        {"kubernetes"},
	"kubectl":    {"kubernetes"},
	"gcal":       {"calendar"},
	"gdrive":     {"drive"},
	"gdocs":      {"google"},
	"fs":         {"filesystem"},
	"sentryio":   {"sentry"},
	"circle":     {"circleci"},
	"rediscli":   {"redis"},
}

const (
	synonymWeight = 0.55 // query weight of a synonym, against 1 for the word itself
	aliasWeight   = 1.0
)

// expansion is one term a query word expands to.
type expansion struct {
	terms  []string // analyzed; more than one for phrases ("pull request")
	weight float64
}

// synonyms returns the table mapping an analyzed word to its expansions,
// built on first use rather than at init: about 3 ms that a gateway start
// (or a `mcp-agentify --version`) should not pay before it needs to rank.
var synonyms = sync.OnceValue(buildSynonyms)

func analyzeAll(s string) []string {
	var out []string
	analyze(s, func(t string) { out = append(out, t) })
	return out
}

func buildSynonyms() map[string][]expansion {
	tab := map[string][]expansion{}
	seen := map[string]bool{}
	add := func(from string, to []string, w float64) {
		if len(to) == 0 || (len(to) == 1 && to[0] == from) {
			return
		}
		k := from + "\x00" + strings.Join(to, " ")
		if seen[k] {
			return
		}
		seen[k] = true
		tab[from] = append(tab[from], expansion{terms: to, weight: w})
	}
	for _, g := range synonymGroups {
		analyzed := make([][]string, 0, len(g))
		sourceOnly := make([]bool, 0, len(g))
		for _, w := range g {
			src := strings.HasPrefix(w, "<")
			if a := analyzeAll(strings.TrimPrefix(w, "<")); len(a) > 0 {
				analyzed = append(analyzed, a)
				sourceOnly = append(sourceOnly, src)
			}
		}
		for _, a := range analyzed {
			if len(a) != 1 {
				continue // phrases are targets only
			}
			for j, b := range analyzed {
				if !sourceOnly[j] {
					add(a[0], b, synonymWeight)
				}
			}
		}
	}
	for alias, targets := range productAliases {
		from := analyzeAll(alias)
		if len(from) != 1 {
			continue
		}
		for _, t := range targets {
			add(from[0], analyzeAll(t), aliasWeight)
		}
	}
	return tab
}
