#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian packages topiceval needs. Idempotent: does nothing (and
# needs no network) when every package is already installed.
#
#   scripts/install-dependencies.sh --run    what building and running need
#   scripts/install-dependencies.sh --test   that, and what the test suite needs (the default)
set -euo pipefail

run_packages=(
  cmake g++ make pkg-config
  zlib1g-dev
  libboost-program-options-dev libboost-iostreams-dev   # the command line's parser; gzip writing
  pybind11-dev python3-dev python3-numpy   # the Python package (import topiceval)
  libopenmpi-dev openmpi-bin               # mpirun spreads the documents over ranks
)
test_packages=(
  time
  libgtest-dev libgmock-dev libbenchmark-dev
  openjdk-17-jdk-headless          # the Java bridge and MALLET's launcher
  clang libclang-rt-14-dev         # the fuzz targets (libFuzzer), and the clang build of the suite
  chromium                         # renders the HTML reports in user_output_test, and the guide in its test
  mkdocs                           # the guide under docs/ (mkdocs build --strict; its search index by python3-lunr)
  locales                          # de_DE built by the locale tests (localedef, into a temporary LOCPATH)
  python3-venv python3-setuptools python3-wheel python3-build   # pip install . and a wheel (check-install.sh)
  dpkg-dev                         # dpkg-shlibdeps: the Debian package's dependencies (build-deb.sh)
  ccache xz-utils                  # one compile per file across the suite's builds; MALLET's .xz fixtures
  python3-pytest python3-gensim python3-sklearn   # the Python package's tests
  r-base-core r-cran-rcpp r-cran-testthat r-cran-slam r-cran-matrix   # the R package (r/): built, checked and tested
  doxygen man-db                   # the API reference (api_reference_complete); man -l of the man pages
)
case "${1:---test}" in
  --run) packages=("${run_packages[@]}") ;;
  --test) packages=("${run_packages[@]}" "${test_packages[@]}") ;;
  *) echo "usage: $0 [--run | --test]" >&2; exit 2 ;;
esac

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
