#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Python package `topiceval` (built by scripts/build.sh in ./build) into Debian's
# python3's site directory (/usr/local/lib/python3.11/dist-packages), so that
# `python3 -c "import topiceval"` works anywhere. Nothing is downloaded. Without installing,
# PYTHONPATH=build/python gives the same package from the build tree.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d build/python/topiceval ]; then
  echo "build/python/topiceval is missing: run scripts/build.sh first (it needs pybind11-dev and python3-dev)" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo cmake --install build --component python
cd / && /usr/bin/python3 -c "import topiceval; print('import topiceval: version', topiceval.__version__, 'from', topiceval.__file__)"
