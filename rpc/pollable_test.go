//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package rpc

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// blockingPipe returns a pipe whose ends are in blocking mode, as a
// process started by os/exec gets its stdin and stdout (Fd puts a file in
// blocking mode).
func blockingPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	r.Fd()
	w.Fd()
	if nonblocking(r) || nonblocking(w) {
		t.Fatal("Fd left the pipe non-blocking")
	}
	return r, w
}

// fdOf returns f's descriptor without Fd, which would put a pipe that
// os.Pipe made back in blocking mode.
func fdOf(f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		panic(err)
	}
	fd := -1
	rc.Control(func(d uintptr) { fd = int(d) })
	return fd
}

// nonblocking reports whether f's open file is in non-blocking mode.
func nonblocking(f *os.File) bool { return isNonblock(fdOf(f)) }

// A blocking stdin or stdout pipe is read and written through the
// runtime's poller: a duplicate descriptor, non-blocking, that takes
// deadlines, whose close leaves the original open.
func TestPollableBlockingPipe(t *testing.T) {
	r, w := blockingPipe(t)
	pr := pollable(r)
	if pr == r {
		t.Fatal("pollable returned the blocking read end itself")
	}
	if fdOf(pr) == fdOf(r) {
		t.Fatal("pollable did not duplicate the descriptor")
	}
	if !nonblocking(r) {
		t.Error("the pipe's read end is still blocking")
	}
	// Only a file the poller serves takes a deadline.
	if err := pr.SetReadDeadline(time.Now().Add(time.Millisecond)); err != nil {
		t.Fatalf("SetReadDeadline on the pollable file: %v", err)
	}
	buf := make([]byte, 8)
	if _, err := pr.Read(buf); !os.IsTimeout(err) {
		t.Fatalf("read of an empty pipe with a deadline = %v, want a timeout", err)
	}
	pr.SetReadDeadline(time.Time{})
	if _, err := w.Write([]byte("hi")); err != nil {
		t.Fatal(err)
	}
	if n, err := pr.Read(buf); err != nil || string(buf[:n]) != "hi" {
		t.Fatalf("read = %q, %v", buf[:n], err)
	}
	if err := pr.Close(); err != nil {
		t.Fatal(err)
	}
	// The original descriptor stays open.
	if _, err := w.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if n, err := r.Read(buf); err != nil || string(buf[:n]) != "x" {
		t.Fatalf("read of the original after closing the duplicate = %q, %v", buf[:n], err)
	}
	// At exit the flag goes back: other holders of the pipe see it blocking.
	RestoreBlocking()
	if nonblocking(r) {
		t.Error("RestoreBlocking left the pipe's read end non-blocking")
	}
}

// A line stream over blocking pipes (the gateway's stdio, started by
// os/exec) reads through the poller and writes small messages inline.
func TestLineStreamPollsBlockingPipes(t *testing.T) {
	inR, inW := blockingPipe(t)
	outR, outW := blockingPipe(t)
	s := NewLineStream(inR, outW, nil, 0).(*lineStream)
	if s.raw == nil {
		t.Fatal("the stream's blocking stdout pipe is not written inline")
	}
	if !nonblocking(inR) {
		t.Fatal("the stream's blocking stdin pipe is not read through the poller")
	}
	go inW.Write([]byte(`{"a":1}` + "\n"))
	msg, err := s.Read()
	if err != nil || string(msg) != `{"a":1}` {
		t.Fatalf("Read = %q, %v", msg, err)
	}
	if ok, err := s.tryWrite([]byte(`{"b":2}`)); !ok || err != nil {
		t.Fatalf("tryWrite = %v, %v; want true, nil", ok, err)
	}
	buf := make([]byte, 16)
	if n, err := outR.Read(buf); err != nil || string(buf[:n]) != `{"b":2}`+"\n" {
		t.Fatalf("stdout got %q, %v", buf[:n], err)
	}
}

// Terminals and regular files are left as they are.
func TestPollableLeavesRegularFiles(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "in"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := pollable(f); got != f {
		t.Error("pollable replaced a regular file")
	}
	if nonblocking(f) {
		t.Error("pollable made a regular file non-blocking")
	}
}

// A write that finds the pipe broken calls brokenPipe (set for the
// process's own stdout, whose broken pipe os answers with SIGPIPE), on
// the inline path and on the writer's; nothing else does.
func TestLineStreamBrokenPipe(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	s := NewLineStream(eofReader{}, pw, nil, 0).(*lineStream)
	if s.brokenPipe != nil {
		t.Fatal("brokenPipe set for a pipe that is not the process's stdout")
	}
	calls := 0
	s.brokenPipe = func() { calls++ }
	if ok, err := s.tryWrite([]byte(`{"a":1}`)); !ok || err != nil || calls != 0 {
		t.Fatalf("tryWrite to an open pipe = %v, %v (%d calls)", ok, err, calls)
	}
	pr.Close()
	if _, err := s.tryWrite([]byte(`{"a":2}`)); !errors.Is(err, syscall.EPIPE) || calls != 1 {
		t.Fatalf("tryWrite to a broken pipe = %v, brokenPipe called %d times; want EPIPE, 1", err, calls)
	}
	s.Write([]byte(`{"a":3}`))
	if err := s.Flush(); !errors.Is(err, syscall.EPIPE) || calls != 2 {
		t.Fatalf("Flush to a broken pipe = %v, brokenPipe called %d times; want EPIPE, 2", err, calls)
	}
}
