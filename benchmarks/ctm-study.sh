#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Does a correlated topic model beat LDA on our data? Ahmed & Xing's (2007)
# figure 7 question, answered for ../shared/corpora/sgu (podcast segments:
# long documents, as the paper's NIPS set), from the same held-out documents.
#
#   MALLET_HOME=/path/to/mallet-2.1.1 benchmarks/ctm-study.sh [--topics "10 20 30 40"] [--smoothing S] [--work DIR]
#
# MALLET_HOME: a MALLET 2.1.1 build (../shared/tools/build-mallet.sh). Steps,
# all into DIR (default ~/.cache/topiceval/ctm-study, outside the repository):
#  1. MALLET imports sgu-train.tsv (stopwords removed, --keep-sequence) and
#     sgu-eval.tsv through the same pipe;
#  2. for each K: LDA by MALLET (train-topics, 1000 iterations, hyperparameters
#     optimised every 20, seed 1, --evaluator-filename), and LoNTAM by
#     `topiceval train-ctm` (Taylor E-step, --topic-word-smoothing S, default
#     train-ctm's own, otherwise defaults, seed 1);
#  3. every model scores the held-out documents once (`topiceval evaluate`:
#     LDA by resample-move, LoNTAM by posterior-importance, both unbiased for
#     p(w), 4 runs each), and each K's pair is compared document by document
#     (the paired difference and its error, as `select` computes them);
#  4. a table, study.md in DIR.
# About 20 minutes on 2 cores for the four K.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpora=${TOPICEVAL_CORPORA:-$root/../shared/corpora}
work=${HOME}/.cache/topiceval/ctm-study
topics="10 20 30 40"
smoothing=""
source "$root/benchmarks/support/options.sh"
parse_options "usage: $0 [--topics \"10 20 30 40\"] [--smoothing S] [--work DIR]" \
  --topics=topics --smoothing=smoothing --work=work -- "$@"
source "$root/benchmarks/support/mallet_study.sh"
mallet_study_start ctm-study.sh "$work"

if [ ! -s train.mallet ] || [ ! -s test.mallet ]; then
  "$mallet" import-file --input "$corpora/sgu-train.tsv" --keep-sequence --remove-stopwords --output train.mallet
  "$mallet" import-file --input "$corpora/sgu-eval.tsv" --keep-sequence --remove-stopwords \
    --use-pipe-from train.mallet --output test.mallet
fi

ctm() { echo "ctm-k$1${smoothing:+-s$smoothing}"; }  # one model name per K and smoothing
for k in $topics; do
  if [ ! -s "lda-k$k.mallet" ]; then
    start=$(date +%s)
    "$mallet" train-topics --input train.mallet --num-topics "$k" --num-iterations 1000 --optimize-interval 20 \
      --random-seed 1 --num-threads 2 --evaluator-filename "lda-k$k.mallet" > "lda-k$k.log" 2>&1
    echo "LDA K=$k trained in $(( $(date +%s) - start )) s"
  fi
  if [ ! -s "$(ctm "$k").txt" ]; then
    start=$(date +%s)
    "$topiceval" train-ctm --input train.mallet --num-topics "$k" --output "$(ctm "$k").txt" --seed 1 \
      ${smoothing:+--topic-word-smoothing "$smoothing"} > "$(ctm "$k").log" 2>&1 < /dev/null \
      || { cat "$(ctm "$k").log" >&2; exit 1; }
    echo "LoNTAM K=$k trained in $(( $(date +%s) - start )) s: $(tail -1 "$(ctm "$k").log")"
  fi
done

# Each model scores the held-out documents once (per-document table); the
# pairs are compared document by document, as select does.
for model in $(for k in $topics; do echo "lda-k$k.mallet $(ctm "$k").txt"; done); do
  if [ ! -s "$model.tsv" ]; then
    "$topiceval" evaluate --model "$model" --input test.mallet --runs 4 --format tsv --quiet \
      > "$model.tsv" 2> "$model.summary"
  fi
done
python3 - "$topics" "$(grep -c . "$corpora/sgu-eval.tsv")" "${smoothing:+-s$smoothing}" "${smoothing:-the train-ctm default}" \
  > study.md <<'PY'
import csv, math, sys
topics, segments, suffix, smoothing = sys.argv[1].split(), sys.argv[2], sys.argv[3], sys.argv[4]

def table(path):
    rows = list(csv.DictReader(open(path), delimiter="\t"))
    return [(int(r["tokens"]), float(r["loglik"]), float(r["loglik_se"])) for r in rows]

def total(rows):
    tokens = sum(t for t, _, _ in rows)
    value = sum(v for _, v, _ in rows)
    error = math.sqrt(sum(e * e for _, _, e in rows))
    return tokens, value, error

print(f"# LDA (MALLET) against LoNTAM (topiceval train-ctm, --topic-word-smoothing {smoothing}) on sgu, "
      "held-out log likelihood\n")
print(f"{segments} held-out segments. Per token: natural log likelihood per held-out token, +- one standard error "
      "(over 4 runs per document). LoNTAM - LDA: the paired difference of the totals, +- its standard error over "
      "documents (sqrt(D) times the spread of the per-document differences).\n")
print("| K | LDA per token | LoNTAM per token | LDA perplexity | LoNTAM perplexity | LoNTAM - LDA (nats) | per token | better |")
print("|---|---|---|---|---|---|---|---|")
for k in topics:
    lda, ctm = table(f"lda-k{k}.mallet.tsv"), table(f"ctm-k{k}{suffix}.txt.tsv")
    if [t for t, _, _ in lda] != [t for t, _, _ in ctm]:
        sys.exit(f"K = {k}: the two models score different tokens")
    (tokens, a, ae), (_, b, be) = total(lda), total(ctm)
    differences = [c[1] - l[1] for l, c in zip(lda, ctm) if l[0] > 0]
    n = len(differences)
    mean = sum(differences) / n
    spread = math.sqrt(n * sum((x - mean) ** 2 for x in differences) / (n - 1))
    difference = sum(differences)
    better = ("LoNTAM" if difference > 0 else "LDA") if abs(difference) > 2 * spread else "tied (within 2 errors)"
    print(f"| {k} | {a / tokens:.5f} +- {ae / tokens:.5f} | {b / tokens:.5f} +- {be / tokens:.5f} | "
          f"{math.exp(-a / tokens):.1f} | {math.exp(-b / tokens):.1f} | {difference:+.1f} +- {spread:.1f} | "
          f"{difference / tokens:+.4f} | {better} |")
PY
for k in $topics; do
  echo "- LoNTAM K=$k: $(tail -1 "$(ctm "$k").log")" >> study.md
done
cat study.md
