// SPDX-License-Identifier: Apache-2.0
#pragma once
// Held-out likelihood with error bars: any of topiceval's estimators on any
// model (the `evaluate` command; Python's topiceval.evaluate; Java's
// TopicEvaluator.evaluate).

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "topiceval/document_writer.hpp"
#include "topiceval/choices.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/progress.hpp"

#include "topiceval/estimator_settings.hpp"
#include "topiceval/export.hpp"
#include "topiceval/interval.hpp"
#include "topiceval/warning.hpp"

namespace topiceval {

/// One estimator setting as used, typed as its declaration says: a whole
/// number, true/false, or a choice's text (what JSON writes).
struct TypedSetting {
  std::string name;  ///< the setting's name ("particles")
  std::variant<std::string, int64_t, bool> value;  ///< its value
};

/// The estimator of a run, and what its error covers.
struct EstimatorReport {
  std::string name;                                                  ///< "resample-move"
  std::string description;                                           ///< "resample-move, 64 particles, 1 sweep"
  std::vector<std::pair<std::string, std::string>> settings;         ///< every setting, as used (text)
  std::vector<TypedSetting> typedSettings;  ///< every setting, as used, typed
  bool stochastic = true;  ///< random: its estimate depends on the seed
  bool unbiased = false;    ///< the mean over runs of exp(estimate) is p(w): the error covers all but heavy tails
  std::string errorCaveat;  ///< what the error is known to miss (a clause), or empty
  /// How each document's runs become its estimate: "log of the mean" (of the
  /// runs' p-hat), or "lognormal" (the mean of their log plus half its
  /// variance: the particle filters, for each document whose runs are within
  /// the lognormal limit, the others by the log of their mean); see
  /// topiceval/interval.hpp.
  std::string runCombination = kLogOfMeanCombination;
  uint64_t seed = 1;  ///< the seed used
  int runs = 1;  ///< 1 for a deterministic estimator
};

/// A model as a result names it.
struct ModelReport {
  std::string path;  ///< or a name for a model in memory
  std::string kind;  ///< describe(kind)
  int topics = 0;  ///< K
  std::size_t types = 0;  ///< V
};

/// One document's held-out log likelihood (natural log, nats) and its error.
struct DocumentEstimate {
  std::string name;  ///< the document's name
  /// The runs' estimates of log p(w) (of log p(w2 | w1) under completion)
  /// combined: lognormally, or by the log of their mean (see `lognormal`).
  double logLikelihood = 0.0;
  double standardError = 0.0;  ///< in nats; NaN with one run of a stochastic estimator, 0 for a deterministic one
  double perplexity = 0.0;     ///< exp(-logLikelihood / scoredTokens); NaN when nothing is scored
  double effectiveRuns = 1.0;  ///< (sum p)^2 / sum p^2 over the runs
  uint64_t scoredTokens = 0;   ///< under completion, of w2
  uint64_t skippedTokens = 0;  ///< tokens not scored (unseen words)
  uint64_t conditionedTokens = 0;  ///< under completion, the scored tokens of w1
  uint64_t siteUpdates = 0;  ///< topic draws
  bool heavyTailed = false;               ///< a few runs carry the mean: the error is unreliable
  bool lognormal = false;  ///< its runs were combined lognormally (else by the log of their mean)
  double logMeanBias = 0.0;  ///< the bound on how low its estimate sits (se^2 / 2 of the log of the mean; half that when combined lognormally)
  bool notConverged = false;              ///< (check_convergence) still moving at the last budget
  /// Under a target error: the budget and runs of the round reported (the one
  /// after the pilot), and whether its error is still above the target.
  int64_t budget = 0;
  int runs = 0;  ///< runs of that round
  bool aboveTarget = false;  ///< its error is still above the target
  std::vector<double> runLogLikelihoods;  ///< each run's estimate
};

/// Whether the total stopped moving as the budget doubled (EvaluateRequest::checkConvergence).
struct ConvergenceVerdict {
  bool converged = false;  ///< no document moved by more than the tolerance at the last doubling
  bool capped = false;        ///< stopped at the budget setting's largest value
  std::string budgetSetting;  ///< "particles"
  /// One budget's run.
  struct Step {
    int64_t budget = 0;  ///< the budget setting's value
    /// @{
    double logLikelihood = 0.0, standardError = 0.0;  ///< the total and its error, in nats
    /// @}
    std::size_t documentsNotConverged = 0;  ///< documents that moved by more than the tolerance
    double seconds = 0.0;  ///< wall-clock seconds of the step
  };
  std::vector<Step> steps;  ///< one per budget, in increasing order
  /// @{
  double lastChange = 0.0, lastChangeError = 0.0, largestDocumentChange = 0.0;  ///< the total's last change and its error, and the largest document's, in nats
  /// @}
  std::string summary;  ///< one line, "converged: ..." or "not converged: ..."
};

/// What a target error (EvaluateRequest::targetError), or budgets by length
/// (BudgetPolicy::ByLength), spent: the budgets the documents had.
struct TargetErrorSummary {
  /// @{
  double perToken = 0.0, perDocument = 0.0;  ///< the targets (0: not given)
  /// @}
  std::string budgetSetting;                 ///< "particles"
  /// @{
  int64_t startBudget = 0, largestBudget = 0;  ///< the budget setting's first value and the largest reported
  /// @}
  /// @{
  int startRuns = 0, largestRuns = 0;  ///< runs per document at first and at most
  /// @}
  /// A (budget, runs) and the documents reported at it.
  struct Level {
    int64_t budget = 0;  ///< the budget setting's value
    int runs = 0;  ///< runs
    std::size_t documents = 0;  ///< documents reported at it
  };
  std::vector<Level> levels;  ///< documents by the (budget, runs) reported, in increasing order
  std::size_t aboveTargetDocuments = 0;  ///< (per-document target) whose error is above it
  bool totalMissed = false;              ///< (per-token target) the corpus's error above it
  std::size_t rounds = 0;                ///< 2: the pilot and the round reported
  /// Under BudgetPolicy::ByLength (perToken and perDocument 0): the
  /// documents given more than the start budget (or runs) for their length.
  /// @{
  bool byLength = false;
  std::size_t grownDocuments = 0;
  /// @}
  std::string summary;  ///< one line
};

/// Held-out likelihood of documents under a model, by any of topiceval's estimators.
struct EvaluateRequest {
  static constexpr int kDefaultRuns = 4;  ///< the fewest that give an error and can show a heavy tail
  static constexpr Seed kDefaultSeed = 1;  ///< the default seed
  static constexpr double kDefaultTolerance = 0.5;  ///< the default tolerance (nats)
  static constexpr int kDefaultMaxDoublings = 5;  ///< the default maxDoublings

