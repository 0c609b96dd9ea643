package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"
)

var benchCall = []byte(`{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/tmp/example.txt"},"_meta":{"progressToken":7}}}`)

func BenchmarkDecode(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchCall)))
	for b.Loop() {
		if _, err := Decode(benchCall); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendJSON(b *testing.B) {
	m, err := Decode(benchCall)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 512)
	b.ReportAllocs()
	b.SetBytes(int64(len(benchCall)))
	for b.Loop() {
		buf = m.AppendJSON(buf[:0])
	}
}

// loopReader replays the same bytes forever.
type loopReader struct {
	data []byte
	off  int
}

func (r *loopReader) Read(p []byte) (int, error) {
	n := copy(p, r.data[r.off:])
	r.off = (r.off + n) % len(r.data)
	return n, nil
}

func BenchmarkLineStreamReadWrite(b *testing.B) {
	line := append(bytes.Clone(benchCall), '\n')
	s := NewLineStream(&loopReader{data: bytes.Repeat(line, 64)}, io.Discard, nil, 0)
	b.ReportAllocs()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		msg, err := s.Read()
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Write(msg); err != nil {
			b.Fatal(err)
		}
	}
	s.Flush()
}

func BenchmarkConnCallRoundTrip(b *testing.B) {
	p := newPair(b, ConnOptions{}, ConnOptions{}, func(srv *Conn, m *Message) {
		srv.Reply(m.ID, json.RawMessage(`{"content":[{"type":"text","text":"hello"}]}`))
	})
	params := json.RawMessage(`{"name":"read_file","arguments":{"path":"/tmp/example.txt"}}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.client.Call(ctx, "tools/call", params); err != nil {
			b.Fatal(err)
		}
	}
}
