#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""ldatuning's and stm's figures for choosing K: the R functions against topiceval on the same matrices.

    benchmarks/topic-number-benchmark.py LDATUNING_R_DIR STM_R_DIR [--documents 1000] [--work DIR]

LDATUNING_R_DIR holds ldatuning's R/main.R and STM_R_DIR stm's R/ files (semanticCoherence.R exclusivity.R
residuals.R STMfunctions.R asSTMCorpus.R), fetched by the user: none of that code is in this project (as for
tests/data/topic-number/r_oracle.R). R from Debian (Rscript, r-cran-slam).

Ten synthetic MALLET topic states (K = 20, 40, ..., 200), written by this script into DIR (default
~/.cache/topiceval/topic-number-benchmark): a 70,000-word vocabulary, --documents training documents of 150
tokens drawn from an LDA (Zipf-shaped topics over shuffled vocabularies, theta ~ Dirichlet(0.1)), of which 70
per document are one word each of the vocabulary, so that every state holds all 70,000 types. Then, in this
run:
  R: the states' matrices as a user hands them over (phi = (n_wk + beta) / (n_k + V beta), theta = (n_dk +
     alpha_k) / (N_d + sum alpha), as r_oracle.R makes them), and each of CaoJuan2009, Arun2010, Deveaud2014,
     semanticCoherence (M = 10), exclusivity (M = 10, frexw = 0.7), checkResiduals (tol = 0.01) timed alone
     (proc.time around the call; reading and building the matrices not timed);
  topiceval: one `topiceval select` process over the ten states (wall clock of the whole process: reading
     the states, all six figures, and scoring one held-out document, which select needs and R does not do:
     --documents 0 --coherence none --particles 1 --runs 1, so that the rest is the figures).
Prints the machine, the commands, the table and the largest relative difference between R's and topiceval's
values (per-topic values for semantic coherence and exclusivity).
"""

import argparse
import bisect
import gzip
import json
import math
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import benchmark_machine  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VOCABULARY = 70000
TOPICS = list(range(20, 201, 20))
LENGTH, COVERAGE = 150, 70  # tokens per document, of which COVERAGE walk the vocabulary
ALPHA, BETA = 0.1, 0.01

R_SCRIPT = r"""
args <- commandArgs(trailingOnly = TRUE)
suppressPackageStartupMessages({ library(slam); library(methods) })
source(file.path(args[1], "main.R"))
for (f in c("semanticCoherence.R", "exclusivity.R", "residuals.R", "STMfunctions.R", "asSTMCorpus.R"))
  source(file.path(args[2], f))
