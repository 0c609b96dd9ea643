// Command wordnet builds the planner's generated synonym table
// (planner/wordnet.txt) from Princeton WordNet 3.0 as Debian's wordnet-base
// package installs it, pruned to the vocabulary of real MCP servers' tools.
//
// Usage (from the repository root):
//
//	go run ./planner/gen/wordnet                   # rewrite planner/wordnet.txt
//	go run ./planner/gen/wordnet -check            # exit 1 when it is stale
//	go run ./planner/gen/wordnet -vocab-from a.json,b.json  # also rebuild planner/gen/wordnet/vocab.txt
//
// The vocabulary (vocab.txt) holds the words of the names, descriptions,
// top-level parameter names and enum members (at any depth) of 583 tools
// of 31 real npm MCP servers (tools.json and tools_distractors.json of the
// shared tool-selection set); the ranker also indexes nested parameter
// names and parameter descriptions, which the table leaves out (adding the
// descriptions cost recall: docs/benchmarks.md, round 38). For each
// vocabulary word the generator takes its most frequent WordNet senses (the
// index lists senses by frequency in the tagged corpus) and records every
// other single-word lemma of those synsets as a word that, in a query, may
// stand for the vocabulary word. It also lists WordNet's phrasal verbs (a
// verb and a particle as one lemma: "break_down", "shut_down") with the
// single-word lemmas of their most frequent senses that are vocabulary
// words ("analyze", "close"). Nothing in the table is written by hand.
//
// It also writes planner/wordnet_words.txt: the English words of WordNet
// (lemmas and irregular forms of four letters or more). The ranker corrects
// a query word it does not know to a tool-vocabulary word one or two edits
// away only when the word is not English: "lsit" is a typo of "list",
// "flight" is not a typo of "light". This list cannot be pruned to the
// vocabulary: the catalog a gateway serves is known only at run time.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// sensesPerWord is how many of a word's most frequent senses count, per part
// of speech, among those attested in WordNet's sense-tagged corpus. Rarer senses are mostly unrelated to software ("file" as a row
// of soldiers); two keeps the common verb and noun readings.
const sensesPerWord = 2

var pos = []string{"noun", "verb", "adj", "adv"}

func main() {
	wn := flag.String("wordnet", "/usr/share/wordnet", "WordNet dict directory (Debian wordnet-base)")
	dir := flag.String("dir", "planner", "the planner package directory")
	check := flag.Bool("check", false, "compare with the committed table instead of writing it")
	vocabFrom := flag.String("vocab-from", "", "comma-separated tools.json files to rebuild vocab.txt from")
	flag.Parse()
	if err := run(*wn, *dir, *check, *vocabFrom); err != nil {
		fmt.Fprintln(os.Stderr, "wordnet:", err)
		os.Exit(1)
	}
}

