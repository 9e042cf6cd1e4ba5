#!/usr/bin/python3
"""Wallach et al. (2009), table 1's menu on MALLET models, against a converged reference.

    scripts/wallach-study.py [--quick] [--output DIR]

On the held-out documents of `stackexchange` (all 200) and of `debian-k100` (the accuracy benchmark's 100),
every estimator topiceval has from the paper's table 1 runs at two budgets (4 runs each, seed 1): harmonic
mean (HM), importance sampling from the prior over theta (IS-PT), with the per-token proposal (IS-PZW) and
with iterated pseudo-counts (IS-IP), AIS, left-to-right with resampling; plus resample-move. Each total is
compared with the reference (resample-move, 1024 particles, 4 runs), and the paper's verdicts are checked:
HM above the reference, IS-PT and IS-PZW below it, left-to-right within its errors (Chib-style is not
implemented yet). Prints Markdown tables; per-run TSVs go to DIR (default build/wallach-study). About a
minute on 2 cores (--quick: a few seconds).
"""

import argparse
import importlib.util
import math
import os

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
    ("AIS", "ais", "--temperatures {}", [1000, 10000], None),
    ("left-to-right", "left-to-right", "--particles {} --resampling true", [10, 100], "within"),
    ("resample-move", "resample-move", "--particles {}", [16, 64], "within"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small budgets and a small reference: a smoke test")
    parser.add_argument("--output", default=os.path.join(bench.ROOT, "build", "wallach-study"))
    arguments = parser.parse_args()
    os.makedirs(arguments.output, exist_ok=True)
    reference_particles = 64 if arguments.quick else 1024
    for fixture in ("stackexchange", "debian-k100"):
        lengths = bench.document_lengths(fixture, arguments.output)
        if fixture == "stackexchange":
            chosen = [d for d, length in enumerate(lengths) if length > 0]
        else:
            chosen = bench.choose_documents(fixture, lengths)
        documents = ",".join(str(d) for d in chosen)
        tokens = sum(lengths[d] for d in chosen)
        reference, seconds = bench.evaluate(fixture, documents, "resample-move", f"--particles {reference_particles}",
                                            1, arguments.output, f"{fixture}-reference")
        reference_total, reference_error = bench.total(reference)
        print(f"### {fixture}: {len(chosen)} documents, {tokens} tokens\n")
        print(f"Reference: resample-move, {reference_particles} particles, {bench.RUNS} runs: "
              f"{reference_total:.2f} +- {reference_error:.2f} ({seconds:.1f} s).\n")
        print("| estimator | budget | total | +- | minus reference | per token | z | seconds | paper's verdict | here |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for label, estimator, options, budgets, verdict in MENU:
            if arguments.quick:
                budgets = budgets[:1]
            for budget in budgets:
                rows, seconds = bench.evaluate(fixture, documents, estimator, options.format(budget), 1,
                                               arguments.output, f"{fixture}-{label}-{budget}")
                estimate, error = bench.total(rows)
                difference = estimate - reference_total
                spread = math.hypot(error, reference_error)
                z = difference / spread if spread > 0 else float("nan")
                if verdict == "above":
                    seen = "reproduced" if z > 2 else "not reproduced"
                elif verdict == "below":
                    seen = "reproduced" if z < -2 else "not reproduced"
                elif verdict == "within":
                    seen = "reproduced" if abs(z) <= 2 else "not reproduced"
                else:
                    seen = "-"
                print(f"| {label} | {budget} | {estimate:.2f} | {error:.2f} | {difference:+.2f} | "
                      f"{difference / tokens:+.5f} | {z:+.1f} | {seconds:.2f} | {verdict or '-'} | {seen} |")
        print()


if __name__ == "__main__":
    main()
