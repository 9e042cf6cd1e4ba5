"""Hostile input through Python (third round): locales, arrays far larger than their memory,
vocabularies without room for unseen words, documents with nothing to score."""

import locale
import os
import pathlib
import subprocess
import tempfile

import numpy
import pytest

import topiceval


@pytest.fixture
def german_locale():
    """The C library's locale set to de_DE.UTF-8 (a comma before decimals), built into a temporary LOCPATH."""
    with tempfile.TemporaryDirectory() as directory:
        built = subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8",
                                str(pathlib.Path(directory) / "de_DE.UTF-8")], capture_output=True)
        assert built.returncode == 0, built.stderr
        previous = os.environ.get("LOCPATH")
        os.environ["LOCPATH"] = directory
        locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")
        try:
            yield
        finally:
            locale.setlocale(locale.LC_ALL, "C")
            if previous is None:
                del os.environ["LOCPATH"]
            else:
                os.environ["LOCPATH"] = previous


def test_numbers_keep_their_point_whatever_locale_python_set(fixtures, german_locale):
    assert locale.format_string("%.1f", 2.5) == "2,5"  # the process's C library writes commas now
    inferencer = str(fixtures / "stackexchange" / "inferencer.mallet")
    documents = str(fixtures / "stackexchange" / "test.mallet")
    status, out, err = topiceval.run("evaluate", "--model", inferencer, "--input", documents,
                                     "--estimator", "left-to-right", "--quiet")
    assert status == 0, err
    summary = [line for line in out.splitlines() if line.startswith(("log likelihood", "per token", "perplexity"))]
    assert len(summary) == 3 and not any("," in line for line in summary), summary


def test_a_broadcast_array_is_measured_before_it_is_copied(monkeypatch):
    # 4 x 2^26 topics of zero stride take 32 bytes of memory, and 2 GiB copied (twice): refused first.
    monkeypatch.setattr(topiceval, "_memory_budget", lambda: 2 ** 30)
    phi = numpy.broadcast_to(numpy.float64(1.0 / 2 ** 26), (4, 2 ** 26))
    with pytest.raises(topiceval.ModelError) as error:
        topiceval.Model.from_topics(phi, 0.1)
    assert str(error.value) == ("phi would take 4.0 GiB as a 4 x 67108864 model, more than half of this machine's "
                                "memory (2.0 GiB); topiceval refuses it rather than run out of memory")
    counts = numpy.broadcast_to(numpy.int64(1), (2 ** 16, 2 ** 16))
    with pytest.raises(topiceval.ModelError, match="^topic_word_counts would take 64.0 GiB as a 65536 x 65536 model"):
        topiceval.Model.from_counts(counts, 0.1, 0.01)


def test_a_count_of_two_billion_is_measured_before_it_is_expanded(monkeypatch):
    scipy_sparse = pytest.importorskip("scipy.sparse")
    monkeypatch.setattr(topiceval, "_memory_budget", lambda: 2 ** 30)
    model = topiceval.Model.from_topics(numpy.full((2, 4), 0.25), 0.1)
    matrix = scipy_sparse.csr_matrix(numpy.array([[0, 2 ** 31 - 3, 0, 0]]))
    with pytest.raises(topiceval.ModelError) as error:
        topiceval.evaluate(model, matrix, "filtering")
    assert str(error.value).startswith("documents[0] would take 24.0 GiB as 2147483645 tokens, more than half")


def test_numpys_memory_error_on_a_copy_names_the_argument(monkeypatch):
    # Past the budget check (lifted here), numpy cannot allocate the 8 TiB copy.
    monkeypatch.setattr(topiceval, "_memory_budget", lambda: 2 ** 62)
    phi = numpy.broadcast_to(numpy.float64(2.0 ** -20), (2 ** 20, 2 ** 20))
    with pytest.raises(topiceval.Error, match=r"^phi: out of memory while copying it \(16384.0 GiB\)$"):
        topiceval.Model.from_topics(phi, 0.1)


def test_a_vocabulary_without_room_for_unseen_words_is_named():
    model = topiceval.Model.from_topics(numpy.full((2, 4), 0.25), 0.1)
    vocabulary = {"a": 0, "b": 2 ** 31 - 1}
    with pytest.raises(topiceval.SettingError) as error:
        topiceval.evaluate(model, ["a b unseen"], "filtering", vocabulary=vocabulary)
    assert str(error.value) == ("vocabulary uses word id 2147483647, so a word it lacks ('unseen') has no id left: "
                                "ids must leave room below 2^31-1 for unseen words")


def test_documents_with_nothing_to_score_are_refused():
    model = topiceval.Model.from_topics(numpy.full((2, 4), 0.25), 0.1)
    with pytest.raises(topiceval.SettingError, match="^documents hold no words: there is nothing to score$"):
        topiceval.evaluate(model, [[], []], "filtering")
    with pytest.raises(topiceval.SettingError, match="^documents have none of their 2 words scored under "
                                                     "unseen_words skip"):
        topiceval.evaluate(model, [[7, 9]], "filtering")


