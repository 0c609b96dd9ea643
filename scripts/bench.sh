#!/usr/bin/env bash
# End-to-end benchmarks of mcp-agentify against the budgets of DESIGN.md
# section 5, in one run on this machine. Prints one table (markdown) and
# writes it as JSON to bench-results.json (or $1).
#
#   scripts/bench.sh [results.json]
#
# Environment: BENCH_CALLS (sequential calls per latency mode, default 3000),
# BENCH_ROUNDS (repetitions of throughput, start-up and go test runs; the
# median is reported; default 3), BENCH_GOTEST=0 to skip the go test part,
# BENCH_SECTIONS to run only some sections (comma-separated: latency,
# throughput, http, startup, memory, gotest, planner).
#
# What it measures (scripts/benchdriver/main.go has the details):
#   - added latency: testdata/echobackend called directly over stdio and
#     through the gateway (call_tool and the exposed name echo__echo),
#     interleaved call by call; p50, p99 and their differences;
#   - throughput with 1, 8, 64 and 256 calls in flight, gateway / direct and
#     gateway / byte-copy relay (../shared/bench/floor-relay.go, built here
#     at run time; its rows are skipped when it is absent), and the CPU per
#     call of the gateway and of the relay at 64 in flight (their threads'
#     run time over the calls);
#   - serve --http: 1, 8 and 32 clients, each its own MCP session with 4
#     calls in flight (each call its own POST), calls/s and p50/p99;
#   - start-up: launch to all tools listed (tools/list polled every 1 ms)
#     with 1 backend (200 ms start delay) and 10 (30 to 300 ms), against the
#     slowest backend alone;
#   - memory: VmRSS of the gateway idle with 3 backends and with 1,003 tools
#     indexed, VmHWM after the throughput run;
#   - allocations per forwarded tools/call (go test -benchmem, gateway
#     package), the ranker over 5,000 tools and the OpenAI request for 1,000
#     tools (planner package);
#   - the planner request for the 385-tool eval catalog (../shared/eval/
#     toolsel), sent to an in-process fake OpenAI server: time from Plan
#     until the request arrives, and prompt tokens estimated without a
#     tokenizer as (bytes of the JSON "messages" + "tools") / 4.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-bench-results.json}"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT

go build -o "$bin/mcp-agentify" .
go build -o "$bin/echobackend" ./testdata/echobackend
go build -o "$bin/benchdriver" ./scripts/benchdriver
# The byte-copy relay, the floor for an extra process on the path, is built
# from ../shared at run time (it is not part of this repository).
relay=()
if [ -f ../shared/bench/floor-relay.go ]; then
  go build -o "$bin/floor-relay" ../shared/bench/floor-relay.go
  relay=(-relay "$bin/floor-relay")
fi

gotest=true
[ "${BENCH_GOTEST:-1}" = 0 ] && gotest=false
"$bin/benchdriver" -gateway "$bin/mcp-agentify" -echo "$bin/echobackend" -out "$out" \
  -calls "${BENCH_CALLS:-3000}" -rounds "${BENCH_ROUNDS:-3}" -gotest="$gotest" \
  -sections "${BENCH_SECTIONS:-latency,throughput,http,startup,memory,gotest,planner}" \
  -eval ../shared/eval/toolsel -work "$bin" "${relay[@]}"
