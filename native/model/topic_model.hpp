// SPDX-License-Identifier: Apache-2.0
#pragma once
// A trained LDA model as the estimators need it: hyperparameters, topic totals
// and type-topic counts, in MALLET's own sparse layout so that the
// MALLET-identical estimator can visit counts in exactly MALLET's order.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "native/model/alphabet.hpp"
#include "native/model/training_assignments.hpp"

namespace topiceval {

// One row per word type: MALLET's packed entries (count << topicBits | topic),
// as the model stored them (sorted by decreasing count). A row's counts end at
// its first non-positive entry; a type MALLET holds no row for (null) is absent.
class TypeTopicCounts {
 public:
  // Appends the next type's row; `present` false records a null row.
  void addRow(std::span<const int32_t> packed, bool present = true);
  // Room for `types` rows of `entries` entries in all.
  void reserve(std::size_t types, std::size_t entries);

  std::size_t numTypes() const { return activeLengths_.size(); }
  bool present(std::size_t type) const { return present_[type] != 0; }
  // The leading positive entries of the row.
  std::span<const int32_t> activeRow(std::size_t type) const {
    return {packed_.data() + rowStarts_[type], activeLengths_[type]};
  }
  // The whole stored row, trailing zero entries included.
  std::span<const int32_t> storedRow(std::size_t type) const {
    return {packed_.data() + rowStarts_[type], rowStarts_[type + 1] - rowStarts_[type]};
  }
  std::size_t storedEntries() const { return packed_.size(); }

 private:
  std::vector<int32_t> packed_;
  std::vector<std::size_t> rowStarts_{0};
  std::vector<uint32_t> activeLengths_;
  std::vector<uint8_t> present_;
};

struct TopicModel {
  int numTopics = 0;
  int topicBits = 0;
  int32_t topicMask = 0;
  std::vector<double> alpha;
  double alphaSum = 0.0;
  double beta = 0.0;
  double betaSum = 0.0;
  std::vector<int32_t> tokensPerTopic;
  TypeTopicCounts typeTopicCounts;

  // The state MALLET's MarginalProbEstimator starts a document from: the
  // smoothing-only mass and alpha[k] / (n_k + betaSum) per topic, as stored in an
  // evaluator file or as its constructor computes them.
  double smoothingOnlyMass = 0.0;
  std::vector<double> cachedCoefficients;
  // The raw 48-bit state of the java.util.Random an inferencer file carries:
  // MALLET's infer-topics continues it when no seed is given (it never reads the
  // clock there). Absent for files that hold none.
  std::optional<uint64_t> serializedRandomState;

  std::shared_ptr<const Alphabet> alphabet;  // null for evaluator files

  std::size_t numTypes() const { return typeTopicCounts.numTypes(); }
  // MALLET's evaluator's rule for held-out words: it scores `type` when the
  // index is inside the model and the type's row is not null.
  bool scoresLikeMallet(int32_t type) const {
    return type >= 0 && static_cast<std::size_t>(type) < numTypes() &&
           typeTopicCounts.present(static_cast<std::size_t>(type));
  }
  // A packed type-topic entry's topic and count, and the entry for (count, topic):
  // the one place that knows MALLET's packing.
  int32_t topicOf(int32_t entry) const { return entry & topicMask; }
  int32_t countOf(int32_t entry) const { return entry >> topicBits; }
  int32_t pack(int32_t count, int32_t topic) const { return (count << topicBits) | topic; }
  // The largest count a packed entry can hold.
  int32_t maxPackedCount() const { return int32_t{0x7FFFFFFF} >> topicBits; }
  int64_t totalTokens() const;
  // The row of `type` as (topic, count) pairs in topic order (MALLET keeps it
  // by count): tables built from it then read documents' counts in address order.
  void rowByTopic(std::size_t type, std::vector<std::pair<int32_t, int32_t>>& row) const;
  // Training count of `type` in `topic` (a linear scan of the row).
  int32_t count(std::size_t type, int topic) const;

  // MALLET's choice of bits for the topic in a packed entry: the topic count
  // itself when a power of two, otherwise the next power of two.
  static void topicBitsFor(int numTopics, int& bits, int32_t& mask);
  // smoothingOnlyMass and cachedCoefficients as MALLET's constructor computes them.
  void computeSmoothingTerms();
  // Rows packed from dense counts (counts[type * numTopics + topic]), each sorted
  // by decreasing count, ties by topic; sets topic bits and the smoothing terms.
  static TopicModel fromDenseCounts(int numTopics, std::vector<double> alpha, double beta,
                                    std::span<const int32_t> counts, std::size_t numTypes);
  // The counts of training documents whose tokens carry topics, as MALLET's
  // ParallelTopicModel.buildInitialTypeTopicCounts builds them from a state:
  // tokens in document order; a topic's entry is appended to its word's row
  // when it first appears there and moves left past entries whose packed value
  // is smaller as its count grows. Rows in MALLET's order give MALLET's bits in
  // the sums that run along them. `words` sets the type count (every token's
  // type below it); betaSum = beta * that count. ModelError for a count beyond
  // MALLET's packed range or a type outside the words.
  static TopicModel fromAssignments(std::vector<double> alpha, double beta, const TrainingAssignments& documents,
                                    std::shared_ptr<const Alphabet> words);
};

}  // namespace topiceval
