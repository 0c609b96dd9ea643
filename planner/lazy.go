package planner

import (
	"regexp"
	"sync"
	"sync/atomic"
)

// lazyRE returns src as a regular expression compiled on its first use
// instead of at package initialization. The planner holds a few dozen
// patterns for argument extraction; compiled at init they cost about 1 ms
// and 200 KB of every gateway's start-up, before it can spawn a single
// backend, and many sessions never plan. A bad pattern panics on first
// use, as regexp.MustCompile at init would have; TestLazyRegexpsCompile
// compiles every one. Call it only at package level. (integrity has the
// same helper for its rules' patterns.)
func lazyRE(src string) func() *regexp.Regexp {
	lazyPatterns = append(lazyPatterns, src)
	return sync.OnceValue(func() *regexp.Regexp {
		regexpsCompiled.Add(1)
		return regexp.MustCompile(src)
	})
}

// lazyPatterns lists every lazyRE's source, for TestLazyRegexpsCompile;
// regexpsCompiled counts those compiled so far (a test sees that start-up
// compiles none).
var (
	lazyPatterns    []string
	regexpsCompiled atomic.Int32
)
