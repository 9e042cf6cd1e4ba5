#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes MALLET 2.1.1's fixture sets (tests/data/mallet-2.1.1) afresh from text, with the commands recorded in
# tests/data/README.md ("MALLET 2.1.1"), then stores them as tests/data keeps them (store.sh).
#
#   tests/data/tools/make-mallet-2.1.1.sh MALLET_2_1_1 TEXT [SET ...] [--scratch DIR] [--into DIR]
#
# MALLET_2_1_1: a MALLET 2.1.1 build (shared/tools/build-mallet.sh builds one, outside the project). TEXT: a folder
# holding MALLET's sample-data/stackexchange/tsv/{training,testing}.tsv (from the MALLET source) and the full
# corpora debian-descriptions-{train,test}.tsv and sgu-{train,eval}.tsv (shared/corpora; tests/data/corpora holds
# only slices). SETs: stackexchange, stackexchange-oov, debian-k100, sgu-k100 (default: all four). --into: where
# the stored sets go (default: tests/data/mallet-2.1.1, each set replaced). The debian-k100 and sgu-k100 models
# train on two threads for minutes; models trained on two threads, and every inferencer's stored random stream,
# differ from run to run, so a regenerated set is another model: the tests' figures about a set (its word count,
# its longest document) then need their values again. gensim's coherence needs Debian's python3-gensim.
set -euo pipefail
usage="usage: make-mallet-2.1.1.sh MALLET_2_1_1 TEXT [SET ...] [--scratch DIR] [--into DIR]"
mallet_home=$(cd "${1:?$usage}" && pwd)
text=$(cd "${2:?$usage}" && pwd)
shift 2
data=$(cd "$(dirname "$0")/.." && pwd)
tools=$data/tools
scratch=""
into=$data/mallet-2.1.1
sets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --scratch) scratch=${2:?$usage}; shift 2 ;;
    --into) into=${2:?$usage}; shift 2 ;;
    stackexchange | stackexchange-oov | debian-k100 | sgu-k100) sets+=("$1"); shift ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
