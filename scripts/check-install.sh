#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# What users of each ecosystem do, from a clean checkout's build (scripts/build.sh first):
#   1. cmake --install into a temporary prefix; examples/library built against it with CMake
#      (find_package) and with pkg-config, from outside the source tree; it must print MALLET's total;
#      the license and notices in share/doc/topiceval, the pkg-config file's and the jar's metadata;
#   2. pip install --no-build-isolation . into a fresh venv (Debian's python3, --system-site-packages;
#      its build shows its progress and compiles on every core, through ccache when installed), and a wheel
#      (python3 -m build --wheel --no-isolation) into another; the Python suite runs against the installed
#      package from outside the checkout; `pip show` names the license, the wheel carries LICENSE and NOTICE,
#      and its extension needs no Boost: none in its ldd, and it evaluates with every libboost shadowed by an
#      empty file (LD_LIBRARY_PATH);
#   3. the Debian package (scripts/build-deb.sh; alone in its directory, its description laid out as Debian
#      wants and its copyright file present, in Debian's machine-readable format, naming the license):
#      installed with apt-get, the quick-start job run from the installed files only, then removed cleanly;
#   4. the R package (r/): R CMD build, then R CMD check against the library cmake --install put in a
#      temporary prefix (found through its pkg-config file), with no error or warning and its testthat
#      suite run (the parity cases, MALLET's total); R CMD INSTALL of the built package, its DESCRIPTION's
#      version and license, and an R session that prints MALLET's total from it.
#   scripts/check-install.sh [cmake|pip|deb|r ...]   (all four by default)
# Sourced (scripts/release.sh does), it only defines the checks of each built artifact (check_*), for the
# release's files.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# tests/data, unpacked by the checkout's build (scripts/release.sh too reads the files from there).
# shellcheck source=tests/support/test_data.sh
source "$root/tests/support/test_data.sh" "$root/build/test-data"
fixtures=$(test_data mallet-2.1.1)
# The command line the suites compare the front ends with (scripts/release.sh: the one its source tarball built).
binary=$root/build/topiceval
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
# What every artifact must state: the CMake project's version and license (CMakeLists.txt).
version=$(sed -n 's/^project(topiceval VERSION \([0-9.]*\) .*/\1/p' "$root/CMakeLists.txt")
license=$(sed -n 's/^set(TOPICEVAL_LICENSE \([^ )]*\))$/\1/p' "$root/CMakeLists.txt")

fail() {
  echo "$*" >&2
  exit 1
}

expect_total() {  # OUTPUT FILE: the "total" line equals MALLET's printed total, as numbers
  /usr/bin/python3 - "$1" "$2" <<'PY'
import sys
printed = [line.split("\t")[1].strip() for line in open(sys.argv[1]) if line.startswith("total\t")]
mallet = open(sys.argv[2]).read().strip()
assert printed and float(printed[0]) == float(mallet), f"printed {printed}, MALLET {mallet}"
print(f"total {printed[0]} = MALLET's {mallet}")
PY
}

check_license_files() {  # DIRECTORY WHAT: DIRECTORY holds LICENSE (Apache 2.0's text) and NOTICE
  grep -q 'Version 2.0, January 2004' "$1/LICENSE" 2>/dev/null || fail "$2 has no LICENSE with the Apache License 2.0"
  grep -qx 'Copyright 2025-2026 The topiceval authors' "$1/NOTICE" 2>/dev/null || fail "$2 has no NOTICE"
}

check_jar() {  # JAR: its manifest names the version and the license, and it carries LICENSE and NOTICE
  local manifest listing
  manifest=$(unzip -p "$1" META-INF/MANIFEST.MF | tr -d '\r')
  listing=$(unzip -l "$1")
  grep -qx "Implementation-Version: $version" <<< "$manifest" || fail "$1: the manifest has no Implementation-Version: $version"
  grep -qx "Bundle-License: $license" <<< "$manifest" || fail "$1: the manifest has no Bundle-License: $license"
  grep -q ' META-INF/LICENSE$' <<< "$listing" && grep -q ' META-INF/NOTICE$' <<< "$listing" ||
    fail "$1 carries no META-INF/LICENSE and NOTICE"
  echo "the jar's manifest: $(grep -E '^(Implementation-Version|Bundle-License):' <<< "$manifest" | paste -sd ' ')"
}

