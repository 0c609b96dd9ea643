package integrity

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// members splits a canonical definition into its members, each as
// indented JSON.
func members(def []byte) map[string]string {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(def, &m)
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = indent(v)
	}
	return out
}

// indent renders JSON indented, with <, > and & as themselves: a pin file
// written by an earlier version holds them as \u003c..., which would hide
// an <IMPORTANT> block from the person reading the diff.
func indent(v []byte) string {
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	var tree any
	if dec.Decode(&tree) == nil {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if enc.Encode(tree) == nil {
			return strings.TrimSuffix(buf.String(), "\n")
		}
	}
	var buf bytes.Buffer
	if json.Indent(&buf, v, "", "  ") != nil {
		return string(v)
	}
	return buf.String()
}

// Diff renders a readable line diff of two definitions (canonical JSON,
// either may be empty): "-" lines were approved, "+" lines are offered now.
func Diff(old, cur []byte) string {
	var a, b []string
	if len(old) > 0 {
		a = strings.Split(indent(old), "\n")
	}
	if len(cur) > 0 {
		b = strings.Split(indent(cur), "\n")
	}
	return lineDiff(a, b)
}

// lineDiff is a longest-common-subsequence diff; definitions are small.
func lineDiff(a, b []string) string {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var sb strings.Builder
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			sb.WriteString("  " + a[i] + "\n")
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			sb.WriteString("- " + a[i] + "\n")
			i++
		default:
			sb.WriteString("+ " + b[j] + "\n")
			j++
		}
	}
	return sb.String()
}

// FindingsText joins findings into one line.
func FindingsText(fs []Finding) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

// String renders a finding as "rule in where: detail".
func (f Finding) String() string {
	return fmt.Sprintf("%s in %s: %s", f.Rule, f.Where, f.Detail)
}
