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

It runs the command line on the MALLET fixtures' test.mallet with --documents, and gensim-short (whose
model lives in memory: make-references.py trains it with fixed seeds) through the Python module of the
same build (build/python beside the binary).
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
           "64x16": ["--particles", "64", "--runs", "16"], "fixed-64x4": ["--particles", "64", "--budget-policy", "fixed"]}
# The Python module's spelling of those options.
KEYWORDS = {"--particles": ("particles", int), "--runs": ("runs", int), "--budget-policy": ("budget_policy", str)}

# gensim-short's model lives in memory: one process per request trains it (make-references.py, fixed seeds)
# and evaluates every seed through the Python module of the build given.
PYTHON_RUNS = r"""
import importlib.util, json, sys, warnings
import numpy as np
warnings.simplefilter("ignore")
references, seeds, keywords = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
import topiceval
spec = importlib.util.spec_from_file_location("make_references", references + "/make-references.py")
make = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make)
alpha, rows, documents, description = make.gensim_set(100, 57)
phi = np.ascontiguousarray(np.asarray(description["phi"]), dtype=np.float64)
model = topiceval.Model.from_topics(phi, [float(a) for a in alpha])
ids = {word: i for i, word in enumerate(description["words"])} if isinstance(description["words"][0], str) else None
texts = [np.asarray([ids[w] for w in text.split()] if ids else text, dtype=np.int64) for text in description["texts"]]
for seed in range(1, seeds + 1):
    result = topiceval.evaluate(model, texts, seed=seed, **keywords)
    summary = result.summary
    print(json.dumps([summary.log_likelihood, list(summary.log_likelihood_interval), summary.site_updates,
                      bool(getattr(summary, "interval_unsupported", ""))]), flush=True)
"""


def run_python(build, seeds, options):
    keywords = {}
    for i in range(0, len(options), 2):
        name, kind = KEYWORDS[options[i]]
        keywords[name] = kind(options[i + 1])
    environment = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(build), "python"))
    lines = subprocess.run([sys.executable, "-c", PYTHON_RUNS, REFERENCES, str(seeds), json.dumps(keywords)],
                           capture_output=True, text=True, check=True, env=environment).stdout.split("\n")
    return [(total, low, high, updates, flagged) for total, (low, high), updates, flagged in
            (json.loads(line) for line in lines if line.strip())]


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
    parser.add_argument("--sets", default="debian-short,gensim-short,debian-exact,sgu-long")
    parser.add_argument("--binary", default=os.path.join(ROOT, "build", "topiceval"))
    parser.add_argument("--old-binary")
    parser.add_argument("--configs", default="default,64x4")
    parser.add_argument("--old-configs", default="default,fixed-64x4")
    arguments = parser.parse_args()
    binaries = [("", arguments.binary)] + ([("old ", arguments.old_binary)] if arguments.old_binary else [])
    print("set\trequest\tcovered\tseeds\tmean_error\tmean_width_per_token\tcost_vs_64x4\tunsupported")
    for name in arguments.sets.split(","):
        indices, truth, truth_se, tokens = reference(name)
        baseline = None
        for prefix, binary in binaries:
            for config in (arguments.old_configs if prefix else arguments.configs).split(","):
                covered = unsupported = 0
                errors, widths, costs = [], [], []
                if name == "gensim-short":
                    outcomes = run_python(binary, arguments.seeds, CONFIGS[config])
                else:
                    outcomes = [run_command_line(binary, name, indices, seed, CONFIGS[config])
                                for seed in range(1, arguments.seeds + 1)]
                for total, low, high, updates, flagged in outcomes:
                    covered += low <= truth <= high
                    unsupported += flagged
                    errors.append(total - truth)
                    widths.append((high - low) / tokens)
                    costs.append(updates)
                if baseline is None:
                    baseline = (run_python(arguments.binary, 1, CONFIGS["fixed-64x4"])[0] if name == "gensim-short"
                                else run_command_line(arguments.binary, name, indices, 1, CONFIGS["fixed-64x4"]))[3]
                print(f"{name}\t{prefix}{config}\t{covered}\t{arguments.seeds}\t{sum(errors) / len(errors):+.2f}\t"
                      f"{sum(widths) / len(widths):.4f}\t{sum(costs) / len(costs) / baseline:.2f}\t{unsupported}",
                      flush=True)
        print(f"# {name}: {len(indices)} documents, {tokens} tokens, reference total {truth:.2f} +- {truth_se:.2f}",
              flush=True)


if __name__ == "__main__":
    main()
