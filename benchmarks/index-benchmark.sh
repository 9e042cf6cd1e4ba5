#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Whole-process benchmark of the reference index beside gensim 4.2 (Debian's
# python3-gensim) in the same session, on debian-k100's training documents
# (the texts gensim_coherence.py gives gensim, written one document a line)
# and MALLET's top 10 words of each of its 100 topics:
#   - `topiceval index` of the texts against one gensim c_v run;
#   - `coherence --reference INDEX` against gensim's CoherenceModel, per measure
#     (the values checked to agree with gensim's within 1e-9);
#   - the index's size against the gzipped texts.
# Each time is the median of the runs.
# --large adds the 100-million-token run (not in CI: about 600 MB of text and
# a minute or more): the shared corpora's text (lower-cased, letters only)
# repeated to 100M tokens, indexed (wall time and peak RSS, and the same at a
# tenth of the size, to show memory flat in the corpus), then scored with
# c_npmi for debian-k100's 100 topics; the index's size against the gzipped texts.
#
#   benchmarks/index-benchmark.sh [--runs N] [--measures "u_mass c_uci c_npmi c_v"] [--large]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
set_dir="$root/../shared/fixtures/mallet-2.1.1/debian-k100"
topiceval="$root/build/topiceval"
runs=3
measures="u_mass c_uci c_npmi c_v"
large=0
source "$root/benchmarks/support/options.sh"
parse_options "usage: $0 [--runs N] [--measures \"u_mass c_uci c_npmi c_v\"] [--large]" \
  --runs=runs --measures=measures --large!large -- "$@"
[ -x "$topiceval" ] || { echo "build topiceval first" >&2; exit 1; }
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

# The state's documents, one a line, as gensim_coherence.py reads them.
/usr/bin/python3 "$root/benchmarks/support/state_texts.py" "$set_dir/state.gz" "$scratch/texts.txt"
gzip -9 -k "$scratch/texts.txt"
# Topics as the model gives them: the inferencer holds the state's counts and words, without its 8 MB of assignments.
model="$set_dir/inferencer.mallet"

: > "$scratch/build"; : > "$scratch/gensim-cv"
for _ in $(seq "$runs"); do
  seconds "$topiceval" index --texts "$scratch/texts.txt" --output "$scratch/ref.index" >> "$scratch/build"
  seconds /usr/bin/python3 benchmarks/support/gensim_coherence.py "$set_dir/state.gz" "$set_dir/diagnostics/topic-keys.txt" \
    c_v >> "$scratch/gensim-cv"
done
b=$(median < "$scratch/build"); g=$(median < "$scratch/gensim-cv")
echo "| step | gensim | topiceval | ratio | largest difference |"
echo "|---|---|---|---|---|"
/usr/bin/python3 -c "print('| index the texts (vs one gensim c_v run) | %.2f s | %.3f s | %.1fx | |' % ($g, $b, $g / $b))"
for measure in $measures; do
  : > "$scratch/gensim" ; : > "$scratch/ours"
  for _ in $(seq "$runs"); do
    seconds /usr/bin/python3 benchmarks/support/gensim_coherence.py "$set_dir/state.gz" "$set_dir/diagnostics/topic-keys.txt" \
      "$measure" >> "$scratch/gensim"
    cp "$scratch/out" "$scratch/gensim.out"
    seconds "$topiceval" coherence --model "$model" --reference "$scratch/ref.index" --measure "$measure" --bootstrap 0 \
      --format tsv >> "$scratch/ours"
    cp "$scratch/out" "$scratch/ours.out"
  done
  difference=$(/usr/bin/python3 - "$scratch/gensim.out" "$scratch/ours.out" "$measure" <<'PY'
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
  g=$(median < "$scratch/gensim"); o=$(median < "$scratch/ours")
  /usr/bin/python3 -c "print('| $measure, 100 topics, with the index | %.2f s | %.3f s | %.0fx | $difference |' % ($g, $o, $g / $o))"
done
echo
echo "index: $(stat -c %s "$scratch/ref.index") bytes; texts: $(stat -c %s "$scratch/texts.txt") bytes, gzipped (-9): $(stat -c %s "$scratch/texts.txt.gz") bytes"

[ "$large" = 1 ] || exit 0
# The 100-million-token run.
corpora="$root/../shared/corpora"
for f in "$corpora"/*.tsv; do cut -f3 "$f"; done | tr 'A-Z' 'a-z' | tr -cs 'a-z\n' ' ' > "$scratch/base.txt"
per=$(wc -w < "$scratch/base.txt")
copies=$(( (100000000 + per - 1) / per ))
for _ in $(seq "$copies"); do cat "$scratch/base.txt"; done > "$scratch/large.txt"
for _ in $(seq $(( (copies + 9) / 10 ))); do cat "$scratch/base.txt"; done > "$scratch/tenth.txt"
rm "$scratch/texts.txt" "$scratch/texts.txt.gz"
echo
echo "| job | tokens | wall s | user s | peak MiB |"
echo "|---|---|---|---|---|"
measure() {  # LABEL TOKENS COMMAND...: one row, wall and user seconds and peak RSS from /usr/bin/time
  local label="$1" tokens="$2"
  shift 2
  /usr/bin/time -f "%e %U %M" -o "$scratch/time" "$@" > "$scratch/out" 2> /dev/null
  read -r wall user kib < "$scratch/time"
  echo "| $label | $tokens | $wall | $user | $((kib / 1024)) |"
}
measure "index the texts" "$((per * ((copies + 9) / 10)))" "$topiceval" index --texts "$scratch/tenth.txt" --output "$scratch/tenth.index"
rm "$scratch/tenth.txt" "$scratch/tenth.index"
measure "index the texts" "$((per * copies))" "$topiceval" index --texts "$scratch/large.txt" --output "$scratch/large.index"
for _ in 1 2; do  # the second with the index in the page cache
  measure "c_npmi, 100 topics, with the index" "$((per * copies))" "$topiceval" coherence --model "$model" \
    --reference "$scratch/large.index" --measure c_npmi --bootstrap 0 --format tsv
done
gzip -6 "$scratch/large.txt"
echo
echo "index: $(stat -c %s "$scratch/large.index") bytes; texts gzipped (-6): $(stat -c %s "$scratch/large.txt.gz") bytes"
