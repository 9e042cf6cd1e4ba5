#!/usr/bin/env bash
# Configures and builds topiceval (Release) in ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DTOPICEVAL_BUILD_TESTS=ON > /dev/null
cmake --build build -j "$(nproc)"
