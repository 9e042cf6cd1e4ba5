# SPDX-License-Identifier: Apache-2.0
"""evaluate's result is the library's struct bound once: every key of ``topiceval evaluate --format json`` is an
attribute of the same name and value, read-only, and the spellings of earlier releases still give their value
with a DeprecationWarning naming the new one."""
import json
import math
import re
import warnings

import numpy
import pytest

import topiceval

# Keys whose values differ between two runs by nature, or by how the model was given (a path to the command
# line, a Model object here), or that belong to the JSON's envelope rather than to the result.
NOT_COMPARED = {"command", "version", "wall_seconds", "seconds", "doc"}


def python_spelling(text):
    """The command line's option names (--max-runs) as Python's messages spell them (max_runs)."""
    return re.sub(r"--([a-z0-9-]+)", lambda match: match.group(1).replace("-", "_"), text)


def same_value(expected, actual, where):
    if isinstance(expected, dict):
        if where.endswith(".settings"):  # the estimator's settings, by their registered names, as text here
            assert {name: str(value).lower() for name, value in expected.items()} == \
                   {name: str(value).lower() for name, value in actual.items()}, where
            return
        for key, value in expected.items():
            if key in NOT_COMPARED or where == "result.model" and key == "path":
                continue
            assert hasattr(actual, key), f"{where}.{key} is not an attribute"
            same_value(value, getattr(actual, key), f"{where}.{key}")
    elif isinstance(expected, list):
        assert len(actual) == len(expected), where
        for index, (value, element) in enumerate(zip(expected, actual)):
            same_value(value, element, f"{where}[{index}]")
    elif expected is None:  # JSON's null: a number that is not finite
        assert actual is None or math.isnan(actual), where
    elif isinstance(expected, str):
        assert python_spelling(expected) == actual, where
    else:
        assert type(actual) is not str and actual == expected, (where, actual, expected)


@pytest.mark.parametrize("keywords", [
    {"estimator": "resample-move", "particles": 8, "runs": 3, "seed": 7, "target_error": 0.5},
    {"estimator": "ais", "temperatures": 20, "complete_documents": "first-half", "runs": 2},
    {"estimator": "left-to-right", "particles": 4, "runs": 2, "check_convergence": True, "max_doublings": 1,
     "tolerance": 100.0},
    {"estimator": "filtering", "unseen_words": "smooth"},
])
def test_every_json_key_is_an_attribute_with_the_same_value(fixtures, keywords):
    inferencer = fixtures / "stackexchange" / "inferencer.mallet"
    test = fixtures / "stackexchange" / "test.mallet"
    options = []
    for keyword, value in keywords.items():
        options += ["--" + keyword.replace("_", "-")] + ([] if value is True else [str(value)])
    status, out, err = topiceval.run("evaluate", "--model", inferencer, "--input", test, "--format", "json", "--quiet", *options)
    assert status == 0, err
    expected = json.loads(out)
    model = topiceval.load_model(inferencer)
    keywords = dict(keywords)
    estimator = keywords.pop("estimator")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.evaluate(model, test, estimator, **keywords)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # the new spellings never warn
        same_value(expected, result, "result")
        # Each section the JSON leaves out is None here; each it writes is there.
        for section in ("convergence", "target_error"):
            assert (getattr(result, section) is None) == (section not in expected), section
        assert (result.estimator.completion is None) == ("completion" not in expected["estimator"])
        # The per-document columns are the documents' values, as numpy arrays under the same names.
        for key in ("loglik", "loglik_se", "perplexity", "tokens", "skipped", "effective_runs", "budget", "runs",
                    "site_updates", "flag", "name"):
            column = result.columns[key]
            assert [getattr(document, key) for document in result.documents] == list(column), key
        assert result.perplexity == result.summary.perplexity == expected["summary"]["perplexity"]


