package integrity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcp-agentify/mcp-agentify/internal/lazyregexp"
)

// This file holds every poisoning rule. Each rule reads one text a model
// will see (a tool's or prompt's title or description, a parameter's
// description or title, a prompt argument's description) and reports what
// it found. The rules look for the shape of an attack, never for rows of a
// particular catalog: real descriptions (the 385 tools of the shared
// evaluation catalog) legitimately say "IMPORTANT:", mention sibling
// tools, explain that "~/.ssh" is rejected and run to thousands of
// characters, and none of them may be flagged.

// Finding is one rule's hit in one text of a definition.
type Finding struct {
	Rule   string `json:"rule"`
	Where  string `json:"where"`  // "description", "inputSchema.properties.path.description", ...
	Detail string `json:"detail"` // what matched, quoted and shortened
}

// rule checks one text; it returns a short detail for a hit, "" otherwise.
// words, if set, are literals (lower case) of which every match of the
// rule's patterns contains at least one: an ASCII text holding none of
// them cannot match, and the patterns are not run on it. (Only for ASCII:
// (?i) also folds some non-ASCII letters, such as U+017F into s.)
type rule struct {
	name  string
	check func(text string) string
	words []string
}

// rules are applied to every text of a definition, in this order. Their
// words are read off the patterns, alternative by alternative;
// TestRuleWords checks them against every case.
var rules = []rule{
	{"model-instructions", modelInstructions, []string{"ignore", "disregard", "forget", "override", "user", "now", "instructions", "system"}},
	{"hidden-block", hiddenBlock, []string{"<", "["}},
	{"secret-access", secretAccess, []string{".ssh", "id_", "credential", ".netrc", ".kube", "/etc/", "mcp.json", "claude_desktop_config", ".cursor/", ".env", "private", "api", "secret", "password", "access"}},
	{"tool-shadowing", toolShadowing, []string{"tool", "side", "must", "should"}},
	{"invisible-unicode", invisibleUnicode, nil},
	{"excessive-length", excessiveLength, nil},
}

// mayMatch reports whether r can match text (lower is its lower case when
// text is ASCII, else "").
func (r *rule) mayMatch(text, lower string) bool {
	if r.words == nil || lower == "" && text != "" {
		return true
	}
	for _, w := range r.words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// asciiLower returns text in lower case if it is all ASCII, else "".
func asciiLower(text string) string {
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			return ""
		}
	}
	return strings.ToLower(text)
}

// Rule model-instructions. Argument: a tool description tells a model what
// the tool does; it has no business telling the model to drop its other
// instructions or to keep something from the user. Those phrases are how
// injected instructions take over (prompt injection), and no honest tool
// needs them.
var modelInstructionsRe = lazyregexp.New(`(?i)` + strings.Join([]string{
	`\b(ignore|disregard|forget|override)\s+(all\s+|any\s+)?(the\s+|your\s+)?(previous|prior|above|earlier|preceding|other|system)\s+(instructions?|prompts?|rules|directions|guidelines|messages)`,
	`\b(do\s+not|don't|never|must\s+not)\s+(tell|inform|mention|reveal|show|notify|alert|disclose|explain)\b[^.\n]{0,40}\b(the\s+)?user\b`,
	`\bwithout\s+(telling|informing|notifying|alerting|asking|showing)\s+(the\s+)?user\b`,
	`\b(the\s+)?user\s+(must|should|need|needs)\s+(not|never)\s+(know|see|notice|be\s+told|find\s+out)`,
	`\b(hide|conceal|keep)\s+(this|it|these|them)\s+(from|secret\s+from)\s+(the\s+)?user\b`,
	`\byou\s+are\s+now\s+(a|an|in)\b`,
	`\bnew\s+(system\s+)?instructions\s*:`,
	`\b(reveal|print|repeat|output)\s+(your|the)\s+system\s+prompt\b`,
}, "|"))

func modelInstructions(text string) string { return quoteMatch(modelInstructionsRe(), text) }

// Rule hidden-block. Argument: instructions smuggled into a description
// are commonly wrapped in pseudo-markup that a model treats as more
// authoritative than the surrounding text (<IMPORTANT>, <SYSTEM>,
// <instructions>) or in a chat template's role markers. Real
// descriptions write HTML or XML element names of their domain, not these.
var hiddenBlockRe = lazyregexp.New(`(?i)<\s*/?\s*(important|system|instructions?|secret|hidden|admin|override|critical|prompt|assistant|system[-_ ]?prompt)\s*>|<\|(im_start|im_end|system|endoftext)\|>|\[/?INST\]|<<\s*/?SYS\s*>>`)

