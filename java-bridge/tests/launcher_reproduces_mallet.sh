#!/usr/bin/env bash
# `mallet evaluate-topics --native`, through topiceval's launcher exactly as users
# run it, on every fixture set: MALLET's printed numbers, byte for byte.
# MALLET_HOME points at an empty directory: --native needs no MALLET.
# (sgu-k100 with 10 particles and resampling is left to the C++ exactness test,
# which takes the same path in-process; here it would double CI time.)
set -euo pipefail
build=$1
fixtures=$2/fixtures/mallet-2.1.1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export MALLET_HOME="$scratch/no-mallet"
mkdir -p "$MALLET_HOME"

checked=0
for set in stackexchange stackexchange-oov debian-k100 sgu-k100; do
  for total in "$fixtures/$set"/expected/total-*.txt; do
    tag=$(basename "$total" .txt)
    tag=${tag#total-}
    [[ "$set/$tag" == "sgu-k100/p10-rtrue-s1" ]] && continue
    particles=$(sed -E 's/^p([0-9]+)-.*/\1/' <<< "$tag")
    resampling=$(sed -E 's/.*-r(true|false)-.*/\1/' <<< "$tag")
    seed=$(sed -E 's/.*-s([0-9]+)$/\1/' <<< "$tag")
    "$build/bin/mallet" evaluate-topics --native --evaluator "$fixtures/$set/evaluator.mallet" \
      --input "$fixtures/$set/test.mallet" --num-particles "$particles" --use-resampling "$resampling" \
      --random-seed "$seed" --output-doc-probs "$scratch/docs.txt" > "$scratch/total.txt"
    cmp "$scratch/total.txt" "$total" || { echo "$set $tag: total differs" >&2; exit 1; }
    cmp "$scratch/docs.txt" "$fixtures/$set/expected/docprobs-$tag.txt" || { echo "$set $tag: documents differ" >&2; exit 1; }
    checked=$((checked + 1))
  done
  words="$fixtures/$set/expected/show-words-p2-rfalse-s1.txt"
  if [ -f "$words" ]; then
    "$build/bin/mallet" evaluate-topics --native true --evaluator "$fixtures/$set/evaluator.mallet" \
      --input "$fixtures/$set/test.mallet" --num-particles 2 --random-seed 1 --show-words true > "$scratch/words.txt"
    cmp "$scratch/words.txt" "$words" || { echo "$set: show-words differs" >&2; exit 1; }
    checked=$((checked + 1))
  fi
done
echo "launcher: $checked MALLET outputs reproduced byte for byte"
