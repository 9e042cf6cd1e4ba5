#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The measurements of Foulds & Smyth (2014), tables 1 and 2, on a fixture: a
# model against a copy with 5% of its token assignments moved at random.
# For ratio-AIS (geometric and convex paths) and for two separate left-to-right
# evaluations, it prints the share of documents where the unperturbed model
# wins and the per-document variance of the log ratio across two runs.
#
#   benchmarks/compare-study.sh [SET] [TEMPERATURES]     default: debian-k100 200
set -euo pipefail
cd "$(dirname "$0")/.."
set=${1:-debian-k100}
temperatures=${2:-200}
fixtures="$(pwd)/../shared/fixtures/mallet-2.1.1/$set"
[ -x build/topiceval ] || scripts/build.sh > /dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

build/topiceval perturb-state --input "$fixtures/state.gz" --output "$scratch/perturbed.gz" --fraction 0.05 --seed 1 2> "$scratch/perturb.log"
echo "$set: $(cat "$scratch/perturb.log")"

# Column 3 of compare's TSV is the per-document log ratio A/B.
ratio() {  # path seed -> file of per-document log ratios
  build/topiceval compare --model-a "$fixtures/state.gz" --model-b "$scratch/perturbed.gz" --input "$fixtures/test.mallet" \
    --path "$1" --direction forward --temperatures "$temperatures" --burn-in 50 --seed "$2" --format tsv 2> /dev/null \
    | awk -F'\t' 'NR > 1 && $2 > 0 { print $3 }'
}
# Per-document log likelihood difference from two separate evaluations.
separate() {  # seed -> file of per-document log likelihood differences
  for model in "$fixtures/state.gz" "$scratch/perturbed.gz"; do
    build/topiceval evaluate --model "$model" --input "$fixtures/test.mallet" --estimator left-to-right --particles 10 \
      --resampling true --seed "$1" --format tsv 2> /dev/null | awk -F'\t' 'NR > 1 { print $3 "\t" $5 }' > "$scratch/$(basename "$model").$1"
  done
  paste "$scratch/state.gz.$1" "$scratch/perturbed.gz.$1" | awk -F'\t' '$1 > 0 { print $2 - $4 }'
}

summarise() {  # label file1 file2
  paste "$2" "$3" | awk -F'\t' -v label="$1" '
    { n++; wins += ($1 + $2) / 2 > 0; d = $1 - $2; variance += d * d / 2 }
    END { printf "| %s | %d | %.1f%% | %.4g |\n", label, n, 100 * wins / n, variance / n }'
}

ratio geometric 1 > "$scratch/g1"; ratio geometric 2 > "$scratch/g2"
ratio convex 1 > "$scratch/c1"; ratio convex 2 > "$scratch/c2"
separate 1 > "$scratch/s1"; separate 2 > "$scratch/s2"
echo
echo "| method | documents | unperturbed model wins | per-document variance of the log ratio across two runs |"
echo "|---|---|---|---|"
summarise "ratio-AIS, geometric path, $temperatures temperatures" "$scratch/g1" "$scratch/g2"
summarise "ratio-AIS, convex path, $temperatures temperatures" "$scratch/c1" "$scratch/c2"
summarise "two left-to-right runs (10 particles, resampling)" "$scratch/s1" "$scratch/s2"
