// SPDX-License-Identifier: Apache-2.0
#pragma once
// Internal to native/: the data MALLET's left-to-right sampler reads, its
// per-thread scratch memory, and the lockstep group kernel compiled for
// several instruction sets (mallet_left_to_right_kernel.inc).
//
// The kernel runs a group of particles of one document in lockstep. They visit
// the same words in the same order, so their independent chains of
// floating-point operations overlap, and what is the same for all (the word's
// row of topic counts) is read once. Against MALLET's Java, none of the
// following changes a bit:
// - divisions by (n_k + betaSum) for document counts up to the longest
//   document are read from tables filled with MALLET's expressions;
// - type-topic rows are unpacked once (topic, count as double);
// - the topic-word walk `while (sample > 0) { i++; sample -= score[i]; }` is
//   computed without a branch per step: every particle subtracts along the
//   whole row, and the number of leading results that stay positive is the
//   index MALLET stops at (the subtractions before it are exactly MALLET's);
//   a group of one particle walks as MALLET does, stopping there;
// - lane-wise vector operations are IEEE operations on each lane, and nothing
//   is fused (-ffp-contract=off) or reassociated;
// - where MALLET's walks would index outside an array (a uniform of exactly 0,
//   or rounding that leaves mass after the last entry: about 2^-53 per draw)
//   Java throws; the kernel stops at the last valid entry.

#include "native/kernels/particle_groups.hpp"
#include <cstdint>
#include <span>
#include <vector>

#include "native/java/java_random.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval::detail {

struct MalletTables {
  const TopicModel* model = nullptr;
  int numTopics = 0;
  double beta = 0;
  double smoothingOnlyMass = 0;
  double alphaSum = 0;
  std::vector<double> alpha;
  std::vector<double> denominators;    // tokensPerTopic[k] + betaSum
  std::vector<double> smoothingTerms;  // alpha[k] / denominators[k]

  // For document-topic counts n below tableCounts, per topic, MALLET's
  // beta * n / d_k, (alpha_k + n) / d_k and n / d_k.
  // 32 bytes, so that no entry straddles two cache lines.
  struct alignas(32) CountTerms {
    double betaMass;
    double coefficient;
    double betaBucket;
  };
  int32_t tableCounts = 0;
  // Entries between one topic's counts and the next: tableCounts padded to an
  // odd number of cache lines, so that the same count of different topics does
  // not fall into one cache set.
  std::size_t tableStride = 0;
  std::vector<CountTerms> countTerms;  // [topic * tableStride + n]

  // Writes the terms field by field: a CountTerms returned by value went
  // through the stack as one 32-byte vector, a store and three reloads on the
  // path of every count change.
  void terms(int topic, int32_t count, double& betaMass, double& coefficient, double& betaBucket) const {
    const auto k = static_cast<std::size_t>(topic);
    if (count < tableCounts) {
      const CountTerms& entry = countTerms[k * tableStride + static_cast<std::size_t>(count)];
      betaMass = entry.betaMass;
      coefficient = entry.coefficient;
      betaBucket = entry.betaBucket;
      return;
    }
    betaMass = beta * count / denominators[k];
    coefficient = (alpha[k] + count) / denominators[k];
    betaBucket = count / denominators[k];
  }

  void prefetch(int topic, int32_t count) const {
    if (count >= 0 && count < tableCounts)
      __builtin_prefetch(&countTerms[static_cast<std::size_t>(topic) * tableStride + static_cast<std::size_t>(count)]);
  }

  // Unpacked active rows: per type, topics and counts in MALLET's order.
  std::vector<std::size_t> rowStarts;
  std::vector<int32_t> rowTopics;
  std::vector<double> rowCounts;

  bool inVocabulary(int32_t type) const { return model->scoresLikeMallet(type); }
};

class MalletScratch {
 public:
  static constexpr int kMaxWidth = kParticleGroupWidth;
  explicit MalletScratch(std::size_t topics)
      : coefficients(topics * kMaxWidth),
        topicTermScores(topics * kMaxWidth),
        topicStates(topics * kMaxWidth),
        localTopicIndex(topics * kMaxWidth) {}

  // A particle's count in a topic with MALLET's beta * n / d_k and n / d_k for
  // it, together so that one cache line serves a count change.
  struct TopicState {
    double betaMass;
    double betaBucket;
    int32_t count;
  };
  std::vector<double> coefficients;      // [topic * Width + particle]
  std::vector<double> topicTermScores;   // [row index * Width + particle]
  std::vector<TopicState> topicStates;   // [particle * topics + topic]
  std::vector<int32_t> localTopicIndex;  // [particle * topics + i]: non-zero topics, ascending
  std::vector<int32_t> scoredTypes;      // the document's scored tokens, in order
  std::vector<uint32_t> scoredPositions;
  std::vector<int32_t> documentTopics;  // [s * particles + particle]
  // A run leaves topicStates zero, coefficients at MALLET's starting
  // alpha_k / d_k and topicTermScores zero for the next one, resetting only
  // the topics and row entries it touched: filling K entries per lane for
  // every document would cost more than a short document's draws at large K.
  // The lane width the arrays are clean for; 0 before the first run.
  int cleanWidth = 0;
};

// Runs randoms.size() particles (at most `width`) of one document in lockstep.
using MalletGroupKernel = int (*)(const MalletTables& tables, std::span<const int32_t> document, bool resampling,
                                  std::span<JavaRandom> randoms, std::span<double> wordProbabilities,
                                  MalletScratch& scratch);

// The kernel for a group of `particles` (1 to 16), compiled for each instruction set.
MalletGroupKernel malletGroupKernelBaseline(int particles);
MalletGroupKernel malletGroupKernelAvx2(int particles);
MalletGroupKernel malletGroupKernelAvx512(int particles);

}  // namespace topiceval::detail
