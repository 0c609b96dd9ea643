package rpc

import (
	"bytes"
	"errors"
	"io"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// A non-blocking pipe is read with raw read(2) calls: what is written
// arrives whole and in order (more than the pipe holds at once, written
// while the reader waits on the poller), the writer's close reads as
// io.EOF, and a read of a closed file fails as os.File's does.
func TestRawReader(t *testing.T) {
	pr, pw, err := os.Pipe() // os.Pipe's ends are non-blocking and polled
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	r, ok := rawReaderFor(pr, false).(*rawReader)
	if !ok {
		t.Fatal("a non-blocking pipe is not read raw")
	}
	want := bytes.Repeat([]byte("0123456789abcdef"), 64<<10) // 1 MiB
	go func() {
		time.Sleep(10 * time.Millisecond) // the first read waits (EAGAIN)
		pw.Write(want)
		pw.Close()
	}()
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("ReadAll: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("read %d bytes, want %d, or different bytes", len(got), len(want))
	}
	if n, err := r.Read(make([]byte, 8)); n != 0 || err != io.EOF {
		t.Fatalf("read after EOF = %d, %v", n, err)
	}
	pr.Close()
	if _, err := r.Read(make([]byte, 8)); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("read of a closed file = %v, want os.ErrClosed", err)
	}
}

// Regular files are read as before.
func TestRawReaderLeavesRegularFiles(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if r := rawReaderFor(f, false); r != io.Reader(f) {
		t.Fatalf("a regular file is read through %T", r)
	}
}

// TestSharedStdioMadeBlockingAgain: stdio made pollable is shared with
// other processes, which may clear O_NONBLOCK while the gateway runs. A
// read then waits in an ordinary system call, which the runtime can work
// around (a garbage collection completes meanwhile), and an inline write
// is left to the writer goroutine, instead of raw system calls that would
// hold their thread in the kernel (without the check the garbage
// collection, and with it the whole test binary, waits until the test
// times out).
func TestSharedStdioMadeBlockingAgain(t *testing.T) {
	inR, inW := blockingPipe(t)
	outR, outW := blockingPipe(t)
	s := NewLineStream(inR, outW, nil, 0).(*lineStream)
	if !nonblocking(inR) || !nonblocking(outW) {
		t.Fatal("stdio was not made pollable")
	}
	// Another holder of the same open files clears the flag.
	if err := syscall.SetNonblock(fdOf(inR), false); err != nil {
		t.Fatal(err)
	}
	if err := syscall.SetNonblock(fdOf(outW), false); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		line, err := s.Read()
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		got <- string(line)
	}()
	time.Sleep(20 * time.Millisecond) // the read waits in the kernel
	gc := make(chan struct{})
	go func() { runtime.GC(); close(gc) }()
	select {
	case <-gc:
	case <-time.After(10 * time.Second):
		t.Fatal("a garbage collection waited for a read of the blocking pipe")
	}
	inW.Write([]byte("{\"a\":1}\n"))
	if line := <-got; line != `{"a":1}` {
		t.Fatalf("read %q", line)
	}
	if ok, err := s.tryWrite([]byte(`{"b":2}`)); ok || err != nil {
		t.Fatalf("inline write to a blocking shared pipe = %v, %v; want it left to the writer", ok, err)
	}
	if err := s.Write([]byte(`{"b":2}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	if n, err := outR.Read(buf); err != nil || string(buf[:n]) != "{\"b\":2}\n" {
		t.Fatalf("written %q, %v", buf[:n], err)
	}
	RestoreBlocking()
}

// TestReadClock: the lines of one read(2) of a pipe share one clock
// reading, taken after the read and before they are handled; a later read
// has a later one.
func TestReadClock(t *testing.T) {
	cr, cw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	sr, sw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer cw.Close()
	defer sr.Close()
	type seen struct {
		at, before time.Duration
	}
	got := make(chan seen, 8)
	var c *Conn
	c = NewConn(NewLineStream(cr, sw, sw, 0), ConnOptions{Handler: func(m *Message) {
		before := Clock()
		got <- seen{c.ReadClock(), before}
	}})
	defer c.Close()
	go c.Run() // ends when cw closes
	start := Clock()
	if _, err := cw.Write([]byte("{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\n{\"jsonrpc\":\"2.0\",\"method\":\"b\"}\n")); err != nil {
		t.Fatal(err)
	}
	a, b := <-got, <-got
	if a.at != b.at {
		t.Errorf("two lines of one write: read clocks %v and %v, want one reading", a.at, b.at)
	}
	if a.at < start || a.at > a.before {
		t.Errorf("read clock %v not between the write (%v) and the handling (%v)", a.at, start, a.before)
	}
	time.Sleep(2 * time.Millisecond)
	if _, err := cw.Write([]byte("{\"jsonrpc\":\"2.0\",\"method\":\"c\"}\n")); err != nil {
		t.Fatal(err)
	}
	if c3 := <-got; c3.at <= a.at {
		t.Errorf("a later read: read clock %v, not after %v", c3.at, a.at)
	}
}
