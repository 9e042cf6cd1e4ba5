#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Choosing the number of topics for a gensim model with topiceval's estimates and error bars.

    PYTHONPATH=build/python examples/notebook-style.py [--quick] [--corpora DIR]

(--corpora: a folder with debian-descriptions-train.tsv and -test.tsv; by default the first 3,000 and 200
the build unpacks into build/test-data/corpora, enough for --quick; the full run reads 10,000 and 500)

(or plain `python3 examples/notebook-style.py` after `scripts/install-python.sh`). Written as a
notebook would be, cell after cell:

1. a gensim LdaModel and a scikit-learn LatentDirichletAllocation, both K = 20, trained on the same
   slice of the Debian descriptions: each library's own variational bound per token beside
   topiceval's held-out estimate per token, with its error, and the time each took;
2. gensim models for K = 5, 10, 20, 40: topiceval's estimate per token +- its error for each, the
   best K, and whether the others are distinguishable from it (the paired difference of totals
   over the same documents, with its error).
"""

import argparse
import math
import os
import pathlib
import sys

import numpy

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import python_models  # noqa: E402

import topiceval  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a small slice and two values of K (a smoke test)")
    # The first 3,000 and 200 descriptions (enough for --quick) the build unpacks; the full files for the full run.
    parser.add_argument("--corpora", default=str(HERE.parent / "build" / "test-data" / "corpora"))
    arguments = parser.parse_args()
    corpora = pathlib.Path(arguments.corpora)
    train, test = (1500, 100) if arguments.quick else (10000, 500)
    corpus = python_models.CorpusSlice(corpora / "debian-descriptions-train.tsv",
                                       corpora / "debian-descriptions-test.tsv", train, test)
    print(f"Debian descriptions: {corpus.train_counts.shape[0]} training and {corpus.test_counts.shape[0]} held-out "
          f"documents, {len(corpus.words)} words, "
          f"{corpus.test_tokens} held-out tokens.\n")
    passes = 3 if arguments.quick else 10
    particles, runs = (16, 2) if arguments.quick else (64, 4)

    # Cell 1: two libraries, their own bounds, topiceval's estimate.
    print("| model | training s | own bound per token | topiceval per token | +- | topiceval s |")
    print("|---|---|---|---|---|---|")
    model, seconds = python_models.train_gensim(corpus, topics=20, passes=passes)
    bound = model.log_perplexity(corpus.test_bags)
    ours = topiceval.Model.from_topics(python_models.gensim_topics(model, corpus), model.alpha)
    result = topiceval.evaluate(ours, corpus.test_bags, particles=particles, runs=runs)
    print(f"| gensim LdaModel, K=20 | {seconds:.1f} | {bound:.4f} | {result.per_token:.4f} | "
          f"{result.per_token_se:.4f} | {result.wall_seconds:.2f} |")
    learner, seconds = python_models.train_sklearn(corpus, topics=20, iterations=10 if arguments.quick else 30)
    bound = -math.log(learner.perplexity(corpus.test_counts))
    phi = learner.components_ / learner.components_.sum(axis=1, keepdims=True)
    ours = topiceval.Model.from_topics(phi, numpy.full(20, learner.doc_topic_prior_))
    result = topiceval.evaluate(ours, corpus.test_bags, particles=particles, runs=runs)
    print(f"| scikit-learn LatentDirichletAllocation, K=20 | {seconds:.1f} | {bound:.4f} | {result.per_token:.4f} "
          f"| {result.per_token_se:.4f} | {result.wall_seconds:.2f} |\n")

    # Cell 2: choose K.
    print("| K | topiceval per token | +- | total | +- | difference to best | +- |")
    print("|---|---|---|---|---|---|---|")
    results = {}
    for topics in ([5, 10] if arguments.quick else [5, 10, 20, 40]):
        model, _ = python_models.train_gensim(corpus, topics=topics, passes=passes)
        ours = topiceval.Model.from_topics(python_models.gensim_topics(model, corpus), model.alpha)
        results[topics] = topiceval.evaluate(ours, corpus.test_bags, particles=particles, runs=runs)
    best = max(results, key=lambda k: results[k].summary.log_likelihood)
    for topics, result in results.items():
        # Documents are independent: the difference's error adds the two models' document errors.
        difference = result.columns["loglik"] - results[best].columns["loglik"]
        errors = result.columns["loglik_se"] ** 2 + results[best].columns["loglik_se"] ** 2
        error = math.sqrt(float(numpy.sum(errors))) \
            if topics != best else 0.0
        print(f"| {topics} | {result.per_token:.4f} | {result.per_token_se:.4f} | {result.summary.log_likelihood:.1f} | "
              f"{result.summary.log_likelihood_se:.1f} | {difference.sum():+.1f} | {error:.1f} |")
    print(f"\nbest K = {best}")


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "2")
    main()
