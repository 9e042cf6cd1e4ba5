#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Accuracy against time for every estimator of `topiceval evaluate`.

    benchmarks/accuracy-benchmark.py [--quick] [--output DIR] [--reference-particles N]

On documents of two fixtures (30 `sgu-k100` held-out documents of 50..1500
tokens chosen evenly by length, and 100 `debian-k100` held-out documents drawn
at random with a fixed seed), each estimator runs at several budgets with
--runs 4. Each total is compared with a reference: resample-move (unbiased)
at a large budget, itself cross-checked against AIS at 30,000 temperatures on
the documents of at most 100 tokens. Then the standard errors topiceval
reports are compared with the spread of the estimates over 10 seeds.

Prints Markdown tables and writes DIR/accuracy.html (a plot of distance to
the reference against time, in the HTML report's style) and DIR/*.tsv (every
run's per-document output). Times are whole-process wall times of the
`topiceval evaluate` command on this machine, all threads. Takes about 40
minutes on 2 cores (--quick: about 3, with small budgets: a smoke test only).
"""

import argparse
import html
import math
import os
import re
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "mallet-2.1.1")
BINARY = os.path.join(ROOT, "build", "topiceval")
RUNS = 4

# (estimator, options, label); the budgets each estimator is measured at.
FULL_GRID = [
    ("left-to-right", "--particles {} --resampling false", "left-to-right", [10, 100, 1000]),
    ("left-to-right", "--particles {} --resampling true", "left-to-right, resampling", [10, 30, 100]),
    ("filtering", "", "filtering", [None]),
    ("particle-learning", "--particles {}", "particle learning", [100, 1000, 10000]),
    ("ais", "--temperatures {}", "AIS", [1000, 3000, 10000]),
    ("resample-move", "--particles {}", "resample-move", [16, 32, 64, 100]),
    ("resample-move", "--target-error {}", "resample-move, --target-error", [0.05, 0.02, 0.01]),
]
QUICK_GRID = [
    ("left-to-right", "--particles {} --resampling true", "left-to-right, resampling", [10]),
    ("filtering", "", "filtering", [None]),
    ("ais", "--temperatures {}", "AIS", [300]),
    ("resample-move", "--particles {}", "resample-move", [16]),
    ("resample-move", "--target-error {}", "resample-move, --target-error", [0.05]),
]
CALIBRATION = [("resample-move", "--particles {}", 100), ("ais", "--temperatures {}", 1000),
               ("particle-learning", "--particles {}", 1000)]


def evaluate(fixture, documents, estimator, options, seed, output_dir, tag):
    """Runs topiceval evaluate on `documents` (all if None); returns (rows, seconds), rows per document."""
    command = [BINARY, "evaluate", "--model", os.path.join(FIXTURES, fixture, "inferencer.mallet"), "--input",
               os.path.join(FIXTURES, fixture, "test.mallet"), "--estimator", estimator, "--runs", str(RUNS), "--seed",
               str(seed), "--format", "tsv", "--quiet"] + options.split()
    if documents is not None:
        command += ["--documents", documents]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    seconds = time.monotonic() - started
    if done.returncode != 0:
        sys.exit("failed: " + " ".join(command) + "\n" + done.stderr)
    with open(os.path.join(output_dir, tag + ".tsv"), "w", encoding="utf-8") as saved:
        saved.write(done.stdout)
    lines = done.stdout.rstrip("\n").split("\n")
    header = lines[0].split("\t")
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:] if line.split("\t")[0].isdigit()]
    updates = re.search(r"([0-9.e+]+) Gibbs site updates", done.stdout + done.stderr)
    for row in rows:
        row["updates"] = float(updates.group(1)) if updates else 0.0
    for row in rows:
        row["tokens"] = int(row["tokens"])
        row["loglik"] = float(row["loglik"])
        row["loglik_se"] = float(row["loglik_se"])
    return rows, seconds


def document_lengths(fixture, output_dir):
    """Scored tokens of every held-out document (filtering is fast and deterministic)."""
    rows, _ = evaluate(fixture, None, "filtering", "", 1, output_dir, fixture + "-lengths")
    return [row["tokens"] for row in rows]


def choose_documents(fixture, lengths):
    if fixture == "sgu-k100":
        eligible = sorted((length, d) for d, length in enumerate(lengths) if 50 <= length <= 1500)
        picks = [eligible[round(i * (len(eligible) - 1) / 29)][1] for i in range(30)]
    else:
        eligible = [d for d, length in enumerate(lengths) if length > 0]
        picks = random.Random(20261124).sample(eligible, 100)
    return sorted(set(picks))


def total(rows):
    return sum(row["loglik"] for row in rows), math.sqrt(sum(row["loglik_se"] ** 2 for row in rows))


def plot(series, width=820, height=420):
    """SVG: distance to the reference (nats per token, log scale) against seconds (log scale)."""
    left, right, top, bottom = 70, 200, 20, 50
    points = [(s, d) for _, values in series for s, d, _ in values if s > 0 and d > 0]
    if not points:
        return ""
    xs = [math.log10(s) for s, _ in points]
    ys = [math.log10(d) for _, d in points]
    x_low, x_high = math.floor(min(xs)), math.ceil(max(xs))
    y_low, y_high = math.floor(min(ys)), math.ceil(max(ys))
    x_high += x_high == x_low
    y_high += y_high == y_low

    def px(value):
        return left + (math.log10(value) - x_low) / (x_high - x_low) * (width - left - right)

    def py(value):
        return height - bottom - (math.log10(value) - y_low) / (y_high - y_low) * (height - top - bottom)

    colours = ["#2563eb", "#c33", "#16a34a", "#a855f7", "#ea580c", "#0891b2", "#444"]
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">',
           f'<line class="axis" x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}"/>',
           f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}"/>']
    for exponent in range(x_low, x_high + 1):
        x = px(10 ** exponent)
        svg.append(f'<text class="tick" x="{x:.1f}" y="{height - bottom + 16}" text-anchor="middle">'
                   f'{10 ** exponent:g}</text>')
    for exponent in range(y_low, y_high + 1):
        y = py(10 ** exponent)
        svg.append(f'<text class="tick" x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{10 ** exponent:g}</text>')
    svg.append(f'<text class="label" x="{(left + width - right) / 2}" y="{height - 12}" text-anchor="middle">'
               'seconds (whole process, log scale)</text>')
    svg.append(f'<text class="label" x="16" y="{(top + height - bottom) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(top + height - bottom) / 2})">'
               '|distance to reference|, nats per token</text>')
    for index, (label, values) in enumerate(series):
        colour = colours[index % len(colours)]
        shown = [(s, d, budget) for s, d, budget in values if s > 0 and d > 0]
        if len(shown) > 1:
            path = " ".join(f"{px(s):.1f},{py(d):.1f}" for s, d, _ in shown)
            svg.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{path}"/>')
        for s, d, budget in shown:
            svg.append(f'<circle cx="{px(s):.1f}" cy="{py(d):.1f}" r="3.5" fill="{colour}">'
                       f'<title>{html.escape(label)} {budget}: {d:.5f} nats/token, {s:.2f} s</title></circle>')
        svg.append(f'<text x="{width - right + 12}" y="{top + 16 * (index + 1)}" '
                   f'style="font-size:12px;fill:{colour}">{html.escape(label)}</text>')
    svg.append("</svg>")
    return "".join(svg)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small budgets: checks the script, measures nothing")
    parser.add_argument("--output", default=os.path.join(ROOT, "build", "accuracy"))
    parser.add_argument("--reference-particles", type=int, default=None,
                        help="resample-move particles of the reference (default 1024; 64 with --quick)")
    arguments = parser.parse_args()
    if not os.access(BINARY, os.X_OK):
        subprocess.run([os.path.join(ROOT, "scripts", "build.sh")], check=True, stdout=subprocess.DEVNULL)
    os.makedirs(arguments.output, exist_ok=True)
    grid = QUICK_GRID if arguments.quick else FULL_GRID
    reference_particles = arguments.reference_particles or (64 if arguments.quick else 1024)
    ais_check = 1000 if arguments.quick else 30000
    seeds = 3 if arguments.quick else 10
    calibration = [(e, o, 16 if arguments.quick and e == "resample-move" else (b if not arguments.quick else 100))
                   for e, o, b in CALIBRATION]

    report = []
    for fixture in ("sgu-k100", "debian-k100"):
        lengths = document_lengths(fixture, arguments.output)
        chosen = choose_documents(fixture, lengths)
        documents = ",".join(str(d) for d in chosen)
        tokens = sum(lengths[d] for d in chosen)
        print(f"### {fixture}: {len(chosen)} documents, {tokens} tokens ({min(lengths[d] for d in chosen)}.."
              f"{max(lengths[d] for d in chosen)} each)\n")

        reference, reference_seconds = evaluate(fixture, documents, "resample-move",
                                                f"--particles {reference_particles}", 1, arguments.output,
                                                f"{fixture}-reference")
        reference_total, reference_error = total(reference)
        print(f"Reference: resample-move, {reference_particles} particles, {RUNS} runs: "
              f"{reference_total:.2f} +- {reference_error:.2f} ({reference_seconds:.1f} s).")
        short = [i for i, row in enumerate(reference) if row["tokens"] <= 100]
        if short:
            check, _ = evaluate(fixture, ",".join(str(chosen[i]) for i in short), "ais",
                                f"--temperatures {ais_check}", 1, arguments.output, f"{fixture}-ais-check")
            difference = sum(row["loglik"] for row in check) - sum(reference[i]["loglik"] for i in short)
            error = math.sqrt(sum(row["loglik_se"] ** 2 for row in check) +
                              sum(reference[i]["loglik_se"] ** 2 for i in short))
            print(f"Cross-check on its {len(short)} documents of at most 100 tokens: AIS with {ais_check} "
                  f"temperatures minus the reference = {difference:+.2f} +- {error:.2f} nats "
                  f"(z = {difference / error if error > 0 else float('nan'):+.2f}).")
        print()
        print("| estimator | budget | total | +- | distance to reference | per token | site updates | seconds |")
        print("|---|---|---|---|---|---|---|---|")
        series = []
        for estimator, options, label, budgets in grid:
            values = []
            for budget in budgets:
                rows, seconds = evaluate(fixture, documents, estimator, options.format(budget), 1, arguments.output,
                                         f"{fixture}-{estimator}-{budget}".replace(" ", ""))
                estimate, error = total(rows)
                distance = estimate - reference_total
                values.append((seconds, abs(distance) / tokens, budget))
                updates = rows[0]["updates"] if rows else 0.0
                print(f"| {label} | {budget if budget is not None else '-'} | {estimate:.2f} | {error:.2f} | "
                      f"{distance:+.2f} | {distance / tokens:+.5f} | {updates:.3g} | {seconds:.2f} |")
            series.append((label, values))
        print()

        print(f"Reported standard errors against the spread over {seeds} seeds (median over documents of "
              "reported / observed; 1 is calibrated):\n")
        print("| estimator | budget | median reported SE | median observed SD | ratio | mean total over seeds, "
              "minus reference |")
        print("|---|---|---|---|---|---|")
        for estimator, options, budget in calibration:
            per_seed = [evaluate(fixture, documents, estimator, options.format(budget), seed, arguments.output,
                                 f"{fixture}-{estimator}-{budget}-seed{seed}")[0] for seed in range(1, seeds + 1)]
            ratios, reported, observed = [], [], []
            for d in range(len(chosen)):
                values = [rows[d]["loglik"] for rows in per_seed]
                spread = statistics.stdev(values)
                mean_error = statistics.fmean(rows[d]["loglik_se"] for rows in per_seed)
                reported.append(mean_error)
                observed.append(spread)
                if spread > 0:
                    ratios.append(mean_error / spread)
            totals = [total(rows)[0] for rows in per_seed]
            gap = statistics.fmean(totals) - reference_total
            gap_error = math.hypot(statistics.stdev(totals) / math.sqrt(len(totals)), reference_error)
            print(f"| {estimator} | {budget} | {statistics.median(reported):.3f} | {statistics.median(observed):.3f} | "
                  f"{statistics.median(ratios):.2f} | {gap:+.2f} +- {gap_error:.2f} ({gap / tokens:+.5f} per token) |")
        print()
        report.append((fixture, len(chosen), tokens, reference_particles, series))

    page = ["<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>topiceval: accuracy against "
            "time</title>\n<style>\nbody{font-family:sans-serif;margin:2em;color:#222;max-width:1400px}\n"
            "figure{display:inline-block;vertical-align:top;max-width:840px;margin:0 2em 2em 0}"
            "figcaption{font-size:90%;margin-top:4px}\n.axis{stroke:#444}.tick{font-size:11px;fill:#444}"
            ".label{font-size:13px;fill:#222}\n</style></head><body>\n<h1>topiceval: accuracy against time</h1>\n"]
    for fixture, count, tokens, particles, series in report:
        page.append(f"<figure>{plot(series)}<figcaption>{html.escape(fixture)}: {count} documents, {tokens} tokens. "
                    f"Distance of each estimator's total ({RUNS} runs) to resample-move with {particles} particles, "
                    "against whole-process time.</figcaption></figure>\n")
    page.append("<p>Written by benchmarks/accuracy-benchmark.py.</p>\n</body></html>\n")
    with open(os.path.join(arguments.output, "accuracy.html"), "w", encoding="utf-8") as out:
        out.write("".join(page))
    print(f"Plot: {os.path.join(arguments.output, 'accuracy.html')}")


if __name__ == "__main__":
    main()
