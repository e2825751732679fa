#!/usr/bin/env bash
# Measures the battle server as the README reports it: for each mode (pool, cluster), ab on the
# canned route (H) and on the sample route (same 191-byte answer), at -c 100 and -c 2000,
# -n 100000, plus the idle RSS; then S (battles/s with no HTTP) from bench/src/battle-ceiling.ts.
#   bash battle-server/scripts/ab-compare.sh [out-dir]      (needs ab: apt-get install apache2-utils)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-/tmp/battle-ab}
PORT=${PORT:-18090}
N=${N:-100000}
NODE=node_modules/.bin/node
mkdir -p "$OUT"

# The machine may be shared: before each run wait (up to 3 min) for a second in which the other
# processes use under 10% of the CPUs, and note the load beside the result.
wait_quiet() {
  for _ in $(seq 1 90); do
    read -r _ u1 n1 s1 i1 w1 _ < /proc/stat
    sleep 1
    read -r _ u2 n2 s2 i2 w2 _ < /proc/stat
    busy=$(( (u2 + n2 + s2) - (u1 + n1 + s1) ))
    total=$(( busy + (i2 + w2) - (i1 + w1) ))
    if (( total > 0 && busy * 100 / total < 10 )); then return 0; fi
    sleep 1
  done
}
ulimit -n "$(ulimit -Hn)"

for MODE in ${MODES:-pool cluster}; do
  BATTLE_MODE=$MODE BATTLE_PORT=$PORT LOG_LEVEL=warn $NODE battle-server/src/main.ts >"$OUT/server-$MODE.log" 2>&1 &
  SPID=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 0.1; done
  sleep 2
  # Idle RSS (kB) of the main process and of every child process.
  { echo "main $(ps -o rss= -p $SPID)"; for c in $(pgrep -P $SPID); do echo "child $(ps -o rss= -p "$c")"; done; } >"$OUT/rss-$MODE.txt"
  ab -q -c 100 -n 20000 "http://127.0.0.1:$PORT/v1/battles/sample/1" >/dev/null 2>&1 # warm-up
  for C in 100 2000; do
    for R in canned sample/1; do
      NAME=${R//\//-}
      wait_quiet
      echo "$MODE $NAME c$C load before: $(cut -d" " -f1-3 /proc/loadavg)" >>"$OUT/load.txt"
      ab -q -c "$C" -n "$N" "http://127.0.0.1:$PORT/v1/battles/$R" >"$OUT/$MODE-$NAME-c$C.txt" 2>&1
    done
  done
  kill -TERM $SPID
  wait $SPID || true
done
wait_quiet
$NODE bench/src/battle-ceiling.ts --seconds 5 --json "$OUT/ceiling.json" >"$OUT/ceiling.txt"

echo "mode     route     c     req/s     failed  p50  p90  p99  p100"
for f in "$OUT"/*-c*.txt; do
  b=$(basename "$f" .txt)
  rps=$(awk '/Requests per second/ {print $4}' "$f")
  failed=$(awk '/Failed requests/ {print $3}' "$f")
  pct=$(awk '/^ +(50|90|99|100)%/ {printf "%s ", $2}' "$f")
  echo "$b $rps $failed $pct"
done
cat "$OUT"/rss-*.txt "$OUT/ceiling.txt"
