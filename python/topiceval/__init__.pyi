# SPDX-License-Identifier: Apache-2.0
"""Type stubs for topiceval (see the package's docstrings; every option and its default is listed there,
from the library's declarations).

The module's names are those `import topiceval` gives (__all__ and __version__). The parts of results (a
ranked model, a document's estimate...) are reached through the results that hold them: their classes are
described here for type checkers only (@type_check_only), as are the private aliases of argument types."""

import os
from typing import Any, Iterable, Mapping, Sequence, type_check_only

import numpy
import numpy.typing

__version__: str

class Error(Exception): ...
class FormatError(Error): ...
class SettingError(Error, ValueError): ...
class SettingTypeError(SettingError, TypeError): ...
class ModelError(Error, ValueError): ...
class TopicevalWarning(UserWarning): ...

class Model:
    @classmethod
    def from_counts(cls, topic_word_counts: numpy.typing.ArrayLike, alpha: numpy.typing.ArrayLike | float,
                    beta: float, *, name: str | None = ...) -> Model: ...
    @classmethod
    def from_topics(cls, phi: numpy.typing.ArrayLike, alpha: numpy.typing.ArrayLike | float, *,
                    name: str | None = ...) -> Model: ...
    name: str | None
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
    @property
    def logistic_normal(self) -> bool: ...
    def topic_word_probabilities(self) -> numpy.ndarray: ...
    def with_words(self, words: Sequence[str] | Any) -> Model: ...
    def save(self, path: str | bytes | os.PathLike[str]) -> None: ...

_Documents = Iterable[Sequence[int] | numpy.ndarray | Sequence[tuple[int, int]] | str] | os.PathLike[str]
_Vocabulary = Sequence[str] | Mapping[str, int] | Any | None
_Path = str | bytes | os.PathLike[str] | os.PathLike[bytes]
_ModelOrPath = Model | _Path
_Models = _ModelOrPath | Iterable[_ModelOrPath | tuple[str, _ModelOrPath]] | Mapping[str, _ModelOrPath]
_Texts = _Path | Sequence[str | Sequence[str]]
_Option = int | float | bool | str | os.PathLike[str]

@type_check_only
class ModelReport:
    path: str
    kind: str
    topics: int
    types: int

@type_check_only
class DocumentEstimate:
    name: str
    tokens: int
    skipped: int
    loglik: float
    loglik_se: float
    perplexity: float
    effective_runs: float
    flag: str
    budget: int
    runs: int
    site_updates: int
    conditioned_tokens: int
    heavy_tailed: bool
    not_converged: bool
    above_target: bool
    run_log_likelihoods: numpy.ndarray

@type_check_only
class EvaluateInput:
    path: str
    documents: int
    tokens: int

@type_check_only
class EvaluateCompletion:
    split: str
    conditioned_tokens: int
    scored_tokens: int

@type_check_only
class EstimatorReport:
    description: str
    stochastic: bool
    name: str
    settings: dict[str, str]
    unbiased: bool
    seed: int
    runs: int
    completion: EvaluateCompletion | None
    error_caveat: str

@type_check_only
class UnseenWords:
    policy: str
    skipped_tokens: int
    skipped_types: int
    unseen_types_scored: int
    vocabulary_size: int

@type_check_only
class EvaluateSummary:
    log_likelihood: float
    log_likelihood_se: float
    per_token: float
    per_token_se: float
    perplexity: float
    perplexity_se: float
    error: str
    log_mean_bias: float
    heavy_tailed_documents: int
    documents: int
    tokens: int
    skipped_tokens: int
    wall_seconds: float
    threads: int
    site_updates: int
    variational_bound: float | None
    variational_bound_e_step: str | None

@type_check_only
class ConvergenceStep:
    budget: int
    log_likelihood: float
    log_likelihood_se: float
    documents_not_converged: int
    seconds: float

@type_check_only
class ConvergenceVerdict:
    converged: bool
    budget_setting: str
    summary: str
    last_change: float
    last_change_se: float
    steps: list[ConvergenceStep]
    capped: bool
    largest_document_change: float

@type_check_only
class TargetErrorLevel:
    budget: int
    runs: int
    documents: int

@type_check_only
class TargetErrorSummary:
    per_token: float | None
    per_document: float | None
    budget_setting: str
    start_budget: int
    budget_cap: int
    start_runs: int
    max_runs: int
    rounds: int
    above_target_documents: int
    summary: str
    levels: list[TargetErrorLevel]

