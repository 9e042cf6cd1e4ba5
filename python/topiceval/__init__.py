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
import os as _os

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
        if not isinstance(native, _native.NativeModel):
            raise SettingError("use topiceval.load_model, Model.from_topics or Model.from_counts to make a Model")
        self._native = native

    @classmethod
    def from_counts(cls, topic_word_counts, alpha, beta: float) -> "Model":
        """A model from its training counts: ``topic_word_counts[k, w]`` tokens of word w in topic k.

        ``alpha`` is one value per topic (or a scalar for all), ``beta`` the symmetric word prior;
        phi[k, w] = (counts[k, w] + beta) / (sum_w counts[k, w] + V beta), as MALLET computes it.
        """
        counts = _numeric_array("topic_word_counts", topic_word_counts)
        if counts.size and not (_numpy.all(_numpy.isfinite(counts)) and _numpy.all(_numpy.floor(counts) == counts)):
            raise ModelError("topic_word_counts must be finite whole numbers (use Model.from_topics for probabilities)")
        if counts.size and (counts.min() < 0 or counts.max() > 2 ** 30):
            raise ModelError(f"topic_word_counts must lie in 0..2^30, not {counts.min():.0f}..{counts.max():.0f}")
        as_integers = _copy("topic_word_counts", lambda: counts.astype(_numpy.int64), counts.size * 8)
        return cls(_native.from_counts(as_integers, _alpha_vector(alpha, counts), _real("beta", beta)))

    @classmethod
    def from_topics(cls, phi, alpha) -> "Model":
        """A model from topic-word probabilities ``phi[k, w] = p(w | topic k)`` and the Dirichlet ``alpha``.

        ``phi`` is gensim's ``model.get_topics()``, or scikit-learn's ``components_`` normalised row by
        row (``components_ / components_.sum(axis=1)[:, None]``): K rows over V words, non-negative,
        each summing to 1 within 1e-4 (then renormalised exactly). A word with probability 0 under
        every topic cannot be scored and is skipped. ``alpha`` is one value per topic or a scalar
        (gensim's ``model.alpha``; scikit-learn's ``doc_topic_prior_``).
        """
        matrix = _numeric_array("phi", phi)
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


def _memory_budget() -> int:
    """The most one argument may take once copied: half of this machine's memory."""
    try:
        memory = _os.sysconf("SC_PHYS_PAGES") * _os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        memory = 0
    return memory // 2 if memory > 0 else 2 ** 34


def _gib(size: int) -> str:
    return f"{size / 2 ** 30:.1f} GiB"


def _check_budget(name, size: int, what: str) -> None:
    """A ModelError naming `name` when copying it would take more than the budget.

    An array can be far larger than the memory behind it (a broadcast view has stride 0),
    so its size is checked before anything is copied.
    """
    if size > _memory_budget():
        raise ModelError(f"{name} would take {_gib(size)} as {what}, more than half of this machine's memory "
                         f"({_gib(2 * _memory_budget())}); topiceval refuses it rather than run out of memory")


def _copy(name, make, size: int):
    """`make()`, with numpy's MemoryError turned into a topiceval.Error naming `name`."""
    try:
        return make()
    except MemoryError:
        raise Error(f"{name}: out of memory while copying it ({_gib(size)})") from None


def _numeric_array(name, values) -> _numpy.ndarray:
    """A 2-D float64 array of `values`, or a ModelError saying why not."""
    try:
        array = _numpy.asarray(values)
    except (ValueError, TypeError) as error:
        raise ModelError(f"{name} must be a 2-D numeric array (topics x words): {error}") from None
    except MemoryError:
        raise Error(f"{name}: out of memory while reading it as an array") from None
    if array.dtype.kind not in "iuf":
        raise ModelError(f"{name} must hold numbers, not {array.dtype} values")
    if array.ndim != 2:
        raise ModelError(f"{name} must be a 2-D array (topics x words), not {array.ndim}-D")
    # Copied twice: here as float64, and by the library into its own layout.
    size = 2 * array.size * 8
    _check_budget(name, size, f"a {array.shape[0]} x {array.shape[1]} model")
    return _copy(name, lambda: array.astype(_numpy.float64), size)


