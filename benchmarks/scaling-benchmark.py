#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""How the cost of evaluate-topics grows with K, documents, length, particles and threads, against MALLET.

    benchmarks/scaling-benchmark.py --prepare [--models DIR]     # once, with MALLET_HOME (about 15 minutes)
    benchmarks/scaling-benchmark.py [--models DIR] [--repeat 3] [--quick]

--prepare (needs MALLET_HOME, a MALLET 2.1.1 build: ../shared/tools/build-mallet.sh) imports the Debian
descriptions (../shared/corpora) with MALLET, trains K = 20, 100, 250, 1000 (200 iterations, seed 1, one
thread) and builds held-out instance lists: 1k documents (the first 1000 held-out descriptions), 10k and
100k (the 3000 held-out descriptions repeated in turn: replicated, so MALLET's and topiceval's caches see
repeats), and three length classes of 300 documents each (short: under 20 words, medium: 40 to 80, long:
the 300 longest). Everything goes to DIR (default ~/.cache/topiceval/scaling), outside the repository.

Then every job runs MALLET's evaluate-topics (when MALLET_HOME is set) and topiceval's in turns, --repeat
times each (the fastest kept): exact mode on 1 and 2 threads, fast mode on 2. Printed per job: wall seconds,
tokens x particles per second, ns per site update (topiceval's own count: one topic draw of one particle),
MALLET's seconds and the ratio MALLET / topiceval including JVM start-up, and excluding it: both sides'
time minus their time on an empty held-out list with the same model, measured in the same run.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import benchmark_machine  # noqa: E402 (benchmarks/support/)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPORA = os.path.join(ROOT, "..", "shared", "corpora")
BINARY = os.path.join(ROOT, "build", "topiceval")
TOPICS = [20, 100, 250, 1000]


def mallet_binary():
    home = os.environ.get("MALLET_HOME")
    if not home:
        return None
    binary = os.path.join(home, "bin", "mallet")
    if not os.access(binary, os.X_OK):
        sys.exit(f"MALLET_HOME is set but {binary} is not executable")
    return binary


def run(command):
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit("failed: " + " ".join(command) + "\n" + done.stderr[-2000:])
    return done


def prepare(directory, mallet):
    if mallet is None:
        sys.exit("--prepare needs MALLET_HOME (a MALLET 2.1.1 build: ../shared/tools/build-mallet.sh MIRROR DEST)")
    os.makedirs(directory, exist_ok=True)
    train = os.path.join(directory, "train.mallet")
    if not os.path.exists(train):
        run([mallet, "import-file", "--input", os.path.join(CORPORA, "debian-descriptions-train.tsv"), "--output",
             train, "--keep-sequence", "--remove-stopwords"])
    with open(os.path.join(CORPORA, "debian-descriptions-test.tsv"), encoding="utf-8") as lines:
        held_out = [line for line in lines if line.strip()]
    words = [len(line.split("\t", 2)[-1].split()) for line in held_out]
    by_length = sorted(range(len(held_out)), key=lambda i: -words[i])
    sets = {
        "1k": held_out[:1000],
        "10k": [held_out[i % len(held_out)] for i in range(10_000)],
        "100k": [held_out[i % len(held_out)] for i in range(100_000)],
        "short": [held_out[i] for i in range(len(held_out)) if words[i] < 20][:300],
        "medium": [held_out[i] for i in range(len(held_out)) if 40 <= words[i] <= 80][:300],
        "long": [held_out[i] for i in by_length[:300]],
        "empty": [],
    }
    for name, documents in sets.items():
        target = os.path.join(directory, f"{name}.mallet")
        if os.path.exists(target):
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False, encoding="utf-8") as text:
            # MALLET's import keeps instance names unique per line, not per text: number them.
            for i, line in enumerate(documents):
                name_column, rest = line.split("\t", 1)
                text.write(f"{name_column}-{i}\t{rest}")
        run([mallet, "import-file", "--input", text.name, "--output", target, "--keep-sequence", "--remove-stopwords",
             "--use-pipe-from", train])
        os.unlink(text.name)
        print(f"held-out {name}: {len(documents)} documents", flush=True)
    for topics in TOPICS:
        evaluator = os.path.join(directory, f"k{topics}.evaluator.mallet")
        if os.path.exists(evaluator):
            continue
        started = time.monotonic()
        run([mallet, "train-topics", "--input", train, "--num-topics", str(topics), "--num-iterations", "200",
             "--optimize-interval", "20", "--random-seed", "1", "--num-threads", "1", "--evaluator-filename",
             evaluator])
        print(f"trained K={topics} in {time.monotonic() - started:.0f} s", flush=True)


