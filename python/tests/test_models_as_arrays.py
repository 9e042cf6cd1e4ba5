# SPDX-License-Identifier: Apache-2.0
"""Models given as arrays: exact likelihoods on tiny models, validation, every form of documents."""

import itertools
import math
import threading
import time

import numpy
import pytest

import topiceval


def exact_log_likelihood(phi, alpha, document):
    """log p(w) by summing over every topic assignment: p(z) (Dirichlet-multinomial) times prod phi."""
    topics = len(alpha)
    total = 0.0
    for assignment in itertools.product(range(topics), repeat=len(document)):
        counts = numpy.zeros(topics)
        probability = 1.0
        for n, (word, topic) in enumerate(zip(document, assignment)):
            probability *= (alpha[topic] + counts[topic]) / (sum(alpha) + n) * phi[topic, word]
            counts[topic] += 1
        total += probability
    return math.log(total)


def tiny(seed, topics=3, words=8):
    generator = numpy.random.default_rng(seed)
    phi = generator.dirichlet(numpy.full(words, 0.3), size=topics)
    alpha = generator.uniform(0.1, 1.0, size=topics)
    documents = [generator.integers(0, words, size=length) for length in (3, 5, 6)]
    return phi, alpha, documents


@pytest.mark.parametrize("estimator,settings", [("resample-move", {"particles": 4}),
                                                ("chib-style", {"samples": 5}),
                                                ("ais", {"temperatures": 20})])
def test_unbiased_estimators_match_the_exact_likelihood_of_a_model_given_as_probabilities(estimator, settings):
    phi, alpha, documents = tiny(1)
    model = topiceval.Model.from_topics(phi, alpha)
    result = topiceval.evaluate(model, documents, estimator, runs=1500, seed=3, **settings)
    for d, document in enumerate(documents):
        exact = exact_log_likelihood(phi, alpha, document)
        assert abs(result.columns["loglik"][d] - exact) < 4 * result.columns["loglik_se"][d] + 1e-9, (d, exact)
    filtering = topiceval.evaluate(model, [documents[0][:1]], "filtering")
    assert filtering.summary.log_likelihood == pytest.approx(exact_log_likelihood(phi, alpha, documents[0][:1]),
                                                        abs=1e-12)


def test_counts_and_the_probabilities_they_imply_give_the_same_numbers():
    generator = numpy.random.default_rng(7)
    counts = generator.integers(0, 20, size=(4, 30))
    alpha, beta = numpy.array([0.2, 0.5, 0.1, 0.3]), 0.01
    phi = (counts + beta) / (counts.sum(axis=1, keepdims=True) + counts.shape[1] * beta)
    documents = [generator.integers(0, 30, size=12) for _ in range(5)]
    from_counts = topiceval.Model.from_counts(counts, alpha, beta)
    from_topics = topiceval.Model.from_topics(phi, alpha)
    assert from_counts.num_topics == from_topics.num_topics == 4
    assert from_counts.num_types == from_topics.num_types == 30
    a = topiceval.evaluate(from_counts, documents, "filtering")
    b = topiceval.evaluate(from_topics, documents, "filtering")
    numpy.testing.assert_allclose(a.columns["loglik"], b.columns["loglik"], rtol=1e-12)
    # MALLET's estimator needs counts.
    assert math.isfinite(topiceval.evaluate_topics(from_counts, documents).total)
    with pytest.raises(topiceval.SettingError, match="^model holds no counts"):
        topiceval.evaluate_topics(from_topics, documents)


