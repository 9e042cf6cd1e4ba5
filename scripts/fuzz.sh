#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the libFuzzer targets with clang (AddressSanitizer and
# UndefinedBehaviorSanitizer) in build-fuzz/ and runs each for a given time.
#
#   scripts/fuzz.sh [SECONDS] [TARGET ...]     default: 60 seconds, every target
#   scripts/fuzz.sh --list                     the targets, one a line
#
# The targets are the build's one list, tests/fuzz/targets.txt (a fuzz-NAME
# binary each, tests/CMakeLists.txt), never a list of this script's own.
#
# Seeds: MALLET 2.1.1's stackexchange files of tests/data (unpacked into
# build-fuzz/test-data, copied into build-fuzz/corpus), tests/fuzz/seeds and
# tests/fuzz/regressions. Anything that
# crashes, leaks, times out or exhausts memory is written to
# build-fuzz/artifacts/TARGET/ and fails the run; keep it as a regression test by
# copying it to tests/fuzz/regressions/TARGET/ once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
mapfile -t all < <(grep -E '^[a-z]' tests/fuzz/targets.txt)
if [ "${1:-}" = "--list" ]; then
  printf '%s\n' "${all[@]}"
  exit 0
fi
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
for target in "${targets[@]}"; do
  if ! printf '%s\n' "${all[@]}" | grep -qxF -- "$target"; then
    echo "scripts/fuzz.sh: no fuzz target '$target' (tests/fuzz/targets.txt lists them)" >&2
    exit 2
  fi
done

CXX=clang++ cmake -S . -B build-fuzz -DTOPICEVAL_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
cmake --build build-fuzz -j "$(nproc)" --target topiceval_test_data $(printf 'fuzz-%s ' "${targets[@]}") \
  > build-fuzz/build.log 2>&1 || { tail -30 build-fuzz/build.log >&2; exit 1; }
source tests/support/test_data.sh "$root/build-fuzz/test-data"
fixtures=$(test_data mallet-2.1.1)

seed() {  # target -> fixture files to start from
  case "$1" in
    evaluator) ls "$fixtures"/stackexchange*/evaluator.mallet ;;
    inferencer) ls "$fixtures"/stackexchange*/inferencer.mallet ;;
    instance-list) ls "$fixtures"/stackexchange*/test.mallet ;;
    topic-state-gzip) ls "$fixtures"/stackexchange*/state.gz ;;
    object-stream|model-file|model-validator) ls "$fixtures"/stackexchange-oov/{evaluator,inferencer,model}.mallet "$fixtures"/stackexchange-oov/state.gz ;;
  esac
}

printf '| target | seconds | executions | executions / s | result |\n|---|---|---|---|---|\n'
status=0
for target in "${targets[@]}"; do
  corpus="build-fuzz/corpus/$target"
  artifacts="build-fuzz/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  for file in $(seed "$target") tests/fuzz/seeds/"$target"/* tests/fuzz/regressions/"$target"/*; do
    [ -f "$file" ] && cp "$file" "$corpus/" 2>/dev/null || true
  done
  log="build-fuzz/$target.log"
  result=ok
  # Run from the project root so that the command-line seeds' relative paths resolve.
  if ! "build-fuzz/tests/fuzz-$target" "$corpus" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
       -max_len=131072 -artifact_prefix="$artifacts/" -print_final_stats=1 > "$log" 2>&1; then
    result="FAILED (see $log and $artifacts)"
    status=1
  fi
  runs=$(grep -Eo 'stat::number_of_executed_units: [0-9]+' "$log" | awk '{print $2}' | tail -1)
  runs=${runs:-0}
  printf '| %s | %s | %s | %s | %s |\n' "$target" "$seconds" "$runs" "$((runs / (seconds > 0 ? seconds : 1)))" "$result"
done
exit $status
