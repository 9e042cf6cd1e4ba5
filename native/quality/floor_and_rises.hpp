// SPDX-License-Identifier: Apache-2.0
#pragma once
// A topic-word matrix as each topic's floor plus what rises above it, held by
// word. A count model's row is (n_kw + beta) / (n_k + V beta): every word
// without counts in the topic sits exactly on the floor, so the rises are as
// sparse as the counts, and figures over pairs of topics or over words cost
// O(K V + sum over words of its topics) or less instead of O(K^2 V). A dense
// matrix (gensim's, scikit-learn's) has rises almost everywhere and costs what
// the direct loops would.

#include <cstddef>
#include <vector>

#include "native/quality/topic_number_metrics.hpp"

namespace topiceval::quality {

struct FloorAndRises {
  std::size_t topics = 0, types = 0;
  std::vector<double> floor;               // per topic: the value of every word it does not list
  std::vector<std::size_t> wordStart;      // per word: where its entries begin in topic/rise/value (word-major)
  std::vector<int> topic;                  // the topics where the word rises, ascending
  std::vector<double> rise;                // phi_kw - floor_k
  std::vector<double> value;               // phi_kw itself, to its own bits (when asked for)
  std::vector<std::vector<int>> rowWords;  // per topic: its risen words, ascending
};

// From a dense K x V matrix: each row's floor is its smallest entry; `values`
// also keeps phi_kw itself.
FloorAndRises floorAndRises(const TopicWordMatrix& phi, bool values = false);

// From columns built without the K x V matrix (a count model's rows): word w
// lists the topics of entries [wordStart[w], wordStart[w + 1]) with their
// phi_kw in `value`, topics ascending; every other entry of topic k is
// floor[k]. Keeps the values.
FloorAndRises floorAndRisesOfColumns(std::vector<double> floor, std::vector<std::size_t> wordStart,
                                     std::vector<int> topic, std::vector<double> value);

}  // namespace topiceval::quality
