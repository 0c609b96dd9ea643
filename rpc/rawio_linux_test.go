package rpc

import (
	"bytes"
	"errors"
	"io"
	"os"
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
	r, ok := rawReaderFor(pr).(*rawReader)
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
	if r := rawReaderFor(f); r != io.Reader(f) {
		t.Fatalf("a regular file is read through %T", r)
	}
}
