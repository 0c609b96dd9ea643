package rpc

// validJSON reports whether b is exactly one JSON value, surrounded by
// optional whitespace: what json.Valid reports, including its nesting
// limit. encoding/json's validator drives a state machine through a
// function pointer per byte and was the largest single cost of decoding a
// forwarded message (a fifth of the gateway's CPU at 64 calls in flight);
// this one walks the grammar directly. FuzzValidJSON checks it agrees with
// json.Valid.
func validJSON(b []byte) bool {
	i, ok := validValue(b, skipWS(b, 0), 0)
	return ok && skipWS(b, i) == len(b)
}

// validValue checks the value at b[i] and returns the index just past it.
func validValue(b []byte, i, depth int) (int, bool) {
	if i >= len(b) {
		return i, false
	}
	switch c := b[i]; {
	case c == '{':
		if depth++; depth > maxJSONDepth {
			return i, false
		}
		i = skipWS(b, i+1)
		if i < len(b) && b[i] == '}' {
			return i + 1, true
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return i, false
			}
			var ok bool
			if j := plainRun(b, i+1); j < len(b) && b[j] == '"' {
				i = j + 1
			} else if i, ok = validString(b, i); !ok {
				return i, false
			}
			i = skipWS(b, i)
			if i >= len(b) || b[i] != ':' {
				return i, false
			}
			if i = skipWS(b, i+1); i < len(b) && b[i] == '"' {
				if j := plainRun(b, i+1); j < len(b) && b[j] == '"' {
					i, ok = j+1, true
				} else {
					i, ok = validString(b, i)
				}
			} else {
				i, ok = validValue(b, i, depth)
			}
			if !ok {
				return i, false
			}
			i = skipWS(b, i)
			switch {
			case i >= len(b):
				return i, false
			case b[i] == '}':
				return i + 1, true
			case b[i] != ',':
				return i, false
			}
			i = skipWS(b, i+1)
		}
	case c == '[':
		if depth++; depth > maxJSONDepth {
			return i, false
		}
		i = skipWS(b, i+1)
		if i < len(b) && b[i] == ']' {
			return i + 1, true
		}
		for {
			var ok bool
			if i < len(b) && b[i] == '"' {
				if j := plainRun(b, i+1); j < len(b) && b[j] == '"' {
					i, ok = j+1, true
				} else {
					i, ok = validString(b, i)
				}
			} else {
				i, ok = validValue(b, i, depth)
			}
			if !ok {
				return i, false
			}
			i = skipWS(b, i)
			switch {
			case i >= len(b):
				return i, false
			case b[i] == ']':
				return i + 1, true
			case b[i] != ',':
				return i, false
			}
			i = skipWS(b, i+1)
		}
	case c == '"':
		return validString(b, i)
	case c == '-' || c >= '0' && c <= '9':
		return validNumber(b, i)
	case c == 't':
		return validLiteral(b, i, "true")
	case c == 'f':
		return validLiteral(b, i, "false")
	case c == 'n':
		return validLiteral(b, i, "null")
	}
	return i, false
}

// plainRun returns the index of the first byte from j on that a string
// must look at (a quote, a backslash, a control character), or len(b).
// Where a string is read (keys, string values, array elements), the
// callers inline it: a string with no escape ends at the quote it stops
// at, with no call; any other string is checked again from its start by
// validString. Strings are most of the tokens of a JSON-RPC line, and a
// call per string (two for a value, through validValue) was a fifth of
// the validity scan (BenchmarkFastLaneScans: 133 -> 117 ns for the
// request, 126 -> 118 ns for the response). The four lines of that
// inlining are repeated at the five call sites (here and in fastlane.go)
// on purpose: a helper holding them and the fallback call costs 113 in
// the compiler's inlining budget of 80, is not inlined, and took the
// gain back (BenchmarkValidJSON 101 -> 127 ns, measured 2026-11-26).
func plainRun(b []byte, j int) int {
	for j < len(b) && plainStringByte[b[j]] {
		j++
	}
	return j
}

// validString checks the string at b[i] (b[i] is '"'). As in encoding/json,
// any byte from 0x20 up is accepted (invalid UTF-8 included); control
// characters must be escaped.
func validString(b []byte, i int) (int, bool) {
	j := i + 1
	for {
		// The run of bytes that need no look: most of a string, all of
		// most.
		for j < len(b) && plainStringByte[b[j]] {
			j++
		}
		if j >= len(b) {
			return len(b), false
		}
		switch b[j] {
		case '"':
			return j + 1, true
		case '\\':
			if j+1 >= len(b) {
				return j, false
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j += 2
			case 'u':
				if j+6 > len(b) || !isHex(b[j+2]) || !isHex(b[j+3]) || !isHex(b[j+4]) || !isHex(b[j+5]) {
					return j, false
				}
				j += 6
			default:
				return j, false
			}
		default: // a control character
			return j, false
		}
	}
}

// plainStringByte[c] is true for a byte a JSON string holds as it is:
// not a quote, not a backslash, not a control character.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// validNumber checks the number at b[i]: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func validNumber(b []byte, i int) (int, bool) {
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && b[i] >= '1' && b[i] <= '9':
		for i++; i < len(b) && isDigit(b[i]); i++ {
		}
	default:
		return i, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return i, false
		}
		for i++; i < len(b) && isDigit(b[i]); i++ {
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return i, false
		}
		for i++; i < len(b) && isDigit(b[i]); i++ {
		}
	}
	return i, true
}

func validLiteral(b []byte, i int, lit string) (int, bool) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return i, false
	}
	return i + len(lit), true
}
