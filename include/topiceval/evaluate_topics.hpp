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

struct EvaluateTopicsRequest {
  static constexpr int kDefaultParticles = 10;
  static constexpr int kClockSeed = -1;  // MALLET's default: a seed from the clock

  ModelSource model = std::string();  // MALLET's evaluator (or any LDA model with counts)
  DocumentsSource documents;          // an instance list, or ids in memory
  int particles = kDefaultParticles;
  bool resampling = false;
  Seed seed = kClockSeed;
  int threads = 0;         // 0: every core; never changes a bit
  bool exact = true;       // false: topiceval's faster sampler, statistically the same
  bool showWords = false;  // keep each scored token's log probability
  // Another of topiceval's estimators, reported in MALLET's layout (empty or
  // left-to-right: MALLET's own), with its settings, runs and unseen-word policy.
  std::string estimator;
  EstimatorSettings settings;  // the estimator's own settings given (request.settings.particles = 100)
  int runs = 1;
  UnseenWords unseenWords = kDefaultUnseenWords;
  Progress* progress = nullptr;
};

struct EvaluateTopicsResult {
  std::vector<double> documentLogLikelihoods;
  double total = 0.0;
  int32_t seed = 0;  // the seed used (the clock's, for -1)
  // With showWords: each scored token, document by document in order.
  struct ScoredWord {
    std::string word;  // "<type N>" when the documents carry no words
    double logProbability;
  };
  std::vector<ScoredWord> words;
  int64_t samplingErrors = 0;  // draws where MALLET would print "sampling error"
  uint64_t siteUpdates = 0;
  std::size_t documents = 0;
  uint64_t tokens = 0;
  double readSeconds = 0.0, evaluateSeconds = 0.0;
  int threads = 1;
  std::string instructionSet;  // the kernels' copy that ran
};

[[nodiscard]] TOPICEVAL_API EvaluateTopicsResult evaluateTopics(const EvaluateTopicsRequest& request);
// The request the `evaluate-topics` command's options describe.
[[nodiscard]] TOPICEVAL_API EvaluateTopicsRequest evaluateTopicsRequest(const OptionValues& options);
// SettingError for a field outside its declared range or choices (run first).
TOPICEVAL_API void validate(const EvaluateTopicsRequest& request);

}  // namespace topiceval
