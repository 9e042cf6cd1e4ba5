"""Type stubs for topiceval (see the package's docstrings)."""

from typing import Any, Iterable, Mapping, Sequence

import numpy
import numpy.typing

__version__: str

class Error(Exception): ...
class FormatError(Error): ...
class SettingError(Error, ValueError): ...
class ModelError(Error, ValueError): ...

class Model:
    @classmethod
    def from_counts(cls, topic_word_counts: numpy.typing.ArrayLike, alpha: numpy.typing.ArrayLike | float,
                    beta: float) -> Model: ...
    @classmethod
    def from_topics(cls, phi: numpy.typing.ArrayLike, alpha: numpy.typing.ArrayLike | float) -> Model: ...
    @property
    def num_topics(self) -> int: ...
    @property
    def num_types(self) -> int: ...
    @property
    def alpha(self) -> numpy.ndarray: ...
    @property
    def beta(self) -> float | None: ...
    @property
    def words(self) -> list[str] | None: ...
    @property
    def kind(self) -> str: ...
    def topic_word_probabilities(self) -> numpy.ndarray: ...

Documents = Iterable[Sequence[int] | numpy.ndarray | Sequence[tuple[int, int]] | str]
Vocabulary = Sequence[str] | Mapping[str, int] | Any | None

class Result:
    log_likelihood: numpy.ndarray
    standard_error: numpy.ndarray
    effective_runs: numpy.ndarray
    scored_tokens: numpy.ndarray
    skipped_tokens: numpy.ndarray
    conditioned_tokens: numpy.ndarray
    heavy_tailed: numpy.ndarray
    total: float
    total_se: float
    per_token: float
    per_token_se: float
    perplexity: float
    perplexity_se: float
    site_updates: int
    seconds: float
    estimator: str
    stochastic: bool
    unbiased: bool
    error_caveat: str
    unseen_words: str
    vocabulary_size: int
    def to_pandas(self) -> Any: ...

class MalletResult:
    log_likelihood: numpy.ndarray
    total: float

def load_model(path: str | Any) -> Model: ...
def load_documents(path: str | Any, model: Model) -> list[numpy.ndarray]: ...
def evaluate(model: Model, documents: Documents, estimator: str = ..., *, runs: int = ..., seed: int = ...,
             threads: int = ..., unseen_words: str = ..., complete_documents: str | None = ...,
             vocab_size: int | None = ..., vocabulary: Vocabulary = ..., **settings: int | bool | str) -> Result: ...
def evaluate_topics(model: Model, documents: Documents, num_particles: int = ..., use_resampling: bool = ...,
                    random_seed: int = ..., *, threads: int = ..., vocabulary: Vocabulary = ...) -> MalletResult: ...
def run(command: str, *arguments: object) -> tuple[int, str, str]: ...
def select(model_paths: Iterable[str | Any], input_path: str | Any, **options: int | bool | str) -> dict: ...
def compare(model_a: str | Any, model_b: str | Any, input_path: str | Any, **options: int | bool | str) -> dict: ...
def estimators() -> list[str]: ...
