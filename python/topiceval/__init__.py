"""topiceval: held-out likelihood of topic models, with honest error bars.

Evaluates MALLET's model files natively (the same numbers as ``mallet evaluate-topics``,
bit for bit) and any topic model given as arrays: gensim's ``get_topics()``, scikit-learn's
``components_``, or topic-word counts. Every estimate of a stochastic estimator carries a
standard error over independent runs.

    import topiceval
    model = topiceval.load_model("inferencer.mallet")
    documents = topiceval.load_documents("test.mallet", model)
    result = topiceval.evaluate(model, documents)            # resample-move, 64 particles, 4 runs
    print(result.total, "+-", result.total_se, result.perplexity)

Documents are given as a list of word-id sequences, as a gensim bag-of-words corpus (each
``(id, count)`` pair expanded to ``count`` copies of ``id``, pairs in the order given), or as
strings split on whitespace and looked up in a vocabulary (the model's words, or a list or
dict given as ``vocabulary=``); a word the vocabulary lacks gets an id beyond the model, and
is skipped and counted in ``skipped_tokens``.

Errors raise subclasses of :class:`topiceval.Error` with the command line's one-line messages.
"""

from __future__ import annotations

import json as _json
import math as _math

import numpy as _numpy


class Error(Exception):
    """Every error topiceval raises."""


class FormatError(Error):
    """A file that cannot be read as what it should be: the message names the file and the problem."""


class SettingError(Error, ValueError):
    """A bad setting (estimator, particles, runs...): the message names it as the keyword argument."""


class ModelError(Error, ValueError):
    """Bad arrays: shapes that disagree, negative or non-finite values, rows that do not sum to 1."""


from . import _native  # noqa: E402  (the error classes must exist first: the extension raises them)

__version__ = _native.version

__all__ = ["Error", "FormatError", "SettingError", "ModelError", "Model", "Result", "MalletResult",
           "load_model", "load_documents", "evaluate", "evaluate_topics", "select", "compare", "run",
           "estimators"]


class Model:
    """A topic model: read from a MALLET file, or built from counts or from topic-word probabilities."""

    def __init__(self, native):
        self._native = native

    @classmethod
    def from_counts(cls, topic_word_counts, alpha, beta: float) -> "Model":
        """A model from its training counts: ``topic_word_counts[k, w]`` tokens of word w in topic k.

        ``alpha`` is one value per topic (or a scalar for all), ``beta`` the symmetric word prior;
        phi[k, w] = (counts[k, w] + beta) / (sum_w counts[k, w] + V beta), as MALLET computes it.
        """
        counts = _numpy.asarray(topic_word_counts)
        if counts.dtype.kind == "f" and not _numpy.all(_numpy.equal(_numpy.floor(counts), counts)):
            raise ModelError("topic_word_counts must be whole numbers (use Model.from_topics for probabilities)")
        return cls(_native.from_counts(counts.astype(_numpy.int64), _alpha_vector(alpha, counts), float(beta)))

    @classmethod
    def from_topics(cls, phi, alpha) -> "Model":
        """A model from topic-word probabilities ``phi[k, w] = p(w | topic k)`` and the Dirichlet ``alpha``.

        ``phi`` is gensim's ``model.get_topics()``, or scikit-learn's ``components_`` normalised row by
        row (``components_ / components_.sum(axis=1)[:, None]``): K rows over V words, non-negative,
        each summing to 1 within 1e-4 (then renormalised exactly). A word with probability 0 under
        every topic cannot be scored and is skipped. ``alpha`` is one value per topic or a scalar
        (gensim's ``model.alpha``; scikit-learn's ``doc_topic_prior_``).
        """
        matrix = _numpy.asarray(phi, dtype=_numpy.float64)
        return cls(_native.from_topics(matrix, _alpha_vector(alpha, matrix)))

    @property
    def num_topics(self) -> int:
        return self._native.num_topics

    @property
    def num_types(self) -> int:
        """The number of word types (V) the model knows."""
        return self._native.num_types

    @property
    def alpha(self) -> _numpy.ndarray:
        return _numpy.asarray(self._native.alpha)

    @property
    def beta(self):
        """The word prior, or None for a model given as probabilities."""
        return self._native.beta

    @property
    def words(self):
        """The model's vocabulary (a list, by word id), or None when the file holds none (an evaluator)."""
        return self._native.words

    @property
    def kind(self) -> str:
        return self._native.kind

    def topic_word_probabilities(self) -> _numpy.ndarray:
        """phi[k, w] = p(w | topic k) as topiceval scores it: for counts, (n[w, k] + beta) / (n[k] + V beta)."""
        return self._native.topic_word_probabilities()

    def __repr__(self) -> str:
        return f"<topiceval.Model {self.kind}: {self.num_topics} topics, {self.num_types} word types>"