@pytest.mark.parametrize("phi,alpha,message", [
    (numpy.ones((2, 3)) / 3, [0.1], "alpha has 1 values but phi has 2 topics"),
    (numpy.array([[0.5, 0.6], [0.5, 0.5]]), [0.1, 0.1], "topic 0's word probabilities sum to 1.1"),
    (numpy.array([[1.5, -0.5], [0.5, 0.5]]), [0.1, 0.1], "topic 0, word 1: probability -0.5"),
    (numpy.array([[numpy.nan, 1.0], [0.5, 0.5]]), [0.1, 0.1], "not finite"),
    (numpy.ones(3) / 3, [0.1], "must be a 2-D numeric array \\(topics x words\\), not a 1-D array"),
    (numpy.ones((2, 3)) / 3, [0.1, -1.0], "alpha must be positive"),
])
def test_bad_probability_arrays_are_refused(phi, alpha, message):
    with pytest.raises(topiceval.ModelError, match=message):
        topiceval.Model.from_topics(phi, alpha)
    with pytest.raises(ValueError):
        topiceval.Model.from_topics(phi, alpha)


def test_bad_count_arrays_are_refused():
    with pytest.raises(topiceval.ModelError, match="must lie in 0..2\\^30, not -2..4"):
        topiceval.Model.from_counts(numpy.array([[1, -2], [3, 4]]), [0.1, 0.1], 0.01)
    with pytest.raises(topiceval.ModelError, match="whole numbers"):
        topiceval.Model.from_counts(numpy.array([[0.5, 1.0]]), [0.1], 0.01)
    with pytest.raises(topiceval.ModelError, match="beta must be positive"):
        topiceval.Model.from_counts(numpy.array([[1, 2]]), [0.1], 0.0)
    with pytest.raises(topiceval.ModelError, match="alpha has 3 values"):
        topiceval.Model.from_counts(numpy.array([[1, 2]]), [0.1, 0.2, 0.3], 0.01)


def test_every_form_of_documents_gives_the_same_numbers():
    phi, alpha, _ = tiny(2, topics=2, words=4)
    model = topiceval.Model.from_topics(phi, alpha)
    words = ["apple", "banana", "cherry", "date"]
    ids = [[0, 1, 1, 3], [2, 2, 0]]
    bags = [[(0, 1), (1, 2), (3, 1)], [(2, 2), (0, 1)]]  # gensim's doc2bow: no order (shuffled by seed)
    texts = ["apple banana banana date", "cherry cherry apple"]
    expected = topiceval.evaluate(model, ids, "filtering").columns["loglik"]
    numpy.testing.assert_array_equal(topiceval.evaluate(model, [numpy.array(d) for d in ids], "filtering")
                                     .columns["loglik"], expected)
    bag = topiceval.evaluate(model, bags, "filtering")  # filtering depends on the order: the bag's own
    for d, document in enumerate(ids):  # some order of the bag's tokens, whichever the seed picked
        orders = sorted(set(itertools.permutations(document)))
        by_order = topiceval.evaluate(model, [list(o) for o in orders], "filtering").columns["loglik"]
        assert numpy.isclose(by_order, bag.columns["loglik"][d], rtol=1e-12, atol=0).any(), d
    numpy.testing.assert_array_equal(topiceval.evaluate(model, texts, "filtering", vocabulary=words)
                                     .columns["loglik"], expected)
    mapping = {word: index for index, word in enumerate(words)}
    unseen = topiceval.evaluate(model, ["apple kiwi banana banana date kiwi", "cherry cherry apple"], "filtering",
                                vocabulary=mapping)
    numpy.testing.assert_array_equal(unseen.columns["loglik"], expected)
    assert list(unseen.columns["skipped"]) == [2, 0]
    with pytest.raises(topiceval.SettingError, match="vocabulary is needed"):
        topiceval.evaluate(model, texts, "filtering")
    with pytest.raises(topiceval.SettingError, match="must be a sequence of word ids .*: it holds 0.5"):
        topiceval.evaluate(model, [[0.5, 1.0]], "filtering")
    with pytest.raises(topiceval.SettingError, match="in 0..2147483647: it holds -1"):
        topiceval.evaluate(model, [[0, -1]], "filtering")
    # Token lists, and a document-term count matrix (numpy, or scipy sparse as CountVectorizer makes).
    numpy.testing.assert_array_equal(
        topiceval.evaluate(model, [t.split() for t in texts], "filtering", vocabulary=words).columns["loglik"], expected)
    counts = numpy.array([[1, 2, 0, 1], [1, 0, 2, 0]])
    by_counts = topiceval.evaluate(model, counts, "filtering")  # bags, like gensim's pairs
    numpy.testing.assert_array_equal(by_counts.columns["loglik"], bag.columns["loglik"])
    sparse = pytest.importorskip("scipy.sparse")
    numpy.testing.assert_array_equal(topiceval.evaluate(model, sparse.csr_matrix(counts), "filtering").columns["loglik"],
                                     by_counts.columns["loglik"])


