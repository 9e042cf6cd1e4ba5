#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a MALLET topic state's documents one a line (its tokens in order), as
gensim_coherence.py and `topiceval index --texts` read them.

    state_texts.py STATE.gz OUT.txt
"""
import gzip
import sys


def main():
    documents = {}
    with gzip.open(sys.argv[1], "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\n").split(" ")
            documents.setdefault(int(fields[0]), []).append(fields[4])
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        for d in sorted(documents):
            out.write(" ".join(documents[d]) + "\n")


if __name__ == "__main__":
    main()
