package planner

import (
	"regexp"
	"sync"
	"sync/atomic"
)

// lazyRegexp is a regular expression compiled on its first use instead of
// at package initialization. The planner holds a few dozen patterns for
// argument extraction; compiled at init they cost about 1 ms and 200 KB
// of every gateway's start-up, before it can spawn a single backend, and
// many sessions never plan. A bad pattern panics on first use, as
// regexp.MustCompile at init would have; TestLazyRegexpsCompile compiles
// every one.
//
// Its methods are the [regexp.Regexp] methods the planner uses, with the
// same results, and are safe for concurrent use.
type lazyRegexp func() *regexp.Regexp

// lazyPatterns lists every lazyRegexp's source, for TestLazyRegexpsCompile.
var lazyPatterns []string

// regexpsCompiled counts the lazy regexps compiled so far (a test sees
// that start-up compiles none).
var regexpsCompiled atomic.Int32

// lazyRE returns src as a lazyRegexp. Call it only at package level.
func lazyRE(src string) lazyRegexp {
	lazyPatterns = append(lazyPatterns, src)
	return sync.OnceValue(func() *regexp.Regexp {
		regexpsCompiled.Add(1)
		return regexp.MustCompile(src)
	})
}

func (l lazyRegexp) MatchString(s string) bool            { return l().MatchString(s) }
func (l lazyRegexp) FindStringIndex(s string) []int       { return l().FindStringIndex(s) }
func (l lazyRegexp) FindStringSubmatch(s string) []string { return l().FindStringSubmatch(s) }
func (l lazyRegexp) FindStringSubmatchIndex(s string) []int {
	return l().FindStringSubmatchIndex(s)
}
func (l lazyRegexp) FindAllString(s string, n int) []string { return l().FindAllString(s, n) }
func (l lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l().FindAllStringSubmatch(s, n)
}
func (l lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l().FindAllStringSubmatchIndex(s, n)
}
