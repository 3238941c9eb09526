#!/usr/bin/env bash
# Two or more builds of `yut-tools` compared in one sitting, alternating: PAIRS rounds, each
# running `bench table` once with every build in turn, so the machine's drift falls on all of
# them alike. Prints one line per run: the build, its commits (transactions and actions per
# commit: a change in batching shows here, where a change in µs may be noise) and its
# `table:` line. Usage:
#   tools/ab_table.sh PAIRS path/to/yut-tools-a path/to/yut-tools-b [...] [-- bench options]
# The bench options default to `--games 1000 --bot-delay-ms 800`; add e.g.
# `--database postgres://postgres@127.0.0.1:5432/test` for PostgreSQL.
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,9p' "$0" >&2
  exit 2
fi
pairs=$1
shift
builds=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  builds+=("$1")
  shift
done
[ $# -gt 0 ] && shift
opts=(--games 1000 --bot-delay-ms 800 "$@")
for round in $(seq "$pairs"); do
  for b in "${builds[@]}"; do
    out=$("$b" bench table "${opts[@]}" 2>&1) || { echo "$b failed:" >&2; tail -5 <<<"$out" >&2; exit 1; }
    commits=$(grep -o '^commits: [0-9]* transactions for [0-9]* actions ([0-9.]* actions each)' <<<"$out" || true)
    table=$(grep '^table:' <<<"$out" || true)
    echo "round $round $b | $commits | $table"
  done
done
