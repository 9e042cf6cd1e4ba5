// SPDX-License-Identifier: Apache-2.0
#pragma once
// select's stability across seeds: the models given with one K, read as runs
// of one setting with other seeds (topiceval/select.hpp SeedGroup).

#include <string>
#include <vector>

#include "topiceval/model.hpp"
#include "topiceval/select.hpp"

namespace topiceval::detail {

// A model's topics' top-t rankings (R's order, ties by the lower type index),
// and the words behind them when the model has words.
struct TopicRankings {
  std::vector<std::vector<int>> ids;
  std::vector<std::vector<std::string>> words;  // empty without words
};
TopicRankings topicRankings(const Model& model, int t);

// The runs' rankings in one id space: by word when every run has words (their
// type indices may differ), else by type index.
std::vector<std::vector<std::vector<int>>> sharedIds(const std::vector<const TopicRankings*>& runs);

// `models` and `rankings` in the order given; a group for each K of two or
// more models, ascending. Runs are compared by their words when every run of
// the K has words (their type indices may differ), else by type index.
std::vector<SeedGroup> seedGroups(const std::vector<RankedModel>& models, const std::vector<TopicRankings>& rankings);

}  // namespace topiceval::detail
