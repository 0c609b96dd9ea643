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
for spec in "rpc FuzzDecode" "rpc FuzzLineStream" "schemas FuzzParse" "schemas FuzzArgValidate"; do
  set -- $spec
  if grep -q "func $2(" "$1"/*_test.go 2>/dev/null; then
    go test -run '^$' -fuzz "^$2\$" -fuzztime 10s "./$1" | tail -n 2
  fi
done
say "all tests passed"
