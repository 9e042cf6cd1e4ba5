# SPDX-License-Identifier: Apache-2.0
"""topiceval: held-out likelihood of topic models, with honest error bars.

Evaluates MALLET's model files natively (the same numbers as ``mallet evaluate-topics``,
bit for bit) and any topic model given as arrays: gensim's ``get_topics()``, scikit-learn's
``components_``, or topic-word counts. Every estimate of a stochastic estimator carries a
standard error over independent runs.

    import topiceval
    model = topiceval.load_model("inferencer.mallet")
    documents = topiceval.load_documents("test.mallet", model)
    result = topiceval.evaluate(model, documents)            # resample-move, 128 particles, 4 runs
    print(result.summary.log_likelihood, "+-", result.summary.log_likelihood_se, result.perplexity)

Documents are given as a list of word-id sequences, as a gensim bag-of-words corpus (each
``(id, count)`` pair expanded to ``count`` copies of ``id``; a bag has no token order, so estimators that
depend on the order see its tokens shuffled, keyed by ``seed`` and the document's index, and the window
coherences count whole documents), or as
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

# The namespace holds the documented names only (__all__ and __version__; python/tests/test_namespace.py):
# the future import's own name goes, its effect on annotations stays.
del annotations


class Error(Exception):
    """Every error topiceval raises."""


class FormatError(Error):
    """A file that cannot be read as what it should be: the message names the file and the problem."""


class SettingError(Error, ValueError):
    """A bad setting (estimator, particles, runs...): the message names it as the keyword argument."""


class ModelError(Error, ValueError):
    """Bad arrays: shapes that disagree, negative or non-finite values, rows that do not sum to 1."""


class SettingTypeError(SettingError, TypeError):
    """A keyword argument of the wrong type (also a TypeError, as Python's own are)."""


class TopicevalWarning(UserWarning):
    """What a result's numbers must be read with: tokens skipped, heavy tails, no convergence..."""


from . import _native as _extension  # noqa: E402  (the error classes must exist first: the extension raises them)


class _Guarded:
    """The extension's functions, each converting what pybind11 raises when an argument cannot be converted
    (TypeError, UnicodeError) into a SettingTypeError: the package checks every argument before the call, so
    this is the last resort that keeps foreign exceptions out of a caller's way."""

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        value = getattr(self._module, name)
        if not callable(value) or isinstance(value, type):
            return value

        def call(*arguments):
            try:
                return value(*arguments)
            except (TypeError, UnicodeError) as error:
                if isinstance(error, Error):
                    raise
                problem = str(error).splitlines()[0] if str(error) else type(error).__name__
                raise SettingTypeError(f"an argument could not be handed to the library ({name}: {problem})") \
                    from error
        return call


_native = _Guarded(_extension)


def _unpickle(kind, state):
    """A pickled result back (each result's __reduce__ names this): its class rebuilt from its whole state, which the
    library checks as strictly as a result it has just made."""
    if not (isinstance(kind, type) and kind.__module__ == _extension.__name__ and "_from_state" in vars(kind)):
        raise FormatError(f"a pickled topiceval result names {kind!r}, not one of topiceval's result classes")
    return kind._from_state(state)

__version__ = _native.version

__all__ = ["Error", "FormatError", "SettingError", "SettingTypeError", "ModelError", "TopicevalWarning", "Model",
           "Result", "MalletResult", "SelectResult", "CompareResult", "CurveResult", "load_model", "load_documents",
           "evaluate", "evaluate_topics", "infer_topics", "select", "compare", "curve", "diagnostics", "coherence", "Diagnostics",
           "CoherenceResult", "browse", "BrowseResult", "run", "main", "estimators", "options"]


class Model:
    """A topic model: read from a file (any MALLET model, a logistic-normal model), or built from counts or
    from topic-word probabilities."""

    def __init__(self, native, name=None):
        if not isinstance(native, _extension.NativeModel):
            raise SettingTypeError("use topiceval.load_model, Model.from_topics or Model.from_counts to make a Model")
        self._native = native
        self.name = name

    @property
    def name(self):
        """What :func:`select`, :func:`compare` and :func:`curve` call this model in their results and reports
        (None: its path, or "model N" for a model in memory, numbered as given)."""
        return self._name

    @name.setter
    def name(self, name):
        self._name = _name("name", name)

    @classmethod
    def from_counts(cls, topic_word_counts, alpha, beta: float, *, name=None) -> "Model":
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
        return cls(_native.from_counts(as_integers, _alpha_vector(alpha, counts), _real("beta", beta)), name)

    @classmethod
    def from_topics(cls, phi, alpha, *, name=None) -> "Model":
        """A model from topic-word probabilities ``phi[k, w] = p(w | topic k)`` and the Dirichlet ``alpha``.

        ``phi`` is gensim's ``model.get_topics()``, or scikit-learn's ``components_`` normalised row by
        row (``components_ / components_.sum(axis=1)[:, None]``): K rows over V words, non-negative,
        each summing to 1 within 1e-4 (then renormalised exactly). A word with probability 0 under
        every topic cannot be scored and is skipped. ``alpha`` is one value per topic or a scalar
        (gensim's ``model.alpha``; scikit-learn's ``doc_topic_prior_``).
        """
        matrix = _numeric_array("phi", phi)
        return cls(_native.from_topics(matrix, _alpha_vector(alpha, matrix)), name)

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

    @property
    def logistic_normal(self) -> bool:
        """Whether this is a logistic-normal (correlated) topic model."""
        return self._native.logistic_normal

    def topic_word_probabilities(self) -> _numpy.ndarray:
        """phi[k, w] = p(w | topic k) as topiceval scores it: for counts, (n[w, k] + beta) / (n[k] + V beta)."""
        return self._native.topic_word_probabilities()

    def with_words(self, words) -> "Model":
        """The same model with its vocabulary (a list by word id, or a gensim Dictionary), so that text and
        token lists are looked up in it."""
        if hasattr(words, "id2token") or hasattr(words, "token2id"):
            mapping = dict(words.token2id)
            if not all(isinstance(index, (int, _numpy.integer)) and 0 <= index < len(mapping)
                       for index in mapping.values()):
                raise SettingError(f"words: the Dictionary's ids are not 0..{len(mapping) - 1}")
            words = [None] * len(mapping)
            for word, index in mapping.items():
                words[index] = word
        if isinstance(words, (str, bytes)):
            raise SettingTypeError("words must be a list of words by id, not one string")
        try:
            words = list(words)
        except TypeError:
            raise SettingTypeError(f"words must be a list of words by id, not {type(words).__name__}") from None
        return Model(self._native.with_words([_word(f"words[{index}]", word) for index, word in enumerate(words)]),
                     self.name)

    def save(self, path) -> None:
        """Writes this model to ``path`` for the command line and :func:`load_model` (``topiceval evaluate --model
        PATH``), in topiceval's own text formats: a logistic-normal model as ``train-ctm`` writes it, an LDA model
        (read from MALLET's files or built from counts or probabilities) with its counts or probabilities and
        words, so that it scores every document to the same bits. A topic state's training documents are not
        kept. The file is replaced whole, and never the file the model was read from."""
        self._native.save(_path("path", path))

    def __repr__(self) -> str:
        name = "" if self.name is None else f" {self.name!r}"
        return f"<topiceval.Model{name} {self.kind}: {self.num_topics} topics, {self.num_types} word types>"


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


def _numbers(name, values, what: str, dimensions: int, error=None, low=None, high=None, whole=False, finite=True):
    """The one check of an array handed over from Python, before any numpy function computes with it: `values` as
    a numpy array of numbers (integers or floats, never objects, strings or booleans) of `dimensions` dimensions,
    finite (unless `finite` is False: a model's arrays, measured before they are read, and checked by the library
    once copied), whole when `whole`, within `low`..`high`; otherwise `error` (a SettingError by default, a
    SettingTypeError for values of the wrong type) whose message names `name` and says it must be `what`."""
    error = error or SettingError
    kind_error = SettingTypeError if error is SettingError else error
    try:
        array = _numpy.asarray(values)
    except (ValueError, TypeError) as problem:
        first = str(problem).splitlines()[0] if str(problem) else type(problem).__name__
        raise kind_error(f"{name} must be {what}: {first}") from None
    except MemoryError:
        raise Error(f"{name}: out of memory while reading it as an array") from None
    if array.dtype.kind not in "iuf":
        raise kind_error(f"{name} must be {what}, not {array.dtype} values")
    if array.ndim != dimensions:
        raise error(f"{name} must be {what}, not a {array.ndim}-D array")
    if array.size == 0 or not finite:
        return array
    # The extremes are reductions without a copy (NaN reaches them): an array is measured before it is copied.
    smallest, largest = array.min(), array.max()
    if array.dtype.kind == "f":
        if not (_numpy.isfinite(smallest) and _numpy.isfinite(largest)):
            raise error(f"{name} must be {what}: it holds {array[~_numpy.isfinite(array)].flat[0]!r}")
        if whole and not (_numpy.floor(array) == array).all():
            raise error(f"{name} must be {what}: it holds {array[_numpy.floor(array) != array].flat[0]!r}")
    if low is not None and smallest < low or high is not None and largest > high:
        outside = smallest if low is not None and smallest < low else largest
        raise error(f"{name} must be {what}, in {low}..{high}: it holds {outside:.0f}")
    return array


def _numeric_array(name, values) -> _numpy.ndarray:
    """A 2-D float64 array of `values`, or a ModelError saying why not."""
    array = _numbers(name, values, "a 2-D numeric array (topics x words)", 2, error=ModelError, finite=False)
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


def _path(name, path) -> bytes:
    """A file path as the library takes it: str, bytes or os.PathLike, as bytes (os.fsencode), so that a name
    that is not UTF-8 reaches the file system as it is."""
    if isinstance(path, (str, bytes, _os.PathLike)):
        try:
            path = _os.fsencode(path)
        except TypeError:  # an os.PathLike whose __fspath__ gives neither str nor bytes
            raise SettingTypeError(f"{name} must be a file path (str, bytes or os.PathLike), not "
                                   f"{type(path).__name__}") from None
        if b"\0" in path:
            raise SettingError(f"{name} holds a NUL character, which no file name can")
        return path
    raise SettingTypeError(f"{name} must be a file path (str, bytes or os.PathLike), not {type(path).__name__}")


def _is_path(value) -> bool:
    return isinstance(value, (str, bytes, _os.PathLike))


def _word(name, word) -> bytes:
    """A word as the library takes it (UTF-8, a lone surrogate in the three-byte form MALLET's files hold). None and
    other objects are refused rather than spelled as their str()."""
    if isinstance(word, str):
        return _native_text(word)
    if word is None:
        raise SettingError(f"{name} is None, not a word")
    raise SettingTypeError(f"{name} is {type(word).__name__} {word!r}, not a word (str)")


def _name(argument, name):
    """A model's name: None or a non-empty str."""
    if name is None:
        return None
    if not isinstance(name, str) or not name:
        raise SettingTypeError(f"{argument} must be a non-empty str (or None), not {name!r}")
    return name


def _model(model) -> "Model":
    if not isinstance(model, Model):
        raise SettingTypeError("model must be a topiceval.Model (from load_model, Model.from_topics or "
                               f"Model.from_counts), not {type(model).__name__}")
    return model


def load_model(path, *, name=None) -> Model:
    """Reads any model file: a MALLET evaluator, inferencer, saved model (--output-model) or gzipped topic
    state, a train-ctm logistic-normal model or a ctm-c directory. ``name``: what results call it (see
    :attr:`Model.name`)."""
    return Model(_native.read_model(_path("path", path)), name)


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
    array = _numbers(f"documents[{index}]", values, "a sequence of word ids (whole numbers; strings of words are "
                     "looked up with vocabulary=)", 1, low=0, high=_LARGEST_ID, whole=True) \
        if _numpy.size(values) else _numpy.zeros(0, dtype=_numpy.int64)
    return array.astype(_numpy.int64)


def _count_matrix(counts) -> list:
    """Rows of a document-term count matrix (numpy 2-D or scipy sparse) as id arrays, each column's id
    repeated by its count, columns in increasing order."""
    what = "a document-term matrix of non-negative whole counts"
    if hasattr(counts, "tocsr"):
        try:
            rows = counts.tocsr()
            shape = tuple(int(n) for n in rows.shape)
        except (ValueError, TypeError, AttributeError) as problem:
            raise SettingTypeError(f"documents must be {what}: {problem}") from None
        data = _numbers("documents", rows.data, what, 1, low=0, whole=True)
        indices = _numbers("documents' column indices", rows.indices, f"column indices below {shape[1]}", 1, low=0,
                           high=max(shape[1] - 1, 0))
        starts = _numbers("documents' row starts", rows.indptr, "row starts", 1, low=0, high=len(data))
        if len(starts) != shape[0] + 1 or len(indices) != len(data):
            raise SettingError(f"documents must be {what}: its row starts and column indices do not fit its counts")
        return [_expand(d, indices[starts[d]:starts[d + 1]], data[starts[d]:starts[d + 1]]) for d in range(shape[0])]
    matrix = _numbers("documents", counts, what, 2, low=0, whole=True)
    return [_expand(d, _numpy.nonzero(row)[0], row[_numpy.nonzero(row)[0]]) for d, row in enumerate(matrix)]


def _expand(index, words, counts) -> _numpy.ndarray:
    words = _numbers(f"documents[{index}]", words, "word ids", 1, low=0, high=_LARGEST_ID, whole=True)
    counts = _numbers(f"documents[{index}]", counts, "non-negative whole counts", 1, low=0, whole=True)
    if counts.size and counts.sum() > _MOST_TOKENS:
        raise SettingError(f"documents[{index}] holds {counts.sum():.0f} tokens, more than 2^31-1")
    tokens = int(counts.sum()) if counts.size else 0
    # Expanded to one int64 per token here, then one int32 in the library.
    _check_budget(f"documents[{index}]", tokens * 12, f"{tokens} tokens")
    return _copy(f"documents[{index}]",
                 lambda: _numpy.repeat(words.astype(_numpy.int64), counts.astype(_numpy.int64)), tokens * 12)


class _Documents(list):
    """Documents as int64 arrays, with the indices of those that are bags of words (``unordered``): the
    library shuffles a bag's tokens (keyed by the seed and the document's index) for the estimators whose
    result depends on the order, and counts whole documents for the window coherences, never an order the
    expansion made up."""

    def __init__(self, documents, unordered):
        super().__init__(documents)
        self.unordered = list(unordered)


def _documents(documents, model: Model, vocabulary) -> list:
    """Any accepted form of documents as a list of int64 arrays (see the module's documentation)."""
    if isinstance(documents, (str, bytes)):
        raise SettingTypeError("documents must be a sequence of documents, not one string (a path is given as "
                               "os.PathLike, or to load_documents)")
    if hasattr(documents, "tocsr") or (isinstance(documents, _numpy.ndarray) and documents.ndim == 2):
        counted = _count_matrix(documents)  # a document-term count matrix, as scikit-learn's CountVectorizer makes
        return _Documents(counted, range(len(counted)))
    if isinstance(documents, _numpy.ndarray) and documents.ndim == 1 and documents.dtype.kind in "iuf":
        raise SettingError("documents must be a sequence of documents; this 1-D array of numbers looks like one "
                           "document: pass [array]")
    try:
        iterator = iter(documents)
    except TypeError:
        raise SettingTypeError(f"documents must be a sequence of documents, not {type(documents).__name__}") from None
    lookup = None
    converted, bags = [], []
    for index, document in enumerate(iterator):
        if isinstance(document, bytes):
            raise SettingTypeError(f"documents[{index}] is bytes: decode it to a str (words are looked up by text)")
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
        items = document if isinstance(document, _numpy.ndarray) and document.ndim == 1 else list(document) \
            if isinstance(document, (list, tuple, range)) else None
        if isinstance(document, _numpy.ndarray) and document.ndim != 1:
            raise SettingError(f"documents[{index}] must be a sequence of word ids, not a {document.ndim}-D array")
        if items is None:
            raise SettingTypeError(f"documents[{index}] must be a sequence of word ids, (id, count) pairs or a "
                                   f"string, not {type(document).__name__}")
        if len(items) > 0 and isinstance(items[0], tuple):  # gensim bag of words: (id, count) pairs
            if not all(isinstance(pair, tuple) and len(pair) == 2 for pair in items):
                raise SettingError(f"documents[{index}] mixes (id, count) pairs with other items")
            words, counts = zip(*items)
            if not all(isinstance(w, (int, _numpy.integer)) and not isinstance(w, bool) for w in words):
                raise SettingTypeError(f"documents[{index}] has a word id that is not an integer in its (id, count) "
                                       "pairs")
            try:
                counts = _numpy.asarray(counts, dtype=_numpy.float64)
            except (ValueError, TypeError):
                raise SettingTypeError(f"documents[{index}] has (id, count) pairs whose counts are not numbers") \
                    from None
            converted.append(_expand(index, _numpy.asarray(words, dtype=_numpy.int64), counts))
            bags.append(index)
            continue
        try:
            converted.append(_ids(index, items))
        except (ValueError, TypeError) as error:
            if isinstance(error, Error):
                raise
            raise SettingTypeError(f"documents[{index}] must be a sequence of word ids: {error}") from None
    return _Documents(converted, bags)


def _documents_or_path(documents, model: Model, vocabulary):
    """A path (str, bytes or os.PathLike, as everywhere a path is taken) as the library reads it, or documents
    in memory as id arrays."""
    if _is_path(documents):
        return _path("documents", documents)
    return _documents(documents, model, vocabulary)


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
        for index, word in enumerate(vocabulary):
            _word(f"vocabulary[{index}]", word)
        mapping = {word: index for index, word in reversed(list(enumerate(vocabulary)))}
    else:
        raise SettingTypeError("vocabulary must be a list of words, a dict word -> id or a gensim Dictionary, not "
                               f"{type(vocabulary).__name__}")
    for word, index in mapping.items():
        _word(f"vocabulary's key for id {index!r}", word)
    if not all(isinstance(i, (int, _numpy.integer)) and 0 <= i <= _LARGEST_ID for i in mapping.values()):
        raise SettingError("vocabulary ids must be integers in 0..2^31-1")
    return _Vocabulary(mapping, model.num_types)


# ---- Options: declared once in the library, spelled here as keywords ----------------------------------------

def options(command: str) -> list:
    """The options a command takes (the library's declarations): dicts with ``keyword``, ``kind``,
    ``default``, ``shown_default`` (what help says: an estimator setting's per-estimator defaults),
    ``choices``, ``help``. Those only the command line has (output files, formats) are left out."""
    if not isinstance(command, str):
        raise SettingTypeError(f"command must be a name (see topiceval --help), not {command!r}")
    return [option for option in _native.command_options(command.encode("utf-8", "surrogateescape"))
            if not option["command_line_only"]]


def _option_text(option, value) -> str:
    """A keyword's value as the library reads it, checked for its kind (a wrong type is a SettingTypeError)."""
    name, kind = option["keyword"], option["kind"]
    if value is None:
        return None
    if kind in ("boolean", "switch") or (kind == "setting" and isinstance(value, (bool, _numpy.bool_))):
        if not isinstance(value, (bool, _numpy.bool_)):
            raise SettingTypeError(f"{name} must be True or False, not {value!r}")
        return "true" if value else "false"
    if kind == "integer":
        if isinstance(value, bool) or not isinstance(value, (int, _numpy.integer)):
            raise SettingTypeError(f"{name} must be an integer, not {value!r}")
        return str(int(value))
    if kind == "real":
        if isinstance(value, bool) or not isinstance(value, (int, float, _numpy.integer, _numpy.floating)):
            raise SettingTypeError(f"{name} must be a number, not {value!r}")
        return repr(float(value))
    if kind == "setting":
        if isinstance(value, (int, _numpy.integer)):
            return str(int(value))
        if isinstance(value, str):
            return value
        raise SettingTypeError(f"{name} must be a number, true/false or a name, not {value!r}")
    if kind == "path":
        return _path(name, value)
    if not isinstance(value, str):
        raise SettingTypeError(f"{name} must be a string, not {value!r}")
    return value


def _command_options(command: str, keywords: dict, own=()) -> dict:
    """Keywords as the library's option names and texts, each checked against the command's declarations;
    ``own`` are the function's other keywords (suggested too for a misspelled keyword)."""
    declared = {option["keyword"]: option for option in options(command)}
    texts = {}
    for keyword, value in keywords.items():
        option = declared.get(keyword)
        if option is None:
            function = command.replace("-", "_")
            # The command line's rule for "did you mean", from the library.
            suggestion = _native.closest_match(keyword.encode("utf-8", "surrogateescape"),
                                               sorted(set(declared) | set(own)))
            hint = f"did you mean {suggestion}?; " if suggestion is not None else ""
            raise SettingTypeError(f"{keyword} is not an option of {command} ({hint}see help(topiceval.{function}); "
                                   f"options: {', '.join(sorted(declared))})")
        text = _option_text(option, value)
        if isinstance(text, str):
            text = text.encode("utf-8", "surrogateescape")
        if text is not None:
            texts[option["name"]] = text
    return texts


def _options_doc(command: str, leave_out=()) -> str:
    lines = []
    for option in options(command):
        if option["keyword"] in leave_out or option["kind"] in ("path", "list") and option["required"]:
            continue
        default = "" if option["shown_default"] is None else f" (default {option['shown_default']})"
        lines.append(f"    {option['keyword']}: {option['help']}{default}".replace("\n", "; "))
    return "\n".join(lines)


def _warn(warnings) -> None:
    import warnings as _warnings  # noqa: PLC0415
    for _kind, text in warnings:
        _warnings.warn(text, TopicevalWarning, stacklevel=3)


# ---- Results --------------------------------------------------------------------------------------------------

def _deprecated(owner: str, old: str, new: str, get):
    """A property kept for the spelling of an earlier release: it warns, naming the new spelling, and gives the
    same value."""
    def getter(self):
        import warnings as _warnings  # noqa: PLC0415
        _warnings.warn(f"{owner}.{old} is deprecated: use {new}", DeprecationWarning, stacklevel=2)
        return get(self)
    return property(getter, doc=f"Deprecated: use ``{new}``.")


def _compares_as_text(cls, owner: str, old: str, field: str) -> None:
    """A section that earlier releases gave as a text (its ``field``) still compares equal to that text, with a
    DeprecationWarning naming the attribute to read instead."""
    def equals(self, other):
        if isinstance(other, str):
            import warnings as _warnings  # noqa: PLC0415
            _warnings.warn(f"{owner}.{old} is no longer a str: compare {owner}.{old}.{field}", DeprecationWarning,
                           stacklevel=2)
            return getattr(self, field) == other
        return NotImplemented
    cls.__eq__ = equals
    cls.__hash__ = None
    cls.__str__ = lambda self: str(getattr(self, field))


def _one_line(self) -> str:
    """A result section in one line: its attributes, arrays and long lists by their length."""
    names = [name for name in dir(type(self)) if not name.startswith("_")
             and isinstance(getattr(type(self), name), property) and not getattr(type(self), name).__doc__
             or name in getattr(type(self), "_shown", ())]
    return (f"<topiceval.{type(self).__name__} "
            + ", ".join(f"{name}={_brief(getattr(self, name))}" for name in names) + ">")


# What evaluate() returns: the library's result bound as it is (topiceval._native.EvaluateResult), its attributes
# named as ``topiceval evaluate --format json`` names its keys, read-only.
Result = _native.EvaluateResult
Result.__doc__ = """What :func:`evaluate` returns, read-only, named as ``topiceval evaluate --format json`` names its keys.

    ``model`` (``path``, ``kind``, ``topics``, ``types``); ``input`` (``path``, ``documents``, ``tokens``);
    ``estimator`` (``name``, ``description``, ``settings``, ``stochastic``, ``unbiased``, ``seed``, ``runs``,
    ``completion``, ``error_caveat``); ``unseen_words`` (``policy``, ``skipped_tokens``, ``skipped_types``,
    ``unseen_types_scored``, ``vocabulary_size``); ``summary``: the corpus's ``log_likelihood`` +-
    ``log_likelihood_se`` (the documents' sum, independent errors in quadrature), ``per_token`` and ``perplexity``
    (with ``per_token_se``, ``perplexity_se``) over the scored ``tokens``, ``error`` (what the +- covers, in
    words), ``log_mean_bias``, ``log_likelihood_interval`` and ``per_token_interval`` (``(low, high)``: 95% of
    the sampling error widened upward by the log-mean bias bound, the headline), ``heavy_tailed_documents``, ``wall_seconds``, ``site_updates``...; ``convergence``
    (None unless asked for) and ``target_error`` (what a target error, or the default budget policy
    ``budget_policy="bias-bound"``, spent; None under ``budget_policy="fixed"``); ``documents``, one entry per document (``name``, ``tokens``,
    ``skipped``, ``loglik`` +- ``loglik_se``, ``perplexity``, ``effective_runs``, ``flag``, ``budget``,
    ``runs``, ``site_updates``); ``warnings`` (also issued as TopicevalWarning).

    ``columns`` holds the documents' values as numpy arrays under the same names (``columns["loglik"]``...), and
    :meth:`to_pandas` as a DataFrame. The summary's ``per_token``, ``per_token_se``, ``perplexity``,
    ``perplexity_se``, ``error``, ``wall_seconds`` and ``variational_bound`` are also read on
    the result itself (``result.perplexity`` is the corpus's, as in the JSON's summary).
    """


def _result_to_pandas(self):
    """One row per document, columns named as the JSON's documents (needs pandas: Debian's python3-pandas)."""
    return _pandas().DataFrame(self.columns)


def _result_repr(self) -> str:
    summary = self.summary
    error = ("" if not self.estimator.stochastic or _math.isnan(summary.log_likelihood_se)
             else f" +- {summary.log_likelihood_se:.4f}")
    return (f"<topiceval.Result {self.estimator.description}: log likelihood {summary.log_likelihood:.4f}{error}, "
            f"per token {summary.per_token:.6f}, perplexity {summary.perplexity:.3f}, {summary.documents} documents>")


Result.to_pandas = _result_to_pandas
Result.__repr__ = _result_repr
for _key in ("per_token", "per_token_se", "perplexity", "perplexity_se", "error", "wall_seconds", "variational_bound"):
    setattr(Result, _key, property(lambda self, _key=_key: getattr(self.summary, _key), doc=f"``summary.{_key}``"))
# The spellings of earlier releases, each the same value as its new spelling.
for _old, _new, _get in (
        ("total", "result.summary.log_likelihood", lambda r: r.summary.log_likelihood),
        ("total_se", "result.summary.log_likelihood_se", lambda r: r.summary.log_likelihood_se),
        ("seconds", "result.summary.wall_seconds", lambda r: r.summary.wall_seconds),
        ("site_updates", "result.summary.site_updates", lambda r: r.summary.site_updates),
        ("estimator_name", "result.estimator.name", lambda r: r.estimator.name),
        ("stochastic", "result.estimator.stochastic", lambda r: r.estimator.stochastic),
        ("unbiased", "result.estimator.unbiased", lambda r: r.estimator.unbiased),
        ("error_caveat", "result.estimator.error_caveat", lambda r: r.estimator.error_caveat),
        ("vocabulary_size", "result.unseen_words.vocabulary_size", lambda r: r.unseen_words.vocabulary_size),
        ("target", "result.target_error.summary",
         lambda r: None if r.target_error is None else r.target_error.summary),
        ("log_likelihood", 'result.columns["loglik"]', lambda r: r.columns["loglik"]),
        ("standard_error", 'result.columns["loglik_se"]', lambda r: r.columns["loglik_se"]),
        ("document_perplexity", 'result.columns["perplexity"]', lambda r: r.columns["perplexity"]),
        ("scored_tokens", 'result.columns["tokens"]', lambda r: r.columns["tokens"]),
        ("skipped_tokens", 'result.columns["skipped"]', lambda r: r.columns["skipped"]),
        ("document_site_updates", 'result.columns["site_updates"]', lambda r: r.columns["site_updates"]),
        ("budgets", 'result.columns["budget"]', lambda r: r.columns["budget"]),
        ("runs", 'result.columns["runs"]', lambda r: r.columns["runs"]),
        ("names", 'result.columns["name"]', lambda r: r.columns["name"]),
        ("effective_runs", 'result.columns["effective_runs"]', lambda r: r.columns["effective_runs"]),
        ("conditioned_tokens", 'result.columns["conditioned_tokens"]', lambda r: r.columns["conditioned_tokens"]),
        ("heavy_tailed", 'result.columns["heavy_tailed"]', lambda r: r.columns["heavy_tailed"]),
        ("not_converged", 'result.columns["not_converged"]', lambda r: r.columns["not_converged"]),
        ("above_target", 'result.columns["above_target"]', lambda r: r.columns["above_target"])):
    setattr(Result, _old, _deprecated("Result", _old, _new, _get))
_compares_as_text(_native.EstimatorReport, "Result", "estimator", "description")
_compares_as_text(_native.UnseenWords, "Result", "unseen_words", "policy")
_compares_as_text(_native.ConvergenceVerdict, "Result", "convergence", "summary")
for _section in (_native.ModelReport, _native.EvaluateInput, _native.EvaluateCompletion, _native.EstimatorReport,
                 _native.UnseenWords, _native.EvaluateSummary, _native.ConvergenceVerdict, _native.ConvergenceStep,
                 _native.TargetErrorSummary, _native.TargetErrorLevel, _native.DocumentEstimate):
    _section.__repr__ = _one_line
del _key, _old, _new, _get, _section


def _pandas():
    try:
        import pandas  # noqa: PLC0415  (optional dependency)
    except ImportError:
        raise Error("to_pandas needs pandas, which is not installed: pip install topiceval[pandas] (or pandas; "
                    "Debian: apt-get install python3-pandas)") from None
    return pandas


def _brief(value) -> str:
    """A value as a result row's repr shows it: an array or a long list by its length, not its contents."""
    if isinstance(value, _numpy.ndarray):
        return f"<{value.size} {value.dtype} values>"
    if isinstance(value, list) and len(value) > 4:
        return f"<{len(value)} items>"
    return repr(value)


class _Row(dict):
    """A row of a result (a model of :class:`SelectResult`, its documents...): a dict whose repr shows its
    per-document and per-topic arrays by their length, so that printing a row prints a line."""

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{key!r}: {_brief(value)}" for key, value in self.items()) + "}"

    __str__ = __repr__


