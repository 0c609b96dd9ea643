package integrity

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPrune: entries of backends unused for longer than the limit go,
// except those whose id the configuration still names and those whose use
// is unknown; a file from before LastSeen was kept is judged by its
// definitions' first sightings; a dry run writes nothing.
func TestPrune(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	days := func(n int) time.Time { return now.Add(-time.Duration(n) * 24 * time.Hour) }
	pin := func(seen time.Time) map[string]*Pin {
		return map[string]*Pin{"tool:a": {Hash: "h", Def: json.RawMessage(`{}`), Seen: seen}}
	}
	f := &File{Version: 1, Backends: map[string]*BackendPins{
		Key("old", "npx -y pkg@1.0.0"):    {ID: "old", Identity: "npx -y pkg@1.0.0", Pins: pin(days(400)), LastSeen: days(200)},
		Key("recent", "npx -y pkg@2.0.0"): {ID: "recent", Identity: "npx -y pkg@2.0.0", Pins: pin(days(400)), LastSeen: days(10)},
		Key("conf", "npx -y other@1"):     {ID: "conf", Identity: "npx -y other@1", Pins: pin(days(400)), LastSeen: days(300)},
		Key("legacy", "python srv.py"):    {ID: "legacy", Identity: "python srv.py", Pins: pin(days(150)), Pending: pin(days(120))},
		Key("legacy2", "python new.py"):   {ID: "legacy2", Identity: "python new.py", Pins: pin(days(150)), Pending: pin(days(20))},
		Key("unknown", "node x.js"):       {ID: "unknown", Identity: "node x.js"},
	}}
	s := &Store{Path: filepath.Join(t.TempDir(), FileName)}
	if err := s.write(f); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(s.Path)
	keep := map[string]bool{"conf": true}

	got, err := s.Prune(now, 90*24*time.Hour, keep, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != "legacy" || got[1].ID != "old" || !got[1].LastUse.Equal(days(200)) || !got[0].LastUse.Equal(days(120)) || got[0].Definitions != 2 {
		t.Fatalf("dry run: %+v, want legacy (last use 120 days ago, 2 definitions) and old (200 days)", got)
	}
	if after, _ := os.ReadFile(s.Path); string(after) != string(before) {
		t.Fatalf("a dry run changed the pin file")
	}

	if got, err = s.Prune(now, 90*24*time.Hour, keep, false); err != nil || len(got) != 2 {
		t.Fatalf("prune: %v %+v", err, got)
	}
	left, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"recent", "conf", "legacy2", "unknown"} {
		found := false
		for _, bp := range left.Backends {
			found = found || bp.ID == id
		}
		if !found {
			t.Errorf("%s was pruned", id)
		}
	}
	if len(left.Backends) != 4 {
		t.Errorf("%d entries left, want 4", len(left.Backends))
	}
}

// TestCheckRecordsLastSeen: a check records when the backend was last
// seen, to the day, and writes the file for it at most once a day.
func TestCheckRecordsLastSeen(t *testing.T) {
	s := &Store{Path: filepath.Join(t.TempDir(), FileName)}
	c := &Checker{Store: s}
	defs := []Def{{Kind: "tool", Name: "a", Raw: json.RawMessage(`{"name":"a","description":"A tool.","inputSchema":{"type":"object"}}`)}}
	day0 := time.Now().UTC().Truncate(lastSeenStep)
	c.Check("b", "cmd", ModePin, defs)
	f, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	bp := f.Backends[Key("b", "cmd")]
	today := time.Now().UTC().Truncate(lastSeenStep)
	if today != day0 {
		t.Skip("the day changed during the test")
	}
	if bp == nil || !bp.LastSeen.Equal(today) {
		t.Fatalf("after the first check: %+v, want LastSeen %v", bp, today)
	}

	fi, _ := os.Stat(s.Path)
	c.Check("b", "cmd", ModePin, defs)
	if fi2, _ := os.Stat(s.Path); !os.SameFile(fi, fi2) {
		t.Errorf("a second check the same day rewrote the pin file")
	}

	// A backend last seen two days ago is seen again today.
	if err := s.Update(func(f *File) (bool, error) {
		f.Backends[Key("b", "cmd")].LastSeen = today.Add(-2 * lastSeenStep)
		return true, nil
	}); err != nil {
		t.Fatal(err)
	}
	c.Check("b", "cmd", ModePin, defs)
	if f, _ = s.Load(); !f.Backends[Key("b", "cmd")].LastSeen.Equal(today) {
		t.Errorf("LastSeen %v after a check today, want %v", f.Backends[Key("b", "cmd")].LastSeen, today)
	}
}
