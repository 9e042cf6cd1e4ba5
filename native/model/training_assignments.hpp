// SPDX-License-Identifier: Apache-2.0
#pragma once
// A model's training documents with each token's topic, as a topic state
// (--output-state) or a saved model (ParallelTopicModel's `data`) holds them:
// what MALLET's topic diagnostics and coherence on the training documents read.
// Documents without tokens are absent (a state has no lines for them; they
// change no diagnostic).

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace topiceval {

struct TrainingAssignments {
  std::vector<int32_t> types;             // every token's type, document after document
  std::vector<int32_t> topics;            // its topic
  std::vector<std::size_t> offsets{0};    // document d is [offsets[d], offsets[d + 1])

  std::size_t numDocuments() const { return offsets.size() - 1; }
  std::size_t numTokens() const { return types.size(); }
  std::span<const int32_t> documentTypes(std::size_t d) const {
    return {types.data() + offsets[d], offsets[d + 1] - offsets[d]};
  }
  std::span<const int32_t> documentTopics(std::size_t d) const {
    return {topics.data() + offsets[d], offsets[d + 1] - offsets[d]};
  }
  void add(int32_t type, int32_t topic) {
    types.push_back(type);
    topics.push_back(topic);
  }
  // Closes the current document (nothing when it has no tokens).
  void endDocument() {
    if (offsets.back() != types.size()) offsets.push_back(types.size());
  }
};

}  // namespace topiceval