class _DocumentColumns(_Row):
    """A model's per-document columns (:class:`SelectResult`), named as ``topiceval evaluate --format json`` names
    a document's keys (``loglik``, ``loglik_se``, ``tokens``...: :attr:`Result.columns`); the keys of earlier
    releases still read, with a DeprecationWarning naming the new key."""

    _EARLIER = {"log_likelihood": "loglik", "standard_error": "loglik_se", "scored_tokens": "tokens",
                "skipped_tokens": "skipped", "document_site_updates": "site_updates", "budgets": "budget",
                "names": "name"}

    def __getitem__(self, key):
        if key in self._EARLIER and not dict.__contains__(self, key):
            import warnings as _warnings  # noqa: PLC0415
            _warnings.warn(f'documents["{key}"] is deprecated: use documents["{self._EARLIER[key]}"]',
                           DeprecationWarning, stacklevel=2)
            key = self._EARLIER[key]
        return super().__getitem__(key)


# What evaluate_topics() returns: the library's result bound as it is, read-only.
MalletResult = _native.MalletResult
MalletResult.__doc__ = """What :func:`evaluate_topics` returns, read-only: MALLET's numbers (``log_likelihood`` per document, a
    numpy array, and their ``total``), the ``seed`` used, and the run's ``documents``, ``tokens``,
    ``sampling_errors`` (draws where MALLET prints "sampling error"), ``site_updates`` and ``threads``."""
