#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Under mpirun, topiceval gives one process's numbers, bit for bit, and a rank
# that fails ends the whole job cleanly:
#   1. `mpirun -np 3 topiceval evaluate-topics` prints MALLET's total and writes
#      MALLET's per-document file for every expected configuration of three
#      MALLET fixture sets (and the fast sampler's bits equal one process's);
#      `infer-topics` on 2 and 3 ranks writes MALLET's doc-topics files;
#   2. `evaluate` (and `select`, `compare`, `curve`) with several estimators (and document completion) writes the
#      same TSV on 3 ranks as on one process, with and without --shared-filesystem;
#      rank 0 alone reads the held-out set and sends each rank its documents' tokens
#      (the bytes plan-ranks predicts), and its failures stop every rank alike;
#   3. a rank that cannot read its input (an MPMD job whose rank 2 runs where
#      the relative --input is missing, with --shared-filesystem) makes every
#      rank exit 1, its message reaches standard error once, marked with its
#      rank, rank 0 says the job stopped, and no output file (nor a temporary
#      one) is left; ranks started with different arguments stop at start-up.
#
#   tests/mpi/mpi_test.sh TOPICEVAL_BINARY TEST_DATA_DIR
set -euo pipefail
binary=$1
source "$(dirname "$0")/../support/test_data.sh" "$2"
fixtures=$(test_data mallet-2.1.1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=()
[ "$(id -u)" = 0 ] && root=(--allow-run-as-root)
ranks() { mpirun -q --oversubscribe "${root[@]}" -np "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
# What topiceval wrote to standard error, without the lines Open MPI's event library adds on its own when ranks
# stop at once on a loaded machine ("[warn] Epoll MOD(1) on fd 27 failed ..."): they are the launcher's, not ours.
our_errors() { grep -v '^\[warn\] ' "$work/stderr" || true; }

checked=0
for set in stackexchange stackexchange-oov debian-k100; do
  test_data "mallet-2.1.1/$set/expected" > /dev/null
  for total in "$fixtures/$set"/expected/total-*.txt; do
    tag=$(basename "$total" .txt); tag=${tag#total-}
    IFS=- read -r particles resampling seed <<<"$tag"
    particles=${particles#p}; seed=${seed#s}
    resampling=$([ "$resampling" = rtrue ] && echo true || echo false)
    printed=$(ranks 3 "$binary" evaluate-topics --evaluator "$fixtures/$set/evaluator.mallet" \
      --input "$fixtures/$set/test.mallet" --num-particles "$particles" --use-resampling "$resampling" \
      --random-seed "$seed" --output-doc-probs "$work/docprobs.txt")
    [ "$printed" = "$(cat "$total")" ] || fail "$set $tag: printed $printed, MALLET $(cat "$total")"
    cmp -s "$work/docprobs.txt" "$fixtures/$set/expected/docprobs-$tag.txt" || fail "$set $tag: per-document file"
    checked=$((checked + 1))
  done
done
echo "evaluate-topics on 3 ranks: MALLET's total and per-document file for $checked configurations"

# --show-words: rank 0 computes every document (the words' probabilities are not gathered).
showWords=(evaluate-topics --evaluator "$fixtures/stackexchange/evaluator.mallet" --input "$fixtures/stackexchange/test.mallet"
           --num-particles 2 --random-seed 1 --show-words true)
ranks 3 "$binary" "${showWords[@]}" >"$work/words.txt"
cmp -s "$work/words.txt" "$fixtures/stackexchange/expected/show-words-p2-rfalse-s1.txt" || fail "--show-words on 3 ranks"

# infer-topics: the documents dealt to ranks, each at its place in MALLET's stream: MALLET's file.
ranks 3 "$binary" infer-topics --inferencer "$fixtures/stackexchange/inferencer.mallet" \
  --input "$fixtures/stackexchange/test.mallet" --random-seed 7 --num-iterations 50 --burn-in 5 --sample-interval 5 \
  --output-doc-topics "$work/doc-topics.txt"
cmp -s "$work/doc-topics.txt" "$fixtures/stackexchange/infer/doc-topics-s7-i50-b5-t5.txt" || fail "infer-topics on 3 ranks"
ranks 2 "$binary" infer-topics --inferencer "$fixtures/debian-k100/inferencer.mallet" \
  --input "$fixtures/debian-k100/test.mallet" --random-seed 1 --output-doc-topics "$work/doc-topics.txt"
gzip -dc "$fixtures/debian-k100/infer/doc-topics-s1-i100-b10-t10.txt.gz" | cmp -s "$work/doc-topics.txt" - ||
  fail "infer-topics on 2 ranks (debian-k100)"
echo "infer-topics on 2 and 3 ranks: MALLET's doc-topics files"

set=$fixtures/stackexchange
one=$("$binary" evaluate-topics --evaluator "$set/evaluator.mallet" --input "$set/test.mallet" --exact false \
  --num-particles 5 --use-resampling true --random-seed 3)
three=$(ranks 3 "$binary" evaluate-topics --evaluator "$set/evaluator.mallet" --input "$set/test.mallet" \
  --exact false --num-particles 5 --use-resampling true --random-seed 3)
[ "$one" = "$three" ] || fail "fast sampler: $one on one process, $three on 3 ranks"

for estimator in "resample-move --particles 16" "chib-style --samples 20" "ais --temperatures 30" \
                 "left-to-right --particles 4 --resampling true --complete-documents alternate" "filtering"; do
  # shellcheck disable=SC2086  (the estimator's options are words)
  "$binary" evaluate --model "$set/inferencer.mallet" --input "$set/test.mallet" --estimator $estimator \
    --runs 3 --format tsv --quiet >"$work/one.tsv" 2>/dev/null
  # shellcheck disable=SC2086
  ranks 3 "$binary" evaluate --model "$set/inferencer.mallet" --input "$set/test.mallet" --estimator $estimator \
    --runs 3 --format tsv --quiet >"$work/three.tsv"
  # shellcheck disable=SC2086
  ranks 2 "$binary" evaluate --shared-filesystem --model "$set/inferencer.mallet" --input "$set/test.mallet" \
    --estimator $estimator --runs 3 --format tsv --quiet >"$work/two.tsv"
  cmp -s "$work/one.tsv" "$work/three.tsv" || fail "evaluate --estimator $estimator: 3 ranks differ"
  cmp -s "$work/one.tsv" "$work/two.tsv" || fail "evaluate --estimator $estimator: 2 ranks, shared filesystem"
done
echo "evaluate on 2 and 3 ranks: the same TSV as one process for 5 estimators"

# Rank 0 alone reads the held-out set and sends each rank only its documents' tokens: the bytes the run
# reports are those plan-ranks predicts, and far fewer than broadcasting the input; nothing moves when
# every rank reads its own copy.
ranks 3 "$binary" evaluate --model "$set/inferencer.mallet" --input "$set/test.mallet" --quiet \
  >/dev/null 2>"$work/moved.txt"
sent=$(sed -n 's/.*broadcast, \(.*\) of documents sent once.*/\1/p' "$work/moved.txt")
broadcast=$(sed -n 's/.*of input (\(.*\) broadcast,.*/\1/p' "$work/moved.txt")
predicted=$("$binary" plan-ranks --input "$set/test.mallet" --model "$set/inferencer.mallet" --ranks 3 --cost linear |
  awk -F'\t' '$1 == 3 { print $8 }')
[ -n "$sent" ] && [ "$sent" = "$predicted" ] || fail "tokens sent: $(cat "$work/moved.txt"), plan-ranks predicted $predicted"
[ "$sent" != "0 B" ] || fail "no tokens were sent: $(cat "$work/moved.txt")"
modelBytes=$(stat -c %s "$set/inferencer.mallet"); inputBytes=$(stat -c %s "$set/test.mallet")
broadcastBytes=$(awk -v text="$broadcast" 'BEGIN { split(text, part, " "); scale = 1;
  if (part[2] == "KiB") scale = 1024; if (part[2] == "MiB") scale = 1048576; printf "%d", part[1] * scale }')
# The model goes to the 2 others whole; of the documents only their lengths and type profile (under a tenth of the input).
[ "$broadcastBytes" -lt $((2 * modelBytes + 2 * inputBytes / 10)) ] ||
  fail "broadcast $broadcast, more than the model and a tenth of the input to each other rank"
ranks 3 "$binary" evaluate --shared-filesystem --model "$set/inferencer.mallet" --input "$set/test.mallet" --quiet \
  >/dev/null 2>"$work/moved.txt"
grep -qF "3 ranks moved 0 B of input" "$work/moved.txt" || fail "--shared-filesystem moved input: $(cat "$work/moved.txt")"
# Rank 0's failure to read or choose documents stops every rank with one process's status and message.
status=0
ranks 3 "$binary" evaluate --model "$set/inferencer.mallet" --input "$set/test.mallet" --documents 0-999 --quiet \
  >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" = 2 ] || fail "--documents beyond the set on 3 ranks: exit status $status, not 2: $(cat "$work/stderr")"
[ "$(our_errors)" = "topiceval evaluate: --documents names document 999, but the input has 200 documents (0 to 199)" ] ||
  fail "--documents beyond the set on 3 ranks: $(cat "$work/stderr")"
status=0
ranks 3 "$binary" evaluate-topics --evaluator "$set/evaluator.mallet" --input "$work/absent.mallet" \
  >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" = 1 ] || fail "an absent input on 3 ranks: exit status $status, not 1: $(cat "$work/stderr")"
[ "$(our_errors)" = "topiceval evaluate-topics: $work/absent.mallet: cannot open: No such file or directory" ] ||
  fail "an absent input on 3 ranks: $(cat "$work/stderr")"
echo "documents dealt by rank 0: $sent of tokens sent, as plan-ranks predicts; $broadcast broadcast; failures stop every rank"

# select, compare (ratio-AIS) and curve (iteration-AIS, between a state and perturbed copies of it) deal the
# documents as evaluate does: on 2 and 3 ranks the same TSV as one process, and each rank scores only its
# share (the documents scored by rank, which rank 0 reports, add up to one process's work, none left out
# and none scored twice, and no rank scores them all).
"$binary" perturb-state --input "$set/state.gz" --output "$work/perturbed.gz" --fraction 0.2 --seed 4
"$binary" perturb-state --input "$work/perturbed.gz" --output "$work/perturbed2.gz" --fraction 0.2 --seed 5
# Each command with the documents one process scores: 200 documents, times the passes over them.
for case in "600|select --model $set/inferencer.mallet $set/state.gz $work/perturbed.gz --runs 2 --particles 4" \
            "600|select --model $set/inferencer.mallet $set/state.gz $work/perturbed.gz --particles 2 --coherence-texts $set/test.mallet --coherence u_mass" \
            "117|select --model $set/inferencer.mallet $set/state.gz $work/perturbed.gz --documents 3-40,90 --coherence none --estimator left-to-right --particles 3 --resampling true" \
            "200|compare --model-a $set/state.gz --model-b $work/perturbed.gz --temperatures 20 --samples 2" \
            "600|compare --model-a $set/state.gz --model-b $work/perturbed.gz --temperatures 10 --direction forward" \
            "200|curve --states $set/state.gz $work/perturbed.gz $work/perturbed2.gz --temperatures 20"; do
  scored=${case%%|*}; command=${case#*|}
  # shellcheck disable=SC2086  (the command's options are words)
  "$binary" $command --input "$set/test.mallet" --format tsv --quiet >"$work/one.tsv" 2>/dev/null
  [ "$(wc -l <"$work/one.tsv")" -gt 3 ] || fail "${command%% *}: $(head -3 "$work/one.tsv")"
  givenInAll=
  for n in 2 3; do
    # shellcheck disable=SC2086
    ranks "$n" "$binary" $command --input "$set/test.mallet" --format tsv --quiet >"$work/ranks.tsv" 2>"$work/ranks.err" ||
      fail "$command on $n ranks: $(cat "$work/ranks.err")"
    cmp -s "$work/one.tsv" "$work/ranks.tsv" || fail "$command: $n ranks differ from one process"
    sent=$(sed -n 's/.*broadcast, \(.*\) of documents sent once.*/\1/p' "$work/ranks.err")
    [ -n "$sent" ] && [ "$sent" != "0 B" ] || fail "$command on $n ranks: the input was not dealt: $(cat "$work/ranks.err")"
    byRank=$(sed -n 's/.*documents scored by rank: //p' "$work/ranks.err")
    counts=$(tr -d ' ' <<<"$byRank" | tr ',' '\n')
    [ "$(wc -l <<<"$counts")" = "$n" ] || fail "$command: documents scored by rank '$byRank' on $n ranks"
    [ "$(awk '{ sum += $1 } END { print sum }' <<<"$counts")" = "$scored" ] ||
      fail "$command: documents scored by rank $byRank on $n ranks, not $scored in all"
    while read -r count; do
      [ "$count" -gt 0 ] && [ "$count" -lt "$scored" ] || fail "$command: a rank scored $count of $scored ($byRank)"
    done <<<"$counts"
    # The per-document results are gathered: each value is given once, by the rank that computed it, so the
    # values given add up alike on 2 and 3 ranks (a sum would take all of them from every rank).
    given=$(sed -n 's/.*values gathered from each rank: \([0-9, ]*\);.*/\1/p' "$work/ranks.err" | tr -d ' ' | tr ',' '\n')
    [ "$(wc -l <<<"$given")" = "$n" ] || fail "$command: values gathered by rank on $n ranks: $(cat "$work/ranks.err")"
    inAll=$(awk '{ sum += $1 } END { print sum }' <<<"$given")
    [ -z "$givenInAll" ] || [ "$inAll" = "$givenInAll" ] ||
      fail "$command: $inAll values gathered on $n ranks, $givenInAll on 2: $(cat "$work/ranks.err")"
    givenInAll=$inAll
    while read -r values; do
      [ "$values" -gt 0 ] && [ "$values" -lt "$inAll" ] || fail "$command: a rank gave $values of $inAll values"
    done <<<"$given"
  done
done
echo "select, compare and curve on 2 and 3 ranks: the same TSV as one process, each rank scoring its share and giving its own results"

# A rank that fails alone: the same command on every rank, but rank 2 runs in a
# directory where the relative --input does not exist.
mkdir -p "$work/here" "$work/elsewhere"
cp "$set/test.mallet" "$work/here/test.mallet"
status=0
mpirun -q --oversubscribe "${root[@]}" \
  -np 2 -wdir "$work/here" "$binary" evaluate-topics --shared-filesystem --evaluator "$set/evaluator.mallet" \
    --input test.mallet --output-doc-probs "$work/out.txt" : \
  -np 1 -wdir "$work/elsewhere" "$binary" evaluate-topics --shared-filesystem --evaluator "$set/evaluator.mallet" \
    --input test.mallet --output-doc-probs "$work/out.txt" >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" = 1 ] || fail "a failing rank: exit status $status, not 1: $(cat "$work/stderr")"
grep -qxF "topiceval evaluate-topics: test.mallet: cannot open: No such file or directory (rank 2 of 3)" \
  "$work/stderr" || fail "the failing rank's message: $(cat "$work/stderr")"
[ "$(grep -c "test.mallet" "$work/stderr")" = 1 ] || fail "the message more than once: $(cat "$work/stderr")"
grep -qxF "topiceval evaluate-topics: rank 2 of 3 failed (its message is above); the whole job stops" \
  "$work/stderr" || fail "rank 0's line: $(cat "$work/stderr")"
[ ! -s "$work/stdout" ] || fail "a failed job printed a total: $(cat "$work/stdout")"
if compgen -G "$work/out.txt*" >/dev/null; then fail "a failed job left $(ls "$work"/out.txt*)"; fi
echo "a failing rank: exit 1, its message once with its rank, no output left"

# Ranks that read different data (the same relative path names another model on rank 2) stop together.
cp "$set/evaluator.mallet" "$work/here/model.mallet"
cp "$fixtures/stackexchange-oov/evaluator.mallet" "$work/elsewhere/model.mallet"
cp "$set/test.mallet" "$work/elsewhere/test.mallet"
status=0
timeout 120 mpirun -q --oversubscribe "${root[@]}" \
  -np 2 -wdir "$work/here" "$binary" evaluate-topics --shared-filesystem --evaluator model.mallet --input test.mallet : \
  -np 1 -wdir "$work/elsewhere" "$binary" evaluate-topics --shared-filesystem --evaluator model.mallet \
    --input test.mallet >"$work/stdout" 2>"$work/stderr" || status=$?
[ "$status" = 1 ] || fail "ranks reading different data: exit status $status, not 1: $(cat "$work/stderr")"
grep -qF "the ranks reached different steps or read different data" "$work/stderr" ||
  fail "ranks reading different data: $(cat "$work/stderr")"
[ "$(grep -c "different data" "$work/stderr")" = 1 ] || fail "the message more than once: $(cat "$work/stderr")"
[ ! -s "$work/stdout" ] || fail "ranks reading different data printed $(cat "$work/stdout")"

# Ranks started with different commands (MPMD) stop before any work, with one message: any argument
# (here --particles, --estimator, --seed, --documents) or a TOPICEVAL_ variable.
for other in "--particles 64" "--estimator left-to-right" "--seed 2" "--documents 0-9" "TOPICEVAL_INSTRUCTION_SET=baseline"; do
  status=0
  first=(evaluate --model "$set/inferencer.mallet" --input "$set/test.mallet" --particles 10 --runs 2 --quiet)
  if [[ $other == TOPICEVAL_* ]]; then
    second=(-x "$other" "$binary" "${first[@]}")
  else
    # shellcheck disable=SC2206  (the option and its value are two words)
    second=("$binary" "${first[@]}" $other)
  fi
  timeout 120 mpirun -q --oversubscribe "${root[@]}" -np 1 "$binary" "${first[@]}" : -np 1 "${second[@]}" \
    >"$work/stdout" 2>"$work/stderr" || status=$?
  [ "$status" = 2 ] || fail "ranks started with $other: exit status $status, not 2: $(cat "$work/stderr")"
  grep -qxF "topiceval: rank 1 of 2 was started with other arguments (or other TOPICEVAL_ environment variables) than rank 0; every rank must run the same command, so the job stops" \
    "$work/stderr" || fail "ranks started with $other: $(cat "$work/stderr")"
  [ "$(wc -l <"$work/stderr")" = 1 ] || fail "ranks started with $other: more than one line: $(cat "$work/stderr")"
  [ ! -s "$work/stdout" ] || fail "ranks started with $other printed $(cat "$work/stdout")"
done
echo "ranks reading different data or started with different commands stop together"
# Standard input exists on rank 0 only: it is broadcast even under --shared-filesystem.
printed=$(ranks 3 "$binary" evaluate-topics --shared-filesystem --evaluator "$set/evaluator.mallet" --input - \
  --num-particles 10 --random-seed 1 <"$set/test.mallet")
[ "$printed" = "$(cat "$set/expected/total-p10-rfalse-s1.txt")" ] || fail "--input - on 3 ranks: $printed"
echo "standard input is broadcast"
