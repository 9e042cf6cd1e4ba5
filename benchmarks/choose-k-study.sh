#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Choosing K on real MALLET models, with every figure R users would also look
# at: three numbers of topics, three seeds each, ranked by `topiceval select`
# on held-out likelihood beside coherence, ldatuning's CaoJuan2009, Arun2010
# and Deveaud2014 and stm's semantic coherence, exclusivity and residual
# dispersion.
#
#   MALLET_HOME=/path/to/mallet-2.1.1 benchmarks/choose-k-study.sh [--topics "20 50 100"] [--seeds "1 2 3"]
#       [--iterations N] [--documents LIST] [--work DIR]
#
# MALLET_HOME: a MALLET 2.1.1 build (../shared/tools/build-mallet.sh). Steps,
# all into DIR (default ~/.cache/topiceval/choose-k-study, outside the repository):
#  1. MALLET imports ../shared/corpora/debian-descriptions-train.tsv (stop
#     words removed, --keep-sequence) and -test.tsv through the same pipe;
#  2. for each K and seed: train-topics (N iterations, default 500,
#     hyperparameters optimised every 20), writing the topic state
#     (lda-kK-sS.state.gz: select reads the training documents' assignments
#     from it, which ldatuning's and stm's figures need) and the evaluator;
#  3. `topiceval select` on the nine states with the held-out documents
#     (LIST: the ones scored, default 0-999), writing select.txt, .tsv, .json
#     and report.html (warnings in select.warnings).
# The models stay in DIR: rerunning the script trains nothing already trained.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpora=${TOPICEVAL_CORPORA:-$root/../shared/corpora}
work=${HOME}/.cache/topiceval/choose-k-study
topics="20 50 100"
seeds="1 2 3"
iterations=500
documents=0-999
source "$root/benchmarks/support/options.sh"
parse_options "usage: $0 [--topics \"20 50 100\"] [--seeds \"1 2 3\"] [--iterations N] [--documents LIST] [--work DIR]" \
  --topics=topics --seeds=seeds --iterations=iterations --documents=documents --work=work -- "$@"
source "$root/benchmarks/support/mallet_study.sh"
mallet_study_start choose-k-study.sh "$work"

if [ ! -s train.mallet ] || [ ! -s test.mallet ]; then
  "$mallet" import-file --input "$corpora/debian-descriptions-train.tsv" --keep-sequence --remove-stopwords \
    --output train.mallet
  "$mallet" import-file --input "$corpora/debian-descriptions-test.tsv" --keep-sequence --remove-stopwords \
    --use-pipe-from train.mallet --output test.mallet
fi

states=()
for k in $topics; do
  for s in $seeds; do
    name=lda-k$k-s$s
    if [ ! -s "$name.state.gz" ]; then
      start=$(date +%s)
      "$mallet" train-topics --input train.mallet --num-topics "$k" --num-iterations "$iterations" \
        --optimize-interval 20 --random-seed "$s" --num-threads 2 --output-state "$name.state.gz" \
        --evaluator-filename "$name.evaluator" > "$name.log" 2>&1
      echo "K=$k seed $s trained in $(( $(date +%s) - start )) s"
    fi
    states+=("$name.state.gz")
  done
done

# The same seed, so the three outputs hold the same numbers; the warnings once, into select.warnings.
start=$(date +%s)
"$topiceval" select --input test.mallet --documents "$documents" --quiet --format json \
  --report report.html "${states[@]}" > select.json 2> select.warnings
"$topiceval" select --input test.mallet --documents "$documents" --quiet --format tsv "${states[@]}" > select.tsv 2> /dev/null
"$topiceval" select --input test.mallet --documents "$documents" --quiet "${states[@]}" > select.txt 2> /dev/null
echo "select (three times: json with the report, tsv, text) in $(( $(date +%s) - start )) s"
cat select.txt
