#!/usr/bin/python3
"""Writes a MALLET state (state.gz) as the plain counts file that
r_oracle.R and tests/quality/topic_number_metrics_test.cpp read:
  line 1: topics types documents
  line 2: alpha_1 .. alpha_K
  line 3: beta
  then one line per document: type:topic per token (an empty line for a
  document without tokens).
Documents and types are numbered as the state numbers them; the vocabulary is
the state's type indices 0 .. max."""
import gzip
import sys


def main(state, out):
    alpha, beta, tokens = None, None, []
    with gzip.open(state, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#alpha :"):
                alpha = line.split(":", 1)[1].split()
            elif line.startswith("#beta :"):
                beta = line.split(":", 1)[1].strip()
            elif not line.startswith("#"):
                fields = line.split(" ")
                tokens.append((int(fields[0]), int(fields[3]), int(fields[-1])))
    documents = max(d for d, _, _ in tokens) + 1
    types = max(t for _, t, _ in tokens) + 1
    per_document = [[] for _ in range(documents)]
    for d, t, k in tokens:
        per_document[d].append(f"{t}:{k}")
    with open(out, "w", encoding="utf-8") as f:
        f.write(f"{len(alpha)} {types} {documents}\n{' '.join(alpha)}\n{beta}\n")
        for words in per_document:
            f.write(" ".join(words) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