func run(wn, dir string, check bool, vocabFrom string) error {
	vocabPath := filepath.Join(dir, "gen", "wordnet", "vocab.txt")
	if vocabFrom != "" {
		v, err := vocabulary(strings.Split(vocabFrom, ","))
		if err != nil {
			return err
		}
		if err := os.WriteFile(vocabPath, []byte(strings.Join(v, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	vb, err := os.ReadFile(vocabPath)
	if err != nil {
		return err
	}
	table, err := build(wn, strings.Fields(string(vb)))
	if err != nil {
		return err
	}
	words, err := englishWords(wn)
	if err != nil {
		return err
	}
	names, err := nameWords(wn)
	if err != nil {
		return err
	}
	verbs, err := changeVerbs(wn)
	if err != nil {
		return err
	}
	adjectives, err := adjectiveWords(wn)
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"wordnet.txt", table}, {"wordnet_words.txt", words}, {"wordnet_names.txt", names}, {"wordnet_verbs.txt", verbs}, {"wordnet_adjectives.txt", adjectives}} {
		out := filepath.Join(dir, f.name)
		if check {
			old, err := os.ReadFile(out)
			if err != nil {
				return err
			}
			if !bytes.Equal(old, f.data) {
				return fmt.Errorf("%s is stale: run go run ./planner/gen/wordnet", out)
			}
			continue
		}
		if err := os.WriteFile(out, f.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// minTypoLen is the shortest word the ranker corrects (planner/rank.go
// uses the same bound): shorter words are too often other words.
const minTypoLen = 4

// englishWords returns the file of English words: every WordNet lemma and
// irregular inflection of minTypoLen or more letters (a-z only).
func englishWords(dir string) ([]byte, error) {
	w, err := load(dir)
	if err != nil {
		return nil, err
	}
	return wordList(lemmasAndForms(w, pos, minTypoLen), "# English words (WordNet lemmas and irregular forms, 4+ letters), which the ranker never corrects as typos."), nil
}

// lemmasAndForms returns the single-word lemmas (a-z only) of minLen or
// more letters of the parts of speech ps, with their irregular forms
// (the .exc files), each once.
func lemmasAndForms(w *wordnet, ps []string, minLen int) []string {
	set := map[string]bool{}
	keep := func(s string) {
		if len(s) >= minLen && strings.IndexFunc(s, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
			set[s] = true
		}
	}
	for _, p := range ps {
		for lemma := range w.index[p] {
			keep(lemma)
		}
		for form := range w.exc[p] {
			keep(form)
		}
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	return keys
}

// wordList is a generated file of one word a line, sorted, under the
// table's header with its description line replaced by what.
func wordList(words []string, what string) []byte {
	sort.Strings(words)
	var b bytes.Buffer
	b.WriteString(strings.Replace(header, "# Each line: a word a query may use, then the tool-vocabulary words it stands for.", what, 1))
	for _, w := range words {
		b.WriteString(w)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// adjectiveWords returns the file of WordNet's adjectives: single-word
// lemmas of three or more letters (a-z only) with an adjective sense, head
// or satellite, and the irregular comparatives and superlatives of
// adj.exc. After a copula such a word is a predicate adjective ("the org
// is fine"), which says how a thing is, not which it is.
func adjectiveWords(dir string) ([]byte, error) {
	w, err := load(dir)
	if err != nil {
		return nil, err
	}
	return wordList(lemmasAndForms(w, []string{"adj"}, 3), "# Adjectives (WordNet lemmas with an adjective sense and irregular comparatives, 3+ letters)."), nil
}

// nameWords returns the file of WordNet's name words: single-word lemmas
// of minTypoLen or more letters that WordNet writes capitalized in every
// synset they belong to ("Lisbon", "Monday", "Alice" is not in WordNet),
// never in lower case. A capitalized word of a query that is English but
// not such a name is an ordinary word used as a name ("a Zoom call", "in
// Intercom"): a product's name. Places, people, days and months are the
// name words, and they are arguments. So are the names of places that are
// also ordinary words ("Berlin", a city and a carriage; "Nice", "Turkey"):
// a capitalized lemma of a synset that is an instance of a kind of
// location (WordNet's instance hypernym "@i", followed up its hypernyms
// to location.n.01), written capitalized as a place is.
func nameWords(dir string) ([]byte, error) {
	upper, lower := map[string]bool{}, map[string]bool{}
	places, err := placeNames(dir)
	if err != nil {
		return nil, err
	}
	for _, p := range pos {
		b, err := os.ReadFile(filepath.Join(dir, "data."+p))
		if err != nil {
			return nil, fmt.Errorf("read WordNet (apt-get install wordnet-base): %w", err)
		}
		for _, line := range strings.Split(string(b), "\n") {
			syn, ok := parseSynset(line)
			if !ok {
				continue // the licence header
			}
			for _, w := range syn.lemmas {
				l := strings.ToLower(w)
				if w != l {
					upper[l] = true
				} else {
					lower[l] = true
				}
			}
		}
	}
	keys := make([]string, 0, len(upper))
	for k := range upper {
		if (!lower[k] || places[k]) && len(k) >= minTypoLen && strings.IndexFunc(k, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
			keys = append(keys, k)
		}
	}
	return wordList(keys, "# Name words (lemmas WordNet writes only capitalized, or capitalized as a place, 4+ letters): places, people, days, months."), nil
}

// locationOffset is the offset of location.n.01 in WordNet 3.0's
// data.noun ("a point or extent in space").
const locationOffset = "00027167"

// placeNames returns the lower-cased single-word lemmas that WordNet
// writes capitalized in a noun synset that is an instance of a kind of
// location (a city, a country, a river): the synset's instance hypernym
// ("@i") reaches location.n.01 through hypernyms ("@", "@i").
func placeNames(dir string) (map[string]bool, error) {
	b, err := os.ReadFile(filepath.Join(dir, "data.noun"))
	if err != nil {
		return nil, fmt.Errorf("read WordNet (apt-get install wordnet-base): %w", err)
	}
	type place struct {
		lemmas []string
		hyper  []string // "@" and "@i" targets
		inst   []string // "@i" targets
	}
	syn := map[string]place{}
	for _, line := range strings.Split(string(b), "\n") {
		s, ok := parseSynset(line)
		if !ok {
			continue
		}
		pl := place{lemmas: s.lemmas}
		for _, ptr := range s.ptrs {
			switch ptr.sym {
			case "@i":
				pl.inst = append(pl.inst, ptr.off)
				pl.hyper = append(pl.hyper, ptr.off)
			case "@":
				pl.hyper = append(pl.hyper, ptr.off)
			}
		}
		syn[s.off] = pl
	}
	memo := map[string]bool{}
	var under func(off string, depth int) bool
	under = func(off string, depth int) bool {
		if off == locationOffset {
			return true
		}
		if v, ok := memo[off]; ok || depth > 20 {
			return v
		}
		memo[off] = false
		for _, h := range syn[off].hyper {
			if under(h, depth+1) {
				memo[off] = true
				return true
			}
		}
		return false
	}
	out := map[string]bool{}
	for _, s := range syn {
		if len(s.inst) == 0 || !slices.ContainsFunc(s.inst, func(o string) bool { return under(o, 0) }) {
			continue
		}
		for _, l := range s.lemmas {
			if lw := strings.ToLower(l); lw != l && !strings.ContainsAny(l, "_-.'") {
				out[lw] = true
			}
		}
	}
	return out, nil
}

// Verbs of change (planner/wordnet_verbs.txt). WordNet files every verb
// synset under one lexicographer file; three of them hold the verbs whose
// doing leaves the world as it was for the one who asks: cognition
// ("infer", "compare"), communication ("tell", "summarize") and perception
// ("see", "watch"). And a verb whose sense is a kind of obtaining or
// perceiving ("grab" is a kind of seizing, "scan" of examining, "fetch"
// of getting) asks for something to be had or seen, which a tool that
// reads does. The other verbs ("archive", "invite", "pin", "lock",
// "deactivate") ask for a change.
const (
	lexCognition     = 31
	lexCommunication = 32
	lexPerception    = 39
	changeSenses     = 2 // the most frequent senses looked at (as sensesPerWord)
	changeDepth      = 3 // hypernym steps followed from each
)

// obtainVerbs are the verbs of obtaining, perceiving and examining whose
// hyponyms a reading tool serves. Seizing is taking into one's hands
// ("seize, prehend, clutch": "take hold of; grab"), a kind of obtaining
// that WordNet files under "take, get hold of", which has no hypernym.
var obtainVerbs = map[string]bool{"get": true, "obtain": true, "acquire": true, "receive": true, "perceive": true, "see": true, "look": true, "find": true, "examine": true, "seize": true}

// changeVerbs returns the file of verbs of change: single-word WordNet
// verbs (a-z) whose most frequent sense is not in the lexicographer files
// of cognition, communication or perception, and none of whose first
// changeSenses senses is, within changeDepth hypernym steps, a sense of one
// of obtainVerbs.
func changeVerbs(dir string) ([]byte, error) {
	w, err := load(dir)
	if err != nil {
		return nil, err
	}
	var keys []string
	for lemma, offs := range w.index["verb"] {
		if len(offs) == 0 || strings.IndexFunc(lemma, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
			continue
		}
		if lex, _ := w.verbSynset(offs[0]); lex == lexCognition || lex == lexCommunication || lex == lexPerception {
			continue
		}
		if !w.obtains(offs[:min(len(offs), changeSenses)]) {
			keys = append(keys, lemma)
		}
	}
	return wordList(keys, "# Verbs of change (WordNet verbs not of cognition, communication or perception, nor kinds of obtaining or perceiving)."), nil
}

// obtains reports whether a synset among offs, or one of its hypernyms
// within changeDepth steps, holds a verb of obtainVerbs.
func (w *wordnet) obtains(offs []string) bool {
	for _, o := range offs {
		front := []string{o}
		for d := 0; d <= changeDepth && len(front) > 0; d++ {
			var next []string
			for _, f := range front {
				for _, l := range w.lemmas("verb", f) {
					if obtainVerbs[l] {
						return true
					}
				}
				_, hyper := w.verbSynset(f)
				next = append(next, hyper...)
			}
			front = next
		}
	}
	return false
}

// verbSynset returns the lexicographer file number of the verb synset at
// offset and the offsets of its hypernyms ("@" and "@i" pointers).
func (w *wordnet) verbSynset(off string) (lex int, hyper []string) {
	syn, ok := w.synset("verb", off)
	if !ok {
		return -1, nil
	}
	for _, ptr := range syn.ptrs {
		if (ptr.sym == "@" || ptr.sym == "@i") && ptr.pos == "v" {
			hyper = append(hyper, ptr.off)
		}
	}
	return syn.lex, hyper
}

// synset is one line of a WordNet data file: its offset, lexicographer
// file number, lemmas as written (adjective markers such as "(a)" cut
// off) and pointers.
type synset struct {
	off    string
	lex    int
	lemmas []string
	ptrs   []pointer
}

// pointer is one pointer of a synset: its symbol ("@", "@i", "+"), the
// target's offset and part of speech, and the source and target word
// numbers (four hex digits, "0000" for the whole synset).
type pointer struct{ sym, off, pos, st string }

// parseSynset reads one line of a data file, without its newline; ok is
// false for the licence header's lines and malformed ones.
func parseSynset(line string) (syn synset, ok bool) {
	if line == "" || line[0] == ' ' {
		return syn, false
	}
	if i := strings.IndexByte(line, '|'); i >= 0 {
		line = line[:i] // the gloss
	}
	f := strings.Fields(line)
	if len(f) < 4 {
		return syn, false
	}
	n, err := strconv.ParseInt(f[3], 16, 32)
	if err != nil || 4+2*int(n) > len(f) {
		return syn, false
	}
	syn.off = f[0]
	syn.lex, _ = strconv.Atoi(f[1])
	for i := 0; i < int(n); i++ {
		l := f[4+2*i]
		if j := strings.IndexByte(l, '('); j >= 0 {
			l = l[:j]
		}
		syn.lemmas = append(syn.lemmas, l)
	}
	if k := 4 + 2*int(n); k < len(f) {
		np, _ := strconv.Atoi(f[k])
		for i := 0; i < np && k+4+4*i < len(f); i++ {
			syn.ptrs = append(syn.ptrs, pointer{f[k+1+4*i], f[k+2+4*i], f[k+3+4*i], f[k+4+4*i]})
		}
	}
	return syn, true
}

// synset returns the synset at offset in the data file of p.
func (w *wordnet) synset(p, off string) (synset, bool) {
	o, err := strconv.Atoi(off)
	if err != nil || o >= len(w.data[p]) {
		return synset{}, false
	}
	line := w.data[p][o:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return parseSynset(string(line))
}

// vocabulary returns the sorted lower-case words (letters only, 2+ runes)
// of tool names, descriptions, top-level parameter names and the string
// members of parameters' enums (at any depth of the schema: "bicycling" of
// a travel mode) in the given files.
func vocabulary(files []string) ([]string, error) {
	set := map[string]bool{}
	addText := func(s string) {
		// split camelCase and snake/kebab names into words
		var b strings.Builder
		prev := rune(0)
		for _, r := range s {
			if unicode.IsUpper(r) && unicode.IsLower(prev) {
				b.WriteByte(' ')
			}
			b.WriteRune(r)
			prev = r
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(b.String()), func(r rune) bool { return !unicode.IsLetter(r) || r > unicode.MaxASCII }) {
			if len(w) >= 2 {
				set[w] = true
			}
		}
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var tools []struct {
			Name, Description string
			InputSchema       struct {
				Properties map[string]json.RawMessage
			}
		}
		if err := json.Unmarshal(b, &tools); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		for _, t := range tools {
			addText(t.Name)
			addText(t.Description)
			for p, raw := range t.InputSchema.Properties {
				addText(p)
				var schema any
				if json.Unmarshal(raw, &schema) == nil {
					enumStrings(schema, addText)
				}
			}
		}
	}
	out := make([]string, 0, len(set))
	for w := range set {
		out = append(out, w)
	}
	sort.Strings(out)
	return out, nil
}

// enumStrings calls add with every string member of an "enum" in the JSON
// schema v, at any depth.
func enumStrings(v any, add func(string)) {
	switch v := v.(type) {
	case map[string]any:
		for k, c := range v {
			if k == "enum" {
				if members, ok := c.([]any); ok {
					for _, m := range members {
						if s, ok := m.(string); ok {
							add(s)
						}
					}
				}
				continue
			}
			enumStrings(c, add)
		}
	case []any:
		for _, c := range v {
			enumStrings(c, add)
		}
	}
}

type wordnet struct {
	index map[string]map[string][]string // pos -> lemma -> synset offsets, most frequent first
	exc   map[string]map[string][]string // pos -> inflected form -> base forms
	data  map[string][]byte              // pos -> data file
}

func load(dir string) (*wordnet, error) {
	w := &wordnet{index: map[string]map[string][]string{}, exc: map[string]map[string][]string{}, data: map[string][]byte{}}
	for _, p := range pos {
		idx, err := os.ReadFile(filepath.Join(dir, "index."+p))
		if err != nil {
			return nil, fmt.Errorf("read WordNet (apt-get install wordnet-base): %w", err)
		}
		m := map[string][]string{}
		for _, line := range strings.Split(string(idx), "\n") {
			if line == "" || line[0] == ' ' {
				continue
			}
			f := strings.Fields(line)
			if len(f) < 4 {
				continue
			}
			nsyn, _ := strconv.Atoi(f[2])
			nptr, _ := strconv.Atoi(f[3])
			if len(f) < 4+nptr+2 {
				continue
			}
			// Only senses seen in the sense-tagged corpus: the index lists
			// them first, tagsense_cnt of them; untagged senses are rare
			// readings ("off" as a verb for "kill"). A word none of whose
			// senses in this part of speech was tagged keeps them all (the
			// first sensesPerWord count): the corpus (SemCor, general
			// prose of the 1960s) is silent on it rather than showing a
			// reading to be rare, and dropping the part of speech outright
			// lost the computing readings tools use, such as the verb
			// "sum" whose second sense holds "add", "total" and "tally".
			tagged, _ := strconv.Atoi(f[4+nptr+1])
			offs := f[4+nptr+2:]
			if len(offs) > nsyn {
				offs = offs[:nsyn]
			}
			if len(offs) > tagged && tagged > 0 {
				offs = offs[:tagged]
			}
			m[f[0]] = offs
		}
		w.index[p] = m
		exc := map[string][]string{}
		if b, err := os.ReadFile(filepath.Join(dir, p+".exc")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) >= 2 {
					exc[f[0]] = f[1:]
				}
			}
		}
		w.exc[p] = exc
		if w.data[p], err = os.ReadFile(filepath.Join(dir, "data."+p)); err != nil {
			return nil, err
		}
	}
	return w, nil
}

// suffixes are WordNet's morphy detachment rules per part of speech.
var suffixes = map[string][][2]string{
	"noun": {{"s", ""}, {"ses", "s"}, {"xes", "x"}, {"zes", "z"}, {"ches", "ch"}, {"shes", "sh"}, {"men", "man"}, {"ies", "y"}},
	"verb": {{"s", ""}, {"ies", "y"}, {"es", "e"}, {"es", ""}, {"ed", "e"}, {"ed", ""}, {"ing", "e"}, {"ing", ""}},
	"adj":  {{"er", ""}, {"est", ""}, {"er", "e"}, {"est", "e"}},
}

// morphy returns the base forms of word in part of speech p that WordNet
// knows, as its morphy does: the word itself, exceptions, then suffix rules.
func (w *wordnet) morphy(word, p string) []string {
	if _, ok := w.index[p][word]; ok {
		return []string{word}
	}
	if e, ok := w.exc[p][word]; ok {
		return e
	}
	var out []string
	for _, s := range suffixes[p] {
		if strings.HasSuffix(word, s[0]) {
			b := strings.TrimSuffix(word, s[0]) + s[1]
			if _, ok := w.index[p][b]; ok && !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	return out
}

// derived returns the lemmas that WordNet's derivational pointers ("+")
// link to the word lemma of the synset at offset in p ("aggregate" ->
// "aggregation", "deploy" -> "deployment").
func (w *wordnet) derived(p, off, lemma string) []string {
	syn, ok := w.synset(p, off)
	if !ok {
		return nil
	}
	src := -1 // 1-based word number of lemma in this synset
	for i, l := range syn.lemmas {
		if strings.ToLower(l) == lemma {
			src = i + 1
		}
	}
	if src < 0 {
		return nil
	}
	posName := map[string]string{"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
	var out []string
	for _, ptr := range syn.ptrs {
		if ptr.sym != "+" || len(ptr.st) != 4 {
			continue
		}
		s, _ := strconv.ParseInt(ptr.st[:2], 16, 32)
		t, _ := strconv.ParseInt(ptr.st[2:], 16, 32)
		if int(s) != src || t == 0 {
			continue
		}
		if ls := w.lemmas(posName[ptr.pos], ptr.off); int(t) <= len(ls) {
			out = append(out, ls[t-1])
		}
	}
	return out
}

// lemmas returns the lemmas of the synset at offset in the data file of p.
func (w *wordnet) lemmas(p, off string) []string {
	syn, _ := w.synset(p, off)
	out := make([]string, 0, len(syn.lemmas))
	for _, l := range syn.lemmas {
		out = append(out, strings.ToLower(l))
	}
	return out
}

const header = `# Generated by go run ./planner/gen/wordnet; do not edit.
# Each line: a word a query may use, then the tool-vocabulary words it stands for;
# "=" marks a derivationally related form, "~" an adjective and the nouns it is a value of,
# "+" a phrasal verb (verb_particle) and the single words of its senses.
# Derived from WordNet 3.0, Copyright 2006 by Princeton University, under this licence:
#
# WordNet Release 3.0 This software and database is being provided to you, the
# LICENSEE, by Princeton University under the following license. By obtaining,
# using and/or copying this software and database, you agree that you have
# read, understood, and will comply with these terms and conditions.:
# Permission to use, copy, modify and distribute this software and database and
# its documentation for any purpose and without fee or royalty is hereby
# granted, provided that you agree to comply with the following copyright notice
# and statements, including the disclaimer, and that the same appear on ALL
# copies of the software, database and documentation, including modifications
# that you make for internal use or for distribution.
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
# THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES
# NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT
# NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF
# MERCHANT- ABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE OF THE
# LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY
# PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.
# The name of Princeton University or Princeton may not be used in advertising or
# publicity pertaining to distribution of the software and/or database. Title to
# copyright in this software, database and any associated documentation shall at
# all times remain with Princeton University and LICENSEE agrees to preserve
# same.
`

// build returns the table: for every single-word lemma that shares one of
// the sensesPerWord most frequent synsets of a vocabulary word, the
// vocabulary words it may stand for.
func build(dir string, vocab []string) ([]byte, error) {
	w, err := load(dir)
	if err != nil {
		return nil, err
	}
	inVocab := map[string]bool{}
	for _, v := range vocab {
		inVocab[v] = true
	}
	tab := map[string]map[string]bool{}
	der := map[string]map[string]bool{} // derivationally related forms
	for _, v := range vocab {
		for _, p := range pos {
			for _, base := range w.morphy(v, p) {
				offs := w.index[p][base]
				if len(offs) > sensesPerWord {
					offs = offs[:sensesPerWord]
				}
				for _, off := range offs {
					for _, l := range w.lemmas(p, off) {
						if l == base || l == v || strings.ContainsAny(l, "_-.'") {
							continue
						}
						if tab[l] == nil {
							tab[l] = map[string]bool{}
						}
						tab[l][base] = true
					}
					for _, l := range w.derived(p, off, base) {
						if l == base || l == v || strings.ContainsAny(l, "_-.'") {
							continue
						}
						if der[l] == nil {
							der[l] = map[string]bool{}
						}
						der[l][base] = true
					}
				}
			}
		}
	}
	var b bytes.Buffer
	bw := bufio.NewWriter(&b)
	bw.WriteString(header)
	writeSets(bw, "", tab)
	// Phrasal verbs, marked "+": a verb and its particle ("shut_down",
	// "break_down") that WordNet lists as one lemma, with the single-word
	// lemmas of its most frequent senses that a vocabulary word has as its
	// base form ("break down": analyze). Read word by word, the verb of a
	// phrasal verb means something else ("break"), and the particle
	// nothing.
	writeSets(bw, "+", w.phrasal(vocab))
	// Derivationally related forms, marked "=": the same concept in
	// another part of speech ("aggregation" for "aggregate").
	writeSets(bw, "=", der)
	// Attributes, marked "~": the noun an adjective is a value of ("big",
	// "small" of "size"; "long" of "duration" and "length"), WordNet's
	// attribute pointers of the adjective's senses. A question "how big"
	// asks for the size.
	writeSets(bw, "~", w.attributes(inVocab))
	bw.Flush()
	return b.Bytes(), nil
}

// particles are the adverbs that make English phrasal verbs (planner's
// particles, rank.go).
var particles = map[string]bool{"up": true, "out": true, "in": true, "down": true, "off": true, "over": true, "back": true, "on": true}

// phrasal returns, for every WordNet verb lemma of two words whose second
// is a particle, the other single-word lemmas of its sensesPerWord most
// frequent senses that are the base form of a vocabulary word, without
// the phrasal verb's own verb.
func (w *wordnet) phrasal(vocab []string) map[string]map[string]bool {
	bases := map[string]bool{}
	for _, v := range vocab {
		for _, p := range pos {
			for _, b := range w.morphy(v, p) {
				bases[b] = true
			}
		}
	}
	out := map[string]map[string]bool{}
	for lemma, offs := range w.index["verb"] {
		verb, particle, ok := strings.Cut(lemma, "_")
		if !ok || !particles[particle] {
			continue
		}
		if len(offs) > sensesPerWord {
			offs = offs[:sensesPerWord]
		}
		for _, off := range offs {
			for _, l := range w.lemmas("verb", off) {
				if l == verb || !bases[l] || strings.ContainsAny(l, "_-.'") {
					continue
				}
				if out[lemma] == nil {
					out[lemma] = map[string]bool{}
				}
				out[lemma][l] = true
			}
		}
	}
	return out
}

// attributes returns, for every single-word adjective whose senses (those
// the index keeps) point to an attribute noun ("=" in data.adj), the
// single-word lemmas of those nouns that are vocabulary words.
func (w *wordnet) attributes(inVocab map[string]bool) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for adj, offs := range w.index["adj"] {
		if len(adj) < 3 || strings.ContainsFunc(adj, func(r rune) bool { return r < 'a' || r > 'z' }) {
			continue
		}
		for _, off := range offs {
			syn, _ := w.synset("adj", off)
			for _, ptr := range syn.ptrs {
				if ptr.sym != "=" || ptr.pos != "n" {
					continue
				}
				for _, l := range w.lemmas("noun", ptr.off) {
					if !inVocab[l] || strings.ContainsAny(l, "_-.'") {
						continue
					}
					if out[adj] == nil {
						out[adj] = map[string]bool{}
					}
					out[adj][l] = true
				}
			}
		}
	}
	return out
}

// writeSets writes one line per key of m, sorted: prefix, the key, then
// its set's members, sorted.
func writeSets(w io.Writer, prefix string, m map[string]map[string]bool) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		fmt.Fprintf(w, "%s%s %s\n", prefix, k, strings.Join(slices.Sorted(maps.Keys(m[k])), " "))
	}
}
