# SPDX-License-Identifier: Apache-2.0
# Where the shell tests and scripts find their data: tests/data (tests/data/README.md), unpacked by the build
# into BUILD/test-data (cmake/test_data.cmake). Source this with that folder:
#   source tests/support/test_data.sh TEST_DATA_DIR
# then `path=$(test_data mallet-2.1.1/stackexchange/test.mallet)` gives a file's or folder's path, or prints one
# line naming what is missing and fails (under set -e, the script stops there).
test_data_dir=${1:?test_data.sh: give the unpacked test data folder (BUILD/test-data)}

test_data() {
  local path="$test_data_dir/$1"
  if [ ! -e "$path" ]; then
    echo "missing test data: $path (the build unpacks tests/data into $test_data_dir; tests/data/README.md lists every file)" >&2
    return 1
  fi
  printf '%s\n' "$path"
}
