//go:build !unix

package backends

import "os"

// Without flock, processes rely on re-reading the file before a refresh.
func lockFile(*os.File) error   { return nil }
func unlockFile(*os.File) error { return nil }
