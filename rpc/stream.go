package rpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"
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

// PrefixID recovers the top-level "id" of a message from its first bytes,
// if it appears there (it usually does: peers write "jsonrpc", then "id").
// Keys of nested objects ("params": {"id": ...}) are not mistaken for it. It
// returns nil when the id cannot be found or may be cut off.
func (e *TooLongError) PrefixID() json.RawMessage { return prefixID(e.Prefix) }

// prefixID recovers the top-level id from the first bytes of a message; see
// [TooLongError.PrefixID].
func prefixID(p []byte) json.RawMessage {
	depth := 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := stringEnd(p, i)
			if end < 0 {
				return nil
			}
			key := depth == 1 && string(p[i:end]) == `"id"`
			i = end - 1
			if !key {
				continue
			}
			rest := bytes.TrimLeft(p[end:], " \t\r\n")
			if len(rest) == 0 || rest[0] != ':' {
				continue // "id" as a value, not a key
			}
			return prefixValue(bytes.TrimLeft(rest[1:], " \t\r\n"))
		}
	}
	return nil
}

// stringEnd returns the index just past the JSON string starting at p[i],
// or -1 if it does not end within p.
func stringEnd(p []byte, i int) int {
	for j := i + 1; j < len(p); j++ {
		switch p[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// prefixValue returns the string or number at the start of p if it is
// complete (followed by more bytes) and valid, else nil.
func prefixValue(p []byte) json.RawMessage {
	end := 0
	switch {
	case len(p) == 0:
		return nil
	case p[0] == '"':
		if end = stringEnd(p, 0); end < 0 {
			return nil
		}
	default:
		for end < len(p) && bytes.IndexByte([]byte("+-.0123456789eE"), p[end]) >= 0 {
			end++
		}
	}
	if end == 0 || end == len(p) || !json.Valid(p[:end]) {
		return nil // nothing, possibly cut off, or not JSON
	}
	return validID(append(json.RawMessage(nil), p[:end]...))
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
	// handedOver: the last Read returned a slice of a buffer the stream
	// then dropped (see release).
	handedOver bool

	// raw is the write end when it is a non-blocking pipe: small messages
	// can then be written inline, without the Conn's writer goroutine.
	raw      *rawWriter
	clk      readClock // the raw pipe reader, noting when it read; nil for other readers
	rawLimit int       // largest frame written atomically (PIPE_BUF)
	frame    []byte    // reused by tryWrite; only the writing holder uses it

	// brokenPipe, if set, is called when a write fails with EPIPE (see
	// NewLineStream).
	brokenPipe func()

	closeOnce sync.Once
	closeErr  error
}

// writeErr passes err on, after brokenPipe when the pipe is broken.
func (s *lineStream) writeErr(err error) error {
	if err != nil && s.brokenPipe != nil && errors.Is(err, syscall.EPIPE) {
		s.brokenPipe()
	}
	return err
}

// NewLineStream returns a Stream of newline-delimited messages. limit bounds
// one message (0 means [DefaultMaxMessageBytes]). closer, if not nil, is
// closed by Close (typically the write end, which the peer sees as EOF).
func NewLineStream(r io.Reader, w io.Writer, closer io.Closer, limit int) Stream {
	if limit <= 0 {
		limit = DefaultMaxMessageBytes
	}
	if f, ok := r.(*os.File); ok {
		pf := pollable(f)
		r = rawReaderFor(pf, pf != f)
	}
	var brokenPipe func()
	sharedW := false
	if f, ok := w.(*os.File); ok {
		pf := pollable(f)
		w, sharedW = pf, pf != f
		if sharedW && (f == os.Stdout || f == os.Stderr) {
			// The process's own stdout: os kills the process with SIGPIPE
			// when a write to it finds the pipe broken (as C programs
			// die); the duplicate would only return EPIPE. Keep that: a
			// write to the original dies the way it always did.
			brokenPipe = func() { f.Write([]byte{'\n'}) }
		}
	}
	s := &lineStream{
		r:          bufio.NewReaderSize(r, 64<<10),
		w:          bufio.NewWriterSize(w, 64<<10),
		closer:     closer,
		limit:      limit,
		brokenPipe: brokenPipe,
	}
	s.raw, s.rawLimit = rawPipe(w, sharedW)
	s.clk, _ = r.(readClock)
	return s
}

// tryWrite writes msg and its newline at once if that cannot block: the
// write end is a non-blocking pipe, nothing is buffered, and the frame is
// at most PIPE_BUF bytes, so one write(2) either writes it all or nothing
// (EAGAIN). It reports whether it wrote msg; if not, nothing was written
// and the caller queues msg for the writer goroutine. The caller must hold
// the connection's write turn.
func (s *lineStream) tryWrite(msg []byte) (bool, error) {
	if s.raw == nil || len(msg)+1 > s.rawLimit || s.w.Buffered() > 0 || bytes.IndexByte(msg, '\n') >= 0 {
		return false, nil
	}
	s.frame = append(append(s.frame[:0], msg...), '\n')
	written, n, err := s.raw.try(s.frame)
	if err != nil || !written {
		return false, s.writeErr(err)
	}
	if n < len(s.frame) {
		// Not for a pipe and a frame within PIPE_BUF; should it happen, the
		// rest goes out with the writer's next flush.
		s.w.Write(s.frame[n:])
		return true, errFlushPending
	}
	return true, nil
}

// errFlushPending tells the Conn that tryWrite left bytes in the buffer.
var errFlushPending = errors.New("flush pending")

func (s *lineStream) Read() ([]byte, error) {
	s.handedOver = false
	for {
		line, err := s.readLine()
		if err != nil {
			return nil, err
		}
		line = bytes.TrimRight(line, "\r")
		if blankLine(line) {
			continue // blank lines are not messages
		}
		return line, nil
	}
}

// blankLine reports whether line holds only white space (as
// bytes.TrimSpace sees it). A line that starts with a printable ASCII
// byte (every JSON-RPC message starts with '{') is not, without a call.
func blankLine(line []byte) bool {
	if len(line) > 0 && line[0] > ' ' && line[0] < utf8.RuneSelf {
		return false
	}
	return len(bytes.TrimSpace(line)) == 0
}

// readLine returns the next line without its "\n", at most s.limit bytes.
func (s *lineStream) readLine() ([]byte, error) {
	// Fast path: the whole line is in bufio's buffer.
	line, err := s.r.ReadSlice('\n')
	switch {
	case err == nil:
		return s.checkLimit(line[:len(line)-1])
	case len(line) > 0 && errors.Is(err, io.EOF):
		return s.checkLimit(line) // a last line without newline
	case !errors.Is(err, bufio.ErrBufferFull):
		return nil, err
	}
	s.buf = append(s.buf[:0], line...)
	for {
		line, err = s.r.ReadSlice('\n')
		n := len(s.buf) + len(line) // message bytes so far
		if err == nil {
			n-- // the newline is not part of the message
		}
		if n > s.limit {
			return nil, s.skip(len(s.buf)+len(line), err)
		}
		if len(s.buf)+len(line) > keepBuf {
			return s.readBig(line, err)
		}
		s.buf = append(s.buf, line...)
		switch {
		case err == nil:
			return s.release(s.buf[:len(s.buf)-1]), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(s.buf) > 0:
			return s.release(s.buf), nil
		default:
			return nil, err
		}
	}
}

// readBig finishes reading a line larger than keepBuf: line (the latest
// piece, err its ReadSlice error) and what follows are copied into blocks,
// then into one slice of the exact size, handed to the caller. Reading an
// N-byte line so allocates about 2N in all (append's growth cost about 5N
// and kept the buffer), and the stream keeps nothing.
func (s *lineStream) readBig(line []byte, err error) ([]byte, error) {
	const block = 4 << 20
	blocks := [][]byte{s.buf}
	n := len(s.buf) + len(line) // bytes read so far, the newline included if err is nil
	for {
		for len(line) > 0 {
			last := &blocks[len(blocks)-1]
			if len(*last) == cap(*last) {
				blocks = append(blocks, make([]byte, 0, block))
				last = &blocks[len(blocks)-1]
			}
			k := min(len(line), cap(*last)-len(*last))
			*last = append(*last, line[:k]...)
			line = line[k:]
		}
		if err == nil || !errors.Is(err, bufio.ErrBufferFull) {
			break
		}
		line, err = s.r.ReadSlice('\n')
		size := n + len(line)
		if err == nil {
			size--
		}
		if size > s.limit {
			return nil, s.skip(n+len(line), err)
		}
		n += len(line)
	}
	switch {
	case err == nil:
		n-- // the newline
	case errors.Is(err, io.EOF) && n > 0:
	default:
		s.buf = s.buf[:0]
		return nil, err
	}
	out := make([]byte, n)
	off := 0
	for _, b := range blocks {
		off += copy(out[off:], b)
	}
	s.buf = s.buf[:0]
	if cap(s.buf) > keepBuf {
		s.buf = nil
	}
	s.handedOver = true
	if n >= releaseSize {
		// The blocks are garbage now. Give them back before the message is
		// forwarded (which copies it once more), so that the peak stays near
		// twice the message instead of growing to the heap goal; and again
		// once the message has been handled.
		debug.FreeOSMemory()
		releaseLater()
	}
	return out, nil
}

// releaseSize is the message size from which reading it schedules
// [releaseLater]: far above everyday messages (a screenshot is a few MB),
// so that steady traffic never forces collections.
const releaseSize = 8 << 20

// releasePending is set while a release is scheduled.
var releasePending atomic.Bool

// releaseLater returns the memory of a big message to the operating system
// once the message has had time to be forwarded and dropped. Without it the
// process keeps its high-water mark (about three times the message) for
// minutes: an idle gateway runs no garbage collection that would lower the
// heap goal, and the runtime only gives back memory above that goal. At
// most one release is pending at a time, whatever the number of
// connections reading big messages.
func releaseLater() {
	if !releasePending.CompareAndSwap(false, true) {
		return
	}
	// The timer's goroutine is the runtime's; it runs once, briefly.
	time.AfterFunc(2*time.Second, func() {
		releasePending.Store(false)
		debug.FreeOSMemory()
	})
}

// keepBuf is the largest line buffer a lineStream keeps between messages.
// A larger one, grown by one big message, is handed to the caller instead:
// an idle connection must not hold a 50 MB buffer at its high-water mark.
const keepBuf = 1 << 20

// release returns msg (a slice of s.buf) and, when s.buf has grown past
// keepBuf, lets go of it so that the caller owns msg (see owned).
func (s *lineStream) release(msg []byte) []byte {
	s.handedOver = cap(s.buf) > keepBuf
	if s.handedOver {
		s.buf = nil
	}
	return msg
}

// owned reports whether the slice the last Read returned is no longer
// referenced by the stream, so the caller may keep it without a copy.
func (s *lineStream) owned() bool { return s.handedOver }

// checkLimit returns line, or a TooLongError if it is over the limit (the
// limit may be below bufio's buffer size).
func (s *lineStream) checkLimit(line []byte) ([]byte, error) {
	if len(line) > s.limit {
		return nil, &TooLongError{Size: len(line), Limit: s.limit, Prefix: append([]byte(nil), line[:min(len(line), 512)]...)}
	}
	return line, nil
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
	if err != nil && !errors.Is(err, io.EOF) {
		return err // a read error ends the stream anyway
	}
	// At EOF, report the line; the next Read returns io.EOF.
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
		return s.writeErr(err)
	}
	return s.writeErr(s.w.WriteByte('\n'))
}

func (s *lineStream) Flush() error { return s.writeErr(s.w.Flush()) }

func (s *lineStream) Close() error {
	s.closeOnce.Do(func() {
		if s.closer != nil {
			s.closeErr = s.closer.Close()
		}
	})
	return s.closeErr
}
