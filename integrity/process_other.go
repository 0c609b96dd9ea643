//go:build !unix

package integrity

// processGone cannot tell here: a lock is freed only by its age.
func processGone(int) bool { return false }