def test_the_spellings_of_earlier_releases_warn_and_give_the_same_value(fixtures):
    model = topiceval.load_model(fixtures / "stackexchange" / "inferencer.mallet")
    documents = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)[:6]
    result = topiceval.evaluate(model, documents, "resample-move", particles=8, runs=2, target_error=0.5)
    columns = result.columns
    earlier = {
        "total": result.summary.log_likelihood, "total_se": result.summary.log_likelihood_se,
        "seconds": result.summary.wall_seconds, "site_updates": result.summary.site_updates,
        "estimator_name": result.estimator.name, "stochastic": result.estimator.stochastic,
        "unbiased": result.estimator.unbiased, "error_caveat": result.estimator.error_caveat,
        "vocabulary_size": result.unseen_words.vocabulary_size, "target": result.target_error.summary,
        "log_likelihood": columns["loglik"], "standard_error": columns["loglik_se"],
        "document_perplexity": columns["perplexity"], "scored_tokens": columns["tokens"],
        "skipped_tokens": columns["skipped"], "document_site_updates": columns["site_updates"],
        "budgets": columns["budget"], "runs": columns["runs"], "names": columns["name"],
        "effective_runs": columns["effective_runs"], "conditioned_tokens": columns["conditioned_tokens"],
        "heavy_tailed": columns["heavy_tailed"], "not_converged": columns["not_converged"],
        "above_target": columns["above_target"],
    }
    for name, value in earlier.items():
        with pytest.warns(DeprecationWarning, match=rf"^Result\.{name} is deprecated: use result\.") as caught:
            old = getattr(result, name)
        assert len(caught) == 1
        if isinstance(value, numpy.ndarray):
            numpy.testing.assert_array_equal(old, value)
            assert old.dtype == value.dtype
        else:
            assert old == value, name
    # The document perplexities and the corpus's perplexity are two names now, never one.
    with pytest.warns(DeprecationWarning):
        assert result.document_perplexity.shape == (6,)
    assert isinstance(result.perplexity, float) and result.perplexity == result.summary.perplexity
    # Sections that were texts still compare equal to that text, with a warning naming the attribute.
    for section, field in (("estimator", "description"), ("unseen_words", "policy")):
        with pytest.warns(DeprecationWarning, match=rf"compare Result\.{section}\.{field}"):
            assert getattr(result, section) == getattr(getattr(result, section), field)
    assert result.estimator.runs == 2 and isinstance(result.estimator.runs, int)


def test_results_are_read_only(fixtures):
    model = topiceval.load_model(fixtures / "stackexchange" / "inferencer.mallet")
    documents = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)[:3]
    result = topiceval.evaluate(model, documents, "filtering")
    for target, name in ((result, "model"), (result, "summary"), (result, "documents"), (result, "perplexity"),
                         (result.summary, "perplexity"), (result.model, "topics"), (result.documents[0], "loglik"),
                         (result.estimator, "name"), (result, "a_new_attribute")):
        with pytest.raises(AttributeError):
            setattr(target, name, 1)
    with pytest.raises(AttributeError):
        result.total = 1.0  # an earlier spelling is read-only too
    assert isinstance(result, topiceval.Result)
    assert "\n" not in repr(result) and "\n" not in repr(result.summary)
    assert result.documents[0].loglik == result.columns["loglik"][0]


def test_a_ranked_models_documents_use_the_same_names_and_the_earlier_keys_warn(fixtures):
    folder = fixtures / "stackexchange"
    test = folder / "test.mallet"
    report = topiceval.select([folder / "inferencer.mallet"], test, estimator="filtering", coherence="none")
    evaluated = topiceval.evaluate(topiceval.load_model(folder / "inferencer.mallet"), test, "filtering")
    documents = report.models[0].documents
    assert set(documents) == set(evaluated.columns)
    for key in ("loglik", "perplexity", "tokens"):
        numpy.testing.assert_array_equal(documents[key], evaluated.columns[key])
    # The corpus's perplexity is the model's "perplexity"; the documents' are documents["perplexity"].
    assert report.models[0].perplexity == evaluated.perplexity
    for old, new in (("log_likelihood", "loglik"), ("standard_error", "loglik_se"), ("scored_tokens", "tokens"),
                     ("skipped_tokens", "skipped"), ("document_site_updates", "site_updates"),
                     ("budgets", "budget"), ("names", "name")):
        with pytest.warns(DeprecationWarning, match=rf'^documents\["{old}"\] is deprecated: use documents\["{new}"\]'):
            value = documents[old]
        assert list(value) == list(documents[new]), old


