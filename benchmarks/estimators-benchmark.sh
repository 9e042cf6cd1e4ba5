#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every estimator of `topiceval evaluate` on the same model and documents, side
# by side: total held-out log likelihood, per token, perplexity and time.
#
#   benchmarks/estimators-benchmark.sh [SET ...]     (default: debian-k100 sgu-k100)
#
# SET names a directory of ../shared/fixtures/mallet-2.1.1 (its inferencer and
# test.mallet are used). MALLET's own figure (10 particles, resampling, seed 1)
# is read from its expected/ files where present.
set -euo pipefail
cd "$(dirname "$0")/.."
fixtures="$(pwd)/../shared/fixtures/mallet-2.1.1"
[ -x build/topiceval ] || scripts/build.sh > /dev/null
sets=("$@")
[ ${#sets[@]} -gt 0 ] || sets=(debian-k100 sgu-k100)

estimators=(
  "left-to-right --particles 10 --resampling false"
  "left-to-right --particles 10 --resampling true"
  "filtering"
  "particle-learning --particles 100"
  "ais --temperatures 1000 --samples 1 --schedule sigmoid"
)
for set in "${sets[@]}"; do
  echo "### $set"
  echo
  echo "| estimator | options | log likelihood | per token | perplexity | seconds |"
  echo "|---|---|---|---|---|---|"
  for spec in "${estimators[@]}"; do
    read -r name options <<< "$spec"
    # shellcheck disable=SC2086
    summary=$(build/topiceval evaluate --model "$fixtures/$set/inferencer.mallet" --input "$fixtures/$set/test.mallet" \
                --estimator $name $options --seed 1)
    field() { grep "^$1" <<< "$summary" | sed -E "s/^$1 +//"; }
    seconds=$(field time | cut -d' ' -f1)
    echo "| $name | ${options:--} | $(field 'log likelihood') | $(field 'per token') | $(field perplexity) | $seconds |"
  done
  expected="$fixtures/$set/expected/total-p10-rtrue-s1.txt"
  [ -f "$expected" ] && echo "| MALLET evaluate-topics | 10 particles, resampling, seed 1 | $(cat "$expected") | | | |"
  echo
done
