#pragma once
// One particle of MALLET 2.1.1's left-to-right estimator
// (MarginalProbEstimator.leftToRight; Wallach et al. 2009, "Evaluation Methods
// for Topic Models", Algorithm 3), performing the same floating-point operations
// in the same order, so that the same random stream gives the same bits.
//
// MALLET samples each token's topic from three buckets (Yao, Mimno and McCallum
// 2009): smoothing only (alpha_k beta / (n_k + beta V)), document-topic
// (beta n_dk / (n_k + beta V)) and topic-word ((alpha_k + n_dk) n_wk / (n_k + beta V)),
// and scores position i by the total mass over (alphaSum + tokens so far).
//
// Differences from MALLET's Java, none of which changes a result:
// - the divisions by (n_k + betaSum) for small document counts are read from
//   tables filled with the same expressions;
// - where MALLET's walks would index outside an array (probability ~2^-53 per
//   draw) Java throws; this code stops at the last valid entry instead.

#include <cstdint>
#include <span>
#include <vector>

#include "native/java_random.hpp"
#include "native/topic_model.hpp"

namespace topiceval {

class MalletLeftToRightSampler {
 public:
  explicit MalletLeftToRightSampler(const TopicModel& model);

  // Whether MALLET scores `type` (its index is inside the model and its row is not null).
  bool inVocabulary(int32_t type) const {
    return static_cast<std::size_t>(type) < model_.numTypes() && model_.typeTopicCounts.present(static_cast<std::size_t>(type));
  }

  // Uniform draws one particle consumes on `document` (each is two steps of
  // java.util.Random): one per scored token, and with resampling one per
  // earlier scored token at every position.
  uint64_t uniformsPerParticle(std::span<const int32_t> document, bool resampling) const;

  // Per-thread working memory; reusable across documents.
  struct Scratch {
    std::vector<int32_t> localTopicCounts;
    std::vector<int32_t> localTopicIndex;
    std::vector<double> coefficients;
    std::vector<double> topicTermScores;
    std::vector<int32_t> documentTopics;
  };
  Scratch makeScratch() const;

  // Runs one particle through `document` with `random` positioned where MALLET's
  // stream would be, writing each position's probability (0 for skipped words)
  // into `wordProbabilities` (same length as the document). Returns the number
  // of times MALLET would have printed "sampling error".
  int runParticle(std::span<const int32_t> document, bool resampling, JavaRandom& random,
                  std::span<double> wordProbabilities, Scratch& scratch) const;

 private:
  double coefficient(int topic, int32_t count) const;
  double betaMassTerm(int topic, int32_t count) const;
  double betaBucketTerm(int topic, int32_t count) const;

  const TopicModel& model_;
  int numTopics_;
  std::vector<double> denominators_;     // tokensPerTopic[k] + betaSum
  std::vector<double> smoothingTerms_;   // alpha[k] / denominators_[k]
  // Indexed [topic * kTableCounts + count] for counts below kTableCounts.
  static constexpr int32_t kTableCounts = 64;
  std::vector<double> coefficientTable_;     // (alpha[k] + n) / denominators_[k]
  std::vector<double> betaMassTable_;        // beta * n / denominators_[k]
  std::vector<double> betaBucketTable_;      // n / denominators_[k]
};

}  // namespace topiceval