class Result:
    """Read-only; named as ``topiceval evaluate --format json`` names its keys."""
    @property
    def model(self) -> ModelReport: ...
    @property
    def input(self) -> EvaluateInput: ...
    @property
    def estimator(self) -> EstimatorReport: ...
    @property
    def unseen_words(self) -> UnseenWords: ...
    @property
    def summary(self) -> EvaluateSummary: ...
    @property
    def convergence(self) -> ConvergenceVerdict | None: ...
    @property
    def target_error(self) -> TargetErrorSummary | None: ...
    @property
    def documents(self) -> list[DocumentEstimate]: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def columns(self) -> dict[str, Any]: ...
    @property
    def per_token(self) -> float: ...
    @property
    def per_token_se(self) -> float: ...
    @property
    def perplexity(self) -> float: ...
    @property
    def perplexity_se(self) -> float: ...
    @property
    def error(self) -> str: ...
    @property
    def wall_seconds(self) -> float: ...
    @property
    def variational_bound(self) -> float | None: ...
    def to_pandas(self) -> Any: ...

class MalletResult:
    log_likelihood: numpy.ndarray
    total: float
    seed: int
    documents: int
    tokens: int
    sampling_errors: int
    site_updates: int
    threads: int

@type_check_only
class TopicQuality:
    measure: str
    window: int
    coherence: float
    coherence_se: float
    exclusivity: float
    frex: float
    diversity: float
    topic_coherence: numpy.ndarray
    top_words: list[list[str]]

@type_check_only
class TopicNumberFigure:
    name: str
    better: str
    value: float
    se: float
    per_topic: numpy.ndarray

@type_check_only
class RankedModel:
    path: str
    kind: str
    topics: int
    types: int
    tokens: int
    own_skipped_tokens: int
    total: float
    total_se: float
    per_token: float
    per_token_se: float
    perplexity: float
    difference_to_best: float
    difference_se: float
    verdict: str
    quality: TopicQuality | None
    figures: list[TopicNumberFigure]
    documents: dict[str, Any]

@type_check_only
class SeedPair:
    a: int
    b: int
    agreement: float

@type_check_only
class SeedGroup:
    topics: int
    runs: list[str]
    pairs: list[SeedPair]
    topic_agreement: list[numpy.ndarray]
    agreement: float
    agreement_sd: float
    agreement_min: float
    agreement_max: float
    per_token: float
    per_token_spread: float
    per_token_error: float
    next_topics: int
    difference_to_next: float
    difference_to_next_se: float
    exceeds_retraining: bool

class SelectResult:
    models: list[RankedModel]
    seed_groups: list[SeedGroup]
    stability_words: int
    best: RankedModel
    input: str
    documents: int
    tokens: int
    scored_tokens: int
    unseen_words: str
    estimator: str
    stochastic: bool
    unbiased: bool
    seed: int
    runs: int
    wall_seconds: float
    warnings: list[str]
    def to_pandas(self) -> Any: ...
    def write_html(self, path: _Path) -> None: ...

@type_check_only
class ComparedDocument:
    name: str
    tokens: int
    skipped: int
    logratio: float
    logratio_se: float
    perplexity_ratio: float
    logratio_forward: float
    logratio_reverse: float
    disagree: bool

@type_check_only
class CompareInput:
    path: str
    documents: int

@type_check_only
class CompareEstimator:
    name: str
    path: str
    direction: str
    temperatures: int
    burn_in: int
    samples: int
    seed: int
    aligned_topics: bool

@type_check_only
class CompareSummary:
    log_ratio: float
    log_ratio_se: float
    perplexity_ratio: float
    documents: int
    tokens: int
    unseen_words: str
    directions_paired_statistic: float | None
    wall_seconds: float
    threads: int

class CompareResult:
    model_a: ModelReport
    model_b: ModelReport
    input: CompareInput
    estimator: CompareEstimator
    summary: CompareSummary
    documents: list[ComparedDocument]
    columns: dict[str, Any]
    warnings: list[str]
    log_ratio: float
    log_ratio_se: float
    perplexity_ratio: float
    wall_seconds: float
    def to_pandas(self) -> Any: ...

@type_check_only
class CurveInput:
    path: str
    documents: int
    scored_tokens: int

@type_check_only
class CurveEstimator:
    name: str
    temperatures: int
    seed: int
    stochastic: bool
    runs: int

@type_check_only
class CurveState:
    path: str
    iteration: int | None
    loglik: float
    per_token: float
    perplexity: float
    model: ModelReport

class CurveResult:
    input: CurveInput
    estimator: CurveEstimator
    states: list[CurveState]
    models: list[ModelReport]
    columns: dict[str, Any]
    wall_seconds: float
    warnings: list[str]
    def to_pandas(self) -> Any: ...

@type_check_only
class DiagnosticsWord:
    rank: int
    word: str
    type: int
    count: int
    docs: int | None
    prob: float
    cumulative: float
    word_length: float
    coherence: float
    uniform_dist: float
    corpus_dist: float
    token_doc_diff: float
    exclusivity: float

