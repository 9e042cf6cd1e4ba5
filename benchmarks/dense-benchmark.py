#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Models given as dense probabilities against the same model's sparse counts: tokens per second.

    PYTHONPATH=build/python benchmarks/dense-benchmark.py [--fixture sgu-k100] [--documents 60] [--repeat 3]

A MALLET model's counts make sparse rows (a word has counts in few topics; the rest is smoothing,
summed once per topic). The same model's phi handed over as a dense matrix (what gensim's
get_topics() gives: no zeros) has a row entry for every topic. For each estimator, the held-out
tokens scored per second on both (the best of --repeat runs, 2 threads, timed inside the library),
their ratio, and the two totals (the same probabilities, so equal up to the estimators' noise:
filtering's must agree to rounding).
"""

import argparse
import os

import topiceval

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, "..", "shared", "fixtures", "mallet-2.1.1")
CONFIGURATIONS = [
    ("filtering", {}),
    ("left-to-right", {"particles": 10}),
    ("left-to-right", {"particles": 10, "resampling": True}),
    ("resample-move", {"particles": 16}),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fixture", default="debian-k100")
    parser.add_argument("--documents", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    sparse = topiceval.load_model(os.path.join(FIXTURES, arguments.fixture, "inferencer.mallet"))
    documents = topiceval.load_documents(os.path.join(FIXTURES, arguments.fixture, "test.mallet"),
                                         sparse)[:arguments.documents]
    dense = topiceval.Model.from_topics(sparse.topic_word_probabilities(), sparse.alpha)
    tokens = sum(len(d) for d in documents)
    print(f"{arguments.fixture}: {sparse.num_topics} topics, {sparse.num_types} types; {len(documents)} held-out "
          f"documents, {tokens} tokens; best of {arguments.repeat}, 2 threads\n")
    print("| estimator | sparse tokens/s | dense tokens/s | dense / sparse | sparse total | dense total |")
    print("|---|---|---|---|---|---|")
    for estimator, settings in CONFIGURATIONS:
        timings = {}
        for label, model in (("sparse", sparse), ("dense", dense)):
            runs = [topiceval.evaluate(model, documents, estimator, runs=1, threads=2, **settings)
                    for _ in range(arguments.repeat)]
            best = min(runs, key=lambda r: r.seconds)
            timings[label] = (int(best.scored_tokens.sum()) / best.seconds, best.total)
        name = estimator + "".join(f", {k} {v}" for k, v in settings.items())
        print(f"| {name} | {timings['sparse'][0]:,.0f} | {timings['dense'][0]:,.0f} | "
              f"{timings['dense'][0] / timings['sparse'][0]:.2f} | {timings['sparse'][1]:.2f} | "
              f"{timings['dense'][1]:.2f} |")


if __name__ == "__main__":
    main()
