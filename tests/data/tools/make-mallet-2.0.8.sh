#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes tests/data/mallet-2.0.8 afresh: MALLET 2.0.8's files and outputs for two small models of Debian package
# descriptions, then the upgrade's proof: topiceval upgrade rewrites each 2.0.8 file, MALLET 2.1.1 reads what it
# wrote and gives 2.0.8's numbers. Every command it runs is in tests/data/README.md ("MALLET 2.0.8").
#
#   tests/data/tools/make-mallet-2.0.8.sh MALLET_2_0_8 MALLET_2_1_1 TOPICEVAL [SCRATCH]
#
# MALLET_2_0_8: a MALLET 2.0.8 build (the tag v2.0.8 of mimno/Mallet compiled with javac --release 8, classes in
# class/, its lib/ and bin/mallet); MALLET_2_1_1: a MALLET 2.1.1 build (shared/tools/build-mallet.sh); TOPICEVAL:
# the topiceval executable that upgrades. Neither MALLET is part of this project: build them outside it. The text
# is the first 500 training and 100 held-out descriptions of tests/data/corpora. SCRATCH (default: a temporary
# folder) keeps the work; the result replaces tests/data/mallet-2.0.8 through store.sh. Two runs write the same
# numbers but not the same bytes: an import stores random instance ids.
set -euo pipefail
old=$(cd "${1:?usage: make-mallet-2.0.8.sh MALLET_2_0_8 MALLET_2_1_1 TOPICEVAL [SCRATCH]}" && pwd)
new=$(cd "${2:?usage: make-mallet-2.0.8.sh MALLET_2_0_8 MALLET_2_1_1 TOPICEVAL [SCRATCH]}" && pwd)
topiceval=$(readlink -f "${3:?usage: make-mallet-2.0.8.sh MALLET_2_0_8 MALLET_2_1_1 TOPICEVAL [SCRATCH]}")
data=$(cd "$(dirname "$0")/.." && pwd)
scratch=${4:-$(mktemp -d)}
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)
out=$scratch/mallet-2.0.8
rm -rf "$out" "$scratch/work"
mkdir -p "$out" "$scratch/work"
export LANG=C.UTF-8
# Each command, run and recorded in the set's commands.txt ($log; the work folder's paths shortened).
log=/dev/null
record() { echo "$*" | sed "s|$scratch/upgraded-t[12]/|UPGRADED/|g; s|$scratch/work/||g; s|$scratch/|SCRATCH/|g" >> "$log"; }
mallet208() {
  record "mallet-2.0.8 $*"
  "$old/bin/mallet" "$@"
}
mallet211() {
  record "mallet-2.1.1 $*"
  "$new/bin/mallet" "$@"
}
# The line of MALLET's output that says why it could not read a file.
refusal() { grep -m1 -E 'Exception|\*\*\*' || echo "read without an error"; }
configurations=("1 false 1" "1 false 42" "1 true 1" "1 true 42" "10 false 1" "10 false 42" "10 true 1" "10 true 42")
inferences=("s1-i100-b10-t10|--random-seed 1 --num-iterations 100 --burn-in 10 --sample-interval 10"
            "s7-i50-b5-t5|--random-seed 7 --num-iterations 50 --burn-in 5 --sample-interval 5"
            "s3-default-th0.05-max5|--random-seed 3 --doc-topics-threshold 0.05 --doc-topics-max 5")
upgradable=(train.mallet test.mallet evaluator.mallet inferencer.mallet model.mallet)

cd "$scratch/work"
xz -dc "$data/corpora/debian-descriptions-train.tsv.xz" | sed -n 1,500p > train.tsv
xz -dc "$data/corpora/debian-descriptions-test.tsv.xz" | sed -n 1,100p > test.tsv
# 1. The training list, then the held-out list through a copy of its pipe after training (the copy grows the
#    alphabet, so the held-out words the model never saw lie beyond its types).
mallet208 import-file --input train.tsv --output train.mallet --keep-sequence --remove-stopwords
cp train.mallet pipe.mallet
mallet208 import-file --input test.tsv --output test.mallet --use-pipe-from pipe.mallet --keep-sequence --remove-stopwords

