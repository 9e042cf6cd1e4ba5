# SPDX-License-Identifier: Apache-2.0
"""The topic browser's LDAvis numbers against LDAvis's own: pyLDAvis.prepare, run from its fetched source on the
MALLET fixtures' topic states by tests/data/ldavis-oracle/make_oracle.py, which saved the values compared here
(the script says how it ran prepare; no code of pyLDAvis is in this project).

Compared: the topic order (LDAvis sorts by proportion; pandas' sort leaves exact ties in an order of its own, R's
order() and topiceval keep the lower index first, so tied topics compare as a group), the proportions, the map up
to rotation and reflection (every pairwise distance), each topic's 30 most relevant terms at lambda 0, 0.6 and 1,
the 30 most salient terms and their saliency, each topic's terms over the grid of lambda, and the token table."""

import json
import math
import warnings

import pytest

import topiceval

@pytest.fixture(scope="module", params=["stackexchange", "sgu-k100", "debian-k100"])
def compared(request, fixtures, ldavis_oracle):
    oracle = json.loads((ldavis_oracle / f"{request.param}.json").read_bytes())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.browse(fixtures / request.param / "state.gz", measure="none", typical_documents=0,
                                  terms=oracle["terms"])
    return oracle, result


def test_the_topics_are_in_ldaviss_order_with_its_proportions(compared):
    oracle, result = compared
    model = result.models[0]
    order = [int(t) for t in model.order]
    assert len(order) == len(oracle["topic_order"])
    for position, (ours, theirs) in enumerate(zip(order, oracle["topic_order"])):
        # A different topic only where the two share their proportion exactly (a tie each sort breaks its way).
        assert ours == theirs or model.proportion[ours] == model.proportion[theirs], position
        assert model.proportion[ours] == pytest.approx(oracle["proportion"][position], rel=1e-12, abs=1e-15)


def test_the_map_is_ldaviss_up_to_rotation_and_reflection(compared):
    oracle, result = compared
    model = result.models[0]
    theirs = {topic: (oracle["x"][i], oracle["y"][i]) for i, topic in enumerate(oracle["topic_order"])}
    largest, worst = 0.0, 0.0
    for i in range(model.topics):
        for j in range(i + 1, model.topics):
            ours = math.hypot(model.x[i] - model.x[j], model.y[i] - model.y[j])
            reference = math.hypot(theirs[i][0] - theirs[j][0], theirs[i][1] - theirs[j][1])
            largest = max(largest, reference)
            worst = max(worst, abs(ours - reference))
    assert largest > 0.1
    assert worst < 1e-10 * largest


@pytest.mark.parametrize("lambda_", ["0.0", "0.6", "1.0"])
def test_each_topics_most_relevant_terms_are_ldaviss(compared, lambda_):
    oracle, result = compared
    for topic, expected in oracle["relevance"][lambda_].items():
        ranked = result.relevant_terms(int(topic), float(lambda_), oracle["terms"])
        assert [term["type"] for term in ranked] == expected, (topic, lambda_)


def test_the_salient_terms_and_their_saliency_are_ldaviss(compared):
    oracle, result = compared
    model = result.models[0]
    types = dict(zip(model.terms["word"], (int(t) for t in model.terms["type"])))
    assert [types[word] for word in model.salient] == oracle["salient"]
    for ours, theirs in zip(model.saliency, oracle["saliency"]):
        assert ours == pytest.approx(theirs, rel=1e-11)


def test_the_page_holds_ldaviss_terms_of_every_lambda(compared):
    oracle, result = compared
    model = result.models[0]
    type_of = dict(zip(model.terms["word"], (int(t) for t in model.terms["type"])))
    for topic, expected in oracle["union"].items():
        assert sorted(type_of[word] for word in model.topic_terms[int(topic)]["word"]) == expected, topic


def test_the_token_table_is_ldaviss(compared):
    oracle, result = compared
    terms = result.models[0].terms
    ours = {}
    for term_type, topics, shares in zip(terms["type"], terms["topics"], terms["shares"]):
        for topic, share in zip(topics, shares):
            ours[(int(term_type), int(topic))] = share
    theirs = {(term, topic): share for term, topic, share in oracle["token_table"]}
    # Both cover every term a view shows: each topic's over the grid, and the salient ones.
    assert set(ours) == set(theirs)
    for key, share in theirs.items():
        assert ours[key] == pytest.approx(share, rel=1e-12), key