MalletResult.__repr__ = lambda self: (f"<topiceval.MalletResult total {self.total!r}, {len(self.log_likelihood)} "
                                      f"documents, seed {self.seed}>")


class SelectResult:
    """What :func:`select` returns: ``models``, best first, each a read-only :class:`RankedModel` named as
    ``topiceval select --format json`` names a model's keys (the dict keys of earlier releases still read, with a
    DeprecationWarning), with its ``path`` (its name when it was
    given one, else its path, or "model N" for a model in memory, numbered as given; printed as one line),
    ``topics``, ``total`` +- ``total_se``, ``per_token``,
    ``perplexity``, ``difference_to_best`` +- ``difference_se`` (paired over documents) and ``verdict``
    ("best", "worse", "too close to call" when the difference's interval, bias bounds included, holds 0, or
    "unsupported" when the model's runs do not support its interval, ``interval_unsupported`` saying why: such a
    model is listed after the others and not ranked;
    ``too_close_to_call``, ``difference_interval``, ``total_interval``, ``per_token_interval`` and
    ``log_mean_bias`` beside it); ``best`` is the first. ``tokens`` are the
    tokens every model scores (``scored_tokens`` of ``tokens`` in all). Each model's ``quality`` (None with
    ``coherence="none"``, or for a model without words) holds its mean ``coherence`` +- ``coherence_se`` by
    ``measure`` on ``quality_reference``, ``exclusivity``, ``frex``, ``diversity``, ``topic_coherence`` and
    ``top_words``. ``seed_groups``: for each K given by two or more models (runs with other seeds), ascending, a
    :class:`SeedGroup`: its ``runs`` (paths, in the order given), Greene et al.'s ``agreement`` of every pair of runs
    (``pairs``: ``a``, ``b``, ``agreement``; the top ``stability_words`` words of each topic compared) with
    ``agreement_sd``, ``agreement_min`` and ``agreement_max`` over pairs, ``topic_agreement`` per run and topic,
    the runs' mean ``per_token`` with its ``per_token_spread`` between seeds and ``per_token_error`` within runs, and
    against ``next_topics`` (the next K in the list; 0: none) ``difference_to_next`` +- ``difference_to_next_se``
    and ``exceeds_retraining``. :meth:`write_html` writes the command line's HTML report (``select --report``)."""

    def __init__(self, values: dict):
        self.models = values["models"]
        self.seed_groups = values["seed_groups"]
        self.stability_words = int(values["stability_words"])
        self.best = self.models[0]
        self._report = values["report"]
        self.input = values["input"]
        self.quality_reference = values["quality_reference"]
        self.documents = int(values["documents"])
        self.tokens = int(values["tokens"])
        self.scored_tokens = int(values["scored_tokens"])
        self.unseen_words = values["unseen_words"]
        self.estimator = values["estimator"]
        self.stochastic = bool(values["stochastic"])
        self.unbiased = bool(values["unbiased"])
        self.seed = int(values["seed"])
        self.runs = int(values["runs"])
        self.wall_seconds = float(values["seconds"])
        self.warnings = [text for _kind, text in values["warnings"]]

    def to_pandas(self):
        """One row per model, best first (needs pandas)."""
        columns = ("path", "kind", "topics", "tokens", "own_skipped_tokens", "total", "total_se", "per_token",
                   "per_token_se", "perplexity", "difference_to_best", "difference_se", "verdict")
        rows = []
        for model in self.models:
            row = {column: getattr(model, column) for column in columns}
            for column in ("coherence", "coherence_se", "exclusivity", "frex", "diversity"):
                row[column] = float("nan") if model.quality is None else getattr(model.quality, column)
            rows.append(row)
        return _pandas().DataFrame(rows)

    def write_html(self, path) -> None:
        """The command line's HTML report of this ranking (``select --report``), written to ``path``."""
        self._report.write(_path("path", path))

    seconds = _deprecated("SelectResult", "seconds", "result.wall_seconds", lambda r: r.wall_seconds)

    def __repr__(self) -> str:
        ranking = ", ".join(f"{model.path} ({model.topics} topics, {model.verdict})" for model in self.models)
        return f"<topiceval.SelectResult {ranking}>"


