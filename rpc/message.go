// Package rpc is a small JSON-RPC 2.0 layer for forwarding MCP messages.
//
// It keeps what a gateway must not change as raw JSON: ids (so strings,
// negative and big numbers survive), params, results and error data. A
// [Message] is decoded once per hop and re-encoded by appending its raw parts,
// so payloads cross the gateway byte for byte.
//
// A [Conn] owns one [Stream] (newline-delimited JSON over a pipe, or one
// message per frame on a WebSocket): one read loop, one writer, and a pending
// map for the requests this side originates.
package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Standard JSON-RPC 2.0 and MCP error codes.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603

	// Server-defined codes used by mcp-agentify (JSON-RPC reserves -32000 to -32099).
	CodeNoAction        = -32000 // the planner could not determine an action
	CodeNotReady        = -32001 // the gateway (or the backend) is not ready
	CodeBackendFailed   = -32002 // the backend failed, exited or timed out
	CodeRequestCanceled = -32800 // as used by LSP and several MCP SDKs
)

// Error is a JSON-RPC error object. It implements error.
type Error struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
	// Err, if set, is the cause of an error synthesized on this side (never
	// sent, never read from the wire): errors.Is and errors.As see it
	// through Unwrap, so callers tell causes apart without reading Message.
	Err error `json:"-"`

	// wire is the error object as read, with the values read from it:
	// while Code, Message and Data still hold those, the object is
	// relayed byte for byte (member order, unknown members, escapes).
	wire *wireError
}

type wireError struct {
	raw     json.RawMessage
	code    int64
	message string
	data    json.RawMessage
}

func (e *Error) asReadOrNil() json.RawMessage {
	if e == nil {
		return nil
	}
	return e.asRead()
}

// asRead returns the error object as it was read, if e is unchanged since.
func (e *Error) asRead() json.RawMessage {
	w := e.wire
	if w == nil || e.Code != w.code || e.Message != w.message || len(e.Data) != len(w.data) ||
		(len(e.Data) > 0 && &e.Data[0] != &w.data[0]) {
		return nil
	}
	return w.raw
}

func (e *Error) Error() string { return fmt.Sprintf("%s (code %d)", e.Message, e.Code) }

// Unwrap returns the cause of a locally synthesized error, or nil.
func (e *Error) Unwrap() error { return e.Err }

// ErrResponseTooLarge is the cause of the error delivered to a request
// whose response exceeded the connection's size limit.
var ErrResponseTooLarge = errors.New("response too large")

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code int64, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithData returns a copy of e with data attached (marshalled to JSON).
func (e *Error) WithData(data any) *Error {
	b, err := json.Marshal(data)
	if err != nil {
		return e
	}
	c := *e
	c.Data = b
	return &c
}

// AsError converts any error into a wire error: an *Error found with
// errors.As is kept; anything else becomes an internal error carrying the
// error's text. Code 0 is never produced.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		if e.Code == 0 {
			c := *e
			c.Code = CodeInternalError
			return &c
		}
		return e
	}
	return &Error{Code: CodeInternalError, Message: err.Error()}
}

// Message is one JSON-RPC message. Which fields are set decides its kind:
// a request has Method and ID, a notification Method only, a response ID and
// Result or Error.
type Message struct {
	// ID is the raw JSON id ("1", "-7", "\"abc\"", or "null" in an error
	// response to an unreadable request). Nil for notifications.
	ID     json.RawMessage
	Method string
	Params json.RawMessage
	Result json.RawMessage
	Error  *Error

	// from is the connection whose read loop read the message (nil for a
	// message built on this side): [Conn.SendFor] coalesces what is sent
	// because of it with the rest of that read loop's burst.
	from *Conn
}

// IsRequest reports whether m is a request (method and id).
func (m *Message) IsRequest() bool { return m.Method != "" && m.ID != nil }

// IsNotification reports whether m is a notification (method, no id).
func (m *Message) IsNotification() bool { return m.Method != "" && m.ID == nil }

// IsResponse reports whether m is a response (id, no method).
func (m *Message) IsResponse() bool { return m.Method == "" && m.ID != nil }

// wire is the decoding shape; Method is a pointer to tell "" from absent.
type wire struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   *Error          `json:"error"`
}

// DecodeError is returned by [Decode] for input that is not a JSON-RPC
// message. Code is CodeParseError or CodeInvalidRequest; ID is the message's
// id when one could be read (so the error reply can name it), else nil.
type DecodeError struct {
	Code int64
	ID   json.RawMessage
	Err  error
}

func (e *DecodeError) Error() string { return e.Err.Error() }
func (e *DecodeError) Unwrap() error { return e.Err }

// Decode parses one JSON-RPC message. The returned message does not alias b.
func Decode(b []byte) (*Message, error) { return decode(b, true) }

