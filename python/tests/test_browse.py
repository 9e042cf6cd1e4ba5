# SPDX-License-Identifier: Apache-2.0
"""The topic browser from Python: from MALLET's files, from counts, and from gensim's and scikit-learn's models
with their documents' topic proportions (LDAvis's theta); the page written as the command line writes it, inline
in Jupyter, and its mistakes refused in one line."""

import json
import re

import numpy
import pytest

import topiceval

TEXTS = [["energy", "force", "mass", "energy"], ["data", "sample", "random", "data", "mean"],
         ["energy", "data", "field"], ["force", "field", "mass", "charge"], ["sample", "mean", "random"],
         ["charge", "field", "energy", "force", "mass"]]


@pytest.fixture(scope="module")
def state_result(fixtures):
    folder = fixtures / "stackexchange"
    with pytest.warns(topiceval.TopicevalWarning):
        return topiceval.browse([folder / "state.gz", folder / "inferencer.mallet"], bootstrap=10, terms=15)


def test_a_states_page_holds_ldaviss_view_and_the_tables_figures(state_result, tmp_path):
    state = state_result.models[0]
    assert state.topics == 10 and len(state_result.models) == 2
    assert state.proportion.sum() == pytest.approx(1, abs=1e-12)
    assert list(numpy.argsort(-state.proportion, kind="stable")) == list(state.order)
    assert state.frequency.sum() == 6915  # the state's tokens
    for name in ("share", "tokens", "document_entropy", "word_length", "rank_1_docs", "exclusivity", "c_npmi",
                 "c_npmi_se", "frex", "stability"):
        assert len(state.figures[name]) == 10, name
    assert list(state.figures["tokens"]) == list(state.frequency)
    # Each topic's typical documents: the most of the topic first, from the training documents.
    for documents in state.documents:
        assert len(documents) == 5
        shares = [d["proportion"] for d in documents]
        assert shares == sorted(shares, reverse=True) and documents[0]["text"]
    # The state and the inferencer of one run: every topic matched with itself, its top words the same.
    match = state.stability[0]
    assert match["model"].endswith("inferencer.mallet") and list(match["topic"]) == list(range(10))
    assert list(match["agreement"]) == [1.0] * 10
    page = tmp_path / "page.html"
    state_result.write_html(page)
    html = page.read_text(encoding="utf-8")
    assert "default-src 'none'" in html and not re.search(r"(src|href)=\"?https?:", html)
    frame = state_result._repr_html_()
    assert frame.startswith('<iframe title="topiceval browse" sandbox="allow-scripts"') and "srcdoc=" in frame


def test_relevant_terms_rank_the_whole_vocabulary_at_any_lambda(state_result):
    by_probability = state_result.relevant_terms(0, 1.0, 5)
    assert [t["relevance"] for t in by_probability] == [t["log_probability"] for t in by_probability]
    by_lift = state_result.relevant_terms(0, 0.0, 5)
    assert [t["relevance"] for t in by_lift] == [t["log_lift"] for t in by_lift]
    halfway = state_result.relevant_terms(0, 0.37, 40)
    assert all(a["relevance"] >= b["relevance"] for a, b in zip(halfway, halfway[1:]))
    with pytest.raises(topiceval.SettingError, match=r"^lambda is 1\.5: relevance weighs log phi by lambda in "):
        state_result.relevant_terms(0, 1.5)


def test_the_page_is_never_written_over_a_model(state_result, fixtures, tmp_path):
    # A copy of the state, should that promise break.
    state = tmp_path / "state.gz"
    state.write_bytes((fixtures / "stackexchange" / "state.gz").read_bytes())
    before = state.read_bytes()
    for model in (state, topiceval.load_model(state)):  # by path, and a model read from that file
        with pytest.warns(topiceval.TopicevalWarning):
            result = topiceval.browse(model, measure="none", typical_documents=0)
        with pytest.raises(topiceval.Error, match="is also an input of this run"):
            result.write_html(state)
        assert state.read_bytes() == before
    # An existing page is replaced whole.
    page = tmp_path / "page.html"
    page.write_text("an earlier page")
    state_result.write_html(page)
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_a_count_models_frequencies_are_its_counts():
    counts = numpy.array([[5, 0, 3, 0], [0, 4, 0, 2], [1, 1, 1, 1]])
    model = topiceval.Model.from_counts(counts, [0.1] * 3, 0.01).with_words(["a", "b", "c", "d"])
    with pytest.warns(topiceval.TopicevalWarning, match="no coherence"):
        result = topiceval.browse(model, terms=4)
    shown = result.models[0]
    assert list(shown.frequency) == [8, 6, 4]
    assert list(shown.order) == [0, 1, 2]
    assert shown.documents == []  # no training documents, no texts: none to show


