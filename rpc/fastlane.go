package rpc

import (
	"bytes"
	"strconv"
	"unicode/utf8"
)

// The fast lane.
//
// A forwarding gateway spends most of its own time per call on the
// general path: each message decoded into a [Message] (a copy of the line,
// a struct), a callback per request, each message encoded again. The fast
// lane handles the commonest pair of messages, a client's request that is
// forwarded and the backend's successful response to it, from the lines as
// read: [ConnOptions.Fast] sees a line before it is decoded, [ScanRequest]
// reads a request's envelope without copying it, [Conn.GoRaw] sends a
// request whose params the caller appends straight into the message bytes,
// the response is recognized by a scan of its envelope and handed to a
// [Responder] as the raw result, and [Conn.SendRaw] writes an encoded
// message. Every scan steps aside (ok false) for anything it is not sure
// of, and that input takes the general path, which stays the reference:
// what the fast lane writes is byte for byte what the general path would
// have written for the same input.

// A Responder receives the response to a request sent with [Conn.GoRaw],
// exactly once, unless [Conn.Forget] removes the request first.
type Responder interface {
	// RawResult receives a plain successful response (jsonrpc "2.0", the
	// id, a result, nothing else JSON-RPC knows) as its raw result,
	// before any decoding, on the read loop of from, the connection the
	// request went to. result is only valid during the call.
	RawResult(from *Conn, result []byte)
	// Response receives every other outcome as a decoded message: an error
	// response, a response the scan stepped aside for, or the error
	// synthesized when the connection closes.
	Response(m *Message)
}

// A RawRequest is a request sent with [Conn.GoRaw]: it appends its own
// params and receives its response.
type RawRequest interface {
	Responder
	// AppendParams appends the request's params (a JSON object) to dst.
	AppendParams(dst []byte) []byte
}

// GoRaw sends the request method, whose params r appends (about size
// bytes), and registers r for its response. Like [Conn.GoFor] for cause,
// the write joins the burst of input that from's read loop is handling
// (from may be nil). It returns the request's id. On an error the request
// was not sent and r is not called.
func (c *Conn) GoRaw(from *Conn, method string, r RawRequest, size int) (int64, error) {
	// Register before sending, otherwise we race the response.
	id, err := c.register(pendingCall{r: r})
	if err != nil {
		return 0, err
	}
	err = c.SendAppend(from, len(`{"jsonrpc":"2.0","id":,"method":"","params":}`)+20+len(method)+size, func(b []byte) []byte {
		b = append(b, `{"jsonrpc":"2.0","id":`...)
		b = strconv.AppendInt(b, id, 10)
		b = append(b, `,"method":`...)
		b = AppendString(b, method)
		b = append(b, `,"params":`...)
		b = r.AppendParams(b)
		return append(b, '}')
	})
	if err != nil {
		if !c.take(id).set() {
			// failPending took r first and delivers the failure to it.
			return id, nil
		}
		return 0, err
	}
	return id, nil
}

// SendRaw queues msg, one encoded message without its newline, for
// writing; msg must not be changed afterwards. It is [Conn.SendFor] for
// a message already encoded: the write joins the burst of input that
// from's read loop is handling (from may be nil). OnWrite does not see it.
func (c *Conn) SendRaw(from *Conn, msg []byte) error {
	if from != nil {
		from.holdTarget(c)
	}
	return c.enqueue(msg, false)
}

// SendAppend is [Conn.SendRaw] for a message that build appends to dst
// (about size bytes; build must not keep dst, and must append one
// encoded message without its newline). While the connection holds its
// writes for a burst, the message is built in place in a buffer the
// connection reuses once it has written it, instead of a new allocation
// per message; otherwise build appends to a new slice.
func (c *Conn) SendAppend(from *Conn, size int, build func(dst []byte) []byte) error {
	if from != nil {
		from.holdTarget(c)
	}
	if c.useArena {
		c.wmu.Lock()
		if c.holds > 0 && !c.wclosed && c.werr == nil && c.queued+size <= c.opts.MaxQueueBytes && len(c.arena)+size <= maxArena {
			start := len(c.arena)
			c.arena = build(c.arena)
			msg := c.arena[start:len(c.arena):len(c.arena)]
			c.queue = append(c.queue, msg)
			c.queued += len(msg)
			c.wmu.Unlock()
			return nil
		}
		c.wmu.Unlock()
	}
	return c.enqueue(build(make([]byte, 0, size)), false)
}

// maxArena bounds a connection's arena: past it, messages are allocated
// one by one until the queue drains and the arena is reused.
const maxArena = 256 << 10

