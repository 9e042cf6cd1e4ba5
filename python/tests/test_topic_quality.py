# SPDX-License-Identifier: Apache-2.0
"""Topic quality from Python: MALLET's diagnostics files byte for byte, and coherence with gensim's inputs giving
gensim's own numbers (its CoherenceModel run here, in the same process), the command line's numbers, and arrays."""

import gzip
import xml.dom.minidom

import numpy
import pytest

import topiceval

MEASURES = ["u_mass", "c_uci", "c_npmi", "c_v"]


def training_texts(state):
    """The training documents as gensim's texts: token lists in the state's order."""
    documents = {}
    with gzip.open(state, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            doc, _source, _pos, _type, word, _topic = line.rstrip("\n").split(" ")
            documents.setdefault(int(doc), []).append(word)
    return [documents[d] for d in sorted(documents)]


def test_diagnostics_write_mallets_files(fixtures, tmp_path):
    folder = fixtures / "stackexchange"
    result = topiceval.diagnostics(folder / "state.gz", input=folder / "train.mallet")
    assert result.from_documents and result.vocabulary_size == 4285
    for write, name in [(result.write_xml, "diagnostics.xml"), (result.write_topic_keys, "topic-keys.txt"),
                        (result.write_word_topic_counts, "word-topic-counts.txt"),
                        (result.write_topic_word_weights, "topic-word-weights.txt")]:
        write(tmp_path / name)
        assert (tmp_path / name).read_bytes() == (folder / "diagnostics" / name).read_bytes(), name
    # The columns hold the XML's numbers: topic 0's first word, as MALLET printed it.
    assert result.word_columns["word"][0] == "time" and result.word_columns["docs"][0] == 11
    assert f"{result.columns['tokens'][0]:.4f}" == "578.0000"
    topics, words = result.to_pandas() if _has_pandas() else (None, None)
    if topics is not None:
        assert len(topics) == 10 and len(words) == 200


def _has_pandas():
    try:
        import pandas  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def test_an_inferencer_gives_count_figures_and_a_warning(fixtures):
    with pytest.warns(topiceval.TopicevalWarning, match="holds no training documents"):
        result = topiceval.diagnostics(topiceval.load_model(fixtures / "stackexchange" / "inferencer.mallet"))
    assert not result.from_documents
    assert numpy.isnan(result.columns["coherence"]).all()
    assert numpy.isfinite(result.columns["uniform_dist"]).all()


def test_coherence_with_gensims_inputs_gives_gensims_numbers(fixtures):
    gensim = pytest.importorskip("gensim")
    from gensim.corpora import Dictionary  # noqa: PLC0415
    from gensim.models.coherencemodel import CoherenceModel  # noqa: PLC0415

    folder = fixtures / "stackexchange"
    texts = training_texts(folder / "state.gz")
    dictionary = Dictionary(texts)
    topics = [line.split("\t")[2].split()[:10] for line in
              (folder / "diagnostics" / "topic-keys.txt").read_text(encoding="utf-8").splitlines()]
    model = topiceval.load_model(folder / "state.gz")
    ours = topiceval.coherence(model, texts, measure=MEASURES, topics=topics, dictionary=dictionary, bootstrap=0)
    ours_by_name = {entry.measure: entry for entry in ours.measures}
    for measure in MEASURES:
        theirs = CoherenceModel(topics=topics, texts=texts, dictionary=dictionary, coherence=measure, topn=10,
                                processes=1)
        per_topic = theirs.get_coherence_per_topic()
        numpy.testing.assert_allclose(ours_by_name[measure].per_topic, per_topic, rtol=0, atol=1e-9, err_msg=measure)
        assert abs(ours_by_name[measure].mean - theirs.aggregate_measures(per_topic)) < 1e-9, measure
    assert gensim.__version__.startswith("4.")
    # The model's own top words and training documents are the same request.
    own = topiceval.coherence(model, measure=MEASURES, bootstrap=0)
    for entry, given in zip(own.measures, ours.measures):
        numpy.testing.assert_array_equal(entry.per_topic, given.per_topic)


def test_python_gives_the_command_lines_numbers(fixtures):
    state = fixtures / "sgu-k100" / "state.gz"
    status, out, err = topiceval.run("coherence", "--model", state, "--measure", "c_npmi,mallet", "--format", "tsv",
                                     "--bootstrap", "30", "--seed", "5", "--top-words", "8")
    assert status == 0, err
    rows = [line.split("\t") for line in out.splitlines()[1:]]
    with pytest.warns(topiceval.TopicevalWarning):
        result = topiceval.coherence(state, measure=["c_npmi", "mallet"], bootstrap=30, seed=5, top_words=8)
    for entry, measure in zip(result.measures, ("c_npmi", "mallet"), strict=True):
        values = [float(row[2]) for row in rows if row[0] == measure and row[1] != "mean"]
        errors = [float(row[3]) for row in rows if row[0] == measure and row[1] != "mean"]
        assert entry.measure == measure
        numpy.testing.assert_array_equal(entry.per_topic, values)
        numpy.testing.assert_array_equal(entry.per_topic_standard_error, errors)
    exclusivity = [float(row[2]) for row in rows if row[0] == "exclusivity" and row[1] != "mean"]
    numpy.testing.assert_array_equal(result.exclusivity, exclusivity)


def test_bad_requests_are_named(fixtures):
    state = fixtures / "stackexchange" / "state.gz"
    with pytest.raises(topiceval.SettingError, match="measure takes u_mass, c_uci, c_npmi, c_v or mallet"):
        topiceval.coherence(state, measure="c_w2v")
    with pytest.raises(topiceval.SettingTypeError, match="texts\\[1\\] must be a string or a list of words"):
        topiceval.coherence(state, [["a", "b"], 7])
    with pytest.raises(topiceval.SettingError, match="texts .*holds no training documents"):
        topiceval.coherence(fixtures / "stackexchange" / "inferencer.mallet")
    with pytest.raises(topiceval.FormatError, match="test.mallet"):
        topiceval.diagnostics(fixtures / "stackexchange" / "test.mallet")


def test_select_gives_topic_quality_beside_the_likelihood(fixtures):
    folder = fixtures / "stackexchange"
    with pytest.warns(topiceval.TopicevalWarning):
        result = topiceval.select([folder / "inferencer.mallet", folder / "state.gz"], folder / "test.mallet",
                                  estimator="filtering", vocab_size=4285, coherence="c_v", bootstrap=20)
    assert result.quality_reference.endswith("(the held-out documents)")
    for model in result.models:
        quality = model.quality
        assert quality.measure == "c_v" and len(quality.top_words) == 10
        assert numpy.isfinite(quality.coherence) and quality.coherence_se > 0
    # The inferencer and the state hold the same topics: the same quality.
    first, second = (model.quality for model in result.models)
    assert first.top_words == second.top_words
    assert first.coherence == second.coherence
    quiet = topiceval.select([folder / "inferencer.mallet"], folder / "test.mallet", estimator="filtering",
                             coherence="none")
    assert quiet.models[0].quality is None


def test_a_models_words_name_its_diagnostics(tmp_path):
    words = ["apple", "banana", "cherry", "damson"]
    model = topiceval.Model.from_counts([[9, 1, 2, 5], [3, 8, 4, 2]], 0.5, 0.01).with_words(words)
    with pytest.warns(topiceval.TopicevalWarning, match="holds no training documents"):
        result = topiceval.diagnostics(model, num_top_words=4)
    assert list(result.word_columns["word"]) == ["apple", "damson", "cherry", "banana", "banana", "cherry", "apple",
                                                 "damson"]
    assert list(result.word_columns["word_length"][:2]) == [5.0, 6.0]
    assert not any("holds no words" in warning for warning in result.warnings), result.warnings
    result.write_xml(tmp_path / "diagnostics.xml")
    written = xml.dom.minidom.parse(str(tmp_path / "diagnostics.xml"))
    assert [node.firstChild.data for node in written.getElementsByTagName("word")][:4] == [
        "apple", "damson", "cherry", "banana"]


def test_coherence_against_a_reference_index_gives_the_texts_numbers(fixtures, tmp_path):
    folder = fixtures / "stackexchange"
    index = tmp_path / "reference.index"
    status, _out, err = topiceval.run("index", "--texts", str(folder / "test.mallet"), "--output", str(index))
    assert status == 0, err
    from_texts = topiceval.coherence(folder / "state.gz", folder / "test.mallet", measure=MEASURES, bootstrap=10)
    from_index = topiceval.coherence(folder / "state.gz", measure=MEASURES, bootstrap=10, reference=index)
    for theirs, ours in zip(from_texts.measures, from_index.measures):
        numpy.testing.assert_array_equal(ours.per_topic, theirs.per_topic, err_msg=ours.measure)
        numpy.testing.assert_array_equal(ours.per_topic_standard_error, theirs.per_topic_standard_error,
                                         err_msg=ours.measure)
    index.write_bytes(index.read_bytes()[:-1])
    with pytest.raises(topiceval.FormatError, match="damaged reference index"):
        topiceval.coherence(folder / "state.gz", reference=index)
