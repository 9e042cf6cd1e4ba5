#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Whole-process benchmark of `topiceval infer-topics` against MALLET 2.1.1's
# `mallet infer-topics` on the same inferencer, documents and seed, in turns in
# one session (each figure the median of the runs). Every exact run's file is
# checked to be MALLET's byte for byte; the fast mode's is not (other digits).
# Rows: the stackexchange and debian-k100 fixtures, and a large held-out set
# (the Debian descriptions, train and test, imported with the fixture's pipe and
# repeated to 100,000 documents). MALLET's compute time without its JVM start
# is its whole time less that of a run on no documents.
#
#   benchmarks/infer-topics-benchmark.sh MALLET_HOME [--runs N] [--mh-steps "1 2"] [--inferencer NAME:FILE]
# MALLET_HOME: a MALLET 2.1.1 installation (../shared/tools/build-mallet.sh builds one).
# --mh-steps: a fast-mode column for each of these Metropolis-Hastings step counts.
# --inferencer: one more row, the large set scored by another inferencer of the
# Debian descriptions' alphabet (e.g. a K = 1,000 model trained with MALLET on
# ../shared/corpora/debian-descriptions-train.tsv through debian-k100's pipe).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fixtures="$root/../shared/fixtures/mallet-2.1.1"
corpora="$root/../shared/corpora"
topiceval="$root/build/topiceval"
usage="usage: $0 MALLET_HOME [--runs N] [--mh-steps \"1 2\"] [--inferencer NAME:FILE]"
[ $# -ge 1 ] || { echo "$usage" >&2; exit 2; }
mallet="$1/bin/mallet"
shift
runs=3
mh_steps=""
extra_rows=()
source "$root/benchmarks/support/options.sh"
parse_options "$usage" --runs=runs --mh-steps=mh_steps --inferencer+extra_rows -- "$@"
[ -x "$mallet" ] || { echo "no MALLET at $mallet" >&2; exit 1; }
[ -x "$topiceval" ] || scripts/build.sh > /dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

seconds() {  # COMMAND...: wall seconds of one run
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  /usr/bin/python3 -c "print($end - $start)"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The large set: 100,000 Debian descriptions through debian-k100's own import pipe.
debian="$fixtures/debian-k100"
/usr/bin/python3 - "$corpora" "$scratch/large.tsv" <<'PY'
import sys
lines = [l.split("\t", 2) for f in ("debian-descriptions-train.tsv", "debian-descriptions-test.tsv")
         for l in open(f"{sys.argv[1]}/{f}", encoding="utf-8").read().splitlines()]
with open(sys.argv[2], "w", encoding="utf-8") as out:
    for i in range(100_000):
        name, label, text = lines[i % len(lines)]
        out.write(f"{name}-{i}\t{label}\t{text}\n")
PY
"$mallet" import-file --input "$scratch/large.tsv" --output "$scratch/large.mallet" --use-pipe-from "$debian/test.mallet" \
  --keep-sequence --remove-stopwords > /dev/null 2>&1
head -1 "$scratch/large.tsv" > "$scratch/one.tsv"
"$mallet" import-file --input "$scratch/one.tsv" --output "$scratch/empty.mallet" --use-pipe-from "$debian/test.mallet" \
  --keep-sequence --remove-stopwords > /dev/null 2>&1

header="| documents | MALLET | MALLET without JVM start | topiceval exact, 1 thread | ratio | exact, $(nproc) threads | ratio | fast, $(nproc) threads | ratio |"
rule="|---|---|---|---|---|---|---|---|---|"
for steps in $mh_steps; do header="$header fast, --mh-steps $steps | ratio |"; rule="$rule---|---|"; done
echo "$header"
echo "$rule"
rows=("stackexchange:$fixtures/stackexchange/test.mallet:$fixtures/stackexchange/inferencer.mallet"
      "debian-k100:$debian/test.mallet:$debian/inferencer.mallet"
      "debian-k100 x 100,000:$scratch/large.mallet:$debian/inferencer.mallet")
for extra in "${extra_rows[@]}"; do rows+=("${extra%%:*} x 100,000:$scratch/large.mallet:${extra#*:}"); done
for row in "${rows[@]}"; do
  name=${row%%:*}
  rest=${row#*:}
  input=${rest%%:*}
  common=(--inferencer "${rest#*:}" --random-seed 1)
  : > "$scratch/m"; : > "$scratch/m0"; : > "$scratch/one"; : > "$scratch/all"; : > "$scratch/fast"
  for steps in $mh_steps; do : > "$scratch/mh$steps"; done
  for _ in $(seq "$runs"); do
    seconds "$mallet" infer-topics "${common[@]}" --input "$input" --output-doc-topics "$scratch/mallet.txt" >> "$scratch/m"
    seconds "$mallet" infer-topics "${common[@]}" --input "$scratch/empty.mallet" --output-doc-topics "$scratch/m0.txt" \
      >> "$scratch/m0"
    seconds "$topiceval" infer-topics "${common[@]}" --input "$input" --output-doc-topics "$scratch/one.txt" --threads 1 \
      >> "$scratch/one"
    seconds "$topiceval" infer-topics "${common[@]}" --input "$input" --output-doc-topics "$scratch/all.txt" --threads 0 \
      >> "$scratch/all"
    seconds "$topiceval" infer-topics "${common[@]}" --input "$input" --output-doc-topics "$scratch/fast.txt" --threads 0 \
      --exact false >> "$scratch/fast"
    for steps in $mh_steps; do
      seconds "$topiceval" infer-topics "${common[@]}" --input "$input" --output-doc-topics "$scratch/mh.txt" --threads 0 \
        --exact false --mh-steps "$steps" >> "$scratch/mh$steps"
    done
    cmp -s "$scratch/mallet.txt" "$scratch/one.txt" || { echo "$name: 1 thread differs from MALLET" >&2; exit 1; }
    cmp -s "$scratch/mallet.txt" "$scratch/all.txt" || { echo "$name: $(nproc) threads differ from MALLET" >&2; exit 1; }
  done
  m=$(median < "$scratch/m"); m0=$(median < "$scratch/m0"); o=$(median < "$scratch/one"); a=$(median < "$scratch/all")
  f=$(median < "$scratch/fast")
  mh=""
  for steps in $mh_steps; do mh="$mh $(median < "$scratch/mh$steps")"; done
  /usr/bin/python3 -c "
m, m0, o, a, f = $m, $m0, $o, $a, $f
compute = max(m - m0, 1e-9)
line = '| $name | %.2f s | %.2f s | %.2f s | %.1fx | %.2f s | %.1fx | %.2f s | %.1fx |' % (m, compute, o, m / o, a, m / a, f, m / f)
for s in '$mh'.split():
    line += ' %.2f s | %.1fx |' % (float(s), m / float(s))
print(line)"
done
echo
echo "ratios: MALLET's whole process over topiceval's; every exact file was MALLET's byte for byte"