class _KeyedDocuments(list):
    """A result's documents, one bound object each; indexing by a column's name (the dict of per-document arrays
    earlier releases gave) still reads that column from ``columns``, with a DeprecationWarning naming it."""

    def __init__(self, documents, owner: str, columns, earlier: dict, attribute: str = "documents"):
        super().__init__(documents)
        self._owner, self._columns, self._earlier, self._attribute = owner, columns, earlier, attribute

    def __getitem__(self, key):
        if isinstance(key, str):
            new = self._earlier.get(key, key)
            import warnings as _warnings  # noqa: PLC0415
            _warnings.warn(f'{self._owner}.{self._attribute}["{key}"] is deprecated: use result.columns["{new}"]',
                           DeprecationWarning, stacklevel=2)
            return self._columns()[new]
        return super().__getitem__(key)


def _model_report_item(self, key):
    """Earlier releases gave a model's report as a dict: its keys still read, with a DeprecationWarning."""
    import warnings as _warnings  # noqa: PLC0415
    _warnings.warn(f'model["{key}"] is deprecated: use model.{key}', DeprecationWarning, stacklevel=2)
    try:
        return getattr(self, key)
    except AttributeError:
        raise KeyError(key) from None


_native.ModelReport.__getitem__ = _model_report_item
# select's rows (models, each model's quality) were dicts too.
_native.RankedModel.__getitem__ = _model_report_item
_native.TopicQuality.__getitem__ = _model_report_item
_native_ranked_documents = _native.RankedModel.documents
_native.RankedModel.documents = property(lambda self: _DocumentColumns(_native_ranked_documents.fget(self)),
                                         doc=_native_ranked_documents.__doc__)
