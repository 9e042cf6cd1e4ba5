"""Every result of the public API pickles (multiprocessing sends results between processes): what comes back is
of the same class and has every attribute, nested parts included, equal to the original's."""
import copy
import inspect
import math
import pickle
import sys
import warnings

import numpy
import pytest

import topiceval


def public_attributes(value):
    """The names of value's data attributes: properties of its class, or (a Python class) its fields."""
    names = set()
    for name in dir(type(value)):
        if not name.startswith("_") and isinstance(inspect.getattr_static(type(value), name), property):
            names.add(name)
    names.update(name for name in getattr(value, "__dict__", {}) if not name.startswith("_"))
    return sorted(names)


def expect_same(expected, actual, where):
    if isinstance(expected, numpy.ndarray):
        assert isinstance(actual, numpy.ndarray) and expected.dtype == actual.dtype, where
        assert numpy.array_equal(expected, actual, equal_nan=expected.dtype.kind == "f"), where
    elif isinstance(expected, float):
        assert isinstance(actual, float) and (expected == actual or math.isnan(expected) and math.isnan(actual)), \
            (where, expected, actual)
    elif isinstance(expected, (list, tuple)):
        assert type(actual) is type(expected) and len(actual) == len(expected), where
        for index, (value, other) in enumerate(zip(expected, actual)):
            expect_same(value, other, f"{where}[{index}]")
    elif isinstance(expected, dict):
        assert isinstance(actual, dict) and sorted(actual) == sorted(expected), where
        for key in expected:
            expect_same(expected[key], actual[key], f"{where}[{key!r}]")
    elif type(expected).__module__ in ("topiceval._native", "topiceval"):
        assert type(actual) is type(expected), where
        names = public_attributes(expected)
        assert names, f"{where}: no attributes to compare"
        for name in names:
            expect_same(getattr(expected, name), getattr(actual, name), f"{where}.{name}")
    else:
        assert type(actual) is type(expected) and actual == expected, (where, expected, actual)


def round_trip(result):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the earlier spellings read the same values
        again = pickle.loads(pickle.dumps(result))
        expect_same(result, again, type(result).__name__)
        expect_same(result, copy.deepcopy(result), type(result).__name__)
    return again


@pytest.fixture(scope="module")
def stackexchange(fixtures):
    folder = fixtures / "stackexchange"
    model = topiceval.load_model(folder / "inferencer.mallet")
    return folder, model, topiceval.load_documents(folder / "test.mallet", model)[:6]


def test_evaluate_results_pickle_with_every_section_and_document(stackexchange):
    _folder, model, documents = stackexchange
    result = topiceval.evaluate(model, documents, "resample-move", particles=4, runs=2, seed=3, target_error=0.5)
    assert result.target_error is not None and len(result.documents) == 6
    again = round_trip(result)
    assert again.summary.log_likelihood == result.summary.log_likelihood
    checked = topiceval.evaluate(model, documents, "left-to-right", particles=2, runs=2, check_convergence=True,
                                 max_doublings=1)
    assert round_trip(checked).convergence.steps[0].budget == checked.convergence.steps[0].budget


def test_mallets_results_pickle(stackexchange):
    _folder, model, documents = stackexchange
    result = topiceval.evaluate_topics(model, documents, num_particles=2, random_seed=3)
    assert round_trip(result).total == result.total


def test_select_compare_and_curve_results_pickle(stackexchange):
    folder, _model, _documents = stackexchange
    test, state = folder / "test.mallet", folder / "state.gz"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        selected = topiceval.select([folder / "inferencer.mallet", state, state], test, estimator="filtering",
                                    bootstrap=2)
    assert selected.seed_groups and selected.models[0].quality is not None
    again = round_trip(selected)
    assert again.best.path == selected.best.path
    compared = topiceval.compare(state, state, test, temperatures=2)
    round_trip(compared)
    run = topiceval.curve([state, state], test, temperatures=2)
    assert round_trip(run).states[1].loglik == run.states[1].loglik


def test_an_unpickled_select_result_writes_the_same_report(stackexchange, tmp_path):
    folder, _model, _documents = stackexchange
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        selected = topiceval.select([folder / "inferencer.mallet"], folder / "test.mallet", estimator="filtering",
                                    coherence="none")
    selected.write_html(tmp_path / "original.html")
    pickle.loads(pickle.dumps(selected)).write_html(tmp_path / "again.html")
    assert (tmp_path / "again.html").read_bytes() == (tmp_path / "original.html").read_bytes()


def test_coherence_and_diagnostics_results_pickle(stackexchange, tmp_path):
    folder, _model, _documents = stackexchange
    state = topiceval.load_model(folder / "state.gz")
    coherence = topiceval.coherence(state, measure=["c_npmi", "mallet"], bootstrap=5, seed=5, top_words=8)
    assert round_trip(coherence).measures[0].mean == coherence.measures[0].mean
    diagnostics = topiceval.diagnostics(state)
    again = round_trip(diagnostics)
    assert again.topics[0].words[0].word == diagnostics.topics[0].words[0].word
    # MALLET's files are written from tables that stay in the process that computed them.
    with pytest.raises(topiceval.Error, match="no tables to write MALLET's files from"):
        again.write_xml(tmp_path / "diagnostics.xml")
    assert not (tmp_path / "diagnostics.xml").exists()


def test_every_result_class_pickles():
    """No result class is left out: every class the extension binds, the model's handle aside."""
    extension = sys.modules["topiceval._native"]
    bound = [value for value in vars(extension).values()
             if isinstance(value, type) and value.__module__ == extension.__name__ and value is not extension.NativeModel]
    assert len(bound) > 20
    for cls in bound:
        assert hasattr(cls, "_from_state") and "__reduce__" in vars(cls), cls.__name__


def test_a_browse_result_pickles_and_writes_the_same_page(stackexchange, tmp_path):
    folder, _model, _documents = stackexchange
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.browse([folder / "state.gz", folder / "inferencer.mallet"], bootstrap=3, terms=8,
                                  held_out=folder / "test.mallet", estimator="filtering")
    assert result.models[0].ranking is not None and result.models[0].coherence is not None
    again = round_trip(result)
    result.write_html(tmp_path / "original.html")
    again.write_html(tmp_path / "again.html")
    assert (tmp_path / "again.html").read_bytes() == (tmp_path / "original.html").read_bytes()
    # Ranking any lambda needs the tables, which stay in the process that computed them.
    with pytest.raises(topiceval.Error, match="no tables to rank terms from"):
        again.relevant_terms(0, 0.5)
