#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Writes tests/data's stored files (tests/data/README.md, "How the files are stored") as the tests read
# them, into DESTINATION (the build's test-data/, made afresh): NAME.gz.xz as the gzip file NAME.gz, the
# very bytes MALLET (or gzip) wrote (gzip-as.sh, checked against NAME.gz.sha256), NAME.xz as NAME,
# anything else copied.
#   tests/data/tools/unpack.sh SOURCE DESTINATION FOLDER...
set -euo pipefail
source_dir=${1:?usage: unpack.sh SOURCE DESTINATION FOLDER...}
destination=${2:?usage: unpack.sh SOURCE DESTINATION FOLDER...}
shift 2
command -v xz > /dev/null || { echo "unpack.sh: xz is not installed (the xz-utils package)" >&2; exit 1; }
tools=$(cd "$(dirname "$0")" && pwd)
scratch="$destination.unpacking"
rm -rf "$scratch"
mkdir -p "$scratch"
for folder in "$@"; do
  [ -d "$source_dir/$folder" ] || { echo "unpack.sh: $source_dir/$folder: no such directory" >&2; exit 1; }
  (cd "$source_dir" && find "$folder" -type f) | sort | while read -r file; do
    mkdir -p "$scratch/$(dirname "$file")"
    case "$file" in
      *.gz.xz)
        # A gzip file's content: gzipped again the way its NAME.gz.sha256 names, which gives the file's very
        # bytes (checked by their digest). Where this machine's zlib deflates otherwise, the content is kept,
        # in other gzip bytes, and the one test that compares MALLET's gzip bytes says so.
        target=$scratch/${file%.xz}
        recorded=$source_dir/${file%.xz}.sha256
        way=$(sed -E 's/.*\((java|gzip-9|gzip-6)\)$/\1/' "$recorded")
        xz -dc "$source_dir/$file" | "$tools/gzip-as.sh" "$way" > "$target"
        if [ "$(sha256sum < "$target" | cut -d' ' -f1)" != "$(cut -d' ' -f1 < "$recorded")" ]; then
          echo "unpack.sh: warning: ${file%.xz} has MALLET's content but not its gzip bytes (gzip-as.sh $way)" >&2
        fi ;;
      *.xz) xz -dc "$source_dir/$file" > "$scratch/${file%.xz}" ;;
      *) cp "$source_dir/$file" "$scratch/$file" ;;
    esac
  done
done
# Whole or not at all: a failed unpacking leaves no half-written folder for the tests to read.
rm -rf "$destination"
mv "$scratch" "$destination"