@pytest.mark.parametrize("call,error,message", [
    (lambda m, d: topiceval.evaluate(m, [b"apple banana"], "filtering"), topiceval.SettingError, "is bytes"),
    (lambda m, d: topiceval.evaluate(m, [[(1.5, 2)]], "filtering"), topiceval.SettingError, "not an integer"),
    (lambda m, d: topiceval.evaluate(m, [[(1, 10 ** 12)]], "filtering"), topiceval.SettingError, r"more than 2\^31-1"),
    (lambda m, d: topiceval.evaluate(m, [[]], "filtering"), topiceval.SettingError, "hold no words"),
    (lambda m, d: topiceval.evaluate(m, [], "filtering"), topiceval.SettingError, "is empty"),
    (lambda m, d: topiceval.evaluate(m, [[9, 9]], "filtering"), topiceval.SettingError, "none of their 2 words"),
    (lambda m, d: topiceval.evaluate(m, numpy.array([1, 2]), "filtering"), topiceval.SettingError, "pass \\[array\\]"),
    (lambda m, d: topiceval.evaluate(m, None, "filtering"), topiceval.SettingError, "not NoneType"),
    (lambda m, d: topiceval.evaluate(m, d, 3), topiceval.SettingTypeError, "estimator must be a name"),
    (lambda m, d: topiceval.evaluate(m, d, runs=2.5), topiceval.SettingError, "runs must be an integer"),
    (lambda m, d: topiceval.evaluate(m, d, seed=-1), topiceval.SettingError, "seed must be at least 0"),
    (lambda m, d: topiceval.evaluate(m, d, threads=2 ** 40), topiceval.SettingError, "threads must be at most 1024"),
    (lambda m, d: topiceval.evaluate(m, d, complete_documents="middle"), topiceval.SettingError,
     "complete_documents takes first-half or alternate"),
    (lambda m, d: topiceval.evaluate(m, d, unseen_words="bogus"), topiceval.SettingError, "unseen_words takes"),
    (lambda m, d: topiceval.evaluate("inferencer.mallet", d), topiceval.SettingError, "must be a topiceval.Model"),
    (lambda m, d: topiceval.load_model(None), topiceval.SettingError, "must be a file path"),
    (lambda m, d: topiceval.Model.from_topics([["a", "b"]], 0.1), topiceval.ModelError,
     "must be a 2-D numeric array \\(topics x words\\), not <U1 values"),
    (lambda m, d: topiceval.Model.from_topics([[0.5, 0.5], [1.0]], 0.1), topiceval.ModelError, "2-D numeric array"),
    (lambda m, d: topiceval.Model.from_counts([[1, float("inf")]], 0.1, 0.01), topiceval.ModelError,
     "finite whole numbers"),
    (lambda m, d: topiceval.Model.from_counts([[1, 2]], 0.1, None), topiceval.ModelError, "beta must be a number"),
    (lambda m, d: topiceval.evaluate_topics(m, d, num_particles=2.5), topiceval.SettingError,
     "num_particles must be an integer"),
])
def test_hostile_arguments_raise_topiceval_errors(call, error, message):
    phi, alpha, documents = tiny(5, topics=2, words=4)
    model = topiceval.Model.from_counts(numpy.round(phi * 50), alpha, 0.01)
    with pytest.raises(error, match=message):
        call(model, documents)


