#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# One command for a fresh Debian machine: install what running needs, build, and
# run MALLET's evaluate-topics job on the shipped example with topiceval.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-dependencies.sh --run
scripts/build.sh --no-tests
scripts/install-python.sh
echo
echo "topiceval evaluate-topics on examples/stackexchange (10 particles, seed 1):"
build/topiceval evaluate-topics \
  --evaluator examples/stackexchange/evaluator.mallet \
  --input examples/stackexchange/test.mallet \
  --num-particles 10 --random-seed 1
echo "(MALLET 2.1.1 prints -67433.44358611976 for the same job.)"
echo
echo "The same job from Python (Debian's /usr/bin/python3, which received the package; another interpreter:"
echo "see above):"
/usr/bin/python3 -c '
import topiceval
model = topiceval.load_model("examples/stackexchange/evaluator.mallet")
documents = topiceval.load_documents("examples/stackexchange/test.mallet", model)
print(repr(topiceval.evaluate_topics(model, documents, num_particles=10, random_seed=1).total))'