setClass("BenchLDA", representation(beta = "matrix", gamma = "matrix", k = "integer"))
out <- file(args[3], "w")
for (path in args[4:length(args)]) {
  header <- readLines(path, n = 3)
  dims <- as.integer(strsplit(header[1], " ")[[1]]); K <- dims[1]; V <- dims[2]; D <- dims[3]
  alpha <- as.numeric(strsplit(header[2], " ")[[1]]); beta <- as.numeric(header[3])
  tokens <- matrix(scan(path, what = integer(), skip = 3, quiet = TRUE), ncol = 3, byrow = TRUE) + 1L
  nwk <- matrix(tabulate((tokens[, 2] - 1L) * K + tokens[, 3], K * V), K, V)
  ndk <- matrix(tabulate((tokens[, 3] - 1L) * D + tokens[, 1], D * K), D, K)
  nk <- rowSums(nwk); Nd <- rowSums(ndk)
  phi <- (nwk + beta) / (nk + V * beta)
  theta <- (ndk + matrix(alpha, D, K, byrow = TRUE)) / (Nd + Reduce(`+`, alpha))
  lda <- new("BenchLDA", beta = log(phi), gamma = theta, k = as.integer(K))
  pairs <- unique(tokens[, 1:2]); counts <- table(factor((tokens[, 1] - 1L) * V + tokens[, 2]))
  key <- (pairs[, 1] - 1L) * V + pairs[, 2]; pairs <- pairs[order(key), ]; key <- sort(key)
  cells <- as.vector(counts[as.character(key)])
  dtm <- simple_triplet_matrix(pairs[, 1], pairs[, 2], cells, nrow = D, ncol = V)
  documents <- lapply(split(seq_along(key), pairs[, 1]), function(i) rbind(as.integer(pairs[i, 2]), as.integer(cells[i])))
  names(documents) <- NULL
  stm <- structure(list(beta = list(logbeta = list(log(phi))), theta = theta,
                        settings = list(dim = list(K = K, V = V), covariates = list(betaindex = rep(1L, D)))),
                   class = "STM")
  timed <- function(name, call) {
    start <- proc.time()[["elapsed"]]
    value <- call()
    writeLines(paste(basename(path), name, proc.time()[["elapsed"]] - start,
                     paste(sprintf("%.17g", value), collapse = " ")), out)
    flush(out)
  }
  timed("CaoJuan2009", function() CaoJuan2009(list(lda)))
  timed("Arun2010", function() Arun2010(list(lda), dtm))
  timed("Deveaud2014", function() Deveaud2014(list(lda)))
  timed("stm_semantic_coherence", function() semanticCoherence(stm, documents, M = 10))
  timed("stm_exclusivity", function() exclusivity(stm, M = 10, frexw = 0.7))
  timed("stm_residual_dispersion", function() checkResiduals(stm, documents, tol = 0.01)$dispersion)
}
close(out)
"""

GROUPS = [("ldatuning: CaoJuan2009", ["CaoJuan2009"]), ("ldatuning: Arun2010", ["Arun2010"]),
          ("ldatuning: Deveaud2014", ["Deveaud2014"]), ("stm: semanticCoherence", ["stm_semantic_coherence"]),
          ("stm: exclusivity", ["stm_exclusivity"]), ("stm: checkResiduals", ["stm_residual_dispersion"])]


def zipf_cumulative(size):
    weights = [1.0 / (rank + 1) ** 1.1 for rank in range(size)]
    total, cumulative, running = sum(weights), [], 0.0
    for weight in weights:
        running += weight / total
        cumulative.append(running)
    return cumulative


def write_model(path, counts_path, topics, documents, seed):
    """A MALLET state (what select reads) and the same tokens as doc/type/topic triples (what R reads)."""
    rng = random.Random(seed)
    cumulative = zipf_cumulative(2000)
    vocabularies = [rng.sample(range(VOCABULARY), 2000) for _ in range(topics)]
    rows, next_word = [], 0
    for d in range(documents):
        weights = [rng.gammavariate(ALPHA, 1.0) for _ in range(topics)]
        drawn = rng.choices(range(topics), weights=weights, k=LENGTH)
        for i, k in enumerate(drawn):
            if i < COVERAGE and next_word < VOCABULARY:
                word, next_word = next_word, next_word + 1
            else:
                word = vocabularies[k][min(len(cumulative) - 1, bisect.bisect(cumulative, rng.random()))]
            rows.append((d, word, k))
    if next_word < VOCABULARY:
        sys.exit(f"--documents must be at least {math.ceil(VOCABULARY / COVERAGE)} to cover the vocabulary")
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as state:
        state.write("#doc source pos typeindex type topic\n")
        state.write("#alpha : " + " ".join(repr(ALPHA) for _ in range(topics)) + " \n")
        state.write(f"#beta : {BETA!r}\n")
        position = 0
        for i, (d, word, k) in enumerate(rows):
            position = 0 if i == 0 or rows[i - 1][0] != d else position + 1
            state.write(f"{d} NA {position} {word} w{word} {k}\n")
    with open(counts_path, "w", encoding="utf-8") as counts:
        counts.write(f"{topics} {VOCABULARY} {documents}\n{' '.join(repr(ALPHA) for _ in range(topics))}\n{BETA!r}\n")
        counts.write("".join(f"{d} {word} {k}\n" for d, word, k in rows))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("ldatuning")
    parser.add_argument("stm")
    parser.add_argument("--documents", type=int, default=1000)
    parser.add_argument("--work", default=os.path.expanduser("~/.cache/topiceval/topic-number-benchmark"))
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "topiceval"))
    arguments = parser.parse_args()
    os.makedirs(arguments.work, exist_ok=True)
    states, counts = [], []
    for topics in TOPICS:
        name = os.path.join(arguments.work, f"synthetic-k{topics}-d{arguments.documents}")
        if not os.path.exists(name + ".state.gz"):
            write_model(name + ".state.gz", name + ".tokens", topics, arguments.documents, topics)
        states.append(name + ".state.gz")
        counts.append(name + ".tokens")
    held_out = os.path.join(arguments.work, "held-out.txt")
    with open(held_out, "w", encoding="utf-8") as f:
        f.write("w1 w2 w3 w4 w5\n")
    script = os.path.join(arguments.work, "topic-number-benchmark.R")
    with open(script, "w", encoding="utf-8") as f:
        f.write(R_SCRIPT)
    r_out = os.path.join(arguments.work, "r-values.txt")
    r_command = ["Rscript", script, arguments.ldatuning, arguments.stm, r_out] + counts
    select_command = [arguments.binary, "select", "--input", held_out, "--documents", "0", "--coherence", "none",
                      "--particles", "1", "--runs", "1", "--quiet", "--format", "json"] + states

    print(benchmark_machine.describe())
    print(f"models: {len(TOPICS)} synthetic MALLET states, K = {TOPICS[0]}..{TOPICS[-1]}, {VOCABULARY} types, "
          f"{arguments.documents} documents of {LENGTH} tokens")
    print("R:         " + " ".join(os.path.basename(c) if c in counts else c for c in r_command[:4]) + " STATES")
    print("topiceval: " + " ".join(select_command[:-len(states)]) + " STATES\n")

    start = time.perf_counter()
    run = subprocess.run(select_command, capture_output=True, text=True)
    topiceval_seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"topiceval select failed: {run.stderr.strip()}")
    selected = json.loads(run.stdout)
    subprocess.run(r_command, check=True)

    r_seconds, r_values = {}, {}
    with open(r_out, encoding="utf-8") as f:
        for line in f:
            model, name, seconds, *values = line.split()
            r_seconds[name] = r_seconds.get(name, 0.0) + float(seconds)
            r_values[(model.replace(".tokens", ".state.gz"), name)] = [float(v) for v in values]

    worst, where = 0.0, ""
    for model in selected["models"]:
        path = os.path.basename(model["path"])
        for figure in model["figures"]:
            expected = r_values.get((path, figure["name"]))
            if expected is None:
                continue
            actual = figure["per_topic"] if len(expected) > 1 else [figure["value"]]
            for a, e in zip(actual, expected):
                difference = abs(a - e) / abs(e) if e != 0 else abs(a)
                if difference > worst:
                    worst, where = difference, f"{path} {figure['name']}"
            if len(actual) != len(expected):
                worst, where = math.inf, f"{path} {figure['name']}: {len(actual)} values, R {len(expected)}"

    total = sum(r_seconds.values())
    print("| metric group | R seconds | topiceval seconds | R / topiceval |")
    print("|---|---|---|---|")
    for label, names in GROUPS:
        print(f"| {label} | {sum(r_seconds.get(n, 0.0) for n in names):.2f} | | |")
    print(f"| all six, ten models | {total:.2f} | {topiceval_seconds:.2f} | {total / topiceval_seconds:.0f}x |")
    print(f"\ntopiceval: one select process, all six figures of the ten models (and one held-out document scored); "
          f"R: the six functions alone.\nlargest relative difference from R: {worst:.2g} ({where})")


if __name__ == "__main__":
    main()
