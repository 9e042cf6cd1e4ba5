// SPDX-License-Identifier: Apache-2.0
#pragma once
// The fixed half of LightLDA's (Yuan et al. 2015) topic draws for a trained
// model: per word, an alias table of the word proposal
//   q_w(k) ∝ phi_wk = (n_wk + beta) / (n_k + betaSum),
// split as n_wk / den_k (over the word's row only) plus beta / den_k (one
// table shared by every word), so the tables take as much memory as the
// model's counts; a table of alpha_k for the document proposal; and each row
// sorted by topic, to look phi_wk up for the acceptance ratio. The model does
// not change while documents are inferred or evaluated, so the tables are
// exact, built once and read by every thread.

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "native/kernels/alias_table.hpp"
#include "native/model/topic_model.hpp"

namespace topiceval {

class TopicProposals {
 public:
  // `samples(type)`: whether the sampler draws topics for the type's tokens (a
  // table is built for those only).
  template <class Samples>
  TopicProposals(const TopicModel& model, Samples samples)
      : topics_(static_cast<std::size_t>(model.numTopics)), beta_(model.beta), alpha_(model.alpha) {
    std::vector<double> weights(topics_);
    for (std::size_t t = 0; t < topics_; ++t) {
      inverseDen_.push_back(1.0 / (static_cast<double>(model.tokensPerTopic[t]) + model.betaSum));
      weights[t] = beta_ * inverseDen_[t];
      smoothingMass_ += weights[t];
    }
    smoothingStart_ = tables_.add(weights);
    for (std::size_t t = 0; t < topics_; ++t) alphaSum_ += alpha_[t];
    alphaStart_ = tables_.add(alpha_);

    const std::size_t types = model.numTypes();
    rowStart_.assign(types + 1, 0);
    tableStart_.assign(types, 0);
    rowMass_.assign(types, 0.0);
    std::vector<std::pair<int32_t, int32_t>> row;  // (topic, count)
    std::vector<int32_t> outcomes;
    for (std::size_t type = 0; type < types; ++type) {
      rowStart_[type] = rowTopics_.size();
      if (!samples(static_cast<int32_t>(type))) continue;
      model.rowByTopic(type, row);
      weights.clear();
      outcomes.clear();
      for (const auto& [topic, count] : row) {
        rowTopics_.push_back(topic);
        rowCounts_.push_back(count);
        outcomes.push_back(topic);
        weights.push_back(count * inverseDen_[static_cast<std::size_t>(topic)]);
        rowMass_[type] += weights.back();
      }
      if (!row.empty()) tableStart_[type] = tables_.add(weights, outcomes);
    }
    rowStart_[types] = rowTopics_.size();
  }

  std::size_t topics() const { return topics_; }
  double alpha(std::size_t topic) const { return alpha_[topic]; }
  double alphaSum() const { return alphaSum_; }

  // A draw from q_w for a uniform u in [0, 1).
  int32_t drawWord(int32_t type, double u) const {
    const auto w = static_cast<std::size_t>(type);
    const double rowMass = rowMass_[w];
    const double scaled = u * (rowMass + smoothingMass_);
    if (scaled < rowMass) {
      const std::size_t n = rowStart_[w + 1] - rowStart_[w];
      return tables_.draw(tableStart_[w], n, scaled / rowMass);
    }
    const double v = std::min((scaled - rowMass) / smoothingMass_, 1.0);
    return tables_.draw(smoothingStart_, topics_, v);
  }

  // A topic with probability alpha_k / alphaSum, for a uniform u in [0, 1).
  int32_t drawAlpha(double u) const { return tables_.draw(alphaStart_, topics_, u); }

  // phi_wk up to the word's constant: (n_wk + beta) / den_k.
  double phi(int32_t type, int32_t topic) const {
    const auto w = static_cast<std::size_t>(type);
    const int32_t* begin = rowTopics_.data() + rowStart_[w];
    const int32_t* end = rowTopics_.data() + rowStart_[w + 1];
    const int32_t* found = std::lower_bound(begin, end, topic);
    const int32_t count = found != end && *found == topic ? rowCounts_[static_cast<std::size_t>(found - rowTopics_.data())] : 0;
    return (count + beta_) * inverseDen_[static_cast<std::size_t>(topic)];
  }

 private:
  std::size_t topics_;
  double beta_;
  std::vector<double> alpha_;
  double alphaSum_ = 0.0;
  std::vector<double> inverseDen_;  // 1 / (n_k + betaSum)
  AliasTables tables_;
  std::size_t smoothingStart_ = 0, alphaStart_ = 0;
  double smoothingMass_ = 0.0;
  std::vector<std::size_t> rowStart_;    // each type's run in rowTopics_ / rowCounts_
  std::vector<std::size_t> tableStart_;  // each type's alias table
  std::vector<double> rowMass_;          // sum over the row of n_wk / den_k
  std::vector<int32_t> rowTopics_, rowCounts_;  // each row sorted by topic
};

}  // namespace topiceval
