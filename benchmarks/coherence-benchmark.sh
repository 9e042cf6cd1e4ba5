#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Whole-process benchmark of `topiceval coherence` against gensim 4.2's
# CoherenceModel (Debian's python3-gensim) on the same topics and reference
# texts: debian-k100's training documents (the Debian package descriptions, from
# its topic state) and MALLET's top 10 words of each topic. Both run in turns in
# the same session; each row is the median of the runs, and the numbers of both
# are checked to agree within 1e-9.
#
#   benchmarks/coherence-benchmark.sh [--runs N] [--measures "c_v c_npmi u_mass c_uci"]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
set_dir="$root/../shared/fixtures/mallet-2.1.1/debian-k100"
topiceval="$root/build/topiceval"
runs=3
measures="c_v c_npmi"
source "$root/benchmarks/support/options.sh"
parse_options "usage: $0 [--runs N] [--measures \"c_v c_npmi\"]" --runs=runs --measures=measures -- "$@"
[ -x "$topiceval" ] || scripts/build.sh > /dev/null
/usr/bin/python3 -c "import gensim" 2> /dev/null || { echo "needs Debian's python3-gensim" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

seconds() {  # COMMAND...: wall seconds of one run, its output in $scratch/out
  local start end
  start=$(date +%s.%N)
  "$@" > "$scratch/out" 2> /dev/null
  end=$(date +%s.%N)
  /usr/bin/python3 -c "print($end - $start)"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| measure | gensim (1 process) | topiceval, 1 thread | ratio | topiceval, $(nproc) threads | ratio | largest difference |"
echo "|---|---|---|---|---|---|---|"
for measure in $measures; do
  : > "$scratch/gensim" ; : > "$scratch/one" ; : > "$scratch/all"
  for _ in $(seq "$runs"); do
    seconds /usr/bin/python3 benchmarks/support/gensim_coherence.py "$set_dir/state.gz" "$set_dir/diagnostics/topic-keys.txt" \
      "$measure" >> "$scratch/gensim"
    cp "$scratch/out" "$scratch/gensim.out"
    seconds "$topiceval" coherence --model "$set_dir/state.gz" --measure "$measure" --bootstrap 0 --threads 1 \
      --format tsv >> "$scratch/one"
    cp "$scratch/out" "$scratch/one.out"
    seconds "$topiceval" coherence --model "$set_dir/state.gz" --measure "$measure" --bootstrap 0 --threads 0 \
      --format tsv >> "$scratch/all"
    cmp -s "$scratch/out" "$scratch/one.out" || { echo "$measure: the thread counts disagree" >&2; exit 1; }
  done
  difference=$(/usr/bin/python3 - "$scratch/gensim.out" "$scratch/one.out" "$measure" <<'PY'
import sys
gensim = dict(line.split("\t") for line in open(sys.argv[1]).read().splitlines())
ours = {}
for line in open(sys.argv[2]).read().splitlines()[1:]:
    fields = line.split("\t")
    if fields[0] == sys.argv[3]:
        ours[fields[1]] = fields[2]
print(max(abs(float(gensim[key]) - float(ours[key])) for key in gensim))
PY
  )
  g=$(median < "$scratch/gensim"); o=$(median < "$scratch/one"); a=$(median < "$scratch/all")
  /usr/bin/python3 -c "print('| $measure | %.2f s | %.3f s | %.0fx | %.3f s | %.0fx | $difference |' % ($g, $o, $g / $o, $a, $g / $a))"
done
