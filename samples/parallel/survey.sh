#!/usr/bin/env bash
# A talon-stats survey split into shards and run with GNU parallel, on this
# machine's cores or over ssh, then merged into one report (docs/scale.md).
#
#   TALON_GAME=klondike TALON_DEALS=1-10000 TALON_SHARDS=8 TALON_OUT=k3 \
#     TALON_MAX_NODES=20000000 samples/parallel/survey.sh
#
# Settings (environment):
#   TALON_GAME         games, as --game takes them (required), e.g. thirteens or fourteen-out,fifteen
#   TALON_DEALS        deal numbers A-B (required)
#   TALON_OPTIONS      rule options, NAME=VALUE separated by spaces, e.g. "draw=1 passes=1"
#   TALON_SHARDS       number of shards N (default 8)
#   TALON_OUT          output directory (default survey)
#   TALON_MAX_NODES    --max-nodes per deal (default none; keep it: the figures are then reproducible)
#   TALON_MAX_SECONDS  --max-seconds per deal (default none)
#   TALON_THREADS      solver threads per shard (default 1)
#   TALON_JOBS         shards run at once (default: one per core, parallel's -j)
#   TALON_NICE         niceness of each shard (default 10)
#   TALON_STATS        the talon-stats program (default: talon-stats on PATH)
#   TALON_SSHLOGINFILE run shards on these hosts (parallel --sshloginfile); the
#                      files come back with --return; each host needs TALON_STATS
#   TALON_PLOT         also draw the merged survey to TALON_OUT/FILE (.png, .svg, .pdf)
#
# Writes into TALON_OUT: shard-K-of-N.csv (the shard's per-deal file, written
# whole or not at all) and shard-K-of-N.txt (its own report) for K = 1..N,
# joblog (parallel's), then report.txt and report.json (talon-stats merge).
# Run it again to resume: shards whose per-deal file exists are skipped, the
# others (failed, interrupted or never started) run. Exit status: 0 when the
# report is written; else that of the failing step.
set -euo pipefail

game=${TALON_GAME:?set TALON_GAME (e.g. fourteen-out)}
deals=${TALON_DEALS:?set TALON_DEALS (e.g. 1-100000)}
shards=${TALON_SHARDS:-8}
out=${TALON_OUT:-survey}
stats=${TALON_STATS:-talon-stats}
case $shards in '' | *[!0-9]* | 0) echo "survey.sh: TALON_SHARDS must be a whole number from 1, not '$shards'" >&2; exit 2 ;; esac
if [[ $stats == */* ]]; then stats=$(cd "$(dirname "$stats")" && pwd)/$(basename "$stats"); fi

args=(--game "$game" --deals "$deals" --threads "${TALON_THREADS:-1}")
for o in ${TALON_OPTIONS:-}; do args+=(--option "$o"); done
[ -n "${TALON_MAX_NODES:-}" ] && args+=(--max-nodes "$TALON_MAX_NODES")
[ -n "${TALON_MAX_SECONDS:-}" ] && args+=(--max-seconds "$TALON_MAX_SECONDS")

mkdir -p "$out"
cd "$out"
# The shards still to run: those without their per-deal file.
todo=()
for k in $(seq 1 "$shards"); do
  [ -e "shard-$k-of-$shards.csv" ] || todo+=("$k")
done
echo "survey.sh: $game $deals in $shards shards; ${#todo[@]} to run" >&2
if [ ${#todo[@]} -gt 0 ]; then
  where=()
  if [ -n "${TALON_SSHLOGINFILE:-}" ]; then
    where=(--sshloginfile "$TALON_SSHLOGINFILE" --workdir ... --return 'shard-{}-of-'"$shards"'.csv'
           --return 'shard-{}-of-'"$shards"'.txt' --cleanup)
  fi
  # Each shard: its per-deal file and its own report (both written whole by talon-stats).
  printf '%s\n' "${todo[@]}" |
    parallel --will-cite ${TALON_JOBS:+-j "$TALON_JOBS"} --joblog +joblog --halt never "${where[@]}" \
      nice -n "${TALON_NICE:-10}" "$(printf '%q' "$stats")" $(printf '%q ' "${args[@]}") \
      --shard '{}/'"$shards" --per-deal 'shard-{}-of-'"$shards"'.csv' -o 'shard-{}-of-'"$shards"'.txt' ||
    { echo "survey.sh: some shards failed (see $out/joblog); run this again to run them" >&2; exit 1; }
fi
files=()
for k in $(seq 1 "$shards"); do files+=("shard-$k-of-$shards.csv"); done
"$stats" merge "${files[@]}" -o report.txt ${TALON_PLOT:+--plot "$TALON_PLOT"}
"$stats" merge --format json "${files[@]}" -o report.json
echo "survey.sh: wrote $out/report.txt" >&2
