package gateway

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// flushLog wraps a ResponseWriter and records, per request, whether bytes
// were written after the last Flush.
type flushLog struct {
	http.ResponseWriter
	mu        *sync.Mutex
	flushes   *int
	unflushed *int // bytes written since the last Flush
}

func (f flushLog) Write(b []byte) (int, error) {
	f.mu.Lock()
	*f.unflushed += len(b)
	f.mu.Unlock()
	return f.ResponseWriter.Write(b)
}

func (f flushLog) Flush() {
	f.mu.Lock()
	*f.flushes++
	*f.unflushed = 0
	f.mu.Unlock()
	f.ResponseWriter.(http.Flusher).Flush()
}

// TestHTTPSSEFinalEventNotFlushed checks that the last event of a POST's
// SSE stream is left for net/http to write with the end of the chunked
// body (one write(2) rather than a flush and then the terminator), while
// the bytes the client gets stay exactly the priming event and the
// response event.
func TestHTTPSSEFinalEventNotFlushed(t *testing.T) {
	h := NewHTTPHandler(HTTPOptions{Serve: (&miniServer{name: "mini", release: make(chan struct{})}).serve})
	var mu sync.Mutex
	var flushes, unflushed int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		flushes, unflushed = 0, 0
		mu.Unlock()
		h.ServeHTTP(flushLog{ResponseWriter: w, mu: &mu, flushes: &flushes, unflushed: &unflushed}, r)
	}))
	t.Cleanup(func() {
		h.Close()
		srv.CloseClientConnections()
		srv.Close()
		http.DefaultClient.CloseIdleConnections()
	})
	c := &httpClient{t: t, url: srv.URL}
	c.initialize()
	for i := 1; i <= 20; i++ {
		resp := c.do("POST", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/event-stream" {
			t.Fatalf("call %d: status %d %q: %s (%v)", i, resp.StatusCode, resp.Header.Get("Content-Type"), body, err)
		}
		want := regexp.MustCompile(`^id: (\d+)-0\nretry: 1000\ndata: \n\nevent: message\nid: (\d+)-1\ndata: \{"jsonrpc":"2\.0","id":7,"result":\{"content":\[\{"type":"text","text":"mini:x"\}\]\}\}\n\n$`)
		m := want.FindStringSubmatch(string(body))
		if m == nil || m[1] != m[2] {
			t.Fatalf("call %d: body %q", i, body)
		}
		mu.Lock()
		f, u := flushes, unflushed
		mu.Unlock()
		if u == 0 || f > 1 {
			t.Fatalf("call %d: %d flushes, %d bytes written after the last: want the response event left unflushed (at most the priming event flushed)", i, f, u)
		}
		if !strings.Contains(string(body), `"result"`) {
			t.Fatalf("call %d: no result: %q", i, body)
		}
	}
}
