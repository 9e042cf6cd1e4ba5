#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The topic browser on a large model: time, peak memory and page size of topiceval browse.

    benchmarks/browse-benchmark.py [--topics 1000] [--types 1000000] [--tokens 20M] [--dir DIR] [--threads 2]
                                   [--repeat 1] [--binary build/topiceval]

Writes (once, into DIR, default ~/.cache/topiceval/browse) a synthetic count model in topiceval's LDA model
format (formats/lda_model_file.hpp): --tokens tokens over --types words with Zipf frequencies (exponent 1.07),
each word's tokens over a number of topics that grows with its frequency (a word of n tokens in about
n^0.6 topics, at most K: the frequent words in nearly every topic, most of the vocabulary in one), their share
in each topic drawn from a Dirichlet. Then runs `topiceval browse MODEL --output page.html --measure none`
(no texts: LDAvis's figures, MALLET's diagnostics of the counts, exclusivity and FREX) under /usr/bin/time,
--repeat times (the fastest kept), and prints the wall and CPU time, the peak resident memory, the page's size and
how many terms it holds against the vocabulary and the bound K R G (ldavis.hpp), with the machine.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "support"))
import benchmark_machine  # noqa: E402 (benchmarks/support/)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def token_count(text):
    multiplier = {"k": 10**3, "M": 10**6, "G": 10**9}
    match = re.fullmatch(r"(\d+)([kMG]?)", text)
    if not match:
        raise argparse.ArgumentTypeError(f"{text}: a count like 20M")
    return int(match.group(1)) * multiplier.get(match.group(2), 1)


def write_model(path, topics, types, tokens, seed):
    random = numpy.random.default_rng(seed)
    weights = 1.0 / numpy.arange(1, types + 1) ** 1.07
    counts = numpy.maximum(1, numpy.round(weights / weights.sum() * tokens)).astype(numpy.int64)
    spread = numpy.minimum(topics, numpy.maximum(1, numpy.round(counts ** 0.6))).astype(numpy.int64)
    alpha = 0.1
    with open(path + ".new", "w", encoding="utf-8") as out:
        out.write(f"topiceval LDA model 1\ntopics {topics}\ntypes {types}\nalpha\n")
        out.write(" ".join([repr(alpha)] * topics) + "\n")
        out.write(f"alpha-sum {alpha * topics!r}\nbeta 0.01\nbeta-sum {0.01 * types!r}\ntype-topic-counts\n")
        for w in range(types):
            n, d = int(counts[w]), int(spread[w])
            if d == 1:
                out.write(f"{int(random.integers(topics))}:{n}\n")
                continue
            chosen = random.choice(topics, size=d, replace=False)
            split = random.multinomial(n, random.dirichlet(numpy.full(d, 0.5)))
            row = sorted(((int(c), int(t)) for t, c in zip(chosen, split) if c > 0), reverse=True)
            out.write(" ".join(f"{t}:{c}" for c, t in row) + "\n")
        out.write(f"vocabulary {types}\n")
        for w in range(types):
            out.write(f"w{w}\n")
    os.replace(path + ".new", path)
    return int(counts.sum())


def timed(command):
    """Wall seconds, CPU seconds (user and system) and peak resident memory (MiB) of `command`, by /usr/bin/time."""
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name] + command, check=True,
                       stdout=subprocess.DEVNULL)
        seconds, user, system, kilobytes = report.read().split()[-4:]
    return float(seconds), float(user) + float(system), int(kilobytes) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--topics", type=int, default=1000)
    parser.add_argument("--types", type=token_count, default=1_000_000)
    parser.add_argument("--tokens", type=token_count, default=20_000_000)
    parser.add_argument("--dir", default=os.path.expanduser("~/.cache/topiceval/browse"))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "topiceval"))
    args = parser.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    model = os.path.join(args.dir, f"synthetic-k{args.topics}-v{args.types}-n{args.tokens}-s{args.seed}.lda")
    if not os.path.exists(model):
        print(f"writing {model} ...", flush=True)
        made = write_model(model, args.topics, args.types, args.tokens, args.seed)
        print(f"  {made} tokens", flush=True)
    page = os.path.join(args.dir, "page.html")
    data = os.path.join(args.dir, "page.json")
    command = [args.binary, "browse", model, "--output", page, "--json", data, "--measure", "none", "--threads",
               str(args.threads), "--quiet"]
    load = os.getloadavg()[0]
    runs = [timed(command) for _ in range(args.repeat)]
    seconds, cpu, _ = min(runs)
    memory = max(run[2] for run in runs)
    with open(data, encoding="utf-8") as lines:
        content = json.load(lines)
    shown = content["models"][0]
    terms = len(shown["terms"]["word"])
    per_topic = [len(t["term"]) for t in shown["topic_terms"]]
    bound = args.topics * content["terms"] * len(content["lambda_grid"]) + content["terms"]
    print(benchmark_machine.describe())
    print(f"model: K = {args.topics}, V = {args.types}, {args.tokens} tokens (synthetic, {model})")
    print(f"command: {' '.join(command)}")
    print(f"wall time: {seconds:.2f} s (fastest of {args.repeat}; {cpu:.2f} s of CPU), peak memory {memory:.0f} MiB"
          f" (load average before the runs: {load:.1f})")
    print(f"model file: {os.path.getsize(model) / 2**20:.1f} MiB; page: {os.path.getsize(page) / 2**20:.2f} MiB")
    print(f"terms on the page: {terms} of V = {args.types} (bound K R G + R = {bound}); per topic "
          f"{min(per_topic)} to {max(per_topic)}, mean {sum(per_topic) / len(per_topic):.1f} (R = {content['terms']})")


if __name__ == "__main__":
    main()