def _alpha_vector(alpha, matrix) -> list:
    values = _numpy.asarray(alpha, dtype=_numpy.float64)
    rows = matrix.shape[0] if matrix.ndim >= 1 else 0
    if values.ndim == 0:
        values = _numpy.full(rows, float(values))
    if values.ndim != 1:
        raise ModelError(f"alpha must be a scalar or one value per topic, not a {values.ndim}-D array")
    return [float(a) for a in values]


def load_model(path) -> Model:
    """Reads any MALLET model file: evaluator, inferencer, saved model (--output-model) or gzipped topic state."""
    return Model(_native.read_model(str(path)))


def load_documents(path, model: Model) -> list:
    """Reads held-out documents: a MALLET instance list, or plain text with one document per line.

    Plain text is looked up in the model's words (new words get ids beyond the model). Returns a
    list of numpy int64 arrays of word ids.
    """
    return _native.read_documents(str(path), model._native)


def _documents(documents, model: Model, vocabulary) -> list:
    """Any accepted form of documents as a list of int64 arrays (see the module's documentation)."""
    if isinstance(documents, (str, bytes)):
        raise SettingError("documents must be a sequence of documents, not one string")
    lookup = None
    converted = []
    for index, document in enumerate(documents):
        if isinstance(document, str):
            if lookup is None:
                lookup = _vocabulary(vocabulary, model)
            ids = []
            for word in document.split():
                if word not in lookup:
                    lookup[word] = model.num_types + len(lookup.unseen)
                    lookup.unseen.add(word)
                ids.append(lookup[word])
            converted.append(_numpy.asarray(ids, dtype=_numpy.int64))
            continue
        items = list(document) if not isinstance(document, _numpy.ndarray) else document
        if len(items) > 0 and isinstance(items[0], tuple):  # gensim bag of words: (id, count) pairs
            ids = []
            for pair in items:
                if len(pair) != 2:
                    raise SettingError(f"documents[{index}] mixes (id, count) pairs with other items")
                word, count = pair
                if int(count) != count or count < 0:
                    raise SettingError(f"documents[{index}] has count {count} for word {word}: counts must be "
                                       "non-negative whole numbers")
                ids.extend([int(word)] * int(count))
            converted.append(_numpy.asarray(ids, dtype=_numpy.int64))
            continue
        array = _numpy.asarray(items)
        if array.size and array.dtype.kind not in "iu":
            if array.dtype.kind == "f" and _numpy.all(_numpy.floor(array) == array):
                array = array.astype(_numpy.int64)
            else:
                raise SettingError(f"documents[{index}] holds {array.dtype} values, not word ids")
        converted.append(array.astype(_numpy.int64).reshape(-1) if array.ndim <= 1 else array)
    return converted


class _Vocabulary(dict):
    def __init__(self, words):
        super().__init__(words)
        self.unseen = set()


def _vocabulary(vocabulary, model: Model) -> _Vocabulary:
    if vocabulary is None:
        words = model.words
        if words is None:
            raise SettingError("vocabulary is needed to look up words: this model holds none (pass vocabulary=)")
        return _Vocabulary({word: index for index, word in reversed(list(enumerate(words)))})
    if isinstance(vocabulary, dict):
        return _Vocabulary(vocabulary)
    if hasattr(vocabulary, "token2id"):  # a gensim Dictionary
        return _Vocabulary(vocabulary.token2id)
    return _Vocabulary({word: index for index, word in reversed(list(enumerate(vocabulary)))})


class Result:
    """What :func:`evaluate` returns: per-document numpy arrays and corpus totals.

    ``log_likelihood[d]`` is the log of the mean over runs of the estimates of p(w_d) (of
    p(w2 | w1) under document completion), ``standard_error[d]`` its standard error in nats (NaN
    with one run), ``effective_runs[d]`` and ``heavy_tailed[d]`` how far to trust it.
    ``total`` +- ``total_se`` sums the documents (independent errors add in quadrature);
    ``per_token`` and ``perplexity`` divide by the scored tokens, with ``per_token_se`` and
    ``perplexity_se``. ``unbiased`` says whether the error covers the estimator's whole error.
    """

    def __init__(self, values: dict):
        self.log_likelihood = values["log_likelihood"]
        self.standard_error = values["standard_error"]
        self.effective_runs = values["effective_runs"]
        self.scored_tokens = values["scored_tokens"]
        self.skipped_tokens = values["skipped_tokens"]
        self.conditioned_tokens = values["conditioned_tokens"]
        self.heavy_tailed = _numpy.asarray(values["heavy_tailed"], dtype=bool)
        self.total = float(values["total"])
        self.total_se = float(values["total_se"])
        tokens = int(self.scored_tokens.sum())
        self.per_token = float(values["per_token"])
        self.per_token_se = self.total_se / tokens if tokens else 0.0
        self.perplexity = float(values["perplexity"])
        self.perplexity_se = self.perplexity * self.per_token_se
        self.site_updates = int(values["site_updates"])
        self.seconds = float(values["seconds"])
        self.estimator = values["estimator"]
        self.stochastic = bool(values["stochastic"])
        self.unbiased = bool(values["unbiased"])
        self.error_caveat = values["error_caveat"]
        self.unseen_words = values["unseen_words"]
        self.vocabulary_size = int(values["vocabulary_size"])

    def to_pandas(self):
        """One row per document (needs pandas)."""
        import pandas  # noqa: PLC0415  (optional dependency)

        return pandas.DataFrame({
            "log_likelihood": self.log_likelihood, "standard_error": self.standard_error,
            "scored_tokens": self.scored_tokens, "skipped_tokens": self.skipped_tokens,
            "effective_runs": self.effective_runs, "heavy_tailed": self.heavy_tailed,
        })

    def __repr__(self) -> str:
        error = "" if _math.isnan(self.total_se) else f" +- {self.total_se:.4f}"
        return (f"<topiceval.Result {self.estimator}: total {self.total:.4f}{error}, per token "
                f"{self.per_token:.6f}, perplexity {self.perplexity:.3f}, {len(self.log_likelihood)} documents>")