@type_check_only
class DiagnosticsTopic:
    topic: int
    alpha: float
    tokens: float
    document_entropy: float
    word_length: float
    coherence: float
    uniform_dist: float
    corpus_dist: float
    eff_num_words: float
    token_doc_diff: float
    rank_1_docs: float
    allocation_ratio: float
    allocation_count: float
    exclusivity: float
    words: list[DiagnosticsWord]

class Diagnostics:
    model: str
    from_documents: bool
    num_top_words: int
    vocabulary_size: int
    documents: int
    tokens: int
    topics: list[DiagnosticsTopic]
    columns: dict[str, numpy.ndarray]
    word_columns: dict[str, Any]
    warnings: list[str]
    def write_xml(self, path: _Path) -> None: ...
    def write_topic_keys(self, path: _Path) -> None: ...
    def write_topic_word_weights(self, path: _Path) -> None: ...
    def write_word_topic_counts(self, path: _Path) -> None: ...
    def to_pandas(self) -> Any: ...

@type_check_only
class CoherenceMeasure:
    measure: str
    window: int
    mean: float
    mean_standard_error: float
    per_topic: numpy.ndarray
    per_topic_standard_error: numpy.ndarray

class CoherenceResult:
    reference: str
    reference_documents: int
    reference_tokens: int
    bootstrap: int
    measures: list[CoherenceMeasure]
    exclusivity: numpy.ndarray
    mean_exclusivity: float
    frex: numpy.ndarray
    mean_frex: float
    diversity: float
    topics: list[list[str]]
    warnings: list[str]
    def to_pandas(self) -> Any: ...

@type_check_only
class BrowseModel:
    name: str
    description: str
    topics: int
    vocabulary: int
    frequency: numpy.ndarray
    proportion: numpy.ndarray
    x: numpy.ndarray
    y: numpy.ndarray
    order: numpy.ndarray
    eigenvalues: numpy.ndarray
    terms: dict[str, Any]
    topic_terms: list[dict[str, Any]]
    salient: list[str]
    saliency: numpy.ndarray
    figures: dict[str, numpy.ndarray]
    documents: list[list[dict[str, Any]]]
    documents_source: str
    stability: list[dict[str, Any]]
    coherence: CoherenceResult | None
    ranking: Any

class BrowseResult:
    models: list[BrowseModel]
    terms: int
    lambda_grid: numpy.ndarray
    lambda_start: int
    warnings: list[str]
    def write_html(self, path: _Path) -> None: ...
    def write_json(self, path: _Path) -> None: ...
    def relevant_terms(self, topic: int, lambda_: float = ..., count: int | None = ...,
                       model: int = ...) -> list[dict[str, Any]]: ...
    def _repr_html_(self) -> str: ...

def load_model(path: _Path, *, name: str | None = ...) -> Model: ...
def load_documents(path: _Path, model: Model) -> list[numpy.ndarray]: ...
def evaluate(model: Model, documents: _Documents, estimator: str | None = ..., *, vocabulary: _Vocabulary = ...,
             **options: _Option) -> Result: ...
def evaluate_topics(model: Model, documents: _Documents, *, vocabulary: _Vocabulary = ...,
                    **options: _Option) -> MalletResult: ...
def infer_topics(model: Model, documents: _Documents, *, vocabulary: _Vocabulary = ...,
                 **options: _Option) -> numpy.ndarray: ...
def select(models: _Models, documents: _Documents, *, vocabulary: _Vocabulary = ..., coherence_texts: _Texts | None = ...,
           report: _Path | None = ..., **options: _Option) -> SelectResult: ...
def compare(model_a: _ModelOrPath | tuple[str, _ModelOrPath], model_b: _ModelOrPath | tuple[str, _ModelOrPath],
            documents: _Documents, *, vocabulary: _Vocabulary = ..., **options: _Option) -> CompareResult: ...
def curve(models: _Models, documents: _Documents, *, vocabulary: _Vocabulary = ...,
          **options: _Option) -> CurveResult: ...
def diagnostics(model: _ModelOrPath, **options: _Option) -> Diagnostics: ...
def coherence(model: _ModelOrPath, texts: _Texts | None = ..., *,
              measure: str | Sequence[str] = ..., topics: Sequence[Sequence[str]] | None = ...,
              dictionary: Any = ..., **options: _Option) -> CoherenceResult: ...
def browse(models: _Models, texts: _Texts | None = ..., *, held_out: _Documents | None = ...,
           document_topics: numpy.ndarray | Sequence[numpy.ndarray | None] | None = ...,
           vocabulary: _Vocabulary = ..., **options: _Option) -> BrowseResult: ...
def run(command: str, *arguments: object) -> tuple[int, str, str]: ...
def main(arguments: Sequence[str | bytes | os.PathLike[str]] | None = ...) -> int: ...
def estimators() -> list[str]: ...
def options(command: str) -> list[dict[str, Any]]: ...
