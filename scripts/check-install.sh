#!/usr/bin/env bash
# What users of each ecosystem do, from a clean checkout's build (scripts/build.sh first):
#   1. cmake --install into a temporary prefix; examples/library built against it with CMake
#      (find_package) and with pkg-config, from outside the source tree; it must print MALLET's total;
#   2. pip install --no-build-isolation . into a fresh venv (Debian's python3, --system-site-packages;
#      its build shows its progress and compiles on every core, through ccache when installed), and a wheel
#      (python3 -m build --wheel --no-isolation) into another; the Python suite runs against the installed
#      package from outside the checkout;
#   3. the Debian package (scripts/build-deb.sh; alone in its directory, its description laid out as Debian
#      wants and its copyright file present): installed with apt-get, the quick-start job run from the
#      installed files only, then removed cleanly;
#   4. the R package (r/): R CMD build, then R CMD check against the library cmake --install put in a
#      temporary prefix (found through its pkg-config file), with no error or warning and its testthat
#      suite run (the parity cases, MALLET's total); R CMD INSTALL of the built package, and an R session
#      that prints MALLET's total from it.
#   scripts/check-install.sh [cmake|pip|deb|r ...]   (all four by default)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
source tests/support/test_data.sh "$root/build/test-data"   # tests/data, unpacked by the build
fixtures=$(test_data mallet-2.1.1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(cmake pip deb r)
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

expect_total() {  # OUTPUT FILE: the "total" line equals MALLET's printed total, as numbers
  /usr/bin/python3 - "$1" "$2" <<'PY'
import sys
printed = [line.split("\t")[1].strip() for line in open(sys.argv[1]) if line.startswith("total\t")]
mallet = open(sys.argv[2]).read().strip()
assert printed and float(printed[0]) == float(mallet), f"printed {printed}, MALLET {mallet}"
print(f"total {printed[0]} = MALLET's {mallet}")
PY
}

for step in "${steps[@]}"; do
  case "$step" in
  cmake)
    echo "== cmake --install into a temporary prefix; examples/library built against it"
    prefix=$work/prefix
    cmake --install build --prefix "$prefix" > /dev/null
    ls "$prefix/include/topiceval/topiceval.hpp" "$prefix"/lib*/libtopiceval.so* > /dev/null
    # The man pages, one per command and topiceval(1), as man shows them.
    for command in $("$prefix/bin/topiceval" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 {print $1}'); do
      [ -f "$prefix/share/man/man1/topiceval-$command.1" ] || { echo "no man page topiceval-$command.1 installed" >&2; exit 1; }
    done
    # Each listing whole into grep (not grep -q on a pipe: under pipefail, a writer cut off early fails the check).
    grep -q -- '--target-error' <<< "$(MANPAGER=cat MANWIDTH=100 man -l "$prefix/share/man/man1/topiceval-evaluate.1")" ||
      { echo "man -l topiceval-evaluate.1 does not show --target-error" >&2; exit 1; }
    grep -q 'topiceval-select' <<< "$(MANPAGER=cat man -l "$prefix/share/man/man1/topiceval.1")" ||
      { echo "man -l topiceval.1 does not list topiceval-select" >&2; exit 1; }
    echo "man pages: $(ls "$prefix/share/man/man1" | wc -l) installed; topiceval-evaluate(1) shows --target-error"
    cp -r examples/library "$work/example-source"  # outside the source tree
    cmake -S "$work/example-source" -B "$work/example" -DCMAKE_PREFIX_PATH="$prefix" > /dev/null
    cmake --build "$work/example" > /dev/null
    "$work/example/held-out-likelihood" "$fixtures/stackexchange/evaluator.mallet" "$fixtures/stackexchange/test.mallet" 1 \
      > "$work/cmake.out"
    expect_total "$work/cmake.out" "$fixtures/stackexchange/expected/total-p10-rfalse-s1.txt"
    tail -1 "$work/cmake.out"
    readelf -d "$prefix"/lib*/libtopiceval.so | grep SONAME
    # pkg-config, as a Makefile would.
    export PKG_CONFIG_PATH
    PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name topiceval.pc)")
    echo "pkg-config --cflags --libs topiceval: $(pkg-config --cflags --libs topiceval)"
    # shellcheck disable=SC2046
    g++ -o "$work/pkg-config-example" "$work/example-source/held_out_likelihood.cpp" \
      $(pkg-config --cflags --libs topiceval) -Wl,-rpath,"$(pkg-config --variable=libdir topiceval)"
    "$work/pkg-config-example" "$fixtures/stackexchange/evaluator.mallet" "$fixtures/stackexchange/test.mallet" 1 \
      > "$work/pkg.out"
    expect_total "$work/pkg.out" "$fixtures/stackexchange/expected/total-p10-rfalse-s1.txt"
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
      echo "pip install . wrote setuptools' staging into build/: $(ls -d build/lib.* build/bdist.* 2>/dev/null)" >&2
      exit 1
    fi
    (cd "$work" && "$work/venv/bin/python" -c "import topiceval, sys; print('import topiceval', topiceval.__version__, 'from', topiceval.__file__)")
    # The console script: the venv's own `topiceval` command prints MALLET's total.
    "$work/venv/bin/topiceval" evaluate-topics --evaluator "$fixtures/stackexchange/evaluator.mallet" \
      --input "$fixtures/stackexchange/test.mallet" --random-seed 1 > "$work/venv.out"
    cmp "$work/venv.out" "$fixtures/stackexchange/expected/total-p10-rfalse-s1.txt"
    echo "the venv's topiceval command: total $(cat "$work/venv.out") = MALLET's"
    (cd "$work" && TOPICEVAL_TEST_DATA=$test_data_dir TOPICEVAL_BINARY=$root/build/topiceval \
      "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests")
    echo "== python3 -m build --wheel --no-isolation; the wheel installed into another venv"
    # -P: the checkout's own build/ directory must not shadow the module `build`.
    /usr/bin/python3 -P -m build --wheel --no-isolation --outdir "$work/dist" . > "$work/build.log" 2>&1 ||
      { tail -20 "$work/build.log"; exit 1; }
    ls "$work"/dist/topiceval-*.whl
    /usr/bin/python3 -m venv --system-site-packages "$work/wheel-venv"
    "$work/wheel-venv/bin/pip" install --no-index --quiet "$work"/dist/topiceval-*.whl
    (cd "$work" && "$work/wheel-venv/bin/python" - "$fixtures" <<'PY'
import pathlib, sys, topiceval
fixtures = pathlib.Path(sys.argv[1]) / "stackexchange"
model = topiceval.load_model(fixtures / "evaluator.mallet")
documents = topiceval.load_documents(fixtures / "test.mallet", model)
total = topiceval.evaluate_topics(model, documents, random_seed=1).total
expected = float((fixtures / "expected" / "total-p10-rfalse-s1.txt").read_text())
assert total == expected, (total, expected)
print("from the wheel:", topiceval.__file__, "total", total, "= MALLET's")
PY
    )
    ;;
  deb)
    echo "== the Debian package: built, installed with apt-get, the quick-start job from the installed files, removed"
    scripts/build-deb.sh "$work/deb"
    deb=$(ls "$work"/deb/topiceval_*.deb)
    dpkg-deb --field "$deb" Package Version Depends
    # What apt and a user see of the package: the package alone where it was asked for (CPack's staging tree
    # elsewhere), a description whose continuation lines hold text (not a CMake list's ";" separators), and
    # the copyright file Debian's policy asks for, in its machine-readable format.
    leftovers=$(ls -A "$work/deb" | grep -v '^topiceval_.*\.deb$' || true)
    [ -z "$leftovers" ] || { echo "scripts/build-deb.sh left beside the package: $leftovers" >&2; exit 1; }
    dpkg-deb --field "$deb" Description > "$work/description"
    if grep -n '^ *;' "$work/description" >&2; then
      echo "the package's description has lines starting with ';' (a CMake list joined into it)" >&2
      exit 1
    fi
    [ "$(wc -l < "$work/description")" -gt 1 ] || { echo "the package has no long description" >&2; exit 1; }
    dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/topiceval/copyright > "$work/copyright" ||
      { echo "the package has no /usr/share/doc/topiceval/copyright" >&2; exit 1; }
    grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$work/copyright" ||
      { echo "/usr/share/doc/topiceval/copyright is not in Debian's machine-readable format" >&2; exit 1; }
    grep -q '^License: ' "$work/copyright" || { echo "the copyright file names no license" >&2; exit 1; }
    echo "description, copyright file and the output directory as a user expects them"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" > "$work/apt.log" 2>&1 ||
      { tail -20 "$work/apt.log"; exit 1; }
    (cd "$work" && /usr/bin/topiceval evaluate-topics --evaluator "$root/examples/stackexchange/evaluator.mallet" \
       --input "$root/examples/stackexchange/test.mallet" --num-particles 10 --random-seed 1)
    (cd "$work" && /usr/bin/python3 -c "import topiceval; print('import topiceval from', topiceval.__file__)")
    (cd "$work" && mallet evaluate-topics --native --evaluator "$root/examples/stackexchange/evaluator.mallet" \
       --input "$root/examples/stackexchange/test.mallet" --num-particles 10 --random-seed 1)
    pkg-config --modversion topiceval
    # `man topiceval-select` as a user types it (Debian's images may exclude /usr/share/man from dpkg: then
    # the package's own copy is what must hold it).
    grep -q './usr/share/man/man1/topiceval-select.1' <<< "$(dpkg-deb --contents "$deb")" ||
      { echo "the package has no topiceval-select(1)" >&2; exit 1; }
    if [ -f /usr/share/man/man1/topiceval-evaluate.1 ]; then
      grep -q -- '--target-error' <<< "$(MANPAGER=cat MANWIDTH=100 man topiceval-evaluate)" ||
        { echo "man topiceval-evaluate does not show --target-error" >&2; exit 1; }
      echo "man topiceval-evaluate shows --target-error"
    fi
    [ -f /usr/share/doc/topiceval/copyright ] || { echo "/usr/share/doc/topiceval/copyright is not installed" >&2; exit 1; }
    files=$(dpkg -L topiceval | wc -l)
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq topiceval > /dev/null
    if [ -e /usr/bin/topiceval ] || [ "$(dpkg-query -W -f='${db:Status-Status}' topiceval 2>/dev/null)" = installed ]; then
      echo "topiceval is still installed" >&2
      exit 1
    fi
    echo "purged: the package and its $files paths are gone (/usr/bin/topiceval: $(ls /usr/bin/topiceval 2>&1 | cut -d: -f3))"
    ;;
  r)
    echo "== the R package: R CMD build, R CMD check and R CMD INSTALL against the installed library"
    prefix=$work/r-prefix
    cmake --install build --prefix "$prefix" > /dev/null
    export PKG_CONFIG_PATH
    PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name topiceval.pc)")
    mkdir -p "$work/r-build" "$work/r-library"
    (cd "$work/r-build" && R CMD build "$root/r" > build.log 2>&1) || { tail -20 "$work/r-build/build.log"; exit 1; }
    tarball=$(ls "$work"/r-build/topiceval_*.tar.gz)
    # The suite finds the checkout, MALLET's files and the command line (tests/testthat/helper-fixtures.R).
    (cd "$work/r-build" && TOPICEVAL_SOURCE=$root TOPICEVAL_TEST_DATA=$test_data_dir TOPICEVAL_BINARY=$root/build/topiceval \
       R CMD check --no-manual "$tarball" > check.log 2>&1) || { tail -40 "$work/r-build/check.log"; exit 1; }
    status=$(grep '^Status:' "$work/r-build/topiceval.Rcheck/00check.log")
    echo "R CMD check: $status"
    if grep -qE 'WARNING|ERROR' <<< "$status"; then
      grep -B2 -A10 -E '\.\.\. (WARNING|ERROR)$' "$work/r-build/topiceval.Rcheck/00check.log" >&2
      exit 1
    fi
    R CMD INSTALL --library="$work/r-library" "$tarball" > "$work/r-build/install.log" 2>&1 ||
      { tail -20 "$work/r-build/install.log"; exit 1; }
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
    ;;
  *) echo "usage: $0 [cmake|pip|deb|r ...]" >&2; exit 2 ;;
  esac
done
