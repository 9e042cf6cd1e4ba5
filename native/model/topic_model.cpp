// SPDX-License-Identifier: Apache-2.0
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

void TypeTopicCounts::reserve(std::size_t types, std::size_t entries) {
  packed_.reserve(entries);
  rowStarts_.reserve(types + 1);
  activeLengths_.reserve(types);
  present_.reserve(types);
}

void TopicModel::rowByTopic(std::size_t type, std::vector<std::pair<int32_t, int32_t>>& row) const {
  row.clear();
  for (const int32_t entry : typeTopicCounts.activeRow(type)) row.emplace_back(topicOf(entry), countOf(entry));
  std::sort(row.begin(), row.end());
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

TopicModel TopicModel::fromAssignments(std::vector<double> alpha, double beta, const TrainingAssignments& documents,
                                       std::shared_ptr<const Alphabet> words) {
  const std::size_t numTypes = words->size();
  TopicModel model;
  model.numTopics = static_cast<int>(alpha.size());
  topicBitsFor(model.numTopics, model.topicBits, model.topicMask);
  model.alpha = std::move(alpha);
  for (const double a : model.alpha) model.alphaSum += a;
  model.beta = beta;
  model.betaSum = beta * static_cast<double>(numTypes);
  model.tokensPerTopic.assign(model.alpha.size(), 0);

  // Each row holds min(K, the type's tokens) entries, as MALLET allocates it.
  std::vector<std::size_t> rowStarts(numTypes + 1, 0);
  for (const int32_t type : documents.types) {
    if (type < 0 || static_cast<std::size_t>(type) >= numTypes)
      throw ModelError("type index " + std::to_string(type) + " is outside the vocabulary of " +
                       std::to_string(numTypes) + " words");
    ++rowStarts[static_cast<std::size_t>(type) + 1];
  }
  for (std::size_t type = 0; type < numTypes; ++type)
    rowStarts[type + 1] = rowStarts[type] + std::min(rowStarts[type + 1], model.alpha.size());
  std::vector<int32_t> packed(rowStarts[numTypes], 0);
  const int32_t maxCount = model.maxPackedCount();
  for (std::size_t n = 0; n < documents.types.size(); ++n) {
    const auto type = static_cast<std::size_t>(documents.types[n]);
    const int32_t topic = documents.topics[n];
    if (topic < 0 || topic >= model.numTopics)
      throw ModelError("topic " + std::to_string(topic) + " is outside 0.." + std::to_string(model.numTopics - 1));
    ++model.tokensPerTopic[static_cast<std::size_t>(topic)];
    int32_t* row = packed.data() + rowStarts[type];
    std::size_t i = 0;
    while (row[i] > 0 && model.topicOf(row[i]) != topic) ++i;
    const int32_t count = row[i] > 0 ? model.countOf(row[i]) : 0;
    if (count == maxCount)
      throw ModelError("word " + std::to_string(type) + " has more tokens in topic " + std::to_string(topic) +
                       " than MALLET's packed counts can hold");
    const int32_t entry = model.pack(count + 1, topic);
    if (count > 0) {
      while (i > 0 && entry > row[i - 1]) {
        row[i] = row[i - 1];
        --i;
      }
    }
    row[i] = entry;
  }
  for (std::size_t type = 0; type < numTypes; ++type)
    model.typeTopicCounts.addRow({packed.data() + rowStarts[type], rowStarts[type + 1] - rowStarts[type]});
  model.computeSmoothingTerms();
  model.alphabet = std::move(words);
  return model;
}

}  // namespace topiceval
