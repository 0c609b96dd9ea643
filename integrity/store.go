package integrity

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// FileName is the pin file's name in the state directory.
const FileName = "approved-tools.json"

// DefaultPath returns $AGENTIFY_STATE_DIR/approved-tools.json, else
// approved-tools.json in the user's configuration directory under
// mcp-agentify/.
func DefaultPath() (string, error) {
	dir := os.Getenv("AGENTIFY_STATE_DIR")
	if dir == "" {
		cfg, err := os.UserConfigDir()
		if err != nil {
			return "", fmt.Errorf("no state directory (set AGENTIFY_STATE_DIR): %w", err)
		}
		dir = filepath.Join(cfg, "mcp-agentify")
	}
	return filepath.Join(dir, FileName), nil
}

// File is the content of the pin file.
type File struct {
	Version int `json:"version"`
	// Backends maps a backend key ([Key]) to what is pinned for it.
	Backends map[string]*BackendPins `json:"backends"`
}

// BackendPins is what is known of one backend (id and identity).
type BackendPins struct {
	ID       string `json:"id"`
	Identity string `json:"identity"`
	// Approved is false while a backend seen under pin-strict awaits its
	// first approval.
	Approved bool `json:"approved"`
	// Pins are the approved definitions, by kind and name ([PinKey]).
	Pins map[string]*Pin `json:"pins,omitempty"`
	// Pending are definitions seen but held back, by kind and name: changed,
	// new or flagged. Approving one moves it to Pins.
	Pending map[string]*Pin `json:"pending,omitempty"`
	// LastSeen is when a gateway last checked this backend's definitions,
	// to the day (it is written at most once a day per backend); zero in
	// files written before it was kept. `tools prune` reads it.
	LastSeen time.Time `json:"lastSeen,omitzero"`
}

// lastSeenStep is how stale LastSeen may get before a check writes it
// again: a day keeps the pin file's writes on the start-up path to one per
// backend per day while still telling a backend used this month from one
// configured once last year.
const lastSeenStep = 24 * time.Hour

// lastUse is the latest time bp is known to have been used: LastSeen, or in
// a file written before LastSeen was kept, the newest of its definitions'
// first sightings. Zero means unknown.
func (bp *BackendPins) lastUse() time.Time {
	if !bp.LastSeen.IsZero() {
		return bp.LastSeen
	}
	var t time.Time
	for _, m := range []map[string]*Pin{bp.Pins, bp.Pending} {
		for _, p := range m {
			if p != nil && p.Seen.After(t) {
				t = p.Seen
			}
		}
	}
	return t
}

// Pin is one definition: its hash and its canonical JSON (kept so a diff
// can show what changed).
type Pin struct {
	Hash string          `json:"hash"`
	Def  json.RawMessage `json:"def"`
	// Reason says why a pending definition is held back.
	Reason string    `json:"reason,omitempty"`
	Seen   time.Time `json:"seen"`
}

// Key is the pin file's key for a backend: its id and its identity
// (command and args, or URL), so a backend whose id now names another
// server is not taken for the one approved before.
func Key(id, identity string) string { return id + " " + identity }

// PinKey is the key of a definition within a backend: "tool:NAME" or
// "prompt:NAME".
func PinKey(kind, name string) string { return kind + ":" + name }

// Store reads and updates a pin file. Several processes may share one
// file: every update holds a lock file, re-reads the file, applies its
// change and replaces the file atomically (temporary file and rename).
//
// An update skips the re-read when the file is still the one this Store
// last read or wrote (same device and inode, size and modification time:
// every writer replaces the file by rename, so a change by anyone else is
// a new inode). A gateway starting ten backends checks ten tool lists
// against the file one after another; re-reading a pin file that has grown
// to megabytes (every backend ever seen, each with its definitions) cost
// 13 to 18 ms per backend on the start-up path. A Store keeps what it
// read only between Warm (which reads the file ahead) and Forget, so that
// a large file does not stay in memory for the life of the process.
//
// Its methods are safe for concurrent use.
type Store struct {
	Path string

	mu      sync.Mutex
	keeping bool      // guarded by mu; between Warm and Forget
	snap    *snapshot // guarded by mu; nil: none kept

	loads atomic.Int32 // reads of the file by Update and Warm, for tests
}

// snapshot is the pin file's content as a Store last read or wrote it,
// and the file's identity then. Only an Update, under the lock file, may
// change f.
type snapshot struct {
	f  *File
	fi os.FileInfo
}

// sameVersion reports whether a and b describe the same version of the file.
func sameVersion(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// keep sets the snapshot (nil f or fi, or not keeping: none).
func (s *Store) keep(f *File, fi os.FileInfo) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f == nil || fi == nil || !s.keeping {
		s.snap = nil
		return
	}
	s.snap = &snapshot{f: f, fi: fi}
}

