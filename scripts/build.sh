#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Configures and builds topiceval (Release) in ./build.
#   scripts/build.sh              with the test suites
#   scripts/build.sh --no-tests   the library, the executable and the Java bridge only
set -euo pipefail
cd "$(dirname "$0")/.."
tests=ON
[ "${1:-}" = "--no-tests" ] && tests=OFF
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTOPICEVAL_BUILD_TESTS=$tests > /dev/null
cmake --build build -j "$(nproc)"
