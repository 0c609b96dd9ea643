#!/usr/bin/env bash
# Runs every test of mcp-agentify, installing what the tests need first, so
# that it works on a fresh machine with Go, Node.js and apt:
#   - the npm test packages (real MCP servers and clients, the official MCP
#     conformance suite, a Node 22 binary for it, playwright-core) from the
#     committed lockfile in testdata/e2e;
#   - Debian's chromium, for the dashboard's browser test;
#   - the Go modules.
# Then gofmt, go vet, go mod tidy, go test -race on every package with a
# cross-compile for two more release platforms and short fuzz runs going on
# alongside in the background. Each phase prints its time. GoReleaser's own checks run at release time: scripts/release-check.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

# The shared tool-selection set (385 real tools of 30 MCP servers, the dev
# tasks and score.mjs) lives outside the repository, in ../shared beside it,
# as CI places it. The planner's evaluation and the integrity scanner's
# false-positive checks read it: without it they could only skip, so stop
# here and say so.
if [ ! -f ../shared/eval/toolsel/tools.json ]; then
  echo "scripts/test.sh: ../shared/eval/toolsel/tools.json not found: the shared evaluation set must sit beside the repository (../shared), as CI places it" >&2
  exit 1
fi
export AGENTIFY_REQUIRE_EVAL=1 # tests that read it fail, not skip, without it

t0=$(date +%s)
phase_start=$t0
phase_name=""
say() {
  local now; now=$(date +%s)
  if [ -n "$phase_name" ]; then printf '   (%s: %ds)\n' "$phase_name" $((now - phase_start)); fi
  phase_name="$*"; phase_start=$now
  printf '\n== %s\n' "$*"
}

# Two of the six targets of .goreleaser.yaml (see below), built with plain
# go build (CGO_ENABLED=0, -trimpath, as released) into a temporary directory. They
# build in the background from the start, at a lower priority (nice): the
# installs wait on the network and much of the test phase waits on
# processes and sockets, and on two cores the compiler uses that time
# without slowing the tests' own work.
# GoReleaser's own checks and the archives: scripts/release-check.sh.
cross_dir=$(mktemp -d)
cross_log="$cross_dir/log"
(
  c0=$(date +%s)
  renice -n 10 $BASHPID >/dev/null 2>&1 || true
  # One target per operating system the tests do not already build
  # (they build linux/amd64), arm64 among them: the code has OS-specific
  # files (linux, the BSDs and darwin, windows, other unix) and none
  # specific to an architecture, and each cold target is a full build of
  # the dependency graph, minutes on two cores. The release
  # (scripts/release-check.sh, GoReleaser) builds all six. A cold run of
  # the six took 702 s here.
  for target in darwin/arm64 windows/amd64; do
    GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$cross_dir/bin" . || { echo "  FAILED $target"; exit 1; }
    echo "  built $target"
  done
  echo "  (cross-compile: $(( $(date +%s) - c0 ))s)"
) >"$cross_log" 2>&1 &
cross_pid=$!
trap 'pkill -P $cross_pid 2>/dev/null || true; kill $cross_pid 2>/dev/null || true' EXIT # an early failure leaves no compiler behind

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

# Short fuzz runs go on in the background from here, at a lower priority
# and one worker each: the test phase below keeps about one core busy (its
# longest package, e2e, mostly waits on processes and sockets), and the
# fuzzers take the other. Their output is printed at the end.
# Bounded by executions, not time: a -fuzztime deadline that expires while a
# worker is inside a slow input fails the run with "context deadline
# exceeded" although nothing was found. Each run skips go test's own vet
# pass (-vet=off): `go vet ./...` ran above with every analyzer, and the
# pass, repeated for every target, had made the fuzzing outlast the tests
# (9 s of the planner's 14 s per target; 307 s of fuzzing beside 267 s of
# tests on 2026-11-28).
fuzz_log=$(mktemp)
(
  f0=$(date +%s)
  renice -n 10 $BASHPID >/dev/null 2>&1 || true
  for spec in "rpc FuzzDecode 100000" "rpc FuzzLineStream 20000" "rpc FuzzScanWire 100000" "rpc FuzzSetMember 50000" "rpc FuzzValidJSON 100000" \
    "schemas FuzzParse 50000" "schemas FuzzArgValidate 30000" "schemas FuzzHostileSchema 30000" \
    "schemas FuzzDecodeArgs 30000" "schemas FuzzFastSchema 20000" "schemas FuzzValidateScanned 20000" \
    "rpc FuzzFastLaneScan 100000" "gateway FuzzCallParams 10000" "gateway FuzzFastLane 5000" "planner FuzzLexicalPlan 3000" \
    "planner FuzzExtractArgs 10000" "planner FuzzSearchRerank 2000"; do
    set -- $spec
    out=$(go test -vet=off -run '^$' -fuzz "^$2\$" -fuzztime "$3x" -parallel 1 "./$1" 2>&1) || { echo "  FAILED $1 $2"; echo "$out"; exit 1; }
    echo "  $1 $2: $(echo "$out" | grep -E '^fuzz: elapsed' | tail -1)"
  done
  echo "  (fuzzing: $(( $(date +%s) - f0 ))s)"
) >"$fuzz_log" 2>&1 &
fuzz_pid=$!
trap 'for p in $cross_pid $fuzz_pid; do pkill -P $p 2>/dev/null || true; kill $p 2>/dev/null || true; done' EXIT

say "go test -race (the cross-compile and the fuzzing go on alongside)"
mkdir -p test-artifacts
# TestEvalReport (the planner over every task set, one worker per CPU)
# runs 7x slower under -race: it runs once, without -race, right after;
# TestScoreSetsConcurrently scores two of its sets at once under -race.
# -vet=off: `go vet ./...` ran above with every analyzer, of which go
# test's own pass is a subset.
AGENTIFY_ARTIFACTS="$PWD/test-artifacts" go test -vet=off -race -count=1 -timeout 15m -skip '^TestEvalReport$' ./... || exit 1
say "planner evaluation report (without -race)"
go test -vet=off -count=1 -run '^TestEvalReport$' ./planner || exit 1
say "cross-compile (waiting for the rest of it)"
cross_ok=0
wait $cross_pid || cross_ok=$?
cat "$cross_log"
rm -rf "$cross_dir"
[ "$cross_ok" = 0 ] || { echo "cross-compile failed" >&2; exit 1; }

say "fuzzing (waiting for the rest of it)"
fuzz_ok=0
wait $fuzz_pid || fuzz_ok=$?
trap - EXIT
cat "$fuzz_log"
rm -f "$fuzz_log"
[ "$fuzz_ok" = 0 ] || { echo "fuzzing failed" >&2; exit 1; }
say "all tests passed"
printf '   total: %ds\n' $(( $(date +%s) - t0 ))
