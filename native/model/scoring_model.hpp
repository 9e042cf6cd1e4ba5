// SPDX-License-Identifier: Apache-2.0
#pragma once
// What every estimator of topiceval's own (not the MALLET-identical path) reads:
// the topic-word probabilities
//     phi[w][k] = (n[w][k] + beta) / (n[k] + V beta),
// alpha, and which held-out words are scored, under an explicit policy for
// words the model did not see in training.
//
// MALLET has two rules, and a third is often what users want:
// - Skip (MALLET's evaluator, MarginalProbEstimator): a word whose type index
//   is beyond the model's type count is skipped; a word inside the alphabet
//   with no training count is scored by smoothing alone. V = the model's type count.
// - SkipUntrained (MALLET's TopicInferencer): words with no training count are
//   skipped too. V = the model's type count.
// - Smooth: every held-out word is scored. Words beyond the model's alphabet
//   become extra types with zero counts, and V grows by the number of distinct
//   such words (or is set with vocabularySize).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "native/model/document_collection.hpp"
#include "native/model/logistic_normal_model.hpp"
#include "native/model/topic_model.hpp"
#include "topiceval/choices.hpp"

namespace topiceval {

// (UnseenWords, the policy, and its spellings: topiceval/choices.hpp.)

// What every door refuses before any work: documents given in memory that
// hold no word, or none that the unseen-word policy scores (`policy` as the
// caller spells its setting and value: "unseen_words skip"); a
// SettingError("documents", ...). (Readers of files name the file instead.)
void checkDocumentsAreScored(const DocumentCollection& documents, uint64_t skippedTokens, const std::string& policy);

class ScoringModel {
 public:
  // `documents` are the held-out documents whose words the policy is applied to.
  // `vocabularySize`, when set, is V (it must be at least the largest scored
  // type index + 1); MALLET's own betaSum is used otherwise under Skip and
  // SkipUntrained, so that the estimate matches MALLET's evaluator.
  ScoringModel(const TopicModel& model, UnseenWords policy, const DocumentCollection& documents,
               std::optional<std::size_t> vocabularySize = std::nullopt);

  // A model given by its topic-word probabilities instead of counts: what
  // gensim's get_topics() and scikit-learn's normalised components_ hold.
  // phi[k * numTypes + w] is p(w | topic k); each row must be non-negative,
  // finite and sum to 1 within kProbabilityRowTolerance (it is then
  // renormalised exactly). phi is used as given (beta = 0, denominators 1): a
  // word with probability 0 under every topic cannot be scored and is
  // skipped, like a word beyond numTypes (the policy reported is
  // skip-untrained). A ModelError names the first problem.
  static constexpr double kProbabilityRowTolerance = 1e-4;
  static ScoringModel fromTopicWordProbabilities(std::span<const double> phi, std::size_t numTypes,
                                                 std::vector<double> alpha, const DocumentCollection& documents);

  // What a logistic-normal model scores: exp(logTopicWord) as above (words
  // beyond its vocabulary, or impossible under every topic, are skipped). Its
  // alpha (all ones) means nothing: only the logistic-normal estimators,
  // which ignore it, take such a model.
  static ScoringModel fromLogisticNormal(const LogisticNormalModel& model, const DocumentCollection& documents);

  int numTopics() const { return numTopics_; }
  const std::vector<double>& alpha() const { return alpha_; }
  double alphaSum() const { return alphaSum_; }
  double beta() const { return beta_; }
  double betaSum() const { return betaSum_; }
  std::size_t vocabularySize() const { return vocabularySize_; }
  UnseenWords policy() const { return policy_; }
  // n[k] + V beta, per topic.
  const std::vector<double>& denominators() const { return denominators_; }

  bool scored(int32_t type) const {
    const auto t = static_cast<std::size_t>(type);
    return t < scored_.size() ? scored_[t] != 0 : scoresUnseenTypes_;
  }
  // The non-zero training counts of a scored type: topics and counts, in the
  // model's order (decreasing count). Empty for a type with no training count.
  // (Defined here: the samplers ask for them at every site.)
  std::span<const int32_t> rowTopics(int32_t type) const {
    const auto t = static_cast<std::size_t>(type);
    if (t + 1 >= rows_->starts.size()) return {};
    return {rows_->topics.data() + rows_->starts[t], rows_->starts[t + 1] - rows_->starts[t]};
  }
  std::span<const double> rowCounts(int32_t type) const {
    const auto t = static_cast<std::size_t>(type);
    if (t + 1 >= rows_->starts.size()) return {};
    return {rows_->counts.data() + rows_->starts[t], rows_->starts[t + 1] - rows_->starts[t]};
  }
  // The model's types, whose rows rowTopics gives (types beyond have none).
  std::size_t typesWithRows() const { return rows_->starts.empty() ? 0 : rows_->starts.size() - 1; }
  // phi[type][topic], for any scored type.
  double phi(int32_t type, int topic) const;

  // This model for other documents (their skipped words counted), without
  // rebuilding its rows: a dense model of probabilities is built once.
  ScoringModel forDocuments(const DocumentCollection& documents) const;

  // What the policy skipped in the documents it was built for.
  uint64_t skippedTokens() const { return skippedTokens_; }
  uint64_t skippedTypes() const { return skippedTypes_; }
  uint64_t unseenTypesScored() const { return unseenTypesScored_; }

 private:
  ScoringModel() = default;
  // skippedTokens_, skippedTypes_ and unseenTypesScored_ for `documents`.
  void countSkipped(const DocumentCollection& documents, std::size_t modelTypes);
  int numTopics_;
  std::vector<double> alpha_;
  double alphaSum_;
  double beta_;
  double betaSum_;
  std::size_t vocabularySize_;
  UnseenWords policy_;
  std::vector<double> denominators_;
  std::vector<uint8_t> scored_;         // by model type index
  bool scoresUnseenTypes_ = false;      // whether types beyond the model are scored
  // Each type's non-zero entries (topic, count or probability); shared by the
  // copies forDocuments makes, never changed after construction.
  struct Rows {
    std::vector<std::size_t> starts;  // by model type (numTypes + 1)
    std::vector<int32_t> topics;
    std::vector<double> counts;
  };
  std::shared_ptr<const Rows> rows_ = std::make_shared<const Rows>();
  uint64_t skippedTokens_ = 0;
  uint64_t skippedTypes_ = 0;
  uint64_t unseenTypesScored_ = 0;
};

}  // namespace topiceval