_native.RankedModel.__repr__ = _one_line
_native.TopicQuality.__repr__ = _one_line
_native.TopicNumberFigure.__repr__ = _one_line
_native.SeedGroup.__repr__ = _one_line
_native.SeedPair.__repr__ = _one_line

# What compare() returns: the library's result bound as it is, named as ``topiceval compare --format json`` names
# its keys, read-only.
CompareResult = _native.CompareResult
CompareResult.__doc__ = """What :func:`compare` returns, read-only, named as ``topiceval compare --format json`` names its keys.

    ``model_a``, ``model_b`` (``path``, ``kind``, ``topics``, ``types``); ``input`` (``path``, ``documents``);
    ``estimator`` (``name``, ``path``, ``direction``, ``temperatures``, ``burn_in``, ``samples``, ``seed``,
    ``aligned_topics``); ``summary``: ``log_ratio`` = log p(w | A) - log p(w | B) summed over documents, +-
    ``log_ratio_se``, ``log_ratio_interval`` and ``per_token_ratio_interval`` (``(low, high)`` at
    ``interval_confidence``, the annealing's bias included: one direction widened on its bias's side, both
    directions from the forward's low end to the reverse's high end; NaN with one sample), ``too_close_to_call``
    (the interval holds 0), the ``perplexity_ratio``, ``documents``, ``tokens`` (scored by both), ``unseen_words``,
    ``directions_paired_statistic`` (None unless both directions ran), ``wall_seconds``, ``threads``;
    ``documents``, one entry per document (``name``, ``tokens``, ``skipped``, ``logratio`` +- ``logratio_se``,
    ``perplexity_ratio``, ``logratio_forward``, ``logratio_reverse``, ``disagree``); ``warnings``.

    ``columns`` holds the documents' values as numpy arrays under the same names, :meth:`to_pandas` as a
    DataFrame. The summary's ``log_ratio``, ``log_ratio_se``, ``perplexity_ratio`` and ``wall_seconds`` are also
    read on the result itself.
    """
CompareResult.to_pandas = lambda self: _pandas().DataFrame(self.columns)
CompareResult.to_pandas.__doc__ = "One row per document, columns named as the JSON's documents (needs pandas)."
CompareResult.__repr__ = lambda self: (f"<topiceval.CompareResult log ratio A/B {self.summary.log_ratio:.4f} +- "
                                       f"{self.summary.log_ratio_se:.4f}>")
for _key in ("log_ratio", "log_ratio_se", "perplexity_ratio", "wall_seconds"):
    setattr(CompareResult, _key, property(lambda self, _key=_key: getattr(self.summary, _key), doc=f"``summary.{_key}``"))
_native_documents = CompareResult.documents
CompareResult.documents = property(
    lambda self: _KeyedDocuments(_native_documents.fget(self), "CompareResult", lambda: self.columns,
                                 {"log_ratio": "logratio", "log_ratio_se": "logratio_se",
                                  "forward": "logratio_forward", "reverse": "logratio_reverse"}),
    doc=_native_documents.__doc__)
for _old, _new, _get in (
        ("tokens", "result.summary.tokens", lambda r: r.summary.tokens),
        ("directions_paired_statistic", "result.summary.directions_paired_statistic",
         lambda r: r.summary.directions_paired_statistic),
        ("aligned_topics", "result.estimator.aligned_topics", lambda r: r.estimator.aligned_topics),
        ("seconds", "result.wall_seconds", lambda r: r.wall_seconds)):
    setattr(CompareResult, _old, _deprecated("CompareResult", _old, _new, _get))

# What curve() returns, bound the same way (``topiceval curve --format json``).
CurveResult = _native.CurveResult
CurveResult.__doc__ = """What :func:`curve` returns, read-only, named as ``topiceval curve --format json`` names its keys.

    ``input`` (``path``, ``documents``, ``scored_tokens``: the tokens every model scores); ``estimator``
    (``name``, ``temperatures``, ``seed``, ``stochastic``, ``runs``); ``states``, the models in training order,
    each with its ``path``, ``iteration`` (None unless every file's name carries one), held-out ``loglik``,
    ``per_token`` and ``perplexity`` (and its ``model``: ``kind``, ``topics``, ``types``); ``wall_seconds``;
    ``warnings``. ``columns`` holds the states' values as lists and numpy arrays under the same names, and
    ``models`` the states' models.
    """
CurveResult.to_pandas = lambda self: _pandas().DataFrame(self.columns)
CurveResult.to_pandas.__doc__ = "One row per state, columns named as the JSON's states (needs pandas)."
CurveResult.__repr__ = lambda self: (f"<topiceval.CurveResult {len(self.states)} models, per token "
                                     f"{list(self.columns['per_token'])}>")
for _old, _new, _get in (
        ("totals", 'result.columns["loglik"]', lambda r: r.columns["loglik"]),
        ("per_token", 'result.columns["per_token"]', lambda r: r.columns["per_token"]),
        ("iterations", 'result.columns["iteration"]', lambda r: r.columns["iteration"]),
        ("tokens", "result.input.scored_tokens", lambda r: r.input.scored_tokens),
        ("seconds", "result.wall_seconds", lambda r: r.wall_seconds)):
    setattr(CurveResult, _old, _deprecated("CurveResult", _old, _new, _get))
for _section in (_native.CompareInput, _native.CompareEstimator, _native.CompareSummary, _native.ComparedDocument,
                 _native.CurveInput, _native.CurveEstimator, _native.CurveState):
    _section.__repr__ = _one_line
del _key, _old, _new, _get, _section


# ---- The commands, on Model objects, paths and documents in memory --------------------------------------------