def _real(name, value) -> float:
    try:
        return float(value)
    except (ValueError, TypeError):
        raise ModelError(f"{name} must be a number, not {value!r}") from None


def _alpha_vector(alpha, matrix) -> list:
    try:
        values = _numpy.asarray(alpha, dtype=_numpy.float64)
    except (ValueError, TypeError):
        raise ModelError(f"alpha must be a number or one number per topic, not {alpha!r}") from None
    rows = matrix.shape[0] if matrix.ndim >= 1 else 0
    if values.ndim == 0:
        values = _numpy.full(rows, float(values))
    if values.ndim != 1:
        raise ModelError(f"alpha must be a scalar or one value per topic, not a {values.ndim}-D array")
    return [float(a) for a in values]


def _path(name, path) -> str:
    """A file path as the library takes it: str or os.PathLike (bytes decoded as the filesystem does)."""
    if isinstance(path, (str, bytes, _os.PathLike)):
        return _os.fsdecode(path)
    raise SettingError(f"{name} must be a file path (str or os.PathLike), not {type(path).__name__}")


def _model(model) -> "Model":
    if not isinstance(model, Model):
        raise SettingError("model must be a topiceval.Model (from load_model, Model.from_topics or Model.from_counts), "
                           f"not {type(model).__name__}")
    return model


def _integer(name, value, low, high) -> int:
    """`value` as an int in [low, high] (bool refused), or a SettingError named as the keyword."""
    if isinstance(value, bool) or not isinstance(value, (int, _numpy.integer)):
        raise SettingError(f"{name} must be an integer, not {value!r}")
    if not low <= int(value) <= high:
        raise SettingError(f"{name} must be between {low} and {high}, not {value}")
    return int(value)


def _choice(name, value, allowed) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise SettingError(f"{name} takes {' or '.join(allowed)}, not {value!r}")
    return value


def load_model(path) -> Model:
    """Reads any MALLET model file: evaluator, inferencer, saved model (--output-model) or gzipped topic state."""
    return Model(_native.read_model(_path("path", path)))


def load_documents(path, model: Model) -> list:
    """Reads held-out documents: a MALLET instance list, or plain text with one document per line.

    Plain text is looked up in the model's words (new words get ids beyond the model). Returns a
    list of numpy int64 arrays of word ids.
    """
    return _native.read_documents(_path("path", path), _model(model)._native)


_LARGEST_ID = 2 ** 31 - 1
_MOST_TOKENS = 2 ** 31 - 1  # per document, after expanding counts


def _ids(index, values) -> _numpy.ndarray:
    """A document's word ids as int64, checked: whole, finite, 0..2^31-1."""
    array = _numpy.asarray(values)
    if array.size == 0:
        return _numpy.zeros(0, dtype=_numpy.int64)
    if array.ndim != 1:
        raise SettingError(f"documents[{index}] must be a sequence of word ids, not a {array.ndim}-D array")
    if array.dtype.kind == "f":
        if not (_numpy.all(_numpy.isfinite(array)) and _numpy.all(_numpy.floor(array) == array)):
            raise SettingError(f"documents[{index}] holds values that are not whole numbers: word ids are integers")
    elif array.dtype.kind not in "iu":
        raise SettingError(f"documents[{index}] holds {array.dtype} values, not word ids (strings of words are "
                           "looked up with vocabulary=)")
    if array.min() < 0 or array.max() > _LARGEST_ID:
        bad = array[(array < 0) | (array > _LARGEST_ID)][0]
        raise SettingError(f"documents[{index}] has word id {bad:.0f}: ids must be in 0..2^31-1")
    return array.astype(_numpy.int64)


