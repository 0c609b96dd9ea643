package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCPUProfileHook checks AGENTIFY_CPUPROFILE's hook: "%p" becomes the
// process id, the file is a gzipped pprof profile once stopped, and a path
// that cannot be created is reported on stderr without stopping anything.
func TestCPUProfileHook(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	stop := startCPUProfile(filepath.Join(dir, "cpu-%p.pprof"), &stderr)
	n := 0
	for i := range 1_000_000 {
		n += i % 7
	}
	stop()
	path := filepath.Join(dir, "cpu-"+strconv.Itoa(os.Getpid())+".pprof")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("profile not written: %v (stderr %q, %d)", err, stderr.String(), n)
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("%s is not a gzipped profile: % x", path, b[:min(len(b), 8)])
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr: %q", stderr.String())
	}

	stderr.Reset()
	startCPUProfile(filepath.Join(dir, "missing", "cpu.pprof"), &stderr)()
	if !strings.Contains(stderr.String(), "AGENTIFY_CPUPROFILE") {
		t.Errorf("an unwritable path was not reported: %q", stderr.String())
	}
	stderr.Reset()
	startCPUProfile("", &stderr)()
	if stderr.Len() != 0 {
		t.Errorf("no path, yet stderr: %q", stderr.String())
	}
}
