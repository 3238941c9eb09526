#!/usr/bin/env bash
# Instructions per action of the game service, repeatable on a noisy machine: two runs of
# `yut-tools bench table` under callgrind, short and long, with the same games; the
# difference of their instruction counts over the difference of their actions leaves out
# everything both runs share (start-up, the renderer's backgrounds, opening the games, the
# restart). The paced consumer draws no boards (`--sends-per-s 0`): its boards come at a
# fixed rate, not per action, so under valgrind (where a run makes as many actions as it has
# CPU for) they made the figure move by 10% from run to run; the boards that answer people's
# clicks, one per click, are counted. A board alone: `yut-tools bench render` under callgrind.
# Usage: tools/callgrind_table.sh [path/to/yut-tools] [extra bench options...]
# Prints `instructions_per_action=N` (and each run's totals).
set -euo pipefail
bin=${1:-target/release/yut-tools}
shift || true
extra=("$@")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() {
  local secs=$1
  valgrind --tool=callgrind --callgrind-out-file="$out/cg.$secs" \
    "$bin" bench table --games 20 --bot-delay-ms 100 --sends-per-s 0 --seconds "$secs" "${extra[@]}" \
    >"$out/log.$secs" 2>"$out/err.$secs" || { tail -5 "$out/err.$secs" >&2; exit 1; }
  local actions ir
  actions=$(grep -o 'table: games=[0-9]* actions=[0-9]*' "$out/log.$secs" | grep -o '[0-9]*$')
  ir=$(grep -o 'Collected : [0-9]*' "$out/err.$secs" | grep -o '[0-9]*$')
  echo "$actions $ir"
}
read -r a1 i1 < <(run 10)
read -r a2 i2 < <(run 30)
echo "short run: actions=$a1 instructions=$i1"
echo "long run: actions=$a2 instructions=$i2"
if [ "$a2" -le "$a1" ]; then
  echo "error: the long run made no more actions than the short one" >&2
  exit 1
fi
echo "instructions_per_action=$(( (i2 - i1) / (a2 - a1) ))"
