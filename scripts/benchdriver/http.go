package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// httpClients measures `serve --http` with N clients, each its own MCP
// session over Streamable HTTP, each with -http-inflight calls in flight
// (every call its own POST): calls/s and p50/p99 call latency, against the
// echo backend (stdio) behind the gateway.
func httpClients() {
	accept := "SSE or JSON accepted"
	if *httpJSON {
		accept = "JSON only accepted"
	}
	fmt.Fprintf(os.Stderr, "http: 1, 8, 32 clients (one session each), %d calls in flight per client, %s\n", *httpFlight, accept)
	p := startPeer(*gatewayBin, "serve", "--http", "127.0.0.1:0", "--config", gatewayConfig("http", [][]string{nil}))
	// serve --http does not end at stdin's EOF: SIGTERM first, so that
	// the gateway exits cleanly (and writes AGENTIFY_CPUPROFILE) rather
	// than being killed after stop's grace period.
	defer func() {
		p.cmd.Process.Signal(syscall.SIGTERM)
		p.stop()
	}()
	url := waitURL(p)
	tr := &http.Transport{MaxIdleConnsPerHost: 32 * *httpFlight, MaxConnsPerHost: 0, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 60 * time.Second}

	newSession := func() string {
		resp, body := post(client, url, "", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"benchdriver","version":"1"}}}`)
		sid := resp.Header.Get("Mcp-Session-Id")
		if sid == "" {
			must(fmt.Errorf("initialize over HTTP: no Mcp-Session-Id (status %d): %s", resp.StatusCode, tail(body, 300)))
		}
		post(client, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		return sid
	}
	call := func(sid string, id int64) time.Duration {
		t0 := time.Now()
		_, body := post(client, url, sid, `{"jsonrpc":"2.0","id":`+strconv.FormatInt(id, 10)+`,"method":"tools/call","params":`+paramsExposed+`}`)
		d := time.Since(t0)
		checkResult(body)
		return d
	}
	// The backend starts with the gateway: the first call waits for it.
	warm := newSession()
	for i := range 200 {
		call(warm, int64(i+1))
	}

	for _, n := range []int{1, 8, 32} {
		sids := make([]string, n)
		for i := range sids {
			sids[i] = newSession()
		}
		total := max(3000, n**httpFlight*100)
		var rates []float64
		var lat []time.Duration
		// The driver's own HTTP clients share the machine's cores with the
		// gateway, so calls/s also moves with the client's cost: the
		// gateway's CPU per call is the measure of its own.
		cpu0 := procCPU(p.pid())
		for r := 0; r < *rounds; r++ {
			var next atomic.Int64
			var mu sync.Mutex
			var wg sync.WaitGroup
			t0 := time.Now()
			for _, sid := range sids {
				for range *httpFlight {
					wg.Add(1)
					// One caller; ends when total calls are taken.
					go func() {
						defer wg.Done()
						var mine []time.Duration
						for {
							id := next.Add(1)
							if id > int64(total) {
								break
							}
							mine = append(mine, call(sid, id))
						}
						mu.Lock()
						lat = append(lat, mine...)
						mu.Unlock()
					}()
				}
			}
			wg.Wait()
			rates = append(rates, float64(total)/time.Since(t0).Seconds())
		}
		cpuPerCall := (procCPU(p.pid()) - cpu0) / time.Duration(total**rounds)
		for _, sid := range sids {
			req, _ := http.NewRequest("DELETE", url, nil)
			req.Header.Set("Mcp-Session-Id", sid)
			if resp, err := client.Do(req); err == nil {
				resp.Body.Close()
			}
		}
		p50, p99 := percentile(lat, .5), percentile(lat, .99)
		what := fmt.Sprintf("serve --http, %d clients × %d in flight: calls/s (p50 / p99 per call; gateway CPU per call)", n, *httpFlight)
		if *httpJSON {
			what += ", JSON responses"
		}
		add("http", what, median(rates), "calls/s",
			fmt.Sprintf("%.0f calls/s (%s / %s; %s CPU)", median(rates), us(p50), us(p99), us(cpuPerCall)), "", nil)
	}
}

// httpJSON makes the http section's clients accept only application/json,
// so that every call is answered with a plain JSON body rather than an SSE
// stream: what the SSE framing (a priming event flushed first) costs.
var httpJSON = flag.Bool("http-json", false, "http section: clients accept only application/json (no SSE responses)")

var urlLine = regexp.MustCompile(`http://127\.0\.0\.1:\d+/mcp`)

// waitURL reads the gateway's stderr until it logs the URL it serves.
func waitURL(p *peer) string {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(p.stderr.Name())
		if u := urlLine.Find(b); u != nil {
			return string(u)
		}
		time.Sleep(10 * time.Millisecond)
	}
	b, _ := os.ReadFile(p.stderr.Name())
	must(fmt.Errorf("serve --http logged no URL in 30s:\n%s", tail(b, 2000)))
	return ""
}

// post sends one JSON-RPC message and returns the response and its whole
// body (JSON or an SSE stream, read to its end).
func post(client *http.Client, url, sid, body string) (*http.Response, []byte) {
	req, err := http.NewRequest("POST", url, bytes.NewReader([]byte(body)))
	must(err)
	req.Header.Set("Content-Type", "application/json")
	if *httpJSON {
		req.Header.Set("Accept", "application/json")
	} else {
		req.Header.Set("Accept", "application/json, text/event-stream")
	}
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	}
	resp, err := client.Do(req)
	must(err)
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	must(err)
	return resp, b
}