def proportions_of(theta, texts):
    frequency = (numpy.asarray(theta) * numpy.array([len(t) for t in texts])[:, None]).sum(axis=0)
    return frequency / frequency.sum()


def test_a_gensim_model_with_its_documents_topic_proportions():
    gensim = pytest.importorskip("gensim")
    dictionary = gensim.corpora.Dictionary(TEXTS)
    corpus = [dictionary.doc2bow(text) for text in TEXTS]
    lda = gensim.models.LdaModel(corpus, id2word=dictionary, num_topics=3, random_state=1, passes=5)
    words = [dictionary[i] for i in range(len(dictionary))]
    model = topiceval.Model.from_topics(lda.get_topics(), lda.alpha).with_words(words)
    theta = numpy.array([[p for _, p in lda.get_document_topics(bow, minimum_probability=0)] for bow in corpus])
    with pytest.raises(topiceval.ModelError, match="give them \\(document_topics\\) with the texts"):
        topiceval.browse(model, TEXTS, measure="none")
    result = topiceval.browse(model, TEXTS, document_topics=theta, bootstrap=0)
    shown = result.models[0]
    # LDAvis's topic frequencies: sum over documents of theta_dk times the document's length.
    numpy.testing.assert_allclose(shown.proportion, proportions_of(theta, TEXTS), rtol=1e-12)
    for k, documents in enumerate(shown.documents):
        best = int(numpy.argmax(theta[:, k]))
        assert documents[0]["document"] == best and documents[0]["text"] == " ".join(TEXTS[best])
    assert len(shown.figures["c_npmi"]) == 3 and "document_entropy" not in shown.figures


def test_a_scikit_learn_model_with_its_documents_topic_proportions():
    decomposition = pytest.importorskip("sklearn.decomposition")
    feature = pytest.importorskip("sklearn.feature_extraction.text")
    vectorizer = feature.CountVectorizer(analyzer=lambda text: text)
    counts = vectorizer.fit_transform(TEXTS)
    lda = decomposition.LatentDirichletAllocation(n_components=2, random_state=0).fit(counts)
    phi = lda.components_ / lda.components_.sum(axis=1, keepdims=True)
    model = topiceval.Model.from_topics(phi, [lda.doc_topic_prior_] * 2).with_words(
        list(vectorizer.get_feature_names_out()))
    theta = lda.transform(counts)
    result = topiceval.browse(model, TEXTS, document_topics=theta, measure="none")
    numpy.testing.assert_allclose(result.models[0].proportion, proportions_of(theta, TEXTS), rtol=1e-12)


def test_document_topics_of_the_wrong_shape_are_refused_in_one_line():
    phi = numpy.full((2, 3), 1 / 3)
    model = topiceval.Model.from_topics(phi, [0.1, 0.1]).with_words(["energy", "data", "mass"])
    with pytest.raises(topiceval.SettingError, match=r"^document_topics for model 1 holds 6 proportions, but the "
                                                     r"texts' 6 documents times its 2 topics are 12$"):
        topiceval.browse(model, TEXTS, document_topics=numpy.full((3, 2), 0.5), measure="none")
    with pytest.raises(topiceval.SettingError, match="must be a 2-D array"):
        topiceval.browse(model, TEXTS, document_topics=numpy.full(6, 0.5), measure="none")
    with pytest.raises(topiceval.SettingError, match="texts too"):
        topiceval.browse(model, document_topics=numpy.full((6, 2), 0.5), measure="none")


def test_the_page_data_is_the_command_lines(fixtures, tmp_path, state_result):
    # (The parity cases hold every option; here the default request, by path, through both doors.)
    folder = fixtures / "stackexchange"
    status, _, err = topiceval.run("browse", folder / "state.gz", "--output", tmp_path / "p.html", "--json",
                                   tmp_path / "cli.json", "--quiet", "--measure", "none")
    assert status == 0, err
    with pytest.warns(topiceval.TopicevalWarning):
        mine = topiceval.browse(str(folder / "state.gz"), measure="none")
    mine.write_json(tmp_path / "py.json")
    assert (tmp_path / "py.json").read_bytes() == (tmp_path / "cli.json").read_bytes()
    data = json.loads((tmp_path / "py.json").read_bytes())
    assert data["command"] == "browse" and data["models"][0]["topics"] == 10