def _count_matrix(counts) -> list:
    """Rows of a document-term count matrix (numpy 2-D or scipy sparse) as id arrays, each column's id
    repeated by its count, columns in increasing order."""
    if hasattr(counts, "tocsr"):
        rows = counts.tocsr()
        data, indices, starts = rows.data, rows.indices, rows.indptr
        documents = []
        for d in range(rows.shape[0]):
            documents.append(_expand(d, indices[starts[d]:starts[d + 1]], data[starts[d]:starts[d + 1]]))
        return documents
    matrix = _numpy.asarray(counts)
    return [_expand(d, _numpy.nonzero(row)[0], row[_numpy.nonzero(row)[0]]) for d, row in enumerate(matrix)]


def _expand(index, words, counts) -> _numpy.ndarray:
    words = _numpy.asarray(words)
    counts = _numpy.asarray(counts)
    if counts.size and not (_numpy.all(_numpy.isfinite(counts)) and _numpy.all(_numpy.floor(counts) == counts)
                            and counts.min() >= 0):
        raise SettingError(f"documents[{index}] has counts that are not non-negative whole numbers")
    if counts.size and counts.sum() > _MOST_TOKENS:
        raise SettingError(f"documents[{index}] holds {counts.sum():.0f} tokens, more than 2^31-1")
    if words.size and (words.min() < 0 or words.max() > _LARGEST_ID):
        raise SettingError(f"documents[{index}] has a word id outside 0..2^31-1")
    tokens = int(counts.sum()) if counts.size else 0
    # Expanded to one int64 per token here, then one int32 in the library.
    _check_budget(f"documents[{index}]", tokens * 12, f"{tokens} tokens")
    return _copy(f"documents[{index}]",
                 lambda: _numpy.repeat(words.astype(_numpy.int64), counts.astype(_numpy.int64)), tokens * 12)


def _documents(documents, model: Model, vocabulary) -> list:
    """Any accepted form of documents as a list of int64 arrays (see the module's documentation)."""
    if isinstance(documents, (str, bytes)):
        raise SettingError("documents must be a sequence of documents, not one string")
    if hasattr(documents, "tocsr") or (isinstance(documents, _numpy.ndarray) and documents.ndim == 2):
        return _count_matrix(documents)  # a document-term count matrix, as scikit-learn's CountVectorizer makes
    if isinstance(documents, _numpy.ndarray) and documents.ndim == 1 and documents.dtype.kind in "iuf":
        raise SettingError("documents must be a sequence of documents; this 1-D array of numbers looks like one "
                           "document: pass [array]")
    try:
        iterator = iter(documents)
    except TypeError:
        raise SettingError(f"documents must be a sequence of documents, not {type(documents).__name__}") from None
    lookup = None
    converted = []
    for index, document in enumerate(iterator):
        if isinstance(document, bytes):
            raise SettingError(f"documents[{index}] is bytes: decode it to a str (words are looked up by text)")
        tokens = None
        if isinstance(document, str):
            tokens = document.split()
        elif isinstance(document, (list, tuple)) and document and all(isinstance(t, str) for t in document):
            tokens = list(document)  # a tokenised document
        if tokens is not None:
            if lookup is None:
                lookup = _vocabulary(vocabulary, model)
            converted.append(_numpy.asarray([lookup.id(word) for word in tokens], dtype=_numpy.int64))
            continue
        items = document if isinstance(document, _numpy.ndarray) else list(document) \
            if isinstance(document, (list, tuple, range)) else None
        if items is None:
            raise SettingError(f"documents[{index}] must be a sequence of word ids, (id, count) pairs or a string, "
                               f"not {type(document).__name__}")
        if len(items) > 0 and isinstance(items[0], tuple):  # gensim bag of words: (id, count) pairs
            if not all(isinstance(pair, tuple) and len(pair) == 2 for pair in items):
                raise SettingError(f"documents[{index}] mixes (id, count) pairs with other items")
            words, counts = zip(*items)
            if not all(isinstance(w, (int, _numpy.integer)) and not isinstance(w, bool) for w in words):
                raise SettingError(f"documents[{index}] has a word id that is not an integer in its (id, count) pairs")
            try:
                counts = _numpy.asarray(counts, dtype=_numpy.float64)
            except (ValueError, TypeError):
                raise SettingError(f"documents[{index}] has (id, count) pairs whose counts are not numbers") from None
            converted.append(_expand(index, _numpy.asarray(words, dtype=_numpy.int64), counts))
            continue
        try:
            converted.append(_ids(index, items))
        except (ValueError, TypeError) as error:
            if isinstance(error, Error):
                raise
            raise SettingError(f"documents[{index}] must be a sequence of word ids: {error}") from None
    return converted