// reuseArena starts the arena over when no queued message nor a batch
// being written can refer to it. The caller holds wmu.
func (c *Conn) reuseArena() {
	if len(c.queue) == 0 && !c.writing {
		c.arena = c.arena[:0]
	}
}

// rawResponse hands a plain successful response to the Responder of the
// GoRaw request it answers and reports true; anything else (not such a
// response, or not for a GoRaw request) is left to the general path.
func (c *Conn) rawResponse(line []byte) bool {
	id, result, ok := scanResponse(line)
	if !ok {
		return false
	}
	c.mu.Lock()
	p, found := c.pending.Get(id)
	if !found || p.r == nil {
		c.mu.Unlock()
		return false
	}
	c.pending.Take(id)
	c.raws.Add(-1)
	c.mu.Unlock()
	p.r.RawResult(c, result)
	return true
}

// RequestEnvelope is what [ScanRequest] reads of a request. Its slices
// alias the line.
type RequestEnvelope struct {
	ID     []byte // the raw id: a JSON number, or a string of plain ASCII
	Method []byte // the method, unquoted (plain ASCII, no escapes)
	Params []byte // the raw params: a JSON object
	// ParamsAt is the offset of Params in the line.
	ParamsAt int
}

// ScanRequest reads the envelope of line if it is a request that the
// general path would decode to the same id, method and params: valid
// JSON, an object whose members jsonrpc ("2.0" exactly), id (a number, or
// a string of at most 64 bytes of plain ASCII), method (plain ASCII) and
// params (an object) appear once each with unescaped keys, and no result
// or error. Other members are ignored, as [Decode] ignores them. ok is
// false for anything else.
func ScanRequest(line []byte) (env RequestEnvelope, ok bool) {
	return scanRequest(line, nil)
}

// ScanCall is [ScanRequest] for a caller that reads the params too:
// member is called, in the same pass over the line, with each top-level
// member of the params (when they are an object) in order: its raw key
// (without quotes, escapes as written) and the bounds of its value in
// line. member may have been called when ok is false.
func ScanCall(line []byte, member func(key []byte, start, end int)) (env RequestEnvelope, ok bool) {
	return scanRequest(line, member)
}

func scanRequest(line []byte, member func(key []byte, start, end int)) (env RequestEnvelope, ok bool) {
	start, end := trimSpace(line)
	b := line[start:end]
	var seen uint8
	const (
		sJSONRPC = 1 << iota
		sID
		sMethod
		sParams
	)
	ok = true
	var params func(key []byte, vs, ve int)
	if member != nil {
		params = func(key []byte, vs, ve int) { member(key, start+vs, start+ve) }
	}
	valid := validTop(b, func(key []byte, vs, ve int) {
		v := b[vs:ve]
		switch string(key) {
		case "jsonrpc":
			if seen&sJSONRPC != 0 || string(v) != `"2.0"` {
				ok = false
			}
			seen |= sJSONRPC
		case "id":
			if seen&sID != 0 || !plainID(v) {
				ok = false
			}
			seen |= sID
			env.ID = v
		case "method":
			if seen&sMethod != 0 || v[0] != '"' || !plainASCII(v) {
				ok = false
				return
			}
			seen |= sMethod
			env.Method = v[1 : len(v)-1]
		case "params":
			if seen&sParams != 0 || v[0] != '{' {
				ok = false
			}
			seen |= sParams
			env.Params, env.ParamsAt = v, start+vs
		case "result", "error":
			ok = false
		default:
			if bytes.IndexByte(key, '\\') >= 0 {
				ok = false // an escaped key may spell one of the above
			}
		}
	}, params)
	return env, ok && valid && seen == sJSONRPC|sID|sMethod|sParams && len(env.Method) > 0
}

// plainID reports whether a (valid) id token is one the fast lane keeps
// as it is: a number, or a short string of printable ASCII without
// escapes. Anything else (null, escapes, non-ASCII) takes the general
// path, which checks it fully.
func plainID(v []byte) bool {
	if len(v) == 0 || len(v) > 64 {
		return false
	}
	switch c := v[0]; {
	case c == '"':
		for _, c := range v[1 : len(v)-1] {
			if c < 0x20 || c == '\\' || c >= utf8.RuneSelf {
				return false
			}
		}
		return true
	case c == '-', c >= '0' && c <= '9':
		return true
	}
	return false
}

