package rpc

import "time"

// clockBase is the origin of Clock.
var clockBase = time.Now()

// Clock is monotonic time since the process started: one reading of the
// monotonic clock, where time.Now reads the wall clock too.
func Clock() time.Duration { return time.Since(clockBase) }

// readClock is implemented by readers that note, on [Clock], when their
// last read returned data (rawReader, one reading per read(2)).
type readClock interface {
	lastRead() time.Duration
}

// readClocker is implemented by streams that can tell when the message
// just read arrived (see [Conn.ReadClock]).
type readClocker interface {
	readClock() (time.Duration, bool)
}

// readClock implements readClocker: the time of the last read(2) of a
// raw pipe reader, the one that returned the last bytes of the line just
// read or a later one made while looking for it.
func (s *lineStream) readClock() (time.Duration, bool) {
	if s.clk == nil {
		return 0, false
	}
	return s.clk.lastRead(), true
}

// ReadClock returns when the message the read loop is handling was read,
// on [Clock]. All the messages that one read(2) of a pipe returned arrived
// together, so a stream that reads pipes with raw system calls notes the
// clock once per read(2), and the messages of that read share the reading
// (in a burst of 64 calls, one reading instead of 64); other streams read
// the clock here. It is when the gateway received the message: at or after
// its last byte arrived, at or before its handling began. Call it on the
// read loop only (a Handler, ConnOptions.Fast, a Responder's RawResult).
func (c *Conn) ReadClock() time.Duration {
	if c.rc != nil {
		if t, ok := c.rc.readClock(); ok {
			return t
		}
	}
	return Clock()
}
