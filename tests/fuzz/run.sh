#!/usr/bin/env bash
# Fuzzes every target for a bounded time: `bash tests/fuzz/run.sh [SECONDS]`
# (default 60 per target). Installs clang if missing, builds the libFuzzer
# programs into build-fuzz/ and runs each from a copy of its seed corpus
# with its dictionary, one after the other. Fails on a crash, a sanitizer
# report (ASan, UBSan), a leak, an input taking over a second or an input
# needing over 2 GB. A failing input is left in build-fuzz/artifacts/.
# Each target's last line (executions, coverage) is printed. docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
# Extra configure arguments, e.g. -DCMAKE_CXX_COMPILER_LAUNCHER=ccache, in
# $TALON_FUZZ_CMAKE_ARGS (tests/fuzz/build.sh).
bash tests/fuzz/build.sh talon_fuzz
mkdir -p build-fuzz/artifacts
status=0
for src in tests/fuzz/*_fuzz.cpp; do
  name=$(basename "$src" _fuzz.cpp)
  work=build-fuzz/corpus-$name
  rm -rf "$work"
  mkdir -p "$work"
  cp tests/fuzz/corpus/"$name"/* "$work"/
  log=build-fuzz/fuzz-$name.log
  set +e
  build-fuzz/bin/talon_fuzz_"$name" "$work" -dict=tests/fuzz/"$name".dict \
    -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -error_exitcode=77 \
    -timeout_exitcode=77 -print_final_stats=1 -artifact_prefix=build-fuzz/artifacts/"$name"- \
    >"$log" 2>&1
  rc=$?
  set -e
  summary=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  if [ "$rc" -ne 0 ]; then
    echo "fuzz $name: FAILED (status $rc); the log's end:" >&2
    tail -40 "$log" >&2
    status=1
  else
    echo "fuzz $name: ok: $summary"
  fi
done
exit $status
