// SPDX-License-Identifier: Apache-2.0
#include "native/model/logistic_normal_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "native/model/log_sum_exp.hpp"
#include "native/model/model_validator.hpp"
#include "native/model/positive_definite.hpp"

namespace topiceval {

std::string findLogisticNormalProblem(const LogisticNormalModel& model) {
  if (model.numTopics < 2)
    return "a logistic-normal model needs at least 2 topics, not " + std::to_string(model.numTopics);
  if (model.numTypes < 1) return "the model has no word types";
  const auto d = static_cast<std::size_t>(model.dimensions());
  const auto K = static_cast<std::size_t>(model.numTopics);
  if (model.mean.size() != d)
    return "the mean has " + std::to_string(model.mean.size()) + " entries; " + std::to_string(d) + " expected (K - 1)";
  if (model.covariance.size() != d * d)
    return "the covariance has " + std::to_string(model.covariance.size()) + " entries; " + std::to_string(d * d) +
           " expected ((K - 1) squared)";
  if (model.numTypes > model.logTopicWord.size() / K || model.logTopicWord.size() != K * model.numTypes)
    return "the topics hold " + std::to_string(model.logTopicWord.size()) + " log probabilities; " +
           std::to_string(model.numTopics) + " x " + std::to_string(model.numTypes) + " expected";
  if (model.alphabet != nullptr && model.alphabet->size() != model.numTypes)
    return "the vocabulary has " + std::to_string(model.alphabet->size()) + " words for " +
           std::to_string(model.numTypes) + " types";
  if (model.alphabet != nullptr) {
    if (std::string problem = findVocabularyProblem(*model.alphabet); !problem.empty()) return problem;
  }
  for (std::size_t i = 0; i < d; ++i) {
    if (!std::isfinite(model.mean[i])) return "mean entry " + std::to_string(i + 1) + " is not a finite number";
  }
  for (std::size_t i = 0; i < d; ++i) {
    for (std::size_t j = 0; j < d; ++j) {
      const double a = model.covariance[i * d + j], b = model.covariance[j * d + i];
      if (!std::isfinite(a))
        return "covariance entry (" + std::to_string(i + 1) + ", " + std::to_string(j + 1) + ") is not a finite number";
      if (std::abs(a - b) > 1e-9 * std::max({1.0, std::abs(a), std::abs(b)}))
        return "the covariance is not symmetric at (" + std::to_string(i + 1) + ", " + std::to_string(j + 1) + ")";
    }
  }
  // Log-odds beyond these scales only overflow: exp(gamma) is infinite past
  // 709, and a variance of 1e8 puts sd 1e4 on it.
  for (std::size_t i = 0; i < d; ++i) {
    if (std::abs(model.mean[i]) > kLargestLogOdds)
      return "mean entry " + std::to_string(i + 1) + " is beyond +-" +
             std::to_string(static_cast<int>(kLargestLogOdds));
  }
  for (std::size_t i = 0; i < d * d; ++i) {
    if (std::abs(model.covariance[i]) > kLargestVariance)
      return "a covariance entry is beyond 1e" +
             std::to_string(static_cast<int>(std::lround(std::log10(kLargestVariance))));
  }
  Cholesky factor;
  if (!factor.factor(model.covariance, d)) return "the covariance is not positive definite";
  // A nearly singular covariance makes its inverse (every E-step's prior
  // precision) meaningless in double precision.
  double largest = 0.0, smallest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < d; ++i) {
    const double pivot = factor.lower()[i * d + i] * factor.lower()[i * d + i];
    largest = std::max(largest, pivot);
    smallest = std::min(smallest, pivot);
  }
  if (smallest < kSmallestPivotRatio * largest) return "the covariance is numerically singular";
  for (std::size_t k = 0; k < K; ++k) {
    const double* row = model.logTopicWord.data() + k * model.numTypes;
    for (std::size_t w = 0; w < model.numTypes; ++w) {
      if (std::isnan(row[w]) || row[w] == std::numeric_limits<double>::infinity())
        return "topic " + std::to_string(k + 1) + " has a log probability that is not a number or -infinity";
    }
    const double total = std::exp(logSumExp(model.numTypes, [row](std::size_t i) { return row[i]; }));
    if (!(std::abs(total - 1.0) <= kLogisticNormalRowTolerance))
      return "topic " + std::to_string(k + 1) + "'s probabilities sum to " + std::to_string(total) + ", not 1";
  }
  return {};
}

void renormalizeTopics(LogisticNormalModel& model) {
  for (int k = 0; k < model.numTopics; ++k) {
    double* row = model.logTopicWord.data() + static_cast<std::size_t>(k) * model.numTypes;
    const double shift = logSumExp(model.numTypes, [row](std::size_t i) { return row[i]; });
    for (std::size_t w = 0; w < model.numTypes; ++w) row[w] -= shift;
  }
}

}  // namespace topiceval
