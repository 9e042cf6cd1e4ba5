#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Held-out sets of any size: time and peak memory of reading and evaluating, against MALLET.

    MALLET_HOME=... benchmarks/large-input-benchmark.py --prepare [--tokens 10M] [--dir DIR]   # once
    benchmarks/large-input-benchmark.py [--tokens 10M] [--dir DIR] [--repeat 3] [--baseline OTHER_TOPICEVAL]

--prepare writes, into DIR (default ~/.cache/topiceval/large), the Debian held-out descriptions
(../shared/corpora) repeated in turn until they hold --tokens tokens (10M, or 100M for the run MALLET
needs -Xmx for; replicated, so say so when quoting): as plain text, one description per line, and as a
MALLET instance list imported with the debian-k100 fixture's own pipe (mallet import-file
--use-pipe-from), so that the fixture's model scores it.

Then each job runs --repeat times in turns (the fastest kept), under /usr/bin/time, and prints wall seconds
and peak resident memory:
  - reading the instance list alone (topiceval info), beside --baseline (another topiceval binary, e.g. a
    build of an older commit) when given: the reading speed-up measured in the same run;
  - MALLET's evaluate-topics (10 particles, no resampling, MALLET_MEMORY raised for large sets) against
    topiceval's on the same instance list: exact mode on one thread (the same bits as MALLET with the same
    seed) and fast mode on two;
  - topiceval evaluate on the same documents as plain text (left-to-right, 10 particles, one run), which
    MALLET cannot read (beside --baseline too).
"""

import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import benchmark_machine  # noqa: E402 (benchmarks/support/)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(ROOT, "..", "shared")
CORPUS = os.path.join(SHARED, "corpora", "debian-descriptions-test.tsv")
FIXTURE = os.path.join(SHARED, "fixtures", "mallet-2.1.1", "debian-k100")
BINARY = os.path.join(ROOT, "build", "topiceval")


def token_count(text):
    multiplier = {"k": 10**3, "M": 10**6, "G": 10**9}
    match = re.fullmatch(r"(\d+)([kMG]?)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"{text}: a count like 10M")
    return int(match.group(1)) * multiplier.get(match.group(2), 1)


def mallet_binary(required):
    home = os.environ.get("MALLET_HOME")
    if not home:
        if required:
            sys.exit("--prepare needs MALLET_HOME (a MALLET 2.1.1 build: ../shared/tools/build-mallet.sh)")
        return None
    return os.path.join(home, "bin", "mallet")


def prepare(directory, tokens, label, mallet):
    os.makedirs(directory, exist_ok=True)
    with open(CORPUS, encoding="utf-8") as lines:
        held_out = [line.rstrip("\n").split("\t", 2) for line in lines if line.strip()]
    text_path = os.path.join(directory, f"{label}.txt")
    tsv_path = os.path.join(directory, f"{label}.tsv")
    written = documents = 0
    with open(text_path, "w", encoding="utf-8") as text, open(tsv_path, "w", encoding="utf-8") as tsv:
        while written < tokens:
            name, tag, body = held_out[documents % len(held_out)]
            words = re.findall(r"[^\W\d_]+", body.lower())
            text.write(" ".join(words) + "\n")
            tsv.write(f"{name}-{documents}\t{tag}\t{body}\n")  # MALLET wants each name once
            written += len(words)
            documents += 1
    subprocess.run([mallet, "import-file", "--input", tsv_path, "--output", os.path.join(directory, f"{label}.mallet"),
                    "--keep-sequence", "--remove-stopwords", "--use-pipe-from", os.path.join(FIXTURE, "test.mallet")],
                   check=True, env={**os.environ, "MALLET_MEMORY": memory_for(tokens)})
    os.unlink(tsv_path)
    print(f"{label}: {documents} documents, {written} words of text (the Debian held-out descriptions repeated)")


def memory_for(tokens):
    """What MALLET's JVM needs for a list of this many tokens (its default is 1g)."""
    return f"{max(1, tokens // 8_000_000)}g"


