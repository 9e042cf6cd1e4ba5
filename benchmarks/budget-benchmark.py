#!/usr/bin/python3
"""What each document's budget buys: bounded rejuvenation on long documents, and --target-error.

    benchmarks/budget-benchmark.py [--part short|long|both] [--documents N] [--output DIR]

Short documents (--part short): the first 1,000 held-out documents of the
debian-k100 fixture (about 31 scored tokens each). The reference is
resample-move with 1024 particles and 8 runs; rows are today's default
(64 particles, 4 runs), other fixed budgets and --target-error at several
targets.

Long documents (--part long): documents of about 10,000 scored tokens built
from the SGU podcast's held-out transcripts (consecutive episodes joined until
the text holds 26,000 words; lower-cased, split into runs of letters, scored
against the sgu-k100 model, whose alphabet leaves out stop words). The
reference is resample-move with full sweeps (--sweep-sites 0), 64 particles
and 8 runs (two seeds of 4); rows are full sweeps at 64 particles and 4 runs
(the default before bounded rejuvenation), bounded rejuvenation at several
--sweep-sites, and --target-error.

Each row: the distance of its total to the reference in nats per token, its
reported error per token, the bound on its log-of-a-mean bias (half the sum of
squared errors) per token, its Gibbs site updates against the first row's,
and whole-process seconds (all threads). About 3 minutes for the short part
and 17 for the long one (3 documents) on 2 cores.
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
FIXTURES = os.path.join(SHARED, "fixtures", "mallet-2.1.1")
MODEL = os.path.join(FIXTURES, "sgu-k100", "inferencer.mallet")
CORPUS = os.path.join(SHARED, "corpora", "sgu-eval.tsv")
BINARY = os.path.join(ROOT, "build", "topiceval")
WORDS_PER_DOCUMENT = 26000


def long_documents(count):
    """Consecutive held-out episodes joined into documents of WORDS_PER_DOCUMENT words or more."""
    documents, current = [], []
    with open(CORPUS, encoding="utf-8") as corpus:
        for line in corpus:
            words = re.findall(r"[a-z]+", line.split("\t", 2)[2].lower())
            current.extend(words)
            if len(current) >= WORDS_PER_DOCUMENT:
                documents.append(" ".join(current))
                current = []
    return documents[:count]


CACHE = None  # a directory where each run's JSON is kept (--output), and read back when there


def evaluate(model, path, options, seed, documents=None):
    """Runs topiceval evaluate; returns (per-document log likelihoods, errors, scored tokens, site updates, seconds)."""
    command = [BINARY, "evaluate", "--model", model, "--input", path, "--estimator", "resample-move", "--seed",
               str(seed), "--format", "json", "--quiet"] + options
    if documents:
        command += ["--documents", documents]
    kept = None
    if CACHE:
        name = re.sub(r"[^A-Za-z0-9.-]+", "_", " ".join([os.path.basename(path), str(seed)] + options))
        kept = os.path.join(CACHE, name + ".json")
    if kept and os.path.exists(kept):
        with open(kept, encoding="utf-8") as saved:
            report, seconds = json.load(saved)
    else:
        started = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        seconds = time.monotonic() - started
        if done.returncode != 0:
            sys.exit("failed: " + " ".join(command) + "\n" + done.stderr)
        report = json.loads(done.stdout)
        if kept:
            with open(kept, "w", encoding="utf-8") as saved:
                json.dump([report, seconds], saved)
    values = [document["loglik"] for document in report["documents"]]
    errors = [document["loglik_se"] for document in report["documents"]]
    return values, errors, report["summary"]["tokens"], report["summary"]["site_updates"], seconds


def mean_of_two(first, second):
    """Each document's log of the mean p over two equal sets of runs, and the error of the result."""
    values = [max(a, b) + math.log((1 + math.exp(-abs(a - b))) / 2) for a, b in zip(first[0], second[0])]
    error = math.sqrt(sum((ea ** 2 + eb ** 2) / 4 for ea, eb in zip(first[1], second[1])))
    return values, error


