// SPDX-License-Identifier: Apache-2.0
#include "native/model/document_phi.hpp"

namespace topiceval {

void DocumentPhi::build(const ScoringModel& model, std::span<const int32_t> document) {
  topics_ = static_cast<std::size_t>(model.numTopics());
  types_.clear();
  tokenWords_.clear();
  tokenPositions_.clear();
  index_.clear();
  for (std::size_t position = 0; position < document.size(); ++position) {
    const int32_t type = document[position];
    if (!model.scored(type)) continue;
    const auto [found, inserted] = index_.emplace(type, static_cast<uint32_t>(types_.size()));
    if (inserted) types_.push_back(type);
    tokenWords_.push_back(found->second);
    tokenPositions_.push_back(static_cast<uint32_t>(position));
  }
  rows_.assign(types_.size() * topics_, 0.0);
  const double beta = model.beta();
  const auto& denominators = model.denominators();
  for (std::size_t j = 0; j < types_.size(); ++j) {
    double* row = rows_.data() + j * topics_;
    for (std::size_t k = 0; k < topics_; ++k) row[k] = beta / denominators[k];
    const auto topics = model.rowTopics(types_[j]);
    const auto counts = model.rowCounts(types_[j]);
    for (std::size_t i = 0; i < topics.size(); ++i) {
      const auto k = static_cast<std::size_t>(topics[i]);
      row[k] = (counts[i] + beta) / denominators[k];
    }
  }
}

}  // namespace topiceval
