#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every source file of the project opens with the SPDX line of its license (TOPICEVAL_LICENSE in
# CMakeLists.txt), after a shebang (and after Python's coding line):
#   // SPDX-License-Identifier: Apache-2.0      C++ (and its .hpp.in templates), Java, JavaScript
#   /* SPDX-License-Identifier: Apache-2.0 */  CSS (which has no // comment: a // line would swallow the rule after it)
#   # SPDX-License-Identifier: Apache-2.0       Python, shell, R, CMake, YAML, TOML, pkg-config and make
#                                               templates, R's NAMESPACE, scripts without an extension
#   % SPDX-License-Identifier: Apache-2.0       R's Rd pages
#   {# SPDX-License-Identifier: Apache-2.0 #}   the guide's Jinja templates (docs-theme/)
# Not source files: the guide's Markdown, test data (tests/data/, tests/fuzz/), MALLET's files, CI's entry
# point (.ci/). What is generated at build time gets the line from its generator (java-bridge/generate_*.cpp,
# the .in templates); Rcpp::compileAttributes() rewrites r/R/RcppExports.R and r/src/RcppExports.cpp without
# it, so run this script after it.
#   scripts/spdx.sh           adds the line to every source file without it (a file that has it is left as is)
#   scripts/spdx.sh --check   names each source file without it and exits 1 (the ctest source_files_carry_spdx_line)
# The files are git's tracked files; outside a git checkout (a source tarball), every file under the
# checkout but its build directories.
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac
license=$(sed -n 's/^set(TOPICEVAL_LICENSE \([^ )]*\))$/\1/p' CMakeLists.txt)
[ -n "$license" ] || { echo "CMakeLists.txt: no set(TOPICEVAL_LICENSE ...) line" >&2; exit 1; }
identifier="SPDX-License-Identifier: $license"

# The first lines of the file at hand (read once, by the shell itself: the check runs in the test suite).
first=()

line_for() {  # FILE: the SPDX line in FILE's comment syntax; nothing for a file that is not source
  case "$1" in
    tests/data/* | tests/fuzz/* | .ci/*) return ;;
    *.cpp | *.hpp | *.h | *.c | *.inc | *.java | *.js | *.hpp.in) echo "// $identifier" ;;
    *.css) echo "/* $identifier */" ;;
    *.py | *.pyi | *.sh | *.R | *.cmake | CMakeLists.txt | */CMakeLists.txt | *.yml | *.yaml | *.toml | \
      *.cmake.in | *.pc.in | */Makevars.in | r/NAMESPACE) echo "# $identifier" ;;
    *.Rd) echo "% $identifier" ;;
    docs-theme/*.html) echo "{# $identifier #}" ;;
    *) if [[ "${first[0]:-}" == '#!'* ]]; then echo "# $identifier"; fi ;;  # a script without an extension
  esac
}

preamble() {  # FILE: how many of its first lines must stay first: a shebang, then Python's coding line
  local count=0
  if [[ "${first[0]:-}" == '#!'* ]]; then count=1; fi
  case "$1" in
    *.py | *.pyi)
      # PEP 263: the coding line is the first or second line.
      if [[ "${first[$count]:-}" =~ ^[[:space:]]*#.*coding[:=][[:space:]]*[-_.a-zA-Z0-9]+ ]]; then
        count=$((count + 1))
      fi ;;
  esac
  echo "$count"
}

files() {
  if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    git ls-files -z
  else
    find . \( -name 'build*' -o -name dist -o -name .cache -o -name .git -o -name '*.Rcheck' \) -prune -o \
      -type f -printf '%P\0'
  fi
}

missing=0
added=0
while IFS= read -r -d '' file; do
  [ -f "$file" ] && [ ! -L "$file" ] || continue
  first=()
  mapfile -n 5 -t first < "$file"
  line=$(line_for "$file")
  [ -n "$line" ] || continue
  # Among the first lines (after a shebang, a coding line or a header's `#pragma once`) it counts as there.
  found=0
  for text in "${first[@]}"; do
    if [ "$text" = "$line" ]; then found=1; fi
  done
  [ "$found" = 0 ] || continue
  keep=$(preamble "$file")
  if [ "$check" = 1 ]; then
    echo "$file: no line '$line' among its first 5" >&2
    missing=$((missing + 1))
    continue
  fi
  # A new file renamed over the old one, with its mode (scripts stay executable): a script being run, this
  # one included, goes on reading the file it started with.
  temporary=$(mktemp "$file.spdx.XXXXXX")
  { head -n "$keep" "$file"; echo "$line"; tail -n "+$((keep + 1))" "$file"; } > "$temporary"
  chmod --reference="$file" "$temporary"
  mv "$temporary" "$file"
  added=$((added + 1))
done < <(files)

if [ "$check" = 1 ]; then
  if [ "$missing" -gt 0 ]; then
    echo "$missing source files lack the line '$identifier': scripts/spdx.sh adds it" >&2
    exit 1
  fi
  echo "every source file carries '$identifier'"
else
  echo "scripts/spdx.sh: the SPDX line added to $added files"
fi
