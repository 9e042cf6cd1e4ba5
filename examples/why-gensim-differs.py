#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""Why gensim and scikit-learn say something else: their numbers beside the log likelihood.

    PYTHONPATH=build/python examples/why-gensim-differs.py [--quick] [--corpora DIR]

Part 1, a tiny model whose log likelihood is known exactly (3 topics over 6 words,
four short documents; the exact value sums over every topic assignment). The same
topics are given to gensim (as its variational parameters lambda, scaled so that
their means are the topics) and to scikit-learn (as components_), and each
library's held-out number is printed beside the exact one and topiceval's.

Part 2, real data: gensim models of K = 10, 25 and 50 topics trained on Debian
package descriptions (--corpora: a folder with debian-descriptions-train.tsv and
-test.tsv; by default the first 3,000 and 200 the build unpacks into
build/test-data/corpora, enough for --quick), scored on held-out descriptions by
gensim's log_perplexity, by scikit-learn's perplexity for the same topics, and
by topiceval (the topics through Model.from_topics). gensim's bound is split
into its two parts: the documents' variational bound, and the topics' term
(E[log p(beta | eta) - log q(beta | lambda)]), a corpus-level penalty on the
topics themselves that gensim divides by the held-out words and that grows
with K. Needs Debian's python3-gensim and python3-sklearn. --quick: part 1 and
a small part 2 (2,000 training documents, 200 held out).
"""

import argparse
import itertools
import math
import os
import sys
import warnings

import numpy
from gensim.corpora import Dictionary
from gensim.models import LdaModel
from scipy.special import gammaln, psi
from sklearn.decomposition import LatentDirichletAllocation

import topiceval

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPORA = os.path.join(os.path.dirname(HERE), "build", "test-data", "corpora")


def exact_log_likelihood(document, phi, alpha):
    """log p(w | phi, alpha) by summing over every assignment's topic counts (exchangeable Polya urn)."""
    topics = len(alpha)
    total = 0.0
    for assignment in itertools.product(range(topics), repeat=len(document)):
        probability, counts = 1.0, [0] * topics
        for n, (word, topic) in enumerate(zip(document, assignment)):
            probability *= (alpha[topic] + counts[topic]) / (sum(alpha) + n) * phi[topic][word]
            counts[topic] += 1
        total += probability
    return math.log(total)


def gensim_model(lam, alpha, eta, dictionary):
    """A gensim LdaModel whose variational topics are exactly lam (K x V)."""
    model = LdaModel(num_topics=lam.shape[0], id2word=dictionary, alpha=numpy.asarray(alpha), eta=eta,
                     random_state=1, dtype=numpy.float64)
    model.state.sstats = lam - eta
    model.sync_state()
    return model


def topics_term(lam, eta):
    """E_q[log p(beta | eta) - log q(beta | lambda)] for symmetric Dirichlet(eta) topics, q = Dirichlet(lam):
    the part of a variational bound that scores the topics themselves, not the documents."""
    expected_log_beta = psi(lam) - psi(lam.sum(axis=1))[:, None]
    words = lam.shape[1]
    return float(numpy.sum((eta - lam) * expected_log_beta) + numpy.sum(gammaln(lam) - gammaln(eta))
                 + numpy.sum(gammaln(eta * words) - gammaln(lam.sum(axis=1))))


def gensim_parts(model, corpus, eta):
    """(gensim's per-word bound, its documents' part per word, its topics' part per word)."""
    words = sum(count for document in corpus for _, count in document)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        per_word = model.log_perplexity(corpus)
    topics = topics_term(model.state.get_lambda(), eta) / words
    return per_word, per_word - topics, topics


def sklearn_perplexity(lam, alpha, eta, counts):
    """scikit-learn's perplexity for documents `counts` (D x V) with components_ = lam."""
    model = LatentDirichletAllocation(n_components=lam.shape[0], doc_topic_prior=float(numpy.mean(alpha)),
                                      topic_word_prior=eta, random_state=1)
    model.fit(counts[:1])  # sets every fitted attribute; the topics are replaced next
    model.components_ = lam.copy()
    model.exp_dirichlet_component_ = numpy.exp(psi(lam) - psi(lam.sum(axis=1))[:, None])
    return model.perplexity(counts)


