//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package rpc

import (
	"io"
	"os"
)

// Elsewhere streams are written by the connection's writer goroutine only.
func rawPipe(io.Writer, bool) (*rawWriter, int) { return nil, 0 }

type rawWriter struct{}

func (*rawWriter) try([]byte) (bool, int, error) { return false, 0, nil }

// pollable leaves f as it is: elsewhere files are read as os opens them.
func pollable(f *os.File) *os.File { return f }

// RestoreBlocking has nothing to restore where pollable changes nothing.
func RestoreBlocking() {}
