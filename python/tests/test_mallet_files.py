# SPDX-License-Identifier: Apache-2.0
"""MALLET's files through Python: MALLET's own numbers, bit for bit, and the command line's messages."""

import json
import subprocess

import numpy
import pytest

import topiceval
from conftest import BINARY


def expected_runs(folder):
    """(particles, resampling, seed, total, per-document values) of every configuration MALLET printed."""
    runs = []
    for total_file in sorted((folder / "expected").glob("total-*.txt")):
        tag = total_file.name[len("total-"):-len(".txt")]
        particles, resampling, seed = tag.split("-")
        documents = (folder / "expected" / f"docprobs-{tag}.txt").read_text().split()
        runs.append((int(particles[1:]), resampling == "rtrue", int(seed[1:]), total_file.read_text().strip(),
                     documents))
    return runs


@pytest.mark.parametrize("name", ["stackexchange", "debian-k100", "mallet-2.0.8/debian-k20-t1"])
def test_infer_topics_reproduces_mallet_bit_for_bit(fixture_set, name):
    import gzip  # noqa: PLC0415
    folder = fixture_set(name)
    model = topiceval.load_model(folder / "inferencer.mallet")
    documents = topiceval.load_documents(folder / "test.mallet", model)
    for expected, options in [("doc-topics-s1-i100-b10-t10.txt", {"random_seed": 1}),
                              ("doc-topics-s7-i50-b5-t5.txt",
                               {"random_seed": 7, "num_iterations": 50, "burn_in": 5, "sample_interval": 5})]:
        path = folder / "infer" / expected
        text = path.read_text() if path.exists() else gzip.open(f"{path}.gz", "rt").read()
        rows = [line.split("\t")[2:] for line in text.splitlines()[1:]]
        for threads in (1, 2):
            proportions = topiceval.infer_topics(model, documents, threads=threads, **options)
            assert proportions.shape == (len(rows), model.num_topics)
            # Java's Double.toString and Python's repr both round-trip: equal doubles parse equal.
            assert all(list(row) == [float(v) for v in values] for row, values in zip(proportions, rows)), expected
    fast = topiceval.infer_topics(model, documents, random_seed=1, exact=False)
    assert fast.shape == proportions.shape and numpy.allclose(fast.sum(axis=1), 1.0)
    assert not numpy.array_equal(fast, proportions)
    with pytest.raises(topiceval.SettingError, match="sample.interval must be at least 1"):
        topiceval.infer_topics(model, documents, sample_interval=0)


@pytest.mark.parametrize("name", ["stackexchange", "stackexchange-oov", "debian-k100", "mallet-2.0.8/debian-k20-t1",
                                  "mallet-2.0.8/debian-k20-t2"])
def test_evaluate_topics_reproduces_mallet_bit_for_bit(fixture_set, name):
    folder = fixture_set(name)
    model = topiceval.load_model(folder / "evaluator.mallet")
    documents = topiceval.load_documents(folder / "test.mallet", model)
    runs = expected_runs(folder)
    assert runs, "no expected files"
    for particles, resampling, seed, total, values in runs:
        result = topiceval.evaluate_topics(model, documents, num_particles=particles, use_resampling=resampling,
                                           random_seed=seed)
        assert result.seed == seed
        # Java's Double.toString and Python's repr both print the shortest digits that round-trip,
        # so equal doubles parse equal: compare the doubles themselves.
        assert result.total == float(total), (particles, resampling, seed)
        assert len(result.log_likelihood) == len(values)
        assert all(a == float(b) for a, b in zip(result.log_likelihood, values)), (particles, resampling, seed)


