#include "native/model/topic_model.hpp"

#include "topiceval/errors.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <bit>
#include <numeric>
#include <stdexcept>

namespace topiceval {

void TypeTopicCounts::addRow(std::span<const int32_t> packed, bool present) {
  uint32_t active = 0;
  while (active < packed.size() && packed[active] > 0) ++active;
  packed_.insert(packed_.end(), packed.begin(), packed.end());
  rowStarts_.push_back(packed_.size());
  activeLengths_.push_back(active);
  present_.push_back(present ? 1 : 0);
}

int64_t TopicModel::totalTokens() const {
  return std::accumulate(tokensPerTopic.begin(), tokensPerTopic.end(), int64_t{0});
}

int32_t TopicModel::count(std::size_t type, int topic) const {
  if (type >= numTypes() || !typeTopicCounts.present(type)) return 0;
  for (const int32_t entry : typeTopicCounts.activeRow(type)) {
    if (topicOf(entry) == topic) return countOf(entry);
  }
  return 0;
}

void TopicModel::topicBitsFor(int numTopics, int& bits, int32_t& mask) {
  const auto topics = static_cast<uint32_t>(numTopics);
  if (std::popcount(topics) == 1) {
    mask = numTopics - 1;
  } else {
    mask = static_cast<int32_t>(std::bit_floor(topics) * 2 - 1);
  }
  bits = std::popcount(static_cast<uint32_t>(mask));
}

void TopicModel::computeSmoothingTerms() {
  smoothingOnlyMass = 0.0;
  cachedCoefficients.assign(static_cast<std::size_t>(numTopics), 0.0);
  for (int topic = 0; topic < numTopics; ++topic) {
    const auto t = static_cast<std::size_t>(topic);
    smoothingOnlyMass += alpha[t] * beta / (tokensPerTopic[t] + betaSum);
    cachedCoefficients[t] = alpha[t] / (tokensPerTopic[t] + betaSum);
  }
}

TopicModel TopicModel::fromDenseCounts(int numTopics, std::vector<double> alpha, double beta,
                                       std::span<const int32_t> counts, std::size_t numTypes) {
  if (numTopics <= 0 || alpha.size() != static_cast<std::size_t>(numTopics) ||
      counts.size() != numTypes * static_cast<std::size_t>(numTopics))
    throw ModelError("dense counts do not match the number of topics and types");
  TopicModel model;
  model.numTopics = numTopics;
  topicBitsFor(numTopics, model.topicBits, model.topicMask);
  model.alpha = std::move(alpha);
  model.alphaSum = 0.0;
  for (const double a : model.alpha) model.alphaSum += a;
  model.beta = beta;
  model.betaSum = beta * static_cast<double>(numTypes);
  model.tokensPerTopic.assign(static_cast<std::size_t>(numTopics), 0);
  std::vector<int32_t> row;
  std::vector<int> order(static_cast<std::size_t>(numTopics));
  for (std::size_t type = 0; type < numTypes; ++type) {
    const int32_t* typeCounts = counts.data() + type * static_cast<std::size_t>(numTopics);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return typeCounts[a] > typeCounts[b]; });
    row.clear();
    for (const int topic : order) {
      const int32_t c = typeCounts[topic];
      if (c < 0) throw ModelError("negative type-topic count");
      if (c == 0) break;
      row.push_back(model.pack(c, topic));
      model.tokensPerTopic[static_cast<std::size_t>(topic)] += c;
    }
    model.typeTopicCounts.addRow(row);
  }
  model.computeSmoothingTerms();
  return model;
}

}  // namespace topiceval