def test_a_vocabulary_beyond_the_model_keeps_unknown_words_apart():
    phi, alpha, _ = tiny(6, topics=2, words=4)
    model = topiceval.Model.from_counts(numpy.round(phi * 50), alpha, 0.01)
    vocabulary = {"a": 0, "b": 1, "c": 2, "d": 3, "e": 4, "f": 5}  # e and f beyond the model's 4 types
    result = topiceval.evaluate(model, ["a e zz zz yy"], "filtering", vocabulary=vocabulary, unseen_words="smooth")
    assert result.unseen_words.vocabulary_size == 4 + 3  # e, zz and yy: three new types, zz counted once


def test_the_gil_is_released_while_it_computes():
    phi, alpha, _ = tiny(3, topics=20, words=200)
    model = topiceval.Model.from_topics(phi, alpha)
    documents = [numpy.random.default_rng(d).integers(0, 200, size=300) for d in range(8)]
    finished = []
    worker = threading.Thread(target=lambda: finished.append(
        topiceval.evaluate(model, documents, "resample-move", particles=64, runs=2, threads=1)))
    worker.start()
    longest_pause, last = 0.0, time.monotonic()
    while worker.is_alive():
        now = time.monotonic()
        longest_pause, last = max(longest_pause, now - last), now
    worker.join()
    seconds = finished[0].wall_seconds  # the evaluation's own time, measured inside the library
    assert seconds > 0.1
    # Holding the GIL, the evaluation would stop this loop for all of its time (a pause of `seconds` or more);
    # released, the loop pauses only as long as the scheduler takes the core away, which a loaded machine
    # stretches, but the evaluation with it.
    assert longest_pause < seconds / 2, (longest_pause, seconds)


def test_result_to_pandas_when_available():
    pandas = pytest.importorskip("pandas")
    phi, alpha, documents = tiny(4)
    frame = topiceval.evaluate(topiceval.Model.from_topics(phi, alpha), documents, runs=2).to_pandas()
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 3


def test_a_bag_of_words_has_no_order_to_invent():
    """gensim's (id, count) pairs and count-matrix rows carry no token order: an estimator whose result
    depends on the order sees each bag shuffled (keyed by the seed and the document's index), never the ids
    in increasing order, and the result does not depend on the order the pairs were listed in."""
    generator = numpy.random.default_rng(5)
    phi = generator.dirichlet(numpy.full(30, 0.2), size=4)
    model = topiceval.Model.from_topics(phi, numpy.full(4, 0.3))
    documents = [generator.integers(0, 30, size=40) for _ in range(6)]
    bags = [sorted(zip(*numpy.unique(d, return_counts=True))) for d in documents]
    bags = [[(int(w), int(c)) for w, c in bag] for bag in bags]
    reversed_bags = [list(reversed(bag)) for bag in bags]
    in_id_order = [numpy.repeat([w for w, _ in bag], [c for _, c in bag]) for bag in bags]
    counts = numpy.zeros((len(bags), 30), dtype=numpy.int64)
    for d, bag in enumerate(bags):
        for w, c in bag:
            counts[d, w] = c
    settings = dict(particles=3, runs=1, seed=11)
    bag = topiceval.evaluate(model, bags, "left-to-right", **settings).columns["loglik"]
    # The order the pairs come in, and a count matrix of the same bags, change nothing.
    numpy.testing.assert_array_equal(topiceval.evaluate(model, reversed_bags, "left-to-right", **settings)
                                     .columns["loglik"], bag)
    numpy.testing.assert_array_equal(topiceval.evaluate(model, counts, "left-to-right", **settings).columns["loglik"],
                                     bag)
    # The ids in increasing order are one order among many, not the one a bag is scored in.
    sorted_ids = topiceval.evaluate(model, in_id_order, "left-to-right", **settings).columns["loglik"]
    assert not numpy.array_equal(sorted_ids, bag)
    # Another seed, another order (and other draws): the order is part of what the seed decides.
    assert not numpy.array_equal(topiceval.evaluate(model, bags, "left-to-right", particles=3, runs=1, seed=12)
                                 .columns["loglik"], bag)


