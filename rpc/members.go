package rpc

// Members calls fn for each top-level member of the JSON object obj, with
// the key (raw, without its quotes) and the raw value, in order. obj must be
// valid JSON, as every raw part of a [Message] returned by [Decode] is. It
// reports false (having called fn for the members before) when obj is not
// an object or a key holds an escape, so that the caller can fall back to
// encoding/json. It allocates nothing: use it to read or rewrite a few
// fields of params or results on the forwarding path without decoding them.
func Members(obj []byte, fn func(key, value []byte)) bool {
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
		fn(key, obj[i:vend:vend])
		i = vend
	}
}