  ModelSource model = std::string();  ///< any model file topiceval reads, or a Model
  DocumentsSource documents;  ///< held-out documents: an instance list, plain text, or ids in memory
  /// Empty: the model family's default (resample-move for LDA, posterior-importance
  /// for logistic-normal models; topiceval::defaultEstimator).
  std::string estimator;
  EstimatorSettings settings;  ///< the estimator's own settings given (request.settings.particles = 100)
  int runs = kDefaultRuns;  ///< independent runs per document (default 4); their mean gives the error
  Seed seed = kDefaultSeed;  ///< the random seed (default 1)
  int threads = 0;                            ///< 0: every core; results never depend on it
  std::optional<UnseenWords> unseenWords;     ///< none given: kDefaultUnseenWords (skip)
  std::optional<std::size_t> vocabularySize;  ///< V; the model's type count (and unseen types under smooth) if empty
  DocumentSplit completeDocuments = DocumentSplit::None;  ///< FirstHalf, Alternate: p(w2 | w1) instead of p(w)
  std::string documentSelection;              ///< "0-29,40": only these documents (0-based), empty for all
  bool checkConvergence = false;              ///< rerun at doubled budgets until no document moves
  double tolerance = kDefaultTolerance;       ///< check-convergence: nats per document
  int maxDoublings = kDefaultMaxDoublings;    ///< check-convergence: at most 2^5 times the first budget
  /// Without a target error or the convergence check: Fixed gives every
  /// document the budget setting's value (given or default); ByLength gives
  /// documents shorter than kByLengthTokens more, up to budgetCap (none: 16
  /// times the start), by their length alone
  /// (native/estimators/target_error.hpp).
  BudgetPolicy budgetPolicy = kDefaultBudgetPolicy;
  /// A target error instead of a fixed budget (see native/estimators/target_error.hpp):
  /// the corpus's standard error and log-mean bias bound per scored token
  /// (each within half of it), and each document's standard error, in nats
  /// (none given: a fixed budget). The budget setting then starts at its value
  /// if given, else at a quarter of its default, and grows to budgetCap (none:
  /// 64 times the start); then the runs grow to maxRuns (none: 4 times runs).
  std::optional<double> targetError;
  std::optional<double> targetDocumentError;  ///< each document's standard error at most this (nats)
  std::optional<int64_t> budgetCap;  ///< the budget setting's largest value
  std::optional<int> maxRuns;  ///< runs per document at most
  Progress* progress = nullptr;               ///< advanced as documents finish; cancel() stops the work
  /// When set, each document's estimate goes here, in document order, and the
  /// result's `documents` stays empty. A plain-text file is then read and
  /// scored in batches (a fixed budget, all documents, one process), so memory
  /// holds the model and one batch whatever the number of documents; the
  /// numbers are the same bits as without it. The file is read once first for
  /// its outline, so a file the reader refuses hands over no document.
  std::function<void(std::size_t index, const DocumentEstimate& estimate)> documentSink;
  /// The same hand-over as documentSink (which it takes the place of when both
  /// are set), as a writer that is also told where the documents begin and end.
  DocumentWriter* documentWriter = nullptr;
  /// false: the result's `documents` stays empty (the totals, counts and
  /// warnings are all there), and a plain-text file is read and scored in one
  /// pass of batches when the unseen-word policy needs nothing ahead (skip,
  /// skip-untrained without vocabularySize); a file refused partway is then
  /// refused after the documents before it were scored.
  bool keepDocuments = true;
};

/// The held-out log likelihood (nats) of the documents, per document and in total, with errors.
struct EvaluateResult {
  ModelReport model;  ///< the model
  std::string input;  ///< the documents' path, or "documents in memory"
  std::size_t inputDocuments = 0;  ///< documents read
  uint64_t inputTokens = 0;  ///< tokens read
  EstimatorReport estimator;  ///< the estimator and its settings, as used
  std::vector<DocumentEstimate> documents;  ///< per document, in input order (empty without keepDocuments or with a sink)
  /// @{
  double total = 0.0, totalStandardError = 0.0;  ///< NaN error with one run of a stochastic estimator
  /// @}
  /// How far the total may sit low: the log of a mean of unbiased runs is
  /// biased down by about var(p-hat) / (2 R p^2), which the documents' squared
  /// errors measure; the sum of se^2 / 2 over the documents combined by the
  /// log of their mean bounds it (on the exact models the bias is 0.07 to 0.35
  /// of se^2: tests/calibration_test.cpp). The documents combined lognormally
  /// add nothing (topiceval/interval.hpp). NaN without errors.
  double logMeanBias = 0.0;
  /// The documents whose runs were combined lognormally (the others by the
  /// log of their mean: EstimatorReport::runCombination).
  std::size_t lognormalDocuments = 0;
  /// @{
  double perToken = 0.0, perTokenStandardError = 0.0;  ///< the total per scored token
  /// @}
  /// The headline: where the true total (per token: total / scoredTokens)
  /// lies, the 95% statistical interval widened upward by logMeanBias
  /// (topiceval/interval.hpp says why, and what it leaves out). NaN ends with
  /// one run of a stochastic estimator; the point itself for a deterministic one.
  /// @{
  Interval logLikelihoodInterval, perTokenInterval;
  /// @}
  /// @{
  double perplexity = 0.0, perplexityStandardError = 0.0;  ///< exp(-perToken)
  /// @}
  /// @{
  uint64_t scoredTokens = 0, skippedTokens = 0, conditionedTokens = 0, siteUpdates = 0;  ///< token counts over the documents (conditioned: w1 under completion; site updates: topic draws)
  /// @}
  /// The unseen-word policy and what it skipped over the documents read.
  UnseenWords unseenWords = kDefaultUnseenWords;
  /// @{
  uint64_t unseenSkippedTokens = 0, skippedTypes = 0, unseenTypesScored = 0;  ///< tokens and types skipped as unseen, and unseen types scored by smoothing
  /// @}
  std::size_t vocabularySize = 0;  ///< the V used
  bool vocabularySizeGiven = false;  ///< V was given in the request
  DocumentSplit completeDocuments = DocumentSplit::None;  ///< as requested
  std::string errorStatement;     ///< what the +- means, in a sentence (options as the command line spells them)
  std::optional<ConvergenceVerdict> convergence;  ///< with checkConvergence
  std::optional<TargetErrorSummary> target;  ///< with a target error
  /// A logistic-normal model's variational lower bound on the total, and its E-step.
  std::optional<double> variationalBound;
  std::string boundMethod;  ///< the E-step of variationalBound ("taylor")
  std::vector<Warning> warnings;  ///< what the figures should be read with
  std::size_t heavyTailedDocuments = 0;  ///< documents whose runs are heavy-tailed
  /// Empty when the runs support the interval; else why they do not (a
  /// clause: the log-mean bias bound, read from the runs, is more than twice the
  /// statistical half-width, so the interval rests on what the runs say of
  /// their own tail), and it may miss the truth: a larger budget is the
  /// remedy. select does not rank a model on such an interval.
  std::string intervalUnsupported;
  std::size_t emptyDocuments = 0;  ///< documents with no scored word (log likelihood 0, no perplexity)
  double seconds = 0.0;  ///< wall-clock seconds
  int threads = 1;  ///< threads used
};

/// Estimates the documents' held-out likelihood. FileError for an unreadable model or documents;
/// SettingError for a setting out of range (see validate()); Interrupted when the progress is cancelled.
[[nodiscard]] TOPICEVAL_API EvaluateResult evaluate(const EvaluateRequest& request);
/// The request the `evaluate` command's options describe: what the command
/// line, Python and Java each build from their own spelling of the options.
[[nodiscard]] TOPICEVAL_API EvaluateRequest evaluateRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices (the same
/// checks, and messages, as the options'): what evaluate() runs first.
TOPICEVAL_API void validate(const EvaluateRequest& request);

/// The estimator names, in the order help texts list them, and the default of
/// each model family.
[[nodiscard]] TOPICEVAL_API std::vector<std::string> estimatorNames();
[[nodiscard]] TOPICEVAL_API std::string defaultEstimator(ModelFamily family);

}  // namespace topiceval