def table(title, reference, reference_error, tokens, rows):
    print(f"{title}; reference error {reference_error / tokens:.5f} nats/token\n")
    print("| run | distance to reference (nats/token) | reported error (nats/token) | log-mean bias bound "
          "(nats/token) | site updates vs first row | seconds |")
    print("|---|---:|---:|---:|---:|---:|")
    base = rows[0][1][3]
    for label, (values, errors, _, updates, seconds) in rows:
        distance = (sum(values) - sum(reference)) / tokens
        error = math.sqrt(sum(e * e for e in errors)) / tokens
        bias = sum(e * e for e in errors) / 2 / tokens
        print(f"| {label} | {distance:+.5f} | {error:.5f} | {bias:.5f} | {updates / base:.3f} | {seconds:.1f} |")
    print()


def short_part(targets):
    model = os.path.join(FIXTURES, "debian-k100", "inferencer.mallet")
    path = os.path.join(FIXTURES, "debian-k100", "test.mallet")
    documents = "0-999"
    reference, reference_error = mean_of_two(evaluate(model, path, ["--particles", "1024", "--runs", "4"], 101,
                                                      documents),
                                             evaluate(model, path, ["--particles", "1024", "--runs", "4"], 102,
                                                      documents))
    rows = [("64 particles, 4 runs (the fixed default)", evaluate(model, path, [], 1, documents))]
    for particles in (16, 256):
        rows.append((f"{particles} particles, 4 runs",
                     evaluate(model, path, ["--particles", str(particles)], 1, documents)))
    rows.append(("64 particles, 4 runs, --resample-below 50",
                 evaluate(model, path, ["--resample-below", "50"], 1, documents)))
    for target in targets:
        rows.append((f"--target-error {target}", evaluate(model, path, ["--target-error", target], 1, documents)))
    tokens = rows[0][1][2]
    table(f"debian-k100, 1,000 held-out documents, {tokens} scored tokens; reference: 1024 particles, 8 runs",
          reference, reference_error, tokens, rows)


def long_part(count, directory, sites, targets, below):
    path = os.path.join(directory, "long.txt")
    with open(path, "w", encoding="utf-8") as out:
        for document in long_documents(count):
            out.write(document + "\n")
    full = ["--particles", "64", "--runs", "4", "--sweep-sites", "0"]
    first = evaluate(MODEL, path, full, 1)
    reference, reference_error = mean_of_two(first, evaluate(MODEL, path, full, 2))
    rows = [("full sweeps, 64 particles, 4 runs (seed 1 of the reference)", first)]
    for bound in sites:
        rows.append((f"--sweep-sites {bound}, 64 particles, 4 runs",
                     evaluate(MODEL, path, ["--particles", "64", "--runs", "4", "--sweep-sites", bound], 3)))
    for bound in sites:
        for share in below:
            rows.append((f"--sweep-sites {bound} --resample-below {share}, 64 particles, 4 runs",
                         evaluate(MODEL, path, ["--particles", "64", "--runs", "4", "--sweep-sites", bound,
                                                "--resample-below", share], 3)))
    for target in targets:
        rows.append((f"--target-error {target}", evaluate(MODEL, path, ["--target-error", target], 3)))
    tokens = first[2]
    table(f"{count} documents of sgu-k100 episodes, {tokens} scored tokens ({tokens / count:.0f} each); "
          "reference: full sweeps, 64 particles, 8 runs", reference, reference_error, tokens, rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["short", "long", "both"], default="both")
    parser.add_argument("--documents", type=int, default=3, help="long documents (default 3)")
    parser.add_argument("--output", default=None,
                        help="keep each run's JSON here, and reuse those already there (a temporary directory if not given)")
    parser.add_argument("--sites", default="64,256")
    parser.add_argument("--targets", default="0.05,0.02,0.01")
    parser.add_argument("--long-targets", default="",
                        help="--target-error values to run on the long documents too (none by default: with full "
                             "sweeps each costs several times the reference)")
    parser.add_argument("--resample-below", default="50", help="adaptive selection thresholds (percent) to try")
    arguments = parser.parse_args()
    directory = arguments.output or tempfile.mkdtemp(prefix="topiceval-budget-")
    os.makedirs(directory, exist_ok=True)
    global CACHE
    CACHE = arguments.output  # kept runs are reused only from a directory named by the caller
    if arguments.part in ("short", "both"):
        short_part(arguments.targets.split(","))
    if arguments.part in ("long", "both"):
        long_part(arguments.documents, directory, arguments.sites.split(","),
                  [t for t in arguments.long_targets.split(",") if t], arguments.resample_below.split(","))


if __name__ == "__main__":
    main()
