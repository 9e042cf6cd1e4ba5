#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs every topiceval command end to end on the shipped example (MALLET's
# stackexchange sample: 10 topics, 200 held-out documents), writing into
# examples/output/. Each step prints what it runs.
#   examples/run-all.sh [BUILD_DIR]      default: build
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-$here/../build}" && pwd)
topiceval="$build/topiceval"
example="$here/stackexchange"
output="${TOPICEVAL_EXAMPLES_OUTPUT:-$here/output}"
mkdir -p "$output"
step() { echo; echo "\$ $*"; "$@"; }

# What the files are.
step "$topiceval" info "$example/inferencer.mallet" --words 8
step "$topiceval" info "$example/test.mallet"

# MALLET's evaluate-topics, same numbers (MALLET 2.1.1 prints -67433.44358611976 here).
step "$topiceval" evaluate-topics --evaluator "$example/evaluator.mallet" --input "$example/test.mallet" \
  --num-particles 10 --random-seed 1 --output-doc-probs "$output/doc-probs.txt"
step "$topiceval" evaluate-topics --evaluator "$example/evaluator.mallet" --input "$example/test.mallet" \
  --num-particles 10 --use-resampling true --random-seed 1 --exact false

# Every estimator on the inferencer (it carries the words), with a report.
for estimator in left-to-right resample-move filtering particle-learning "ais --temperatures 200"; do
  # shellcheck disable=SC2086  # the estimator's name and its options
  step "$topiceval" evaluate --model "$example/inferencer.mallet" --input "$example/test.mallet" --estimator $estimator \
    --format tsv > "$output/evaluate-${estimator%% *}.tsv"
done
step "$topiceval" evaluate --model "$example/state.gz" --input "$example/test.mallet" --estimator left-to-right \
  --resampling true --runs 3 --format json > "$output/evaluate.json"
step "$topiceval" evaluate --model "$example/inferencer.mallet" --input "$example/test.mallet" --report "$output/evaluate.html"

# Plain text through the model's alphabet, scoring unseen words too.
printf 'quantum mechanics of spin\nstandard deviation of the sample mean\nthe zyzzyva flew\n' > "$output/documents.txt"
step "$topiceval" evaluate --model "$example/state.gz" --input "$output/documents.txt" --unseen-words smooth --estimator filtering

# A slightly worse model, compared by ratio-AIS, and a two-point curve.
step "$topiceval" perturb-state --input "$example/state.gz" --output "$output/perturbed.gz" --fraction 0.05 --seed 1
step "$topiceval" compare --model-a "$example/state.gz" --model-b "$output/perturbed.gz" --input "$example/test.mallet" \
  --temperatures 200 --burn-in 20 --report "$output/compare.html"
step "$topiceval" curve --states "$example/state.gz" "$output/perturbed.gz" --input "$example/test.mallet" --temperatures 200

# Why gensim and scikit-learn say something else: their bounds beside the exact and estimated log likelihood.
if [ -d "$build/python/topiceval" ] && /usr/bin/python3 -c "import gensim, sklearn" 2>/dev/null; then
  step env PYTHONPATH="$build/python" /usr/bin/python3 "$here/why-gensim-differs.py" --quick \
    --corpora "$build/test-data/corpora"
fi

# The Java bridge: MALLET's command line with --native (no MALLET needed for --native).
if [ -x "$build/bin/mallet" ]; then
  step "$build/bin/mallet" evaluate-topics --native --evaluator "$example/evaluator.mallet" --input "$example/test.mallet" \
    --random-seed 1
fi
echo
echo "outputs in $output (open evaluate.html and compare.html in a browser)"
