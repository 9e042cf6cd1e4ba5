# SPDX-License-Identifier: Apache-2.0
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


# ---- A pickle from elsewhere is checked as strictly as a fresh result ------------------------------------------

def state_of(result):
    kind, state = result.__reduce__()[1]
    return kind, state


def replaced(state, path, value):
    """`state` (nested tuples and lists, as a result pickles) with the value at `path` (indices) replaced."""
    if not path:
        return value
    parts = list(state)
    parts[path[0]] = replaced(state[path[0]], path[1:], value)
    return tuple(parts) if isinstance(state, tuple) else parts


class Forged:
    """Pickles as a result of `kind` with `state`: what a pickle made elsewhere (or edited) hands to topiceval."""

    def __init__(self, kind, state):
        self.kind, self.state = kind, state

    def __reduce__(self):
        return topiceval._unpickle, (self.kind, self.state)


def expect_refused(kind, state, problem):
    with pytest.raises(topiceval.FormatError) as error:
        pickle.loads(pickle.dumps(Forged(kind, state)))
    message = str(error.value)
    assert message.startswith(f"a pickled topiceval.{kind.__name__}: ") and "\n" not in message, message
    assert problem in message, message


@pytest.fixture(scope="module")
def results(stackexchange):
    folder, model, documents = stackexchange
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        evaluated = topiceval.evaluate(model, documents[:4], "left-to-right", particles=2, runs=2)
        selected = topiceval.select([folder / "inferencer.mallet", folder / "state.gz", folder / "state.gz"],
                                    folder / "test.mallet", estimator="filtering", bootstrap=2)
        compared = topiceval.compare(folder / "state.gz", folder / "state.gz", folder / "test.mallet", temperatures=2)
        coherence = topiceval.coherence(topiceval.load_model(folder / "state.gz"), bootstrap=0)
    return evaluated, selected, compared, coherence


def test_a_restored_result_breaking_its_promises_is_refused(results):
    evaluated, selected, compared, coherence = results
    kind, state = state_of(evaluated)
    # Positions in EvaluateResult (include/topiceval/evaluate.hpp), checked against what they hold.
    assert state[6] == evaluated.summary.log_likelihood and state[20] == 0 and state[26] == 0
    expect_refused(kind, replaced(state, [20], 7), "unseen_words is 7, not one of its 3 choices")
    expect_refused(kind, replaced(state, [26], -1), "complete_documents is -1, not one of its 3 choices")
    expect_refused(kind, replaced(state, [6], state[6] + 1.0), "total disagrees with the sum of its documents")
    expect_refused(kind, replaced(state, [5], state[5][:2]), "its documents score")
    # A seed pair naming run 99 of 2, alone and inside the report select writes from.
    group_kind, group = state_of(selected.seed_groups[0])
    assert group[2][0][:2] == (0, 1)
    bad_pair = replaced(group, [2, 0, 1], 99)
    expect_refused(group_kind, bad_pair, "names run 99 of 3")
    report_kind, report = state_of(selected._report)
    groups_at = [i for i, value in enumerate(report[0]) if isinstance(value, list) and value and
                 isinstance(value[0], tuple) and len(value[0]) == len(group)]
    assert len(groups_at) == 1
    expect_refused(report_kind, replaced(report, [0, groups_at[0], 0], bad_pair), "names run 99 of 3")
    ranked_kind, ranked = state_of(selected.models[0])
    expect_refused(ranked_kind, replaced(ranked, [2], ranked[2][:1]), "its documents score")
    # A comparison whose documents were dropped; per-topic values shorter than the topics.
    compare_kind, compared_state = state_of(compared)
    assert compared_state[3] == len(compared.documents) and len(compared_state[22]) == len(compared.documents)
    expect_refused(compare_kind, replaced(compared_state, [22], []), "documents (one ratio each): 0 where its count")
    coherence_kind, coherence_state = state_of(coherence)
    expect_refused(coherence_kind, replaced(coherence_state, [2], coherence_state[2][:3]), "exclusivity (one per topic)")
    # A view without its result, a state beyond the curve's states.
    view_kind, view = state_of(evaluated.summary)
    expect_refused(view_kind, replaced(view, [0], None), "no result to show")


def test_a_restored_value_of_another_type_is_refused_not_cast(results):
    # What pybind11 raised (casts of the wrong type, negative or beyond 64 bits), SystemError (a tuple read as a list)
    # and ValueError are the package's FormatError naming the place in the state.
    evaluated = results[0]
    kind, state = state_of(evaluated)
    assert state[2] == 4
    for value, problem in [(4.0, "at .2: an int was written, not a float"),
                           ("4", "at .2: an int was written, not a str"),
                           (-1, "at .2: a negative count"), (2 ** 70, "at .2: an int beyond 64 bits"),
                           (True, "at .2: an int was written, not a bool"), (None, "at .2: an int was written")]:
        expect_refused(kind, replaced(state, [2], value), problem)
    expect_refused(kind, replaced(state, [5], tuple(state[5])), "at .5: a list was written, not a tuple")
    expect_refused(kind, replaced(state, [0], list(state[0])), "at .0: a tuple was written, not a list")
    expect_refused(kind, replaced(state, [1], "documents in memory"), "at .1: bytes were written, not a str")
    expect_refused(kind, replaced(state, [5, 0, 1], "x"), "at .5[0].1: a float was written, not a str")
    expect_refused(kind, state[:-1], f"the whole: {len(state) - 1} values where {len(state)} were written")
    expect_refused(kind, [1, 2], "the whole: a tuple was written, not a list")


def test_a_restored_browse_result_breaking_its_promises_is_refused(stackexchange):
    folder, _model, _documents = stackexchange
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.browse([folder / "state.gz", folder / "inferencer.mallet"], bootstrap=0, terms=5,
                                  typical_documents=1)
    kind, state = state_of(result)
    # Positions in BrowseResult and BrowseModel (include/topiceval/browse.hpp), checked against what they hold.
    assert state[3] == result.lambda_start and len(state[2]) == len(result.lambda_grid)
    model = state[0][0]
    assert list(model[8]) == [int(t) for t in result.models[0].order]
    expect_refused(kind, replaced(state, [3], len(state[2])), f"lambda_start {len(state[2])} of {len(state[2])}")
    expect_refused(kind, replaced(state, [0, 0, 8, 0], 10), "models[0]: order[0]: topic 10 is not one more of its 10")
    expect_refused(kind, replaced(state, [0, 0, 8, 1], model[8][0]), "order[1]: topic")
    expect_refused(kind, replaced(state, [0, 0, 4], model[4][:3]), "frequency (one per topic): 3 where")
