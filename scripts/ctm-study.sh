#!/usr/bin/env bash
# Does a correlated topic model beat LDA on our data? Ahmed & Xing's (2007)
# figure 7 question, answered for ../shared/corpora/sgu (podcast segments:
# long documents, as the paper's NIPS set), from the same held-out documents.
#
#   MALLET_HOME=/path/to/mallet-2.1.1 scripts/ctm-study.sh [--topics "10 20 30 40"] [--work DIR]
#
# MALLET_HOME: a MALLET 2.1.1 build (../shared/tools/build-mallet.sh). Steps,
# all into DIR (default ~/.cache/topiceval/ctm-study, outside the repository):
#  1. MALLET imports sgu-train.tsv (stopwords removed, --keep-sequence) and
#     sgu-eval.tsv through the same pipe;
#  2. for each K: LDA by MALLET (train-topics, 1000 iterations, hyperparameters
#     optimised every 20, seed 1, --evaluator-filename), and LoNTAM by
#     `topiceval train-ctm` (Taylor E-step, defaults, seed 1);
#  3. for each K, `topiceval select` on the held-out documents with the two
#     models: LDA by resample-move, LoNTAM by posterior-importance, both
#     unbiased for p(w), 4 runs each, and the paired difference with its error;
#  4. one `select` over every model, and a table (study.md in DIR).
# About 15 minutes on 2 cores for the four K.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
corpora=${TOPICEVAL_CORPORA:-$root/../shared/corpora}
work=${HOME}/.cache/topiceval/ctm-study
topics="10 20 30 40"
while [ $# -gt 0 ]; do
  case "$1" in
    --topics) topics=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "ctm-study.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "${MALLET_HOME:-}" ] || [ ! -x "$MALLET_HOME/bin/mallet" ]; then
  echo "ctm-study.sh: set MALLET_HOME to a MALLET 2.1.1 build (../shared/tools/build-mallet.sh)" >&2
  exit 2
fi
mallet=$MALLET_HOME/bin/mallet
mkdir -p "$work"
# A copy of the binary, so that rebuilding the project during the study changes nothing.
cp "$root/build/topiceval" "$work/topiceval"
topiceval=$work/topiceval
cd "$work"

if [ ! -s train.mallet ] || [ ! -s test.mallet ]; then
  "$mallet" import-file --input "$corpora/sgu-train.tsv" --keep-sequence --remove-stopwords --output train.mallet
  "$mallet" import-file --input "$corpora/sgu-eval.tsv" --keep-sequence --remove-stopwords \
    --use-pipe-from train.mallet --output test.mallet
fi

for k in $topics; do
  if [ ! -s "lda-k$k.mallet" ]; then
    start=$(date +%s)
    "$mallet" train-topics --input train.mallet --num-topics "$k" --num-iterations 1000 --optimize-interval 20 \
      --random-seed 1 --num-threads 2 --evaluator-filename "lda-k$k.mallet" > "lda-k$k.log" 2>&1
    echo "LDA K=$k trained in $(( $(date +%s) - start )) s"
  fi
  if [ ! -s "ctm-k$k.txt" ]; then
    start=$(date +%s)
    "$topiceval" train-ctm --input train.mallet --num-topics "$k" --output "ctm-k$k.txt" --seed 1 \
      > "ctm-k$k.log" 2>&1 < /dev/null || { cat "ctm-k$k.log" >&2; exit 1; }
    echo "LoNTAM K=$k trained in $(( $(date +%s) - start )) s: $(tail -1 "ctm-k$k.log")"
  fi
done

{
  echo "# LDA (MALLET) against LoNTAM (topiceval train-ctm) on sgu, held-out log likelihood"
  echo
  echo "$(grep -c . "$corpora/sgu-eval.tsv") held-out segments; per token: natural log per held-out token, +- one standard error."
  echo
  echo "| K | LDA per token | LoNTAM per token | LDA perplexity | LoNTAM perplexity | LoNTAM - LDA (nats, total) | verdict | LoNTAM EM iterations |"
  echo "|---|---|---|---|---|---|---|---|"
} > study.md
for k in $topics; do
  "$topiceval" select --input test.mallet "lda-k$k.mallet" "ctm-k$k.txt" --runs 4 --format tsv --quiet > "select-k$k.tsv"
  iterations=$(grep -c '^iteration' "ctm-k$k.log")
  python3 - "$k" "select-k$k.tsv" "$iterations" >> study.md <<'PY'
import csv, sys
k, path, iterations = sys.argv[1], sys.argv[2], sys.argv[3]
rows = {("ctm" if r["model"].endswith(".txt") else "lda"): r for r in csv.DictReader(open(path), delimiter="\t")}
lda, ctm = rows["lda"], rows["ctm"]
difference = float(ctm["total"]) - float(lda["total"])
loser = lda if difference > 0 else ctm
error = float(loser["difference_se"])
verdict = ("LoNTAM" if difference > 0 else "LDA") + (" better" if loser["verdict"] == "worse" else " (tied within 2 errors)")
print(f"| {k} | {float(lda['per_token']):.4f} +- {float(lda['per_token_se']):.4f} | "
      f"{float(ctm['per_token']):.4f} +- {float(ctm['per_token_se']):.4f} | {float(lda['perplexity']):.1f} | "
      f"{float(ctm['perplexity']):.1f} | {difference:+.1f} +- {error:.1f} | {verdict} | {iterations} |")
PY
done
models=""
for k in $topics; do models="$models lda-k$k.mallet ctm-k$k.txt"; done
# shellcheck disable=SC2086
"$topiceval" select --input test.mallet $models --runs 4 --quiet > select-all.txt
{
  echo
  echo "Every model in one ranking (topiceval select):"
  echo
  echo '```'
  cat select-all.txt
  echo '```'
} >> study.md
cat study.md
