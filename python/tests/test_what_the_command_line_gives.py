# SPDX-License-Identifier: Apache-2.0
"""What the command line gives, given through Python too: select's HTML report, named models, the
`topiceval` command itself, reference texts in every form, results that print as a line, pandas as an
optional extra."""

import json
import math
import os
import pathlib
import subprocess
import sys

import pytest

import topiceval

ROOT = pathlib.Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.filterwarnings("ignore::topiceval.TopicevalWarning")


def _words_of(model, documents):
    return [[model.words[i] for i in document] for document in documents]


def test_select_writes_the_command_lines_report(fixtures, tmp_path):
    folder = fixtures / "stackexchange"
    paths = [folder / "inferencer.mallet", folder / "state.gz"]
    report = tmp_path / "report.html"
    result = topiceval.select(paths, folder / "test.mallet", estimator="filtering", vocab_size=4285,
                              coherence="none", report=report)
    html = report.read_text(encoding="utf-8")
    again = tmp_path / "again.html"
    result.write_html(os.fsencode(again))
    assert again.read_text(encoding="utf-8") == html
    # The command line's report of the same ranking: the same page.
    command = tmp_path / "command.html"
    status, _out, err = topiceval.run("select", "--model", *map(str, paths), "--input", str(folder / "test.mallet"),
                                      "--estimator", "filtering", "--vocab-size", "4285", "--coherence", "none",
                                      "--report", str(command), "--quiet")
    assert status == 0, err
    assert html.startswith("<!DOCTYPE html>") and html == command.read_text(encoding="utf-8")
    with pytest.raises(topiceval.FormatError, match="^" + str(tmp_path) + "/no/such/report.html: cannot be written"):
        result.write_html(tmp_path / "no" / "such" / "report.html")


def test_a_report_never_replaces_an_input(fixtures, tmp_path):
    # As on the command line: the report is checked before any work, and none of the run's inputs is replaced.
    folder = fixtures / "stackexchange"
    model = tmp_path / "inferencer.mallet"
    model.write_bytes((folder / "inferencer.mallet").read_bytes())
    with pytest.raises(topiceval.FormatError, match="^" + str(model) + ": is also an input of this run; writing "
                                                    "report there would destroy it"):
        topiceval.select([model], folder / "test.mallet", estimator="filtering", coherence="none", report=model)
    # Checked first: the missing documents are never read.
    with pytest.raises(topiceval.FormatError, match="^" + str(tmp_path) + "/no/report.html: cannot be written"):
        topiceval.select([model], tmp_path / "missing.mallet", report=tmp_path / "no" / "report.html")
    result = topiceval.select([model], folder / "test.mallet", estimator="filtering", coherence="none")
    with pytest.raises(topiceval.FormatError, match="is also an input of this run; writing write_html there"):
        result.write_html(model)
    diagnostics = topiceval.diagnostics(os.fsencode(model))
    with pytest.raises(topiceval.FormatError, match="is also an input of this run; writing write_xml there"):
        diagnostics.write_xml(model)
    assert model.read_bytes() == (folder / "inferencer.mallet").read_bytes()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["inferencer.mallet"]


def test_models_carry_names_into_select_and_its_report(fixtures, tmp_path):
    folder = fixtures / "stackexchange"
    state = topiceval.load_model(folder / "state.gz", name="from the state")
    assert state.name == "from the state" and "'from the state'" in repr(state)
    result = topiceval.select({"the inferencer": folder / "inferencer.mallet", "the state": state},
                              folder / "test.mallet", estimator="filtering", vocab_size=4285, coherence="none",
                              report=tmp_path / "report.html")
    assert sorted(model.path for model in result.models) == ["the inferencer", "the state"]
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "the inferencer" in html and "the state" in html
    # A Model's own name, and (name, model) pairs; models without one keep their path or "model N".
    pairs = topiceval.select([state, ("second", folder / "inferencer.mallet"), folder / "model.mallet"],
                             folder / "test.mallet", estimator="filtering", vocab_size=4285, coherence="none")
    assert sorted(model.path for model in pairs.models) == sorted(
        ["from the state", "second", str(folder / "model.mallet")])
    compared = topiceval.compare(state, ("other", folder / "inferencer.mallet"), folder / "test.mallet",
                                 temperatures=2)
    assert (compared.model_a.path, compared.model_b.path) == ("from the state", "other")
    with pytest.raises(topiceval.SettingTypeError, match="^name must be a non-empty str"):
        topiceval.Model.from_topics([[0.5, 0.5]], 0.1, name=3)