// decode is Decode; with clone false the message may alias b (the caller
// hands b over), which spares a copy of a large message.
func decode(b []byte, clone bool) (*Message, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil, &DecodeError{Code: CodeParseError, Err: errors.New("empty message")}
	}
	if b[0] == '[' && json.Valid(b) {
		// Batches were removed from MCP in 2025-06-18; no client we serve sends them.
		return nil, &DecodeError{Code: CodeInvalidRequest, Err: errors.New("JSON-RPC batches are not supported")}
	}
	var w wire
	ok, bad := scanWire(b, &w, clone)
	if !ok {
		// Not a JSON object: encoding/json tells a parse error (-32700) from
		// valid JSON of the wrong shape (-32600).
		var sw wire
		if err := json.Unmarshal(b, &sw); err != nil {
			var ute *json.UnmarshalTypeError
			if errors.As(err, &ute) {
				return nil, &DecodeError{Code: CodeInvalidRequest, Err: fmt.Errorf("invalid JSON-RPC message: %v", err)}
			}
			de := &DecodeError{Code: CodeParseError, Err: fmt.Errorf("parse error: %v", err)}
			if jsonDepth(b) > maxJSONDepth {
				// Too deep for the parser, but the id usually comes first:
				// name it in the error, as for a message over the size limit.
				de.ID = prefixID(b[:min(len(b), 4096)])
			}
			return nil, de
		}
		w = sw
	}
	if bad != "" {
		return nil, &DecodeError{Code: CodeInvalidRequest, ID: validID(w.ID), Err: errors.New(bad)}
	}
	id := validID(w.ID)
	invalid := func(msg string) error {
		return &DecodeError{Code: CodeInvalidRequest, ID: id, Err: errors.New(msg)}
	}
	if w.JSONRPC != "2.0" {
		return nil, invalid(`invalid JSON-RPC message: "jsonrpc" must be "2.0"`)
	}
	if w.ID != nil && id == nil && !isNull(w.ID) {
		return nil, invalid("invalid JSON-RPC message: id must be a string of valid UTF-8 or a number")
	}
	m := &Message{ID: w.ID, Params: w.Params, Result: w.Result, Error: w.Error}
	if w.Method != nil {
		if *w.Method == "" {
			return nil, invalid("invalid JSON-RPC message: empty method")
		}
		if isNull(w.ID) {
			return nil, invalid("invalid JSON-RPC message: request id must not be null")
		}
		m.Method = *w.Method
		if m.Result != nil || m.Error != nil {
			return nil, invalid("invalid JSON-RPC message: a request cannot carry result or error")
		}
		return m, nil
	}
	if w.ID == nil {
		return nil, invalid("invalid JSON-RPC message: neither method nor id")
	}
	if (m.Result == nil) == (m.Error == nil) {
		return nil, invalid("invalid JSON-RPC response: exactly one of result and error is required")
	}
	return m, nil
}

// validID returns id if it is a JSON number or a JSON string of valid
// UTF-8, else nil. An id holding invalid UTF-8 is refused (-32600, id null)
// rather than echoed: the bytes are not valid JSON text, and a peer's JSON
// parser would reject the whole reply.
func validID(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return nil
	}
	switch c := id[0]; {
	case c == '"':
		if !utf8.Valid(id) {
			return nil
		}
		return id
	case c == '-', c >= '0' && c <= '9':
		return id
	}
	return nil
}

// maxJSONDepth is encoding/json's nesting limit (json.Valid fails beyond).
const maxJSONDepth = 10000

// jsonDepth returns the deepest nesting of objects and arrays in b, which
// need not be valid JSON; it stops counting past maxJSONDepth.
func jsonDepth(b []byte) int {
	depth, deepest := 0, 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
			if depth > deepest {
				deepest = depth
				if deepest > maxJSONDepth {
					return deepest
				}
			}
		case '}', ']':
			depth--
		}
	}
	return deepest
}

func isNull(b json.RawMessage) bool { return string(b) == "null" }

// AppendJSON appends m's wire form to b. Raw parts are appended as they are.
func (m *Message) AppendJSON(b []byte) []byte {
	b = append(b, `{"jsonrpc":"2.0"`...)
	if m.ID != nil {
		b = append(b, `,"id":`...)
		b = append(b, m.ID...)
	}
	if m.Method != "" {
		b = append(b, `,"method":`...)
		b = AppendString(b, m.Method)
		if len(m.Params) > 0 {
			b = append(b, `,"params":`...)
			b = append(b, m.Params...)
		}
	} else if raw := m.Error.asReadOrNil(); raw != nil {
		b = append(b, `,"error":`...)
		b = append(b, raw...)
	} else if m.Error != nil {
		b = append(b, `,"error":{"code":`...)
		code := m.Error.Code
		if code == 0 {
			code = CodeInternalError
		}
		b = strconv.AppendInt(b, code, 10)
		b = append(b, `,"message":`...)
		b = AppendString(b, m.Error.Message)
		if len(m.Error.Data) > 0 {
			b = append(b, `,"data":`...)
			b = append(b, m.Error.Data...)
		}
		b = append(b, '}')
	} else {
		b = append(b, `,"result":`...)
		if len(m.Result) == 0 {
			b = append(b, "{}"...)
		} else {
			b = append(b, m.Result...)
		}
	}
	return append(b, '}')
}

// MarshalJSON implements json.Marshaler.
func (m *Message) MarshalJSON() ([]byte, error) { return m.AppendJSON(nil), nil }

const hex = "0123456789abcdef"

// AppendString appends s as a JSON string, escaping as encoding/json does
// (except for HTML characters, which need no escaping here).
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// IntID returns the wire form of a numeric id.
func IntID(n int64) json.RawMessage { return strconv.AppendInt(nil, n, 10) }

// ParseIntID reads an id this side issued. Some peers echo numeric ids as
// strings; both forms are accepted.
func ParseIntID(id json.RawMessage) (int64, bool) {
	s := id
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	n, err := strconv.ParseInt(string(s), 10, 64)
	return n, err == nil
}
