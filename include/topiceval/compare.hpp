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

struct CompareRequest {
  static constexpr int kDefaultTemperatures = 1000;
  static constexpr int kDefaultBurnIn = 100;
  static constexpr int kDefaultSamples = 1;

  ModelSource modelA = std::string();
  ModelSource modelB = std::string();
  DocumentsSource documents;
  AnnealingPath path = AnnealingPath::Geometric;
  AnnealingDirection direction = AnnealingDirection::Both;
  int temperatures = kDefaultTemperatures;
  int burnIn = kDefaultBurnIn;    // Gibbs sweeps under the start model before annealing
  int samples = kDefaultSamples;  // annealing runs per document and direction
  bool alignTopics = false;       // reorder B's topics to match A's first
  Seed seed = EvaluateRequest::kDefaultSeed;
  int threads = 0;
  UnseenWords unseenWords = kDefaultUnseenWords;
  std::optional<std::size_t> vocabularySize;
  Progress* progress = nullptr;
};

struct ComparedDocument {
  std::string name;
  uint64_t tokens = 0, skipped = 0;
  double logRatio = 0.0;       // log p(w | A) - log p(w | B)
  double logRatioError = 0.0;  // NaN with one sample
  double perplexityRatio = 0.0;
  double forward = 0.0, reverse = 0.0;  // each direction's estimate (both)
  bool directionsDisagree = false;      // by more than 3 standard errors
};

struct CompareResult {
  ModelReport modelA, modelB;
  std::string input;
  std::size_t documents = 0;
  std::string path, direction;
  int temperatures = 0, burnIn = 0, samples = 0;
  uint64_t seed = 0;
  bool alignedTopics = false;
  UnseenWords unseenWords = kDefaultUnseenWords;
  uint64_t scoredTokens = 0;
  double logRatio = 0.0, logRatioError = 0.0, perplexityRatio = 0.0;
  double forwardTotal = 0.0, reverseTotal = 0.0;
  // Where the true total log ratio lies, the annealing's bias included
  // (topiceval/interval.hpp, ratioInterval: one direction widened on its
  // bias's side, both directions the sandwich between them), and per scored
  // token; NaN ends with one sample. Too close to call when it holds 0: this
  // budget cannot tell which model is more likely.
  Interval logRatioInterval, perTokenRatioInterval;
  bool tooCloseToCall = false;
  double directionsPairedStatistic = 0.0;  // both: the mean disagreement over its error
  std::vector<ComparedDocument> ratios;
  // One-sided runs: each document's difference of two separate filtering
  // estimates, for the report's scatter.
  std::vector<double> separateDifferences;
  std::vector<Warning> warnings;
  double seconds = 0.0;
  int threads = 1;
};

[[nodiscard]] TOPICEVAL_API CompareResult compare(const CompareRequest& request);
// The request the `compare` command's options describe.
[[nodiscard]] TOPICEVAL_API CompareRequest compareRequest(const OptionValues& options);
// SettingError for a field outside its declared range or choices; compare() runs it first.
TOPICEVAL_API void validate(const CompareRequest& request);

struct CurveRequest {
  // Models in training order: states named NAME.ITERATION (MALLET's
  // --output-state-interval) are put in iteration order.
  std::vector<ModelSource> models;
  DocumentsSource documents;
  int temperatures = CompareRequest::kDefaultTemperatures;
  Seed seed = EvaluateRequest::kDefaultSeed;
  int threads = 0;
  UnseenWords unseenWords = kDefaultUnseenWords;
  std::optional<std::size_t> vocabularySize;
  Progress* progress = nullptr;
};

struct CurveResult {
  std::vector<ModelReport> models;                   // in training order
  std::vector<std::optional<long long>> iterations;  // from the names, when every name has one
  std::string input;
  std::size_t documents = 0;
  uint64_t scoredTokens = 0;
  int temperatures = 0;
  uint64_t seed = 0;
  std::vector<double> totals;  // log p(held-out | model i)
  std::vector<double> steps;   // totals[i] - totals[i - 1] (0 for the first)
  std::vector<Warning> warnings;
  double seconds = 0.0;
  int threads = 1;
};

[[nodiscard]] TOPICEVAL_API CurveResult curve(const CurveRequest& request);
// The request the `curve` command's options describe.
[[nodiscard]] TOPICEVAL_API CurveRequest curveRequest(const OptionValues& options);
// SettingError for a field outside its declared range or choices; curve() runs it first.
TOPICEVAL_API void validate(const CurveRequest& request);

}  // namespace topiceval