def test_models_in_memory_carry_their_names_into_curve(fixtures):
    folder = fixtures / "stackexchange"
    state = topiceval.load_model(folder / "state.gz", name="from the state")
    unnamed = topiceval.load_model(folder / "state.gz")
    run = topiceval.curve([state, ("second", unnamed), unnamed], folder / "test.mallet", temperatures=2)
    assert [point.path for point in run.states] == ["from the state", "second", "model 3"]
    assert run.columns["path"] == ["from the state", "second", "model 3"]
    assert [model.path for model in run.models] == ["from the state", "second", "model 3"]


def test_select_takes_reference_texts_in_coherences_forms(fixtures):
    folder = fixtures / "stackexchange"
    model = topiceval.load_model(folder / "inferencer.mallet")
    documents = topiceval.load_documents(folder / "test.mallet", model)
    tokens = _words_of(model, documents)
    options = dict(estimator="filtering", vocab_size=4285, coherence="c_npmi", bootstrap=0)
    from_file = topiceval.select([model], folder / "test.mallet", coherence_texts=folder / "test.mallet", **options)
    from_tokens = topiceval.select([model], folder / "test.mallet", coherence_texts=tokens, **options)
    from_strings = topiceval.select([model], folder / "test.mallet",
                                    coherence_texts=[" ".join(words) for words in tokens], **options)
    quality = [result.models[0].quality for result in (from_file, from_tokens, from_strings)]
    assert quality[0].coherence == quality[1].coherence == quality[2].coherence
    assert quality[0].coherence == topiceval.coherence(model, tokens, bootstrap=0).measures[0].mean
    with pytest.raises(topiceval.SettingTypeError, match=r"^coherence_texts\[1\] must be a string or a list"):
        topiceval.select([model], folder / "test.mallet", coherence_texts=[["a"], 3], **options)


def test_the_package_gives_the_topiceval_command(fixtures, capfd):
    # setup.py's console script runs topiceval.main, which is the executable's dispatch.
    assert '"topiceval = topiceval:main"' in (ROOT / "setup.py").read_text()
    inferencer = str(fixtures / "stackexchange" / "inferencer.mallet")
    assert topiceval.main(["info", inferencer]) == 0
    out, _err = capfd.readouterr()
    assert out == topiceval.run("info", inferencer)[1]
    assert topiceval.main(["evalute"]) == 2
    assert capfd.readouterr().err == "topiceval: unknown command 'evalute' (did you mean 'evaluate'?)\n"
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    version = subprocess.run([sys.executable, "-m", "topiceval", "--version"], capture_output=True, text=True,
                             env=environment)
    assert (version.returncode, version.stdout) == (0, f"topiceval {topiceval.__version__}\n")
    missing = subprocess.run([sys.executable, "-m", "topiceval", "info", "/nonexistent/model"], capture_output=True,
                             text=True, env=environment)
    assert missing.returncode == 1 and missing.stderr.startswith("topiceval info: /nonexistent/model")


def test_result_rows_print_as_one_line(fixtures):
    folder = fixtures / "stackexchange"
    result = topiceval.select([folder / "inferencer.mallet", folder / "state.gz"], folder / "test.mallet",
                              estimator="filtering", vocab_size=4285, bootstrap=5)
    row = repr(result.models[0])
    assert "\n" not in row and len(row) < 1600, row  # a row of ~30 fields; the 200 documents printed would be far longer
    assert "documents={'name': <200 items>, 'tokens': <200 int64 values>" in row
    assert str(result.models[0]) == row
    assert result.models[0].documents["loglik"].shape == (200,)  # the arrays are all there