def test_window_coherence_on_bags_of_words_counts_whole_documents(fixtures):
    """c_uci, c_npmi and c_v slide windows along the tokens; bags have no order, so select's coherence on
    them counts whole documents (boolean document co-occurrence), which is what the same texts in any order
    give with a window as long as the longest document, and says so."""
    model = topiceval.load_model(fixtures / "stackexchange" / "inferencer.mallet")
    ordered = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)
    bags = [[(int(w), int(c)) for w, c in zip(*numpy.unique(d, return_counts=True))] for d in ordered]
    longest = max(len(d) for d in ordered)
    texts = [[model.words[w] for w in d] for d in ordered]
    for measure in ("c_v", "c_npmi"):
        with pytest.warns(topiceval.TopicevalWarning, match="bags of words"):
            chosen = topiceval.select([model], bags, estimator="filtering", coherence=measure, bootstrap=0)
        whole = topiceval.coherence(model, texts, measure=measure, window_size=longest, bootstrap=0)
        assert chosen.models[0].quality.coherence == pytest.approx(whole.measures[0].mean, abs=1e-12)
        in_order = topiceval.select([model], ordered, estimator="filtering", coherence=measure, bootstrap=0)
        assert in_order.models[0].quality.coherence != pytest.approx(whole.measures[0].mean, abs=1e-3)


def test_select_groups_seeds_of_one_k_with_their_agreement():
    # Three runs of K = 2 whose top three words are set by their counts: b is a with its topics swapped, c swaps
    # topic 0's second and third words (average Jaccard 7/9). Pairs: a-b 1, a-c and b-c (7/9 + 1) / 2 = 8/9.
    words = [f"w{w}" for w in range(6)]
    runs = [[[30, 20, 10, 0, 0, 0], [0, 0, 0, 30, 20, 10]],
            [[0, 0, 0, 30, 20, 10], [30, 20, 10, 0, 0, 0]],
            [[30, 10, 20, 0, 0, 0], [0, 0, 0, 30, 20, 10]]]
    models = [topiceval.Model.from_counts(numpy.array(run), 0.5, 0.01).with_words(words) for run in runs]
    models.append(topiceval.Model.from_counts(numpy.array([[60, 40, 20, 60, 40, 20]]), 0.5, 0.01).with_words(words))
    documents = [numpy.array(document) for document in ([0, 1, 2, 0], [3, 4, 5, 3], [0, 3, 1, 4])]
    result = topiceval.select(models, documents, coherence="none", stability_words=3)
    assert result.stability_words == 3
    [group] = result.seed_groups  # K = 1 was given once
    assert group.topics == 2 and group.runs == ["model 1", "model 2", "model 3"]
    assert [(pair.a, pair.b) for pair in group.pairs] == [(0, 1), (0, 2), (1, 2)]
    assert [pair.agreement for pair in group.pairs] == pytest.approx([1.0, 8 / 9, 8 / 9], abs=1e-15)
    assert group.agreement == pytest.approx(25 / 27, abs=1e-15)
    assert group.agreement_min == pytest.approx(8 / 9, abs=1e-15) and group.agreement_max == 1.0
    assert group.topic_agreement[2].tolist() == pytest.approx([7 / 9, 1.0], abs=1e-15)
    per_token = {model.path: model.per_token for model in result.models}
    spread = numpy.std([per_token[run] for run in group.runs], ddof=1)
    assert group.per_token_spread == pytest.approx(spread, rel=1e-12)
    assert group.next_topics == 0 and math.isnan(group.difference_to_next) and not group.exceeds_retraining
