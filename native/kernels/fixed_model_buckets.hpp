// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fixed part of the collapsed Gibbs conditional when the model's counts do
// not change (inference of held-out documents):
//   p(k) ∝ (alpha_k + n_dk)(beta + n_wk) / den_k,  den_k = n_k + betaSum,
// is the sum of
//   alpha_k beta / den_k   the same for every word and document: one alias table,
//   alpha_k n_wk / den_k   fixed per word, over its row only: one alias table each,
//   n_dk (beta + n_wk) / den_k   over the document's topics only,
// so that only the last is computed per token, and a draw from either of the
// first two is O(1) whatever K and the row's length. The draws are from the
// exact conditional (no Metropolis-Hastings correction is needed: the tables
// never go stale). Rows are also kept as (topic, n_wk / den_k) pairs, for
// walking a row shorter than the document's topics.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "native/kernels/alias_table.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval {

class FixedModelBuckets {
 public:
  // `samples(type)`: whether the sampler draws topics for the type's tokens (rows are kept for those only).
  template <class Samples>
  FixedModelBuckets(const TopicModel& model, Samples samples) : topics_(static_cast<std::size_t>(model.numTopics)) {
    std::vector<double> weights(topics_);
    for (std::size_t t = 0; t < topics_; ++t) {
      inverseDen_.push_back(1.0 / (static_cast<double>(model.tokensPerTopic[t]) + model.betaSum));
      betaOverDen_.push_back(model.beta * inverseDen_.back());
      weights[t] = model.alpha[t] * betaOverDen_.back();
      smoothingMass_ += weights[t];
    }
    smoothingStart_ = tables_.add(weights);

    const std::size_t types = model.numTypes();
    rowStart_.assign(types + 1, 0);
    tableStart_.assign(types, 0);
    wordMass_.assign(types, 0.0);
    std::vector<std::pair<int32_t, int32_t>> row;  // (topic, count)
    for (std::size_t type = 0; type < types; ++type) {
      rowStart_[type] = rowTopics_.size();
      if (!samples(static_cast<int32_t>(type))) continue;
      model.rowByTopic(type, row);
      weights.clear();
      for (const auto& [topic, count] : row) {
        const auto t = static_cast<std::size_t>(topic);
        rowTopics_.push_back(topic);
        rowWeights_.push_back(count * inverseDen_[t]);
        weights.push_back(model.alpha[t] * rowWeights_.back());
        wordMass_[type] += weights.back();
      }
      if (!row.empty()) tableStart_[type] = tables_.add(weights, std::span<const int32_t>(rowTopics_).subspan(rowStart_[type]));
    }
    rowStart_[types] = rowTopics_.size();
  }

  std::size_t topics() const { return topics_; }
  // beta / den_k: a document topic's term is n_dk (beta / den_k + n_wk / den_k).
  const double* betaOverDen() const { return betaOverDen_.data(); }

  // sum_k alpha_k beta / den_k, and a topic drawn in proportion to its terms for a uniform u in [0, 1).
  double smoothingMass() const { return smoothingMass_; }
  int32_t drawSmoothing(double u) const { return tables_.draw(smoothingStart_, topics_, u); }

  // sum over the word's row of alpha_k n_wk / den_k, and a topic drawn in proportion to its terms.
  double wordMass(int32_t type) const { return wordMass_[static_cast<std::size_t>(type)]; }
  int32_t drawWord(int32_t type, double u) const {
    const auto w = static_cast<std::size_t>(type);
    return tables_.draw(tableStart_[w], rowStart_[w + 1] - rowStart_[w], u);
  }

  // The word's row, by topic: its topics and n_wk / den_k.
  std::span<const int32_t> rowTopics(int32_t type) const {
    const auto w = static_cast<std::size_t>(type);
    return {rowTopics_.data() + rowStart_[w], rowStart_[w + 1] - rowStart_[w]};
  }
  std::span<const double> rowWeights(int32_t type) const {
    const auto w = static_cast<std::size_t>(type);
    return {rowWeights_.data() + rowStart_[w], rowStart_[w + 1] - rowStart_[w]};
  }

 private:
  std::size_t topics_;
  std::vector<double> inverseDen_;   // 1 / den_k
  std::vector<double> betaOverDen_;  // beta / den_k
  AliasTables tables_;
  std::size_t smoothingStart_ = 0;
  double smoothingMass_ = 0.0;
  std::vector<std::size_t> rowStart_;    // each type's run in rowTopics_ / rowWeights_
  std::vector<std::size_t> tableStart_;  // each type's alias table
  std::vector<double> wordMass_;
  std::vector<int32_t> rowTopics_;
  std::vector<double> rowWeights_;
};

}  // namespace topiceval
