#pragma once
// MALLET's evaluate-topics (MarginalProbEstimator.evaluateLeftToRight), bit for
// bit, on any number of threads.
//
// MALLET draws every uniform from one java.util.Random, document by document and
// particle by particle. How many draws a (document, particle) pair consumes is
// known before running it, so each pair starts its own copy of the generator
// jumped ahead to its exact offset: the schedule cannot change a single bit.

#include <cstdint>
#include <vector>

#include "native/model/document_collection.hpp"
#include "native/mallet/mallet_left_to_right.hpp"
#include "native/runtime/progress.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval {

struct MalletEvaluationOptions {
  // false: the same estimator with topiceval's fast sampler (its own random
  // stream and arithmetic): statistically equivalent, not the same bits.
  bool exact = true;
  int particles = 10;
  bool resampling = false;
  int32_t seed = 0;  // as given to new Randoms(seed); evaluate-topics turns -1 into a clock seed first
  int threads = 0;   // 0: every hardware thread
  bool keepWordProbabilities = false;                         // for --show-words
  InstructionSet instructionSet = InstructionSet::Automatic;  // never changes a result
  Progress* progress = nullptr;                               // advanced by one per finished document
};

struct MalletEvaluationResult {
  std::vector<double> documentLogLikelihoods;
  double totalLogLikelihood = 0.0;
  // With keepWordProbabilities: the log probability of each scored position,
  // document by document in order (positions where every particle gave 0 are left out).
  struct ScoredWord {
    uint32_t document;
    uint32_t position;
    double logProbability;
  };
  std::vector<ScoredWord> words;
  int64_t samplingErrors = 0;  // times MALLET would have printed "sampling error"
  uint64_t siteUpdates = 0;    // topic draws over all particles (work done)
};

// A seed from the clock and the system's entropy, for MALLET's random seed -1
// (what `new Randoms()` would take).
int32_t malletClockSeed();

MalletEvaluationResult evaluateLikeMallet(const TopicModel& model, const DocumentCollection& documents,
                                          const MalletEvaluationOptions& options);

}  // namespace topiceval
