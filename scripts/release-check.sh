#!/usr/bin/env bash
# Release-time checks, not part of the test command: GoReleaser (pinned,
# built from the Go module proxy into .tools/) validates .goreleaser.yaml and
# builds a snapshot of the six release targets with their archives. v2.15.1
# is the newest release that builds with Go 1.26 from the module proxy here.
# Building GoReleaser from source takes several minutes on a fresh machine,
# which is why scripts/test.sh cross-compiles with plain `go build` instead.
set -euo pipefail
cd "$(dirname "$0")/.."
goreleaser_version=v2.15.1
tools="$PWD/.tools/goreleaser-$goreleaser_version"
if [ ! -x "$tools/goreleaser" ]; then
  GOBIN="$tools" GOFLAGS=-mod=mod go install "github.com/goreleaser/goreleaser/v2@$goreleaser_version"
fi
"$tools/goreleaser" check
"$tools/goreleaser" build --snapshot --clean --parallelism 2 >/dev/null
ls dist/*/mcp-agentify* | sed 's/^/built /'
for b in dist/mcp-agentify_linux_amd64*/mcp-agentify; do "$b" --version; done
rm -rf dist
