// SPDX-License-Identifier: Apache-2.0
#pragma once
// Two models, or a training run's series of models, on the same held-out
// documents by annealed importance sampling between them (Foulds & Smyth
// 2014): the `compare` and `curve` commands; Python's topiceval.compare and
// topiceval.curve.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topiceval/evaluate.hpp"
#include "topiceval/interval.hpp"

#include "topiceval/export.hpp"

namespace topiceval {

/// Two models compared on the same held-out documents by ratio-AIS (log p(w | A) - log p(w | B)).
struct CompareRequest {
  static constexpr int kDefaultTemperatures = 1000;  ///< the default temperatures
  static constexpr int kDefaultBurnIn = 100;  ///< the default burnIn
  static constexpr int kDefaultSamples = 1;  ///< the default samples

  ModelSource modelA = std::string();  ///< model A
  ModelSource modelB = std::string();  ///< model B, with the same vocabulary
  DocumentsSource documents;  ///< held-out documents
  AnnealingPath path = AnnealingPath::Geometric;  ///< the path of distributions from B to A
  AnnealingDirection direction = AnnealingDirection::Both;  ///< forward, reverse, or both (a check)
  int temperatures = kDefaultTemperatures;  ///< annealing steps per run
  int burnIn = kDefaultBurnIn;    ///< Gibbs sweeps under the start model before annealing
  int samples = kDefaultSamples;  ///< annealing runs per document and direction
  bool alignTopics = false;       ///< reorder B's topics to match A's first
  Seed seed = EvaluateRequest::kDefaultSeed;  ///< the random seed
  int threads = 0;  ///< 0: every core; never changes a number
  UnseenWords unseenWords = kDefaultUnseenWords;  ///< held-out words the models did not train on
  std::optional<std::size_t> vocabularySize;  ///< V, for files that do not say it (plain text)
  Progress* progress = nullptr;  ///< counts annealing runs as they finish, or nullptr
};

/// One document's log ratio.
struct ComparedDocument {
  std::string name;  ///< the document's name
  /// @{
  uint64_t tokens = 0, skipped = 0;  ///< tokens scored, and skipped as unseen words
  /// @}
  double logRatio = 0.0;       ///< log p(w | A) - log p(w | B)
  double logRatioError = 0.0;  ///< NaN with one sample
  double perplexityRatio = 0.0;  ///< perplexity under A over that under B
  /// @{
  double forward = 0.0, reverse = 0.0;  ///< each direction's estimate (both)
  /// @}
  bool directionsDisagree = false;      ///< by more than 3 standard errors
};

/// The comparison: totals over the documents (in nats), each document's ratio, and the settings used.
struct CompareResult {
  /// @{
  ModelReport modelA, modelB;  ///< the two models
  /// @}
  std::string input;  ///< the documents' file
  std::size_t documents = 0;  ///< documents compared
  /// @{
  std::string path, direction;  ///< as spelled: "geometric", "both"
  /// @}
  /// @{
  int temperatures = 0, burnIn = 0, samples = 0;  ///< as run
  /// @}
  uint64_t seed = 0;  ///< the seed used
  bool alignedTopics = false;  ///< B's topics were reordered to match A's
  UnseenWords unseenWords = kDefaultUnseenWords;  ///< the unseen-word policy used
  uint64_t scoredTokens = 0;  ///< tokens scored
  /// @{
  double logRatio = 0.0, logRatioError = 0.0, perplexityRatio = 0.0;  ///< the sum over documents and its standard error (nats); the perplexity ratio
  /// @}
  /// @{
  double forwardTotal = 0.0, reverseTotal = 0.0;  ///< each direction's total (both)
  /// @}
  /// Where the true total log ratio lies, the annealing's bias included
  /// (topiceval/interval.hpp, ratioInterval: one direction widened on its
  /// bias's side, both directions the sandwich between them), and per scored
  /// token; NaN ends with one sample.
  /// @{
  Interval logRatioInterval, perTokenRatioInterval;
  /// @}
  bool tooCloseToCall = false;  ///< the interval holds 0: this budget cannot tell which model is more likely
  double directionsPairedStatistic = 0.0;  ///< both: the mean disagreement over its error
  std::vector<ComparedDocument> ratios;  ///< per document, in input order
  /// One-sided runs: each document's difference of two separate filtering
  /// estimates, for the report's scatter.
  std::vector<double> separateDifferences;
  std::vector<Warning> warnings;  ///< what the figures should be read with
  double seconds = 0.0;  ///< wall-clock seconds
  int threads = 1;  ///< threads used
};

/// Compares the two models. FileError for an unreadable file or models of different vocabularies;
/// SettingError for a setting out of range; Interrupted when the progress is cancelled.
[[nodiscard]] TOPICEVAL_API CompareResult compare(const CompareRequest& request);
/// The request the `compare` command's options describe.
[[nodiscard]] TOPICEVAL_API CompareRequest compareRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices; compare() runs it first.
TOPICEVAL_API void validate(const CompareRequest& request);

/// The held-out likelihood across the states of one training run, by iteration-AIS.
struct CurveRequest {
  /// Models in training order: states named NAME.ITERATION (MALLET's
  /// --output-state-interval) are put in iteration order.
  std::vector<ModelSource> models;
  DocumentsSource documents;  ///< held-out documents
  int temperatures = CompareRequest::kDefaultTemperatures;  ///< annealing steps between consecutive models
  Seed seed = EvaluateRequest::kDefaultSeed;  ///< the random seed
  int threads = 0;  ///< 0: every core; never changes a number
  UnseenWords unseenWords = kDefaultUnseenWords;  ///< held-out words the models did not train on
  std::optional<std::size_t> vocabularySize;  ///< V, for files that do not say it (plain text)
  Progress* progress = nullptr;  ///< counts annealing runs as they finish, or nullptr
};

/// Each model's held-out log likelihood (nats) and the step from the one before.
struct CurveResult {
  std::vector<ModelReport> models;                   ///< in training order
  std::vector<std::optional<long long>> iterations;  ///< from the names, when every name has one
  std::string input;  ///< the documents' file
  std::size_t documents = 0;  ///< documents scored
  uint64_t scoredTokens = 0;  ///< tokens scored
  int temperatures = 0;  ///< as run
  uint64_t seed = 0;  ///< the seed used
  std::vector<double> totals;  ///< log p(held-out | model i)
  std::vector<double> steps;   ///< totals[i] - totals[i - 1] (0 for the first)
  std::vector<Warning> warnings;  ///< what the figures should be read with
  double seconds = 0.0;  ///< wall-clock seconds
  int threads = 1;  ///< threads used
};

/// Scores every model. FileError for an unreadable file or models of different vocabularies;
/// SettingError for a setting out of range; Interrupted when the progress is cancelled.
[[nodiscard]] TOPICEVAL_API CurveResult curve(const CurveRequest& request);
/// The request the `curve` command's options describe.
[[nodiscard]] TOPICEVAL_API CurveRequest curveRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices; curve() runs it first.
TOPICEVAL_API void validate(const CurveRequest& request);

}  // namespace topiceval