def test_to_pandas_without_pandas_says_how_to_install_it(fixtures, monkeypatch):
    assert 'extras_require={"pandas": ["pandas"]}' in (ROOT / "setup.py").read_text()
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    result = topiceval.select([fixtures / "stackexchange" / "inferencer.mallet"],
                              fixtures / "stackexchange" / "test.mallet", estimator="filtering", coherence="none")
    with pytest.raises(topiceval.Error, match=r"^to_pandas needs pandas, which is not installed: pip install "
                                              r"topiceval\[pandas\]"):
        result.to_pandas()


def test_a_saved_model_is_one_the_command_line_reads(fixtures, tmp_path):
    test = fixtures / "stackexchange" / "test.mallet"
    trained = tmp_path / "ctm.txt"
    status, _out, err = topiceval.run("train-ctm", "--input", test, "--num-topics", "3", "--output", trained,
                                      "--max-iterations", "5", "--threads", "1", "--quiet")
    assert status == 0, err
    saved = tmp_path / "saved-\xe9.txt"
    topiceval.load_model(trained).save(os.fsencode(saved))
    assert saved.read_bytes().startswith(b"topiceval logistic-normal model 1\ntopics 3\n")
    arguments = ["--input", str(test), "--estimator", "posterior-importance", "--samples", "20", "--runs", "2",
                 "--format", "tsv", "--quiet"]
    original = topiceval.run("evaluate", "--model", str(trained), *arguments)
    again = topiceval.run("evaluate", "--model", str(saved), *arguments)
    assert original[0] == again[0] == 0 and original[1] == again[1], again[2]


def test_a_saved_lda_model_is_one_the_command_line_reads(fixtures, tmp_path):
    words = ["apple", "banana", "cherry", "date", "elder"]
    model = topiceval.Model.from_topics([[0.4, 0.3, 0.2, 0.1, 0.0], [0.1, 0.1, 0.3, 0.2, 0.3]],
                                        [0.5, 1 / 3]).with_words(words)
    saved = tmp_path / "lda.txt"
    model.save(saved)
    assert saved.read_bytes().startswith(b"topiceval LDA model 1\ntopics 2\ntypes 5\nalpha\n0.5 0.3333333333333333\n")
    documents = tmp_path / "documents.txt"
    documents.write_text("apple banana cherry\ndate elder apple elder\ncherry banana date apple fig\n")
    expected = topiceval.evaluate(model, documents, "left-to-right", runs=2, seed=3)
    status, out, err = topiceval.run("evaluate", "--model", saved, "--input", documents, "--estimator", "left-to-right",
                                     "--runs", "2", "--seed", "3", "--format", "json", "--quiet")
    assert status == 0, err
    assert json.loads(out)["summary"]["log_likelihood"] == expected.summary.log_likelihood and math.isfinite(expected.summary.log_likelihood)
    assert topiceval.load_model(saved).words == words
    # A model read from MALLET's file: the same numbers again, and its own file is never the one written.
    inferencer = fixtures / "stackexchange" / "inferencer.mallet"
    mallet = topiceval.load_model(inferencer)
    copy = tmp_path / "inferencer.txt"
    mallet.save(copy)
    test = fixtures / "stackexchange" / "test.mallet"
    assert (topiceval.evaluate(topiceval.load_model(copy), test, "filtering").summary.log_likelihood ==
            topiceval.evaluate(mallet, test, "filtering").summary.log_likelihood)
    before = inferencer.read_bytes()
    with pytest.raises(topiceval.Error, match="inferencer.mallet"):
        mallet.save(inferencer)
    assert inferencer.read_bytes() == before