// scanResponse reads line if it is a plain successful response to one of
// this side's requests: valid JSON, an object whose members jsonrpc ("2.0"
// exactly), id (an integer, plain or quoted as [ParseIntID] reads it) and
// result appear once each with unescaped keys, and no method or error.
// Other members are ignored, as [Decode] ignores them.
func scanResponse(line []byte) (id int64, result []byte, ok bool) {
	start, end := trimSpace(line)
	b := line[start:end]
	var haveRPC, haveID bool
	ok = true
	valid := validObject(b, func(key []byte, vs, ve int) {
		v := b[vs:ve]
		switch string(key) {
		case "jsonrpc":
			if haveRPC || string(v) != `"2.0"` {
				ok = false
			}
			haveRPC = true
		case "id":
			n, good := plainIntID(v)
			if haveID || !good {
				ok = false
			}
			haveID, id = true, n
		case "result":
			if result != nil {
				ok = false
			}
			result = v
		case "method", "error":
			ok = false
		default:
			if bytes.IndexByte(key, '\\') >= 0 {
				ok = false
			}
		}
	})
	return id, result, ok && valid && haveRPC && haveID && result != nil
}

// validObject reports whether b is exactly one JSON object (what
// validJSON accepts, whitespace around it included) and, in the same pass,
// calls fn with each top-level member's raw key (without its quotes, escapes
// as written) and the bounds of its value in b. fn may have been called for
// some members when it reports false. One pass instead of validJSON and
// then Members: the scans of the fast lane read each line once.
func validObject(b []byte, fn func(key []byte, start, end int)) bool {
	return validTop(b, fn, nil)
}

// validTop is validObject that, when params is not nil, also calls params
// with each member of the top-level member "params" (when it is an
// object), read in the same pass.
func validTop(b []byte, fn, params func(key []byte, start, end int)) bool {
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	end, ok := validMembers(b, i, 1, fn, params)
	return ok && skipWS(b, end) == len(b)
}

// validMembers checks the object at b[i] (b[i] is '{'), at nesting depth
// depth (its own, as validValue counts it), calls fn with each member's
// raw key and the bounds of its value in b, and returns the index just
// past the object. A member "params" whose value is an object is read by
// the same walk with sub as its fn, when sub is not nil.
//
// Its member loop is validValue's object case with the callbacks added.
// validValue does not call it: reading every nested object through this
// walk (the callbacks' checks and one more call per object) measured 7 %
// slower on BenchmarkValidJSON, the validity scan of every forwarded line.
// FuzzValidJSON holds validValue to encoding/json, FuzzFastLaneScan holds
// this walk to Decode (which validates with validValue).
func validMembers(b []byte, i, depth int, fn, sub func(key []byte, start, end int)) (int, bool) {
	if depth > maxJSONDepth {
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
		kend, ok := i, true
		if j := plainRun(b, i+1); j < len(b) && b[j] == '"' {
			kend = j + 1
		} else if kend, ok = validString(b, i); !ok {
			return i, false
		}
		key := b[i+1 : kend-1]
		i = skipWS(b, kend)
		if i >= len(b) || b[i] != ':' {
			return i, false
		}
		vs := skipWS(b, i+1)
		var ve int
		switch {
		case vs < len(b) && b[vs] == '"':
			if j := plainRun(b, vs+1); j < len(b) && b[j] == '"' {
				ve = j + 1
			} else {
				ve, ok = validString(b, vs)
			}
		case sub != nil && vs < len(b) && b[vs] == '{' && string(key) == "params":
			ve, ok = validMembers(b, vs, depth+1, sub, nil)
		default:
			ve, ok = validValue(b, vs, depth)
		}
		if !ok {
			return ve, false
		}
		fn(key, vs, ve)
		i = skipWS(b, ve)
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
}

// plainIntID reads an id of digits, or of digits in quotes, as
// [ParseIntID] would.
func plainIntID(v []byte) (int64, bool) {
	if len(v) >= 2 && v[0] == '"' {
		v = v[1 : len(v)-1]
	}
	return digits(v)
}

// CanonicalIntID reads raw as an id that is a plain non-negative integer
// written exactly as strconv.AppendInt writes it (digits only, no leading
// zero, at most 18 of them), or reports false: an id that can be kept as
// its value and written back byte for byte.
func CanonicalIntID[T ~string | ~[]byte](raw T) (int64, bool) {
	if len(raw) > 1 && raw[0] == '0' {
		return 0, false
	}
	return digits(raw)
}

// digits reads 1 to 18 ASCII digits (no sign) as an int64.
func digits[T ~string | ~[]byte](v T) (int64, bool) {
	if len(v) == 0 || len(v) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// trimSpace returns the bounds of line without JSON whitespace around it.
func trimSpace(line []byte) (start, end int) {
	start, end = 0, len(line)
	for start < end && isSpace(line[start]) {
		start++
	}
	for end > start && isSpace(line[end-1]) {
		end--
	}
	return start, end
}