class _Vocabulary(dict):
    """Word -> id; a word it lacks gets an id of its own beyond both the model and the vocabulary."""

    def __init__(self, words, model_types):
        super().__init__(words)
        self.next_unseen = max([model_types, *[i + 1 for i in self.values()]])

    def id(self, word):
        if word not in self:
            if self.next_unseen > _LARGEST_ID:
                raise SettingError(f"vocabulary uses word id {self.next_unseen - 1}, so a word it lacks ({word!r}) "
                                   "has no id left: ids must leave room below 2^31-1 for unseen words")
            self[word] = self.next_unseen
            self.next_unseen += 1
        return self[word]


def _vocabulary(vocabulary, model: Model) -> _Vocabulary:
    if vocabulary is None:
        words = model.words
        if words is None:
            raise SettingError("vocabulary is needed to look up words: this model holds none (pass vocabulary=)")
        mapping = {word: index for index, word in reversed(list(enumerate(words)))}
    elif isinstance(vocabulary, dict):
        mapping = dict(vocabulary)
    elif hasattr(vocabulary, "token2id"):  # a gensim Dictionary
        mapping = dict(vocabulary.token2id)
    elif isinstance(vocabulary, (list, tuple)):
        mapping = {word: index for index, word in reversed(list(enumerate(vocabulary)))}
    else:
        raise SettingError("vocabulary must be a list of words, a dict word -> id or a gensim Dictionary, not "
                           f"{type(vocabulary).__name__}")
    if not all(isinstance(i, (int, _numpy.integer)) and 0 <= i <= _LARGEST_ID for i in mapping.values()):
        raise SettingError("vocabulary ids must be integers in 0..2^31-1")
    return _Vocabulary(mapping, model.num_types)


