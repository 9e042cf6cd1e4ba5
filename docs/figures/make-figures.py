#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Draws the guide's figures into docs/figures/ (committed, so building the site needs no matplotlib).

    docs/figures/make-figures.py                          the benchmark plots, from the tables in the guide
    docs/figures/make-figures.py --report-screenshot BIN  also the select report, from a real run of BIN

The plots read the measured tables of docs/performance.md, so a new measurement is a table row and a rerun:
the pictures cannot say something the tables do not. The screenshot runs `BIN select --report` on the
stackexchange fixture (MALLET 2.1.1's, under ../shared) with correlated topic models of 5 to 40 topics trained
by `BIN train-ctm`, and renders the page in headless Chromium.
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
DOCS = HERE.parent
ROOT = DOCS.parent


def table_after(page, heading_words):
    """The first markdown table whose header row holds every one of heading_words, as a list of dicts."""
    lines = (DOCS / page).read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("|") and all(word in line for word in heading_words):
            header = [cell.strip() for cell in line.strip("|").split("|")]
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(dict(zip(header, [cell.strip() for cell in row.strip("|").split("|")])))
            return rows
    sys.exit(f"{page}: no table with the columns {heading_words}")


def numbers(cell):
    return [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", cell.replace(",", ""))]


def accuracy_plot():
    rows = table_after("performance.md", ["estimator", "budget", "sgu: distance"])
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2), sharey=False)
    sets = [("sgu-k100: 30 long documents", "sgu: distance, nats per token", "sgu: seconds"),
            ("debian-k100: 100 short documents", "debian: distance per token", "debian: seconds")]
    for ax, (title, distance_column, seconds_column) in zip(axes, sets):
        for row in rows:
            distances = [abs(d) for d in numbers(row[distance_column])]
            seconds = numbers(row[seconds_column])
            ax.plot(seconds, distances, marker="o", label=row["estimator"])
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("seconds, whole process on 2 threads")
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel("distance below the reference, nats per token")
    axes[1].legend(fontsize=8)
    figure.suptitle("Accuracy against time (benchmarks/accuracy-benchmark.py; lower left is better)")
    figure.tight_layout()
    figure.savefig(HERE / "accuracy.png", dpi=90)
    plt.close(figure)


def scaling_plot():
    rows = table_after("performance.md", ["K", "held-out", "ns / site update"])
    figure, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, resampling in zip(axes, ["no", "yes"]):
        for mode, threads in [("exact", "1"), ("exact", "2"), ("fast", "2")]:
            chosen = [r for r in rows if r["held-out"] == "1k" and r["particles"] == "10"
                      and r["resampling"] == resampling and r["mode"] == mode and r["threads"] == threads]
            ks = [float(r["K"]) for r in chosen]
            ax.plot(ks, [float(r["MALLET / topiceval"]) for r in chosen], marker="o",
                    label=f"{mode}, {threads} thread{'s' if threads != '1' else ''}")
        ax.set_xscale("log")
        ax.set_xlabel("topics K")
        ax.set_title(f"10 particles, {'with' if resampling == 'yes' else 'without'} resampling, 1k documents")
        ax.grid(True, which="both", alpha=0.3)
        ax.set_ylim(bottom=0)
    axes[0].set_ylabel("MALLET's time / topiceval's (whole process)")
    axes[1].legend()
    figure.suptitle("Speed-up over MALLET 2.1.1 against K (benchmarks/scaling-benchmark.py)")
    figure.tight_layout()
    figure.savefig(HERE / "scaling.png", dpi=90)
    plt.close(figure)


def target_error_plot():
    rows = table_after("held-out-likelihood.md", ["run", "distance to reference", "site updates vs default"])
    figure, ax = plt.subplots(figsize=(7, 4.2))
    for row in rows:
        cost = numbers(row["site updates vs default"])[0]
        distance = abs(numbers(row["distance to reference, nats/token"])[0])
        target = "target" in row["run"]
        ax.plot(cost, distance, marker="s" if target else "o", color="tab:orange" if target else "tab:blue")
        ax.annotate(row["run"].replace("`", ""), (cost, distance), fontsize=7, xytext=(4, 3),
                    textcoords="offset points")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("site updates, relative to the default budget")
    ax.set_ylabel("distance below the reference, nats per token")
    ax.set_title("Fixed budgets (circles) and --target-error (squares), debian-k100")
    ax.grid(True, which="both", alpha=0.3)
    figure.tight_layout()
    figure.savefig(HERE / "target-error.png", dpi=90)
    plt.close(figure)


def report_screenshot(binary):
    fixture = ROOT.parent / "shared" / "fixtures" / "mallet-2.1.1" / "stackexchange"
    if not fixture.is_dir():
        fixture = pathlib.Path(os.environ.get("TOPICEVAL_SHARED", "/work/shared")) / "fixtures/mallet-2.1.1/stackexchange"
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        for name in ("test.mallet", "train.mallet"):  # relative names on the page
            os.symlink(fixture / name, scratch / name)
        models = []
        for k in (5, 10, 20, 40):
            model = f"ctm-k{k}.ctm"
            subprocess.run([binary, "train-ctm", "--input", "train.mallet", "--num-topics", str(k),
                            "--output", model, "--max-iterations", "20", "--seed", "1", "--quiet"],
                           cwd=scratch, check=True)
            models.append(model)
        subprocess.run([binary, "select", "--input", "test.mallet", *models, "--coherence", "u_mass",
                        "--coherence-texts", "train.mallet", "--report", "select.html", "--quiet"],
                       cwd=scratch, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--no-first-run", f"--user-data-dir={scratch / 'profile'}", "--hide-scrollbars",
                        "--window-size=1000,2200", f"--screenshot={HERE / 'select-report.png'}",
                        (scratch / "select.html").as_uri()],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report-screenshot", metavar="BINARY", help="the topiceval executable to run select with")
    arguments = parser.parse_args()
    accuracy_plot()
    scaling_plot()
    target_error_plot()
    if arguments.report_screenshot:
        report_screenshot(arguments.report_screenshot)


if __name__ == "__main__":
    main()
