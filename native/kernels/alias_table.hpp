// SPDX-License-Identifier: Apache-2.0
#pragma once
// Walker's alias method (Vose's construction): after O(n) set-up, one uniform
// draws one of n outcomes with probability proportional to its weight, in O(1)
// whatever n. The fast samplers' proposals (mh_topic_sampler.hpp) are built of
// these; many tables share one pair of arrays, each a run [start, start + n).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace topiceval {

class AliasTables {
 public:
  // Appends a table over `weights` (none negative) whose draws give
  // outcomes[i] for weight i (or i itself when `outcomes` is empty), and
  // returns where it starts.
  std::size_t add(std::span<const double> weights, std::span<const int32_t> outcomes = {}) {
    const std::size_t start = columns_.size();
    const std::size_t n = weights.size();
    columns_.resize(start + n);
    double total = 0.0;
    for (const double w : weights) total += w;
    const bool flat = !(total > 0.0);  // no weight at all: every outcome alike rather than a division by 0
    small_.clear();
    large_.clear();
    scaled_.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
      scaled_[i] = flat ? 1.0 : weights[i] * static_cast<double>(n) / total;
      (scaled_[i] < 1.0 ? small_ : large_).push_back(static_cast<uint32_t>(i));
    }
    while (!small_.empty() && !large_.empty()) {
      const uint32_t s = small_.back();
      small_.pop_back();
      const uint32_t l = large_.back();
      columns_[start + s].keep = scaled_[s];
      columns_[start + s].alias = l;
      scaled_[l] = (scaled_[l] + scaled_[s]) - 1.0;
      if (scaled_[l] < 1.0) {
        large_.pop_back();
        small_.push_back(l);
      }
    }
    // What is left is 1 up to rounding: kept whole.
    for (const uint32_t i : small_) columns_[start + i].keep = 1.0, columns_[start + i].alias = i;
    for (const uint32_t i : large_) columns_[start + i].keep = 1.0, columns_[start + i].alias = i;
    // Each column holds its two outcomes themselves: a draw reads one place in memory.
    for (std::size_t i = 0; i < n; ++i) {
      Column& column = columns_[start + i];
      column.outcome = outcomes.empty() ? static_cast<int32_t>(i) : outcomes[i];
      column.alias = outcomes.empty() ? column.alias : static_cast<uint32_t>(outcomes[column.alias]);
    }
    return start;
  }

  // The outcome for a uniform u in [0, 1): the integer part of u n picks a
  // column, the fraction keeps its outcome or takes its alias.
  int32_t draw(std::size_t start, std::size_t n, double u) const {
    const double scaled = u * static_cast<double>(n);
    std::size_t index = static_cast<std::size_t>(scaled);
    if (index >= n) index = n - 1;
    const Column& column = columns_[start + index];
    return scaled - static_cast<double>(index) < column.keep ? column.outcome : static_cast<int32_t>(column.alias);
  }

 private:
  struct Column {
    double keep = 1.0;   // the chance of keeping the column's outcome
    int32_t outcome = 0;
    uint32_t alias = 0;  // the other outcome (during set-up: the other column)
  };
  std::vector<Column> columns_;
  std::vector<double> scaled_;   // set-up scratch
  std::vector<uint32_t> small_, large_;
};

}  // namespace topiceval
