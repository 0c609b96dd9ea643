package rpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// DefaultMaxMessageBytes bounds one incoming message. MCP results carry
// images and audio inline, so the limit is far above bufio's 64 KiB default.
const DefaultMaxMessageBytes = 64 << 20

// A Stream carries whole JSON-RPC messages, one per Read and Write.
//
// Read is called from one goroutine only; Write from one goroutine only (the
// [Conn] writer); Close may be called concurrently with both and makes them
// return.
type Stream interface {
	// Read returns the next message. The returned slice is only valid until
	// the next call. A *TooLongError is not fatal: the stream can go on.
	Read() ([]byte, error)
	// Write writes one message (without a trailing newline).
	Write(msg []byte) error
	// Flush is called when the writer has nothing more queued.
	Flush() error
	Close() error
}

// TooLongError reports an incoming message over the size limit. The message
// was skipped; Prefix holds its first bytes so the id can often be recovered.
type TooLongError struct {
	Size   int // bytes read before giving up, at least the limit
	Limit  int
	Prefix []byte
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("message exceeds %d bytes", e.Limit)
}

// PrefixID recovers the "id" of a message from its first bytes, if it
// appears there (it usually does: peers write "jsonrpc", then "id"). It
// returns nil when the id cannot be found.
func (e *TooLongError) PrefixID() json.RawMessage {
	i := bytes.Index(e.Prefix, []byte(`"id":`))
	if i < 0 {
		return nil
	}
	rest := bytes.TrimLeft(e.Prefix[i+5:], " \t")
	end := 0
	if len(rest) > 0 && rest[0] == '"' {
		j := bytes.IndexByte(rest[1:], '"')
		if j < 0 {
			return nil
		}
		end = j + 2
	} else {
		for end < len(rest) && (rest[end] == '-' || rest[end] >= '0' && rest[end] <= '9') {
			end++
		}
	}
	if end == 0 || end == len(rest) {
		return nil
	}
	return validID(append(json.RawMessage(nil), rest[:end]...))
}

// lineStream is newline-delimited JSON over a byte stream, as MCP's stdio
// transport specifies: "Messages are delimited by newlines, and MUST NOT
// contain embedded newlines."
type lineStream struct {
	r      *bufio.Reader
	w      *bufio.Writer
	closer io.Closer
	limit  int
	buf    []byte

	closeOnce sync.Once
	closeErr  error
}

// NewLineStream returns a Stream of newline-delimited messages. limit bounds
// one message (0 means [DefaultMaxMessageBytes]). closer, if not nil, is
// closed by Close (typically the write end, which the peer sees as EOF).
func NewLineStream(r io.Reader, w io.Writer, closer io.Closer, limit int) Stream {
	if limit <= 0 {
		limit = DefaultMaxMessageBytes
	}
	return &lineStream{
		r:      bufio.NewReaderSize(r, 64<<10),
		w:      bufio.NewWriterSize(w, 64<<10),
		closer: closer,
		limit:  limit,
	}
}

func (s *lineStream) Read() ([]byte, error) {
	for {
		line, err := s.readLine()
		if err != nil {
			return nil, err
		}
		line = bytes.TrimRight(line, "\r")
		if len(bytes.TrimSpace(line)) == 0 {
			continue // blank lines are not messages
		}
		return line, nil
	}
}

func (s *lineStream) readLine() ([]byte, error) {
	// Fast path: the whole line is in bufio's buffer.
	line, err := s.r.ReadSlice('\n')
	if err == nil {
		return line[:len(line)-1], nil
	}
	if !errors.Is(err, bufio.ErrBufferFull) {
		if len(line) > 0 && errors.Is(err, io.EOF) {
			return line, nil // a last line without newline
		}
		return nil, err
	}
	s.buf = append(s.buf[:0], line...)
	for {
		line, err = s.r.ReadSlice('\n')
		if len(s.buf)+len(line) > s.limit+1 {
			return nil, s.skip(len(s.buf)+len(line), err)
		}
		s.buf = append(s.buf, line...)
		switch {
		case err == nil:
			return s.buf[:len(s.buf)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(s.buf) > 0:
			return s.buf, nil
		default:
			return nil, err
		}
	}
}

// skip discards the rest of an over-long line and returns a TooLongError.
func (s *lineStream) skip(n int, err error) error {
	prefix := append([]byte(nil), s.buf[:min(len(s.buf), 512)]...)
	s.buf = s.buf[:0]
	for errors.Is(err, bufio.ErrBufferFull) {
		var line []byte
		line, err = s.r.ReadSlice('\n')
		n += len(line)
	}
	if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
		return err // EOF or a read error ends the stream anyway
	}
	if cap(s.buf) > 1<<20 {
		s.buf = nil // do not keep a huge buffer alive
	}
	return &TooLongError{Size: n, Limit: s.limit, Prefix: prefix}
}

func (s *lineStream) Write(msg []byte) error {
	if bytes.IndexByte(msg, '\n') >= 0 {
		// Raw JSON from a frame-based peer may be pretty-printed; a newline
		// inside a message would break the framing.
		var c bytes.Buffer
		if err := json.Compact(&c, msg); err != nil {
			return fmt.Errorf("compact message: %w", err)
		}
		msg = c.Bytes()
	}
	if _, err := s.w.Write(msg); err != nil {
		return err
	}
	return s.w.WriteByte('\n')
}

func (s *lineStream) Flush() error { return s.w.Flush() }

func (s *lineStream) Close() error {
	s.closeOnce.Do(func() {
		if s.closer != nil {
			s.closeErr = s.closer.Close()
		}
	})
	return s.closeErr
}
