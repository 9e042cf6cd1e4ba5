#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The whole test suite, as CI runs it (after installing what testing needs):
#   1. build (Release) and the guide (mkdocs build --strict, into build/site: a warning, a broken link or a
#      missing page fails), and run every test (GoogleTest suites, Java bridge checks, Python suite, MPI, the
#      guide opened in headless Chromium);
#   2. install it as each ecosystem does (scripts/check-install.sh): a CMake package and pkg-config file
#      that a program outside the tree builds against, pip install . and a wheel into fresh venvs with the
#      Python suite run against them, the Debian package installed, run and removed, and the R package
#      built, checked (R CMD check, its testthat suite and the parity cases) and installed against the
#      installed library;
#   3. build again with clang under AddressSanitizer and
#      UndefinedBehaviorSanitizer and run the suite there (the Java bridge's
#      checks too, with the sanitizer runtime preloaded into the JVM): the
#      second compiler and the memory checks in one build (on the GNU standard
#      library: Debian's Boost, which parses the command line, is built on it
#      and does not link into a libc++ build);
#   4. cross-compile for aarch64 and run the exact-mode tests under qemu-user
#      (scripts/cross-aarch64.sh: MALLET's numbers and files bit for bit on ARM);
#   5. a short smoke run of every fuzz target (clang's libFuzzer).
#
#   scripts/test.sh           all five
#   scripts/test.sh --quick   step 1 only
set -euo pipefail
cd "$(dirname "$0")/.."
# The suite's builds share one compiler cache inside the checkout (it starts
# empty on a fresh one): the pip and Debian-package builds reuse the Release
# build's objects (paths relative to the checkout).
export CCACHE_DIR="${CCACHE_DIR:-$(pwd)/.cache/ccache}" CCACHE_BASEDIR="$(pwd)" CCACHE_NOHASHDIR=1
quick=0
[ "${1:-}" = "--quick" ] && quick=1

scripts/install-dependencies.sh --test
scripts/build.sh
mkdocs build --strict --quiet
ctest --test-dir build --output-on-failure -j "$(nproc)"
[ "$quick" = 1 ] && exit 0

scripts/check-install.sh

echo "== the suite with clang, under AddressSanitizer and UndefinedBehaviorSanitizer"
CC=clang CXX=clang++ cmake -S . -B build-sanitize -DTOPICEVAL_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
cmake --build build-sanitize -j "$(nproc)"
ctest --test-dir build-sanitize --output-on-failure -j "$(nproc)"

echo "== aarch64: cross-compiled, the exact-mode tests under qemu-user"
scripts/cross-aarch64.sh

echo "== fuzz smoke run (scripts/fuzz.sh 600 for the long run)"
scripts/fuzz.sh 10