def test_every_result_calls_its_time_wall_seconds(fixtures):
    folder = fixtures / "stackexchange"
    test = folder / "test.mallet"
    state = folder / "state.gz"
    results = [topiceval.select([folder / "inferencer.mallet"], test, estimator="filtering", bootstrap=2),
               topiceval.compare(state, state, test, temperatures=2),
               topiceval.curve([state, state], test, temperatures=2)]
    for result in results:
        name = type(result).__name__
        assert result.wall_seconds > 0, name
        with pytest.warns(DeprecationWarning, match=rf"^{name}\.seconds is deprecated: use result\.wall_seconds"):
            assert result.seconds == result.wall_seconds
    # select's topic quality names its window as the JSON does, with the same value.
    status, out, err = topiceval.run("select", "--model", folder / "inferencer.mallet", "--input", test, "--estimator",
                                     "filtering", "--bootstrap", "2", "--format", "json", "--quiet")
    assert status == 0, err
    quality = json.loads(out)["models"][0]["quality"]
    assert results[0].models[0].quality.window == quality["window"] > 0


def test_a_part_of_a_result_outlives_the_result(fixtures):
    import gc  # noqa: PLC0415
    model = topiceval.load_model(fixtures / "stackexchange" / "inferencer.mallet")
    documents = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)[:3]
    result = topiceval.evaluate(model, documents, "filtering")
    expected = (result.documents[2].loglik, result.model.topics, result.summary.perplexity)
    document, model_report, summary = result.documents[2], result.model, result.summary
    del result
    gc.collect()
    assert (document.loglik, model_report.topics, summary.perplexity) == expected


def json_of(*arguments, quiet=True):
    status, out, err = topiceval.run(*arguments, "--format", "json", *(["--quiet"] if quiet else []))
    assert status == 0, err
    return json.loads(out)


