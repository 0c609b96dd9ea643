package planner

import (
	"encoding/json"
	"regexp"
	"strings"
	"time"
)

// laterTime reports whether the request asks for its act at a stated later
// time: "for" followed by a time of day ("for 9am", "for 14:30"), a day
// named by English's deictic adverbs ("for tomorrow", "for tonight") or
// by the calendar's weekday names ("for Monday 9am"), or "next" and a
// weekday or a unit of the calendar ("for next week"). English sets the
// time an act is appointed for with "for" ("a meeting for 3pm", "a
// message for 9am tomorrow"); a tool that acts (Index.acts) and takes no
// time (takesTime) does its act when it is called, not then. Only in the
// first sentence, outside quoted text and before reported speech
// ("saying", "that", "telling", a colon), whose times are what a message
// says ("... saying the migration starts at 6pm"): a later sentence may
// be a situation's or a message's, and a time there is no time for the
// act; not a possessive ("for friday's standup": what the thing is for);
// and not for a request that only reads, where "for tomorrow" picks
// which things to list.
func laterTime(query string) bool {
	if !strings.Contains(strings.ToLower(query), "for ") {
		return false
	}
	fs := fields(query)
	for i, f := range fs {
		if f.quoted {
			continue
		}
		lw := strings.ToLower(f.text)
		if reportedSpeech[lw] {
			return false
		}
		if lw == "for" && i+1 < len(fs) && !fs[i+1].quoted && timeWord(fs, i+1) {
			q := parseQuery(query)
			return q.verb != "" && !readStems[q.verb]
		}
		if strings.HasSuffix(lw, ":") || endsSentence(f.text) {
			return false
		}
	}
	return false
}

// acts reports whether tool d acts on things: MCP's annotations say it is
// not read-only, or, without them, its name's verb is one of writing
// (post, create, deploy: verbHints). A tool that reads (maps_directions,
// a forecast) answers about the time a task names, which is then its
// question, not a time to act: laterTime's check is for acts only.
func (ix *Index) acts(d int32) bool {
	return ix.docHint[d]&(hintWrite|hintDestructive) != 0
}

// reportedSpeech are the words that open what a message says: the
// participles of the verbs of saying and the complementizer "that".
var reportedSpeech = setOf("saying", "telling", "asking", "that", "reading")

// clockTime matches a time of day as English writes it: 9am, 10:30,
// 10:30pm, or a bare hour that timeWord takes only before "am" or "pm"
// ("9 pm").
var clockTime = regexp.MustCompile(`^([01]?[0-9]|2[0-3])(:[0-5][0-9])?(am|pm)?$`)

// timeWord reports whether fs[i] opens a later time (see laterTime).
func timeWord(fs []field, i int) bool {
	w := strings.ToLower(strings.TrimRight(fs[i].text, ".,;:!?"))
	switch {
	case w == "tomorrow" || w == "tonight" || w == "noon" || w == "midnight":
		return true
	case clockTime.MatchString(w):
		// A bare number is a time only with a colon, or am/pm in it or after it.
		if strings.ContainsAny(w, ":apm") {
			return true
		}
		return i+1 < len(fs) && (strings.ToLower(strings.TrimRight(fs[i+1].text, ".,;:!?")) == "am" || strings.ToLower(strings.TrimRight(fs[i+1].text, ".,;:!?")) == "pm")
	case weekday(w):
		return true
	case w == "next" && i+1 < len(fs):
		n := strings.ToLower(strings.TrimRight(fs[i+1].text, ".,;:!?"))
		return weekday(n) || n == "week" || n == "month" || n == "year"
	}
	return false
}

// weekday reports whether w is the name of a day of the week.
func weekday(w string) bool {
	for d := time.Sunday; d <= time.Saturday; d++ {
		if strings.EqualFold(w, d.String()) {
			return true
		}
	}
	return false
}

// timeFormat matches JSON Schema's formats for a moment.
var timeFormat = regexp.MustCompile(`"format"\s*:\s*"(date-time|date|time)"`)

// timeNameWords are the words a parameter's name uses for a moment: a date
// or time, a schedule or cron expression, a due date, or, last in the
// name, the "at" of a timestamp (post_at, scheduledAt, send_at).
var timeNameWords = setOf("date", "datetime", "time", "timestamp", "schedule", "scheduled", "cron", "due", "when")

// takesTime reports whether a tool's input schema has a parameter for a
// moment: a property with a format for one (timeFormat) or whose name, at
// its words (split at underscores, hyphens and camel-case humps), says
// one (timeNameWords), at any depth.
func takesTime(schema json.RawMessage) bool {
	if timeFormat.Match(schema) {
		return true
	}
	var walk func(v any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case map[string]any:
			if props, ok := x["properties"].(map[string]any); ok {
				for name, sub := range props {
					if timeName(name) || walk(sub) {
						return true
					}
				}
			}
			for k, sub := range x {
				if k != "properties" && walk(sub) {
					return true
				}
			}
		case []any:
			for _, sub := range x {
				if walk(sub) {
					return true
				}
			}
		}
		return false
	}
	var v any
	return json.Unmarshal(schema, &v) == nil && walk(v)
}

// timeName reports whether a parameter's name says a moment.
func timeName(name string) bool {
	var words []string
	start := 0
	for i := 0; i <= len(name); i++ {
		if i == len(name) || name[i] == '_' || name[i] == '-' || name[i] >= 'A' && name[i] <= 'Z' && i > 0 && name[i-1] >= 'a' && name[i-1] <= 'z' {
			if i > start {
				words = append(words, strings.ToLower(strings.Trim(name[start:i], "_-")))
			}
			start = i
		}
	}
	for _, w := range words {
		if timeNameWords[w] {
			return true
		}
	}
	return len(words) > 1 && words[len(words)-1] == "at"
}