class Result:
    """What :func:`evaluate` returns: per-document numpy arrays and corpus totals.

    ``log_likelihood[d]`` is the log of the mean over runs of the estimates of p(w_d) (of
    p(w2 | w1) under document completion), ``standard_error[d]`` its standard error in nats (NaN
    with one run; 0 for a deterministic estimator, whose bias is not measured), ``effective_runs[d]``
    and ``heavy_tailed[d]`` how far to trust it. ``total`` +- ``total_se`` sums the documents
    (independent errors add in quadrature); ``per_token`` and ``perplexity`` divide by the scored
    tokens, with ``per_token_se`` and ``perplexity_se``. ``error`` says in words what the error
    includes, as the command line's summary does; ``unbiased`` whether the estimator is unbiased.
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
        self.error = values["error"]
        self.error_caveat = values["error_caveat"]
        self.unseen_words = values["unseen_words"]
        self.vocabulary_size = int(values["vocabulary_size"])

    def to_pandas(self):
        """One row per document (needs pandas: Debian's python3-pandas)."""
        try:
            import pandas  # noqa: PLC0415  (optional dependency)
        except ImportError:
            raise Error("to_pandas needs pandas (Debian: apt-get install python3-pandas)") from None
        return pandas.DataFrame({
            "log_likelihood": self.log_likelihood, "standard_error": self.standard_error,
            "scored_tokens": self.scored_tokens, "skipped_tokens": self.skipped_tokens,
            "effective_runs": self.effective_runs, "heavy_tailed": self.heavy_tailed,
        })

    def __repr__(self) -> str:
        error = "" if not self.stochastic or _math.isnan(self.total_se) else f" +- {self.total_se:.4f}"
        return (f"<topiceval.Result {self.estimator}: total {self.total:.4f}{error}, per token "
                f"{self.per_token:.6f}, perplexity {self.perplexity:.3f}, {len(self.log_likelihood)} documents>")


class MalletResult:
    """What :func:`evaluate_topics` returns: MALLET's numbers (``log_likelihood`` per document, ``total``)."""

    def __init__(self, values: dict):
        self.log_likelihood = values["log_likelihood"]
        self.total = float(values["total"])
        self.seed = int(values["seed"])

    def __repr__(self) -> str:
        return f"<topiceval.MalletResult total {self.total!r}, {len(self.log_likelihood)} documents, seed {self.seed}>"


_UNSEEN_WORDS = ("skip", "skip-untrained", "smooth")
_SPLITS = ("first-half", "alternate")


def evaluate(model: Model, documents, estimator: str = "resample-move", *, runs: int = 4, seed: int = 1,
             threads: int = 0, unseen_words: str = "skip", complete_documents: str | None = None,
             vocab_size: int | None = None, vocabulary=None, **settings) -> Result:
    """Estimates the probability of each document under ``model``; see ``topiceval evaluate --help``.

    ``estimator`` is any of :func:`estimators` (resample-move by default); its settings are keyword
    arguments with underscores (``particles=64``, ``burn_in_sweeps=10``, ``resampling=True``).
    ``runs`` independent estimates per document give the standard errors. ``complete_documents``
    ("first-half" or "alternate"; left-to-right, resample-move, ais, importance-sampling and
    estimated-theta) estimates p(w2 | w1) instead. ``documents``: word-id sequences, gensim bags of
    words, strings or token lists (looked up in ``vocabulary``), or a document-term count matrix
    (numpy 2-D or scipy sparse, rows documents). Every argument after ``estimator`` is a keyword.
    The GIL is released while it runs (Ctrl-C interrupts it); the result does not depend on ``threads``.
    """
    model = _model(model)
    if not isinstance(estimator, str):
        raise SettingError(f"estimator must be a name, one of {', '.join(estimators())}; not {estimator!r}")
    runs = _integer("runs", runs, 1, 100_000)
    seed = _integer("seed", seed, 0, 2 ** 64 - 1)
    threads = _integer("threads", threads, 0, 1024)
    unseen_words = _choice("unseen_words", unseen_words, _UNSEEN_WORDS)
    completion = "" if complete_documents is None else _choice("complete_documents", complete_documents, _SPLITS)
    if vocab_size is not None:
        vocab_size = _integer("vocab_size", vocab_size, 1, 2 ** 31)
    values = {}
    for name, value in settings.items():
        if not isinstance(value, (bool, int, float, str, _numpy.integer)):
            raise SettingError(f"{name} must be a number, true/false or a name, not {value!r}")
        values[name.replace("_", "-")] = _setting_text(value)
    converted = _documents(documents, model, vocabulary)
    return Result(_native.evaluate(model._native, converted, estimator, values, runs, seed, threads, unseen_words,
                                   completion, vocab_size))


def _setting_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def evaluate_topics(model: Model, documents, num_particles: int = 10, use_resampling: bool = False,
                    random_seed: int = -1, *, threads: int = 0, vocabulary=None) -> MalletResult:
    """MALLET's ``evaluate-topics``: its left-to-right estimator with its arithmetic and random stream.

    The numbers are MALLET 2.1.1's own, bit for bit, on any number of threads. The defaults are
    MALLET's: 10 particles, no resampling, and ``random_seed=-1``, which takes a seed from the clock
    (the result's ``seed`` says which); pass a seed for numbers you can reproduce. Needs a MALLET
    model or :meth:`Model.from_counts`.
    """
    model = _model(model)
    num_particles = _integer("num_particles", num_particles, 1, 100_000)
    random_seed = _integer("random_seed", random_seed, -(2 ** 31), 2 ** 31 - 1)
    threads = _integer("threads", threads, 0, 1024)
    if not isinstance(use_resampling, (bool, _numpy.bool_)):
        raise SettingError(f"use_resampling must be True or False, not {use_resampling!r}")
    converted = _documents(documents, model, vocabulary)
    return MalletResult(_native.evaluate_topics(model._native, converted, num_particles, bool(use_resampling),
                                                random_seed, threads))


def run(command: str, *arguments) -> tuple:
    """Runs a command of the ``topiceval`` executable in process: returns (status, stdout, stderr)."""
    if not isinstance(command, str):
        raise SettingError(f"command must be a name (see topiceval --help), not {command!r}")
    return tuple(_native.run_command(command, [_os.fsdecode(a) if isinstance(a, (bytes, _os.PathLike)) else str(a)
                                               for a in arguments]))


def _json_command(command: str, arguments: list) -> dict:
    quiet = [] if "--quiet" in arguments else ["--quiet"]  # no progress line in process
    status, out, err = run(command, *arguments, "--format", "json", *quiet)
    message = err.strip().splitlines()[-1] if err.strip() else ""
    message = message.split(": ", 1)[1] if message.startswith(f"topiceval {command}: ") else message
    if status == 1:
        raise FormatError(message)
    if status == 2:
        if message.startswith("--"):  # the command line's option, named as the keyword here
            option, _, rest = message[2:].partition(" ")
            message = option.replace("-", "_") + " " + rest
        raise SettingError(message)
    if status != 0:
        raise Error(message)
    return _json.loads(out)


# The commands' options that are switches (given or not), not settings with a value.
_SWITCHES = {"align-topics", "check-convergence", "quiet"}


def _options(settings: dict) -> list:
    arguments = []
    for name, value in settings.items():
        option = name.replace("_", "-")
        if option in _SWITCHES:
            if not isinstance(value, bool):
                raise SettingError(f"{name} must be True or False, not {value!r}")
            arguments += ["--" + option] if value else []
        elif isinstance(value, (list, tuple)):
            raise SettingError(f"{name} takes one value, not {value!r}")
        else:
            arguments += ["--" + option, _setting_text(value)]
    return arguments


def select(model_paths, input_path, **options) -> dict:
    """``topiceval select``: which of these MALLET models (e.g. one per K) predicts ``input_path`` best.

    ``model_paths`` is a list of model files (or one path, or a directory of them); options as keyword
    arguments (``estimator="resample-move"``, ``runs=4``, ``particles=64``, ``check_convergence=True``...);
    returns the command's JSON report as a dict.
    """
    if isinstance(model_paths, (str, bytes, _os.PathLike)):
        model_paths = [model_paths]
    arguments = []
    for path in model_paths:
        arguments += ["--model", _path("model_paths", path)]
    return _json_command("select", arguments + ["--input", _path("input_path", input_path)] + _options(options))


def compare(model_a, model_b, input_path, **options) -> dict:
    """``topiceval compare``: two MALLET models on the same held-out documents; the JSON report as a dict."""
    arguments = ["--model-a", _path("model_a", model_a), "--model-b", _path("model_b", model_b), "--input",
                 _path("input_path", input_path)]
    return _json_command("compare", arguments + _options(options))


def estimators() -> list:
    """The names of every estimator :func:`evaluate` takes."""
    return list(_native.estimator_names())
