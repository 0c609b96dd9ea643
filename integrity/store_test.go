package integrity

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestStoreLockOfKilledProcess: a lock file left by a process killed while
// it held it does not hold up the next update until it is stale.
func TestStoreLockOfKilledProcess(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a lock's holder is only checked on Unix")
	}
	dead := exec.Command(os.Args[0], "-test.run=^$")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	s := &Store{Path: filepath.Join(t.TempDir(), FileName)}
	lockPath := s.Path + ".lock"
	if err := os.WriteFile(lockPath, []byte(strconv.Itoa(dead.Process.Pid)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	defer func(w time.Duration) { lockWait = w }(lockWait)
	lockWait = time.Minute // longer than the test's own timeout would allow: success must not come from waiting
	err := s.Update(func(f *File) (bool, error) {
		f.Backends["b"] = &BackendPins{}
		return true, nil
	})
	if err != nil {
		t.Fatalf("update after the holder died: %v", err)
	}
	if _, err := os.Stat(lockPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the lock file is left after the update: %v", err)
	}
	if f, err := s.Load(); err != nil || f.Backends["b"] == nil {
		t.Errorf("the update was not written: %v %+v", err, f)
	}
}

// TestStoreLockOfLiveProcess: a fresh lock file of a live process (this
// one's parent), or without a readable id, is waited for, then reported.
func TestStoreLockOfLiveProcess(t *testing.T) {
	defer func(w time.Duration) { lockWait = w }(lockWait)
	lockWait = 50 * time.Millisecond
	for name, content := range map[string]string{"live": strconv.Itoa(os.Getppid()) + "\n", "being written": "", "not an id": "x\n"} {
		s := &Store{Path: filepath.Join(t.TempDir(), FileName)}
		if err := os.WriteFile(s.Path+".lock", []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		err := s.Update(func(*File) (bool, error) { return true, nil })
		if !errors.Is(err, ErrLocked) {
			t.Errorf("%s: update = %v, want ErrLocked", name, err)
		}
		if _, err := os.Stat(s.Path + ".lock"); err != nil {
			t.Errorf("%s: the other process's lock file was removed: %v", name, err)
		}
	}
}
