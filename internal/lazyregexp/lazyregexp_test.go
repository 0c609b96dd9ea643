package lazyregexp

import (
	"slices"
	"testing"
)

var reDigits = New(`^\d+$`)

// TestCompiledOnFirstUse: a pattern is registered when declared, compiled
// once, on its first use, and matches as regexp.MustCompile's would.
func TestCompiledOnFirstUse(t *testing.T) {
	if !slices.Contains(Sources(), `^\d+$`) {
		t.Fatalf("Sources() = %q, want the declared pattern", Sources())
	}
	if n := Compiled(); n != 0 {
		t.Fatalf("%d compiled before any use", n)
	}
	if !reDigits().MatchString("123") || reDigits().MatchString("12a") {
		t.Error("the pattern does not match as written")
	}
	if n := Compiled(); n != 1 {
		t.Fatalf("%d compiled after two uses, want 1", n)
	}
}

// TestBadPatternPanicsOnUse: a bad pattern is accepted when declared and
// panics when first used.
func TestBadPatternPanicsOnUse(t *testing.T) {
	bad := New(`(`)
	defer func() {
		if recover() == nil {
			t.Error("a bad pattern did not panic on first use")
		}
	}()
	bad()
}
