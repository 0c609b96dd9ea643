package main

import (
	"context"
	"io"
	"strings"
	"testing"
)

// TestTerminalConfirmer: ask's question at a terminal is yes only for "y"
// or "yes"; an empty line, anything else and the end of input are no.
func TestTerminalConfirmer(t *testing.T) {
	for in, want := range map[string]bool{"y\n": true, "YES\n": true, " yes \n": true, "\n": false, "n\n": false, "sure\n": false, "": false, "y": true} {
		var out strings.Builder
		yes, err := terminalConfirmer(strings.NewReader(in), &out)(t.Context(), "Run it?")
		if err != nil || yes != want {
			t.Errorf("answer %q: %v %v, want %v", in, yes, err, want)
		}
		if !strings.HasPrefix(out.String(), "Run it? [y/N] ") {
			t.Errorf("prompt %q", out.String())
		}
	}
	// Ctrl-C while the question is open: no, with the context's error.
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if yes, err := terminalConfirmer(r, io.Discard)(ctx, "Run it?"); yes || err == nil {
		t.Errorf("cancelled: %v %v", yes, err)
	}
}
