#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Gzips standard input onto standard output the way one of the fixtures' writers did, so that a gzip file stored
# as its content (store.sh) comes back as the very bytes MALLET or gzip wrote (unpack.sh checks their SHA-256):
#   java     Java's GZIPOutputStream, as MALLET writes --output-state (zlib's deflate at level 6, header
#            1f8b 0800 0000 0000 00ff: no name, no time, operating system 255)
#   gzip-9   gzip -9 -n (the infer-topics files gzipped by hand)
#   gzip-6   gzip -n
#   tests/data/tools/gzip-as.sh java|gzip-9|gzip-6 < CONTENT > FILE.gz
set -euo pipefail
case "${1:-}" in
  java)
    python=/usr/bin/python3
    [ -x "$python" ] || python=python3
    "$python" -c '
import sys, zlib
data = sys.stdin.buffer.read()
deflate = zlib.compressobj(6, zlib.DEFLATED, -15, 8, zlib.Z_DEFAULT_STRATEGY)
sys.stdout.buffer.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff" + deflate.compress(data) + deflate.flush()
                        + zlib.crc32(data).to_bytes(4, "little") + (len(data) & 0xFFFFFFFF).to_bytes(4, "little"))'
    ;;
  gzip-9) gzip -9 -n ;;
  gzip-6) gzip -6 -n ;;
  *) echo "usage: gzip-as.sh java|gzip-9|gzip-6" >&2; exit 2 ;;
esac