def measure(command, env=None):
    done = subprocess.run(["/usr/bin/time", "-f", "%e %M", *command], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, check=False)
    if done.returncode != 0:
        sys.exit("failed: " + " ".join(command) + "\n" + done.stderr[-2000:])
    seconds, kilobytes = done.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kilobytes) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", default=os.path.expanduser("~/.cache/topiceval/large"))
    parser.add_argument("--tokens", type=token_count, default=token_count("10M"))
    parser.add_argument("--prepare", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", help="another topiceval binary, timed on reading beside this one")
    arguments = parser.parse_args()
    label = next(f"{arguments.tokens // unit}{name}" for unit, name in ((10**9, "G"), (10**6, "M"), (10**3, "k"), (1, ""))
                 if arguments.tokens % unit == 0)
    if arguments.prepare:
        prepare(arguments.dir, arguments.tokens, label, mallet_binary(True))
        return
    listing = os.path.join(arguments.dir, f"{label}.mallet")
    text = os.path.join(arguments.dir, f"{label}.txt")
    if not os.path.exists(listing):
        sys.exit(f"no {listing}: run with --prepare first (needs MALLET_HOME)")
    mallet = mallet_binary(False)
    evaluator = os.path.join(FIXTURE, "evaluator.mallet")
    inferencer = os.path.join(FIXTURE, "inferencer.mallet")
    common = ["evaluate-topics", "--evaluator", evaluator, "--input", listing, "--num-particles", "10",
              "--use-resampling", "false", "--random-seed", "1", "--output-prob", os.devnull]
    jobs = [("reading the instance list", "topiceval info", [BINARY, "info", listing], None)]
    if arguments.baseline:
        jobs.append(("reading the instance list", "baseline info", [arguments.baseline, "info", listing], None))
    if mallet:
        jobs.append(("evaluate-topics, instance list", "MALLET", [mallet, *common],
                     {"MALLET_MEMORY": memory_for(arguments.tokens)}))
    jobs += [
        ("evaluate-topics, instance list", "topiceval exact, 1 thread", [BINARY, *common, "--threads", "1"], None),
        ("evaluate-topics, instance list", "topiceval fast, 2 threads",
         [BINARY, *common, "--exact", "false", "--threads", "2"], None),
    ]
    # The summary alone reads the text once, in batches; the per-document table twice (its outline first).
    plain = ["evaluate", "--model", inferencer, "--input", text, "--estimator", "left-to-right", "--particles", "10",
             "--runs", "1", "--threads", "2", "--quiet"]
    jobs.append(("evaluate, plain text", "topiceval left-to-right, 2 threads, summary", [BINARY, *plain], None))
    jobs.append(("evaluate, plain text", "topiceval left-to-right, 2 threads, TSV rows",
                 [BINARY, *plain, "--format", "tsv"], None))
    if arguments.baseline:
        jobs.append(("evaluate, plain text", "baseline left-to-right, 2 threads, TSV rows",
                     [arguments.baseline, *plain, "--format", "tsv"], None))
    best = {}
    for _ in range(arguments.repeat):  # in turns: the machine's drift hits every job alike
        for job in jobs:
            seconds, mebibytes = measure(job[2], job[3])
            key = (job[0], job[1])
            if key not in best or seconds < best[key][0]:
                best[key] = (seconds, mebibytes)
    print(benchmark_machine.describe())
    print(f"held-out: {label} tokens of the Debian held-out descriptions, repeated; model: debian-k100 (K = 100)")
    print("| job | program | wall s | peak MiB |")
    print("|---|---|---|---|")
    for job in jobs:
        seconds, mebibytes = best[(job[0], job[1])]
        print(f"| {job[0]} | {job[1]} | {seconds:.3f} | {mebibytes:.0f} |")
    if arguments.baseline:
        ours = best[("reading the instance list", "topiceval info")][0]
        theirs = best[("reading the instance list", "baseline info")][0]
        print(f"\nreading: {theirs / ours:.2f}x the baseline's speed (whole process, fastest of {arguments.repeat})")
    if mallet:
        theirs = best[("evaluate-topics, instance list", "MALLET")][0]
        for program in ("topiceval exact, 1 thread", "topiceval fast, 2 threads"):
            ours = best[("evaluate-topics, instance list", program)][0]
            print(f"{program}: {theirs / ours:.2f}x MALLET (whole process, JVM start-up included)")


if __name__ == "__main__":
    main()
