# SPDX-License-Identifier: Apache-2.0
"""Hostile input through Python (third round): locales, arrays far larger than their memory,
vocabularies without room for unseen words, documents with nothing to score, links planted where files are written."""

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


def test_diagnostics_never_write_through_a_link_planted_at_a_temporary_name(fixtures, tmp_path):
    folder = fixtures / "stackexchange"
    result = topiceval.diagnostics(folder / "state.gz", input=folder / "train.mallet")
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's\n")
    target = tmp_path / "keys.txt"
    # Links where a temporary file might be created: the old name (PATH.tmp-PID) and the first of the current
    # ones (PATH.tmp-HOST-PID-N).
    host = os.uname().nodename.replace("/", "_").replace("-", "_")[:64]
    planted = [tmp_path / f"keys.txt.tmp-{os.getpid()}"]
    planted += [tmp_path / f"keys.txt.tmp-{host}-{os.getpid()}-{n}" for n in range(20)]
    for link in planted:
        link.symlink_to(victim)
    result.write_topic_keys(target)
    assert victim.read_text() == "the user's\n"
    assert not target.is_symlink()
    assert target.read_bytes() == (folder / "diagnostics" / "topic-keys.txt").read_bytes()
    assert all(link.is_symlink() for link in planted)  # not ours: left alone
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["victim.txt", "keys.txt"] + [link.name for link in planted])


def test_diagnostics_write_through_a_link_at_the_target_and_keep_it(fixtures, tmp_path):
    folder = fixtures / "stackexchange"
    result = topiceval.diagnostics(folder / "state.gz", input=folder / "train.mallet")
    real = tmp_path / "real.txt"
    real.write_text("before\n")
    link = tmp_path / "keys.txt"
    link.symlink_to(real)
    result.write_topic_keys(link)
    assert link.is_symlink()
    assert real.read_bytes() == (folder / "diagnostics" / "topic-keys.txt").read_bytes()
    with pytest.raises(topiceval.Error, match=r": is a directory; write_xml needs a file$"):
        result.write_xml(tmp_path)

def _inferencer_bytes(counts, words):
    """A MALLET TopicInferencer stream as Java serializes it: counts[type][topic] tokens, the alphabet's words as
    given (the test chooses how many; bytes as the stream holds them, Java's modified UTF-8)."""
    import struct

    topics = len(counts[0])
    mask = topics - 1 if topics & (topics - 1) == 0 else (1 << topics.bit_length()) - 1
    bits = bin(mask).count("1")
    alpha, beta = [0.5] * topics, 0.01
    beta_sum = beta * len(counts)
    tokens = [sum(row[k] for row in counts) for k in range(topics)]
    out = bytearray(b"\xac\xed\x00\x05")

    def utf(text):
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        out.extend(struct.pack(">H", len(data)) + data)

    def class_desc(name, flags):
        out.append(0x72)
        utf(name)
        out.extend(struct.pack(">qBH", 1, flags, 0) + b"\x78\x70")

    def block(fmt, *values):
        out.extend(b"\x77" + bytes([struct.calcsize(fmt)]) + struct.pack(fmt, *values))

    def array(name, fmt, values):
        out.append(0x75)
        class_desc(name, 0x02)
        out.extend(struct.pack(f">i{len(values)}{fmt}", len(values), *values))

    out.append(0x73)
    class_desc("cc.mallet.topics.TopicInferencer", 0x03)
    block(">i", 1)
    out.append(0x73)
    class_desc("cc.mallet.types.Alphabet", 0x03)
    block(">ii", 1, len(words))
    for word in words:
        out.append(0x74)
        utf(word)
    out.append(0x78)
    block(">iiii", topics, mask, bits, len(counts))
    array("[D", "d", alpha)
    block(">dd", beta, beta_sum)
    out.append(0x75)
    class_desc("[[I", 0x02)
    out.extend(struct.pack(">i", len(counts)))
    for row in counts:
        order = sorted(range(topics), key=lambda k: (-row[k], k))
        array("[I", "i", [(row[k] << bits) | k for k in order if row[k] > 0])
    array("[I", "i", tokens)
    out.append(0x70)  # the random generator
    block(">d", sum(alpha[k] * beta / (tokens[k] + beta_sum) for k in range(topics)))
    array("[D", "d", [alpha[k] / (tokens[k] + beta_sum) for k in range(topics)])
    out.append(0x78)
    return bytes(out)


