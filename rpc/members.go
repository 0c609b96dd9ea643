package rpc

// Members calls fn for each top-level member of the JSON object obj, with
// the key (raw, without its quotes) and the raw value, in order. obj must be
// valid JSON, as every raw part of a [Message] returned by [Decode] is. It
// reports false (having called fn for the members before) when obj is not
// an object or a key holds an escape, so that the caller can fall back to
// encoding/json. It allocates nothing: use it to read or rewrite a few
// fields of params or results on the forwarding path without decoding them.
func Members(obj []byte, fn func(key, value []byte)) bool {
	return members(obj, func(key []byte, start, end int) { fn(key, obj[start:end:end]) })
}

// MemberSpans is [Members] with the bounds of each value in obj instead
// of the value: a caller that edits obj later splices at those offsets
// without reading obj again.
func MemberSpans(obj []byte, fn func(key []byte, start, end int)) bool {
	return members(obj, fn)
}

// members is [Members] with the value's offsets in obj.
func members(obj []byte, fn func(key []byte, start, end int)) bool {
	i := skipWS(obj, 0)
	if i >= len(obj) || obj[i] != '{' {
		return false
	}
	i++
	for {
		i = skipWS(obj, i)
		if i >= len(obj) {
			return false
		}
		switch obj[i] {
		case '}':
			return true
		case ',':
			i = skipWS(obj, i+1)
		}
		if i >= len(obj) || obj[i] != '"' {
			return false
		}
		kend := scanString(obj, i)
		if kend > len(obj) || kend-i < 2 {
			return false
		}
		key := obj[i+1 : kend-1]
		for _, c := range key {
			if c == '\\' {
				return false
			}
		}
		i = skipWS(obj, kend)
		if i >= len(obj) || obj[i] != ':' {
			return false
		}
		i = skipWS(obj, i+1)
		if i >= len(obj) {
			return false
		}
		vend := scanValue(obj, i)
		if vend > len(obj) || vend <= i {
			return false
		}
		fn(key, i, vend)
		i = vend
	}
}

// Elements calls fn for each element of the JSON array arr, raw, in
// order. arr must be valid JSON. It reports false when arr is not an array.
// Like [Members] it allocates nothing.
func Elements(arr []byte, fn func(value []byte)) bool {
	i := skipWS(arr, 0)
	if i >= len(arr) || arr[i] != '[' {
		return false
	}
	for i = skipWS(arr, i+1); i < len(arr) && arr[i] != ']'; {
		end := scanValue(arr, i)
		if end > len(arr) || end <= i {
			return false
		}
		fn(arr[i:end:end])
		if i = skipWS(arr, end); i < len(arr) && arr[i] == ',' {
			i = skipWS(arr, i+1)
		}
	}
	return i < len(arr)
}

// Valid reports whether b is exactly one JSON value with optional
// whitespace around it, as json.Valid does (same nesting limit), by a
// direct walk of the grammar that is a few times faster.
func Valid(b []byte) bool { return validJSON(b) }

// Member returns the raw value of the top-level member key of the JSON
// object obj (the last one, as encoding/json would, if the key repeats).
// ok is false when obj is not an object [Members] can read or has no such
// member.
func Member(obj []byte, key string) (value []byte, ok bool) {
	var found []byte
	if !Members(obj, func(k, v []byte) {
		if string(k) == key {
			found = v
		}
	}) {
		return nil, false
	}
	return found, found != nil
}

// SetMember returns obj with the top-level member key set to the raw JSON
// value: an existing member's value is replaced where it stands (every
// occurrence, if the key repeats), otherwise the member is appended before
// the closing brace. Everything else, key order and whitespace included,
// is kept byte for byte. obj is not modified. ok is false when obj is not
// an object [Members] can read; the caller must then report an error or
// fall back to encoding/json.
func SetMember(obj []byte, key string, value []byte) (out []byte, ok bool) {
	out, ok = appendSetMember(make([]byte, 0, len(obj)+len(key)+len(value)+4), obj, key, value, "", false)
	if !ok {
		return nil, false
	}
	return out, true
}

// AppendSetMemberString is [SetMember] with the value the JSON string s,
// appending the result to dst: with room in dst it allocates nothing. On
// false dst is returned as it was.
func AppendSetMemberString(dst, obj []byte, key, s string) ([]byte, bool) {
	return appendSetMember(dst, obj, key, nil, s, true)
}

// AppendEdited appends obj to dst with the values of some of its
// top-level members replaced: edit sees each member's key and raw value
// and returns dst with the replacement appended and true, or dst as it
// was and false to keep the value. Everything else, key order and
// whitespace included, is kept byte for byte. ok is false, with dst
// returned as it was, when obj is not an object [Members] can read. With
// room in dst it allocates nothing.
func AppendEdited(dst, obj []byte, edit func(dst, key, value []byte) ([]byte, bool)) ([]byte, bool) {
	orig := len(dst)
	last := 0
	if !members(obj, func(k []byte, start, end int) {
		head := len(dst)
		dst = append(dst, obj[last:start]...)
		var replaced bool
		if dst, replaced = edit(dst, k, obj[start:end:end]); replaced {
			last = end
			return
		}
		dst = dst[:head]
	}) {
		return dst[:orig], false
	}
	return append(dst, obj[last:]...), true
}

func appendSetMember(dst, obj []byte, key string, raw []byte, str string, isStr bool) ([]byte, bool) {
	orig := len(dst)
	last, found := 0, false
	value := func(dst []byte) []byte {
		if isStr {
			return AppendString(dst, str)
		}
		return append(dst, raw...)
	}
	if !members(obj, func(k []byte, start, end int) {
		if string(k) == key {
			dst = append(dst, obj[last:start]...)
			dst = value(dst)
			last, found = end, true
		}
	}) {
		return dst[:orig], false
	}
	if found {
		return append(dst, obj[last:]...), true
	}
	// Append before the closing brace, after the last non-space byte.
	end := len(obj) - 1
	for end >= 0 && obj[end] != '}' {
		end--
	}
	j := end - 1
	for j >= 0 && isSpace(obj[j]) {
		j--
	}
	dst = append(dst, obj[:j+1]...)
	if obj[j] != '{' {
		dst = append(dst, ',')
	}
	dst = AppendString(dst, key)
	dst = append(dst, ':')
	dst = value(dst)
	return append(dst, obj[j+1:]...), true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
