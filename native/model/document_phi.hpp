// SPDX-License-Identifier: Apache-2.0
#pragma once
// One document's scored words with their topic-word probabilities phi[w][k]
// as dense rows (one per distinct word), for the estimators that weigh every
// topic at every token (filtering, particle learning, AIS).

#include <algorithm>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "native/model/scoring_model.hpp"

namespace topiceval {

class DocumentPhi {
 public:
  // Keeps the memory between documents.
  void build(const ScoringModel& model, std::span<const int32_t> document);
  // How many of the first `positions` positions of the document built are
  // scored: under document completion, w1's tokens, which come first here.
  std::size_t scoredAmongFirst(std::size_t positions) const {
    return static_cast<std::size_t>(
        std::lower_bound(tokenPositions_.begin(), tokenPositions_.end(), static_cast<uint32_t>(positions)) -
        tokenPositions_.begin());
  }

  std::size_t tokens() const { return tokenWords_.size(); }
  std::size_t distinctWords() const { return types_.size(); }
  // The distinct word of scored token n, and the phi row of distinct word j.
  uint32_t word(std::size_t n) const { return tokenWords_[n]; }
  std::span<const double> phi(std::size_t j) const { return {rows_.data() + j * topics_, topics_}; }
  std::span<const double> tokenPhi(std::size_t n) const { return phi(tokenWords_[n]); }

 private:
  std::size_t topics_ = 0;
  std::vector<int32_t> types_;
  std::vector<uint32_t> tokenWords_;
  std::vector<uint32_t> tokenPositions_;  // the document position of each scored token
  std::vector<double> rows_;
  std::unordered_map<int32_t, uint32_t> index_;
};

}  // namespace topiceval
