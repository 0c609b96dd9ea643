#!/usr/bin/env bash
# Runs every test of mcp-agentify, installing what the tests need first, so
# that it works on a fresh machine with Go, Node.js and apt:
#   - the npm test packages (real MCP servers and clients, the official MCP
#     conformance suite, a Node 22 binary for it, playwright-core) from the
#     committed lockfile in testdata/e2e;
#   - Debian's chromium, for the dashboard's browser test;
#   - the Go modules.
# Then gofmt, go vet, go mod tidy, go test -race on every package, short fuzz
# runs and a cross-compile for the other platforms. Each phase prints its
# time. GoReleaser's own checks run at release time: scripts/release-check.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

t0=$(date +%s)
phase_start=$t0
phase_name=""
say() {
  local now; now=$(date +%s)
  if [ -n "$phase_name" ]; then printf '   (%s: %ds)\n' "$phase_name" $((now - phase_start)); fi
  phase_name="$*"; phase_start=$now
  printf '\n== %s\n' "$*"
}

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
if ! tidy=$(go mod tidy -diff 2>&1); then
  echo "go mod tidy wants to change go.mod/go.sum:" >&2; echo "$tidy" >&2
  exit 1
fi

# --- planner: generated WordNet table (planner/gen/wordnet) ---------------
say "planner WordNet table freshness"
if [ ! -f /usr/share/wordnet/index.noun ] && command -v apt-get >/dev/null; then
  asroot=""; [ "$(id -u)" -eq 0 ] || asroot=sudo
  { $asroot apt-get install -y -qq wordnet-base || { $asroot apt-get update -qq && $asroot apt-get install -y -qq wordnet-base; }; } >/dev/null
fi
go run ./planner/gen/wordnet -check
export AGENTIFY_REQUIRE_WORDNET=1 # TestWordNetTableFresh fails, not skips, without it
# --------------------------------------------------------------------------

say "go test -race"
mkdir -p test-artifacts
AGENTIFY_ARTIFACTS="$PWD/test-artifacts" go test -race -count=1 -timeout 15m ./...

say "fuzzing (short)"
# Bounded by executions, not time: a -fuzztime deadline that expires while a
# worker is inside a slow input fails the run with "context deadline
# exceeded" although nothing was found.
for spec in "rpc FuzzDecode 100000" "rpc FuzzLineStream 20000" "rpc FuzzScanWire 100000" "rpc FuzzSetMember 50000" \
  "schemas FuzzParse 50000" "schemas FuzzArgValidate 30000" "gateway FuzzCallParams 10000" "planner FuzzLexicalPlan 3000"; do
  set -- $spec
  out=$(go test -run '^$' -fuzz "^$2\$" -fuzztime "$3x" "./$1" 2>&1) || { echo "$out"; exit 1; }
  echo "  $1 $2: $(echo "$out" | grep -E '^fuzz: elapsed' | tail -1)"
done
say "cross-compile for the other platforms (go build, CGO_ENABLED=0)"
# The host target (linux/amd64) is built by the tests. One build per other
# OS, covering both architectures, checks every platform-specific file
# (process groups, pipes, file locks) in a third of the time of all six;
# scripts/release-check.sh builds the six release archives.
for target in windows/amd64 darwin/arm64 linux/arm64; do
  GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go build -trimpath -o /dev/null .
  echo "  built $target"
done

say "all tests passed"
printf '   total: %ds\n' $(( $(date +%s) - t0 ))