def test_upgrade_writes_what_mallet_2_1_1_read_and_gave_2_0_8s_numbers(fixtures_208, tmp_path):
    """topiceval.run("upgrade", ...) (the declared command, as from the command line) writes MALLET 2.0.8's files
    as MALLET 2.1.1 read them (their recorded SHA-256), and topiceval reading them gives MALLET 2.1.1's numbers."""
    import hashlib  # noqa: PLC0415
    folder = fixtures_208 / "debian-k20-t2"
    lines = (folder / "upgraded" / "files.sha256").read_text().splitlines()
    recorded = {name: digest for digest, name in (line.split("  ") for line in lines)}
    for name in ("test.mallet", "evaluator.mallet", "model.mallet"):
        status, out, err = topiceval.run("upgrade", "--input", folder / name, "--output", tmp_path / name)
        assert status == 0, err
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == recorded[name], name
    model = topiceval.load_model(tmp_path / "evaluator.mallet")
    documents = topiceval.load_documents(tmp_path / "test.mallet", model)
    for particles, resampling, seed, total, values in expected_runs(folder / "upgraded"):
        result = topiceval.evaluate_topics(model, documents, num_particles=particles, use_resampling=resampling,
                                           random_seed=seed)
        assert result.total == float(total) and list(result.log_likelihood) == [float(v) for v in values]
    status, out, err = topiceval.run("upgrade", "--input", folder / "state.gz", "--output", tmp_path / "state.gz")
    assert status == 1 and not (tmp_path / "state.gz").exists()
    assert err == (f"topiceval upgrade: {folder / 'state.gz'}: is a MALLET topic state (gzipped text), which MALLET 2.1 "
                   "reads as it is: there is nothing to upgrade\n")


def test_every_model_file_kind_loads_and_agrees(fixtures):
    documents = None
    totals = []
    for file in ("evaluator.mallet", "inferencer.mallet", "model.mallet", "state.gz"):
        model = topiceval.load_model(fixtures / "stackexchange" / file)
        assert model.num_topics == 10
        if documents is None:
            documents = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)
        totals.append(topiceval.evaluate(model, documents, "filtering").summary.log_likelihood)
    # The three serialized objects hold the same counts; the topic state names only the types with
    # training tokens, so more held-out words lie beyond it (skipped) and its total differs.
    assert totals[0] == totals[1] == totals[2]
    assert totals[3] != totals[0]


def test_a_bad_file_raises_the_command_lines_message(tmp_path, fixtures):
    bad = tmp_path / "not-a-model.mallet"
    bad.write_bytes(b"hello, this is not MALLET")
    with pytest.raises(topiceval.FormatError) as raised:
        topiceval.load_model(bad)
    if BINARY.exists():
        command = subprocess.run([str(BINARY), "evaluate", "--model", str(bad), "--input",
                                  str(fixtures / "stackexchange" / "test.mallet")], capture_output=True, text=True)
        assert command.returncode == 1
        assert command.stderr == "topiceval evaluate: " + str(raised.value) + "\n"
    assert str(bad) in str(raised.value)
    with pytest.raises(topiceval.FormatError, match="no-such-file"):
        topiceval.load_model(tmp_path / "no-such-file.mallet")


def test_settings_are_checked_and_named_as_keywords(fixtures):
    model = topiceval.load_model(fixtures / "stackexchange" / "inferencer.mallet")
    documents = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)[:3]
    with pytest.raises(topiceval.SettingError, match="^particles must be at least 1$"):
        topiceval.evaluate(model, documents, particles=0)
    with pytest.raises(topiceval.SettingError, match="^burn_in_sweeps does not apply to resample-move"):
        topiceval.evaluate(model, documents, burn_in_sweeps=3)
    with pytest.raises(topiceval.SettingError, match="^estimator takes left-to-right"):
        topiceval.evaluate(model, documents, "left-to-rigth")
    with pytest.raises(topiceval.SettingError, match="^complete_documents is needed by estimated theta"):
        topiceval.evaluate(model, documents, "estimated-theta")
    with pytest.raises(ValueError):  # SettingError is a ValueError too
        topiceval.evaluate(model, documents, runs=0)


