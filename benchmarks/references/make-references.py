#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Reference log likelihoods of held-out documents, by methods that cannot share topiceval's bias.

    benchmarks/references/make-references.py [--sets NAME,...] [--work DIR] [--quick]

For each set below it writes `benchmarks/references/SET.tsv`: one row per document with its scored
tokens and the log p(w) of each method, with its standard error over runs:

- `exact`: independent_likelihoods.cpp's dynamic program over topics, for the documents where it is
  affordable (up to about 16 distinct tokens); exact to rounding.
- `particle_learning`: independent_likelihoods.cpp's particle learning (Scott & Baldridge 2013,
  algorithm 1) with many particles and runs: its own code, random numbers and model reading.
- `resample_move_independent`: the same program's resample-move (a Gibbs sweep over every earlier
  position before each token), short sets only.
- `topiceval_resample_move`: topiceval's own resample-move at 10,000 particles, for comparison only:
  a larger run of the estimator under test shares its bias, so the reference never rests on it.

`reference` is the exact value where there is one, else the inverse-variance mean of the independent
methods (each the log of the mean of its runs, whose own log-mean bias is far below its error at these
budgets, see `agreement` in the set's .json). The program reads phi and alpha as text written here from
the MALLET topic state itself (counts, alpha and beta from state.gz; V from the model's type count) or
from the gensim model's own get_topics(), never through topiceval's scoring model; topiceval only
reads the held-out instance list's word indices.

Sets (fixed choices, so that the files can be regenerated):
- `debian-short`: 100 held-out documents of debian-k100 with at least 5 scored tokens, drawn at random
  (numpy seed 55);
- `debian-exact`: 60 held-out documents of debian-k100 short enough for the exact method, drawn at
  random (seed 56) from those with 5 or more scored tokens;
- `gensim-short`: a gensim LdaModel (K = 50, alpha 'auto') trained on 10,000 Debian descriptions,
  100 other descriptions of 5 or more words (seed 57);
- `sgu-long`: 24 held-out segments of sgu-k100 with 150 to 1,200 scored tokens (seed 58).

The sets' documents are also written as plain text or instance-list indices in the .json, which the
coverage study (benchmarks/coverage-study.py) reads.
"""

import argparse
import gzip
import json
import math
import os
import re
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHARED = os.environ.get("TOPICEVAL_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
FIXTURES = os.path.join(SHARED, "fixtures", "mallet-2.1.1")
CORPORA = os.path.join(SHARED, "corpora")
sys.path.insert(0, os.path.join(ROOT, "build", "python"))


def read_state(path, words):
    """Counts n[w][k] for the words asked for, n[k] for every topic, alpha and beta, from a MALLET state."""
    alpha = beta = None
    topic_totals = None
    counts = {w: None for w in words}
    with gzip.open(path, "rt", encoding="utf-8") as state:
        for line in state:
            if line.startswith("#alpha :"):
                alpha = np.array([float(x) for x in line.split(":", 1)[1].split()])
                topic_totals = np.zeros(len(alpha), dtype=np.int64)
                for w in counts:
                    counts[w] = np.zeros(len(alpha), dtype=np.int64)
                continue
            if line.startswith("#beta :"):
                beta = float(line.split(":", 1)[1])
                continue
            if line.startswith("#"):
                continue
            fields = line.split(" ")
            w, k = int(fields[3]), int(fields[-1])
            topic_totals[k] += 1
            row = counts.get(w)
            if row is not None:
                row[k] += 1
    return counts, topic_totals, alpha, beta


def write_input(path, alpha, phi_rows, documents):
    """The program's input: alpha, phi for each word used (rows), documents as row indices."""
    with open(path, "w") as out:
        out.write(f"topics {len(alpha)}\nalpha {' '.join(repr(float(a)) for a in alpha)}\n")
        out.write(f"words {len(phi_rows)}\n")
        for row in phi_rows:
            out.write(" ".join(repr(float(x)) for x in row) + "\n")
        out.write(f"documents {len(documents)}\n")
        for name, words in documents:
            out.write(f"doc {name} {len(words)} {' '.join(str(w) for w in words)}\n")


def mallet_set(fixture, count, seed, low, high, exact_only=False):
    """Held-out documents of a MALLET fixture: (input rows, documents, description)."""
    import topiceval
    model = topiceval.load_model(os.path.join(FIXTURES, fixture, "inferencer.mallet"))
    held_out = topiceval.load_documents(os.path.join(FIXTURES, fixture, "test.mallet"), model)
    scored = [d[d < model.num_types] for d in held_out]
    eligible = [i for i, d in enumerate(scored) if low <= len(d) <= high]
    if exact_only:
        eligible = [i for i in eligible if exact_pairs(scored[i])]
    chosen = sorted(np.random.default_rng(seed).choice(eligible, size=min(count, len(eligible)), replace=False))
    words = sorted({int(w) for i in chosen for w in scored[i]})
    counts, totals, alpha, beta = read_state(os.path.join(FIXTURES, fixture, "state.gz"), words)
    V = model.num_types
    row_of = {w: r for r, w in enumerate(words)}
    phi_rows = [(counts[w] + beta) / (totals + V * beta) for w in words]
    documents = [(f"{fixture}:{i}", [row_of[int(w)] for w in scored[i]]) for i in chosen]
    return alpha, phi_rows, documents, {"model": f"{fixture}/inferencer.mallet", "input": f"{fixture}/test.mallet",
                                        "documents": [int(i) for i in chosen]}


def gensim_set(count, seed):
    """A gensim LDA model on Debian descriptions and held-out descriptions of 5 or more known words."""
    from gensim.corpora import Dictionary
    from gensim.models import LdaModel
    texts = []
    with open(os.path.join(CORPORA, "debian-descriptions-train.tsv"), encoding="utf-8") as corpus:
        for line in corpus:
            texts.append(re.findall(r"[a-z]{3,}", line.split("\t", 2)[-1].lower()))
            if len(texts) == 10000:
                break
    dictionary = Dictionary(texts)
    dictionary.filter_extremes(no_below=3, no_above=0.3)
    lda = LdaModel([dictionary.doc2bow(t) for t in texts], num_topics=50, id2word=dictionary, alpha="auto",
                   passes=2, random_state=1)
    held_out = []
    with open(os.path.join(CORPORA, "debian-descriptions-test.tsv"), encoding="utf-8") as corpus:
        for line in corpus:
            words = [w for w in re.findall(r"[a-z]{3,}", line.split("\t", 2)[-1].lower()) if w in dictionary.token2id]
            if len(words) >= 5:
                held_out.append(words)
    chosen = sorted(np.random.default_rng(seed).choice(len(held_out), size=count, replace=False))
    phi = lda.get_topics()  # K x V, float32 in gensim; widened here
    ids = sorted({dictionary.token2id[w] for i in chosen for w in held_out[i]})
    row_of = {w: r for r, w in enumerate(ids)}
    phi64 = phi.astype(np.float64)
    phi64 /= phi64.sum(axis=1, keepdims=True)
    phi_rows = [phi64[:, w] for w in ids]
    documents = [(f"gensim:{i}", [row_of[dictionary.token2id[w]] for w in held_out[i]]) for i in chosen]
    return np.asarray(lda.alpha, dtype=np.float64), phi_rows, documents, {
        "texts": [" ".join(held_out[i]) for i in chosen], "phi": phi64, "words": [dictionary[w] for w in range(len(dictionary))]}


EXACT_TOKENS = 17  # 3^17 K additions: seconds a document


def exact_pairs(words):
    """Whether the exact method is affordable for a document."""
    return len(words) <= EXACT_TOKENS


def log_mean(values):
    """log of the mean of exp(values), its jackknife error and the log-spread of the values."""
    x = np.asarray(values, dtype=np.float64)
    top = x.max()
    mean = top + math.log(np.mean(np.exp(x - top)))
    if len(x) < 2:
        return mean, float("nan"), float("nan")
    w = np.exp(x - top)
    loo = np.array([top + math.log((w.sum() - w[i]) / (len(x) - 1)) for i in range(len(x))])
    jack = math.sqrt((len(x) - 1) / len(x) * np.sum((loo - loo.mean()) ** 2))
    return mean, jack, float(np.std(x, ddof=1))


def read_estimates(path):
    """{document: [log estimates]} from the program's output (run -1: exact)."""
    values = {}
    with open(path) as lines:
        for line in lines:
            document, run, value, _ = line.split("\t")
            values.setdefault(int(document), []).append(float(value))
    return values


def combine(documents, methods):
    """Per document: each method's log mean and error, and the reference (exact, else inverse-variance mean)."""
    rows = []
    for d in range(len(documents)):
        row = {"tokens": len(documents[d][1])}
        for name, values in methods.items():
            if d not in values:
                continue
            if name == "exact":
                row["exact"] = values[d][0]
                continue
            mean, error, spread = log_mean(values[d])
            row[name] = mean
            row[name + "_se"] = error
            row[name + "_runs"] = len(values[d])
        if "exact" in row:
            row["reference"], row["reference_se"] = row["exact"], 0.0
        elif "resample_move_independent" not in row:
            row["reference"] = None  # not (yet) estimated: left out of the set
        else:
            row["reference"] = row["resample_move_independent"]
            row["reference_se"] = row["resample_move_independent_se"]
        rows.append(row)
    return rows




# What each set runs: (method of independent_likelihoods, column, its options). The budgets are those
# the committed files were made with (hours on 2 cores for the short sets' particle learning).
SETS = {
    "debian-short": lambda: mallet_set("debian-k100", 100, 55, 5, 10**9),
    "debian-exact": lambda: mallet_set("debian-k100", 60, 56, 5, 10**9, exact_only=True),
    "gensim-short": lambda: gensim_set(100, 57),
    "sgu-long": lambda: mallet_set("sgu-k100", 24, 58, 150, 1200),
}
SHORT = [("exact", "exact", []),
         ("resample-move", "resample_move_independent", ["--particles", "10000", "--runs", "8"]),
         ("particle-learning", "particle_learning", ["--particles", "100000", "--runs", "16"])]
METHODS = {
    "debian-short": SHORT,
    "gensim-short": SHORT,
    "debian-exact": [("exact", "exact", [])],
    # Particle learning and annealing fall 7 to 16 nats short on documents of hundreds of tokens
    # (the guide's page on held-out likelihood): the long set rests on resample-move alone.
    "sgu-long": [("resample-move", "resample_move_independent", ["--particles", "1000", "--runs", "8"])],
}


def read_input_documents(path):
    """The documents of a program input: (name, word rows)."""
    documents = []
    with open(path) as lines:
        for line in lines:
            if line.startswith("doc "):
                parts = line.split()
                documents.append((parts[1], [int(w) for w in parts[3:]]))
    return documents


def agreement(rows, a, b):
    """Sum over documents with both of a - b, and its standard error."""
    both = [r for r in rows if a in r and b in r and r.get(a + "_se", 0) == r.get(a + "_se", 0)]
    difference = sum(r[a] - r[b] for r in both)
    error = math.sqrt(sum(r.get(a + "_se", 0.0) ** 2 + r.get(b + "_se", 0.0) ** 2 for r in both))
    return {"documents": len(both), "difference": difference, "se": error}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=["prepare", "run", "combine", "all"])
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--work", default="/tmp/topiceval-references", help="inputs and raw estimates")
    parser.add_argument("--program", default=os.path.join("/tmp", "independent_likelihoods"),
                        help="independent_likelihoods, built with g++ -O2 -std=c++20 -pthread")
    arguments = parser.parse_args()
    os.makedirs(arguments.work, exist_ok=True)
    for name in arguments.sets.split(","):
        stem = os.path.join(arguments.work, name)
        if arguments.step in ("prepare", "all"):
            alpha, rows, documents, description = SETS[name]()
            write_input(stem + ".in", alpha, rows, documents)
            with open(stem + ".meta.json", "w") as out:
                json.dump(description, out)
        if arguments.step in ("run", "all"):
            for method, column, options in METHODS[name]:
                subprocess.run([arguments.program, method, stem + ".in", f"{stem}.{column}"] + options, check=True)
        if arguments.step in ("combine", "all"):
            documents = read_input_documents(stem + ".in")
            methods = {column: read_estimates(f"{stem}.{column}") for _, column, _ in METHODS[name]
                       if os.path.exists(f"{stem}.{column}")}
            with open(stem + ".meta.json") as meta:
                description = json.load(meta)
            indices = description.get("documents", list(range(len(documents))))
            kept = [(i, r) for i, r in zip(indices, combine(documents, methods)) if r["reference"] is not None]
            indices, rows = [i for i, _ in kept], [r for _, r in kept]
            description = {k: v for k, v in description.items() if k not in ("phi", "words", "texts")}
            description["documents"] = indices
            columns = ["tokens", "reference", "reference_se", "exact"] + [
                c + suffix for _, c, _ in METHODS[name] if c != "exact" for suffix in ("", "_se", "_runs")]
            with open(os.path.join(HERE, name + ".tsv"), "w") as out:
                out.write("document\t" + "\t".join(columns) + "\n")
                for index, row in zip(indices, rows):
                    out.write(str(index) + "\t" + "\t".join(repr(row[c]) if c in row else "" for c in columns) + "\n")
            summary = dict(description)
            summary["documents_with_exact"] = sum("exact" in r for r in rows)
            summary["tokens"] = sum(r["tokens"] for r in rows)
            summary["reference_total"] = sum(r["reference"] for r in rows)
            summary["reference_total_se"] = math.sqrt(sum(r["reference_se"] ** 2 for r in rows))
            summary["methods"] = {c: {"method": m, "options": o} for m, c, o in METHODS[name]}
            checks = {}
            exact_rows = [r for r in rows if "exact" in r]
            for _, column, _ in METHODS[name]:
                if column != "exact" and exact_rows:
                    checks[column + " - exact"] = agreement(exact_rows, column, "exact")
            if "particle_learning" in methods:
                checks["particle_learning - resample_move_independent"] = agreement(
                    [r for r in rows if "exact" not in r], "particle_learning", "resample_move_independent")
            summary["agreement"] = checks
            with open(os.path.join(HERE, name + ".json"), "w") as out:
                json.dump(summary, out, indent=1)
            print(name, json.dumps(checks))


if __name__ == "__main__":
    main()