// current returns the file's content for an update (the caller holds the
// lock file) and its identity (nil when it does not exist).
func (s *Store) current() (*File, os.FileInfo, error) {
	fi, err := os.Stat(s.Path)
	if err != nil {
		fi = nil
	}
	s.mu.Lock()
	sn := s.snap
	s.snap = nil // the update owns it now; it keeps it again if it may
	s.mu.Unlock()
	if sn != nil && fi != nil && sameVersion(sn.fi, fi) {
		return sn.f, fi, nil
	}
	s.loads.Add(1)
	f, err := s.Load()
	return f, fi, err
}

// Warm starts keeping what updates read and write, and reads the pin
// file ahead of the updates that follow (a gateway's first tool lists),
// without the lock file: the file is only ever replaced whole, and a
// version replaced during the read is not kept. A missing or unreadable
// file keeps nothing; the update reports it.
func (s *Store) Warm() {
	s.mu.Lock()
	s.keeping = true
	s.mu.Unlock()
	before, err := os.Stat(s.Path)
	if err != nil {
		return
	}
	s.loads.Add(1)
	f, err := s.Load()
	if err != nil {
		return
	}
	if after, err := os.Stat(s.Path); err == nil && sameVersion(before, after) {
		s.mu.Lock()
		if s.snap == nil && s.keeping {
			s.snap = &snapshot{f: f, fi: after}
		}
		s.mu.Unlock()
	}
}

// Forget drops what is kept and stops keeping: every update reads the
// file again, as before Warm. A gateway calls it when its start-up is
// over.
func (s *Store) Forget() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keeping, s.snap = false, nil
}

// ErrLocked is wrapped when the lock file stays held past the wait.
var ErrLocked = errors.New("pin file is locked by another process")

// lockWait bounds how long an update waits for another process's lock;
// staleLock is the age after which a lock is taken as abandoned (a
// process that died holding it).
var lockWait = 10 * time.Second // a variable for tests

const staleLock = 30 * time.Second

// Load reads the pin file; a missing file is an empty one.
func (s *Store) Load() (*File, error) {
	data, err := os.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{Version: 1, Backends: map[string]*BackendPins{}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading pin file: %w", err)
	}
	f := &File{}
	if err := json.Unmarshal(data, f); err != nil {
		return nil, fmt.Errorf("pin file %s is not valid: %w", s.Path, err)
	}
	if f.Backends == nil {
		f.Backends = map[string]*BackendPins{}
	}
	return f, nil
}

// Update applies fn to the current content under the lock and writes the
// result (0600) if fn returns nil and changed is true. fn must leave the
// content as it found it when it reports no change.
func (s *Store) Update(fn func(f *File) (changed bool, err error)) error {
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o700); err != nil {
		return fmt.Errorf("creating state directory: %w", err)
	}
	unlock, err := s.lock()
	if err != nil {
		return err
	}
	defer unlock()
	f, fi, err := s.current()
	if err != nil {
		return err
	}
	changed, err := fn(f)
	if err != nil {
		return err // fn may have changed f: nothing is kept
	}
	if !changed {
		s.keep(f, fi)
		return nil
	}
	if err := s.write(f); err != nil {
		return err
	}
	if fi, err := os.Stat(s.Path); err == nil {
		s.keep(f, fi)
	}
	return nil
}

