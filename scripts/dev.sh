#!/usr/bin/env bash
# Development loop: build mcp-agentify, run it with the debug dashboard on,
# and rebuild and restart it whenever a Go file, an embedded asset or the
# config changes. Pure shell: polls modification times once a second.
#
#   scripts/dev.sh [--config FILE] [--port N] [extra mcp-agentify flags...]
#
# The gateway's stdin is kept open (nothing is sent on it), so it serves
# until restarted; use the dashboard's console to run tasks through the real
# pipeline. A .env next to the config file, else in the working directory,
# is loaded with --env-file (variables already set win over it).
set -euo pipefail
cd "$(dirname "$0")/.."

config=testdata/demo.json
port=7777
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --config) config=$2; shift 2 ;;
    --port) port=$2; shift 2 ;;
    *) extra+=("$1"); shift ;;
  esac
done

envfile=()
for f in "$(dirname "$config")/.env" ./.env; do
  if [ -f "$f" ]; then envfile=(--env-file "$f"); break; fi
done

bin=bin/mcp-agentify
pid=""
# The gateway reads MCP from stdin; a FIFO held open read-write by this
# script never reaches EOF, so the gateway serves until it is restarted.
fifo=$(mktemp -u)
mkfifo "$fifo"
exec 3<>"$fifo"
rm -f "$fifo"
stop() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  pid=""
}
trap 'stop; exit 0' INT TERM

stamp() {
  # newest modification time among the sources that matter
  find . -path ./testdata/e2e/node_modules -prune -o \
    \( -name '*.go' -o -path './debugui/web/*' -o -name 'go.mod' \) -type f -printf '%T@\n' 2>/dev/null |
    sort -n | tail -1
  stat -c '%Y' "$config" 2>/dev/null || true
}

start() {
  mkdir -p bin
  if go build -o "$bin" .; then
    echo "dev.sh: starting $bin --config $config --debug-port $port ${envfile[*]} ${extra[*]}" >&2
    "$bin" --config "$config" --debug-port "$port" --log-level debug "${envfile[@]}" "${extra[@]}" <&3 &
    pid=$!
    [ "$port" = 0 ] || echo "dev.sh: dashboard at http://127.0.0.1:$port/" >&2
  else
    echo "dev.sh: build failed; waiting for a change" >&2
  fi
}

last=$(stamp)
start
while sleep 1; do
  now=$(stamp)
  if [ "$now" != "$last" ]; then
    last=$now
    echo "dev.sh: change detected, restarting" >&2
    stop
    start
  fi
done
