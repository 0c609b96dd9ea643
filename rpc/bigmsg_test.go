package rpc

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"
)

// Issue 17 item 10: one big message must not leave its buffer behind, and
// reading it must not cost many copies of it.
func TestLineStreamReleasesBigBuffer(t *testing.T) {
	big := `{"jsonrpc":"2.0","id":1,"result":{"text":"` + strings.Repeat("x", 8<<20) + `"}}`
	s := NewLineStream(strings.NewReader(big+"\n"+`{"jsonrpc":"2.0","id":2,"result":{}}`+"\n"), io.Discard, nil, 0).(*lineStream)
	line, err := s.Read()
	if err != nil || len(line) != len(big) {
		t.Fatalf("Read: %d bytes, %v", len(line), err)
	}
	if !s.owned() || cap(s.buf) > keepBuf {
		t.Fatalf("after an 8 MB line the stream keeps a %d-byte buffer (owned %v)", cap(s.buf), s.owned())
	}
	if _, err := s.Read(); err != nil || s.owned() {
		t.Fatalf("small line: %v, owned %v", err, s.owned())
	}
}

func TestConnBigMessageAllocations(t *testing.T) {
	const size = 16 << 20
	payload := `{"text":"` + strings.Repeat("y", size) + `"}`
	var input bytes.Buffer
	input.WriteString(`{"jsonrpc":"2.0","method":"big","params":` + payload + "}\n")
	got := make(chan *Message, 1)
	c := NewConn(NewLineStream(&input, io.Discard, nil, 0), ConnOptions{Handler: func(m *Message) { got <- m }})
	defer c.Close()
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.TotalAlloc
	if err := c.Run(); err != io.EOF {
		t.Fatalf("Run: %v", err)
	}
	runtime.ReadMemStats(&ms)
	m := <-got
	if string(m.Params) != payload {
		t.Fatal("params changed")
	}
	// Reading costs the line in blocks plus one exact copy, and no copy for
	// the message (measured 2.3x; 3.3x while scanWire still copied a handed
	// over line; before: append's growth, the retained buffer and a copy,
	// 5.0x).
	if alloc := ms.TotalAlloc - before; alloc > 5*size/2 {
		t.Errorf("reading a %d MB message allocated %.1fx its size", size>>20, float64(alloc)/size)
	} else {
		t.Logf("reading a %d MB message allocated %.2fx its size", size>>20, float64(alloc)/size)
	}
}