def test_paths_are_taken_as_str_bytes_or_pathlike_whatever_their_bytes(fixtures, tmp_path):
    # A file name that is not UTF-8: given as bytes, as os.fsdecode's str, or as a pathlib.Path.
    name = bytes(tmp_path) + b"/model-\xff\xfe.mallet"
    with open(name, "wb") as copy:
        copy.write((fixtures / "stackexchange" / "inferencer.mallet").read_bytes())
    for given in (name, os.fsdecode(name), pathlib.Path(os.fsdecode(name))):
        assert topiceval.load_model(given).num_topics == 10
    test = bytes(fixtures / "stackexchange" / "test.mallet")
    result = topiceval.select([name], test, estimator="filtering", coherence="none")
    assert result.models[0]["path"] == os.fsdecode(name)  # the same bytes back
    # Documents from a file, named any of the three ways, as select takes them.
    model = topiceval.load_model(name)
    totals = {topiceval.evaluate(model, given, "filtering").total
              for given in (test, os.fsdecode(test), pathlib.Path(os.fsdecode(test)))}
    assert len(totals) == 1 and len(topiceval.load_documents(test, model)) == 200
    # Missing: the message names the file, its odd bytes shown as \xNN.
    with pytest.raises(topiceval.FormatError) as error:
        topiceval.load_model(bytes(tmp_path) + b"/missing-\xff")
    assert str(error.value) == f"{tmp_path}/missing-\\xff: cannot open: No such file or directory"
    status, out, err = topiceval.run("info", bytes(tmp_path) + b"/missing-\xff")
    assert (status, out) == (1, "") and os.fsdecode(bytes(tmp_path) + b"/missing-\xff") in err
    with pytest.raises(topiceval.SettingError, match="^path holds a NUL character"):
        topiceval.load_model("a\0b")


def test_arguments_of_the_wrong_kind_raise_the_packages_errors():
    model = topiceval.Model.from_topics(numpy.full((2, 4), 0.25), 0.1)
    with pytest.raises(topiceval.SettingTypeError, match=r"^arguments\[1\] must be a str, bytes, os.PathLike or a "
                                                         r"number, not NoneType None$"):
        topiceval.run("info", "--model", None)
    # Text that is no UTF-8 (os.fsdecode's escapes) reaches the library, which names it.
    with pytest.raises(topiceval.SettingError, match="^estimator "):
        topiceval.evaluate(model, [[0, 1]], "filtering\udcff")
    with pytest.raises(topiceval.SettingTypeError, match="is not an option of evaluate"):
        topiceval.evaluate(model, [[0, 1]], "filtering", **{"x\udcff": 1})
    with pytest.raises(topiceval.SettingTypeError, match=r"^words\[1\] is int 7, not a word \(str\)$"):
        model.with_words(["a", 7, "c", "d"])


def test_none_is_no_word():
    model = topiceval.Model.from_topics(numpy.full((2, 4), 0.25), 0.1)
    with pytest.raises(topiceval.SettingError, match=r"^words\[1\] is None, not a word$"):
        model.with_words(["a", None, "c", "d"])
    with pytest.raises(topiceval.SettingError, match=r"^vocabulary\[1\] is None, not a word$"):
        topiceval.evaluate(model, ["a b"], "filtering", vocabulary=["a", None])
    with pytest.raises(topiceval.SettingError, match=r"^vocabulary's key for id 1 is None, not a word$"):
        topiceval.evaluate(model, ["a b"], "filtering", vocabulary={"a": 0, None: 1})
    named = model.with_words(["a", "b", "c", "d"])
    with pytest.raises(topiceval.SettingError, match=r"^dictionary\[1\] is None, not a word$"):
        topiceval.coherence(named, [["a", "b"]], dictionary=["a", None])
    with pytest.raises(topiceval.SettingError, match=r"^topics\[0\]\[1\] is None, not a word$"):
        topiceval.coherence(named, [["a", "b"]], topics=[["a", None]])


def test_a_misspelled_keyword_gets_the_command_lines_suggestion():
    model = topiceval.Model.from_topics(numpy.full((2, 4), 0.25), 0.1)
    with pytest.raises(topiceval.SettingTypeError, match=r"^partcles is not an option of evaluate \(did you mean "
                                                         r"particles\?; see help\(topiceval.evaluate\)"):
        topiceval.evaluate(model, [[0, 1]], "filtering", partcles=3)
    # The function's own keywords are suggested too.
    with pytest.raises(topiceval.SettingTypeError, match=r"did you mean vocabulary\?"):
        topiceval.evaluate(model, ["a"], "filtering", vocabulry=["a"])
    with pytest.raises(topiceval.SettingTypeError, match=r"^mesure is not an option of coherence \(did you mean "
                                                         r"measure\?"):
        topiceval.coherence(model, [["a"]], mesure="c_v")
    with pytest.raises(topiceval.SettingTypeError, match=r"^nmu_particles is not an option of evaluate-topics \(did "
                                                         r"you mean num_particles\?; see help\(topiceval.evaluate_topics"):
        topiceval.evaluate_topics(model, [[0]], nmu_particles=3)
    # Nothing close: no suggestion, the list of options.
    with pytest.raises(topiceval.SettingTypeError, match=r"^zzzzzzzz is not an option of evaluate \(see help"):
        topiceval.evaluate(model, [[0, 1]], "filtering", zzzzzzzz=3)