[ ${#sets[@]} -gt 0 ] || sets=(stackexchange stackexchange-oov debian-k100 sgu-k100)
[ -n "$scratch" ] || scratch=$(mktemp -d)
mkdir -p "$scratch" "$into"
scratch=$(cd "$scratch" && pwd)
into=$(cd "$into" && pwd)
export LANG=C.UTF-8
# Each MALLET command, run and recorded in the set's commands.txt (TEXT for the text folder).
mallet() {
  echo "mallet $*" | sed "s|$text/|\$TEXT/|g" >> "$work/commands.txt"
  "$mallet_home/bin/mallet" "$@"
}
configurations=("1 false 1" "1 false 42" "1 true 1" "1 true 42" "10 false 1" "10 false 42" "10 true 1" "10 true 42")
inferences=("s1-i100-b10-t10|--random-seed 1 --num-iterations 100 --burn-in 10 --sample-interval 10"
            "s7-i50-b5-t5|--random-seed 7 --num-iterations 50 --burn-in 5 --sample-interval 5"
            "s3-default-th0.05-max5|--random-seed 3 --doc-topics-threshold 0.05 --doc-topics-max 5")

for set in "${sets[@]}"; do
  case "$set" in
    stackexchange | stackexchange-oov)
      train=$text/training.tsv test=$text/testing.tsv import=() topics=10
      training=(--num-topics 10 --num-iterations 300 --optimize-interval 20 --random-seed 7 --num-threads 1)
      held_out_first=$([ "$set" = stackexchange ] && echo 1 || echo 0)
      runs=("${configurations[@]}") ;;
    debian-k100)
      train=$text/debian-descriptions-train.tsv test=$text/debian-descriptions-test.tsv import=() topics=100
      training=(--num-topics 100 --num-iterations 400 --optimize-interval 20 --random-seed 11 --num-threads 2)
      held_out_first=0
      runs=("${configurations[@]}") ;;
    sgu-k100)
      train=$text/sgu-train.tsv test=$text/sgu-eval.tsv import=(--token-regex '\p{Alpha}+') topics=100
      training=(--num-topics 100 --alpha 10 --beta 0.01 --num-iterations 1000 --optimize-interval 50
                --optimize-burn-in 200 --random-seed 2013 --num-threads 2)
      held_out_first=1
      runs=("1 true 1" "10 true 1" "50 false 1" "50 false 2") ;;
  esac
  for file in "$train" "$test"; do [ -f "$file" ] || { echo "make-mallet-2.1.1.sh: $file: no such file" >&2; exit 1; }; done
  work=$scratch/$set
  rm -rf "$work"
  mkdir -p "$work/expected" "$work/diagnostics" "$work/infer"
  cd "$work"
  {
    echo "# $set: run from the set's folder with MALLET 2.1.1 (tests/data/tools/make-mallet-2.1.1.sh), LANG=C.UTF-8."
    echo "# evaluate-topics' standard output is expected/total-TAG.txt (with --show-words: expected/show-words-TAG.txt)."
  } > commands.txt
  # 1. Import; the held-out text through the training list's pipe, before training (its words join the model's
  #    alphabet) or after it, on a copy (they lie beyond it).
  mallet import-file --input "$train" --output train.mallet --keep-sequence --remove-stopwords "${import[@]}"
  if [ "$held_out_first" = 1 ]; then
    mallet import-file --input "$test" --output test.mallet --use-pipe-from train.mallet --keep-sequence \
      --remove-stopwords "${import[@]}"
  fi
  # 2. Train.
  mallet train-topics --input train.mallet "${training[@]}" --output-state state.gz --output-model model.mallet \
    --inferencer-filename inferencer.mallet --evaluator-filename evaluator.mallet > train.log 2>&1
  if [ "$held_out_first" = 0 ]; then
    cp train.mallet pipe.mallet
    mallet import-file --input "$test" --output test.mallet --use-pipe-from pipe.mallet --keep-sequence \
      --remove-stopwords "${import[@]}"
    rm pipe.mallet
  fi
  # 3. evaluate-topics, and the words' probabilities.
  for run in "${runs[@]}"; do
    read -r particles resampling seed <<< "$run"
    tag=p$particles-r$resampling-s$seed
    mallet evaluate-topics --evaluator evaluator.mallet --input test.mallet --num-particles "$particles" \
      --use-resampling "$resampling" --random-seed "$seed" --output-doc-probs "expected/docprobs-$tag.txt" \
      > "expected/total-$tag.txt"
  done
  if [ "$set" != sgu-k100 ]; then
    mallet evaluate-topics --evaluator evaluator.mallet --input test.mallet --num-particles 2 --random-seed 1 \
      --show-words true > expected/show-words-p2-rfalse-s1.txt
  fi
  # 4. infer-topics (stackexchange and debian-k100).
  if [ "$set" = stackexchange ] || [ "$set" = debian-k100 ]; then
    echo "# Run from the set directory with MALLET 2.1.1 (tests/data/tools/make-mallet-2.1.1.sh)." > infer/commands.txt
    for inference in "${inferences[@]}"; do
      options="--inferencer inferencer.mallet --input test.mallet --output-doc-topics infer/doc-topics-${inference%%|*}.txt ${inference#*|}"
      echo "mallet infer-topics $options" >> infer/commands.txt
      # shellcheck disable=SC2086  # the options as written to commands.txt
      mallet infer-topics $options
    done
    # The dense doc-topics files of 3,000 documents are kept gzipped (6.4 MB each as text), as the tests read them.
    if [ "$set" = debian-k100 ]; then
      gzip -9 -n infer/doc-topics-s1-i100-b10-t10.txt infer/doc-topics-s7-i50-b5-t5.txt
      echo "gzip -9 -n infer/doc-topics-s1-i100-b10-t10.txt infer/doc-topics-s7-i50-b5-t5.txt" >> commands.txt
    fi
  fi
  # 5. Diagnostics and reports from the state (and, for the stackexchange sets, from the saved model); gensim's
  #    coherence of the same topics.
  mallet train-topics --input train.mallet --input-state state.gz --num-topics "$topics" --no-inference \
    --diagnostics-file diagnostics/diagnostics.xml --output-topic-keys diagnostics/topic-keys.txt \
    --topic-word-weights-file diagnostics/topic-word-weights.txt \
    --word-topic-counts-file diagnostics/word-topic-counts.txt > /dev/null 2>&1
  mallet train-topics --input train.mallet --input-state state.gz --num-topics "$topics" --no-inference \
    --num-top-words 10 --diagnostics-file diagnostics/diagnostics-top10.xml \
    --output-topic-keys diagnostics/topic-keys-top10.txt > /dev/null 2>&1
  if [ "$set" = stackexchange ] || [ "$set" = stackexchange-oov ]; then
    mallet train-topics --input-model model.mallet --num-iterations 0 \
      --diagnostics-file diagnostics/diagnostics-from-model.xml --output-topic-keys diagnostics/topic-keys-from-model.txt \
      --word-topic-counts-file diagnostics/word-topic-counts-from-model.txt > /dev/null 2>&1
  else
    rm model.mallet
  fi
  /usr/bin/python3 "$tools/coherence_gensim.py" state.gz diagnostics/topic-keys.txt diagnostics/coherence-gensim.tsv
  echo "/usr/bin/python3 tests/data/tools/coherence_gensim.py state.gz diagnostics/topic-keys.txt diagnostics/coherence-gensim.tsv" \
    >> commands.txt
  # What tests/data keeps: debian-k100's training list (7 MB) is not kept; its import above makes it again.
  [ "$set" = debian-k100 ] && rm train.mallet
  rm train.log
  digests=()
  [ "$set" = debian-k100 ] || [ "$set" = sgu-k100 ] && digests=(--digest diagnostics/topic-word-weights.txt)
  rm -rf "${into:?}/$set"
  "$tools/store.sh" "$work" "$into/$set" "${digests[@]}"
  echo "wrote $into/$set"
done
