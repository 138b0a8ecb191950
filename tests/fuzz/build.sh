#!/usr/bin/env bash
# Builds libFuzzer programs into build-fuzz/ (clang, installed if missing):
# `bash tests/fuzz/build.sh TARGET...`, e.g. talon_fuzz or talon_fuzz_deal.
# One configuration for run.sh and long.sh, so that neither reconfigures
# the other's build. Extra configure arguments: $TALON_FUZZ_CMAKE_ARGS.
set -euo pipefail
cd "$(dirname "$0")/../.."
read -r -a args <<<"${TALON_FUZZ_CMAKE_ARGS:-}"
bash .ci/install-deps
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DTALON_FUZZ=ON -DTALON_BENCHMARKS=OFF "${args[@]}" >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "$@" >/dev/null