func hiddenBlock(text string) string { return quoteMatch(hiddenBlockRe(), text) }

// Rule secret-access. Argument: a tool is described to say what it does
// with its parameters. A description that tells the model to read, send or
// pass on secret material (SSH keys, cloud credentials, .env files, the
// MCP client's own configuration, API keys, passwords) is trying to
// exfiltrate it through a parameter. A mere mention is not enough (real
// tools say such paths are rejected); the sentence must ask for the
// material to be moved, and must not be a refusal.
var (
	secretRe  = lazyregexp.New(`(?i)~/\.ssh|\.ssh/|\bid_(rsa|dsa|ecdsa|ed25519)\b|\.aws/credentials|\.netrc\b|\.git-credentials|\.kube/config|/etc/(shadow|passwd)\b|\bmcp\.json\b|claude_desktop_config|\.cursor/|(^|[\s'"\x60(/])\.env\b|\bprivate\s+keys?\b|\bapi[\s_-]?keys?\b|\bsecrets?\b|\bpasswords?\b|\bcredentials?\b|\baccess\s+tokens?\b`)
	exfilRe   = lazyregexp.New(`(?i)\b(read|cat|open|include|send|pass|attach|upload|append|copy|forward|leak|exfiltrate|embed|paste|put)\b[^.\n]{0,80}\b(content|contents|value|values|as|into|in\s+the|to\s+the|parameter|argument|field)\b`)
	refusalRe = lazyregexp.New(`(?i)\b(do\s+not|don't|must\s+not|reject|refus|denied|deny|never|not\s+allowed|forbidden|blocked|exclud|redact|mask)`)
)

func secretAccess(text string) string {
	for _, s := range sentences(text) {
		m := secretRe().FindString(s)
		if m == "" || !exfilRe().MatchString(s) || refusalRe().MatchString(s) {
			continue
		}
		return fmt.Sprintf("asks to move %q: %q", strings.TrimSpace(m), shorten(s, 120))
	}
	return ""
}

// Rule tool-shadowing. Argument: a tool's description should describe
// that tool. One that rules how other tools behave (where another tool's
// emails go, what every other tool must do first, a "side effect" on
// them) is shadowing them: it hijacks calls the user makes to trusted
// tools. Referring to a sibling ("use read_text_file instead", "to aid
// other tool requests") is normal and is not flagged.
var toolShadowingRe = lazyregexp.New(`(?i)` + strings.Join([]string{
	`\b(when|whenever|before|after|if)\s+(you\s+|the\s+(assistant|agent|model)\s+)?(use|call|invoke|run|using|calling|invoking|running)s?\s+(the\s+|any\s+|a\s+)?(other|another|different)\s+tools?\b[^.\n]{0,80}\b(must|always|also|instead|first)\b`,
	`\b(all|any|every)\s+other\s+tools?\b[^.\n]{0,60}\b(must|should|always|need\s+to)\b`,
	`\bside[\s-]effects?\s+on\s+(the\s+|all\s+|any\s+|other\s+)*tools?\b`,
	`\b(important|hidden)\s+side[\s-]effect\b`,
	`\b(change|modify|override|alter)s?\s+(the\s+)?behaviou?r\s+of\s+(the\s+|all\s+|any\s+|other\s+)*[\w.-]*\s*tools?\b`,
	`\b(all|any|every)\s+(emails?|messages?|requests?|payments?|transfers?)\s+(must|should)\s+(be\s+)?(sent|go|forwarded|redirected|routed)\s+to\b`,
}, "|"))

func toolShadowing(text string) string { return quoteMatch(toolShadowingRe(), text) }