def tiny_part():
    print("Part 1: a tiny model with an exact log likelihood (3 topics, 6 words, 4 documents)\n")
    phi = numpy.array([[0.5, 0.3, 0.1, 0.05, 0.03, 0.02],
                       [0.02, 0.05, 0.4, 0.4, 0.1, 0.03],
                       [0.1, 0.1, 0.1, 0.1, 0.3, 0.3]])
    alpha = [0.5, 0.5, 0.5]
    documents = [[0, 1, 0, 2], [2, 3, 3, 4, 2], [4, 5, 5, 0], [1, 0, 3, 5, 4, 2]]
    words = sum(len(d) for d in documents)
    exact = sum(exact_log_likelihood(d, phi, alpha) for d in documents)
    model = topiceval.Model.from_topics(phi, alpha)
    result = topiceval.evaluate(model, documents, runs=8, particles=64)
    dictionary = Dictionary([[str(w) for w in range(6)]])
    corpus = [sorted((w, d.count(w)) for w in set(d)) for d in documents]
    counts = numpy.zeros((len(documents), 6))
    for i, d in enumerate(documents):
        for w in d:
            counts[i, w] += 1
    print("| method | per word (nats) | note |")
    print("|---|---:|---|")
    print(f"| exact log p(w) / words | {exact / words:.4f} | every assignment summed |")
    print(f"| topiceval (resample-move) | {result.per_token:.4f} +- {result.per_token_se:.4f} | "
          "the same quantity, estimated |")
    for scale in (10.0, 1e4):
        eta = 0.01
        lam = phi * scale  # topics whose posterior mean is phi, more or less certain
        gensim = gensim_model(lam, alpha, eta, dictionary)
        bound, documents_part, topics_part = gensim_parts(gensim, corpus, eta)
        print(f"| gensim log_perplexity, lambda = {scale:g} phi | {bound:.4f} | documents' bound "
              f"{documents_part:.4f} + topics' term {topics_part:.4f} |")
        perplexity = sklearn_perplexity(lam, alpha, eta, counts)
        print(f"| scikit-learn -log(perplexity), components_ = {scale:g} phi | {-math.log(perplexity):.4f} | "
              "the same bound, with its topics' term |")
    print("\nThe documents' bound sits below the exact value (a variational lower bound, with E[log beta] in "
          "place of log beta); the topics' term depends on how certain lambda is, not on the held-out "
          "documents, and is divided by their word count.\n")


def read_corpus(corpora, name, limit):
    documents = []
    with open(os.path.join(corpora, name), encoding="utf-8") as corpus:
        for line in corpus:
            words = [w for w in line.rstrip("\n").split("\t", 2)[2].lower().split() if w.isalpha() and len(w) > 2]
            documents.append(words)
            if len(documents) == limit:
                break
    return documents


def real_part(quick, corpora):
    training = read_corpus(corpora, "debian-descriptions-train.tsv", 2000 if quick else 10000)
    held_out = read_corpus(corpora, "debian-descriptions-test.tsv", 200 if quick else 1000)
    dictionary = Dictionary(training)
    dictionary.filter_extremes(no_below=3, no_above=0.3)
    corpus = [dictionary.doc2bow(d) for d in training]
    test_ids = [[dictionary.token2id[w] for w in d if w in dictionary.token2id] for d in held_out]
    test_ids = [d for d in test_ids if d]
    test_corpus = [sorted((w, d.count(w)) for w in set(d)) for d in test_ids]
    counts = numpy.zeros((len(test_ids), len(dictionary)))
    for i, d in enumerate(test_ids):
        for w in d:
            counts[i, w] += 1
    print(f"Part 2: gensim models of Debian descriptions ({len(training)} training documents, "
          f"{len(test_ids)} held out, {len(dictionary)} words)\n")
    print("| K | gensim log_perplexity | its documents' bound | its topics' term | scikit-learn perplexity "
          "(same topics) | topiceval per token | topiceval perplexity |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for topics in (10, 25, 50):
        model = LdaModel(corpus, id2word=dictionary, num_topics=topics, passes=2 if quick else 5, random_state=1,
                         alpha="auto", eta=0.01, dtype=numpy.float64)
        bound, documents_part, topics_part = gensim_parts(model, test_corpus, 0.01)
        lam = model.state.get_lambda()
        perplexity = sklearn_perplexity(lam, model.alpha, 0.01, counts)
        result = topiceval.evaluate(topiceval.Model.from_topics(model.get_topics(), model.alpha), test_ids)
        print(f"| {topics} | {bound:.3f} | {documents_part:.3f} | {topics_part:.3f} | {perplexity:,.0f} | "
              f"{result.per_token:.4f} +- {result.per_token_se:.4f} | {result.perplexity:,.0f} |")
    print("\ngensim's topics' term grows more negative with K (more topics, more parameters to pay for), and "
          "gensim divides it by the held-out words, so its number falls with K whatever the documents say; "
          "scikit-learn's perplexity exponentiates the same kind of bound. topiceval estimates log p(w) of the "
          "held-out words given the topics, which is what 'held-out likelihood' means in Wallach et al. (2009).")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--corpora", default=DEFAULT_CORPORA)
    arguments = parser.parse_args()
    tiny_part()
    real_part(arguments.quick, arguments.corpora)


if __name__ == "__main__":
    sys.exit(main())
