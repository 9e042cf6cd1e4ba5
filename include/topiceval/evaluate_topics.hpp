// SPDX-License-Identifier: Apache-2.0
#pragma once
// MALLET's `evaluate-topics` (MarginalProbEstimator.evaluateLeftToRight), bit
// for bit, on any number of threads: the `evaluate-topics` command, Python's
// topiceval.evaluate_topics, Java's TopicEvaluator.evaluateLikeMallet.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "topiceval/choices.hpp"
#include "topiceval/model.hpp"
#include "topiceval/options.hpp"
#include "topiceval/progress.hpp"

#include "topiceval/estimator_settings.hpp"
#include "topiceval/export.hpp"

namespace topiceval {

/// MALLET's evaluate-topics: an evaluator, documents and MALLET's settings, with MALLET's defaults.
struct EvaluateTopicsRequest {
  static constexpr int kDefaultParticles = 10;  ///< MALLET's --num-particles default
  static constexpr int kClockSeed = -1;  ///< MALLET's default: a seed from the clock

  ModelSource model = std::string();  ///< MALLET's evaluator (or any LDA model with counts)
  DocumentsSource documents;          ///< an instance list, or ids in memory
  int particles = kDefaultParticles;  ///< left-to-right particles (MALLET's --num-particles)
  bool resampling = false;            ///< MALLET's --use-resampling
  Seed seed = kClockSeed;             ///< MALLET's --random-seed
  int threads = 0;         ///< 0: every core; never changes a bit
  bool exact = true;       ///< false: topiceval's faster sampler, statistically the same
  bool showWords = false;  ///< keep each scored token's log probability
  /// Another of topiceval's estimators, reported in MALLET's layout (empty or
  /// left-to-right: MALLET's own), with its settings, runs and unseen-word policy.
  std::string estimator;
  EstimatorSettings settings;  ///< the estimator's own settings given (request.settings.particles = 100)
  int runs = 1;  ///< independent runs per document, their estimates averaged
  UnseenWords unseenWords = kDefaultUnseenWords;  ///< what to do with held-out words the model did not train on
  Progress* progress = nullptr;                  ///< counts documents as they finish, or nullptr
};

/// MALLET's output: each document's log likelihood and their total, in nats.
struct EvaluateTopicsResult {
  std::vector<double> documentLogLikelihoods;  ///< log p(document), natural log, in input order
  double total = 0.0;                          ///< their sum, as MALLET prints it
  int32_t seed = 0;  ///< the seed used (the clock's, for -1)
  /// With showWords: each scored token, document by document in order.
  struct ScoredWord {
    std::string word;  ///< "<type N>" when the documents carry no words
    double logProbability;  ///< natural log
  };
  std::vector<ScoredWord> words;  ///< empty without showWords
  int64_t samplingErrors = 0;  ///< draws where MALLET would print "sampling error"
  uint64_t siteUpdates = 0;    ///< topic draws
  std::size_t documents = 0;   ///< documents scored
  uint64_t tokens = 0;         ///< tokens scored
  /// @{ wall-clock seconds reading the files, and evaluating
  double readSeconds = 0.0, evaluateSeconds = 0.0;
  /// @}
  int threads = 1;  ///< threads used
  std::string instructionSet;  ///< the kernels' copy that ran
};

/// Runs MALLET's evaluate-topics: bit for bit MALLET's numbers with exact (the default) and the same
/// seed. FileError for an unreadable model or documents; SettingError for a setting out of range.
[[nodiscard]] TOPICEVAL_API EvaluateTopicsResult evaluateTopics(const EvaluateTopicsRequest& request);
/// The request the `evaluate-topics` command's options describe.
[[nodiscard]] TOPICEVAL_API EvaluateTopicsRequest evaluateTopicsRequest(const OptionValues& options);
/// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const EvaluateTopicsRequest& request);

}  // namespace topiceval
