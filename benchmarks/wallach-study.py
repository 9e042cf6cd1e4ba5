#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Wallach et al. (2009), table 1's menu and section 5's document completion on MALLET models.

    benchmarks/wallach-study.py [--quick] [--output DIR]

On the held-out documents of `stackexchange` (all 200) and of `debian-k100` (the accuracy benchmark's 100),
every estimator of the paper's table 1 runs at two budgets (4 runs each, seed 1), chosen so that each
estimator's two budgets cost about the same number of Gibbs site updates per token as the others' (about
100 and 1000 sweeps; left-to-right and resample-move cost grows with document length): harmonic mean (HM),
importance sampling from the prior over theta (IS-PT), with the per-token proposal (IS-PZW) and with
iterated pseudo-counts (IS-IP), Chib-style (CS, with Murray & Salakhutdinov's correction), AIS,
left-to-right with resampling; plus resample-move. Each total is compared with the reference
(resample-move, 1024 particles, 4 runs), and the paper's verdicts are checked: HM above the reference,
IS-PT and IS-PZW below it, CS and left-to-right within their errors of it.

Then document completion (section 5): p(w2 | w1), w1 the first half of each document, by left-to-right,
resample-move, AIS (algorithm 4), importance sampling (theta's posterior given w1) and estimated theta,
against resample-move with 1024 particles on the same split.

Prints Markdown tables with the cost in site updates beside the time; per-run JSON goes to DIR (default
build/wallach-study). About three minutes on 2 cores (--quick: seconds).
"""

import argparse
import importlib.util
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("accuracy_benchmark", os.path.join(HERE, "accuracy-benchmark.py"))
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)

# (label, estimator, options with {} for the budget, budgets, the paper's verdict: above, below or within)
MENU = [
    ("HM", "harmonic-mean", "--samples {} --burn-in-sweeps 100", [100, 1000], "above"),
    ("IS-PT", "importance-sampling", "--proposal prior-theta --samples {}", [100, 1000], "below"),
    ("IS-PZW", "importance-sampling", "--proposal prior-z-word --samples {}", [100, 1000], "below"),
    ("IS-IP", "importance-sampling", "--proposal iterated-pseudo-counts --samples {}", [100, 1000], None),
    ("CS", "chib-style", "--samples {}", [50, 500], "within"),
    ("AIS", "ais", "--temperatures {}", [100, 1000], None),
    ("left-to-right", "left-to-right", "--particles {} --resampling true", [10, 100], "within"),
    ("resample-move", "resample-move", "--particles {}", [16, 64], "within"),
]

# Document completion: (label, estimator, options)
COMPLETION = [
    ("left-to-right", "left-to-right", "--particles 100 --resampling true"),
    ("resample-move", "resample-move", "--particles 64"),
    ("AIS (algorithm 4)", "ais", "--temperatures 1000 --burn-in-sweeps 100"),
    ("IS-PT (posterior given w1)", "importance-sampling", "--proposal prior-theta --samples 1000"),
    ("IS-IP (posterior given w1)", "importance-sampling", "--proposal iterated-pseudo-counts --samples 1000"),
    ("estimated theta", "estimated-theta", "--samples 100 --burn-in-sweeps 100"),
]


def evaluate(fixture, documents, estimator, options, output_dir, tag):
    """Runs topiceval evaluate; returns (total, error, site updates, seconds, scored tokens)."""
    command = [bench.BINARY, "evaluate", "--model", os.path.join(bench.FIXTURES, fixture, "inferencer.mallet"),
               "--input", os.path.join(bench.FIXTURES, fixture, "test.mallet"), "--estimator", estimator, "--runs",
               str(bench.RUNS), "--seed", "1", "--format", "json", "--quiet", "--documents", documents]
    command += options.split()
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit("failed: " + " ".join(command) + "\n" + done.stderr)
    with open(os.path.join(output_dir, tag + ".json"), "w", encoding="utf-8") as saved:
        saved.write(done.stdout)
    summary = json.loads(done.stdout)["summary"]
    return (summary["log_likelihood"], summary["log_likelihood_se"], summary["site_updates"], seconds,
            summary["tokens"])


def verdict_seen(verdict, z):
    if verdict == "above":
        return "reproduced" if z > 2 else "not reproduced"
    if verdict == "below":
        return "reproduced" if z < -2 else "not reproduced"
    if verdict == "within":
        return "reproduced" if abs(z) <= 2 else "not reproduced"
    return "-"


def row(label, budget, estimate, error, reference, reference_error, tokens, updates, seconds, verdict):
    difference = estimate - reference
    spread = math.hypot(error, reference_error)
    z = difference / spread if spread > 0 else float("nan")
    print(f"| {label} | {budget} | {estimate:.2f} | {error:.2f} | {difference:+.2f} | {difference / tokens:+.5f} | "
          f"{z:+.1f} | {updates:.3g} | {seconds:.2f} | {verdict or '-'} | {verdict_seen(verdict, z)} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small budgets and a small reference: a smoke test")
    parser.add_argument("--output", default=os.path.join(bench.ROOT, "build", "wallach-study"))
    arguments = parser.parse_args()
    os.makedirs(arguments.output, exist_ok=True)
    reference_particles = 64 if arguments.quick else 1024
    header = ("| estimator | budget | total | +- | minus reference | per token | z | site updates | seconds | "
              "paper's verdict | here |\n|---|---|---|---|---|---|---|---|---|---|---|")
    for fixture in ("stackexchange", "debian-k100"):
        lengths = bench.document_lengths(fixture, arguments.output)
        if fixture == "stackexchange":
            chosen = [d for d, length in enumerate(lengths) if length > 0]
        else:
            chosen = bench.choose_documents(fixture, lengths)
        documents = ",".join(str(d) for d in chosen)
        tokens = sum(lengths[d] for d in chosen)
        reference, reference_error, updates, seconds, _ = evaluate(
            fixture, documents, "resample-move", f"--particles {reference_particles}", arguments.output,
            f"{fixture}-reference")
        print(f"### {fixture}: {len(chosen)} documents, {tokens} tokens\n")
        print(f"Reference: resample-move, {reference_particles} particles, {bench.RUNS} runs: "
              f"{reference:.2f} +- {reference_error:.2f} ({seconds:.1f} s, {updates:.3g} site updates).\n")
        print(header)
        for label, estimator, options, budgets, verdict in MENU:
            for budget in budgets[:1] if arguments.quick else budgets:
                estimate, error, updates, seconds, _ = evaluate(fixture, documents, estimator, options.format(budget),
                                                                arguments.output, f"{fixture}-{label}-{budget}")
                row(label, budget, estimate, error, reference, reference_error, tokens, updates, seconds, verdict)
        print()

        split = "--complete-documents first-half"
        reference, reference_error, updates, seconds, w2 = evaluate(
            fixture, documents, "resample-move", f"--particles {reference_particles} {split}", arguments.output,
            f"{fixture}-completion-reference")
        print(f"Document completion, {fixture}: log p(w2 | w1), w1 the first half of each document ({w2} tokens of "
              f"w2 scored). Reference: resample-move, {reference_particles} particles: {reference:.2f} +- "
              f"{reference_error:.2f}.\n")
        print(header)
        for label, estimator, options in COMPLETION:
            if arguments.quick:
                options = options.replace("1000", "50").replace("100", "10")
            estimate, error, updates, seconds, _ = evaluate(fixture, documents, estimator, f"{options} {split}",
                                                            arguments.output, f"{fixture}-completion-{estimator}")
            # Section 5 gives no ordering to check; the z column says which agree with the reference.
            row(label, "", estimate, error, reference, reference_error, w2, updates, seconds, None)
        print()


if __name__ == "__main__":
    main()
