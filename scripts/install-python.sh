#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Python package `topiceval` (built by scripts/build.sh in ./build) into Debian's
# python3's site directory (/usr/local/lib/python3.11/dist-packages), so that
# `/usr/bin/python3 -c "import topiceval"` works anywhere. Nothing is downloaded. Without installing,
# PYTHONPATH=build/python gives the same package from the build tree. It says which interpreter received
# the package, and how another one (pyenv, conda, a virtual environment) gets it: the extension is built
# for one interpreter, so `import topiceval` in another fails with ModuleNotFoundError until then.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d build/python/topiceval ]; then
  echo "build/python/topiceval is missing: run scripts/build.sh first (it needs pybind11-dev and python3-dev)" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo cmake --install build --component python
(cd / && /usr/bin/python3 -c "import topiceval; print('import topiceval: version', topiceval.__version__, 'from', topiceval.__file__)")
echo "The Python package is installed for Debian's /usr/bin/python3 ($(/usr/bin/python3 --version)) only."
echo "For another interpreter (pyenv, conda, a virtual environment), install it from this checkout with that"
echo "interpreter, which builds the extension for it (CMake, g++, Boost and pybind11 from this machine):"
echo "    /path/to/python -m pip install $(pwd)"
echo "  (pip fetches setuptools and numpy for it; where no package index is reachable, install those first"
echo "   and add --no-build-isolation)."
# The python3 a user types first: where it is another interpreter that does not see the package, say so.
on_path=$(command -v python3 || true)
if [ -n "$on_path" ] && ! (cd / && "$on_path" -c 'import topiceval' > /dev/null 2>&1); then
  echo "Your PATH's python3 is another interpreter, $on_path ($("$on_path" --version 2>&1)): 'import topiceval'"
  echo "fails there until you run: python3 -m pip install $(pwd)"
fi
