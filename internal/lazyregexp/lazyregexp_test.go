package lazyregexp

import (
	"slices"
	"strings"
	"testing"
)

// TestCompiledOnFirstUse: a pattern is registered when declared, compiled
// once, on its first use, and matches as regexp.MustCompile's would.
func TestCompiledOnFirstUse(t *testing.T) {
	c0 := Compiled()
	re := New(`^\d+$`)
	if !slices.Contains(Sources(), `^\d+$`) {
		t.Fatalf("Sources() = %q, want the declared pattern", Sources())
	}
	if n := Compiled() - c0; n != 0 {
		t.Fatalf("%d compiled before any use", n)
	}
	if !re().MatchString("123") || re().MatchString("12a") {
		t.Error("the pattern does not match as written")
	}
	if n := Compiled() - c0; n != 1 {
		t.Fatalf("%d compiled after two uses, want 1", n)
	}
}

// TestBadPatternPanicsOnUse: a bad pattern is accepted when declared,
// named by Check, and panics when first used.
func TestBadPatternPanicsOnUse(t *testing.T) {
	n0, _ := Check()
	bad := New(`(`)
	if n, err := Check(); n != n0+1 || err == nil || !strings.Contains(err.Error(), `"("`) {
		t.Fatalf("Check() = %d, %v; want %d patterns and an error naming \"(\"", n, err, n0+1)
	}
	defer func() {
		if recover() == nil {
			t.Error("a bad pattern did not panic on first use")
		}
	}()
	bad()
}
