#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# `mallet evaluate-topics --native`, through topiceval's launcher exactly as users
# run it, on every fixture set (MALLET 2.1.1's, and 2.0.8's): MALLET's printed
# numbers, byte for byte.
# MALLET_HOME points at an empty directory: --native needs no MALLET.
# (sgu-k100 with 10 particles and resampling is left to the C++ exactness test,
# which takes the same path in-process; here it would double CI time.)
#   java-bridge/tests/launcher_reproduces_mallet.sh BUILD_DIR TEST_DATA_DIR
set -euo pipefail
build=$1
source "$(dirname "$0")/../../tests/support/test_data.sh" "$2"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export MALLET_HOME="$scratch/no-mallet"
mkdir -p "$MALLET_HOME"

checked=0
# MALLET 2.1.1's sets, and MALLET 2.0.8's one-thread set (the other's numbers are the C++ exactness test's).
for set in mallet-2.1.1/stackexchange mallet-2.1.1/stackexchange-oov mallet-2.1.1/debian-k100 mallet-2.1.1/sgu-k100 \
           mallet-2.0.8/debian-k20-t1; do
  folder=$(test_data "$set/expected")
  folder=${folder%/expected}
  for total in "$folder"/expected/total-*.txt; do
    tag=$(basename "$total" .txt)
    tag=${tag#total-}
    [[ "$set/$tag" == "mallet-2.1.1/sgu-k100/p10-rtrue-s1" ]] && continue
    particles=$(sed -E 's/^p([0-9]+)-.*/\1/' <<< "$tag")
    resampling=$(sed -E 's/.*-r(true|false)-.*/\1/' <<< "$tag")
    seed=$(sed -E 's/.*-s([0-9]+)$/\1/' <<< "$tag")
    "$build/bin/mallet" evaluate-topics --native --evaluator "$folder/evaluator.mallet" \
      --input "$folder/test.mallet" --num-particles "$particles" --use-resampling "$resampling" \
      --random-seed "$seed" --output-doc-probs "$scratch/docs.txt" > "$scratch/total.txt"
    cmp "$scratch/total.txt" "$total" || { echo "$set $tag: total differs" >&2; exit 1; }
    cmp "$scratch/docs.txt" "$folder/expected/docprobs-$tag.txt" || { echo "$set $tag: documents differ" >&2; exit 1; }
    checked=$((checked + 1))
  done
  words="$folder/expected/show-words-p2-rfalse-s1.txt"
  if [ -f "$words" ]; then
    "$build/bin/mallet" evaluate-topics --native true --evaluator "$folder/evaluator.mallet" \
      --input "$folder/test.mallet" --num-particles 2 --random-seed 1 --show-words true > "$scratch/words.txt"
    cmp "$scratch/words.txt" "$words" || { echo "$set: show-words differs" >&2; exit 1; }
    checked=$((checked + 1))
  fi
done
# infer-topics --native: each set's doc-topics files (the commands MALLET ran, in infer/commands.txt).
for set in mallet-2.1.1/stackexchange mallet-2.1.1/debian-k100 mallet-2.0.8/debian-k20-t1 mallet-2.0.8/debian-k20-t2; do
  commands=$(test_data "$set/infer/commands.txt")
  folder=${commands%/infer/commands.txt}
  while read -r _ _ options; do
    expected=$(sed -E 's/.*--output-doc-topics ([^ ]+).*/\1/' <<< "$options")
    options=$(sed -E 's/--output-doc-topics [^ ]+//; s/inferencer.mallet/'"${folder//\//\\/}"'\/inferencer.mallet/;
                      s/test.mallet/'"${folder//\//\\/}"'\/test.mallet/' <<< "$options")
    # shellcheck disable=SC2086  # MALLET's options, as written in commands.txt
    "$build/bin/mallet" infer-topics --native $options --output-doc-topics "$scratch/doc-topics.txt"
    if [ -f "$folder/$expected" ]; then
      cmp "$scratch/doc-topics.txt" "$folder/$expected"
    else
      compressed=$(test_data "$set/$expected.gz")
      gzip -dc "$compressed" | cmp "$scratch/doc-topics.txt" -
    fi || { echo "$set infer-topics $expected differs" >&2; exit 1; }
    checked=$((checked + 1))
  done < <(grep '^mallet infer-topics' "$commands")
done
# 30 of MALLET 2.1.1's outputs (sgu-k100's p10-rtrue-s1 left out), 9 of 2.0.8's evaluate-topics, 12 infer-topics files.
[ "$checked" = 51 ] || { echo "launcher: checked $checked MALLET outputs, not 51" >&2; exit 1; }
echo "launcher: $checked MALLET outputs reproduced byte for byte"

# The launcher as MALLET's own: without MALLET_HOME it finds the next `mallet` on the PATH and passes every
# command but `evaluate-topics --native` through untouched; `evaluate-topics --help` mentions --native.
unset MALLET_HOME
fake=$scratch/fake-mallet
mkdir -p "$fake/bin" "$scratch/front"
printf '#!/bin/sh\necho "MALLET got: $*"\n' > "$fake/bin/mallet"
chmod +x "$fake/bin/mallet"
ln -s "$(readlink -f "$build/bin/mallet")" "$scratch/front/mallet"
out=$(PATH="$scratch/front:$fake/bin:$PATH" mallet import-file --help)
[ "$out" = "MALLET got: import-file --help" ] || { echo "pass-through: $out" >&2; exit 1; }
out=$(PATH="$scratch/front:$fake/bin:$PATH" mallet evaluate-topics --native false --input x)
[ "$out" = "MALLET got: evaluate-topics --native false --input x" ] || { echo "--native false: $out" >&2; exit 1; }
out=$(PATH="$scratch/front:$fake/bin:$PATH" mallet evaluate-topics --help)
grep -qx "MALLET got: evaluate-topics --help" <<< "$out" || { echo "help: $out" >&2; exit 1; }
grep -qx -- "--native TRUE|FALSE" <<< "$out" || { echo "help without --native: $out" >&2; exit 1; }
status=0
err=$(PATH="$scratch/front:/usr/bin:/bin" mallet import-file --help 2>&1) || status=$?
[ "$status" = 1 ] || { echo "no MALLET: status $status" >&2; exit 1; }
[ "$err" = "topiceval's mallet launcher: MALLET is not installed here: set MALLET_HOME to a MALLET installation, or put its bin/mallet on the PATH after this launcher" ] ||
  { echo "no MALLET: $err" >&2; exit 1; }
# Another installation's launcher after this one (the Debian package's /usr/bin/mallet beside a build tree's)
# is not MALLET: without MALLET the command is refused, not handed back and forth for ever.
mkdir -p "$scratch/second/bin"
cp "$(readlink -f "$build/bin/mallet")" "$scratch/second/bin/mallet"
status=0
err=$(PATH="$scratch/front:$scratch/second/bin:/usr/bin:/bin" timeout 60 bash -c 'mallet import-file --help' 2>&1) ||
  status=$?
[ "$status" = 1 ] || { echo "two launchers: status $status (124: handed back and forth)" >&2; exit 1; }
[ "$err" = "topiceval's mallet launcher: MALLET is not installed here: set MALLET_HOME to a MALLET installation, or put its bin/mallet on the PATH after this launcher" ] ||
  { echo "two launchers: $err" >&2; exit 1; }
out=$(PATH="$scratch/front:$scratch/second/bin:$fake/bin:$PATH" timeout 60 bash -c 'mallet import-file --help')
[ "$out" = "MALLET got: import-file --help" ] || { echo "two launchers, then MALLET: $out" >&2; exit 1; }
mkdir -p "$scratch/home/bin"
cp "$scratch/second/bin/mallet" "$scratch/home/bin/mallet"
status=0
err=$(MALLET_HOME=$scratch/home PATH="$scratch/front:/usr/bin:/bin" timeout 60 bash -c 'mallet import-file --help' 2>&1) ||
  status=$?
[ "$status" = 1 ] && [ "$err" = "topiceval's mallet launcher: MALLET_HOME=$scratch/home holds topiceval's launcher, not MALLET" ] ||
  { echo "MALLET_HOME holding a launcher: $status $err" >&2; exit 1; }
echo "launcher: passes MALLET's commands through, finds MALLET on the PATH past other topiceval launchers, mentions --native in help"
