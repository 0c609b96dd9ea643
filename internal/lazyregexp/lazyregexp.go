// Package lazyregexp holds package-level regular expressions that compile
// on first use instead of at package initialization, as the Go tree's own
// internal/lazyregexp does for cmd/go. The planner's argument patterns and
// the integrity scanner's rules, compiled at init, cost about 1.5 ms and
// 700 KB of every gateway's start-up before it could spawn a backend, and
// many sessions never plan or never see a suspicious definition.
package lazyregexp

import (
	"errors"
	"fmt"
	"regexp"
	"sync"
	"sync/atomic"
)

var (
	mu       sync.Mutex
	sources  []string
	compiled atomic.Int32
)

// New returns src as a regular expression compiled on its first use. A bad
// pattern panics then, as regexp.MustCompile at init would have; a test of
// the package that declares it calls [Check]. Call it only at package
// level.
func New(src string) func() *regexp.Regexp {
	mu.Lock()
	sources = append(sources, src)
	mu.Unlock()
	return sync.OnceValue(func() *regexp.Regexp {
		compiled.Add(1)
		return regexp.MustCompile(src)
	})
}

// Sources returns the source of every pattern New has registered in this
// program.
func Sources() []string {
	mu.Lock()
	defer mu.Unlock()
	return append([]string(nil), sources...)
}

// Compiled reports how many of them have been compiled so far.
func Compiled() int { return int(compiled.Load()) }

// Check compiles every registered pattern (without keeping them) and
// returns how many there are and an error naming each bad one: a test
// calls it so that a bad pattern fails there, not on the first input that
// reaches it.
func Check() (int, error) {
	srcs := Sources()
	var errs []error
	for _, src := range srcs {
		if _, err := regexp.Compile(src); err != nil {
			errs = append(errs, fmt.Errorf("%q: %w", src, err))
		}
	}
	return len(srcs), errors.Join(errs...)
}
