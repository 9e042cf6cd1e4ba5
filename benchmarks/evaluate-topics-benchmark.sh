#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Whole-process benchmark of `topiceval evaluate-topics` against MALLET's
# `evaluate-topics` on the shared fixtures, as one table.
#
#   benchmarks/evaluate-topics-benchmark.sh [--quick] [--repeat N]
#
# With MALLET_HOME pointing at a MALLET build (its bin/mallet), MALLET runs the
# same jobs in the same session and the ratio is measured; otherwise the table
# shows the reference figures from ../shared/benchmarks/mallet-2.1.1.md.
# --quick leaves out the long sgu-k100 jobs with 10 particles and resampling.
# --repeat N runs every job N times and keeps the fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
shared="$root/../shared"
fixtures="$shared/fixtures/mallet-2.1.1"
reference="$shared/benchmarks/mallet-2.1.1.md"
topiceval="$root/build/topiceval"

quick=0
repeat=1
source "$root/benchmarks/support/options.sh"
parse_options "usage: $0 [--quick] [--repeat N]" --quick!quick --repeat=repeat -- "$@"

[ -x "$topiceval" ] || scripts/build.sh > /dev/null
[ -x /usr/bin/time ] || { echo "benchmark.sh needs /usr/bin/time (Debian package 'time')" >&2; exit 1; }
mallet=""
if [ -n "${MALLET_HOME:-}" ]; then
  mallet="$MALLET_HOME/bin/mallet"
  [ -x "$mallet" ] || { echo "MALLET_HOME is set but $mallet is not executable" >&2; exit 1; }
fi
threads=$(nproc)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Runs a command `repeat` times; prints "seconds peak-MiB" of the fastest run
# and leaves that run's standard error in $scratch/err.
measure() {
  local best="" bestMemory=""
  for _ in $(seq "$repeat"); do
    local start end
    start=$(date +%s.%N)
    /usr/bin/time -f "%M" -o "$scratch/time" "$@" > "$scratch/out" 2> "$scratch/err.run"
    end=$(date +%s.%N)
    local seconds kilobytes
    seconds=$(awk "BEGIN { printf \"%.3f\", $end - $start }")
    read -r kilobytes < "$scratch/time"
    if [ -z "$best" ] || awk "BEGIN { exit !($seconds < $best) }"; then
      best=$seconds
      bestMemory=$((kilobytes / 1024))
      cp "$scratch/err.run" "$scratch/err"
    fi
  done
  echo "$best $bestMemory"
}

# MALLET's reference wall time for (set, particles, resampling), or "-".
referenceSeconds() {
  awk -F'|' -v set="$1" -v p="$2" -v r="$3" '
    { gsub(/ /, "", $2); gsub(/ /, "", $5); gsub(/ /, "", $6); gsub(/ /, "", $7) }
    $2 == set && $5 == p && $6 == r { split($7, range, /[–-]/); print range[1]; found = 1; exit }
    END { if (!found) print "-" }' "$reference"
}

jobs=(
  "stackexchange 10 false"
  "stackexchange 10 true"
  "debian-k100 10 false"
  "debian-k100 10 true"
  "sgu-k100 50 false"
  "sgu-k100 1 true"
)
[ "$quick" = 1 ] || jobs+=("sgu-k100 10 true")

source="reference"
[ -n "$mallet" ] && source="measured"
printf '| set | particles | resampling | mode | threads | wall s | tokens x particles / s | ns / site update (wall) | peak MiB | MALLET wall s (%s) | speed-up | MALLET peak MiB |\n' "$source"
printf '|---|---|---|---|---|---|---|---|---|---|---|---|\n'
for job in "${jobs[@]}"; do
  read -r set particles resampling <<< "$job"
  arguments=(--evaluator "$fixtures/$set/evaluator.mallet" --input "$fixtures/$set/test.mallet"
             --num-particles "$particles" --use-resampling "$resampling" --random-seed 1)
  malletSeconds="-"
  malletMemory="-"
  if [ -n "$mallet" ]; then
    read -r malletSeconds malletMemory < <(measure "$mallet" evaluate-topics "${arguments[@]}")
  else
    malletSeconds=$(referenceSeconds "$set" "$particles" "$resampling")
  fi
  for variant in "exact 1" "exact $threads" "fast $threads"; do
    read -r mode count <<< "$variant"
    exact=true
    [ "$mode" = fast ] && exact=false
    read -r seconds memory < <(measure "$topiceval" evaluate-topics "${arguments[@]}" --threads "$count" --exact "$exact" --timing true)
    timing=$(grep 'topiceval timing' "$scratch/err")
    tokens=$(sed -E 's/.* tokens ([0-9]+) .*/\1/' <<< "$timing")
    perSite=$(sed -E 's/.* ns-per-site-update ([0-9.e+-]+).*/\1/' <<< "$timing")
    rate=$(awk "BEGIN { printf \"%.3g\", $tokens * $particles / $seconds }")
    speedup="-"
    [ "$malletSeconds" != "-" ] && speedup=$(awk "BEGIN { printf \"%.1fx\", $malletSeconds / $seconds }")
    printf '| %s | %s | %s | %s | %s | %s | %s | %.1f | %s | %s | %s | %s |\n' "$set" "$particles" "$resampling" \
      "$mode" "$count" "$seconds" "$rate" "$perSite" "$memory" "$malletSeconds" "$speedup" "$malletMemory"
  done
done
if [ -z "$mallet" ]; then
  echo
  echo "MALLET figures are the reference table in ../shared/benchmarks/mallet-2.1.1.md (another run, same kind of"
  echo "machine); set MALLET_HOME to a MALLET build to measure it in this run."
fi