check_cmake_prefix() {  # PREFIX WORK: what cmake --install put in PREFIX, used as a C++ user would (WORK: scratch)
  local prefix=$1 work=$2
  ls "$prefix/include/topiceval/topiceval.hpp" "$prefix"/lib*/libtopiceval.so* > /dev/null
  # The man pages, one per command and topiceval(1), as man shows them.
  for command in $("$prefix/bin/topiceval" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 {print $1}'); do
    [ -f "$prefix/share/man/man1/topiceval-$command.1" ] || fail "no man page topiceval-$command.1 installed"
  done
  # Each listing whole into grep (not grep -q on a pipe: under pipefail, a writer cut off early fails the check).
  grep -q -- '--target-error' <<< "$(MANPAGER=cat MANWIDTH=100 man -l "$prefix/share/man/man1/topiceval-evaluate.1")" ||
    fail "man -l topiceval-evaluate.1 does not show --target-error"
  grep -q 'topiceval-select' <<< "$(MANPAGER=cat man -l "$prefix/share/man/man1/topiceval.1")" ||
    fail "man -l topiceval.1 does not list topiceval-select"
  echo "man pages: $(ls "$prefix/share/man/man1" | wc -l) installed; topiceval-evaluate(1) shows --target-error"
  check_license_files "$prefix/share/doc/topiceval" "$prefix/share/doc/topiceval"
  echo "license: $prefix/share/doc/topiceval/LICENSE and NOTICE"
  if [ -f "$prefix/share/java/topiceval-bridge.jar" ]; then check_jar "$prefix/share/java/topiceval-bridge.jar"; fi
  cp -r "$root/examples/library" "$work/example-source"  # outside the source tree
  cmake -S "$work/example-source" -B "$work/example" -DCMAKE_PREFIX_PATH="$prefix" > /dev/null
  cmake --build "$work/example" > /dev/null
  "$work/example/held-out-likelihood" "$fixtures/stackexchange/evaluator.mallet" "$fixtures/stackexchange/test.mallet" 1 \
    > "$work/cmake.out"
  expect_total "$work/cmake.out" "$fixtures/stackexchange/expected/total-p10-rfalse-s1.txt"
  tail -1 "$work/cmake.out"
  readelf -d "$prefix"/lib*/libtopiceval.so | grep SONAME
  # pkg-config, as a Makefile would.
  local pc_path
  pc_path=$(dirname "$(find "$prefix" -name topiceval.pc)")
  [ "$(PKG_CONFIG_PATH=$pc_path pkg-config --modversion topiceval)" = "$version" ] ||
    fail "pkg-config --modversion topiceval is not $version"
  grep -qx "License: $license" "$pc_path/topiceval.pc" || fail "$pc_path/topiceval.pc names no License: $license"
  echo "pkg-config --cflags --libs topiceval: $(PKG_CONFIG_PATH=$pc_path pkg-config --cflags --libs topiceval)"
  # shellcheck disable=SC2046
  g++ -o "$work/pkg-config-example" "$work/example-source/held_out_likelihood.cpp" \
    $(PKG_CONFIG_PATH=$pc_path pkg-config --cflags --libs topiceval) \
    -Wl,-rpath,"$(PKG_CONFIG_PATH=$pc_path pkg-config --variable=libdir topiceval)"
  "$work/pkg-config-example" "$fixtures/stackexchange/evaluator.mallet" "$fixtures/stackexchange/test.mallet" 1 \
    > "$work/pkg.out"
  expect_total "$work/pkg.out" "$fixtures/stackexchange/expected/total-p10-rfalse-s1.txt"
}

check_python_suite() {  # VENV WORK: the Python suite against the package installed in VENV, outside the checkout
  (cd "$2" && TOPICEVAL_TEST_DATA=$test_data_dir TOPICEVAL_BINARY=$binary \
    "$1/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests")
}

check_wheel() {  # WHEEL WORK: installed into a fresh venv; its metadata, and it runs where Boost is not installed
  local wheel=$1 work=$2
  /usr/bin/python3 -m venv --system-site-packages "$work/wheel-venv"
  "$work/wheel-venv/bin/pip" install --no-index --quiet "$wheel"
  "$work/wheel-venv/bin/pip" show topiceval > "$work/pip-show"
  grep -E '^(Name|Version|License):' "$work/pip-show"
  grep -qx "Version: $version" "$work/pip-show" || fail "pip show topiceval: not Version: $version"
  grep -qx "License: $license" "$work/pip-show" || fail "pip show topiceval: not License: $license"
  local listing
  listing=$(unzip -l "$wheel")
  grep -q " topiceval-$version.dist-info/LICENSE$" <<< "$listing" && grep -q " topiceval-$version.dist-info/NOTICE$" <<< "$listing" ||
    fail "$wheel carries no LICENSE and NOTICE in its .dist-info"
  local extension
  extension=$(ls "$work"/wheel-venv/lib/python3*/site-packages/topiceval/_native*.so)
  if ldd "$extension" | grep -i boost; then fail "the wheel's extension needs Boost's shared libraries"; fi
  echo "ldd of the wheel's extension: $(ldd "$extension" | awk '{print $1}' | paste -sd ' ')"
  # Every libboost this machine has, shadowed by an empty file: a library that asked for one would not load
  # (the shadow is checked on one of them first).
  mkdir -p "$work/no-boost"
  local library hidden=""
  for library in /usr/lib/*/libboost_*.so.*; do
    [ -e "$library" ] || continue
    hidden=$(basename "$library")
    : > "$work/no-boost/$hidden"
  done
  if [ -n "$hidden" ] &&
     LD_LIBRARY_PATH=$work/no-boost /usr/bin/python3 -c "import ctypes; ctypes.CDLL('$hidden')" 2> /dev/null; then
    fail "LD_LIBRARY_PATH=$work/no-boost does not hide $hidden"
  fi
  (cd "$work" && LD_LIBRARY_PATH=$work/no-boost "$work/wheel-venv/bin/python" - "$fixtures" <<'PY'
import pathlib, sys, topiceval
fixtures = pathlib.Path(sys.argv[1]) / "stackexchange"
model = topiceval.load_model(fixtures / "evaluator.mallet")
documents = topiceval.load_documents(fixtures / "test.mallet", model)
total = topiceval.evaluate_topics(model, documents, random_seed=1).total
expected = float((fixtures / "expected" / "total-p10-rfalse-s1.txt").read_text())
assert total == expected, (total, expected)
print("from the wheel, every libboost hidden:", topiceval.__file__, "total", total, "= MALLET's")
PY
  )
}

check_deb() {  # DEB WORK: what apt and a user see of the package, installed, run and purged
  local deb=$1 work=$2
  dpkg-deb --field "$deb" Package Version Depends
  [ "$(dpkg-deb --field "$deb" Version)" = "$version" ] || fail "$deb: not Version $version"
  # A description whose continuation lines hold text (not a CMake list's ";" separators), and the copyright
  # file Debian's policy asks for, in its machine-readable format, naming the license of every file.
  dpkg-deb --field "$deb" Description > "$work/description"
  if grep -n '^ *;' "$work/description" >&2; then
    fail "the package's description has lines starting with ';' (a CMake list joined into it)"
  fi
  [ "$(wc -l < "$work/description")" -gt 1 ] || fail "the package has no long description"
  dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/topiceval/copyright > "$work/copyright" ||
    fail "the package has no /usr/share/doc/topiceval/copyright"
  grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$work/copyright" ||
    fail "/usr/share/doc/topiceval/copyright is not in Debian's machine-readable format"
  # The paragraph of `Files: *` (paragraphs are separated by empty lines) names the project's license.
  grep -qx "License: $license" <<< "$(awk -v RS= '/(^|\n)Files: \*(\n|$)/' "$work/copyright")" ||
    fail "the copyright file's Files: * paragraph names no License: $license"
  dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/topiceval/NOTICE > /dev/null ||
    fail "the package has no /usr/share/doc/topiceval/NOTICE"
  echo "description, copyright file (Files: * License: $license) and NOTICE as a user expects them"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" > "$work/apt.log" 2>&1 ||
    { tail -20 "$work/apt.log"; exit 1; }
  (cd "$work" && /usr/bin/topiceval evaluate-topics --evaluator "$root/examples/stackexchange/evaluator.mallet" \
     --input "$root/examples/stackexchange/test.mallet" --num-particles 10 --random-seed 1)
  (cd "$work" && /usr/bin/python3 -c "import topiceval; print('import topiceval from', topiceval.__file__)")
  (cd "$work" && mallet evaluate-topics --native --evaluator "$root/examples/stackexchange/evaluator.mallet" \
     --input "$root/examples/stackexchange/test.mallet" --num-particles 10 --random-seed 1)
  [ "$(pkg-config --modversion topiceval)" = "$version" ] || fail "the installed pkg-config file is not $version"
  pkg-config --modversion topiceval
  [ "$(/usr/bin/topiceval --version | awk '{print $2}')" = "$version" ] || fail "/usr/bin/topiceval --version is not $version"
  # `man topiceval-select` as a user types it (Debian's images may exclude /usr/share/man from dpkg: then
  # the package's own copy is what must hold it).
  grep -q './usr/share/man/man1/topiceval-select.1' <<< "$(dpkg-deb --contents "$deb")" ||
    fail "the package has no topiceval-select(1)"
  if [ -f /usr/share/man/man1/topiceval-evaluate.1 ]; then
    grep -q -- '--target-error' <<< "$(MANPAGER=cat MANWIDTH=100 man topiceval-evaluate)" ||
      fail "man topiceval-evaluate does not show --target-error"
    echo "man topiceval-evaluate shows --target-error"
  fi
  [ -f /usr/share/doc/topiceval/copyright ] || fail "/usr/share/doc/topiceval/copyright is not installed"
  check_jar /usr/share/java/topiceval-bridge.jar
  local files
  files=$(dpkg -L topiceval | wc -l)
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq topiceval > /dev/null
  if [ -e /usr/bin/topiceval ] || [ "$(dpkg-query -W -f='${db:Status-Status}' topiceval 2>/dev/null)" = installed ]; then
    fail "topiceval is still installed"
  fi
  echo "purged: the package and its $files paths are gone (/usr/bin/topiceval: $(ls /usr/bin/topiceval 2>&1 | cut -d: -f3))"
}

check_r_package() {  # TARBALL PREFIX WORK: R CMD check and INSTALL of the source package against PREFIX's library
  local tarball=$1 prefix=$2 work=$3
  local pc_path
  pc_path=$(dirname "$(find "$prefix" -name topiceval.pc)")
  mkdir -p "$work/r-check" "$work/r-library"
  # The suite finds the checkout, MALLET's files and the command line (tests/testthat/helper-fixtures.R).
  (cd "$work/r-check" && PKG_CONFIG_PATH=$pc_path TOPICEVAL_SOURCE=$root TOPICEVAL_TEST_DATA=$test_data_dir \
     TOPICEVAL_BINARY=$binary R CMD check --no-manual "$tarball" > check.log 2>&1) ||
    { tail -40 "$work/r-check/check.log"; exit 1; }
  local status
  status=$(grep '^Status:' "$work/r-check/topiceval.Rcheck/00check.log")
  echo "R CMD check: $status"
  if grep -qE 'WARNING|ERROR' <<< "$status"; then
    grep -B2 -A10 -E '\.\.\. (WARNING|ERROR)$' "$work/r-check/topiceval.Rcheck/00check.log" >&2
    exit 1
  fi
  PKG_CONFIG_PATH=$pc_path R CMD INSTALL --library="$work/r-library" "$tarball" > "$work/r-check/install.log" 2>&1 ||
    { tail -20 "$work/r-check/install.log"; exit 1; }
  local description
  description=$(R_LIBS="$work/r-library" Rscript -e 'd <- packageDescription("topiceval"); cat(d$Version, d$License, sep = "\n")')
  echo "the installed R package's DESCRIPTION: $(paste -sd ' ' <<< "$description")"
  [ "$description" = "$version"$'\n'"Apache License (== 2.0)" ] ||
    fail "the R package's DESCRIPTION is not Version $version, License Apache License (== 2.0)"
  (cd "$work" && R_LIBS="$work/r-library" Rscript -e '
    library(topiceval)
    fixtures <- commandArgs(TRUE)[1]
    model <- read_mallet_model(file.path(fixtures, "stackexchange", "evaluator.mallet"))
    result <- evaluate_topics(model, read_documents(file.path(fixtures, "stackexchange", "test.mallet"), model),
                              random_seed = 1)
    print(result)' "$fixtures") > "$work/r.out"
  cat "$work/r.out"
  printf 'total\t%s\n' "$(sed -n 's/^total //p' "$work/r.out" | tr -d ' ')" > "$work/r-total.out"
  expect_total "$work/r-total.out" "$fixtures/stackexchange/expected/total-p10-rfalse-s1.txt"
}

main() {
  cd "$root"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  local steps=("$@")
  [ ${#steps[@]} -eq 0 ] && steps=(cmake pip deb r)
  for step in "${steps[@]}"; do
    case "$step" in
    cmake)
      echo "== cmake --install into a temporary prefix; examples/library built against it"
      mkdir -p "$work/cmake"
      cmake --install build --prefix "$work/prefix" > /dev/null
      check_cmake_prefix "$work/prefix" "$work/cmake"
      ;;
    pip)
      echo "== pip install --no-build-isolation . into a fresh venv; the Python suite against it"
      /usr/bin/python3 -m venv --system-site-packages "$work/venv"
      # -v: pip shows a build's output only then; setup.py's lines say what the minutes of compiling are.
      "$work/venv/bin/pip" install --no-build-isolation --no-index -v . > "$work/pip.log" 2>&1 ||
        { tail -20 "$work/pip.log"; exit 1; }
      cores=${CMAKE_BUILD_PARALLEL_LEVEL:-$(/usr/bin/python3 -c 'import os; print(len(os.sched_getaffinity(0)))')}
      launcher="through ccache"
      command -v ccache > /dev/null || launcher="without ccache"
      grep -F "topiceval: compiling the library and the extension with $cores jobs, $launcher" "$work/pip.log" ||
        { echo "pip install -v . did not say how it compiles (all cores, ccache)" >&2; tail -20 "$work/pip.log"; exit 1; }
      grep -q '\[100%\] Built target topiceval_python' "$work/pip.log" ||
        { echo "pip install -v . did not show CMake's progress" >&2; tail -20 "$work/pip.log"; exit 1; }
      # setuptools stages its files beside CMake's build-python/, not in the CMake build tree build/.
      if compgen -G "build/lib.*" > /dev/null || compgen -G "build/bdist.*" > /dev/null; then
        fail "pip install . wrote setuptools' staging into build/: $(ls -d build/lib.* build/bdist.* 2>/dev/null)"
      fi
      (cd "$work" && "$work/venv/bin/python" -c "import topiceval, sys; print('import topiceval', topiceval.__version__, 'from', topiceval.__file__)")
      # The console script: the venv's own `topiceval` command prints MALLET's total.
      "$work/venv/bin/topiceval" evaluate-topics --evaluator "$fixtures/stackexchange/evaluator.mallet" \
        --input "$fixtures/stackexchange/test.mallet" --random-seed 1 > "$work/venv.out"
      cmp "$work/venv.out" "$fixtures/stackexchange/expected/total-p10-rfalse-s1.txt"
      echo "the venv's topiceval command: total $(cat "$work/venv.out") = MALLET's"
      check_python_suite "$work/venv" "$work"
      echo "== python3 -m build --wheel --no-isolation; the wheel installed into another venv"
      # -P: the checkout's own build/ directory must not shadow the module `build`.
      /usr/bin/python3 -P -m build --wheel --no-isolation --outdir "$work/dist" . > "$work/build.log" 2>&1 ||
        { tail -20 "$work/build.log"; exit 1; }
      ls "$work"/dist/topiceval-*.whl
      check_wheel "$(ls "$work"/dist/topiceval-*.whl)" "$work"
      ;;
    deb)
      echo "== the Debian package: built, installed with apt-get, the quick-start job from the installed files, removed"
      scripts/build-deb.sh "$work/deb"
      # The package alone where it was asked for (CPack's staging tree elsewhere).
      leftovers=$(ls -A "$work/deb" | grep -v '^topiceval_.*\.deb$' || true)
      [ -z "$leftovers" ] || fail "scripts/build-deb.sh left beside the package: $leftovers"
      check_deb "$(ls "$work"/deb/topiceval_*.deb)" "$work"
      ;;
    r)
      echo "== the R package: R CMD build, R CMD check and R CMD INSTALL against the installed library"
      cmake --install build --prefix "$work/r-prefix" > /dev/null
      mkdir -p "$work/r-build"
      (cd "$work/r-build" && R CMD build "$root/r" > build.log 2>&1) || { tail -20 "$work/r-build/build.log"; exit 1; }
      check_r_package "$(ls "$work"/r-build/topiceval_*.tar.gz)" "$work/r-prefix" "$work"
      ;;
    *) echo "usage: $0 [cmake|pip|deb|r ...]" >&2; exit 2 ;;
    esac
  done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  main "$@"
fi