@pytest.mark.parametrize("keywords", [
    {"temperatures": 3, "samples": 2, "seed": 5},
    {"temperatures": 2, "direction": "forward", "align_topics": True},
])
def test_compares_json_keys_are_attributes_with_the_same_values(fixtures, keywords):
    folder = fixtures / "stackexchange"
    state, inferencer, test = str(folder / "state.gz"), str(folder / "inferencer.mallet"), folder / "test.mallet"
    options = []
    for keyword, value in keywords.items():
        options += ["--" + keyword.replace("_", "-")] + ([] if value is True else [str(value)])
    expected = json_of("compare", "--model-a", state, "--model-b", inferencer, "--input", test, *options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.compare(state, inferencer, test, **keywords)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        same_value(expected, result, "result")
        both = keywords.get("direction", "both") == "both"
        assert (result.summary.directions_paired_statistic is None) == (not both)
        for key in ("name", "tokens", "skipped", "logratio", "logratio_se", "perplexity_ratio", "logratio_forward",
                    "logratio_reverse", "disagree"):
            numpy.testing.assert_array_equal(numpy.asarray(result.columns[key]),
                                             [getattr(document, key) for document in result.documents], key)
        assert result.log_ratio == result.summary.log_ratio == expected["summary"]["log_ratio"]
        assert result.perplexity_ratio == result.summary.perplexity_ratio


def test_compares_earlier_spellings_warn_and_agree(fixtures):
    folder = fixtures / "stackexchange"
    state = folder / "state.gz"
    result = topiceval.compare(state, state, folder / "test.mallet", temperatures=2, samples=2)
    columns = result.columns
    for old, value in (("tokens", result.summary.tokens),
                       ("directions_paired_statistic", result.summary.directions_paired_statistic),
                       ("aligned_topics", result.estimator.aligned_topics)):
        with pytest.warns(DeprecationWarning, match=rf"^CompareResult\.{old} is deprecated: use result\."):
            assert getattr(result, old) == value
    # The documents were a dict of arrays under other names: those keys read the columns, with a warning.
    for old, new in (("log_ratio", "logratio"), ("log_ratio_se", "logratio_se"), ("forward", "logratio_forward"),
                     ("reverse", "logratio_reverse"), ("disagree", "disagree")):
        with pytest.warns(DeprecationWarning,
                          match=rf'^CompareResult\.documents\["{old}"\] is deprecated: use result\.columns\["{new}"\]'):
            numpy.testing.assert_array_equal(result.documents[old], columns[new])
    # A model's report was a dict.
    with pytest.warns(DeprecationWarning, match=r'^model\["path"\] is deprecated: use model\.path'):
        assert result.model_a["path"] == result.model_a.path == str(state)
    assert result.documents[0].logratio == columns["logratio"][0]


def test_curves_json_keys_are_attributes_with_the_same_values(fixtures, tmp_path):
    folder = fixtures / "stackexchange"
    test = folder / "test.mallet"
    states = []
    for iteration in (20, 100):  # named as MALLET's --output-state-interval names them: iterations
        states.append(tmp_path / f"state.gz.{iteration}")
        states[-1].symlink_to(folder / "state.gz")
    for given in ([str(path) for path in states], [str(folder / "state.gz"), str(folder / "inferencer.mallet")]):
        expected = json_of("curve", "--states", *given, "--input", test, "--temperatures", "2")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", topiceval.TopicevalWarning)
            result = topiceval.curve(given, test, temperatures=2)
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            same_value(expected, result, "result")
            assert [state.iteration for state in result.states] == (
                [20, 100] if given[0].endswith(".20") else [None, None])
            for key in ("path", "iteration", "loglik", "per_token", "perplexity"):
                assert list(result.columns[key]) == [getattr(state, key) for state in result.states], key
            assert [model.path for model in result.models] == given
    # The earlier spellings: per_token was an array (it is a number on every other result), and more.
    for old, value in (("totals", result.columns["loglik"]), ("per_token", result.columns["per_token"]),
                       ("iterations", result.columns["iteration"]), ("tokens", result.input.scored_tokens)):
        with pytest.warns(DeprecationWarning, match=rf"^CurveResult\.{old} is deprecated: use result\."):
            numpy.testing.assert_array_equal(getattr(result, old), value)


def test_compare_and_curve_results_are_read_only(fixtures):
    folder = fixtures / "stackexchange"
    state, test = folder / "state.gz", folder / "test.mallet"
    compared = topiceval.compare(state, state, test, temperatures=2)
    run = topiceval.curve([state, state], test, temperatures=2)
    for target, name in ((compared, "summary"), (compared, "log_ratio"), (compared.summary, "log_ratio"),
                         (compared.documents[0], "logratio"), (compared.model_a, "path"), (compared, "tokens"),
                         (compared.estimator, "seed"), (run, "states"), (run.states[0], "loglik"),
                         (run.input, "scored_tokens"), (run, "totals"), (run, "a_new_attribute")):
        with pytest.raises(AttributeError):
            setattr(target, name, 1)
    assert isinstance(compared, topiceval.CompareResult) and isinstance(run, topiceval.CurveResult)
    assert "\n" not in repr(compared) and "\n" not in repr(run.states[0])


def test_coherences_json_keys_are_attributes_with_the_same_values(fixtures):
    state = fixtures / "sgu-k100" / "state.gz"
    expected = json_of("coherence", "--model", state, "--measure", "c_npmi,mallet", "--bootstrap", "20", "--seed",
                       "5", "--top-words", "8", quiet=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.coherence(state, measure=["c_npmi", "mallet"], bootstrap=20, seed=5, top_words=8)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        same_value(expected, result, "result")
        assert [entry.measure for entry in result.measures] == ["c_npmi", "mallet"]
    # The dicts of earlier releases, keyed by the measure's name: a warning, the same values.
    for old, new in (("per_topic", "per_topic"), ("standard_error", "per_topic_standard_error"), ("mean", "mean"),
                     ("mean_se", "mean_standard_error"), ("window", "window")):
        with pytest.warns(DeprecationWarning, match=rf"^CoherenceResult\.{old} is deprecated: use result\.measures"):
            earlier = getattr(result, old)
        assert list(earlier) == ["c_npmi", "mallet"]
        for entry in result.measures:
            numpy.testing.assert_array_equal(earlier[entry.measure], getattr(entry, new))
    for target, name in ((result, "measures"), (result, "diversity"), (result.measures[0], "mean"),
                         (result, "mean"), (result, "a_new_attribute")):
        with pytest.raises(AttributeError):
            setattr(target, name, 1)
    assert "\n" not in repr(result) and "\n" not in repr(result.measures[0])


def test_diagnostics_json_keys_are_attributes_with_the_same_values(fixtures):
    folder = fixtures / "stackexchange"
    for model, options in ((folder / "state.gz", {"input": folder / "train.mallet", "num_top_words": 5}),
                           (folder / "inferencer.mallet", {"num_top_words": 3})):
        arguments = []
        for keyword, value in options.items():
            arguments += ["--" + keyword.replace("_", "-"), value]
        expected = json_of("diagnostics", "--model", model, *arguments, quiet=False)
        # MALLET's attribute names ("word-length") are Python's with "_".
        expected = json.loads(json.dumps(expected).replace('"word-length"', '"word_length"')
                              .replace('"token-doc-diff"', '"token_doc_diff"'))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", topiceval.TopicevalWarning)
            result = topiceval.diagnostics(model, **options)
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            same_value(expected, result, "result")
            assert all(word.docs is None for topic in result.topics for word in topic.words) == (
                not result.from_documents)
            for key in ("tokens", "alpha", "word_length", "token_doc_diff", "exclusivity"):
                numpy.testing.assert_array_equal(result.columns[key], [getattr(t, key) for t in result.topics])
            numpy.testing.assert_array_equal(result.word_columns["prob"],
                                             [w.prob for topic in result.topics for w in topic.words])
    # The dicts of earlier releases: topics["figure"] and words.
    with pytest.warns(DeprecationWarning, match=r'^Diagnostics\.topics\["tokens"\] is deprecated: use result\.columns'):
        numpy.testing.assert_array_equal(result.topics["tokens"], result.columns["tokens"])
    with pytest.warns(DeprecationWarning, match=r"^Diagnostics\.words is deprecated: use result\.word_columns"):
        assert list(result.words["word"]) == list(result.word_columns["word"])
    for target, name in ((result, "topics"), (result, "tokens"), (result.topics[0], "alpha"),
                         (result.topics[0].words[0], "prob"), (result, "a_new_attribute")):
        with pytest.raises(AttributeError):
            setattr(target, name, 1)
    assert "\n" not in repr(result) and "\n" not in repr(result.topics[0].words[0])


def test_evaluate_topics_result_is_bound_read_only(fixtures):
    model = topiceval.load_model(fixtures / "stackexchange" / "evaluator.mallet")
    documents = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)[:12]
    result = topiceval.evaluate_topics(model, documents, num_particles=2, random_seed=3)
    assert isinstance(result, topiceval.MalletResult)
    assert result.documents == len(result.log_likelihood) == 12
    assert result.tokens == sum(len(document) for document in documents)
    assert result.total == pytest.approx(float(numpy.sum(result.log_likelihood)), rel=1e-12)
    assert result.seed == 3 and result.sampling_errors == 0 and result.site_updates > 0 and result.threads >= 1
    for name in ("total", "log_likelihood", "seed", "a_new_attribute"):
        with pytest.raises(AttributeError):
            setattr(result, name, 1)
    assert "\n" not in repr(result) and "seed 3" in repr(result)


def test_selects_ranked_models_are_bound_with_the_jsons_names(fixtures):
    folder = fixtures / "stackexchange"
    paths = [str(folder / "inferencer.mallet"), str(folder / "state.gz")]
    test = folder / "test.mallet"
    models = json_of("select", "--model", *paths, "--input", test, "--estimator", "filtering", "--bootstrap", "2")[
        "models"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", topiceval.TopicevalWarning)
        result = topiceval.select(paths, test, estimator="filtering", bootstrap=2)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        same_value(models, result.models, "result.models")
        assert result.best is result.models[0] and result.models[0].quality.window > 0
    # The rows were dicts: their keys still read, with a warning naming the attribute.
    for key in ("path", "verdict", "total", "quality"):
        with pytest.warns(DeprecationWarning, match=rf'^model\["{key}"\] is deprecated: use model\.{key}'):
            assert result.models[1][key] is getattr(result.models[1], key) or \
                result.models[1][key] == getattr(result.models[1], key)
    with pytest.warns(DeprecationWarning):
        assert result.models[0].quality["coherence"] == result.models[0].quality.coherence
    for target, name in ((result.models[0], "total"), (result.models[0].quality, "coherence"),
                         (result.models[0], "a_new_attribute")):
        with pytest.raises(AttributeError):
            setattr(target, name, 1)
    assert "\n" not in repr(result.models[0])