def test_a_vocabulary_shorter_than_the_model_is_refused(tmp_path):
    counts = [[3, 1], [2, 2], [1, 4], [5, 1], [2, 3]]
    whole = tmp_path / "whole.mallet"
    whole.write_bytes(_inferencer_bytes(counts, ["a", "b", "c", "d", "e"]))
    assert topiceval.load_model(whole).words == ["a", "b", "c", "d", "e"]
    short = tmp_path / "short.mallet"
    short.write_bytes(_inferencer_bytes(counts, ["a", "b", "c"]))
    message = f"^{short}: the vocabulary has 3 words but the model has 5 word types$"
    with pytest.raises(topiceval.FormatError, match=message):
        topiceval.load_model(short)
    with pytest.raises(topiceval.FormatError, match=message):
        topiceval.diagnostics(short)
    with pytest.raises(topiceval.FormatError, match=message):
        topiceval.coherence(short)
    # Words given from Python are held to the same count.
    with pytest.raises(topiceval.ModelError, match="the model has 5 word types but 3 words were given"):
        topiceval.load_model(whole).with_words(["a", "b", "c"])


def test_diagnostics_of_hostile_words_parse(tmp_path):
    import json
    import xml.dom.minidom

    words = [b"end]]>cdata", b"ctrl\x01\x1f", b"nul\xc0\x80z", b"high\xed\xa0\x80", b"pair\xed\xa0\xbd\xed\xb8\x80",
             b"amp&lt<gt>"]
    path = tmp_path / "hostile.mallet"
    path.write_bytes(_inferencer_bytes([[k + 1, 6 - k] for k in range(len(words))], words))
    with pytest.warns(topiceval.TopicevalWarning, match="holds no training documents"):
        result = topiceval.diagnostics(path, num_top_words=len(words))
    assert sorted(set(result.word_columns["word"])) == sorted(["end]]>cdata", "ctrl\x01\x1f", "nul\x00z", "high\ud800",
                                                        "pair\U0001F600", "amp&lt<gt>"])
    result.write_xml(tmp_path / "diagnostics.xml")
    written = xml.dom.minidom.parse(str(tmp_path / "diagnostics.xml"))
    assert sorted(set(node.firstChild.data for node in written.getElementsByTagName("word"))) == sorted(
        ["end]]>cdata", "ctrl\ufffd\ufffd", "nul\ufffdz", "high?", "pair\U0001F600", "amp&lt>gt>"])
    status, out, err = topiceval.run("diagnostics", "--model", str(path), "--format", "json")
    assert status == 0, err
    parsed = json.loads(out)
    assert "high\ufffd" in [word["word"] for topic in parsed["topics"] for word in topic["words"]]
    assert topiceval.load_model(path).words[3:5] == ["high\ud800", "pair\U0001F600"]
    # A message that quotes such a word is still the package's error.
    repeated = tmp_path / "repeated.mallet"
    repeated.write_bytes(_inferencer_bytes([[1, 2], [2, 1]], [b"high\xed\xa0\x80", b"high\xed\xa0\x80"]))
    with pytest.raises(topiceval.FormatError, match="its vocabulary lists 'high\ud800' twice"):
        topiceval.load_model(repeated)
    # Such words go back to the library as they came: a model takes them again, and texts find them.
    model = topiceval.load_model(path)
    assert model.with_words(model.words).words == model.words
    scored = topiceval.coherence(model, [["high\ud800", "pair\U0001F600"], ["high\ud800", "end]]>cdata"]],
                                 topics=[["high\ud800", "pair\U0001F600"]], measure="u_mass")
    assert scored.topics == [["high\ud800", "pair\U0001F600"]]

