package integrity

import (
	"errors"
	"path/filepath"
	"testing"
)

// Between Warm and Forget an update reads the file only when it is not the
// version the Store last read or wrote: a write by another Store (another
// process) is seen, and a failed update keeps nothing of what it changed.
// Outside them every update reads the file.
func TestStoreSnapshot(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	a, other := &Store{Path: path}, &Store{Path: path}
	add := func(s *Store, key string) {
		t.Helper()
		if err := s.Update(func(f *File) (bool, error) {
			f.Backends[key] = &BackendPins{ID: key}
			return true, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	has := func(s *Store, key string) (found bool) {
		t.Helper()
		if err := s.Update(func(f *File) (bool, error) {
			found = f.Backends[key] != nil
			return false, nil
		}); err != nil {
			t.Fatal(err)
		}
		return found
	}
	reads := func(s *Store) int { return int(s.loads.Load()) }

	add(a, "one") // not keeping yet
	n0 := reads(a)
	if has(a, "one"); reads(a) != n0+1 {
		t.Fatalf("before Warm an update did not read the file (%d reads, want %d)", reads(a), n0+1)
	}
	a.Warm()
	n := reads(a)
	first, second := has(a, "one"), has(a, "one") // two updates in a row
	if !first || !second || reads(a) != n {
		t.Fatalf("updates of an unchanged file read it again: %d reads, want %d", reads(a), n)
	}

	add(other, "two") // another process replaces the file
	if !has(a, "two") {
		t.Fatal("a write by another Store was not seen")
	}
	if reads(a) != n+1 {
		t.Fatalf("%d reads after another Store's write, want %d", reads(a), n+1)
	}

	boom := errors.New("boom")
	err := a.Update(func(f *File) (bool, error) {
		f.Backends["half-done"] = &BackendPins{}
		return true, boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("update error %v, want boom", err)
	}
	if has(a, "half-done") {
		t.Fatal("a failed update's change was kept")
	}

	a.Forget()
	n = reads(a)
	has(a, "one")
	has(a, "one")
	if reads(a) != n+2 {
		t.Fatalf("after Forget: %d reads for two updates, want 2", reads(a)-n)
	}

	fresh := &Store{Path: path}
	fresh.Warm()
	n = reads(fresh)
	if !has(fresh, "one") || !has(fresh, "two") || reads(fresh) != n {
		t.Fatalf("after Warm an update read the file again (%d reads, want %d)", reads(fresh), n)
	}
	(&Store{Path: filepath.Join(t.TempDir(), FileName)}).Warm() // no file: nothing kept, no panic
}
