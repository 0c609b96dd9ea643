#!/usr/bin/env bash
# Runs every test of mcp-agentify, installing what the tests need first, so
# that it works on a fresh machine with Go, Node.js and apt:
#   - the npm test packages (real MCP servers and clients, playwright-core)
#     from the committed lockfile in testdata/e2e;
#   - Debian's chromium, for the dashboard's browser test;
#   - the Go modules.
# Then gofmt, go vet, go test -race on every package, and short fuzz runs.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }

say "npm test packages (testdata/e2e, npm ci)"
(cd testdata/e2e && npm ci --no-audit --no-fund --loglevel=error)

if ! command -v chromium >/dev/null 2>&1; then
  say "installing Debian's chromium for the dashboard browser test"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

say "Go modules"
go mod download

say "gofmt and go vet"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go' -not -path './testdata/e2e/*'))
if [ -n "$unformatted" ]; then
  echo "gofmt wants to change: $unformatted" >&2
  exit 1
fi
go vet ./...

say "go test -race"
mkdir -p test-artifacts
AGENTIFY_ARTIFACTS="$PWD/test-artifacts" go test -race -count=1 -timeout 15m ./...

say "fuzzing (short)"
# Bounded by executions, not time: a -fuzztime deadline that expires while a
# worker is inside a slow input fails the run with "context deadline
# exceeded" although nothing was found.
for spec in "rpc FuzzDecode 100000" "rpc FuzzLineStream 20000" "rpc FuzzScanWire 100000" \
  "schemas FuzzParse 50000" "schemas FuzzArgValidate 30000" "gateway FuzzCallParams 10000" "planner FuzzLexicalPlan 3000"; do
  set -- $spec
  out=$(go test -run '^$' -fuzz "^$2\$" -fuzztime "$3x" "./$1" 2>&1) || { echo "$out"; exit 1; }
  echo "  $1 $2: $(echo "$out" | grep -E '^fuzz: elapsed' | tail -1)"
done
# Release checks: GoReleaser (pinned, built from the Go module proxy into
# .tools/) validates .goreleaser.yaml and builds a snapshot of all six
# release targets (linux, darwin, windows x amd64, arm64), which is also the
# cross-compile check. v2.15.1 is the newest release that builds with Go
# 1.26 from the module proxy here (later ones need Go 1.27 or a module the
# proxy refuses). AGENTIFY_SKIP_RELEASE=1 skips this phase for quick local
# runs; CI never sets it.
if [ "${AGENTIFY_SKIP_RELEASE:-}" != 1 ]; then
  say "release checks (goreleaser check, snapshot build of six targets)"
  goreleaser_version=v2.15.1
  tools="$PWD/.tools/goreleaser-$goreleaser_version"
  if [ ! -x "$tools/goreleaser" ]; then
    GOBIN="$tools" GOFLAGS=-mod=mod go install "github.com/goreleaser/goreleaser/v2@$goreleaser_version"
  fi
  "$tools/goreleaser" check
  "$tools/goreleaser" build --snapshot --clean --parallelism 2 >/dev/null
  ls dist/*/mcp-agentify* | sed 's/^/  built /'
  for b in dist/mcp-agentify_linux_amd64*/mcp-agentify; do "$b" --version; done
  rm -rf dist
fi
say "all tests passed"