def test_result_arrays_and_completion(fixtures):
    model = topiceval.load_model(fixtures / "stackexchange" / "inferencer.mallet")
    documents = topiceval.load_documents(fixtures / "stackexchange" / "test.mallet", model)[:10]
    result = topiceval.evaluate(model, documents, "resample-move", particles=16, runs=3, seed=5)
    loglik, loglik_se, tokens = (result.columns[key] for key in ("loglik", "loglik_se", "tokens"))
    assert loglik.shape == (10,) and loglik.dtype == numpy.float64
    assert numpy.all(loglik_se > 0)
    assert result.summary.log_likelihood == pytest.approx(loglik.sum(), rel=1e-12)
    assert result.summary.log_likelihood_se == pytest.approx(numpy.sqrt((loglik_se ** 2).sum()), rel=1e-12)
    assert int(tokens.sum()) == sum(len(d) for d in documents) == result.summary.tokens
    assert result.per_token == pytest.approx(result.summary.log_likelihood / tokens.sum())
    assert result.perplexity == pytest.approx(numpy.exp(-result.per_token))
    assert result.estimator.unbiased and result.summary.site_updates > 0
    assert result.error.startswith("the interval after a total, (-below / +above), is 1.96 standard errors each side")
    assert "over 3 runs per document" in result.error
    low, high = result.summary.log_likelihood_interval
    assert low == pytest.approx(result.summary.log_likelihood - 1.959963984540054 * result.summary.log_likelihood_se)
    assert high == pytest.approx(result.summary.log_likelihood + 1.959963984540054 * result.summary.log_likelihood_se
                                 + result.summary.log_mean_bias)
    assert result.summary.per_token_interval == pytest.approx((low / result.summary.tokens, high / result.summary.tokens))
    filtering = topiceval.evaluate(model, documents, "filtering")
    assert numpy.all(filtering.columns["loglik_se"] == 0) and "+-" not in repr(filtering)
    assert filtering.error == "none from sampling (a deterministic estimator); its bias is not measured here"
    # No sampling error: the interval is the point itself.
    total = filtering.summary.log_likelihood
    assert filtering.summary.log_likelihood_interval == (total, total)
    # MALLET's default seed is the clock's: two calls differ, and each says which seed it took.
    first, second = (topiceval.evaluate_topics(model, documents) for _ in range(2))
    assert first.seed != second.seed and first.total != second.total
    # The same numbers as the command line's TSV for the same documents and seed.
    if BINARY.exists():
        command = subprocess.run([str(BINARY), "evaluate", "--model", str(fixtures / "stackexchange" /
                                  "inferencer.mallet"), "--input", str(fixtures / "stackexchange" / "test.mallet"),
                                  "--documents", "0-9", "--particles", "16", "--runs", "3", "--seed", "5", "--format",
                                  "tsv", "--quiet"], capture_output=True, text=True, check=True)
        rows = [line.split("\t") for line in command.stdout.strip().split("\n")[1:]]
        assert [float(row[4]) for row in rows] == list(result.columns["loglik"])
    completed = topiceval.evaluate(model, documents, "ais", temperatures=50, complete_documents="first-half")
    assert numpy.all(completed.columns["conditioned_tokens"] == [len(d) // 2 for d in documents])
    assert numpy.all(completed.columns["tokens"] == [len(d) - len(d) // 2 for d in documents])
    assert completed.summary.log_likelihood > result.summary.log_likelihood  # p(w2 | w1) of half the tokens


def test_select_and_compare_return_result_objects(fixtures):
    paths = [fixtures / "stackexchange" / "inferencer.mallet", fixtures / "stackexchange" / "model.mallet"]
    # At 8 particles the runs' spread puts a log-mean bias bound (56 nats) above the interval's statistical
    # half-width (23): neither model's interval is supported, and neither is ranked.
    starved = topiceval.select(paths, fixtures / "stackexchange" / "test.mallet", runs=2, particles=8,
                               coherence="none")
    assert [model.verdict for model in starved.models] == ["unsupported", "unsupported"]
    assert all("is more than twice its statistical half-width" in model.interval_unsupported
               for model in starved.models)
    report = topiceval.select(paths, fixtures / "stackexchange" / "test.mallet", runs=2, particles=32)
    # The same model twice (inferencer and model files): no budget can tell them apart.
    assert [model.verdict for model in report.models] == ["best", "too close to call"]
    assert [model.interval_unsupported for model in report.models] == ["", ""]
    assert [model.too_close_to_call for model in report.models] == [False, True]
    other = report.models[1]
    low, high = other.difference_interval
    assert low <= 0 <= high and report.best.difference_interval == (0.0, 0.0)
    assert low == pytest.approx(other.difference_to_best - 1.959963984540054 * other.difference_se
                                - other.log_mean_bias, abs=1e-9)
    assert other.total_interval[1] - other.total == pytest.approx(
        1.959963984540054 * other.total_se + other.log_mean_bias)
    assert report.best is report.models[0]
    assert report.scored_tokens == report.best.tokens > 0
    # ldatuning's and stm's figures, named and directed as select's JSON names them.
    for model in report.models:
        figures = {figure.name: figure for figure in model.figures}
        assert list(figures) == ["CaoJuan2009", "Arun2010", "Deveaud2014", "stm_semantic_coherence",
                                 "stm_exclusivity", "stm_residual_dispersion"]
        assert [figure.better for figure in model.figures] == ["lower", "lower", "higher", "higher", "higher", "lower"]
        assert 0 < figures["CaoJuan2009"].value < 1 and figures["Deveaud2014"].value > 0
        assert len(figures["stm_exclusivity"].per_topic) == 10 and figures["stm_exclusivity"].se > 0
        assert figures["CaoJuan2009"].per_topic.size == 0
    with pytest.raises(topiceval.SettingError, match="^particles must be at least 1$"):
        topiceval.select(paths, fixtures / "stackexchange" / "test.mallet", particles=0)
    # The command line's own options (what it writes, and where) are no keywords.
    with pytest.raises(topiceval.SettingTypeError, match="^quiet is not an option of select"):
        topiceval.select(paths, fixtures / "stackexchange" / "test.mallet", quiet=True)
    state = str(fixtures / "stackexchange" / "state.gz")
    for align in (False, True):
        compared = topiceval.compare(state, state, fixtures / "stackexchange" / "test.mallet", temperatures=5,
                                     align_topics=align)
        assert compared.estimator.aligned_topics is align
        assert compared.summary.tokens > 0 and len(compared.documents) == len(compared.columns["logratio"]) == 200
    # The interval of the log ratio, bias included: a model against itself gives [0, 0], too close to call.
    itself = topiceval.compare(state, state, fixtures / "stackexchange" / "test.mallet", temperatures=5, samples=2,
                               direction="forward")
    assert itself.summary.log_ratio_interval == (0.0, 0.0)
    assert itself.summary.per_token_ratio_interval == (0.0, 0.0)
    assert itself.summary.too_close_to_call is True and itself.summary.interval_confidence == 0.95
    status, out, err = topiceval.run("compare", "--model-a", state, "--model-b", state, "--input",
                                     fixtures / "stackexchange" / "test.mallet", "--temperatures", "5", "--samples",
                                     "2", "--direction", "forward", "--format", "json")
    assert status == 0, err
    summary = json.loads(out)["summary"]
    assert summary["log_ratio_interval"] == [0.0, 0.0] and summary["too_close_to_call"] is True
    with pytest.raises(topiceval.SettingError, match="align_topics must be True or False") as error:
        topiceval.compare(state, state, fixtures / "stackexchange" / "test.mallet", align_topics="yes")
    assert isinstance(error.value, TypeError)


@pytest.mark.parametrize("call, baseline", [
    ("topiceval.select([inferencer, inferencer], test, particles=1000, runs=16, threads=1)",
     "topiceval.select([inferencer, inferencer], test, particles=200, runs=2, threads=1)"),
    ("topiceval.compare(state, state, test, temperatures=100000, samples=8, threads=1)",
     "topiceval.compare(state, state, test, temperatures=1000, samples=1, threads=1)"),
    # One document at many temperatures is one long unit: curve stops within it.
    ("topiceval.run('curve', '--states', state, state, '--input', longest, '--temperatures', '400000', '--threads', "
     "'1', '--quiet')",
     "topiceval.run('curve', '--states', state, state, '--input', longest, '--temperatures', '20000', '--threads', "
     "'1', '--quiet')"),
    ("topiceval.coherence(state, measure=['c_v', 'c_npmi'], top_words=40, bootstrap=50000, threads=1)",
     "topiceval.coherence(state, measure=['c_v', 'c_npmi'], top_words=40, bootstrap=1000, threads=1)"),
    # Indexing reads and adds the texts a batch at a time (it answered only once the index was written).
    ("topiceval.run('index', '--texts', texts, '--output', index, '--threads', '1')",
     "[topiceval.run('index', '--texts', texts_part, '--output', index, '--threads', '1') for _ in range(5)]"),
    # A reader: a large topic state's lines, read and checked a block at a time.
    ("topiceval.load_model(large_state)", "[topiceval.load_model(state) for _ in range(4)]"),
])
def test_ctrl_c_interrupts_the_commands_too(fixtures, tmp_path, call, baseline):
    # The call does at least 20 times the work of its baseline, run first in the same process. Ctrl-C once the
    # call has spent one baseline's CPU time: KeyboardInterrupt, and less than another baseline's CPU time spent
    # after the signal. CPU time, not wall-clock time, so a loaded machine slows both alike.
    # The child starts with SIGINT ignored, as every process of a background job does (nohup ... &), and sets
    # Python's handler itself: a Ctrl-C test that relied on inheriting it would wait for its timeout there.
    import signal  # noqa: PLC0415
    import sys  # noqa: PLC0415
    set_ = fixtures / "stackexchange"
    model = topiceval.load_model(set_ / "state.gz")
    words = model.words
    longest = max(topiceval.load_documents(set_ / "test.mallet", model), key=len)
    (tmp_path / "longest.txt").write_text(" ".join(words[int(i)] for i in longest if i < len(words)) + "\n")
    if "texts" in call:  # 8 million tokens of short words (40 MB), and 1/40 of them
        short = [word for word in words if len(word) <= 4]
        line = " ".join(short[(7 * i) % len(short)] for i in range(40)) + "\n"
        (tmp_path / "texts.txt").write_text(line * 200_000)
        (tmp_path / "texts-part.txt").write_text(line * 5_000)
    script = f"""
import os, signal, threading, time, topiceval
signal.signal(signal.SIGINT, signal.default_int_handler)
inferencer, state, test = {str(set_ / "inferencer.mallet")!r}, {str(set_ / "state.gz")!r}, {str(set_ / "test.mallet")!r}
longest = {str(tmp_path / "longest.txt")!r}
texts, texts_part, index = {str(tmp_path / "texts.txt")!r}, {str(tmp_path / "texts-part.txt")!r}, {str(tmp_path / "texts.index")!r}
large_state = {str(fixtures / "debian-k100" / "state.gz")!r}
started = time.process_time()
{baseline}
unit = time.process_time() - started
signalled = []
def interrupt():
    begin = time.process_time()
    while time.process_time() - begin < unit:
        time.sleep(0.01)
    signalled.append(time.process_time())
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=interrupt, daemon=True).start()
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted", (time.process_time() - signalled[0]) / unit, unit)
"""
    # The timeout only ends a run that ignored the signal (the call alone takes many minutes).
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", script], capture_output=True, text=True, timeout=900,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    words = done.stdout.split()
    assert words and words[0] == "interrupted", done.stdout + done.stderr
    assert float(words[1]) < 1.0, done.stdout


def test_a_correlated_model_ranks_beside_lda_models(tmp_path, fixtures):
    # train-ctm through run(), then select() ranks it with MALLET's models on the same tokens, from its path
    # or as a Model that load_model() read.
    test = fixtures / "stackexchange" / "test.mallet"
    model = tmp_path / "ctm.txt"
    status, out, err = topiceval.run("train-ctm", "--input", test, "--num-topics", "3", "--output", model,
                                     "--max-iterations", "5", "--threads", "1", "--quiet")
    assert status == 0, err
    paths = [fixtures / "stackexchange" / "inferencer.mallet", model]
    report = topiceval.select(paths, test, runs=2, particles=4, samples=50)
    kinds = sorted(entry.kind for entry in report.models)
    assert kinds == ["MALLET inferencer (TopicInferencer)", "logistic-normal topic model (topiceval train-ctm)"]
    assert report.models[0].tokens == report.models[1].tokens > 0
    assert all(entry.total_se > 0 for entry in report.models)
    correlated = topiceval.load_model(model)
    assert correlated.logistic_normal and correlated.num_topics == 3
    in_memory = topiceval.select([topiceval.load_model(paths[0]), correlated], test, runs=2, particles=4, samples=50)
    assert sorted(entry.total for entry in in_memory.models) == sorted(entry.total for entry in report.models)