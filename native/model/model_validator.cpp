// SPDX-License-Identifier: Apache-2.0
#include "native/model/model_validator.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

namespace topiceval {

namespace {

// Stored sums agree with recomputed ones to this relative tolerance: MALLET
// computes them in double, sometimes in another order, so they may differ in
// the last bits but never more.
constexpr double kRelativeTolerance = 1e-9;

bool agrees(double stored, double recomputed) {
  return std::abs(stored - recomputed) <= kRelativeTolerance * std::max(std::abs(stored), std::abs(recomputed));
}

std::string number(double value) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", value);
  return buffer;
}

std::string positiveFinite(const std::string& name, double value) {
  if (std::isfinite(value) && value > 0.0) return {};
  return name + " is " + std::to_string(value) + "; it must be positive and finite";
}

}  // namespace

std::string findModelProblem(const TopicModel& model) {
  const int k = model.numTopics;
  if (k <= 0) return "the model has " + std::to_string(k) + " topics";
  const auto topics = static_cast<std::size_t>(k);
  auto sizedByTopics = [&](const char* name, std::size_t size) -> std::string {
    if (size == topics) return {};
    return std::string(name) + " has " + std::to_string(size) + " values but the model has " + std::to_string(k) +
           " topics";
  };
  if (auto problem = sizedByTopics("alpha", model.alpha.size()); !problem.empty()) return problem;
  if (auto problem = sizedByTopics("tokensPerTopic", model.tokensPerTopic.size()); !problem.empty()) return problem;
  if (auto problem = sizedByTopics("cachedCoefficients", model.cachedCoefficients.size()); !problem.empty())
    return problem;
  int bits = 0;
  int32_t mask = 0;
  TopicModel::topicBitsFor(k, bits, mask);
  if (model.topicMask != mask || model.topicBits != bits)
    return "topic mask " + std::to_string(model.topicMask) + " and bits " + std::to_string(model.topicBits) +
           " do not fit " + std::to_string(k) + " topics";

  double alphaSum = 0.0;
  for (std::size_t t = 0; t < topics; ++t) {
    if (auto problem = positiveFinite("alpha[" + std::to_string(t) + "]", model.alpha[t]); !problem.empty())
      return problem;
    alphaSum += model.alpha[t];
  }
  if (auto problem = positiveFinite("alphaSum", model.alphaSum); !problem.empty()) return problem;
  if (!agrees(model.alphaSum, alphaSum))
    return "alphaSum is " + number(model.alphaSum) + " but the alpha values sum to " + number(alphaSum);
  if (auto problem = positiveFinite("beta", model.beta); !problem.empty()) return problem;
  if (auto problem = positiveFinite("betaSum", model.betaSum); !problem.empty()) return problem;
  const double betaSum = model.beta * static_cast<double>(model.numTypes());
  if (!agrees(model.betaSum, betaSum))
    return "betaSum is " + number(model.betaSum) + " but beta times the " + std::to_string(model.numTypes()) +
           " types is " + number(betaSum);

  // Rows: topics inside the model and each named once (the kernels keep one
  // slot per topic and would write past it), counts positive and packable.
  const int32_t maxCount = model.maxPackedCount();
  std::vector<int64_t> counted(topics, 0);
  std::vector<std::size_t> lastSeen(topics, static_cast<std::size_t>(-1));
  for (std::size_t type = 0; type < model.numTypes(); ++type) {
    if (!model.typeTopicCounts.present(type)) continue;
    for (const int32_t entry : model.typeTopicCounts.activeRow(type)) {
      const int32_t topic = model.topicOf(entry);
      const int32_t count = model.countOf(entry);
      if (topic >= k)
        return "type " + std::to_string(type) + " has a count for topic " + std::to_string(topic) +
               " but the model has " + std::to_string(k) + " topics";
      if (count <= 0 || count > maxCount)
        return "type " + std::to_string(type) + " has count " + std::to_string(count) + " for topic " +
               std::to_string(topic);
      const auto t = static_cast<std::size_t>(topic);
      if (lastSeen[t] == type)
        return "type " + std::to_string(type) + " lists topic " + std::to_string(topic) +
               " more than once in its counts";
      lastSeen[t] = type;
      counted[t] += count;
    }
  }
  int64_t totalTokens = 0;
  for (std::size_t t = 0; t < topics; ++t) {
    if (model.tokensPerTopic[t] != counted[t])
      return "tokensPerTopic[" + std::to_string(t) + "] is " + std::to_string(model.tokensPerTopic[t]) +
             " but the type-topic counts give topic " + std::to_string(t) + " " + std::to_string(counted[t]) +
             " tokens";
    totalTokens += counted[t];
  }
  if (totalTokens < k)
    return "the model holds " + std::to_string(totalTokens) + " training tokens for " + std::to_string(k) +
           " topics: too few to be a trained model";

  // The cached terms MALLET's evaluator starts each document from.
  double smoothingOnlyMass = 0.0;
  for (std::size_t t = 0; t < topics; ++t) {
    const double denominator = model.tokensPerTopic[t] + model.betaSum;
    smoothingOnlyMass += model.alpha[t] * model.beta / denominator;
    const double coefficient = model.alpha[t] / denominator;
    if (!agrees(model.cachedCoefficients[t], coefficient))
      return "cachedCoefficients[" + std::to_string(t) + "] is " + number(model.cachedCoefficients[t]) +
             " but alpha / (tokens + betaSum) is " + number(coefficient);
  }
  if (!agrees(model.smoothingOnlyMass, smoothingOnlyMass))
    return "smoothingOnlyMass is " + number(model.smoothingOnlyMass) + " but alpha and beta give " +
           number(smoothingOnlyMass);
  if (model.alphabet != nullptr) {
    // Every type is looked up in it by index. A longer one is what MALLET may
    // write (its alphabet can grow after the counts are sized) and is harmless.
    if (model.alphabet->size() < model.numTypes())
      return "the vocabulary has " + std::to_string(model.alphabet->size()) + " words but the model has " +
             std::to_string(model.numTypes()) + " word types";
    return findVocabularyProblem(*model.alphabet);
  }
  return {};
}

std::string findVocabularyProblem(const Alphabet& words) {
  const auto repeat = words.repeatedWord();
  if (!repeat) return {};
  return "its vocabulary lists '" + words.word(repeat->first) + "' twice (types " + std::to_string(repeat->first) +
         " and " + std::to_string(repeat->second) + "), so text could not tell them apart";
}

}  // namespace topiceval