// Rule invisible-unicode. Argument: a model reads every code point; a
// person reviewing the description in a UI does not see zero-width
// characters, bidirectional overrides (which reorder what is displayed)
// or Unicode tag characters (which spell ASCII invisibly). Text meant for
// people has no use for them, so any of them is a place to hide
// instructions. The zero-width joiner inside an emoji sequence and the
// emoji variation selector are allowed.
func invisibleUnicode(text string) string {
	prev := rune(0)
	for i, r := range text {
		bad := ""
		switch {
		case r >= 0xE0000 && r <= 0xE007F:
			bad = "tag character"
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069, r == 0x200E, r == 0x200F, r == 0x061C:
			bad = "bidirectional control"
		case r == 0x200B, r == 0x200C, r == 0x2060, r == 0x2061, r == 0x2062, r == 0x2063, r == 0x2064, r == 0x180E, r == 0xFEFF && i > 0, r == 0x00AD:
			bad = "zero-width character"
		case r == 0x200D:
			next, _ := utf8.DecodeRuneInString(text[i+len("\u200d"):])
			if !isEmoji(prev) || !isEmoji(next) {
				bad = "zero-width joiner outside an emoji"
			}
		case r >= 0xE0100 && r <= 0xE01EF:
			bad = "variation selector supplement"
		case r < 0x20 && r != '\n' && r != '\r' && r != '\t', r >= 0x7F && r < 0xA0:
			bad = "control character"
		}
		if bad != "" {
			return fmt.Sprintf("%s U+%04X at byte %d", bad, r, i)
		}
		prev = r
	}
	return ""
}

func isEmoji(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r == 0xFE0F || unicode.Is(unicode.So, r)
}

// Rule excessive-length. Argument: clients show the first lines of a
// description; anything far beyond what any tool needs to explain itself
// is read by the model but by no person, which is where a payload hides.
// Real descriptions run to about 7,000 characters (detailed usage guides);
// the limit is twice that. Long runs of blank lines or whitespace push
// text out of a reviewer's view whatever the total length.
const (
	maxTextRunes    = 16000
	maxBlankLines   = 8
	maxSpaceRunRune = 200
)

var (
	blankLinesRe = lazyregexp.New(fmt.Sprintf(`(\r?\n[ \t]*){%d,}`, maxBlankLines+1))
	spaceRunRe   = lazyregexp.New(fmt.Sprintf(`[ \t\x{00A0}\x{2000}-\x{200A}\x{3000}]{%d,}`, maxSpaceRunRune))
)

func excessiveLength(text string) string {
	if n := utf8.RuneCountInString(text); n > maxTextRunes {
		return fmt.Sprintf("%d characters (limit %d)", n, maxTextRunes)
	}
	if loc := blankLinesRe().FindStringIndex(text); loc != nil {
		return fmt.Sprintf("more than %d blank lines at byte %d", maxBlankLines, loc[0])
	}
	if loc := spaceRunRe().FindStringIndex(text); loc != nil {
		return fmt.Sprintf("a run of %d spaces at byte %d", loc[1]-loc[0], loc[0])
	}
	return ""
}

// Scan applies every rule to every text of a definition (its title and
// description, and every "description" and "title" string inside its
// schemas or prompt arguments) and returns the findings, one per rule and
// text at most.
func Scan(kind string, raw json.RawMessage) []Finding {
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&obj) != nil {
		return nil
	}
	var out []Finding
	visit := func(where, text string) {
		lower := asciiLower(text)
		for i := range rules {
			r := &rules[i]
			if !r.mayMatch(text, lower) {
				continue
			}
			if d := r.check(text); d != "" {
				out = append(out, Finding{Rule: r.name, Where: where, Detail: d})
			}
		}
	}
	for _, k := range []string{"name", "title", "description"} {
		if s, ok := obj[k].(string); ok {
			visit(k, s)
		}
	}
	for _, k := range []string{"inputSchema", "outputSchema", "arguments", "annotations"} {
		walkTexts(obj[k], k, visit)
	}
	return out
}

// walkTexts calls visit for every string under a "description" or
// "title" key (and annotations' title).
func walkTexts(v any, where string, visit func(where, text string)) {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if s, ok := c.(string); ok && (k == "description" || k == "title") {
				visit(where+"."+k, s)
				continue
			}
			walkTexts(c, where+"."+k, visit)
		}
	case []any:
		for i, c := range x {
			walkTexts(c, fmt.Sprintf("%s[%d]", where, i), visit)
		}
	}
}

// sentences splits text at sentence ends and line breaks.
var sentenceEndRe = lazyregexp.New(`[.!?]\s+|\n`)

func sentences(text string) []string { return sentenceEndRe().Split(text, -1) }

func quoteMatch(re *regexp.Regexp, text string) string {
	if m := re.FindString(text); m != "" {
		return fmt.Sprintf("%q", shorten(m, 80))
	}
	return ""
}

func shorten(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