for threads in 1 2; do
  set=$out/debian-k20-t$threads
  mkdir -p "$set/expected" "$set/infer" "$set/diagnostics"
  cp train.mallet test.mallet "$set/"
  cd "$set"
  log=$set/commands.txt
  {
    echo "# debian-k20-t$threads: run with MALLET 2.0.8 (mallet-2.0.8) and 2.1.1 (mallet-2.1.1) by"
    echo "# tests/data/tools/make-mallet-2.0.8.sh, LANG=C.UTF-8; UPGRADED/ holds what topiceval upgrade wrote."
    echo "# evaluate-topics' standard output is expected/total-TAG.txt (upgraded/expected/ for MALLET 2.1.1)."
    echo "# The lists, made once for both sets (train.tsv, test.tsv: the first 500 and 100 lines of tests/data/corpora):"
    echo "mallet-2.0.8 import-file --input train.tsv --output train.mallet --keep-sequence --remove-stopwords"
    echo "cp train.mallet pipe.mallet"
    echo "mallet-2.0.8 import-file --input test.tsv --output test.mallet --use-pipe-from pipe.mallet --keep-sequence --remove-stopwords"
  } > "$log"
  # 2. The model: 20 topics, asymmetric alpha, on 1 or 2 threads.
  mallet208 train-topics --input train.mallet --num-topics 20 --num-iterations 300 --optimize-interval 20 \
    --random-seed 5 --num-threads "$threads" --output-state state.gz --output-model model.mallet \
    --inferencer-filename inferencer.mallet --evaluator-filename evaluator.mallet > /dev/null 2>&1
  # 3. evaluate-topics: the total on standard output, one value per document in --output-doc-probs.
  for configuration in "${configurations[@]}"; do
    read -r particles resampling seed <<< "$configuration"
    tag=p$particles-r$resampling-s$seed
    mallet208 evaluate-topics --evaluator evaluator.mallet --input test.mallet --num-particles "$particles" \
      --use-resampling "$resampling" --random-seed "$seed" --output-doc-probs "expected/docprobs-$tag.txt" \
      > "expected/total-$tag.txt"
  done
  mallet208 evaluate-topics --evaluator evaluator.mallet --input test.mallet --num-particles 2 --random-seed 1 \
    --show-words true > expected/show-words-p2-rfalse-s1.txt
  # 4. infer-topics (its commands also in infer/commands.txt, as the 2.1.1 sets list theirs).
  echo "# Run from the set directory with MALLET 2.0.8 (tests/data/tools/make-mallet-2.0.8.sh)." > infer/commands.txt
  for inference in "${inferences[@]}"; do
    options="--inferencer inferencer.mallet --input test.mallet --output-doc-topics infer/doc-topics-${inference%%|*}.txt ${inference#*|}"
    echo "mallet infer-topics $options" >> infer/commands.txt
    # shellcheck disable=SC2086  # the options as written to infer/commands.txt
    mallet208 infer-topics $options
  done
  # 5. Diagnostics and reports, from the state with the training list and from the saved model.
  mallet208 train-topics --input train.mallet --input-state state.gz --num-topics 20 --no-inference \
    --diagnostics-file diagnostics/diagnostics.xml --output-topic-keys diagnostics/topic-keys.txt \
    --topic-word-weights-file diagnostics/topic-word-weights.txt \
    --word-topic-counts-file diagnostics/word-topic-counts.txt > /dev/null 2>&1
  mallet208 train-topics --input train.mallet --input-state state.gz --num-topics 20 --no-inference \
    --num-top-words 10 --diagnostics-file diagnostics/diagnostics-top10.xml \
    --output-topic-keys diagnostics/topic-keys-top10.txt > /dev/null 2>&1
  mallet208 train-topics --input-model model.mallet --num-iterations 0 \
    --diagnostics-file diagnostics/diagnostics-from-model.xml --output-topic-keys diagnostics/topic-keys-from-model.txt \
    --word-topic-counts-file diagnostics/word-topic-counts-from-model.txt > /dev/null 2>&1

  # 6. The upgrade: topiceval rewrites each serialized file as MALLET 2.1 reads it ...
  mkdir -p "$scratch/upgraded-t$threads" upgraded/expected upgraded/infer upgraded/from-state \
    upgraded/continued/mallet-2.0.8 upgraded/continued/mallet-2.1.1
  up=$scratch/upgraded-t$threads
  for file in "${upgradable[@]}"; do
    record "topiceval upgrade --input $file --output $up/$file"
    "$topiceval" upgrade --input "$file" --output "$up/$file" 2>> upgraded/upgrade.log
  done
  sed -i "s|$up/|UPGRADED/|g" upgraded/upgrade.log
  (cd "$up" && sha256sum "${upgradable[@]}") > upgraded/files.sha256
  # ... MALLET 2.1.1 refuses the originals (its error's line for each instance list, the inferencer and the
  #     saved model; the evaluator it reads as it is) ...
  {
    printf 'train.mallet: %s\n' "$(mallet211 train-topics --input train.mallet --num-topics 20 --num-iterations 0 2>&1 | refusal)"
    printf 'test.mallet: %s\n' "$(mallet211 evaluate-topics --evaluator evaluator.mallet --input test.mallet 2>&1 | refusal)"
    printf 'inferencer.mallet: %s\n' "$(mallet211 infer-topics --inferencer inferencer.mallet --input "$up/test.mallet" \
      --output-doc-topics /dev/null 2>&1 | refusal)"
    printf 'model.mallet: %s\n' "$(mallet211 train-topics --input-model model.mallet --num-iterations 0 2>&1 | refusal)"
  } > upgraded/refused-by-mallet-2.1.1.txt
  # ... and reads the upgraded files, giving MALLET 2.0.8's numbers: evaluate-topics ...
  for configuration in "${configurations[@]}"; do
    read -r particles resampling seed <<< "$configuration"
    tag=p$particles-r$resampling-s$seed
    mallet211 evaluate-topics --evaluator "$up/evaluator.mallet" --input "$up/test.mallet" --num-particles "$particles" \
      --use-resampling "$resampling" --random-seed "$seed" --output-doc-probs "upgraded/expected/docprobs-$tag.txt" \
      > "upgraded/expected/total-$tag.txt"
  done
  # ... infer-topics (from the set directory, the upgraded inferencer.mallet and test.mallet in its place) ...
  {
    echo "# Run with MALLET 2.1.1 (tests/data/tools/make-mallet-2.0.8.sh) from a folder holding what topiceval"
    echo "# upgrade wrote for inferencer.mallet and test.mallet; the outputs are the set's upgraded/infer/."
  } > upgraded/infer/commands.txt
  for inference in "${inferences[@]}"; do
    options="--inferencer inferencer.mallet --input test.mallet --output-doc-topics upgraded/infer/doc-topics-${inference%%|*}.txt ${inference#*|}"
    echo "mallet infer-topics $options" >> upgraded/infer/commands.txt
    options=${options/--inferencer inferencer.mallet/--inferencer $up/inferencer.mallet}
    # shellcheck disable=SC2086  # the options as written to upgraded/infer/commands.txt
    mallet211 infer-topics ${options/--input test.mallet/--input $up/test.mallet}
  done
  # ... the upgraded training list read with 2.0.8's state (MALLET checks every token against it) ...
  mallet211 train-topics --input "$up/train.mallet" --input-state state.gz --num-topics 20 --no-inference \
    --diagnostics-file upgraded/from-state/diagnostics.xml --output-topic-keys upgraded/from-state/topic-keys.txt \
    > /dev/null 2>&1
  # ... and the upgraded saved model trained on, as 2.0.8 trains on the original (one thread: two would make
  #     the draws' order depend on scheduling).
  for version in 2.0.8 2.1.1; do
    model=model.mallet
    [ "$version" = 2.1.1 ] && model=$up/model.mallet
    continued=upgraded/continued/mallet-$version
    "mallet${version//./}" train-topics --input-model "$model" --num-iterations 50 --random-seed 9 --num-threads 1 \
      --output-state "$scratch/continued-$threads-$version.gz" --output-topic-keys "$continued/topic-keys.txt" \
      --output-doc-topics "$continued/doc-topics.txt" > "$scratch/continued-$threads-$version.log" 2>&1
    grep 'LL/token' "$scratch/continued-$threads-$version.log" > "$continued/log-likelihood.txt"
    gzip -dc "$scratch/continued-$threads-$version.gz" | sha256sum | sed 's/-$/state.gz (its text)/' \
      > "$continued/state.sha256"
  done
  log=/dev/null
  cd "$scratch/work"
done
rm -rf "$data/mallet-2.0.8"
"$data/tools/store.sh" "$out" "$data/mallet-2.0.8" --digest debian-k20-t1/diagnostics/topic-word-weights.txt \
  --digest debian-k20-t2/diagnostics/topic-word-weights.txt
echo "wrote $data/mallet-2.0.8 (work in $scratch)"
