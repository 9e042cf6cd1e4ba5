#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""What each document's budget buys: bounded rejuvenation on long documents, and --target-error.

    benchmarks/budget-benchmark.py [--part short|long|defaults|both] [--documents N] [--output DIR]

Short documents (--part short): the first 1,000 held-out documents of the
debian-k100 fixture (about 31 scored tokens each). The reference is
resample-move with 1024 particles and 8 runs; rows are the default (128
particles, 4 runs), the budget of releases before 1.0 (64 particles), other
budgets and --target-error at several targets. (Its reference is a larger run
of the same estimator, which shares its bias: benchmarks/coverage-study.py
measures coverage against independent references.)

The defaults (--part defaults): the default (128 particles) against
--budget-policy by-length on the fixtures' held-out sets, on plain-text slices of the shared corpora
and on a gensim model (through Python, PYTHONPATH=build/python): each one's
per-token figure, error, bias bound, documents grown, and its cost (site
updates and seconds) against the default's.

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


def summary_of(model, path, options, documents=None):
    """One evaluate run as (per token, error per token, bias bound per token, grown, site updates, seconds)."""
    command = [BINARY, "evaluate", "--model", model, "--input", path, "--format", "json", "--quiet"] + options
    if documents:
        command += ["--documents", documents]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit("failed: " + " ".join(command) + "\n" + done.stderr)
    report = json.loads(done.stdout)
    return figures(report["summary"]["per_token"], report["summary"]["per_token_se"],
                   report["summary"]["log_mean_bias"], report["summary"]["tokens"], report.get("target_error"),
                   report["summary"]["site_updates"], seconds)


def figures(per_token, per_token_se, bias, tokens, target, updates, seconds):
    grown = target["grown_documents"] if target else 0
    return per_token, per_token_se, bias / tokens, grown, updates, seconds


def defaults_table(rows):
    print("| set | policy | per token | error | bias bound | grown | site updates vs fixed | seconds vs fixed |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for label, fixed, grown in rows:
        for policy, row in (("fixed", fixed), ("by-length", grown)):
            per_token, error, bias, grown_documents, updates, seconds = row
            print(f"| {label} | {policy} | {per_token:.5f} | {error:.5f} | {bias:.5f} | {grown_documents} | "
                  f"{updates / fixed[4]:.2f} | {seconds / fixed[5]:.2f} ({seconds:.1f} s) |")
    print()


def gensim_row(directory):
    """A gensim LdaModel (K = 40) on 3,000 Debian descriptions, 500 held out, through Python's evaluate."""
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    import python_models  # noqa: PLC0415
    import topiceval  # noqa: PLC0415

    corpora = os.path.join(SHARED, "corpora")
    corpus = python_models.CorpusSlice(os.path.join(corpora, "debian-descriptions-train.tsv"),
                                       os.path.join(corpora, "debian-descriptions-test.tsv"), 3000, 500)
    model, _ = python_models.train_gensim(corpus, topics=40, passes=5)
    ours = topiceval.Model.from_topics(python_models.gensim_topics(model, corpus), model.alpha)
    row = []
    for policy in ("fixed", "by-length"):
        started = time.monotonic()
        result = topiceval.evaluate(ours, corpus.test_bags, "resample-move", budget_policy=policy)
        seconds = time.monotonic() - started
        target, summary = result.target_error, result.summary
        row.append(figures(summary.per_token, summary.per_token_se, summary.log_mean_bias, summary.tokens,
                           {"grown_documents": target.grown_documents}
                           if target else None, summary.site_updates, seconds))
    return ("gensim LdaModel K=40, 500 Debian descriptions", row[0], row[1])


def defaults_part(directory, with_gensim):
    """The default (a fixed budget) against --budget-policy by-length on every set at hand."""
    rows = []
    for name, documents in (("stackexchange", None), ("debian-k100", None), ("sgu-k100", None)):
        model = os.path.join(FIXTURES, name, "inferencer.mallet")
        path = os.path.join(FIXTURES, name, "test.mallet")
        label = f"fixture {name}"
        rows.append((label, summary_of(model, path, [], documents),
                     summary_of(model, path, ["--budget-policy", "by-length"], documents)))
    # The shared corpora as plain text (lower-cased runs of letters) under the fixture trained on each.
    for corpus, fixture, count in (("debian-descriptions-test.tsv", "debian-k100", 3000),
                                   ("sgu-eval.tsv", "sgu-k100", 500)):
        path = os.path.join(directory, corpus.replace(".tsv", ".txt"))
        with open(os.path.join(SHARED, "corpora", corpus), encoding="utf-8") as source, \
                open(path, "w", encoding="utf-8") as out:
            for number, line in enumerate(source):
                if number >= count:
                    break
                out.write(" ".join(re.findall(r"[a-z]+", line.split("\t", 2)[-1].lower())) + "\n")
        model = os.path.join(FIXTURES, fixture, "inferencer.mallet")
        label = f"corpus {corpus} (first {count})"
        rows.append((label, summary_of(model, path, []), summary_of(model, path, ["--budget-policy", "by-length"])))
    if with_gensim:
        rows.append(gensim_row(directory))
    defaults_table(rows)


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
    rows = [("64 particles, 4 runs (the budget before 1.0)",
             evaluate(model, path, ["--particles", "64"], 1, documents)),
            ("the default: 128 particles, 4 runs", evaluate(model, path, [], 1, documents))]
    for particles in (16, 256):
        rows.append((f"{particles} particles, 4 runs",
                     evaluate(model, path, ["--particles", str(particles)], 1,
                              documents)))
    rows.append(("64 particles, 4 runs, --resample-below 50",
                 evaluate(model, path, ["--particles", "64", "--resample-below", "50"], 1, documents)))
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
    full = ["--particles", "64", "--runs", "4", "--sweep-sites", "0", "--budget-policy", "fixed"]
    first = evaluate(MODEL, path, full, 1)
    reference, reference_error = mean_of_two(first, evaluate(MODEL, path, full, 2))
    rows = [("full sweeps, 64 particles, 4 runs (seed 1 of the reference)", first)]
    for bound in sites:
        rows.append((f"--sweep-sites {bound}, 64 particles, 4 runs",
                     evaluate(MODEL, path, ["--particles", "64", "--runs", "4", "--sweep-sites", bound,
                                                "--budget-policy", "fixed"], 3)))
    for bound in sites:
        for share in below:
            rows.append((f"--sweep-sites {bound} --resample-below {share}, 64 particles, 4 runs",
                         evaluate(MODEL, path, ["--particles", "64", "--runs", "4", "--sweep-sites", bound,
                                                "--resample-below", share, "--budget-policy", "fixed"], 3)))
    for target in targets:
        rows.append((f"--target-error {target}", evaluate(MODEL, path, ["--target-error", target], 3)))
    tokens = first[2]
    table(f"{count} documents of sgu-k100 episodes, {tokens} scored tokens ({tokens / count:.0f} each); "
          "reference: full sweeps, 64 particles, 8 runs", reference, reference_error, tokens, rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--part", choices=["short", "long", "defaults", "both"], default="both")
    parser.add_argument("--no-gensim", action="store_true", help="--part defaults: leave out the gensim model")
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
    if arguments.part == "defaults":
        defaults_part(directory, not arguments.no_gensim)
    if arguments.part in ("short", "both"):
        short_part(arguments.targets.split(","))
    if arguments.part in ("long", "both"):
        long_part(arguments.documents, directory, arguments.sites.split(","),
                  [t for t in arguments.long_targets.split(",") if t], arguments.resample_below.split(","))


if __name__ == "__main__":
    main()