def evaluate(model: Model, documents, estimator: str | None = None, *, vocabulary=None, **options) -> Result:
    """Estimates the probability of each document under ``model``, with error bars.

    ``documents``: word-id sequences, gensim bags of words, strings or token lists (looked up in
    ``vocabulary``, the model's words by default), a document-term count matrix (numpy 2-D or scipy
    sparse, rows documents), or a file (str, bytes or os.PathLike: an instance list or plain text). ``estimator`` is
    any of :func:`estimators` (resample-move for LDA models, posterior-importance for logistic-normal
    ones, by default). Every other argument is a keyword; the options are the ``evaluate`` command's
    (an estimator's own settings with underscores: ``particles=64``, ``burn_in_sweeps=10``):

{options}

    The GIL is released while it runs (Ctrl-C interrupts it); the result does not depend on ``threads``.
    Warnings about the numbers are issued as :class:`TopicevalWarning` and kept in ``result.warnings``.
    """
    model = _model(model)
    if estimator is not None:
        if not isinstance(estimator, str):
            raise SettingTypeError(f"estimator must be a name, one of {', '.join(estimators())}; not {estimator!r}")
        options["estimator"] = estimator
    texts = _command_options("evaluate", options, ("vocabulary",))
    result = _native.evaluate(model._native, _documents_or_path(documents, model, vocabulary), texts)
    _warn((None, text) for text in result.warnings)
    return result


def evaluate_topics(model: Model, documents, *, vocabulary=None, **options) -> MalletResult:
    """MALLET's ``evaluate-topics``: its left-to-right estimator with its arithmetic and random stream.

    The numbers are MALLET 2.1.1's own, bit for bit, on any number of threads. The options are
    MALLET's (``num_particles``, ``use_resampling``, ``random_seed``; -1, MALLET's default, takes a seed
    from the clock, which the result's ``seed`` says) and topiceval's (``threads``, ``exact``):

{options}

    Needs a MALLET model or :meth:`Model.from_counts`.
    """
    model = _model(model)
    texts = _command_options("evaluate-topics", options, ("vocabulary",))
    return _native.evaluate_topics(model._native, _documents_or_path(documents, model, vocabulary), texts)


def infer_topics(model: Model, documents, *, vocabulary=None, **options):
    """MALLET's ``infer-topics``: each document's topic proportions, as a documents x topics numpy array.

    With MALLET's inferencer and options the numbers are MALLET 2.1.1's own, bit for bit, on any number
    of threads (``random_seed=0``, the default, continues the random stream stored in the inferencer, as
    MALLET does). Any LDA model with counts works (a topic state, a saved model); ``exact=False`` uses
    topiceval's faster sampler of the same posterior:

{options}

    Row ``d`` is document ``d``'s proportions (each row sums to 1).
    """
    model = _model(model)
    texts = _command_options("infer-topics", options, ("vocabulary",))
    values = _native.infer_topics(model._native, _documents_or_path(documents, model, vocabulary), texts)
    return values["proportions"]


def _named_models(models) -> list:
    """Models as given, as (name or None, Model or path) pairs: one model, a sequence of them (each may be a
    (name, model) pair), or a dict name -> model."""
    if isinstance(models, (Model, str, bytes, _os.PathLike)):
        models = [models]
    if isinstance(models, dict):
        return [(_name(f"models key {name!r}", name), model) for name, model in models.items()]
    try:
        models = list(models)
    except TypeError:
        raise SettingTypeError(f"models must be a Model, a path, or a list or dict of them, not "
                               f"{type(models).__name__}") from None
    pairs = []
    for index, model in enumerate(models):
        if isinstance(model, tuple) and len(model) == 2 and isinstance(model[0], str):
            pairs.append((_name(f"models[{index}][0]", model[0]), model[1]))
        else:
            pairs.append((None, model))
    return pairs


def _models(pairs) -> tuple:
    """(Model objects and paths as the library takes them, their names ("" for none)) from
    :func:`_named_models`' pairs (a directory stands for its model files)."""
    converted, names = [], []
    for index, (name, model) in enumerate(pairs):
        if isinstance(model, Model):
            converted.append(model._native)
            name = name if name is not None else model.name
        elif isinstance(model, (str, bytes, _os.PathLike)):
            converted.append(_path(f"models[{index}]", model))
        else:
            raise SettingTypeError(f"models[{index}] must be a topiceval.Model or a path, not {type(model).__name__}")
        names.append(name.encode("utf-8", "surrogateescape") if name is not None else b"")
    if not converted:
        raise SettingError("models must name at least one model")
    return converted, names


def _shared_documents(documents, models, vocabulary):
    """Documents every model reads: a path (each model reads it through its own words), or documents in
    memory whose ids every model shares (text looked up in ``vocabulary``, or the first model's words)."""
    if isinstance(documents, (str, bytes, _os.PathLike)):
        return _path("documents", documents)
    first = next((model for model in models if isinstance(model, Model)), None)
    if first is None and vocabulary is None:
        first = load_model(next(model for model in models if not isinstance(model, Model)))
    return _documents(documents, first, vocabulary)


def select(models, documents, *, vocabulary=None, coherence_texts=None, report=None, **options) -> SelectResult:
    """Ranks models (any number of topics; MALLET files, train-ctm models, or Models built from gensim's or
    scikit-learn's arrays) by the probability they give the same held-out tokens, with paired errors.

    ``models``: Models and paths (a directory stands for the model files in it), each may be a
    ``(name, model)`` pair, or a dict name -> model; a name (or :attr:`Model.name`) is what the results and
    the report call the model. ``documents``: a file (str, bytes or os.PathLike; each model reads it
    through its own words), or documents in memory whose ids every model shares (text looked up in
    ``vocabulary``). ``coherence_texts``: the reference texts of topic quality, in any form
    :func:`coherence` takes (a file, token lists or strings; by default the held-out documents).
    ``report``: a path to write the command line's HTML report to (``select --report``; also
    :meth:`SelectResult.write_html`). Options, as keywords:

{options}
    """
    pairs = _named_models(models)
    converted, names = _models(pairs)
    texts = _command_options("select", options, ("vocabulary", "coherence_texts", "report"))
    report = None if report is None else _path("report", report)
    values = _native.select(converted, names, _shared_documents(documents, [model for _, model in pairs], vocabulary),
                            _reference_texts(coherence_texts, "coherence_texts"), report, texts)
    _warn(values["warnings"])
    return SelectResult(values)


def compare(model_a, model_b, documents, *, vocabulary=None, **options) -> CompareResult:
    """log p(w | A) - log p(w | B) per held-out document, by ratio-AIS (Foulds & Smyth 2014). Models and
    documents as for :func:`select`; options, as keywords:

{options}
    """
    converted, names = _models(_named_models([model_a, model_b]))
    texts = _command_options("compare", options, ("vocabulary",))
    result = _native.compare(converted[0], converted[1], names,
                             _shared_documents(documents, [model_a, model_b], vocabulary), texts)
    _warn((None, text) for text in result.warnings)
    return result


def curve(models, documents, *, vocabulary=None, **options) -> CurveResult:
    """The held-out likelihood at each model of one training run (iteration-AIS), in training order (files
    named NAME.ITERATION are put in iteration order). Models and documents as for :func:`select`; options:

{options}
    """
    pairs = _named_models(models)
    converted, names = _models(pairs)
    texts = _command_options("curve", options, ("vocabulary",))
    result = _native.curve(converted, names, _shared_documents(documents, [model for _, model in pairs], vocabulary),
                           texts)
    _warn((None, text) for text in result.warnings)
    return result


# ---- Topic quality ---------------------------------------------------------------------------------------------

# What diagnostics() returns: the library's result bound as it is, named as ``topiceval diagnostics --format json``
# names its keys (a figure's MALLET name, "word-length", spelled word_length), read-only.
Diagnostics = _native.Diagnostics
Diagnostics.__doc__ = """What :func:`diagnostics` returns: MALLET's topic diagnostics, read-only, named as ``topiceval diagnostics
    --format json`` names its keys (``word-length`` as ``word_length``, ``token-doc-diff`` as ``token_doc_diff``).

    ``model``, ``from_documents``, ``num_top_words``, ``vocabulary_size``, ``documents``, ``tokens``; ``topics``,
    one entry per topic (``topic``, ``alpha``, ``tokens``, ``document_entropy``, ``word_length``, ``coherence``,
    ``uniform_dist``, ``corpus_dist``, ``eff_num_words``, ``token_doc_diff``, ``rank_1_docs``,
    ``allocation_ratio``, ``allocation_count``, ``exclusivity``, and its ``words``: ``rank``, ``word``, ``type``,
    ``count``, ``docs`` and the word figures); ``warnings``. ``columns`` holds the topics' figures as numpy arrays
    over topics, ``word_columns`` one row per top word (``topic``, ``rank``, ``word``...). Figures that need the
    training documents are NaN for a model that holds none (``from_documents`` False). The ``write_*`` methods
    write MALLET's own files, byte for byte, as the command line writes its outputs: through a new temporary file
    beside the target, renamed over it once complete (a symbolic link is written through).
    """
