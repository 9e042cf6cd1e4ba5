#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One coherence run with a reference index, whole process, two builds of
# topiceval alternating in one session (so that a shared machine's load falls on
# both alike), beside one gensim CoherenceModel run per measure for the ratio:
# debian-k100's 100 topics (10 words, from its inferencer) against its 30,000
# training documents, indexed as benchmarks/index-benchmark.sh indexes them.
# Each topiceval time is the median of the turns (wall, and user + system CPU,
# which a loaded machine inflates less); both builds' outputs are checked to be
# the same bytes.
#
#   benchmarks/coherence-against-benchmark.sh OLD_TOPICEVAL [--turns N] [--measures "u_mass c_uci c_npmi c_v"]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
set_dir="$root/../shared/fixtures/mallet-2.1.1/debian-k100"
new="$root/build/topiceval"
old="${1:?usage: $0 OLD_TOPICEVAL [--turns N] [--measures \"u_mass c_uci c_npmi c_v\"]}"
shift
turns=7
measures="u_mass c_uci c_npmi c_v"
source "$root/benchmarks/support/options.sh"
parse_options "usage: $0 OLD_TOPICEVAL [--turns N] [--measures \"u_mass c_uci c_npmi c_v\"]" \
  --turns=turns --measures=measures -- "$@"
[ -x "$new" ] && [ -x "$old" ] || { echo "needs build/topiceval and $old" >&2; exit 1; }
/usr/bin/python3 -c "import gensim" 2> /dev/null || { echo "needs Debian's python3-gensim" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

seconds() {  # OUT COMMAND...: wall seconds of one run, its output in OUT
  local out="$1" start end
  shift
  start=$(date +%s.%N)
  "$@" > "$out" 2> /dev/null
  end=$(date +%s.%N)
  /usr/bin/python3 -c "print($end - $start)"
}
timed() {  # OUT TIMES COMMAND...: one run, its output in OUT; wall and CPU seconds appended to TIMES.wall, TIMES.cpu
  local out="$1" times="$2"
  shift 2
  /usr/bin/time -f "%e %U %S" -o "$times.last" "$@" > "$out" 2> /dev/null
  read -r wall user system < "$times.last"
  echo "$wall" >> "$times.wall"
  /usr/bin/python3 -c "print($user + $system)" >> "$times.cpu"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

/usr/bin/python3 "$root/benchmarks/support/state_texts.py" "$set_dir/state.gz" "$scratch/texts.txt"
"$new" index --texts "$scratch/texts.txt" --output "$scratch/ref.index" > /dev/null 2>&1
model="$set_dir/inferencer.mallet"

echo "| measure | gensim | before | after | before / after | gensim / after | CPU before | CPU after |"
echo "|---|---|---|---|---|---|---|---|"
for measure in $measures; do
  g=$(seconds "$scratch/gensim.out" /usr/bin/python3 benchmarks/support/gensim_coherence.py "$set_dir/state.gz" \
    "$set_dir/diagnostics/topic-keys.txt" "$measure")
  : > "$scratch/old.wall"; : > "$scratch/new.wall"; : > "$scratch/old.cpu"; : > "$scratch/new.cpu"
  for _ in $(seq "$turns"); do
    for build in old new; do
      binary=$old; [ "$build" = new ] && binary=$new
      timed "$scratch/$build.out" "$scratch/$build" "$binary" coherence --model "$model" --reference "$scratch/ref.index" \
        --measure "$measure" --bootstrap 0 --format tsv
    done
    cmp -s "$scratch/old.out" "$scratch/new.out" || { echo "$measure: the two builds' outputs differ" >&2; exit 1; }
  done
  o=$(median < "$scratch/old.wall"); n=$(median < "$scratch/new.wall")
  oc=$(median < "$scratch/old.cpu"); nc=$(median < "$scratch/new.cpu")
  /usr/bin/python3 -c "print('| $measure | %.2f s | %.3f s | %.3f s | %.2fx | %.0fx | %.3f s | %.3f s |' % ($g, $o, $n, $o / $n, $g / $n, $oc, $nc))"
done
