# SPDX-License-Identifier: Apache-2.0
"""One request, the same bits from Python as from the command line: every case of tests/parity/cases.txt,
compare-cases.txt and curve-cases.txt (the C++ API and Java are held to the command line by
tests/parity/parity_test.cpp and the Java bridge's "parity" check), with Python's own spelling of each option."""

import json
import math
import pathlib

import numpy
import pytest

import topiceval

CASES = pathlib.Path(__file__).resolve().parents[2] / "tests" / "parity" / "cases.txt"


def parity_cases(file=CASES):
    cases = []
    for line in file.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, _, options = line.partition("|")
        words = options.split()
        cases.append((name.strip(), list(zip(words[::2], words[1::2]))))
    return cases


def as_keyword(value: str):
    """A command-line value as a Python user writes it: numbers as numbers, true/false as booleans."""
    if value in ("true", "false"):
        return value == "true"
    for number in (int, float):
        try:
            return number(value)
        except ValueError:
            pass
    return value


@pytest.mark.parametrize("name,options", parity_cases(), ids=[case[0] for case in parity_cases()])
def test_python_gives_the_command_lines_bits(fixtures, name, options):
    inferencer = fixtures / "stackexchange" / "inferencer.mallet"
    test = fixtures / "stackexchange" / "test.mallet"
    arguments = ["--model", inferencer, "--input", test, "--documents", "0-19", "--format", "tsv", "--quiet"]
    for option, value in options:
        arguments += [option, value]
    status, out, err = topiceval.run("evaluate", *arguments)
    assert status == 0, err
    expected = [float(row.split("\t")[4]) for row in out.splitlines()[1:]]
    model = topiceval.load_model(inferencer)
    documents = topiceval.load_documents(test, model)[:20]
    keywords = {option[2:].replace("-", "_"): as_keyword(value) for option, value in options}
    estimator = keywords.pop("estimator", None)
    result = topiceval.evaluate(model, documents, estimator, **keywords)
    assert list(result.columns["loglik"]) == expected  # the same bits
    # The headline intervals as the command line's JSON has them (null, for none, as NaN).
    status, out, err = topiceval.run("evaluate", *[a if a != "tsv" else "json" for a in arguments])
    assert status == 0, err
    summary = json.loads(out)["summary"]
    for key in ("log_likelihood_interval", "per_token_interval"):
        shown = [math.nan if end is None else end for end in summary[key]]
        mine = list(getattr(result.summary, key))
        assert numpy.array_equal(mine, shown, equal_nan=True), key


def nan_list(values):
    return [math.nan if value is None else value for value in values]


COMPARE_CASES = parity_cases(CASES.with_name("compare-cases.txt"))


@pytest.mark.parametrize("name,options", COMPARE_CASES, ids=[case[0] for case in COMPARE_CASES])
def test_python_compares_as_the_command_line_does(fixtures, name, options):
    folder = fixtures / "stackexchange"
    model_a, model_b, test = folder / "state.gz", folder / "inferencer.mallet", folder / "test.mallet"
    arguments = ["--model-a", model_a, "--model-b", model_b, "--input", test, "--format", "json", "--quiet"]
    for option, value in options:
        arguments += [option, value]
    status, out, err = topiceval.run("compare", *arguments)
    assert status == 0, err
    expected = json.loads(out)
    keywords = {option[2:].replace("-", "_"): as_keyword(value) for option, value in options}
    result = topiceval.compare(model_a, model_b, test, **keywords)
    mine = [document.logratio for document in result.documents] + [result.summary.log_ratio]
    shown = [document["logratio"] for document in expected["documents"]] + [expected["summary"]["log_ratio"]]
    assert mine == shown  # the same bits
    for key in ("log_ratio_interval", "per_token_ratio_interval"):
        assert numpy.array_equal(list(getattr(result.summary, key)), nan_list(expected["summary"][key]),
                                 equal_nan=True), key


CURVE_CASES = parity_cases(CASES.with_name("curve-cases.txt"))


@pytest.mark.parametrize("name,options", CURVE_CASES, ids=[case[0] for case in CURVE_CASES])
def test_python_draws_the_command_lines_curve(fixtures, name, options):
    folder = fixtures / "stackexchange"
    states, test = [folder / "inferencer.mallet", folder / "state.gz"], folder / "test.mallet"
    arguments = ["--states", *states, "--input", test, "--format", "json", "--quiet"]
    for option, value in options:
        arguments += [option, value]
    status, out, err = topiceval.run("curve", *arguments)
    assert status == 0, err
    keywords = {option[2:].replace("-", "_"): as_keyword(value) for option, value in options}
    result = topiceval.curve([str(state) for state in states], test, **keywords)
    assert [state.loglik for state in result.states] == [state["loglik"] for state in json.loads(out)["states"]]


BROWSE_CASES = parity_cases(CASES.with_name("browse-cases.txt"))


@pytest.mark.parametrize("name,options", BROWSE_CASES, ids=[case[0] for case in BROWSE_CASES])
def test_python_writes_the_command_lines_page_data(fixtures, name, options, tmp_path):
    folder = fixtures / "stackexchange"
    models = [folder / "state.gz", folder / "inferencer.mallet"]
    resolved = [(option, str(folder / value[1:]) if value.startswith("@") else value) for option, value in options]
    arguments = [*models, "--output", tmp_path / "page.html", "--json", tmp_path / "expected.json", "--quiet"]
    for option, value in resolved:
        arguments += [option, value]
    status, _, err = topiceval.run("browse", *arguments)
    assert status == 0, err
    keywords = {option[2:].replace("-", "_"): as_keyword(value) for option, value in resolved}
    texts = keywords.pop("texts", None)
    held_out = keywords.pop("held_out", None)
    with pytest.warns(topiceval.TopicevalWarning):
        result = topiceval.browse([str(model) for model in models], texts, held_out=held_out, **keywords)
    result.write_json(tmp_path / "mine.json")
    assert (tmp_path / "mine.json").read_bytes() == (tmp_path / "expected.json").read_bytes()
