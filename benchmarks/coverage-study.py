#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""How often the printed interval holds the reference, over seeds: the default against other budgets.

    benchmarks/coverage-study.py [--seeds 20] [--sets debian-short,gensim-short,debian-exact,sgu-long]
                                 [--binary build/topiceval] [--old-binary PATH] [--configs default,64x4]

For each reference set of benchmarks/references (make-references.py: exact values and an independent
program's resample-move, never topiceval's own estimates) and each seed, it runs `topiceval evaluate`
on the set's documents and checks whether the total's printed interval holds the reference total. It
prints, per set and request: the seeds covered, the mean error of the estimate against the reference,
the interval's mean width per token, the site updates relative to 64 particles x 4 runs (the budget of
releases before 1.0), and how often the output called the interval unsupported. --old-binary adds the
same rows for another build (for example the release before 1.0, whose default was the bias-bound
policy) measured in the same run.

It runs the command line on the MALLET fixtures' test.mallet with --documents; gensim-short's model
lives in memory only (make-references.py trains it), so the study leaves it out.
"""

import argparse
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
REFERENCES = os.path.join(HERE, "references")
SHARED = os.environ.get("TOPICEVAL_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
FIXTURES = os.path.join(SHARED, "fixtures", "mallet-2.1.1")
CONFIGS = {"default": [], "64x4": ["--particles", "64"], "256x4": ["--particles", "256"],
           "64x16": ["--particles", "64", "--runs", "16"]}


def reference(name):
    """(document indices, reference total, its se, scored tokens) of a set."""
    indices, total, variance, tokens = [], 0.0, 0.0, 0
    with open(os.path.join(REFERENCES, name + ".tsv")) as rows:
        header = rows.readline().rstrip("\n").split("\t")
        for line in rows:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            indices.append(int(row["document"]))
            total += float(row["reference"])
            variance += float(row["reference_se"]) ** 2
            tokens += int(row["tokens"])
    return indices, total, math.sqrt(variance), tokens


def run_command_line(binary, name, indices, seed, options):
    with open(os.path.join(REFERENCES, name + ".json")) as meta:
        description = json.load(meta)
    command = [binary, "evaluate", "--model", os.path.join(FIXTURES, description["model"]), "--input",
               os.path.join(FIXTURES, description["input"]), "--documents", ",".join(map(str, indices)),
               "--seed", str(seed), "--format", "json", "--quiet"] + options
    result = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    summary = result["summary"]
    low, high = summary["log_likelihood_interval"]
    return summary["log_likelihood"], low, high, summary.get("site_updates", 0), summary.get(
        "interval_unsupported", "") not in ("", None, False)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--sets", default="debian-short,debian-exact,sgu-long")
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "topiceval"))
    parser.add_argument("--old-binary")
    parser.add_argument("--configs", default="default,64x4")
    arguments = parser.parse_args()
    binaries = [("", arguments.binary)] + ([("old ", arguments.old_binary)] if arguments.old_binary else [])
    print("set\trequest\tcovered\tseeds\tmean_error\tmean_width_per_token\tcost_vs_64x4\tunsupported")
    for name in arguments.sets.split(","):
        indices, truth, truth_se, tokens = reference(name)
        baseline = None
        for prefix, binary in binaries:
            for config in arguments.configs.split(","):
                covered = unsupported = 0
                errors, widths, costs = [], [], []
                for seed in range(1, arguments.seeds + 1):
                    total, low, high, updates, flagged = run_command_line(
                        binary, name, indices, seed, CONFIGS[config])
                    covered += low <= truth <= high
                    unsupported += flagged
                    errors.append(total - truth)
                    widths.append((high - low) / tokens)
                    costs.append(updates)
                if baseline is None:
                    baseline = run_command_line(arguments.binary, name, indices, 1,
                                                ["--particles", "64", "--budget-policy", "fixed"])[3]
                print(f"{name}\t{prefix}{config}\t{covered}\t{arguments.seeds}\t{sum(errors) / len(errors):+.2f}\t"
                      f"{sum(widths) / len(widths):.4f}\t{sum(costs) / len(costs) / baseline:.2f}\t{unsupported}",
                      flush=True)
        print(f"# {name}: {len(indices)} documents, {tokens} tokens, reference total {truth:.2f} +- {truth_se:.2f}",
              flush=True)


if __name__ == "__main__":
    main()