for _method, _file, _doc in (("write_xml", "xml", "MALLET's ``--diagnostics-file``."),
                           ("write_topic_keys", "topic_keys", "MALLET's ``--output-topic-keys``."),
                           ("write_topic_word_weights", "topic_word_weights",
                            "MALLET's ``--topic-word-weights-file`` (every topic and vocabulary word: large for "
                            "large models)."),
                           ("write_word_topic_counts", "word_topic_counts", "MALLET's ``--word-topic-counts-file``.")):
    def _writer(self, path, _file=_file) -> None:
        self._write(_file, _path("path", path))
    _writer.__doc__ = _doc
    _writer.__name__ = _method
    setattr(Diagnostics, _method, _writer)


def _diagnostics_to_pandas(self):
    """(topics, words) as two pandas DataFrames."""
    pandas = _pandas()
    return pandas.DataFrame(self.columns), pandas.DataFrame(self.word_columns)


Diagnostics.to_pandas = _diagnostics_to_pandas
Diagnostics.__repr__ = lambda self: (
    f"<topiceval.Diagnostics {len(self.topics)} topics, {self.num_top_words} top words, "
    f"{'from the training documents' if self.from_documents else 'from the counts only'}>")
_native.DiagnosticsTopic.__repr__ = _one_line
_native.DiagnosticsWord.__repr__ = _one_line
# Earlier releases gave the topics as a dict of columns: its keys read ``columns``, with a warning.
_native_topics = Diagnostics.topics
Diagnostics.topics = property(
    lambda self: _KeyedDocuments(_native_topics.fget(self), "Diagnostics", lambda: self.columns, {},
                                 "topics"), doc=_native_topics.__doc__)
Diagnostics.words = _deprecated("Diagnostics", "words", "result.word_columns", lambda r: r.word_columns)
del _method, _file, _doc, _writer


# What coherence() returns: the library's result bound as it is, named as ``topiceval coherence --format json``
# names its keys, read-only.
CoherenceResult = _native.CoherenceResult
CoherenceResult.__doc__ = """What :func:`coherence` returns, read-only, named as ``topiceval coherence --format json`` names its keys.

    ``measures``, one entry per measure asked for: its ``measure``, ``window``, the model's ``mean`` (gensim's
    ``get_coherence()``) +- ``mean_standard_error``, and numpy arrays over topics ``per_topic`` (gensim's
    ``get_coherence_per_topic()``) and ``per_topic_standard_error`` (bootstrap); ``exclusivity`` (MALLET's) and
    ``frex`` (stm's) per topic with ``mean_exclusivity`` and ``mean_frex``; ``diversity`` (the share of distinct
    top words); ``topics`` (the words scored); ``reference`` (the texts), ``reference_documents``,
    ``reference_tokens``, ``bootstrap``; ``warnings``. The errors cover another sample of reference documents like
    these, not the choice of reference texts, window or top words.
    """


def _coherence_to_pandas(self):
    """One row per topic: each measure and its error, exclusivity, frex and the top words."""
    columns = {}
    for measure in self.measures:
        columns[measure.measure] = measure.per_topic
        columns[measure.measure + "_se"] = measure.per_topic_standard_error
    columns["exclusivity"] = self.exclusivity
    columns["frex"] = self.frex
    columns["words"] = [" ".join(words) for words in self.topics]
    return _pandas().DataFrame(columns)


def _coherence_repr(self) -> str:
    means = ", ".join(f"{m.measure} {m.mean:.4f} +- {m.mean_standard_error:.4f}" for m in self.measures)
    return f"<topiceval.CoherenceResult {len(self.topics)} topics: {means}>"


CoherenceResult.to_pandas = _coherence_to_pandas
CoherenceResult.__repr__ = _coherence_repr
_native.CoherenceMeasure.__repr__ = _one_line
# Earlier releases gave dicts keyed by the measure's name.
for _old, _field in (("per_topic", "per_topic"), ("standard_error", "per_topic_standard_error"), ("mean", "mean"),
                     ("mean_se", "mean_standard_error"), ("window", "window")):
    setattr(CoherenceResult, _old, _deprecated(
        "CoherenceResult", _old, f"result.measures[i].{_field}",
        lambda r, _field=_field: {m.measure: getattr(m, _field) for m in r.measures}))
del _old, _field


def _model_or_path(model):
    if isinstance(model, (str, bytes, _os.PathLike)):
        return _path("model", model)
    return _model(model)._native


def diagnostics(model, **options) -> Diagnostics:
    """MALLET's topic diagnostics (``train-topics --diagnostics-file``) and topic reports, byte for byte.

    ``model`` is a topic state or a saved model (a :class:`Model` or a path), which hold the training documents;
    an inferencer gives the figures of its counts only. The options are the ``diagnostics`` command's:

{options}
    """
    result = _native.diagnostics(_model_or_path(model), _command_options("diagnostics", options))
    _warn((None, text) for text in result.warnings)
    return result


def _native_text(text: str) -> bytes:
    """A word as the library holds it: UTF-8, a lone surrogate (as a MALLET file's words may hold, and as the
    library gives them back) in its three-byte form, as Java's modified UTF-8 writes it."""
    return text.encode("utf-8", "surrogatepass")


def _reference_texts(texts, name="texts"):
    """None, a path, or token lists / strings as (id arrays, their words): what :func:`coherence` and
    :func:`select` take as reference texts."""
    if texts is None:
        return None
    if isinstance(texts, (str, bytes, _os.PathLike)):
        return _path(name, texts)
    try:
        iterator = iter(texts)
    except TypeError:
        raise SettingTypeError(f"{name} must be a file path, or token lists or strings (gensim's texts), not "
                               f"{type(texts).__name__}") from None
    words, ids, converted = [], {}, []
    for index, text in enumerate(iterator):
        tokens = text.split() if isinstance(text, str) else text
        if not isinstance(tokens, (list, tuple)) or not all(isinstance(t, str) for t in tokens):
            raise SettingTypeError(f"{name}[{index}] must be a string or a list of words (gensim's texts), not "
                                   f"{type(text).__name__}" + (" holding None" if isinstance(tokens, (list, tuple))
                                                               and None in tokens else ""))
        document = []
        for token in tokens:
            if token not in ids:
                ids[token] = len(words)
                words.append(token)
            document.append(ids[token])
        converted.append(_numpy.asarray(document, dtype=_numpy.int64))
    return converted, [_native_text(word) for word in words]


def coherence(model, texts=None, *, measure="c_npmi", topics=None, dictionary=None, **options) -> CoherenceResult:
    """Scores the model's top words against reference ``texts`` as gensim's ``CoherenceModel`` does.

    ``texts``: token lists or strings (gensim's ``texts``), a file (an instance list or plain text, one document
    per line), or None for the model's own training documents (a topic state or a saved model). ``measure``: one
    name or a list of ``u_mass``, ``c_uci``, ``c_npmi``, ``c_v`` (gensim 4.2's numbers) and ``mallet`` (Mimno et
    al. 2011 as MALLET computes it). ``topics``: lists of words to score instead of the model's top words (gensim's
    ``topics``). ``dictionary``: a gensim ``Dictionary`` (or a list of words): topic words outside it are dropped,
    as gensim drops them; by default, words the texts never use are. Other options are the ``coherence``
    command's:

{options}
    """
    if isinstance(measure, str):
        measure = [measure]
    if not isinstance(measure, (list, tuple)) or not all(isinstance(m, str) for m in measure):
        raise SettingTypeError(f"measure must be a name or a list of names, not {measure!r}")
    options["measure"] = ",".join(measure)
    if topics is None:
        topics = []
    elif isinstance(topics, (str, bytes)) or not all(isinstance(t, (list, tuple)) for t in topics):
        raise SettingTypeError("topics must be lists of words")
    topics = [[_word(f"topics[{k}][{i}]", word) for i, word in enumerate(topic)] for k, topic in enumerate(topics)]
    if dictionary is None:
        known = []
    elif hasattr(dictionary, "token2id"):
        known = [_word("a word of dictionary", word) for word in dictionary.token2id]
    elif isinstance(dictionary, (str, bytes)) or not hasattr(dictionary, "__iter__"):
        raise SettingTypeError(f"dictionary must be a gensim Dictionary or a list of words, not "
                               f"{type(dictionary).__name__}")
    else:
        known = [_word(f"dictionary[{index}]", word) for index, word in enumerate(dictionary)]
    result = _native.coherence(_model_or_path(model), _reference_texts(texts),
                               _command_options("coherence", options, ("texts", "measure", "topics", "dictionary")),
                               topics, known)
    _warn((None, text) for text in result.warnings)
    return result


# ---- The topic browser -----------------------------------------------------------------------------------------

