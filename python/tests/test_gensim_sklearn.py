# SPDX-License-Identifier: Apache-2.0
"""gensim's and scikit-learn's LDA models, trained here on a slice of a real corpus, evaluated through
Model.from_topics, with each library's own variational bound beside topiceval's estimate."""

import math
import pathlib
import sys

import numpy
import pytest

import topiceval

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "examples"))
python_models = pytest.importorskip("python_models")


@pytest.fixture(scope="module")
def corpus(corpora):
    pytest.importorskip("sklearn")
    return python_models.CorpusSlice(corpora / "debian-descriptions-train.tsv",
                                     corpora / "debian-descriptions-test.tsv", 3000, 200)


def check_estimate(model, corpus, bound_per_token, label):
    """topiceval's per-token estimate (resample-move), agreeing with left-to-right, above the bound."""
    documents = corpus.test_bags  # gensim's bag-of-words form, expanded pair by pair
    estimate = topiceval.evaluate(model, documents, "resample-move", particles=32, runs=4)
    check = topiceval.evaluate(model, documents, "left-to-right", particles=20, resampling=True, runs=2)
    assert int(estimate.columns["tokens"].sum()) == corpus.test_tokens  # every held-out token is scored
    print(f"{label}: own bound per token {bound_per_token:.4f}; topiceval {estimate.per_token:.4f} +- "
          f"{estimate.per_token_se:.4f} ({estimate.wall_seconds:.2f} s); left-to-right {check.per_token:.4f}")
    assert math.isfinite(estimate.per_token) and estimate.per_token_se < 0.01
    assert abs(estimate.per_token - check.per_token) < 0.04
    # A variational bound is a lower bound on the likelihood it approximates: the held-out
    # likelihood under the model's mean topics sits well above it.
    assert estimate.per_token > bound_per_token + 0.05
    return estimate


def test_a_gensim_model(corpus):
    pytest.importorskip("gensim")
    model, _ = python_models.train_gensim(corpus, topics=10, passes=5)
    bound = model.log_perplexity(corpus.test_bags)  # gensim's per-word variational bound
    ours = topiceval.Model.from_topics(python_models.gensim_topics(model, corpus), model.alpha)
    assert ours.num_topics == 10 and ours.beta is None
    check_estimate(ours, corpus, bound, "gensim LdaModel K=10")


def test_a_scikit_learn_model(corpus):
    model, _ = python_models.train_sklearn(corpus, topics=10, iterations=15)
    bound = -math.log(model.perplexity(corpus.test_counts))  # scikit-learn's per-word bound
    phi = model.components_ / model.components_.sum(axis=1, keepdims=True)
    ours = topiceval.Model.from_topics(phi, numpy.full(10, model.doc_topic_prior_))
    estimate = check_estimate(ours, corpus, bound, "scikit-learn LatentDirichletAllocation K=10")
    # The count matrix, a bag of words per row like gensim's pairs, gives the same numbers.
    rows = corpus.test_counts.tocsr()
    again = topiceval.evaluate(ours, rows, "resample-move", particles=32, runs=4)
    numpy.testing.assert_array_equal(again.columns["loglik"], estimate.columns["loglik"])


def test_the_notebook_example_runs(corpora):
    pytest.importorskip("gensim")
    import subprocess  # noqa: PLC0415

    example = pathlib.Path(__file__).resolve().parents[2] / "examples" / "notebook-style.py"
    done = subprocess.run([sys.executable, str(example), "--quick", "--corpora", str(corpora)], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "best K" in done.stdout, done.stdout
