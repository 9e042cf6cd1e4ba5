// SPDX-License-Identifier: Apache-2.0
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
  // Set by MalletEvaluationInBatches: the documents are the list's from
  // firstDocument on, whose draws start uniformsBefore uniforms into MALLET's
  // stream, and the progress's total is not set from one batch.
  std::size_t firstDocument = 0;
  uint64_t uniformsBefore = 0;
  bool batch = false;
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

// evaluateLikeMallet of a list handed over in batches, in order, with the
// bits of the whole list: each document's draws start at its offset in
// MALLET's one stream, and the total adds the documents in order. Memory holds
// a batch and a number per document. Not with keepWordProbabilities, nor under
// several ranks (which deal the whole list).
class MalletEvaluationInBatches {
 public:
  MalletEvaluationInBatches(const TopicModel& model, const MalletEvaluationOptions& options);
  void add(const DocumentCollection& batch);
  MalletEvaluationResult finish();
  std::size_t documents() const { return result_.documentLogLikelihoods.size(); }
  uint64_t tokens() const { return tokens_; }

 private:
  const TopicModel& model_;
  MalletEvaluationOptions options_;
  MalletEvaluationResult result_;
  uint64_t tokens_ = 0;
};

}  // namespace topiceval