# What browse() returns: the library's result bound as it is, named as ``topiceval browse --json`` names its keys.
BrowseResult = _native.BrowseResult
BrowseResult.__doc__ = """What :func:`browse` returns: the topic browser's content, read-only, named as ``topiceval browse
    --json`` names its keys. ``models``, one entry per model (``name``, ``description``, ``topics``, ``vocabulary``;
    LDAvis's numbers as numpy arrays over the model's topics: ``frequency``, ``proportion``, ``x`` and ``y`` (the
    intertopic map), ``order`` (LDAvis's: the topic shown first, second...), ``eigenvalues``; ``terms`` (the
    words the page holds), ``topic_terms`` (each topic's terms with ``log_probability`` and ``log_lift``),
    ``salient`` and ``saliency``; ``figures``, the table's columns (MALLET's diagnostics, coherence and its
    ``_se``, exclusivity, FREX, stability); ``documents`` (each topic's most typical), ``stability`` (the matched
    topic in each other model of the same K), ``coherence`` (a :class:`CoherenceResult`) and ``ranking`` (select's,
    with ``held_out``)); ``terms`` (R), ``lambda_grid`` and ``lambda_start`` (the slider's), ``warnings``.
    :meth:`write_html` writes the page (one self-contained file that requests nothing), :meth:`relevant_terms`
    ranks any topic's words at any lambda over the whole vocabulary; in Jupyter the result shows the page inline.
    """


def _browse_write_html(self, path) -> None:
    """Writes the page (one HTML file with its script, style and data inline; it requests nothing), as the
    command line writes its outputs: through a new temporary file beside ``path``, renamed over it once
    complete, never one of the models' own files."""
    self._write("html", _path("path", path))


def _browse_write_json(self, path) -> None:
    """Writes the page's data as JSON (``topiceval browse --json``'s), as :meth:`write_html` writes the page."""
    self._write("json", _path("path", path))


def _browse_relevant_terms(self, topic: int, lambda_: float = 0.6, count=None, model: int = 0) -> list:
    """Topic ``topic`` (0-based, the model's own order) of model ``model``: its ``count`` (default: the page's
    R) most relevant words at ``lambda_`` in [0, 1] over the whole vocabulary, ranked by lambda log phi +
    (1 - lambda) log(phi / p_w), ties by the lower word index; dicts of ``word``, ``type``, ``log_probability``,
    ``log_lift``, ``relevance``. What the page's bars show at a lambda of its slider."""
    return self._relevant_terms(int(model), int(topic), float(lambda_), int(self.terms if count is None else count))


def _browse_repr_html(self) -> str:
    """The page inline in Jupyter: in a sandboxed frame of its own (scripts only), so that the notebook's
    page and the browser's script keep apart."""
    import html as _html
    page = self._page().decode("utf-8")
    return ('<iframe title="topiceval browse" sandbox="allow-scripts" style="width: 100%; height: 1100px; '
            'border: 1px solid #ddd" srcdoc="' + _html.escape(page, quote=True) + '"></iframe>')


BrowseResult.write_html = _browse_write_html
BrowseResult.write_json = _browse_write_json
BrowseResult.relevant_terms = _browse_relevant_terms
BrowseResult._repr_html_ = _browse_repr_html
BrowseResult.__repr__ = lambda self: (
    f"<topiceval.BrowseResult {len(self.models)} model(s): "
    + ", ".join(f"{m.name} ({m.topics} topics)" for m in self.models) + ">")


def _proportions(name, values) -> _numpy.ndarray:
    """Documents' topic proportions as a 2-D float64 array (documents x topics), or a SettingError saying why not."""
    try:
        array = _numpy.asarray(values, dtype=_numpy.float64)
    except (ValueError, TypeError) as error:
        raise SettingTypeError(f"{name} must be a 2-D numeric array (documents x topics): {error}") from None
    if array.ndim != 2:
        raise SettingError(f"{name} must be a 2-D array (documents x topics), not {array.ndim}-D")
    return _numpy.ascontiguousarray(array)


def browse(models, texts=None, *, held_out=None, document_topics=None, vocabulary=None, **options) -> BrowseResult:
    """The topic browser: LDAvis's intertopic map, relevance and saliency with LDAvis's numbers, and beside them
    each topic's MALLET diagnostics, coherence with its bootstrap error, exclusivity, FREX, stability across seeds
    and most typical documents; :meth:`BrowseResult.write_html` writes the page, and Jupyter shows it inline.

    ``models``: one model or several (as :func:`select` takes them: Models, paths, (name, model) pairs or a dict),
    switched between on the page. A count model (MALLET's files, :meth:`Model.from_counts`) gives its own token
    frequencies; a model of probabilities (:meth:`Model.from_topics`: gensim's, scikit-learn's) needs the
    ``texts``' topic proportions in ``document_topics`` (documents x topics, LDAvis's theta: gensim's
    ``get_document_topics``, scikit-learn's ``transform``; one array per model in a list). ``texts``: a file, or
    token lists or strings, as :func:`coherence` takes them: coherence's reference and the documents the typical
    ones come from (by default a state's or saved model's training documents). ``held_out``: documents, as
    :func:`select` takes them, to rank the models by held-out likelihood (select's options apply). Options are
    the ``browse`` command's:

{options}
    """
    pairs = _named_models(models)
    converted, names = _models(pairs)
    thetas = document_topics
    if thetas is not None and not isinstance(thetas, (list, tuple)):
        thetas = [thetas]
    if thetas is not None and len(thetas) != len(converted):
        raise SettingError(f"document_topics has {len(thetas)} arrays for {len(converted)} models: give one per model "
                           "(None for none)")
    thetas = [None if theta is None else _proportions(f"document_topics[{index}]", theta)
              for index, theta in enumerate(thetas or [])]
    if any(theta is not None for theta in thetas) and texts is None:
        raise SettingError("document_topics are the texts' topic proportions: give the texts too")
    held = None if held_out is None else _shared_documents(held_out, [model for _, model in pairs], vocabulary)
    texts_option = _command_options("browse", options, ("texts", "vocabulary", "held_out", "document_topics"))
    result = _native.browse(converted, names, _reference_texts(texts), held, thetas, texts_option)
    _warn((None, text) for text in result.warnings)
    return result


def _argument(index, argument) -> bytes:
    """A command-line argument as the executable gets it: str, bytes and os.PathLike as os.fsencode gives
    them, numbers as their text."""
    if isinstance(argument, (str, bytes, _os.PathLike)):
        return _path(f"arguments[{index}]", argument)
    if isinstance(argument, (int, float, _numpy.integer, _numpy.floating)) and not isinstance(argument, bool):
        return str(argument).encode()
    raise SettingTypeError(f"arguments[{index}] must be a str, bytes, os.PathLike or a number, not "
                           f"{type(argument).__name__} {argument!r}")


def run(command: str, *arguments) -> tuple:
    """Runs a command of the ``topiceval`` executable in process: returns (status, stdout, stderr).
    Ctrl-C interrupts it."""
    if not isinstance(command, str):
        raise SettingTypeError(f"command must be a name (see topiceval --help), not {command!r}")
    return tuple(_native.run_command(command.encode("utf-8", "surrogateescape"),
                                     [_argument(index, argument) for index, argument in enumerate(arguments)]))


def main(arguments=None) -> int:
    """The ``topiceval`` command line (what ``pip install`` puts on the PATH, and ``python3 -m topiceval``):
    runs ``arguments`` (by default sys.argv[1:]) on this process's standard output and error and returns
    the exit status."""
    import sys  # noqa: PLC0415
    if arguments is None:
        arguments = sys.argv[1:]
    converted = []
    for index, argument in enumerate(arguments):
        try:
            converted.append(_argument(index, argument))
        except Error as error:
            print(f"topiceval: {error}", file=sys.stderr)
            return 2
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        return _native.command_line(converted)
    except KeyboardInterrupt:
        return 130


def estimators() -> list:
    """The names of every estimator :func:`evaluate` takes."""
    return list(_native.estimator_names())


# Each command's docstring lists its options from the library's declarations.
evaluate.__doc__ = evaluate.__doc__.replace("{options}", _options_doc("evaluate", ("estimator",)))
evaluate_topics.__doc__ = evaluate_topics.__doc__.replace("{options}", _options_doc("evaluate-topics"))
infer_topics.__doc__ = infer_topics.__doc__.replace("{options}", _options_doc("infer-topics"))
select.__doc__ = select.__doc__.replace("{options}", _options_doc("select"))
compare.__doc__ = compare.__doc__.replace("{options}", _options_doc("compare"))
curve.__doc__ = curve.__doc__.replace("{options}", _options_doc("curve"))
diagnostics.__doc__ = diagnostics.__doc__.replace("{options}", _options_doc("diagnostics"))
coherence.__doc__ = coherence.__doc__.replace("{options}", _options_doc("coherence", ("measure",)))
browse.__doc__ = browse.__doc__.replace("{options}", _options_doc("browse", ("texts", "held_out")))