def test_paths_are_taken_as_str_bytes_or_pathlike_whatever_their_bytes(fixtures, tmp_path):
    # A file name that is not UTF-8: given as bytes, as os.fsdecode's str, or as a pathlib.Path.
    name = bytes(tmp_path) + b"/model-\xff\xfe.mallet"
    with open(name, "wb") as copy:
        copy.write((fixtures / "stackexchange" / "inferencer.mallet").read_bytes())
    for given in (name, os.fsdecode(name), pathlib.Path(os.fsdecode(name))):
        assert topiceval.load_model(given).num_topics == 10
    test = bytes(fixtures / "stackexchange" / "test.mallet")
    result = topiceval.select([name], test, estimator="filtering", coherence="none")
    assert result.models[0].path == os.fsdecode(name)  # the same bytes back
    # Documents from a file, named any of the three ways, as select takes them.
    model = topiceval.load_model(name)
    totals = {topiceval.evaluate(model, given, "filtering").summary.log_likelihood
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


def test_arrays_are_checked_once_before_numpy_computes_with_them():
    # What reached numpy's functions raised their errors (a ufunc that does not take objects, len() of a 0-d array)
    # or was dropped; each is the package's error, one line naming the argument, before the library is called.
    model = topiceval.Model.from_topics(numpy.full((2, 4), 0.25), 0.1)
    cases = [
        (numpy.array([[1, 2, 0, 0]], dtype=object), topiceval.SettingTypeError, "not object values"),
        (numpy.array([["1", "2", "0", "0"]]), topiceval.SettingTypeError, "not <U1 values"),
        (numpy.array([[1 + 1j, 0, 0, 0]]), topiceval.SettingTypeError, "not complex128 values"),
        (numpy.array([[True, False, False, False]]), topiceval.SettingTypeError, "not bool values"),
        (numpy.array([[1.0, numpy.inf, 0, 0]]), topiceval.SettingError, "it holds inf"),
        (numpy.array([[1.0, numpy.nan, 0, 0]]), topiceval.SettingError, "it holds nan"),
        (numpy.array([[1.0, -2.0, 0, 0]]), topiceval.SettingError, "it holds -2"),
        ([numpy.array(5)], topiceval.SettingError, "documents[0] must be a sequence of word ids, not a 0-D array"),
        ([numpy.array([[0, 1]])], topiceval.SettingError, "not a 2-D array"),
        ([numpy.array([0, 1], dtype=object)], topiceval.SettingTypeError, "not object values"),
        ([[0, numpy.nan]], topiceval.SettingError, "it holds nan"),
        ([[(0, numpy.inf)]], topiceval.SettingError, "it holds inf"),
    ]
    for documents, error, problem in cases:
        with pytest.raises(error) as raised:
            topiceval.evaluate(model, documents, "filtering")
        message = str(raised.value)
        assert problem in message and "\n" not in message, (documents, message)
    scipy_sparse = pytest.importorskip("scipy.sparse")
    sparse = scipy_sparse.csr_matrix(numpy.array([[1.0, 2.0, 0, 0]]))
    sparse.data[1] = numpy.nan
    with pytest.raises(topiceval.SettingError, match="it holds nan"):
        topiceval.evaluate(model, sparse, "filtering")
    beyond = scipy_sparse.csr_matrix(numpy.array([[1.0, 2.0, 0, 0]]))
    beyond.indices[1] = 7  # a column index beyond the matrix's 4 columns, which scipy does not check here
    with pytest.raises(topiceval.SettingError, match="column indices below 4, in 0..3: it holds 7"):
        topiceval.evaluate(model, beyond, "filtering")