def timed(command):
    started = time.monotonic()
    done = run(command)
    return time.monotonic() - started, done


def jobs(quick):
    """(K, held-out set, particles, resampling)."""
    table = [(k, "1k", 10, False) for k in TOPICS]                       # how cost grows with K
    table += [(k, "1k", 10, True) for k in TOPICS]
    table += [(k, n, 10, False) for k in (100, 1000) for n in ("10k", "100k")]  # with the number of documents
    table += [(100, "1k", p, r) for p in (1, 50) for r in (False, True)]  # with particles
    table += [(100, c, 10, True) for c in ("short", "medium", "long")]    # with document length
    if quick:
        table = [job for job in table if job[1] != "100k" and job[2] != 50 and job[0] != 1000]
    return table


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", default=os.path.expanduser("~/.cache/topiceval/scaling"))
    parser.add_argument("--prepare", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="leave out K=1000, 100k documents and 50 particles")
    parser.add_argument("--held-out", help="only the rows of these held-out sets, e.g. 10k,100k")
    arguments = parser.parse_args()
    mallet = mallet_binary()
    if arguments.prepare:
        prepare(arguments.models, mallet)
        return
    if not os.path.exists(os.path.join(arguments.models, "1k.mallet")):
        sys.exit(f"no held-out sets in {arguments.models}: run with --prepare first (needs MALLET_HOME)")
    path = lambda name: os.path.join(arguments.models, name)  # noqa: E731
    empty = {}  # K -> (MALLET seconds, topiceval seconds) on the empty held-out list
    print(benchmark_machine.describe())
    print("| K | held-out | particles | resampling | mode | threads | wall s | tokens x particles / s | "
          "ns / site update | MALLET s | MALLET / topiceval | same, without start-up |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    chosen = [job for job in jobs(arguments.quick)
              if not arguments.held_out or job[1] in arguments.held_out.split(",")]
    for topics, held_out, particles, resampling in chosen:
        evaluator = path(f"k{topics}.evaluator.mallet")
        common = ["evaluate-topics", "--evaluator", evaluator, "--num-particles", str(particles),
                  "--use-resampling", "true" if resampling else "false", "--random-seed", "1"]
        if topics not in empty:
            base = [*common, "--input", path("empty.mallet")]
            empty[topics] = (min(timed([mallet, *base])[0] for _ in range(arguments.repeat)) if mallet else None,
                             min(timed([BINARY, *base])[0] for _ in range(arguments.repeat)))
        command = [*common, "--input", path(f"{held_out}.mallet")]
        variants = [("exact", 1), ("exact", 2), ("fast", 2)]
        best = {variant: None for variant in variants}
        mallet_seconds = None
        timing = {}
        for _ in range(arguments.repeat):  # in turns: the machine's drift hits both sides alike
            if mallet:
                seconds, _ = timed([mallet, *command])
                mallet_seconds = seconds if mallet_seconds is None else min(mallet_seconds, seconds)
            for mode, threads in variants:
                seconds, done = timed([BINARY, *command, "--exact", "true" if mode == "exact" else "false",
                                       "--threads", str(threads), "--timing", "true"])
                if best[(mode, threads)] is None or seconds < best[(mode, threads)]:
                    best[(mode, threads)] = seconds
                    timing[(mode, threads)] = done.stderr
        for mode, threads in variants:
            seconds = best[(mode, threads)]
            stats = re.search(r"tokens (\d+) .*ns-per-site-update ([0-9.e+-]+)", timing[(mode, threads)])
            tokens, per_site = int(stats.group(1)), float(stats.group(2))
            ratio = ratio_without = "-"
            if mallet_seconds is not None:
                ratio = f"{mallet_seconds / seconds:.2f}"
                mallet_work = mallet_seconds - empty[topics][0]
                our_work = seconds - empty[topics][1]
                # Below 0.3 s of MALLET's own work, the difference of two JVM start-ups is noise.
                ratio_without = f"{mallet_work / our_work:.2f}" if mallet_work > 0.3 and our_work > 0.005 else "-"
            print(f"| {topics} | {held_out} | {particles} | {'yes' if resampling else 'no'} | {mode} | {threads} | "
                  f"{seconds:.3f} | {tokens * particles / seconds:.3g} | {per_site:.1f} | "
                  f"{mallet_seconds if mallet_seconds is None else round(mallet_seconds, 3)} | {ratio} | "
                  f"{ratio_without} |", flush=True)
    print(f"\nempty held-out list (start-up and model reading), seconds: "
          + ", ".join(f"K={k}: MALLET {m if m is None else round(m, 2)}, topiceval {t:.3f}"
                      for k, (m, t) in empty.items()))


if __name__ == "__main__":
    main()
