// SPDX-License-Identifier: Apache-2.0
#include "native/quality/floor_and_rises.hpp"

#include <algorithm>

namespace topiceval::quality {

FloorAndRises floorAndRises(const TopicWordMatrix& phi, bool values) {
  const std::size_t k = phi.topics, v = phi.types;
  FloorAndRises split;
  split.topics = k;
  split.types = v;
  split.floor.assign(k, 0.0);
  split.rowWords.resize(k);
  std::vector<std::size_t> perWord(v + 1, 0);
  for (std::size_t t = 0; t < k; ++t) {
    const double* row = phi.row(t);
    split.floor[t] = v == 0 ? 0.0 : *std::min_element(row, row + v);
    for (std::size_t w = 0; w < v; ++w) {
      if (row[w] != split.floor[t]) {
        ++perWord[w + 1];
        split.rowWords[t].push_back(static_cast<int>(w));
      }
    }
  }
  for (std::size_t w = 0; w < v; ++w) perWord[w + 1] += perWord[w];
  split.wordStart = perWord;
  split.topic.resize(perWord[v]);
  split.rise.resize(perWord[v]);
  if (values) split.value.resize(perWord[v]);
  for (std::size_t t = 0; t < k; ++t) {
    const double* row = phi.row(t);
    for (const int w : split.rowWords[t]) {
      const std::size_t at = perWord[static_cast<std::size_t>(w)]++;
      split.topic[at] = static_cast<int>(t);
      split.rise[at] = row[w] - split.floor[t];
      if (values) split.value[at] = row[w];
    }
  }
  return split;
}

FloorAndRises floorAndRisesOfColumns(std::vector<double> floor, std::vector<std::size_t> wordStart,
                                     std::vector<int> topic, std::vector<double> value) {
  FloorAndRises split;
  split.topics = floor.size();
  split.types = wordStart.empty() ? 0 : wordStart.size() - 1;
  split.floor = std::move(floor);
  split.wordStart = std::move(wordStart);
  split.topic = std::move(topic);
  split.value = std::move(value);
  split.rise.resize(split.value.size());
  split.rowWords.resize(split.topics);
  for (std::size_t w = 0; w < split.types; ++w) {
    for (std::size_t a = split.wordStart[w]; a < split.wordStart[w + 1]; ++a) {
      const auto t = static_cast<std::size_t>(split.topic[a]);
      split.rise[a] = split.value[a] - split.floor[t];
      split.rowWords[t].push_back(static_cast<int>(w));
    }
  }
  return split;
}

}  // namespace topiceval::quality
