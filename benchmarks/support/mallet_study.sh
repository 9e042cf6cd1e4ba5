# SPDX-License-Identifier: Apache-2.0
# Sourced by the studies that train MALLET models (ctm-study.sh, choose-k-study.sh):
# the one check of MALLET_HOME and the one copy of topiceval they run.

# mallet_study_start NAME WORK: sets $mallet to MALLET_HOME's launcher (or
# stops with NAME's message), makes WORK, copies the built topiceval into it
# (rebuilding the project during a study then changes nothing), sets
# $topiceval to the copy, and enters WORK.
mallet_study_start() {
  local name=$1 work=$2
  if [ -z "${MALLET_HOME:-}" ] || [ ! -x "$MALLET_HOME/bin/mallet" ]; then
    echo "$name: set MALLET_HOME to a MALLET 2.1.1 build (../shared/tools/build-mallet.sh)" >&2
    exit 2
  fi
  mallet=$MALLET_HOME/bin/mallet
  mkdir -p "$work"
  cp "$root/build/topiceval" "$work/topiceval"
  topiceval=$work/topiceval
  cd "$work"
}