class MalletResult:
    """What :func:`evaluate_topics` returns: MALLET's numbers (``log_likelihood`` per document, ``total``)."""

    def __init__(self, values: dict):
        self.log_likelihood = values["log_likelihood"]
        self.total = float(values["total"])

    def __repr__(self) -> str:
        return f"<topiceval.MalletResult total {self.total!r}, {len(self.log_likelihood)} documents>"


def evaluate(model: Model, documents, estimator: str = "resample-move", *, runs: int = 4, seed: int = 1,
             threads: int = 0, unseen_words: str = "skip", complete_documents: str | None = None,
             vocab_size: int | None = None, vocabulary=None, **settings) -> Result:
    """Estimates the probability of each document under ``model``; see ``topiceval evaluate --help``.

    ``estimator`` is any of :func:`estimators` (resample-move by default); its settings are keyword
    arguments with underscores (``particles=64``, ``burn_in_sweeps=10``, ``resampling=True``).
    ``runs`` independent estimates per document give the standard errors. ``complete_documents``
    ("first-half" or "alternate") estimates p(w2 | w1) instead. The GIL is released while it runs;
    the result does not depend on ``threads``.
    """
    values = {name.replace("_", "-"): _setting_text(value) for name, value in settings.items()}
    converted = _documents(documents, model, vocabulary)
    return Result(_native.evaluate(model._native, converted, estimator, values, runs, seed, threads, unseen_words,
                                   complete_documents or "", vocab_size))


def _setting_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def evaluate_topics(model: Model, documents, num_particles: int = 10, use_resampling: bool = False,
                    random_seed: int = 0, *, threads: int = 0, vocabulary=None) -> MalletResult:
    """MALLET's ``evaluate-topics``: its left-to-right estimator with its arithmetic and random stream.

    The numbers are MALLET 2.1.1's own, bit for bit, on any number of threads (defaults as MALLET's:
    10 particles, no resampling, seed 0). Needs a MALLET model or :meth:`Model.from_counts`.
    """
    converted = _documents(documents, model, vocabulary)
    return MalletResult(_native.evaluate_topics(model._native, converted, num_particles, use_resampling,
                                                random_seed, threads))


def run(command: str, *arguments) -> tuple:
    """Runs a command of the ``topiceval`` executable in process: returns (status, stdout, stderr)."""
    return tuple(_native.run_command(command, [str(a) for a in arguments]))


def _json_command(command: str, arguments: list) -> dict:
    status, out, err = run(command, *arguments, "--format", "json")
    if status == 1:
        raise FormatError(err.strip().split(": ", 1)[-1])
    if status == 2:
        raise SettingError(err.strip().split(": ", 1)[-1])
    if status != 0:
        raise Error(err.strip())
    return _json.loads(out)


def _options(settings: dict) -> list:
    arguments = []
    for name, value in settings.items():
        arguments += ["--" + name.replace("_", "-"), _setting_text(value)]
    return arguments


def select(model_paths, input_path, **options) -> dict:
    """``topiceval select``: which of these MALLET models (e.g. one per K) predicts ``input_path`` best.

    Options as keyword arguments (``estimator="resample-move"``, ``runs=4``, ``particles=64``...);
    returns the command's JSON report as a dict.
    """
    arguments = []
    for path in model_paths:
        arguments += ["--model", str(path)]
    return _json_command("select", arguments + ["--input", str(input_path)] + _options(options))


def compare(model_a, model_b, input_path, **options) -> dict:
    """``topiceval compare``: two MALLET models on the same held-out documents; the JSON report as a dict."""
    arguments = ["--model-a", str(model_a), "--model-b", str(model_b), "--input", str(input_path)]
    return _json_command("compare", arguments + _options(options))


def estimators() -> list:
    """The names of every estimator :func:`evaluate` takes."""
    return list(_native.estimator_names())
