#!/usr/bin/env bash
# Measures the battle server as docs/results.md reports it. For each mode (pool, cluster): the idle
# RSS, then ab on the canned route (H) and on the sample route (the same 198-byte answer) at
# -c 100 and -c 2000, -n 100000; then S for that mode with no HTTP (bench/src/battle-ceiling.ts:
# the piscina pool for pool mode, one in-line thread per core for cluster mode); then the table
# with the ratio sample / (1 / (1/H + 1/S)).
#   bash battle-server/scripts/ab-compare.sh [out-dir]      (ab: apt-get install apache2-utils)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-/tmp/battle-ab}
PORT=${PORT:-18090}
N=${N:-100000}
# REPEAT > 1 alternates canned and sample runs that many times and reports medians: on a shared
# machine the others' load then weighs on H and on the sample route alike.
REPEAT=${REPEAT:-1}
NODE=node_modules/.bin/node
mkdir -p "$OUT"
ulimit -n "$(ulimit -Hn)"

# The machine may be shared: before each run wait (at most QUIET_WAIT x 2 s) for a second in which
# the CPUs are under 10% busy, and note the load average beside the result.
QUIET_WAIT=${QUIET_WAIT:-30}
wait_quiet() {
  for _ in $(seq 1 "$QUIET_WAIT"); do
    read -r _ u1 n1 s1 i1 w1 _ </proc/stat
    sleep 1
    read -r _ u2 n2 s2 i2 w2 _ </proc/stat
    busy=$(((u2 + n2 + s2) - (u1 + n1 + s1)))
    total=$((busy + (i2 + w2) - (i1 + w1)))
    if ((total > 0 && busy * 100 / total < 10)); then return 0; fi
    sleep 1
  done
}

# A mode is pool, cluster, or cluster:SCHED (BATTLE_CLUSTER_SCHED = none, rr or reuseport).
for MODE in ${MODES:-pool cluster}; do
  SCHED=none
  [[ $MODE == *:* ]] && SCHED=${MODE#*:}
  BATTLE_MODE=${MODE%%:*} BATTLE_CLUSTER_SCHED=$SCHED BATTLE_PORT=$PORT LOG_LEVEL=warn $NODE battle-server/src/main.ts >"$OUT/server-$MODE.log" 2>&1 &
  SPID=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/readyz" >/dev/null && break; sleep 0.1; done
  sleep 2
  { echo "$MODE main $(ps -o rss= -p $SPID) kB"; for c in $(pgrep -P $SPID); do echo "$MODE child $(ps -o rss= -p "$c") kB"; done; } >"$OUT/rss-$MODE.txt"
  ab -q -c 100 -n 20000 "http://127.0.0.1:$PORT/v1/battles/sample/1" >/dev/null 2>&1 # warm-up
  for C in 100 2000; do
    for I in $(seq 1 "$REPEAT"); do
      for R in canned sample/1; do
        NAME=${R//\//-}
        wait_quiet
        echo "$MODE $NAME c$C #$I load $(cut -d' ' -f1 /proc/loadavg)" >>"$OUT/load.txt"
        ab -q -c "$C" -n "$N" "http://127.0.0.1:$PORT/v1/battles/$R" >"$OUT/$MODE-$NAME-c$C-$I.txt" 2>&1
      done
    done
  done
  kill -TERM $SPID
  wait $SPID || true
  wait_quiet
  $NODE --input-type=module -e "
    import { ceilingFor } from '@slg/bench/src/battle-ceiling.ts';
    import { availableParallelism } from 'node:os';
    const r = await ceilingFor('${MODE%%:*}', { threads: availableParallelism(), seconds: 5 });
    console.log(Math.round(r.battlesPerSec));" >"$OUT/S-$MODE.txt"
done

# Median requests/s of the runs of one mode, route and concurrency; the median run's file.
rps() { for f in "$OUT/$1"-*.txt; do awk '/Requests per second/ {print $4}' "$f"; done | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
median_file() {
  local want
  want=$(rps "$1")
  grep -l "Requests per second: *$want " "$OUT/$1"-*.txt | head -1
}
printf '%-18s %-5s %9s %9s %9s %9s %7s %6s %s\n' mode c 'H' 'S' 'ceiling' 'sample' 'ratio' failed 'p50/p90/p99/p100 ms'
for MODE in ${MODES:-pool cluster}; do
  S=$(cat "$OUT/S-$MODE.txt")
  for C in 100 2000; do
    H=$(rps "$MODE-canned-c$C")
    X=$(rps "$MODE-sample-1-c$C")
    F=$(cat "$OUT/$MODE-sample-1-c$C"-*.txt | awk '/Failed requests/ {s += $3} END {print s}')
    P=$(awk '/^ +(50|90|99|100)%/ {printf "%s/", $2}' "$(median_file "$MODE-sample-1-c$C")")
    awk -v m="$MODE" -v c="$C" -v h="$H" -v s="$S" -v x="$X" -v f="$F" -v p="${P%/}" 'BEGIN {
      ceil = 1 / (1 / h + 1 / s)
      printf "%-18s %-5s %9.0f %9.0f %9.0f %9.0f %6.1f%% %6s %s\n", m, c, h, s, ceil, x, 100 * x / ceil, f, p }'
  done
done
cat "$OUT"/rss-*.txt
