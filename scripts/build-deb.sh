#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds topiceval_VERSION_ARCH.deb (CPack, packaging/debian.cmake) into DIRECTORY (default: dist/):
# a Release build with the install prefix /usr, without the test suites.
#   scripts/build-deb.sh [DIRECTORY]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist}")
mkdir -p "$out"
cmake -S . -B build-deb -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr -DTOPICEVAL_BUILD_TESTS=OFF > /dev/null
cmake --build build-deb -j "$(nproc)"
# CPack stages the package's tree beside the .deb (_CPack_Packages/): inside the build directory,
# so that DIRECTORY receives the package alone.
rm -rf build-deb/package
(cd build-deb && cpack -G DEB -B "$(pwd)/package" > /dev/null)
mv build-deb/package/topiceval_*.deb "$out"/
rm -rf build-deb/package
ls "$out"/topiceval_*.deb
