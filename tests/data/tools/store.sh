#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Puts a folder of MALLET's files into tests/data's stored form (tests/data/README.md, "How the files are
# stored"), file by file:
#   a gzip file over 1 MiB (a topic state, a doc-topics file)   -> NAME.gz.xz, its content xz-compressed, and
#     whose bytes gzip-as.sh gives back from its content          NAME.gz.sha256, the file's digest and that way
#   any other gzip file                                          -> copied as it is
#   any other file over 64 KiB that is not already xz           -> NAME.xz
#   a file named by --digest                                     -> NAME.sha256 (`sha256sum` of its content)
#   anything else                                                -> copied as it is
# unpack.sh turns each back into what MALLET wrote, byte for byte.
#   tests/data/tools/store.sh SOURCE DESTINATION [--digest RELATIVE_PATH]...
set -euo pipefail
source_dir=${1:?usage: store.sh SOURCE DESTINATION [--digest RELATIVE_PATH]...}
destination=${2:?usage: store.sh SOURCE DESTINATION [--digest RELATIVE_PATH]...}
shift 2
digests=()
while [ $# -gt 0 ]; do
  case "$1" in
    --digest) digests+=("${2:?--digest needs a path}"); shift 2 ;;
    *) echo "store.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -d "$source_dir" ] || { echo "store.sh: $source_dir: no such directory" >&2; exit 1; }
mkdir -p "$destination"
destination=$(cd "$destination" && pwd)
large=$((64 * 1024))
tools=$(cd "$(dirname "$0")" && pwd)
# The way (gzip-as.sh) that gives a gzip file's very bytes back from its content, or failure.
gzip_way() {
  local way digest
  digest=$(sha256sum < "$1")
  for way in java gzip-9 gzip-6; do
    if [ "$(gzip -dc "$1" | "$tools/gzip-as.sh" "$way" | sha256sum)" = "$digest" ]; then
      echo "$way"
      return 0
    fi
  done
  return 1
}
cd "$source_dir"
find . -type f | sed 's|^\./||' | sort | while read -r file; do
  mkdir -p "$destination/$(dirname "$file")"
  size=$(stat -c %s "$file")
  digest=0
  for wanted in "${digests[@]}"; do [ "$wanted" = "$file" ] || [ "$wanted.xz" = "$file" ] && digest=1; done
  if [ "$digest" = 1 ]; then
    name=${file%.xz}
    if [[ "$file" == *.xz ]]; then xz -dc "$file"; else cat "$file"; fi | sha256sum | sed "s|-\$|$(basename "$name")|" \
      > "$destination/$name.sha256"
  elif [[ "$file" == *.gz ]]; then
    if [ "$size" -gt $((1024 * 1024)) ] && way=$(gzip_way "$file"); then
      gzip -dc "$file" | xz -9e -T1 > "$destination/$file.xz"
      sha256sum "$file" | sed "s|  .*|  $(basename "$file") ($way)|" > "$destination/$file.sha256"
    else
      cp "$file" "$destination/$file"
    fi
  elif [[ "$file" != *.xz ]] && [ "$size" -gt "$large" ]; then
    xz -9e -T1 -c "$file" > "$destination/$file.xz"
  else
    cp "$file" "$destination/$file"
  fi
done