func (s *Store) lock() (func(), error) {
	lockPath := s.Path + ".lock"
	deadline := time.Now().Add(lockWait)
	for delay := 2 * time.Millisecond; ; delay = min(delay*2, 100*time.Millisecond) {
		lf, err := os.OpenFile(lockPath, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			fmt.Fprintf(lf, "%d\n", os.Getpid())
			lf.Close()
			return func() { os.Remove(lockPath) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("locking pin file: %w", err)
		}
		if st, err := os.Stat(lockPath); err == nil && time.Since(st.ModTime()) > staleLock {
			os.Remove(lockPath) // abandoned by a process that died holding it
			continue
		}
		if pid, ok := lockHolder(lockPath); ok && pid != os.Getpid() && processGone(pid) {
			// Its holder was killed while it held it (an IDE that kills
			// its servers with SIGKILL): no need to wait for staleLock.
			// Read again just before removing, so that a lock another
			// process took meanwhile stays (a narrow window remains; the
			// file itself is always replaced whole, by rename).
			if again, ok := lockHolder(lockPath); ok && again == pid {
				os.Remove(lockPath)
			}
			continue
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%w (%s)", ErrLocked, lockPath)
		}
		time.Sleep(delay)
	}
}

// lockHolder returns the process id the lock file names on its first
// line; ok is false when there is none (the file is being written, or
// is gone).
func lockHolder(lockPath string) (pid int, ok bool) {
	b, err := os.ReadFile(lockPath)
	if err != nil {
		return 0, false
	}
	pid, err = strconv.Atoi(strings.TrimSpace(string(b)))
	return pid, err == nil && pid > 0
}

func (s *Store) write(f *File) error {
	f.Version = 1
	// Definitions keep <, > and & as written, so the file reads as the
	// backend's text does (an <IMPORTANT> block stays visible). The file
	// is compact: indentation grows with nesting, and a hostile 59 KB
	// schema nested 800 deep became a 26 MB file indented (`tools diff`
	// shows definitions indented).
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("encoding pin file: %w", err)
	}
	data := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	tmp, err := os.CreateTemp(filepath.Dir(s.Path), FileName+".*.tmp")
	if err != nil {
		return fmt.Errorf("writing pin file: %w", err)
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("writing pin file: %w", err)
	}
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("writing pin file: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("writing pin file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing pin file: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.Path); err != nil {
		return fmt.Errorf("writing pin file: %w", err)
	}
	return nil
}

// Approve moves pending definitions to the approved pins and marks the
// backend approved. names selects definitions by "tool:NAME",
// "prompt:NAME" or a bare name (tool or prompt); none selects all pending
// definitions of the backend. It returns the keys approved, and fails if a
// named definition is not pending.
func (s *Store) Approve(backendID string, names ...string) ([]string, error) {
	var approved []string
	err := s.Update(func(f *File) (bool, error) {
		approved = nil
		found := false
		for _, bp := range f.Backends {
			if bp.ID != backendID {
				continue
			}
			found = true
			keys := make([]string, 0, len(bp.Pending))
			for k := range bp.Pending {
				if len(names) == 0 || matchName(k, names) {
					keys = append(keys, k)
				}
			}
			if bp.Pins == nil {
				bp.Pins = map[string]*Pin{}
			}
			for _, k := range keys {
				p := bp.Pending[k]
				p.Reason = ""
				bp.Pins[k] = p
				delete(bp.Pending, k)
				approved = append(approved, k)
			}
			if len(names) == 0 {
				bp.Approved = true
			}
		}
		if !found {
			return false, fmt.Errorf("backend %q has no pins yet (start the gateway or run `tools` once)", backendID)
		}
		for _, n := range names {
			if !containsMatch(approved, n) {
				return false, fmt.Errorf("%s: nothing pending under this name", n)
			}
		}
		sort.Strings(approved)
		return true, nil
	})
	return approved, err
}

func matchName(key string, names []string) bool {
	for _, n := range names {
		if key == n || key == PinKey(KindTool, n) || key == PinKey(KindPrompt, n) {
			return true
		}
	}
	return false
}

func containsMatch(keys []string, name string) bool {
	for _, k := range keys {
		if matchName(k, []string{name}) {
			return true
		}
	}
	return false
}

// Pruned is a backend entry Prune removed (or would remove).
type Pruned struct {
	ID, Identity string
	LastUse      time.Time // zero: unknown
	Definitions  int       // pinned and pending
}

// Prune removes the entries of backends not used since before now-unused,
// except those whose id is in keep (the backends a configuration still
// names: their identity may differ only by the client capabilities mirrored
// to them). An entry with no known use is kept. With dryRun nothing is
// written. The entries are returned in id order.
//
// Removing an entry forgets what was approved for that command line: if it
// comes back, its definitions are new again (trusted on first use under
// pin, held back under pin-strict), which is why nothing is pruned
// without being asked.
func (s *Store) Prune(now time.Time, unused time.Duration, keep map[string]bool, dryRun bool) ([]Pruned, error) {
	var out []Pruned
	err := s.Update(func(f *File) (bool, error) {
		out = out[:0]
		for key, bp := range f.Backends {
			if bp == nil {
				continue
			}
			last := bp.lastUse()
			if keep[bp.ID] || last.IsZero() || now.Sub(last) < unused {
				continue
			}
			out = append(out, Pruned{ID: bp.ID, Identity: bp.Identity, LastUse: last, Definitions: len(bp.Pins) + len(bp.Pending)})
			if !dryRun {
				delete(f.Backends, key)
			}
		}
		sort.Slice(out, func(i, j int) bool {
			if out[i].ID != out[j].ID {
				return out[i].ID < out[j].ID
			}
			return out[i].Identity < out[j].Identity
		})
		return !dryRun && len(out) > 0, nil
	})
	return out, err
}
