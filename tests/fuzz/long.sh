#!/usr/bin/env bash
# One long run of one target, bounded by CPU time, not wall time:
# `bash tests/fuzz/long.sh NAME [CPU_SECONDS]` (default 1830, 30.5 minutes).
# Builds as run.sh does, keeps its corpus in build-fuzz/long-corpus-NAME
# (seeded from tests/fuzz/corpus/NAME, carried across runs), runs at nice 19
# and stops the fuzzer with SIGINT once its user + system time reaches the
# limit; libFuzzer then prints its final stats. Fails, leaving the input in
# build-fuzz/artifacts/, on whatever run.sh fails on. docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
name=${1:?usage: bash tests/fuzz/long.sh NAME [CPU_SECONDS]}
limit=${2:-1830}
[ -f "tests/fuzz/${name}_fuzz.cpp" ] || { echo "long.sh: no target '$name' (tests/fuzz/NAME_fuzz.cpp)" >&2; exit 2; }
bash tests/fuzz/build.sh "talon_fuzz_$name"
work=build-fuzz/long-corpus-$name
if [ ! -d "$work" ]; then
  mkdir -p "$work"
  cp tests/fuzz/corpus/"$name"/* "$work"/
fi
mkdir -p build-fuzz/artifacts
log=build-fuzz/long-$name.log
nice -n 19 build-fuzz/bin/talon_fuzz_"$name" "$work" -dict=tests/fuzz/"$name".dict -timeout=10 \
  -rss_limit_mb=2048 -error_exitcode=77 -timeout_exitcode=77 -print_final_stats=1 \
  -artifact_prefix=build-fuzz/artifacts/"$name"- >"$log" 2>&1 &
pid=$!
trap 'kill -INT "$pid" 2>/dev/null || true' INT TERM
ticks=$(getconf CLK_TCK)
cpu=0
while kill -0 "$pid" 2>/dev/null; do
  sleep 5
  # Fields 14 and 15 of /proc/PID/stat: user and system time in clock ticks.
  if t=$(awk -v hz="$ticks" '{print int(($14 + $15) / hz)}' "/proc/$pid/stat" 2>/dev/null); then
    cpu=$t
    [ "$cpu" -lt "$limit" ] || kill -INT "$pid" 2>/dev/null || true
  fi
done
set +e
wait "$pid"
rc=$?
set -e
summary=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
if [ "$rc" -ne 0 ] && [ "$rc" -ne 72 ]; then  # 72: stopped by SIGINT
  echo "fuzz $name: FAILED (status $rc) after $cpu CPU-seconds; the log's end:" >&2
  tail -40 "$log" >&2
  exit 1
fi
echo "fuzz $name: ok: $cpu CPU-seconds, ${executions:-?} executions; $summary"
